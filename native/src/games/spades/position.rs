//! A position of Spades given whole (a state of the Python engine: a sampled or a loaded
//! one), for [`Spades::restore`](super::Spades::restore), and read back by
//! [`Spades::position`](super::Spades::position): the plain description a game is put in,
//! as opposed to the game, whose state is its own.

use serde::{Deserialize, Serialize};

use crate::core::cards::{CardBits, CardCode};
use crate::core::tricks::CardPlayPosition;
use crate::core::Seat;

use super::rules::{Phase, SheetLine};

/// Everything a game of Spades holds but its options, its first dealer and its finished
/// deals' records: by seat for the four seats, by side for the two partnerships.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpadesPosition {
    /// Where the game stands (it is over with `Phase::Over`).
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub deal_number: u32,
    /// The dealer of the deal in progress (between deals: of the next one).
    pub dealer: u8,
    /// Each hand as dealt, in dealt order (none between deals).
    pub dealt: Vec<Vec<CardCode>>,
    pub hands: [CardBits; 4],
    /// Whether each seat has looked at its cards (S-6).
    pub picked_up: [bool; 4],
    /// Each seat's bid (0 nil, 14 double nil), None before it bids.
    pub bids: [Option<u8>; 4],
    /// The cards each nil bidder has discarded and not yet exchanged (S-7).
    pub pending: [CardBits; 4],
    pub sent: [CardBits; 4],
    pub received: [CardBits; 4],
    /// The decisions before the card play in order, each with its seat.
    pub auction: Vec<(u8, u32)>,
    /// The deal's card play: `plays`, `trick_count`, `lead_suit`, `trick_leader`, `tricks`
    /// and `tricks_played`.
    pub card_play: CardPlayPosition,
    pub broken: bool,
    pub totals: [i64; 2],
    pub bags: [i64; 2],
    /// The winning sides once the game is over (both on a tie at `max_deals`).
    pub winners: Vec<u8>,
    pub sheet: Vec<SheetLine>,
}
