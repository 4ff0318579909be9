//! Tressette: the rules (re-exported here, with a position given whole and a seat's view),
//! the heuristic policy and the vector encoder.

pub mod policy;
pub mod position;
pub mod rules;
pub mod vector;
pub mod view;

pub use position::TressettePosition;
pub use rules::*;
pub use view::TressetteView;
