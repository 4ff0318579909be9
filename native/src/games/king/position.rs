//! A position of King given whole (a state of the Python engine: a sampled or a loaded
//! one), for [`King::restore`](super::King::restore): the plain description a game is put
//! in, as opposed to the game, whose state is its own.

use crate::core::cards::{CardBits, CardCode};
use crate::core::{Seat, Suit};

use super::rules::{KingLine, Phase, MAX_HAND};

/// Everything a game of King holds but its options, its first dealer and its finished
/// deals' records; what is by seat, by seat (0 past the seats that play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingPosition {
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub deal_number: u32,
    pub dealer: u8,
    /// The deal's contract, or None while it is to be ordered.
    pub contract: Option<u8>,
    pub trump: Option<Suit>,
    pub by_last: bool,
    pub caller: Option<Seat>,
    /// Each hand as dealt, in dealt order.
    pub dealt: [[CardCode; MAX_HAND]; 4],
    pub hands: [CardBits; 4],
    /// The decisions before the card play (two at the most are kept).
    pub pre_actions: Vec<u32>,
    pub taken: [CardBits; 4],
    pub last_tricks: [u8; 4],
    pub taken_all: CardBits,
    /// Every card of the deal in play order, as `seat << 6 | card`.
    pub plays: Vec<u8>,
    pub trick_count: u8,
    /// The code of the suit led last.
    pub lead_suit: u8,
    pub trick_leader: Option<Seat>,
    pub tricks: [u8; 4],
    pub tricks_played: u8,
    pub lead_first: [CardBits; 4],
    pub follow_first: CardBits,
    pub discard_first: CardBits,
    pub totals: [i64; 4],
    pub rows: [[u8; 8]; 4],
    pub sheet: Vec<KingLine>,
}
