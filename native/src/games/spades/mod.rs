//! Spades: the rules (re-exported here, with a standing between deals to restore), the
//! heuristic policy and the vector encoder.

pub mod policy;
pub mod position;
pub mod rules;
pub mod vector;

pub use position::SpadesPosition;
pub use rules::*;
