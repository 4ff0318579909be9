//! Bindings of the native search (`crate::search`) for every native game, written once:
//! `<game>_policy_action`, the action the game's heuristic (the searches' rollout policy)
//! takes for the seat to act; ISMCTS and PIMC, `ismcts_<game>` and `pimc_<game>`, for
//! `koloda.bots.search.native_ismcts` and `native_pimc` (the trick games' card play) and
//! `koloda.games.hundred_one.native_search` (101); and the post-game analysis's valuing
//! over the trick games, `analysis_<game>` and `analysis_<game>_dealt`.
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
use crate::games::hundred_one::search::{
    self as hundred_one_search, rollout_from, HiddenDeal, IsmctsSettings, PimcSettings,
};
use crate::games::hundred_one::HundredOne;
use crate::games::spades::policy::heuristic_bid;
use crate::python::bridge::{plain, value_error};
use crate::python::hundred_one::HundredOneCore;
use crate::python::king::KingCore;
use crate::python::spades::SpadesCore;
use crate::python::tressette::TressetteCore;
use crate::search::analysis::{dealt_values, values};
use crate::search::beliefs_hundred_one::Prepared;
use crate::search::beliefs_tricks::bid_weight;
use crate::search::policy::PolicyAction;
use crate::search::request::{check_probability, dealer, IsmctsRequest, Limit, PimcRequest};
use crate::search::Place;

/// One place of the hidden cards as Python gives it: `(size, excluded, held,
/// at_least_one)` ([`Place`]).
type PlaceTuple = (u32, u64, u64, u64);

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

/// `<game>_policy_action(state)` of each game (`PolicyAction`), for the tests to hold
/// against the Python heuristic; and `register_policies`, which adds them to the module.
macro_rules! policy_bindings {
    ($($core:ty: $name:ident),*) => {
        $(
            #[pyfunction]
            fn $name(state: PyRef<'_, $core>) -> PyResult<u32> {
                state.game.policy_action().map_err(refused)
            }
        )*

        fn register_policies(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_function(wrap_pyfunction!($name, m)?)?;)*
            Ok(())
        }
    };
}

policy_bindings!(
    SpadesCore: spades_policy_action,
    KingCore: king_policy_action,
    TressetteCore: tressette_policy_action,
    HundredOneCore: hundred_one_policy_action
);

/// The two searches of one game's card play, `ismcts_<game>` and `pimc_<game>`, each for
/// `seat`, to play a card in the position `state` (which agrees with the seat's view), with
/// the seat's knowledge of the unseen cards; the analysis's valuing
/// (`crate::search::analysis`, for `koloda/bots/analysis.py`): `analysis_<game>(samples,
/// seat, exact_cards)`, each legal action's mean value in points over the sampled positions
/// (native states of the game that agree with the seat's view), and `analysis_<game>_dealt`,
/// the same over `samples` positions dealt natively from `root` by the seat's knowledge of
/// the unseen cards, in the card play (either None where a playout meets a decision the
/// native heuristic does not make); and `register_trick_searches`, which adds them all to the
/// module.
macro_rules! search_bindings {
    ($($core:ty: $ismcts:ident, $pimc:ident, $analysis:ident, $analysis_dealt:ident);*) => {
        $(
            #[pyfunction]
            #[pyo3(signature = (state, seat, unseen, places, **settings))]
            fn $ismcts<'py>(
                py: Python<'py>,
                state: PyRef<'_, $core>,
                seat: usize,
                unseen: u64,
                places: Vec<PlaceTuple>,
                settings: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let request: IsmctsRequest = self::settings(settings)?;
                let places: Vec<Place> = places.into_iter().map(Place::from).collect();
                let game = state.game.clone();
                drop(state);
                let found = py.detach(move || request.run(&game, seat, unseen, &places));
                plain(py, &found.map_err(refused)?)
            }

            #[pyfunction]
            #[pyo3(signature = (state, seat, unseen, places, start=None, **settings))]
            fn $pimc<'py>(
                py: Python<'py>,
                state: PyRef<'_, $core>,
                seat: usize,
                unseen: u64,
                places: Vec<PlaceTuple>,
                start: Option<PyRef<'_, $core>>,
                settings: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let request: PimcRequest = self::settings(settings)?;
                let places: Vec<Place> = places.into_iter().map(Place::from).collect();
                let game = state.game.clone();
                let start = start.map(|start| start.game.clone());
                drop(state);
                let found = py.detach(move || request.run(game, seat, unseen, &places, start));
                plain(py, &found.map_err(refused)?)
            }

            #[pyfunction]
            #[pyo3(signature = (samples, seat, exact_cards=12))]
            fn $analysis(
                py: Python<'_>,
                samples: Vec<PyRef<'_, $core>>,
                seat: usize,
                exact_cards: u32,
            ) -> PyResult<Option<Vec<(u32, f64)>>> {
                let games: Vec<_> = samples.iter().map(|state| state.game.clone()).collect();
                drop(samples);
                py.detach(move || values(&games, seat, exact_cards)).map_err(refused)
            }

            #[pyfunction]
            #[pyo3(signature = (root, seat, unseen, places, samples, seed, exact_cards=12, limits=None))]
            #[allow(clippy::too_many_arguments)]
            fn $analysis_dealt(
                py: Python<'_>,
                root: PyRef<'_, $core>,
                seat: usize,
                unseen: u64,
                places: Vec<PlaceTuple>,
                samples: usize,
                seed: u64,
                exact_cards: u32,
                limits: Option<Vec<Limit>>,
            ) -> PyResult<Option<Vec<(u32, f64)>>> {
                let game = root.game.clone();
                drop(root);
                let limits = limits.unwrap_or_default();
                let places: Vec<Place> = places.into_iter().map(Place::from).collect();
                py.detach(move || {
                    let mut dealer = dealer(&game, seat, unseen, &places, &limits)?;
                    dealt_values(&game, seat, &mut dealer, samples, seed, exact_cards)
                })
                .map_err(refused)
            }
        )*

        fn register_trick_searches(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!($ismcts, m)?)?;
                m.add_function(wrap_pyfunction!($pimc, m)?)?;
                m.add_function(wrap_pyfunction!($analysis, m)?)?;
                m.add_function(wrap_pyfunction!($analysis_dealt, m)?)?;
            )*
            Ok(())
        }
    };
}

search_bindings!(
    SpadesCore: ismcts_spades, pimc_spades, analysis_spades, analysis_spades_dealt;
    KingCore: ismcts_king, pimc_king, analysis_king, analysis_king_dealt;
    TressetteCore: ismcts_tressette, pimc_tressette, analysis_tressette, analysis_tressette_dealt
);

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
    register_policies(m)?;
    register_trick_searches(m)?;
    m.add_function(wrap_pyfunction!(spades_bid_model, m)?)?;
    m.add_function(wrap_pyfunction!(ismcts_hundred_one, m)?)?;
    m.add_function(wrap_pyfunction!(pimc_hundred_one, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_belief_weight, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_rollout, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_deal_hidden, m)?)
}
