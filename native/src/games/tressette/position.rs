//! Where a group of Tressette stands between deals (a state of the Python engine), for
//! [`Tressette::restore`](super::Tressette::restore).

use super::rules::{Phase, TressetteLine, WonGame};

/// A group between deals, over, or about to deal: how far it is, its games, the sides'
/// points and the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TressettePosition {
    pub phase: Phase,
    pub is_over: bool,
    pub deal_number: u32,
    pub dealer: u8,
    pub leader: u8,
    /// The games won so far (three at the most are kept).
    pub games: Vec<WonGame>,
    pub totals: [i64; 2],
    pub points: [i64; 2],
    pub settled_points: [i64; 2],
    pub settled_games: u8,
    pub sheet: Vec<TressetteLine>,
}
