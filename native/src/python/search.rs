//! Bindings of the native search (`crate::search`): ISMCTS and PIMC over the card play of
//! Spades, King and Tressette, for `koloda.bots.search.native_ismcts` and `native_pimc`, and
//! the post-game analysis's valuing over them.
//!
//! The caller passes a position that agrees with the searching seat's view (a sample of it)
//! and what the seat knows of the cards it has not seen, as `koloda/core/sampling.py`'s
//! `HiddenCards` says it: the unseen cards and one place per seat `(size, excluded, held,
//! at_least_one)`. Every iteration deals the unseen cards anew from that knowledge, so the
//! sample's hidden hands matter only as the fallback deal.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::core::cards::{CardBits, CardCode};
use crate::core::rng::Rng;
use crate::games::spades::policy::heuristic_bid;
use crate::python::king::KingCore;
use crate::python::spades::SpadesCore;
use crate::python::tressette::TressetteCore;
use crate::search::analysis::{dealt_values, values};
use crate::search::beliefs_tricks::bid_weight;
use crate::search::{
    ismcts, pimc, Budget, Determinizer, PimcOptions, PimcResult, Place, PlayBelief, SearchResult,
    TrickSearch, Weighing,
};

/// One place of the hidden cards: size, excluded cards, cards held for sure, a set it holds
/// at least one card of among the unseen ones (0: none).
type PlaceTuple = (u32, u64, u64, u64);
/// At most `most` cards of `set` in `seat`'s hand: `(seat, set, most)`.
type LimitTuple = (usize, u64, u32);
/// The chosen card, each root card's visits, simulations done, fallback deals used.
type ResultTuple = (u32, Vec<(u32, u32)>, u64, u64);
/// The chosen card, each legal card's mean value, deals searched, fallback deals used,
/// positions the exact search visited.
type PimcTuple = (u32, Vec<(u32, f64)>, u64, u64, u64);

/// The dealer of the hidden cards for `seat` in `game` from the knowledge, after the
/// arguments every search takes are checked.
pub(crate) fn dealer<G: TrickSearch>(
    game: &G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    limits: Vec<LimitTuple>,
    milliseconds: Option<f64>,
) -> PyResult<Determinizer> {
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
    let hands: Vec<CardBits> = (0..n).map(|s| game.hand(s)).collect();
    Determinizer::new(seat, unseen, &places, &hands)
        .and_then(|dealer| dealer.with_limits(limits))
        .map_err(PyValueError::new_err)
}

/// ISMCTS in `game` for `seat`, without the interpreter lock.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_ismcts<G: TrickSearch + Send>(
    py: Python<'_>,
    game: G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    limits: Vec<LimitTuple>,
    simulations: Option<u64>,
    milliseconds: Option<f64>,
    seed: u64,
    exploration: f64,
    heuristic: bool,
) -> PyResult<ResultTuple> {
    if !exploration.is_finite() || exploration < 0.0 {
        return Err(PyValueError::new_err(
            "exploration must be a finite number >= 0",
        ));
    }
    let mut dealer = dealer(&game, seat, unseen, places, limits, milliseconds)?;
    let budget = Budget {
        simulations,
        milliseconds,
    };
    let result: Result<SearchResult, String> = py.detach(move || {
        ismcts(
            &game,
            seat,
            &mut dealer,
            budget,
            seed,
            exploration,
            heuristic,
        )
    });
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

/// PIMC in `game` for `seat`, without the interpreter lock.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_pimc<G: TrickSearch + Send>(
    py: Python<'_>,
    game: G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    limits: Vec<LimitTuple>,
    samples: Option<u64>,
    milliseconds: Option<f64>,
    seed: u64,
    options: PimcOptions,
    belief: Option<(PlayBelief<G>, usize, f64)>,
) -> PyResult<PimcTuple> {
    let mut dealer = dealer(&game, seat, unseen, places, limits, milliseconds)?;
    let budget = Budget {
        simulations: samples,
        milliseconds,
    };
    let result: Result<PimcResult, String> = py.detach(move || {
        let weighing = belief
            .as_ref()
            .map(|(belief, candidates, min_effective)| Weighing {
                belief,
                candidates: *candidates,
                min_effective: min_effective.max(0.0),
            });
        pimc(&game, seat, &mut dealer, budget, seed, options, weighing)
    });
    let result = result.map_err(PyValueError::new_err)?;
    Ok((
        result.action as u32,
        result
            .values
            .iter()
            .map(|&(card, value)| (card as u32, value))
            .collect(),
        result.samples,
        result.fallbacks,
        result.nodes,
    ))
}

/// The card the game's policy (its heuristic) plays for the seat to act in `game`, which
/// must be in the card play.
fn policy<G: TrickSearch>(game: &G) -> PyResult<u32> {
    if !game.in_play() || game.legal_mask() == 0 {
        return Err(PyValueError::new_err(
            "no card to play: the card play is not on",
        ));
    }
    game.policy_card(&mut Rng::new(0))
        .map(|card| card as u32)
        .ok_or_else(|| PyValueError::new_err("the game has no rollout policy"))
}

/// The two searches of one game's card play, `ismcts_<game>` and `pimc_<game>`, each for
/// `seat`, to play a card in the position `state` (which agrees with the seat's view), with
/// the seat's knowledge of the unseen cards; `<game>_policy_card`, the card its heuristic
/// plays there (for tests to hold against the Python heuristic); the analysis's valuing
/// (`crate::search::analysis`, for `koloda/bots/analysis.py`): `analysis_<game>(samples,
/// seat, exact_cards)`, each legal action's mean value in points over the sampled positions
/// (native states of the game that agree with the seat's view), and `analysis_<game>_dealt`,
/// the same over `samples` positions dealt natively from `root` by the seat's knowledge of
/// the unseen cards, in the card play (either None where a playout meets a decision the
/// native heuristic does not make); and `$register`, which adds them to the module.
macro_rules! search_bindings {
    (
        $core:ty, $register:ident:
        $ismcts:ident, $pimc:ident, $policy:ident, $analysis:ident, $analysis_dealt:ident
    ) => {
        #[pyfunction]
        fn $policy(state: PyRef<'_, $core>) -> PyResult<u32> {
            policy(&state.game)
        }

        #[pyfunction]
        #[pyo3(signature = (state, seat, unseen, places, simulations=None, milliseconds=None, seed=0, exploration=0.7, heuristic=false, limits=None))]
        #[allow(clippy::too_many_arguments)]
        fn $ismcts(
            py: Python<'_>,
            state: PyRef<'_, $core>,
            seat: usize,
            unseen: u64,
            places: Vec<PlaceTuple>,
            simulations: Option<u64>,
            milliseconds: Option<f64>,
            seed: u64,
            exploration: f64,
            heuristic: bool,
            limits: Option<Vec<LimitTuple>>,
        ) -> PyResult<ResultTuple> {
            let game = state.game.clone();
            drop(state);
            run_ismcts(
                py,
                game,
                seat,
                unseen,
                places,
                limits.unwrap_or_default(),
                simulations,
                milliseconds,
                seed,
                exploration,
                heuristic,
            )
        }

        #[pyfunction]
        #[pyo3(signature = (state, seat, unseen, places, samples=None, milliseconds=None, seed=0, exact_cards=20, rollouts=1, heuristic=true, hands=None, limits=None, lookahead=false, start=None, plays=None, epsilon=None, candidates=4000, effective=0.0))]
        #[allow(clippy::too_many_arguments)]
        fn $pimc(
            py: Python<'_>,
            state: PyRef<'_, $core>,
            seat: usize,
            unseen: u64,
            places: Vec<PlaceTuple>,
            samples: Option<u64>,
            milliseconds: Option<f64>,
            seed: u64,
            exact_cards: u32,
            rollouts: u32,
            heuristic: bool,
            hands: Option<Vec<u64>>,
            limits: Option<Vec<LimitTuple>>,
            lookahead: bool,
            start: Option<PyRef<'_, $core>>,
            plays: Option<Vec<(usize, u32)>>,
            epsilon: Option<f64>,
            candidates: usize,
            effective: f64,
        ) -> PyResult<PimcTuple> {
            let mut game = state.game.clone();
            drop(state);
            let belief = match start {
                Some(start) => {
                    let plays: Vec<(usize, CardCode)> = plays
                        .unwrap_or_default()
                        .into_iter()
                        .map(|(who, card)| (who, card.min(255) as CardCode))
                        .collect();
                    let model = PlayBelief::new(start.game.clone(), plays, seat, epsilon)
                        .map_err(PyValueError::new_err)?;
                    Some((model, candidates.max(1), effective))
                }
                None => None,
            };
            if let Some(hands) = hands {
                if hands.len() != game.num_seats() {
                    return Err(PyValueError::new_err("one hand a seat"));
                }
                for (seat, hand) in hands.into_iter().enumerate() {
                    TrickSearch::set_hand(&mut game, seat, hand);
                }
            }
            let options = PimcOptions {
                exact_cards,
                rollouts,
                heuristic,
                lookahead,
            };
            run_pimc(
                py,
                game,
                seat,
                unseen,
                places,
                limits.unwrap_or_default(),
                samples,
                milliseconds,
                seed,
                options,
                belief,
            )
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
            py.detach(move || values(&games, seat, exact_cards))
                .map_err(PyValueError::new_err)
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
            limits: Option<Vec<LimitTuple>>,
        ) -> PyResult<Option<Vec<(u32, f64)>>> {
            let game = root.game.clone();
            drop(root);
            let limits = limits.unwrap_or_default();
            let mut dealer = dealer(&game, seat, unseen, places, limits, None)?;
            py.detach(move || dealt_values(&game, seat, &mut dealer, samples, seed, exact_cards))
                .map_err(PyValueError::new_err)
        }

        pub(crate) fn $register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            m.add_function(wrap_pyfunction!($ismcts, m)?)?;
            m.add_function(wrap_pyfunction!($pimc, m)?)?;
            m.add_function(wrap_pyfunction!($policy, m)?)?;
            m.add_function(wrap_pyfunction!($analysis, m)?)?;
            m.add_function(wrap_pyfunction!($analysis_dealt, m)?)
        }
    };
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

search_bindings!(
    SpadesCore, register_spades:
    ismcts_spades, pimc_spades, spades_policy_card, analysis_spades, analysis_spades_dealt
);
search_bindings!(
    KingCore, register_king:
    ismcts_king, pimc_king, king_policy_card, analysis_king, analysis_king_dealt
);
search_bindings!(
    TressetteCore, register_tressette:
    ismcts_tressette, pimc_tressette, tressette_policy_card, analysis_tressette, analysis_tressette_dealt
);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_spades(m)?;
    register_king(m)?;
    register_tressette(m)?;
    m.add_function(wrap_pyfunction!(spades_bid_model, m)?)
}
