//! Bindings of the native search of 101 (`crate::search`): the heuristic player, for
//! `koloda.bots.search.native_pimc_hundred_one` and the differential tests.

use pyo3::prelude::*;

use crate::python_hundred_one::HundredOneCore;
use crate::search::policy_hundred_one::hundred_one_action;

/// The heuristic's action for the seat to act in `state` (its hand and public facts only).
#[pyfunction]
fn hundred_one_policy_action(state: PyRef<'_, HundredOneCore>) -> PyResult<u32> {
    if !state.game.in_deal() || state.game.to_act < 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "nobody is to act in this position",
        ));
    }
    Ok(hundred_one_action(&state.game))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(hundred_one_policy_action, m)?)?;
    Ok(())
}
