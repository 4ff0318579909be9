//! What every game shares: cards and card sets, the seeded random numbers, the shuffle of
//! the Python engine, and the winner of a trick.

pub mod cards;
pub mod illegal;
pub mod rng;
pub mod shuffle;
pub mod tricks;
