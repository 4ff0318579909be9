//! Bindings of the native search (`crate::search`), written once: the trick games' card
//! play searches and the post-game analysis's valuing over them, which every trick game's
//! class calls (`ismcts`, `pimc`, `analysis`, `analysis_dealt`: `python::bridge`'s
//! `dealt_game_class!`), for `koloda.bots.search.native_ismcts` and `native_pimc` and
//! `koloda/bots/analysis.py`; and 101's searches, `ismcts_hundred_one` and
//! `pimc_hundred_one`, for `koloda.games.hundred_one.native_search`.
//!
//! A trick game's search takes a position that agrees with the searching seat's view (a
//! sample of it) and what the seat knows of the cards it has not seen, as
//! `koloda/core/sampling.py`'s `HiddenCards` says it: the unseen cards and one place per
//! seat `(size, excluded, held, at_least_one)`. Every iteration deals the unseen cards anew
//! from that knowledge, so the sample's hidden hands matter only as the fallback deal.
//!
//! 101's searches take deals sampled from the seat's view (its candidates, which the belief
//! model weighs), from which they may deal more (`games::hundred_one::search`); and its
//! helpers for the tests (the belief model's weight of a deal, one rollout, one deal of the
//! hidden cards).
//!
//! A search's settings are keyword arguments, read as the crate's settings structs
//! (`search::request`, `games::hundred_one::search`: their defaults, names and checks),
//! and what it found comes back as the dict of its result's fields.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pythonize::depythonize;
use serde::de::DeserializeOwned;

use crate::core::rng::Rng;
use crate::games::hundred_one::beliefs::Prepared;
use crate::games::hundred_one::search::{
    self as hundred_one_search, rollout_from, HiddenDeal, IsmctsSettings, PimcSettings,
};
use crate::games::hundred_one::HundredOne;
use crate::games::spades::policy::heuristic_bid;
use crate::python::bridge::{plain, value_error};
use crate::python::hundred_one::HundredOneCore;
use crate::search::analysis::{dealt_values, values, Analysed};
use crate::search::beliefs_tricks::bid_weight;
use crate::search::request::{check_probability, dealer, IsmctsRequest, Limit, PimcRequest};
use crate::search::Place;
use crate::search::TrickSearch;

/// One place of the hidden cards as Python gives it: `(size, excluded, held,
/// at_least_one)` ([`Place`]).
pub(crate) type PlaceTuple = (u32, u64, u64, u64);

/// The settings Python gives as keyword arguments, read as the search's own (its defaults
/// for what is left out; a `ValueError` for a name it does not take or a value of the
/// wrong type).
fn settings<T: DeserializeOwned + Default>(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<T> {
    kwargs.map_or_else(
        || Ok(T::default()),
        |kwargs| depythonize(kwargs).map_err(value_error),
    )
}

/// A search's error as a `ValueError`.
fn refused(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// Reads the places Python gives as the search's.
fn places_of(places: Vec<PlaceTuple>) -> Vec<Place> {
    places.into_iter().map(Place::from).collect()
}

/// ISMCTS of a trick game's card play (a class's `ismcts`) on `game` for `seat`, the GIL
/// released: the dict of what it found.
pub(crate) fn ismcts<'py, G: TrickSearch + Send>(
    py: Python<'py>,
    game: G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    settings: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request: IsmctsRequest = self::settings(settings)?;
    let places = places_of(places);
    let found = py.detach(move || request.run(&game, seat, unseen, &places));
    plain(py, &found.map_err(refused)?)
}

/// PIMC of a trick game's card play (a class's `pimc`), as [`ismcts`].
pub(crate) fn pimc<'py, G: TrickSearch + Send>(
    py: Python<'py>,
    game: G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    start: Option<G>,
    settings: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request: PimcRequest = self::settings(settings)?;
    let places = places_of(places);
    let found = py.detach(move || request.run(game, seat, unseen, &places, start));
    plain(py, &found.map_err(refused)?)
}

/// The analysis's valuing over sampled positions (a class's `analysis`): [`values`].
pub(crate) fn analysis<G: Analysed + Send>(
    py: Python<'_>,
    games: Vec<G>,
    seat: usize,
    exact_cards: u32,
) -> PyResult<Option<Vec<(u32, f64)>>> {
    py.detach(move || values(&games, seat, exact_cards))
        .map_err(refused)
}

/// The analysis's valuing over positions dealt from `game` (a class's `analysis_dealt`) by
/// the seat's knowledge `(unseen, places, limits)`: `(samples, seed, exact_cards)` of
/// [`dealt_values`].
pub(crate) fn analysis_dealt<G: Analysed + Send>(
    py: Python<'_>,
    game: G,
    seat: usize,
    (unseen, places, limits): (u64, Vec<PlaceTuple>, Vec<Limit>),
    (samples, seed, exact_cards): (usize, u64, u32),
) -> PyResult<Option<Vec<(u32, f64)>>> {
    let places = places_of(places);
    py.detach(move || {
        let mut dealer = dealer(&game, seat, unseen, &places, &limits)?;
        dealt_values(&game, seat, &mut dealer, samples, seed, exact_cards)
    })
    .map_err(refused)
}

/// The Spades heuristic's bid for a hand (a mask of 13 cards) as the belief model reads it
/// (`policy_spades::heuristic_bid`): `(nil, number)`, whether it bids nil and the number
/// it bids otherwise; and the model's weight of `bid` (nil: 0) from that hand.
#[pyfunction]
#[pyo3(signature = (hand, partner_nil, bid=None))]
fn spades_bid_model(hand: u64, partner_nil: bool, bid: Option<i8>) -> PyResult<(bool, i8, f64)> {
    if hand.count_ones() != 13 || hand & !0x1FFF_1FFF_1FFF_1FFF != 0 {
        return Err(PyValueError::new_err("a hand is a mask of 13 cards"));
    }
    let (nil, number) = heuristic_bid(hand, partner_nil);
    let weight = bid.map_or(1.0, |bid| bid_weight(hand, bid, partner_nil));
    Ok((nil, number, weight))
}

/// The belief model's weight of the deal `state` as `seat` sees the hand (its public log).
#[pyfunction]
#[pyo3(signature = (state, seat, epsilon=0.1, seed=0))]
fn hundred_one_belief_weight(
    state: PyRef<'_, HundredOneCore>,
    seat: usize,
    epsilon: f64,
    seed: u64,
) -> PyResult<f64> {
    check_probability("epsilon", epsilon).map_err(refused)?;
    let prepared = Prepared::new(&state.game, seat).map_err(refused)?;
    Ok(prepared.weight(state.game.hands(), epsilon, &mut Rng::new(seed)))
}

/// One heuristic rollout of `state` as it is to the end of its hand (reshuffles of the pile
/// from `seed`): the reward of `seat`.
#[pyfunction]
#[pyo3(signature = (state, seat, seed=0))]
fn hundred_one_rollout(state: PyRef<'_, HundredOneCore>, seat: usize, seed: u64) -> PyResult<f64> {
    rollout_from(&state.game, seat, &mut Rng::new(seed)).map_err(refused)
}

/// The hands and the stock (its top card last) of `state` with the unseen cards dealt anew
/// from `hidden` (`(unseen, [(seat, size, excluded)])`) for the seat to act, or None when
/// the random deals fail.
#[pyfunction]
#[pyo3(signature = (state, hidden, seed=0))]
fn hundred_one_deal_hidden(
    state: PyRef<'_, HundredOneCore>,
    hidden: &Bound<'_, PyAny>,
    seed: u64,
) -> PyResult<Option<(Vec<u64>, Vec<u8>)>> {
    let hidden: HiddenDeal = depythonize(hidden).map_err(value_error)?;
    let dealt = hidden.deal_for_mover(&state.game, &mut Rng::new(seed));
    let dealt = dealt.map_err(refused)?;
    Ok(dealt.map(|d| (d.hands()[..d.n() as usize].to_vec(), d.stock().to_vec())))
}

/// One of 101's searches (`run`) for the seat to act in `states` (deals that agree with its
/// view, copied out of Python), with the settings Python gives, the GIL released.
fn search_hundred_one<'py, S, R>(
    py: Python<'py>,
    states: Vec<PyRef<'_, HundredOneCore>>,
    settings: Option<&Bound<'_, PyDict>>,
    run: fn(&[HundredOne], &S) -> Result<R, String>,
) -> PyResult<Bound<'py, PyAny>>
where
    S: DeserializeOwned + Default + Send,
    R: serde::Serialize + Send,
{
    let settings: S = self::settings(settings)?;
    let given: Vec<HundredOne> = states.iter().map(|state| state.game.clone()).collect();
    drop(states);
    let found = py.detach(move || run(&given, &settings));
    plain(py, &found.map_err(refused)?)
}

/// A pyfunction `$name(states, **settings)` of one of 101's searches (`$run`, with its
/// settings `$settings`).
macro_rules! hundred_one_search {
    ($(#[$doc:meta])* $name:ident, $settings:ty, $run:path) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (states, **settings))]
        fn $name<'py>(
            py: Python<'py>,
            states: Vec<PyRef<'_, HundredOneCore>>,
            settings: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let run: fn(&[HundredOne], &$settings) -> _ = $run;
            search_hundred_one(py, states, settings, run)
        }
    };
}

hundred_one_search!(
    /// PIMC for the seat to act in `states` (deals that agree with its view), with `dealt`
    /// more deals dealt from `hidden` (the seat's knowledge of the unseen cards); the
    /// settings are [`PimcSettings`]'.
    pimc_hundred_one,
    PimcSettings,
    hundred_one_search::pimc_hundred_one
);

hundred_one_search!(
    /// ISMCTS over the seat's own decisions for the seat to act in `states`, as
    /// `pimc_hundred_one`; the settings are [`IsmctsSettings`]'.
    ismcts_hundred_one,
    IsmctsSettings,
    hundred_one_search::ismcts_hundred_one
);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(spades_bid_model, m)?)?;
    m.add_function(wrap_pyfunction!(ismcts_hundred_one, m)?)?;
    m.add_function(wrap_pyfunction!(pimc_hundred_one, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_belief_weight, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_rollout, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_deal_hidden, m)?)
}
