//! The PyO3 bindings of Tressette: `TressetteCore`, subclassed by
//! `koloda.games.tressette.native.NativeTressetteState`, and `tressette_playouts`.

use crate::python::bridge::{event_object, events_list, game_core, plain};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::core::cards::Cards;
use crate::core::{CardSet, Seat};
use crate::games::tressette::{
    self, shown_by_seat, Tressette, TressetteEvent, TressetteOptions, TressettePosition, WonGame,
};

/// hearts_special, card_points pooled, long_run ten.
pub type TressetteOptionsTuple = (bool, bool, bool);

fn options_of(o: TressetteOptionsTuple) -> TressetteOptions {
    TressetteOptions {
        hearts_special: o.0,
        pooled: o.1,
        long_run_ten: o.2,
    }
}

/// A group of Tressette in native code (`koloda.games.tressette.native` wraps it).
#[pyclass(subclass, module = "koloda._native")]
pub struct TressetteCore {
    pub(crate) game: Tressette,
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    shuffler: Option<Py<PyAny>>,
}

/// An event as `_apply_events` gives it (the bridge's converter).
fn core_event<'py>(
    _: &TressetteCore,
    py: Python<'py>,
    event: &TressetteEvent,
) -> PyResult<Bound<'py, PyAny>> {
    event_object(py, event)
}

game_core! {
    TressetteCore,
    copies [],
    getters {
        leader: u8 = |g| g.leader(),
        hands: Vec<u64> = |g| g.hands().map(CardSet::bits).to_vec(),
        taken: Vec<u64> = |g| g.taken().map(CardSet::bits).to_vec(),
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        trick_leader: i8 = |g| Seat::to_code(g.trick_leader()),
        tricks: Vec<u16> = |g| crate::python::module::ints(g.tricks()),
        tricks_played: u8 = |g| g.tricks_played(),
        points: Vec<i64> = |g| g.points().to_vec(),
        deal_points: Vec<i64> = |g| g.deal_points().to_vec(),
        deal_declared: Vec<i64> = |g| g.deal_declared().to_vec(),
        deal_bonus: Vec<i64> = |g| g.deal_bonus().to_vec(),
        totals: Vec<i64> = |g| g.totals().to_vec(),
        settled_points: (i64, i64) = |g| (g.settled_points()[0], g.settled_points()[1]),
        settled_games: u8 = |g| g.settled_games(),
    },
    dealt core_event,
    #[new]
    fn new() -> Self {
        TressetteCore {
            game: Tressette::new(TressetteOptions::default(), 0),
            rules: None,
            shuffler: None,
        }
    }

    fn _configure(&mut self, options: TressetteOptionsTuple, first_dealer: u8) {
        self.game = Tressette::new(options_of(options), first_dealer & 3);
    }

    // ----- the hot path ------------------------------------------------------------------

    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, Cards(self.game.legal_card_mask()))
    }

    // ----- the checked path --------------------------------------------------------------

    /// Starts the next deal from these hands; returns the events of its declarations.
    fn _deal<'py>(
        &mut self,
        py: Python<'py>,
        hands: [[u8; 10]; 4],
    ) -> PyResult<Bound<'py, PyList>> {
        let mut events = Vec::new();
        self.game.deal(&hands, &mut events);
        events_list(py, &events, event_object)
    }

    /// Puts the group between deals (or over, or about to deal) with this history.
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        &mut self,
        progress: (u32, u8, u8, u8, bool),
        games: Vec<(u8, i64, u32)>,
        totals: [i64; 2],
        points: [i64; 2],
        settled_points: [i64; 2],
        settled_games: u8,
        sheet: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (deal_number, dealer, leader, phase, is_over) = progress;
        let phase = tressette::Phase::from_code(phase)
            .ok_or_else(|| PyValueError::new_err(format!("no phase {phase}")))?;
        let games = games
            .into_iter()
            .map(|(winner, value, deal)| WonGame {
                winner,
                value,
                deal,
            })
            .collect();
        let lines: Vec<tressette::TressetteLine> = pythonize::depythonize(sheet)?;
        self.game.restore(TressettePosition {
            deal_number,
            dealer,
            leader,
            phase,
            is_over,
            games,
            totals,
            points,
            settled_points,
            settled_games,
            sheet: lines,
        });
        Ok(())
    }

    // ----- what the Python side reads ----------------------------------------------------

    #[getter]
    fn dealt(&self) -> Vec<Vec<u16>> {
        self.game
            .dealt()
            .iter()
            .map(|hand| crate::python::module::ints(hand))
            .collect()
    }
    fn _games(&self) -> Vec<(u8, i64, u32)> {
        self.game
            .games()
            .iter()
            .map(|g| (g.winner, g.value, g.deal))
            .collect()
    }

    /// Each seat's declarations this deal, each the dict of its fields.
    fn _declarations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        plain(py, &shown_by_seat(self.game.declarations()))
    }

    fn _current_actions(&self) -> Vec<u16> {
        self.game.plays()
            .iter()
            .map(|p| (p & 63) as u16)
            .collect()
    }

    fn _completed(&self, start: usize) -> Vec<(u8, [[u8; 10]; 4], Vec<u8>)> {
        self.game
            .completed()
            .iter()
            .skip(start)
            .map(|d| {
                let actions = d.plays().iter().map(|p| p & 63).collect();
                (d.dealer(), *d.dealt(), actions)
            })
            .collect()
    }

    fn _sheet_lines<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::sheet_from(py, &self.game, start)
    }

    /// The fields of ``TressetteView`` for ``seat`` but the seat, the declarations, the
    /// games and the sheet.
    fn _view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::view_of(py, &self.game, seat)
    }
}

crate::python::bridge::playouts_binding!(
    tressette_playouts,
    TressetteOptionsTuple,
    |o| Ok(options_of(o)),
    tressette::playouts
);
