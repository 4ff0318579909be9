//! Bindings of the vector environment's native path (`koloda.envs.VectorEnv`): a batch of
//! native states stepped in one call, and their observations, masks and acting seats
//! written in another straight into the environment's numpy arrays (`crate::vector`,
//! each game's [`Encoder`]). [`BatchGame`] is what a game's state class provides; the loops
//! over the batch and each game's bucket tables and two batch functions are written once,
//! here, for every game.
//!
//! A hand of 101 needs chance in the middle of a step (the discard pile reshuffled into a
//! new stock, H-11) and at its end (the next hand). Its batch step reshuffles as the state's
//! own shuffler does (natively when it is the seeded core `Shuffler`, else by calling it)
//! but leaves the next hand undealt: the step reports it due, the environment reads the
//! finished hand's scores, and `_deal_from_shuffler` deals it (the same deck
//! `apply_unchecked` would have dealt at once). The whole-deck games' step is
//! [`DealtGame::step_unchecked`].

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::PyClass;

use crate::games::hundred_one::vector::{HundredOneTables, NoDeal};
use crate::games::hundred_one::{self, HundredOne};
use crate::games::king::vector::KingTables;
use crate::games::king::King;
use crate::games::spades::vector::SpadesTables;
use crate::games::spades::Spades;
use crate::games::tressette::vector::TressetteTables;
use crate::games::tressette::Tressette;
use crate::games::{DealtGame, Game};
use crate::python::hundred_one::{HundredOneCore, StepFailure};
use crate::python::king::KingCore;
use crate::python::spades::SpadesCore;
use crate::python::tressette::TressetteCore;
use crate::vector::batch::{self, encode_rows, Rows};
use crate::vector::Encoder;

/// A native state class whose batches the vector environment steps and encodes: its game
/// (an [`Encoder`]) and its step without events.
pub(crate) trait BatchGame: PyClass<Frozen = pyo3::pyclass::boolean_struct::False> {
    /// The game the class holds.
    type Game: Encoder;
    /// The game of the state.
    fn game(&self) -> &Self::Game;
    /// Applies `code`: whether the next deal is due, and whether the game is over.
    fn batch_step(&mut self, code: u32) -> (bool, bool);
}

/// The memory of a writable, C-contiguous buffer of `len` items (a numpy array). The
/// slice borrows the buffer object, not its memory, hence the allowed lint: each caller
/// takes one slice of each buffer it was given and uses it before Python runs again.
#[allow(clippy::mut_from_ref)]
fn writable<'a, T: Element>(
    buffer: &'a PyBuffer<T>,
    len: usize,
    what: &str,
) -> PyResult<&'a mut [T]> {
    if buffer.readonly() || buffer.item_count() != len {
        return Err(PyValueError::new_err(format!(
            "{what} must be a writable array of {len} items"
        )));
    }
    let pointer = buffer
        .as_slice_ptr()
        .ok_or_else(|| PyValueError::new_err(format!("{what} must be C-contiguous")))?;
    // SAFETY: the buffer is held (so the memory lives) for `'a`, it is writable and
    // C-contiguous with `len` items of `T` (checked), and no Python code runs while the
    // slice is used: nothing else reads or writes that memory meanwhile.
    Ok(unsafe { &mut *pointer.as_ptr() })
}

/// Scores of a finished deal, or None (Python reads them): see [`Encoder::last_deal_scores`].
pub(crate) type Ended = Vec<(usize, Option<Vec<i64>>)>;

/// Applies the action at `indices[i]` to `states[i]`, deals the next deal where one is due
/// (as `apply_unchecked` does); the positions of the states whose deal (or game) ended,
/// each with the points of that deal.
pub(crate) fn step_batch<G: BatchGame>(
    py: Python<'_>,
    states: &[Bound<'_, G>],
    indices: &PyBuffer<i64>,
    tables: &<G::Game as Encoder>::Tables,
) -> PyResult<Ended> {
    let indices = indices.to_vec(py)?;
    if states.len() != indices.len() {
        return Err(PyValueError::new_err("one index per state"));
    }
    let mut ended = Vec::new();
    for (i, (state, &index)) in states.iter().zip(&indices).enumerate() {
        let (due, over, scores) = {
            let mut this = state.borrow_mut();
            if !this.game().in_deal() {
                return Err(PyValueError::new_err("no decision is due"));
            }
            let code = usize::try_from(index)
                .ok()
                .and_then(|index| this.game().action_code(tables, index))
                .ok_or_else(|| PyValueError::new_err(format!("no action at index {index}")))?;
            let (due, over) = this.batch_step(code);
            let scores = if due || over {
                this.game().last_deal_scores()
            } else {
                None
            };
            (due, over, scores)
        };
        if due {
            state.as_any().call_method0("_deal_from_shuffler")?;
        }
        if due || over {
            ended.push((i, scores));
        }
    }
    Ok(ended)
}

/// Writes each state's acting seat, observation and legal actions into row i of the arrays
/// ([`encode_rows`]); the rows Python must encode itself.
pub(crate) fn encode_batch<G: BatchGame>(
    states: &[PyRef<'_, G>],
    tables: &<G::Game as Encoder>::Tables,
    (size, num_actions): (usize, usize),
    (obs, mask, seats): (&PyBuffer<f32>, &PyBuffer<u8>, &PyBuffer<i64>),
) -> PyResult<Vec<usize>> {
    let n = states.len();
    let rows = Rows {
        size,
        num_actions,
        obs: writable(obs, n * size, "obs")?,
        mask: writable(mask, n * num_actions, "mask")?,
        seats: writable(seats, n, "seats")?,
    };
    Ok(encode_rows(
        states.iter().map(|state| state.game()),
        tables,
        rows,
    ))
}

/// The memory of a C-contiguous buffer of `len` items, to read.
fn readable<'a, T: Element>(buffer: &'a PyBuffer<T>, len: usize, what: &str) -> PyResult<&'a [T]> {
    if buffer.item_count() != len {
        return Err(PyValueError::new_err(format!(
            "{what} must hold {len} items"
        )));
    }
    let pointer = buffer
        .as_slice_ptr()
        .ok_or_else(|| PyValueError::new_err(format!("{what} must be C-contiguous")))?;
    // SAFETY: as in `writable`, without the writing: the memory lives while the buffer is
    // held and no Python code runs while the slice is read.
    Ok(unsafe { &*pointer.as_ptr() })
}

/// A uniformly random legal action index of every row of `mask` into `out`
/// ([`batch::sample_masked`]).
#[pyfunction]
pub fn sample_masked(
    py: Python<'_>,
    mask: PyBuffer<u8>,
    num_actions: usize,
    uniforms: PyBuffer<f64>,
    out: PyBuffer<i64>,
) -> PyResult<()> {
    let uniforms = uniforms.to_vec(py)?;
    let n = uniforms.len();
    let out = writable(&out, n, "out")?;
    let mask = readable(&mask, n * num_actions, "mask")?;
    batch::sample_masked(mask, num_actions, &uniforms, out);
    Ok(())
}

/// The whole-deck games' state classes as [`BatchGame`]s: a step deals the next deal at
/// once where it is due.
macro_rules! dealt_batch_games {
    ($($core:ty = $game:ty),*) => {
        $(
            impl BatchGame for $core {
                type Game = $game;
                fn game(&self) -> &$game {
                    &self.game
                }
                fn batch_step(&mut self, code: u32) -> (bool, bool) {
                    let due = DealtGame::step_unchecked(&mut self.game, code);
                    (due, self.game.is_over())
                }
            }
        )*
    };
}

dealt_batch_games!(
    SpadesCore = Spades,
    KingCore = King,
    TressetteCore = Tressette
);

/// 101's state class: its step reshuffles as its shuffler does and leaves the next hand due.
impl BatchGame for HundredOneCore {
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

/// Declares each game's bucket-table class (built from the flat list of its game's `vector`
/// module, with tables that have `from_flat`, `size` and `num_actions`) and its two batch
/// functions, for a state class that implements [`BatchGame`]; and `register`, which adds
/// them to the module with `sample_masked`.
macro_rules! batch_bindings {
    ($($core:ty: $tables_class:ident($tables:ty, $name:literal), $step:ident, $encode:ident);*) => {
        $(
            #[doc = concat!("The bucket tables of one ", $name, " action space and encoder.")]
            #[pyclass(module = "koloda._native", frozen)]
            pub struct $tables_class {
                tables: $tables,
            }

            #[pymethods]
            impl $tables_class {
                #[new]
                fn new(flat: Vec<i64>) -> PyResult<Self> {
                    <$tables>::from_flat(&flat)
                        .map(|tables| $tables_class { tables })
                        .ok_or_else(|| {
                            PyValueError::new_err(concat!("malformed ", $name, " batch tables"))
                        })
                }
            }

            #[doc = concat!("Steps a batch of ", $name, " states (`step_batch`): the positions whose deal or game ended.")]
            #[pyfunction]
            pub fn $step(
                py: Python<'_>,
                states: Vec<Bound<'_, $core>>,
                indices: PyBuffer<i64>,
                tables: PyRef<'_, $tables_class>,
            ) -> PyResult<Ended> {
                step_batch(py, &states, &indices, &tables.tables)
            }

            #[doc = concat!("Encodes a batch of ", $name, " states into the arrays (`encode_batch`): the rows left to Python.")]
            #[pyfunction]
            pub fn $encode(
                states: Vec<PyRef<'_, $core>>,
                tables: PyRef<'_, $tables_class>,
                obs: PyBuffer<f32>,
                mask: PyBuffer<u8>,
                seats: PyBuffer<i64>,
            ) -> PyResult<Vec<usize>> {
                let t = &tables.tables;
                encode_batch(&states, t, (t.size, t.num_actions), (&obs, &mask, &seats))
            }
        )*

        /// Adds the batch path's classes and functions to the module.
        pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            m.add_function(wrap_pyfunction!(sample_masked, m)?)?;
            $(
                m.add_class::<$tables_class>()?;
                m.add_function(wrap_pyfunction!($step, m)?)?;
                m.add_function(wrap_pyfunction!($encode, m)?)?;
            )*
            Ok(())
        }
    };
}

batch_bindings!(
    SpadesCore: SpadesBatchTables(SpadesTables, "Spades"),
        spades_batch_step, spades_batch_encode;
    KingCore: KingBatchTables(KingTables, "King"),
        king_batch_step, king_batch_encode;
    HundredOneCore: HundredOneBatchTables(HundredOneTables, "101"),
        hundred_one_batch_step, hundred_one_batch_encode;
    TressetteCore: TressetteBatchTables(TressetteTables, "Tressette"),
        tressette_batch_step, tressette_batch_encode
);
