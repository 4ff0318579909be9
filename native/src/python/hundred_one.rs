//! The PyO3 bindings of 101: `HundredOneCore`, subclassed by
//! `koloda.games.hundred_one.native.NativeHundredOneState`.

use std::sync::Arc;

use crate::games::hundred_one::vector::{HundredOneTables, NoDeal};
use crate::python::bridge::{self, game_core, value_error, GameClass};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use pythonize::depythonize;

use crate::core::cards::{CardBits, CardCode};
use crate::core::events::EventSink;
use crate::games::hundred_one::{
    self, Chance, HandRecord, HundredOne, HundredOneEvent, HundredOneOptions, RestockError, Seeded,
    Setup,
};
use crate::python::module::{action_code, illegal_action_error, ints};

/// The shuffler of a state as the native step sees it: the core `Shuffler` with a seed is
/// computed natively, any other is called; an error from it is kept for the caller.
pub(crate) struct PyChance<'a, 'py> {
    seed: Option<&'a str>,
    shuffler: Option<&'a Bound<'py, PyAny>>,
    error: Option<PyErr>,
}

/// Why a step of the vector environment's batch (`GameClass::batch_step`),
/// which cannot raise, failed; `_deal_from_shuffler` raises it.
enum StepFailure {
    /// The shuffler raised.
    Python(PyErr),
    /// A record's restock does not fit the play.
    Restock(RestockError),
}

impl PyChance<'_, '_> {
    fn call(&mut self, items: &[CardCode], index: u64) -> Option<Vec<CardCode>> {
        let shuffler = self.shuffler?;
        match shuffler
            .call_method1("shuffled", (items.to_vec(), index))
            .and_then(|cards| cards.extract::<Vec<CardCode>>())
        {
            Ok(cards) => Some(cards),
            Err(error) => {
                self.error = Some(error);
                None
            }
        }
    }
}

impl Chance for PyChance<'_, '_> {
    fn deck(&mut self, deal: u32) -> Option<[CardCode; 36]> {
        if let Some(seed) = self.seed {
            return Seeded(seed).deck(deal);
        }
        let cards = self.call(&hundred_one::deck_cards(), deal as u64)?;
        match <[CardCode; 36]>::try_from(cards) {
            Ok(deck) => Some(deck),
            Err(_) => {
                self.error = Some(PyValueError::new_err("a shuffled deck has 36 cards"));
                None
            }
        }
    }

    fn restock(&mut self, below: &[CardCode], index: u64) -> Option<Vec<CardCode>> {
        if let Some(seed) = self.seed {
            return Seeded(seed).restock(below, index);
        }
        self.call(below, index)
    }
}

/// A game of 101 in native code (`koloda.games.hundred_one.native` wraps it).
#[pyclass(subclass, module = "koloda._native")]
pub struct HundredOneCore {
    pub(crate) game: HundredOne,
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    pub(crate) shuffler: Option<Py<PyAny>>,
    /// The seed of `shuffler` when it is the core `Shuffler` (dealt natively).
    pub(crate) seed: Option<String>,
    /// What the last batch step could not raise itself (`_deal_from_shuffler` does).
    batch_failure: Option<StepFailure>,
}

/// Raises, through the Python side, the error of a record's restock that does not fit the
/// play (as the Python engine words it).
fn raise_restock_error(slf: &Bound<'_, HundredOneCore>, error: &RestockError) -> PyResult<()> {
    slf.call_method1("_raise_restock_error", (bridge::plain(slf.py(), error)?,))?;
    Ok(())
}

impl HundredOneCore {
    /// `run` on the game with the chance of this state's shuffler (computed natively when
    /// it is the seeded core one); what the shuffler raised is the error.
    pub(crate) fn with_chance<R>(
        &mut self,
        py: Python<'_>,
        run: impl FnOnce(&mut HundredOne, &mut PyChance) -> R,
    ) -> PyResult<R> {
        // the seeded core shuffler is dealt natively: its Python object is not needed
        let called = self
            .seed
            .is_none()
            .then_some(self.shuffler.as_ref())
            .flatten();
        let shuffler = called.map(|s| s.bind(py).clone());
        let mut chance = PyChance {
            seed: self.seed.as_deref(),
            shuffler: shuffler.as_ref(),
            error: None,
        };
        let result = run(&mut self.game, &mut chance);
        chance.error.map_or(Ok(result), Err)
    }

    /// One step on the native game with this state's shuffler; a record's restock that does
    /// not fit is raised by the Python side (`_raise_restock_error`).
    fn run_step(
        slf: &Bound<'_, Self>,
        action: u32,
        events: &mut Vec<HundredOneEvent>,
        checked: bool,
    ) -> PyResult<()> {
        let mut this = slf.borrow_mut();
        if !this.game.in_deal() {
            return Err(PyValueError::new_err("no decision is due"));
        }
        let outcome = this.with_chance(slf.py(), |game, chance| {
            if checked {
                game.step(action, events, chance)
            } else {
                game.step(action, &mut (), chance)
            }
        })?;
        drop(this);
        outcome.map_or_else(|error| raise_restock_error(slf, &error), Ok)
    }

    /// Deals the next hand from the shuffler, natively when it is the seeded core one
    /// (nothing without a shuffler).
    fn deal_next<E: EventSink<HundredOneEvent>>(
        &mut self,
        py: Python<'_>,
        events: &mut E,
    ) -> PyResult<()> {
        self.with_chance(py, |game, chance| {
            if let Some(deck) = chance.deck(game.deal_number()) {
                game.deal_cards(&deck, events);
            }
        })
    }
}

/// 101's state class: its batch step reshuffles as its shuffler does and leaves the next hand
/// due (`crate::python::vector`'s text says why).
impl GameClass for HundredOneCore {
    type Game = HundredOne;
    fn game(&self) -> &HundredOne {
        &self.game
    }
    /// The hand ended (the next one is due) or the game is over; a failure (which only a
    /// shuffler that raises or a record's restocks can cause) is kept and reported as a
    /// due hand, so that `_deal_from_shuffler` raises it.
    fn batch_step(&mut self, code: u32) -> (bool, bool) {
        let stepped = Python::attach(|py| {
            self.with_chance(py, |game, chance| {
                game.step(code, &mut (), &mut NoDeal(chance))
            })
        });
        let result = match stepped {
            Ok(step) => step.map_err(StepFailure::Restock),
            Err(error) => Err(StepFailure::Python(error)),
        };
        let failed = result.is_err();
        self.batch_failure = result.err();
        (
            failed || self.game.phase() == hundred_one::Phase::AwaitDeal,
            self.game.is_over(),
        )
    }
}

game_core! {
    HundredOneCore(HundredOne),
    playouts hundred_one::playouts,
    tables HundredOneTables,
    copies[seed],
    getters {
        num_seats: u8 = |g| g.n(),
        hands: Vec<CardBits> = |g| g.hands()[..g.n() as usize].to_vec(),
        /// The stock, its top card last.
        stock: Vec<u16> = |g| ints(g.stock()),
        /// The discard pile, its top card last.
        pile: Vec<u16> = |g| ints(g.pile()),
        top: i8 = |g| g.top().map_or(-1, |card| card as i8),
        suit: i8 = |g| g.suit().map_or(-1, |suit| suit.index() as i8),
        drawn: i8 = |g| g.drawn().map_or(-1, |card| card as i8),
        epoch: u32 = |g| g.epoch(),
        log: Vec<u16> = |g| g.log().to_vec(),
        totals: Vec<i64> = |g| g.totals()[..g.n() as usize].to_vec(),
    },
    #[new]
    fn new() -> Self {
        HundredOneCore {
            game: HundredOne::new(HundredOneOptions::default(), 0),
            rules: None,
            shuffler: None,
            seed: None,
            batch_failure: None,
        }
    }

    // ----- the hot path ------------------------------------------------------------------
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut legal = [0u32; 40];
        let count = self.game.legal_actions(&mut legal);
        PyTuple::new(py, &legal[..count])
    }

    fn apply_unchecked(slf: &Bound<'_, Self>, action: u32) -> PyResult<()> {
        Self::run_step(slf, action, &mut Vec::new(), false)
    }

    #[getter]
    fn shuffler(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.shuffler.as_ref().map(|s| s.clone_ref(py))
    }

    /// The core `Shuffler` with a seed deals natively; any other shuffler is called.
    #[setter]
    fn set_shuffler(&mut self, value: Option<Bound<'_, PyAny>>) -> PyResult<()> {
        self.seed = None;
        if let Some(shuffler) = &value {
            let py = shuffler.py();
            let core = py.import("koloda.core.dealing")?.getattr("Shuffler")?;
            if shuffler.get_type().is(&core) {
                let seed = shuffler.getattr("seed")?;
                if !seed.is_none() {
                    self.seed = Some(seed.str()?.to_string());
                }
            }
        }
        self.shuffler = value.map(|s| s.unbind());
        Ok(())
    }

    // ----- the checked path and deals ----------------------------------------------------
    /// Applies `action` after checking it and returns its events; an illegal one raises
    /// `IllegalActionError` with Rust's reason and changes nothing.
    fn _apply_events<'py>(
        slf: &Bound<'py, Self>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let checked = slf.borrow().game.check(action_code(action));
        checked.map_err(|error| illegal_action_error(slf.as_any(), action, &error))?;
        let mut events = Vec::new();
        Self::run_step(slf, action_code(action) as u32, &mut events, true)?;
        bridge::events_of(slf.py(), &events)
    }

    /// Starts the next hand from a setup (a dict of its fields, checked by the Python side);
    /// returns its events.
    fn _deal_setup<'py>(
        &mut self,
        py: Python<'py>,
        setup: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let setup: Setup = depythonize(setup).map_err(value_error)?;
        let mut events = Vec::new();
        self.game.deal_setup(Arc::new(setup), &mut events);
        bridge::events_of(py, &events)
    }

    /// Deals the next hand from the shuffler (natively when it is the seeded core one);
    /// returns its events.
    fn _deal_shuffled<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut events = Vec::new();
        self.deal_next(py, &mut events)?;
        bridge::events_of(py, &events)
    }

    /// Called by the vector environment's batch step (`crate::python::vector::step_batch`)
    /// when a hand ended there: raises first what that step could not (the shuffler's
    /// error, a record's restock that does not fit), else deals the next hand from the
    /// shuffler as `apply_unchecked` does.
    fn _deal_from_shuffler(slf: &Bound<'_, Self>) -> PyResult<()> {
        let failure = slf.borrow_mut().batch_failure.take();
        match failure {
            Some(StepFailure::Python(error)) => Err(error),
            Some(StepFailure::Restock(error)) => raise_restock_error(slf, &error),
            None if slf.borrow().game.phase() == hundred_one::Phase::AwaitDeal => {
                slf.borrow_mut().deal_next(slf.py(), &mut ())
            }
            None => Ok(()),
        }
    }

    /// Puts the game in a position given whole (a dict: a state of the Python engine) with
    /// the records of its finished hands (dicts, as `_completed` gives them); what does not
    /// fit the table is a `ValueError` and changes nothing.
    #[pyo3(signature = (position, completed = None))]
    fn _load(
        &mut self,
        position: &Bound<'_, PyAny>,
        completed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let position = depythonize(position).map_err(value_error)?;
        let records: Vec<HandRecord> = match completed {
            Some(records) => depythonize(records).map_err(value_error)?,
            None => Vec::new(),
        };
        self.game.load(position, records).map_err(PyValueError::new_err)
    }

    // ----- what the Python side reads ----------------------------------------------------

    /// Replaces the stock (the tests force a reshuffle of the pile with it).
    #[setter]
    fn set_stock(&mut self, stock: Vec<u8>) -> PyResult<()> {
        if stock.len() > 36 {
            return Err(PyValueError::new_err("more than 36 cards"));
        }
        self.game.set_stock(&stock);
        Ok(())
    }

    /// The new stocks of the hand's reshuffles, in order.
    #[getter]
    fn restocks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        bridge::plain(py, self.game.restocks())
    }

    /// The hand in progress (or the last one dealt) as a record keeps it so far.
    fn _current_record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        bridge::plain(py, &self.game.current_record())
    }

    /// The finished hands' records from `start` on.
    fn _completed<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyAny>> {
        bridge::plain(py, &self.game.hand_records(start))
    }
}
