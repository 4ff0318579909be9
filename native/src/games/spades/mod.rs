//! Spades: the rules (re-exported here, with a position to restore and read back, and a
//! seat's view), the heuristic policy and the vector encoder.

pub mod policy;
pub mod position;
pub mod rules;
pub mod vector;
pub mod view;

pub use position::SpadesPosition;
pub use rules::*;
pub use view::SpadesView;
