//! Bindings of the native search (`crate::search`): ISMCTS over the card play of Spades
//! and King, for `koloda.bots.search.native_ismcts`.
//!
//! The caller passes a position that agrees with the searching seat's view (a sample of it)
//! and what the seat knows of the cards it has not seen, as `koloda/core/sampling.py`'s
//! `HiddenCards` says it: the unseen cards and one place per seat `(size, excluded, held,
//! at_least_one)`. Every iteration deals the unseen cards anew from that knowledge, so the
//! sample's hidden hands matter only as the fallback deal.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::cards::CardSet;
use crate::python::SpadesCore;
use crate::python_king::KingCore;
use crate::search::{ismcts, Budget, Determinizer, Place, SearchResult, TrickSearch};

/// One place of the hidden cards: size, excluded cards, cards held for sure, a set it holds
/// at least one card of among the unseen ones (0: none).
type PlaceTuple = (u32, u64, u64, u64);
/// The chosen card, each root card's visits, simulations done, fallback deals used.
type ResultTuple = (u32, Vec<(u32, u32)>, u64, u64);

#[allow(clippy::too_many_arguments)]
pub(crate) fn run<G: TrickSearch + Send>(
    py: Python<'_>,
    game: G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    simulations: Option<u64>,
    milliseconds: Option<f64>,
    seed: u64,
    exploration: f64,
) -> PyResult<ResultTuple> {
    if !exploration.is_finite() || exploration < 0.0 {
        return Err(PyValueError::new_err(
            "exploration must be a finite number >= 0",
        ));
    }
    if milliseconds.is_some_and(|ms| !ms.is_finite() || ms < 0.0) {
        return Err(PyValueError::new_err(
            "milliseconds must be a finite number >= 0",
        ));
    }
    let n = game.num_seats();
    if seat >= n || places.len() != n {
        return Err(PyValueError::new_err(format!(
            "seat {seat} and {} places for {n} seats",
            places.len()
        )));
    }
    let places: Vec<Place> = places
        .into_iter()
        .map(|(size, excluded, held, at_least_one)| Place {
            size,
            excluded,
            held,
            at_least_one,
        })
        .collect();
    let hands: Vec<CardSet> = (0..n).map(|s| game.hand(s)).collect();
    let mut dealer =
        Determinizer::new(seat, unseen, &places, &hands).map_err(PyValueError::new_err)?;
    let budget = Budget {
        simulations,
        milliseconds,
    };
    let result: Result<SearchResult, String> =
        py.detach(move || ismcts(&game, seat, &mut dealer, budget, seed, exploration));
    let result = result.map_err(PyValueError::new_err)?;
    Ok((
        result.action as u32,
        result
            .visits
            .iter()
            .map(|&(card, visits)| (card as u32, visits))
            .collect(),
        result.simulations,
        result.fallbacks,
    ))
}

/// ISMCTS for `seat`, to play a card in the Spades position `state` (which agrees with the
/// seat's view), with the seat's knowledge of the unseen cards.
#[pyfunction]
#[pyo3(signature = (state, seat, unseen, places, simulations=None, milliseconds=None, seed=0, exploration=0.7))]
#[allow(clippy::too_many_arguments)]
fn ismcts_spades(
    py: Python<'_>,
    state: PyRef<'_, SpadesCore>,
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

/// ISMCTS for `seat`, to play a card in the King position `state` (as `ismcts_spades`).
#[pyfunction]
#[pyo3(signature = (state, seat, unseen, places, simulations=None, milliseconds=None, seed=0, exploration=0.7))]
#[allow(clippy::too_many_arguments)]
fn ismcts_king(
    py: Python<'_>,
    state: PyRef<'_, KingCore>,
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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ismcts_spades, m)?)?;
    m.add_function(wrap_pyfunction!(ismcts_king, m)?)?;
    crate::python_search_tressette::register(m)?;
    Ok(())
}
