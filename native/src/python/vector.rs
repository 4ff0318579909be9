//! Bindings of the vector environment's native path (`koloda.envs.VectorEnv`): a batch of
//! native states stepped in one call, and their observations, masks and acting seats
//! written in another straight into the environment's numpy arrays (`crate::vector`,
//! each game's [`Encoder`]): the loops over a batch of any game's state class (a
//! [`GameClass`], whose `batch_step`, `batch_encode` and `batch_tables` call them).
//!
//! A hand of 101 needs chance in the middle of a step (the discard pile reshuffled into a
//! new stock, H-11) and at its end (the next hand). Its batch step reshuffles as the state's
//! own shuffler does (natively when it is the seeded core `Shuffler`, else by calling it)
//! but leaves the next hand undealt: the step reports it due, the environment reads the
//! finished hand's scores, and `_deal_from_shuffler` deals it (the same deck
//! `apply_unchecked` would have dealt at once). The whole-deck games' step is
//! [`DealtGame::step_unchecked`](crate::games::DealtGame::step_unchecked).

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use std::any::Any;

use crate::games::Game;
use crate::python::bridge::GameClass;
use crate::vector::batch::{self, encode_rows, Rows};
use crate::vector::Encoder;

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
pub(crate) fn step_batch<G: GameClass>(
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
pub(crate) fn encode_batch<G: GameClass>(
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
pub(crate) fn sample_masked(
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

/// The bucket tables of one game's action space and encoder, made by the game's class
/// (`KingCore.batch_tables(flat)`...) for its `batch_step` and `batch_encode`.
#[pyclass(module = "koloda._native", frozen)]
pub struct BatchTables(Box<dyn Any + Send + Sync>);

impl BatchTables {
    pub(crate) fn new<T: Any + Send + Sync>(tables: T) -> Self {
        BatchTables(Box::new(tables))
    }

    /// The tables as the game's (a `ValueError` for another game's).
    pub(crate) fn get<T: Any>(&self) -> PyResult<&T> {
        self.0
            .downcast_ref()
            .ok_or_else(|| PyValueError::new_err("the batch tables are another game's"))
    }
}
