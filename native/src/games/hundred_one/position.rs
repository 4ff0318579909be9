//! A position of 101 given whole (a state of the Python engine), for
//! [`HundredOne::restore`](super::HundredOne::restore).

use crate::core::cards::{CardBits, CardCode};
use crate::core::{Seat, Suit};

use super::rules::{Completed, DealSource, Line, Phase, MAX_SEATS};

/// Everything a game of 101 holds but its options; what is by seat, by seat (0 past the
/// seats that play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HundredOnePosition {
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub hands: [CardBits; MAX_SEATS],
    pub first_dealer: u8,
    pub dealer: u8,
    pub deal_number: u32,
    /// The stock, its top card last (36 cards at the most).
    pub stock: Vec<CardCode>,
    /// The discard pile, its top card last (36 cards at the most).
    pub pile: Vec<CardCode>,
    pub top: Option<CardCode>,
    pub suit: Option<Suit>,
    pub follow: CardBits,
    pub drawn: Option<CardCode>,
    pub epoch: u32,
    pub starter: Option<CardCode>,
    pub log: Vec<u16>,
    pub source: DealSource,
    pub restocks: Vec<Vec<CardCode>>,
    pub restocks_used: u32,
    pub totals: [i64; MAX_SEATS],
    pub completed: Vec<Completed>,
    pub sheet: Vec<Line>,
}
