//! The one bridge of the games. The crate describes each game as plain data (its options,
//! positions, views, sheet lines and events are serde types, `crate::games`' traits); here
//! they cross as dicts and tuples ([`plain`]). Every game's Rust core class (`KingCore`...)
//! gets the members the Python protocol reads of any game from [`game_core!`], written once
//! over the [`Game`](crate::games::Game) trait (and [`DealtGame`](crate::games::DealtGame)
//! for the whole-deck games' steps); a whole-deck game's class is one
//! [`dealt_game_class!`], its file adding only its getters and what differs; 101's class,
//! which deals within a hand, uses the same functions in its own methods.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pythonize::{PythonizeTypes, PythonizeUnnamedMappingAdapter};
use serde::Serialize;

use crate::core::Seat;
use crate::games::{Described, Setup};

/// How the bridge turns the games' plain data into Python's: structs (views, sheet lines,
/// events with their `kind`) as dicts of their fields, sequences as tuples (as the Python
/// engine's views and events hold them).
pub struct Plain;

impl PythonizeTypes for Plain {
    type Map = PyDict;
    type NamedMap = PythonizeUnnamedMappingAdapter<PyDict>;
    type List = PyTuple;
}

/// `value` as Python's plain data (see [`Plain`]).
pub fn plain<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize_custom::<Plain, T>(py, value)?)
}

/// What `seat` may know of `game`, as the dict of the view's fields.
pub fn view_of<'py, G: Described>(
    py: Python<'py>,
    game: &G,
    seat: u8,
) -> PyResult<Bound<'py, PyAny>> {
    if usize::from(seat) >= game.num_seats() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "no seat {seat}"
        )));
    }
    plain(py, &game.view(Seat::new(seat)))
}

/// The score sheet's lines from `start` on, each the dict of its fields.
pub fn sheet_from<'py, G: Described>(
    py: Python<'py>,
    game: &G,
    start: usize,
) -> PyResult<Bound<'py, PyAny>> {
    plain(py, game.lines().get(start..).unwrap_or_default())
}

/// Events as the list of the dicts of their fields with their `kind`.
pub fn events_of<'py, E: Serialize>(py: Python<'py>, events: &[E]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for event in events {
        list.append(plain(py, event)?)?;
    }
    Ok(list)
}

/// Plain data Python gave that does not read as the game's (a missing or mistyped field)
/// as a `ValueError`.
pub fn value_error(error: pythonize::PythonizeError) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(error.to_string())
}

/// A new game of the options Python gives (as a dict) and its first dealer.
pub fn set_up<G: Setup>(options: &Bound<'_, PyAny>, first_dealer: u8) -> PyResult<G> {
    let options: G::Options = pythonize::depythonize(options).map_err(value_error)?;
    G::setup(options, first_dealer).map_err(pyo3::exceptions::PyValueError::new_err)
}

/// `#[pymethods]` of a whole-deck game's core class `$core` (holding a `$game`, a
/// [`Setup`], [`Recorded`](crate::games::Recorded), [`Positioned`](crate::games::Positioned)
/// and [`Described`] game): the class, [`game_core!`]'s members, and what every such game
/// has alike: its steps (over [`DealtGame`](crate::games::DealtGame)), creation, the deal
/// given by Python, the records and positions given whole; then the game's own (`$own`).
macro_rules! dealt_game_class {
    (
        $(#[$doc:meta])*
        $core:ident($game:ty),
        getters { $($getters:tt)* },
        $($own:tt)*
    ) => {
        $(#[$doc])*
        #[pyclass(subclass, module = "koloda._native")]
        pub struct $core {
            pub(crate) game: $game,
            #[pyo3(get, set)]
            rules: Option<Py<PyAny>>,
            #[pyo3(get, set)]
            shuffler: Option<Py<PyAny>>,
        }

        $crate::python::bridge::game_core! {
            $core,
            copies [],
            getters { $($getters)* },
            /// The fast path for search: the caller guarantees the action is legal.
            fn apply_unchecked(slf: &Bound<'_, Self>, action: u32) -> PyResult<()> {
                let due = {
                    let mut this = slf.borrow_mut();
                    if !$crate::games::Game::in_deal(&this.game) {
                        return Err(pyo3::exceptions::PyValueError::new_err(
                            "no decision is due",
                        ));
                    }
                    $crate::games::DealtGame::step_unchecked(&mut this.game, action)
                };
                if due && slf.borrow().shuffler.is_some() {
                    slf.call_method0("_deal_from_shuffler")?;
                }
                Ok(())
            }

            /// Applies `action` after checking it and returns its events and whether a
            /// deal is due; an illegal one raises `IllegalActionError` with Rust's reason
            /// and changes nothing.
            fn _apply_events<'py>(
                slf: &Bound<'py, Self>,
                action: &Bound<'py, PyAny>,
            ) -> PyResult<(Bound<'py, pyo3::types::PyList>, bool)> {
                let code = $crate::python::module::action_code(action);
                let mut events = Vec::new();
                let applied = $crate::games::DealtGame::apply(
                    &mut slf.borrow_mut().game, code, &mut events);
                let due = applied.map_err(|error| {
                    $crate::python::module::illegal_action_error(slf.as_any(), action, &error)
                })?;
                Ok(($crate::python::bridge::events_of(slf.py(), &events)?, due))
            }

            #[new]
            fn new() -> Self {
                let game = $crate::games::Setup::setup(Default::default(), 0);
                $core {
                    game: game.expect("the default options are valid"),
                    rules: None,
                    shuffler: None,
                }
            }

            /// Deals the next deal from these hands; returns what the deal says.
            fn _deal<'py>(
                &mut self,
                py: Python<'py>,
                hands: Vec<Vec<u8>>,
            ) -> PyResult<Bound<'py, pyo3::types::PyList>> {
                let mut events = Vec::new();
                $crate::games::Recorded::deal_hands(&mut self.game, &hands, &mut events)
                    .map_err(pyo3::exceptions::PyValueError::new_err)?;
                $crate::python::bridge::events_of(py, &events)
            }

            /// Each seat's hand as dealt in the deal in progress.
            #[getter]
            fn dealt<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::python::bridge::plain(py, &$crate::games::Recorded::dealt_hands(&self.game))
            }

            /// The deal in progress as a record keeps it so far (a dict).
            fn _current_record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::python::bridge::plain(py, &$crate::games::Recorded::current_record(&self.game))
            }

            /// The finished deals from `start` on (dicts: dealer, dealt, actions).
            fn _completed<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyAny>> {
                $crate::python::bridge::plain(py, &$crate::games::Recorded::records(&self.game, start))
            }

            /// Puts the game in a position given whole (a dict: a state of the Python engine).
            fn _load(&mut self, position: &Bound<'_, PyAny>) -> PyResult<()> {
                let position = pythonize::depythonize(position)
                    .map_err($crate::python::bridge::value_error)?;
                $crate::games::Positioned::restore(&mut self.game, position)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            $($own)*
        }
    };
}

pub(crate) use dealt_game_class;

/// `$name(options, games, seed, deal_limit=0)`: a game's batch of random playouts in Rust
/// (`$playouts`, with the options Python gives as a dict, a `$game`'s), as the dict of
/// the [`Playouts`](crate::games::Playouts)' fields.
macro_rules! playouts_of {
    ($name:ident, $game:ty, $playouts:path) => {
        /// ``games`` whole games of random decisions in Rust, dealt from ``seed``.
        #[pyfunction]
        #[pyo3(signature = (options, games, seed, deal_limit = 0))]
        pub fn $name<'py>(
            py: Python<'py>,
            options: &Bound<'py, PyAny>,
            games: u64,
            seed: u64,
            deal_limit: u32,
        ) -> PyResult<Bound<'py, PyAny>> {
            let options = $crate::python::bridge::set_up::<$game>(options, 0)?
                .options()
                .clone();
            let result = py.detach(|| $playouts(options, games, seed, deal_limit));
            Ok(pythonize::pythonize(py, &result)?)
        }
    };
}

pub(crate) use playouts_of;

/// What `get` reads of `game` (a getter of `game_core!`'s `getters`, its closure typed by
/// the game).
#[inline]
pub fn read<G, T>(game: &G, get: impl Fn(&G) -> T) -> T {
    get(game)
}

/// The `#[pymethods]` of a game's core class: the shared members, then the game's own
/// (`$own`). The class has `game` (a [`Game`](crate::games::Game)), `rules` and
/// `shuffler`; the fields named in `copies` are copied by `clone` too, and each of
/// `getters` (`name: Type = |game| ...`) is a read-only attribute of the game's.
macro_rules! game_core {
    (
        $core:ident,
        copies [$($field:ident),*],
        getters { $($(#[$doc:meta])* $name:ident: $ty:ty = $get:expr),* $(,)? },
        $($own:tt)*
    ) => {
        #[pymethods]
        impl $core {
            $(
                $(#[$doc])*
                #[getter]
                fn $name(&self) -> $ty {
                    $crate::python::bridge::read(&self.game, $get)
                }
            )*

            /// Whether ``action`` is legal now (any int; those beyond 64 bits never are).
            fn is_legal(&self, action: &Bound<'_, PyAny>) -> bool {
                action
                    .extract::<i64>()
                    .is_ok_and(|action| $crate::games::Game::is_legal(&self.game, action))
            }

            /// Why `action` is illegal now, in the rules' words and citing them (Rust's
            /// reason), or None when it is legal.
            fn illegal_reason(&self, action: &Bound<'_, PyAny>) -> Option<String> {
                let code = $crate::python::module::action_code(action);
                $crate::games::Game::check(&self.game, code)
                    .err()
                    .map(|error| error.to_string())
            }

            /// A copy sharing nothing mutable, of the same (Python) class.
            fn clone<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                let py = slf.py();
                let other = slf.get_type().call0()?;
                {
                    let this = slf.borrow();
                    let copy = other.cast::<$core>()?;
                    let mut copy = copy.borrow_mut();
                    copy.game = this.game.clone();
                    copy.rules = this.rules.as_ref().map(|r| r.clone_ref(py));
                    copy.shuffler = this.shuffler.as_ref().map(|s| s.clone_ref(py));
                    $(copy.$field = this.$field.clone();)*
                }
                Ok(other)
            }

            #[getter]
            fn is_over(&self) -> bool {
                $crate::games::Game::is_over(&self.game)
            }

            #[getter]
            fn to_act(&self) -> Option<u8> {
                $crate::games::Game::to_act(&self.game).map($crate::core::Seat::index)
            }

            #[getter]
            fn to_act_seat(&self) -> i8 {
                $crate::core::Seat::to_code($crate::games::Game::to_act(&self.game))
            }

            #[getter]
            fn phase(&self) -> u8 {
                self.game.phase() as u8
            }

            #[getter]
            fn deal_number(&self) -> u32 {
                self.game.deal_number()
            }

            #[getter]
            fn dealer(&self) -> u8 {
                self.game.dealer()
            }

            #[getter]
            fn first_dealer(&self) -> u8 {
                self.game.first_dealer()
            }

            /// Sets the game up anew from its options (a dict) and first dealer.
            fn _configure(&mut self, options: &Bound<'_, PyAny>, first_dealer: u8) -> PyResult<()> {
                self.game = $crate::python::bridge::set_up(options, first_dealer)?;
                Ok(())
            }

            /// The position the game is in (a dict, what `_load` takes).
            fn _position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::python::bridge::plain(py, &$crate::games::Positioned::position(&self.game))
            }

            /// What `seat` may know now: the fields of the game's view that Rust knows.
            fn _view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
                $crate::python::bridge::view_of(py, &self.game, seat)
            }

            /// The score sheet's lines from `start` on (dicts).
            fn _sheet_lines<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyAny>> {
                $crate::python::bridge::sheet_from(py, &self.game, start)
            }

            /// How many lines the score sheet has (`_sheet_lines` reads them).
            fn _sheet_count(&self) -> usize {
                self.game.sheet().len()
            }

            /// Each seat's outcome: the final result when over, else the standing.
            fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                pyo3::types::PyTuple::new(py, $crate::games::Game::outcome(&self.game))
            }

            $($own)*
        }
    };
}

pub(crate) use game_core;
