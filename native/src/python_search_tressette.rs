//! The card Tressette's heuristic plays, as the native search's rollouts play it (its
//! searches are bound with the other games' in `python_search.rs`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::python_tressette::TressetteCore;
use crate::search::tressette_search::policy_card;
use crate::search::TrickSearch;

/// The card the heuristic (`koloda/games/tressette/heuristic.py`) plays for the seat to act
/// in `state`, from that seat's hand and the cards played only.
#[pyfunction]
fn tressette_policy_card(state: PyRef<'_, TressetteCore>) -> PyResult<u32> {
    if !state.game.in_play() || state.game.legal_card_mask() == 0 {
        return Err(PyValueError::new_err("no card is to be played"));
    }
    Ok(policy_card(&state.game) as u32)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tressette_policy_card, m)?)?;
    Ok(())
}
