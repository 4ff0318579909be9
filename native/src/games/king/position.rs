//! A position of King given whole (a state of the Python engine: a sampled or a loaded
//! one), for [`King::restore`](super::King::restore), and read back by
//! [`King::position`](super::King::position): the plain description a game is put in, as
//! opposed to the game, whose state is its own.

use serde::{Deserialize, Serialize};

use crate::core::cards::{CardBits, CardCode};
use crate::core::tricks::CardPlayPosition;
use crate::core::{BySeat, Seat, Suit};

use super::rules::{KingLine, Phase};

/// Everything a game of King holds but its options, its first dealer and its finished
/// deals' records; what is by seat, for the seats that play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Each hand as dealt, in dealt order (none between deals).
    pub dealt: Vec<Vec<CardCode>>,
    pub hands: BySeat<CardBits>,
    /// The decisions before the card play (two at the most are kept).
    pub pre_actions: Vec<u32>,
    pub taken: BySeat<CardBits>,
    pub last_tricks: BySeat<u8>,
    pub taken_all: CardBits,
    /// The deal's card play: `plays`, `trick_count`, `lead_suit`, `trick_leader`, `tricks`
    /// and `tricks_played`.
    pub card_play: CardPlayPosition,
    pub lead_first: BySeat<CardBits>,
    pub follow_first: CardBits,
    pub discard_first: CardBits,
    pub totals: BySeat<i64>,
    /// Each row's contracts still to order (the order variants).
    pub rows: Vec<[u8; 8]>,
    pub sheet: Vec<KingLine>,
}
