//! The PyO3 bindings of King: `KingCore`, subclassed by
//! `koloda.games.king.native.NativeKingState`.

use crate::core::tricks::TrickPlay;
use pyo3::prelude::*;

use crate::core::Seat;
use crate::games::king::vector::KingTables;
use crate::games::king::{self, King};
use crate::python::bridge::dealt_game_class;

dealt_game_class! {
    /// A game of King in native code (`koloda.games.king.native` wraps it).
    KingCore(King),
    playouts king::playouts,
    tables KingTables,
    getters {
        num_seats: u8 = |g| g.n(),
        contract: i8 = |g| g.contract().map_or(-1, |contract| contract as i8),
        trump: i8 = |g| g.trump().map_or(-1, |suit| suit.index() as i8),
        by_last: bool = |g| g.by_last(),
        caller: i8 = |g| Seat::to_code(g.caller()),
        hands: Vec<u64> = |g| g.hands()[..g.n() as usize].to_vec(),
        taken: Vec<u64> = |g| g.taken()[..g.n() as usize].to_vec(),
        last_tricks: Vec<u16> = |g| crate::python::module::ints(&g.last_tricks()[..g.n() as usize]),
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        trick_leader: i8 = |g| Seat::to_code(g.trick_leader()),
        tricks: Vec<u16> = |g| crate::python::module::ints(&g.tricks()[..g.n() as usize]),
        tricks_played: u8 = |g| g.tricks_played(),
        totals: Vec<i64> = |g| g.totals()[..g.n() as usize].to_vec(),
    },
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rows = &self.game.rows()[..self.game.table().num_rows() as usize];
        crate::python::bridge::plain(py, rows)
    }
}
