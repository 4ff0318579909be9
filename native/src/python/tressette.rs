//! The PyO3 bindings of Tressette: `TressetteCore`, subclassed by
//! `koloda.games.tressette.native.NativeTressetteState`.

use crate::core::tricks::TrickPlay;
use pyo3::prelude::*;

use crate::core::CardSet;
use crate::games::tressette::vector::TressetteTables;
use crate::games::tressette::{self, shown_by_seat, Tressette};
use crate::python::bridge::{dealt_game_class, plain};

dealt_game_class! {
    /// A group of Tressette in native code (`koloda.games.tressette.native` wraps it).
    TressetteCore(Tressette),
    playouts tressette::playouts,
    tables TressetteTables,
    getters {
        leader: u8 = |g| g.leader(),
        hands: Vec<u64> = |g| g.hands().map(CardSet::bits).to_vec(),
        taken: Vec<u64> = |g| g.taken().map(CardSet::bits).to_vec(),
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        tricks: Vec<u16> = |g| crate::python::module::ints(g.tricks()),
        points: Vec<i64> = |g| g.points().to_vec(),
        deal_declared: Vec<i64> = |g| g.deal_declared().to_vec(),
        totals: Vec<i64> = |g| g.totals().to_vec(),
        settled_points: (i64, i64) = |g| (g.settled_points()[0], g.settled_points()[1]),
        settled_games: u8 = |g| g.settled_games(),
    },
    /// The games of the group won so far, each the dict of its fields.
    fn _games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        plain(py, self.game.games())
    }

    /// Each seat's declarations this deal, each the dict of its fields.
    fn _declarations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        plain(py, &shown_by_seat(self.game.declarations()))
    }
}
