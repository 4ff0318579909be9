//! What every game shares: cards and card sets ([`Card`], [`CardSet`], [`Suit`]), seats
//! ([`Seat`]), the seeded random numbers, the shuffle of the Python engine, and the winner
//! of a trick.

pub mod cards;
pub mod events;
pub mod illegal;
pub mod rng;
pub mod seat;
pub mod shuffle;
pub mod suit;
pub mod tricks;

pub use cards::{Card, CardSet};
pub use seat::Seat;
pub use suit::Suit;
