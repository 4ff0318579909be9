//! Tressette: the rules (re-exported here), the heuristic policy and the vector encoder.

pub mod policy;
pub mod rules;
pub mod vector;

pub use rules::*;
