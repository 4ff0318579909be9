//! The PyO3 bindings of Spades: `SpadesCore`, subclassed by
//! `koloda.games.spades.native.NativeSpadesState`.

use crate::core::tricks::TrickPlay;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::games::spades::vector::SpadesTables;
use crate::games::spades::{self, Bid, Spades};
use crate::python::bridge::dealt_game_class;

dealt_game_class! {
    /// A game of Spades in native code (`koloda.games.spades.native` wraps it).
    SpadesCore(Spades),
    playouts spades::playouts,
    tables SpadesTables,
    getters {
        hands: Vec<u64> = |g| g.hands().to_vec(),
        picked_up: Vec<bool> = |g| g.picked_up().to_vec(),
        bids: Vec<i8> = |g| g.bids().map(Bid::to_code).to_vec(),
        pending: Vec<u64> = |g| g.pending().to_vec(),
        sent: Vec<u64> = |g| g.sent().to_vec(),
        received: Vec<u64> = |g| g.received().to_vec(),
        /// Every card of this deal in play order, as ``seat << 6 | card``.
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        tricks: Vec<u16> = |g| crate::python::module::ints(g.tricks()),
        broken: bool = |g| g.broken(),
        totals: Vec<i64> = |g| g.totals().to_vec(),
        bags: Vec<i64> = |g| g.bags().to_vec(),
    },
    /// The winning sides once the game is over.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.game.winners().as_slice())
    }
}
