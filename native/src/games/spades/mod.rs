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

/// A deal in which seat s holds the whole suit s, lowest rank first (for tests).
#[cfg(test)]
pub(crate) fn suited_deal() -> [[crate::core::cards::CardCode; 13]; 4] {
    std::array::from_fn(|suit| std::array::from_fn(|rank| (suit << 4 | rank) as u8))
}
