//! Bindings of the native search for Tressette: ISMCTS over its card play (as
//! `ismcts_spades` in `python_search.rs`) and the card its heuristic plays.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::python_search::run;
use crate::python_tressette::TressetteCore;
use crate::search::tressette_search::policy_card;
use crate::search::TrickSearch;

/// One place of the hidden cards: size, excluded cards, cards held for sure, a set it holds
/// at least one card of among the unseen ones (0: none).
type PlaceTuple = (u32, u64, u64, u64);
/// The chosen card, each root card's visits, simulations done, fallback deals used.
type ResultTuple = (u32, Vec<(u32, u32)>, u64, u64);

/// ISMCTS for `seat`, to play a card in the Tressette position `state` (as `ismcts_spades`).
#[pyfunction]
#[pyo3(signature = (state, seat, unseen, places, simulations=None, milliseconds=None, seed=0, exploration=0.7))]
#[allow(clippy::too_many_arguments)]
fn ismcts_tressette(
    py: Python<'_>,
    state: PyRef<'_, TressetteCore>,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    simulations: Option<u64>,
    milliseconds: Option<f64>,
    seed: u64,
    exploration: f64,
) -> PyResult<ResultTuple> {
    let game = state.game.clone();
    drop(state);
    run(
        py,
        game,
        seat,
        unseen,
        places,
        simulations,
        milliseconds,
        seed,
        exploration,
    )
}

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
    m.add_function(wrap_pyfunction!(ismcts_tressette, m)?)?;
    m.add_function(wrap_pyfunction!(tressette_policy_card, m)?)?;
    Ok(())
}
