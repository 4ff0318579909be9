//! 101: the rules (re-exported here, with a position given whole), the heuristic policy and
//! the vector encoder.

pub mod policy;
pub mod position;
pub mod rules;
pub mod vector;

pub use position::HundredOnePosition;
pub use rules::*;
