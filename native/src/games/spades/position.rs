//! Where a game of Spades stands between deals (a state of the Python engine: a sampled
//! one keeps its view's score sheet), for [`Spades::restore`](super::Spades::restore).

use super::rules::{Phase, SheetLine, Winners};

/// A game between deals or over: how far it is, the sides' standing and the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpadesPosition {
    /// Between deals or over (the game is over with `Phase::Over`).
    pub phase: Phase,
    pub deal_number: u32,
    /// The next deal's dealer (only the two low bits are read).
    pub dealer: u8,
    pub winners: Winners,
    pub totals: [i64; 2],
    pub bags: [i64; 2],
    pub sheet: Vec<SheetLine>,
}
