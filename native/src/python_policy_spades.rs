//! The binding of the Spades rollout policy (`crate::search::policy_spades`), so that tests
//! can hold its card against the Python heuristic's (`koloda.games.spades.heuristic`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::python::SpadesCore;
use crate::search::policy_spades::spades_card;
use crate::search::TrickSearch;

/// The card the Spades heuristic plays for the seat to act in `state`, which must be in the
/// card play.
#[pyfunction]
fn spades_policy_card(state: PyRef<'_, SpadesCore>) -> PyResult<u32> {
    let game = &state.game;
    if !game.in_play() || game.legal_card_mask() == 0 {
        return Err(PyValueError::new_err(
            "no card to play: the card play is not on",
        ));
    }
    Ok(spades_card(game) as u32)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(spades_policy_card, m)?)?;
    Ok(())
}
