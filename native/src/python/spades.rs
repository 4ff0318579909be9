//! The PyO3 bindings: the extension module `koloda._native`.
//!
//! `SpadesCore` is a base class: `koloda.games.spades.native.NativeSpadesState` subclasses
//! it with what the Python protocol adds (views as dataclasses, events as objects, errors
//! that name the rule). The hot path — `legal_actions`, `apply_unchecked`, `clone`,
//! `is_over`, `to_act` — is this class's own methods, one call into Rust each.

use crate::python::bridge::game_core;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::core::cards::Cards;
use crate::core::Seat;
use crate::games::spades::{self, Event, Phase, Spades, SpadesOptions, SpadesPosition};

/// Options as the Python side passes them: double_nil, nil_exchange, bags_penalty,
/// both_nil lose_score, spades broken by any spade, target, max_deals.
type OptionsTuple = (bool, bool, bool, bool, bool, i64, u32);

fn spades_options(o: OptionsTuple) -> SpadesOptions {
    SpadesOptions {
        double_nil: o.0,
        nil_exchange: o.1,
        bags_penalty: o.2,
        both_nil_lose_score: o.3,
        any_spade: o.4,
        target: o.5,
        max_deals: o.6,
    }
}

/// A game of Spades in native code (`koloda.games.spades.native` wraps it).
#[pyclass(subclass, module = "koloda._native")]
pub struct SpadesCore {
    pub(crate) game: Spades,
    /// The rules object the state belongs to (Python's `SpadesRules`).
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    /// The `Shuffler` that deals the next deals, or None (records, samples).
    #[pyo3(get, set)]
    shuffler: Option<Py<PyAny>>,
}

impl SpadesCore {
    fn event_tuple<'py>(_: &Self, py: Python<'py>, event: &Event) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::event_object(py, event)
    }
}

game_core! {
    SpadesCore,
    copies [],
    getters {
        hands: Vec<u64> = |g| g.hands().to_vec(),
        picked_up: Vec<bool> = |g| g.picked_up().to_vec(),
        bids: Vec<i8> = |g| g.bids().to_vec(),
        pending: Vec<u64> = |g| g.pending().to_vec(),
        sent: Vec<u64> = |g| g.sent().to_vec(),
        received: Vec<u64> = |g| g.received().to_vec(),
        /// Every card of this deal in play order, as ``seat << 6 | card``.
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        trick_leader: i8 = |g| Seat::to_code(g.trick_leader()),
        tricks: Vec<u16> = |g| crate::python::module::ints(g.tricks()),
        tricks_played: u8 = |g| g.tricks_played(),
        broken: bool = |g| g.broken(),
        totals: Vec<i64> = |g| g.totals().to_vec(),
        bags: Vec<i64> = |g| g.bags().to_vec(),
    },
    dealt SpadesCore::event_tuple,
    #[new]
    fn new() -> Self {
        SpadesCore {
            game: Spades::new(SpadesOptions::default(), 0),
            rules: None,
            shuffler: None,
        }
    }

    /// Sets the options and the first dealer of a new game.
    fn _configure(&mut self, options: OptionsTuple, first_dealer: u8) {
        self.game = Spades::new(spades_options(options), first_dealer & 3);
    }

    // ----- the hot path ------------------------------------------------------------------

    /// The legal actions, lowest code first (the 286 triples of S-7 lazily, from Python).
    fn legal_actions<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.borrow();
        let game = &this.game;
        match game.phase() {
            spades::Phase::Play => Ok(PyTuple::new(py, Cards(game.legal_card_mask()))?.into_any()),
            Phase::Discard | Phase::Give => {
                drop(this);
                slf.call_method0("_triple_actions")
            }
            _ => {
                let mut out = Vec::with_capacity(14);
                game.legal_actions(&mut out);
                Ok(PyTuple::new(py, out)?.into_any())
            }
        }
    }

    // ----- the checked path --------------------------------------------------------------

    /// Starts the next deal from these hands (each in dealt order, checked by the caller).
    fn _deal(&mut self, hands: [[u8; 13]; 4]) {
        self.game.deal(&hands);
    }

    /// Puts the game between deals or over after ``deal_number`` deals with this history
    /// (a sampled state keeps the view's score sheet).
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        &mut self,
        deal_number: u32,
        dealer: u8,
        totals: [i64; 2],
        bags: [i64; 2],
        winners: Vec<u8>,
        phase: u8,
        sheet: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let phase = spades::Phase::from_code(phase)
            .ok_or_else(|| PyValueError::new_err(format!("no phase {phase}")))?;
        let mut won = spades::Winners::default();
        for side in winners.into_iter().take(2) {
            won.sides[won.count as usize] = side;
            won.count += 1;
        }
        let lines: Vec<spades::SheetLine> = pythonize::depythonize(sheet)?;
        self.game.restore(SpadesPosition {
            deal_number,
            dealer,
            totals,
            bags,
            winners: won,
            phase,
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

    #[getter]
    fn pre_actions(&self) -> Vec<u32> {
        self.game
            .auction()
            .iter()
            .map(|p| p.1)
            .collect()
    }

    #[getter]
    fn pre_seats(&self) -> Vec<u16> {
        self.game
            .auction()
            .iter()
            .map(|p| p.0 as u16)
            .collect()
    }
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.game.winners().as_slice())
    }

    /// The decisions of the deal in progress.
    fn _current_actions(&self) -> Vec<u32> {
        self.game.current_actions().collect()
    }

    /// Finished deals from ``start`` on: (dealer, dealt hands, actions).
    fn _completed(&self, start: usize) -> Vec<(u8, [[u8; 13]; 4], Vec<u32>)> {
        self.game
            .completed()
            .iter()
            .skip(start)
            .map(|d| (d.dealer(), *d.dealt(), d.actions().to_vec()))
            .collect()
    }

    fn _completed_count(&self) -> usize {
        self.game.completed().len()
    }

    /// Score-sheet lines from ``start`` on, each the dict of ``DealSummary``'s fields.
    fn _sheet_lines<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::sheet_from(py, &self.game, start)
    }

    /// The fields of ``SpadesView`` for ``seat`` but the seat and the sheet.
    fn _view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::view_of(py, &self.game, seat)
    }
}

crate::python::bridge::playouts_binding!(
    spades_playouts,
    OptionsTuple,
    |o| Ok(spades_options(o)),
    spades::playouts
);
