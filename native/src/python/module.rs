//! The extension module `koloda._native`: each game's bindings (`python/<game>.rs`) and the
//! search's and vector environment's, registered in one module, and what they share.

use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::core::illegal::IllegalMove;

/// Small numbers as a list of ints for Python (a `Vec<u8>` would become `bytes`).
pub fn ints(items: &[u8]) -> Vec<u16> {
    items.iter().map(|&x| x as u16).collect()
}

/// An action as the games' `check` takes it: a Python int that does not fit in an `i64` (or
/// is not an int) is no action of any game, and reads as `i64::MIN`.
pub fn action_code(action: &Bound<'_, PyAny>) -> i64 {
    action.extract::<i64>().unwrap_or(i64::MIN)
}

/// The project's `IllegalActionError` (`koloda.core.errors`) for an illegal `action` of
/// `state`: the action and the legal ones in the notation of `state.rules`, Rust's reason,
/// and the IDs of the rules it breaks as its `rule`.
pub fn illegal_action_error(
    state: &Bound<'_, PyAny>,
    action: &Bound<'_, PyAny>,
    error: &IllegalMove,
) -> PyErr {
    let built = (|| -> PyResult<PyErr> {
        let py = state.py();
        let rules = state.getattr("rules")?;
        let text = rules.call_method1("format_action", (action,))?;
        let legal = PyList::empty(py);
        for code in state.call_method0("legal_actions")?.try_iter()? {
            legal.append(rules.call_method1("format_action", (code?,))?)?;
        }
        let class = py
            .import("koloda.core.errors")?
            .getattr("IllegalActionError")?;
        let value = class.call1((text, error.to_string(), legal))?;
        value.setattr("rule", error.rule())?;
        Ok(PyErr::from_value(value))
    })();
    built.unwrap_or_else(|failure| failure)
}

/// ``Shuffler(seed).shuffled(items, index)`` of ``koloda.core.dealing``, natively (the seed
/// as its text).
#[pyfunction]
fn seeded_shuffle(seed: &str, index: u64, items: Vec<i64>) -> Vec<i64> {
    crate::core::shuffle::seeded_shuffle(seed, index, &items)
}

#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<super::spades::SpadesCore>()?;
    m.add_class::<super::king::KingCore>()?;
    m.add_class::<super::tressette::TressetteCore>()?;
    m.add_class::<super::hundred_one::HundredOneCore>()?;
    m.add_class::<super::vector::BatchTables>()?;
    m.add_function(wrap_pyfunction!(super::vector::sample_masked, m)?)?;
    m.add_function(wrap_pyfunction!(seeded_shuffle, m)?)?;
    super::search::register(m)?;
    Ok(())
}
