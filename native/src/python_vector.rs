//! Bindings of the vector environment's native path (`koloda.envs.VectorEnv`): a batch of
//! Spades states stepped in one call and their observations and masks encoded in another
//! (`crate::vector`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::python::SpadesCore;
use crate::python_king::KingCore;
use crate::vector::{encode_spades, spades_code, SpadesTables};
use crate::vector_king::{encode_king, king_code, KingTables};

/// The bucket tables of one Spades action space and encoder (built by
/// `koloda.envs.native_batch`).
#[pyclass(module = "koloda._native", frozen)]
pub struct SpadesBatchTables {
    tables: SpadesTables,
}

#[pymethods]
impl SpadesBatchTables {
    #[new]
    fn new(flat: Vec<i64>) -> PyResult<Self> {
        SpadesTables::from_flat(&flat)
            .map(|tables| SpadesBatchTables { tables })
            .ok_or_else(|| PyValueError::new_err("malformed Spades batch tables"))
    }
}

/// Applies the action at ``indices[i]`` of the action space to ``states[i]`` (legal,
/// checked by the caller against the mask) and deals the next deal where one is due, as
/// ``apply_unchecked`` does; returns for each state whether a deal ended (or the game).
#[pyfunction]
pub fn spades_batch_step(
    states: Vec<Bound<'_, SpadesCore>>,
    indices: Vec<usize>,
    tables: PyRef<'_, SpadesBatchTables>,
) -> PyResult<Vec<bool>> {
    if states.len() != indices.len() {
        return Err(PyValueError::new_err("one index per state"));
    }
    let t = &tables.tables;
    let mut ended = vec![false; states.len()];
    for (i, (state, &index)) in states.iter().zip(&indices).enumerate() {
        let (due, over) = {
            let mut this = state.borrow_mut();
            if !this.game.in_deal() {
                return Err(PyValueError::new_err("no decision is due"));
            }
            let code = spades_code(&this.game, t, index)
                .ok_or_else(|| PyValueError::new_err(format!("no action at index {index}")))?;
            let due = this.game.step(code, &mut ());
            (due, this.game.is_over)
        };
        if due {
            state.call_method0("_deal_from_shuffler")?;
        }
        ended[i] = due || over;
    }
    Ok(ended)
}

/// The observations (float32, little-endian) and masks (one byte an action) of the seat to
/// act in each state, row after row, and the rows Python must encode itself.
#[pyfunction]
pub fn spades_batch_encode<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, SpadesCore>>,
    tables: PyRef<'py, SpadesBatchTables>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, Vec<usize>)> {
    let t = &tables.tables;
    let n = states.len();
    let mut obs = vec![0f32; n * t.size];
    let mut mask = vec![0u8; n * t.num_actions];
    let mut declined = Vec::new();
    for (i, state) in states.iter().enumerate() {
        let row = &mut obs[i * t.size..(i + 1) * t.size];
        let mask_row = &mut mask[i * t.num_actions..(i + 1) * t.num_actions];
        if !encode_spades(&state.game, t, row, mask_row) {
            declined.push(i);
        }
    }
    let bytes = PyBytes::new_with(py, obs.len() * 4, |buffer| {
        for (chunk, value) in buffer.chunks_exact_mut(4).zip(&obs) {
            chunk.copy_from_slice(&value.to_le_bytes());
        }
        Ok(())
    })?;
    Ok((bytes, PyBytes::new(py, &mask), declined))
}

/// The bucket tables of one King action space and encoder.
#[pyclass(module = "koloda._native", frozen)]
pub struct KingBatchTables {
    tables: KingTables,
}

#[pymethods]
impl KingBatchTables {
    #[new]
    fn new(flat: Vec<i64>) -> PyResult<Self> {
        KingTables::from_flat(&flat)
            .map(|tables| KingBatchTables { tables })
            .ok_or_else(|| PyValueError::new_err("malformed King batch tables"))
    }
}

/// ``spades_batch_step`` for King.
#[pyfunction]
pub fn king_batch_step(
    states: Vec<Bound<'_, KingCore>>,
    indices: Vec<usize>,
    tables: PyRef<'_, KingBatchTables>,
) -> PyResult<Vec<bool>> {
    if states.len() != indices.len() {
        return Err(PyValueError::new_err("one index per state"));
    }
    let t = &tables.tables;
    let mut ended = vec![false; states.len()];
    for (i, (state, &index)) in states.iter().zip(&indices).enumerate() {
        let (due, over) = {
            let mut this = state.borrow_mut();
            if !this.game.in_deal() {
                return Err(PyValueError::new_err("no decision is due"));
            }
            let code = king_code(t, index)
                .ok_or_else(|| PyValueError::new_err(format!("no action at index {index}")))?;
            let due = this.game.step(code, &mut ());
            (due, this.game.is_over())
        };
        if due {
            state.call_method0("_deal_from_shuffler")?;
        }
        ended[i] = due || over;
    }
    Ok(ended)
}

/// ``spades_batch_encode`` for King.
#[pyfunction]
pub fn king_batch_encode<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, KingCore>>,
    tables: PyRef<'py, KingBatchTables>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, Vec<usize>)> {
    let t = &tables.tables;
    let n = states.len();
    let mut obs = vec![0f32; n * t.size];
    let mut mask = vec![0u8; n * t.num_actions];
    let mut declined = Vec::new();
    for (i, state) in states.iter().enumerate() {
        let row = &mut obs[i * t.size..(i + 1) * t.size];
        let mask_row = &mut mask[i * t.num_actions..(i + 1) * t.num_actions];
        if !encode_king(&state.game, t, row, mask_row) {
            declined.push(i);
        }
    }
    let bytes = PyBytes::new_with(py, obs.len() * 4, |buffer| {
        for (chunk, value) in buffer.chunks_exact_mut(4).zip(&obs) {
            chunk.copy_from_slice(&value.to_le_bytes());
        }
        Ok(())
    })?;
    Ok((bytes, PyBytes::new(py, &mask), declined))
}
