//! The binding of King's native rollout policy (`crate::search::policy_king`), so that tests
//! can hold it against the Python heuristic (`koloda.games.king.heuristic.choose`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::king::PHASE_PLAY;
use crate::python_king::KingCore;
use crate::search::policy_king::king_card;

/// The card King's heuristic plays for the seat to act in `state` (during the card play).
#[pyfunction]
fn king_policy_card(state: PyRef<'_, KingCore>) -> PyResult<u32> {
    let game = &state.game;
    if game.phase != PHASE_PLAY || game.to_act < 0 {
        return Err(PyValueError::new_err(
            "no card to play: the card play is not on",
        ));
    }
    Ok(king_card(game) as u32)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(king_policy_card, m)?)?;
    Ok(())
}
