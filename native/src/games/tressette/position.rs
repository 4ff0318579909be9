//! A position of Tressette given whole (a state of the Python engine: a sampled or a loaded
//! one), for [`Tressette::restore`](super::Tressette::restore), and read back by
//! [`Tressette::position`](super::Tressette::position): the plain description a group is put
//! in, as opposed to the group, whose state is its own.

use serde::{Deserialize, Serialize};

use crate::core::cards::{CardBits, CardCode};
use crate::core::tricks::CardPlayPosition;
use crate::core::Seat;

use super::rules::{Phase, ShownDeclaration, TressetteLine, WonGame};

/// Everything a group of Tressette holds but its options, its first dealer and its finished
/// deals' records; by seat for the four seats, by side for the two sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TressettePosition {
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub is_over: bool,
    pub deal_number: u32,
    pub dealer: u8,
    /// Who leads the deal's first trick (T-4).
    pub leader: u8,
    /// Each hand as dealt, in dealt order (none between deals).
    pub dealt: Vec<Vec<CardCode>>,
    pub hands: [CardBits; 4],
    pub taken: [CardBits; 4],
    /// Each seat's declarations of the deal (T-7..T-11), as the Python engine shows them.
    pub declarations: Vec<Vec<ShownDeclaration>>,
    /// The deal's card play: `plays`, `trick_count`, `lead_suit`, `trick_leader`, `tricks`
    /// and `tricks_played`.
    pub card_play: CardPlayPosition,
    pub points: [i64; 2],
    pub deal_points: [i64; 2],
    pub deal_declared: [i64; 2],
    pub deal_bonus: [i64; 2],
    /// The games won so far (three at the most).
    pub games: Vec<WonGame>,
    pub totals: [i64; 2],
    pub settled_points: [i64; 2],
    pub settled_games: u8,
    pub sheet: Vec<TressetteLine>,
}
