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
/// given by Python, the records and positions given whole, the card play's searches and
/// the analysis's valuing (`crate::python::search`); then the game's own (`$own`).
macro_rules! dealt_game_class {
    (
        $(#[$doc:meta])*
        $core:ident($game:ty),
        playouts $playouts:path,
        tables $tables:ty,
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

        impl $crate::python::bridge::GameClass for $core {
            type Game = $game;
            fn game(&self) -> &$game {
                &self.game
            }
            fn batch_step(&mut self, code: u32) -> (bool, bool) {
                let due = $crate::games::DealtGame::step_unchecked(&mut self.game, code);
                (due, $crate::games::Game::is_over(&self.game))
            }
        }

        $crate::python::bridge::game_core! {
            $core($game),
            playouts $playouts,
            tables $tables,
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

            /// The legal actions now, lowest code first: a card play's straight from its mask,
            /// and a list longer than a hand's (Spades' 286 exchange triples, S-7) lazily, by
            /// the Python side's `_many_legal_actions`.
            fn legal_actions<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                use $crate::search::TrickSearch;
                let (py, this) = (slf.py(), slf.borrow());
                if this.game.in_play() {
                    let cards = $crate::core::cards::Cards(this.game.legal_mask());
                    return Ok(pyo3::types::PyTuple::new(py, cards)?.into_any());
                }
                let codes = $crate::games::Game::legal_codes(&this.game);
                drop(this);
                if codes.len() > 64 {
                    return slf.call_method0("_many_legal_actions");
                }
                Ok(pyo3::types::PyTuple::new(py, codes)?.into_any())
            }

            /// ISMCTS for `seat` in this position (a sample of the seat's view), with the
            /// seat's knowledge of the unseen cards (`crate::python::search`).
            #[pyo3(signature = (seat, unseen, places, **settings))]
            fn ismcts<'py>(
                slf: PyRef<'py, Self>,
                seat: usize,
                unseen: u64,
                places: Vec<$crate::python::search::PlaceTuple>,
                settings: Option<&Bound<'py, pyo3::types::PyDict>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let (py, game) = $crate::python::bridge::detached(slf);
                $crate::python::search::ismcts(py, game, seat, unseen, places, settings)
            }

            /// PIMC for `seat` in this position, as `ismcts` (`start`: a deal to try first).
            #[pyo3(signature = (seat, unseen, places, start=None, **settings))]
            fn pimc<'py>(
                slf: PyRef<'py, Self>,
                seat: usize,
                unseen: u64,
                places: Vec<$crate::python::search::PlaceTuple>,
                start: Option<PyRef<'py, Self>>,
                settings: Option<&Bound<'py, pyo3::types::PyDict>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let start = start.map(|start| $crate::python::bridge::detached(start).1);
                let (py, game) = $crate::python::bridge::detached(slf);
                $crate::python::search::pimc(py, game, seat, unseen, places, start, settings)
            }

            /// Each legal action of `seat` with its mean value in points over `samples`
            /// (states of this class that agree with the seat's view), or None where a
            /// playout meets a decision the native heuristic does not make.
            #[staticmethod]
            #[pyo3(signature = (samples, seat, exact_cards=12))]
            fn analysis(
                py: Python<'_>,
                samples: Vec<PyRef<'_, Self>>,
                seat: usize,
                exact_cards: u32,
            ) -> PyResult<Option<Vec<(u32, f64)>>> {
                let games = samples.into_iter().map(|s| $crate::python::bridge::detached(s).1);
                $crate::python::search::analysis(py, games.collect(), seat, exact_cards)
            }

            /// As `analysis`, over `samples` positions of the card play dealt natively from
            /// this one by the seat's knowledge of the unseen cards, from `seed`.
            #[pyo3(signature = (seat, unseen, places, samples, seed, exact_cards=12, limits=None))]
            #[allow(clippy::too_many_arguments)]
            fn analysis_dealt(
                slf: PyRef<'_, Self>,
                seat: usize,
                unseen: u64,
                places: Vec<$crate::python::search::PlaceTuple>,
                samples: usize,
                seed: u64,
                exact_cards: u32,
                limits: Option<Vec<$crate::search::request::Limit>>,
            ) -> PyResult<Option<Vec<(u32, f64)>>> {
                let (py, game) = $crate::python::bridge::detached(slf);
                let knowledge = (unseen, places, limits.unwrap_or_default());
                $crate::python::search::analysis_dealt(py, game, seat, knowledge, (samples, seed, exact_cards))
            }

            $($own)*
        }
    };
}

pub(crate) use dealt_game_class;

/// What `get` reads of `game` (a getter of `game_core!`'s `getters`, its closure typed by
/// the game).
#[inline]
pub fn read<G, T>(game: &G, get: impl Fn(&G) -> T) -> T {
    get(game)
}

/// A game's core class (`KingCore`...): the game it holds, and its step without events for
/// the vector environment's batches (whether the next deal is due, whether the game is over).
pub trait GameClass: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::False> {
    /// The game the class holds.
    type Game: crate::vector::Encoder + Clone;
    /// The game of the state.
    fn game(&self) -> &Self::Game;
    /// Applies `code` (known legal): whether the next deal is due, and whether it is over.
    fn batch_step(&mut self, code: u32) -> (bool, bool);
}

/// A copy of the game of a state borrowed from Python, the borrow given back (a search runs
/// on the copy with the GIL released).
pub fn detached<'py, C: GameClass>(state: PyRef<'py, C>) -> (Python<'py>, C::Game) {
    (state.py(), state.game().clone())
}

/// The `#[pymethods]` of a game's core class: the shared members, then the game's own
/// (`$own`). The class has `game` (a `$game`, a [`Game`](crate::games::Game)), `rules` and
/// `shuffler`; the fields named in `copies` are copied by `clone` too, and each of
/// `getters` (`name: Type = |game| ...`) is a read-only attribute of the game's. Among the
/// shared members are the game's random playouts (`$playouts`) and its vector batch over
/// its encoder's tables (`$tables`, made by `batch_tables`).
macro_rules! game_core {
    (
        $core:ident($game:ty),
        playouts $playouts:path,
        tables $tables:ty,
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

            /// The action the game's heuristic (the searches' rollout policy) takes for the
            /// seat to act.
            fn policy_action(&self) -> PyResult<u32> {
                $crate::search::policy::PolicyAction::policy_action(&self.game)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// ``games`` whole games of random decisions in Rust, dealt from ``seed``, with
            /// the options Python gives (a dict): the dict of the playouts' counts.
            #[staticmethod]
            #[pyo3(signature = (options, games, seed, deal_limit = 0))]
            fn playouts<'py>(
                py: Python<'py>,
                options: &Bound<'py, PyAny>,
                games: u64,
                seed: u64,
                deal_limit: u32,
            ) -> PyResult<Bound<'py, PyAny>> {
                let game: $game = $crate::python::bridge::set_up(options, 0)?;
                let options = game.options().clone();
                let result = py.detach(|| $playouts(options, games, seed, deal_limit));
                Ok(pythonize::pythonize(py, &result)?)
            }

            /// The bucket tables of one action space and encoder of the game, from their
            /// flat list (`koloda/games/<game>/vector.py`), for `batch_step` and `batch_encode`.
            #[staticmethod]
            fn batch_tables(flat: Vec<i64>) -> PyResult<$crate::python::vector::BatchTables> {
                let tables = <$tables>::from_flat(&flat).ok_or_else(|| {
                    pyo3::exceptions::PyValueError::new_err("malformed batch tables")
                })?;
                Ok($crate::python::vector::BatchTables::new(tables))
            }

            /// Steps a batch of states of this class (`crate::python::vector::step_batch`):
            /// the positions whose deal or game ended, with that deal's points.
            #[staticmethod]
            fn batch_step(
                py: Python<'_>,
                states: Vec<Bound<'_, Self>>,
                indices: pyo3::buffer::PyBuffer<i64>,
                tables: PyRef<'_, $crate::python::vector::BatchTables>,
            ) -> PyResult<$crate::python::vector::Ended> {
                let tables: &$tables = tables.get()?;
                $crate::python::vector::step_batch(py, &states, &indices, tables)
            }

            /// Encodes a batch of states of this class into the arrays
            /// (`crate::python::vector::encode_batch`): the rows left to Python.
            #[staticmethod]
            fn batch_encode(
                states: Vec<PyRef<'_, Self>>,
                tables: PyRef<'_, $crate::python::vector::BatchTables>,
                obs: pyo3::buffer::PyBuffer<f32>,
                mask: pyo3::buffer::PyBuffer<u8>,
                seats: pyo3::buffer::PyBuffer<i64>,
            ) -> PyResult<Vec<usize>> {
                let t: &$tables = tables.get()?;
                let shape = (t.size, t.num_actions);
                $crate::python::vector::encode_batch(&states, t, shape, (&obs, &mask, &seats))
            }

            $($own)*
        }
    };
}

pub(crate) use game_core;
