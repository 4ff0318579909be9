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
//! model weighs) and the seat's knowledge of the unseen cards as places for the hands and
//! the stock `(seat, size, excluded)`, from which they deal more candidates
//! (`games::hundred_one::search`); and its helpers for the tests (the belief model's
//! weight of a deal, one rollout, one deal of the hidden cards).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::core::cards::{CardBits, CardCode};
use crate::core::rng::Rng;
use crate::games::hundred_one::policy::hundred_one_action;
use crate::games::hundred_one::search::{
    self as hundred_one_search, rollout, Dealing, HiddenDeal, HiddenPlace, IsmctsSettings,
    PimcSettings,
};
use crate::games::hundred_one::HundredOne;
use crate::games::spades::policy::heuristic_bid;
use crate::python::hundred_one::HundredOneCore;
use crate::python::king::KingCore;
use crate::python::spades::SpadesCore;
use crate::python::tressette::TressetteCore;
use crate::search::analysis::{dealt_values, values};
use crate::search::beliefs_hundred_one::Prepared;
use crate::search::beliefs_tricks::bid_weight;
use crate::search::{
    ismcts, pimc, Budget, Determinizer, PimcOptions, Place, PlayBelief, TrickSearch, Weighing,
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
/// 101's PIMC: each legal action with its value, the deals searched, the effective number
/// of weighed candidates, the candidates (given and dealt).
type HundredOnePimcTuple = (Vec<(u32, f64)>, u64, f64, usize);
/// 101's ISMCTS: each legal action with its mean and visits, the iterations, the effective
/// number of weighed candidates, the candidates and the nodes of the tree.
type HundredOneIsmctsTuple = (Vec<(u32, f64, u64)>, u64, f64, usize, usize);
/// 101's unseen cards and their places: (seat, or the number of seats for the stock; size;
/// excluded cards).
type HiddenTuple = (u64, Vec<(usize, u32, u64)>);

/// A time budget is a finite number of milliseconds >= 0.
fn check_milliseconds(milliseconds: Option<f64>) -> PyResult<()> {
    if milliseconds.is_some_and(|ms| !ms.is_finite() || ms < 0.0) {
        return Err(PyValueError::new_err(
            "milliseconds must be a finite number >= 0",
        ));
    }
    Ok(())
}

fn check_probability(name: &str, value: f64) -> PyResult<()> {
    if !(0.0..=1.0).contains(&value) {
        return Err(PyValueError::new_err(format!(
            "{name} must be a probability, not {value}"
        )));
    }
    Ok(())
}

/// The dealer of the hidden cards for `seat` in `game` from the knowledge, after the
/// arguments every search takes are checked.
fn dealer<G: TrickSearch>(
    game: &G,
    seat: usize,
    unseen: u64,
    places: Vec<PlaceTuple>,
    limits: Vec<LimitTuple>,
    milliseconds: Option<f64>,
) -> PyResult<Determinizer> {
    check_milliseconds(milliseconds)?;
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

/// The action the game's policy (its heuristic, the searches' rollout policy) takes for the
/// seat to act: a card in a trick game's card play, any decision of 101.
trait PolicyAction {
    fn policy_action(&self) -> PyResult<u32>;
}

impl<G: TrickSearch> PolicyAction for G {
    fn policy_action(&self) -> PyResult<u32> {
        if !self.in_play() || self.legal_mask() == 0 {
            return Err(PyValueError::new_err(
                "no card to play: the card play is not on",
            ));
        }
        self.policy_card(&mut Rng::new(0))
            .map(|card| card as u32)
            .ok_or_else(|| PyValueError::new_err("the game has no rollout policy"))
    }
}

impl PolicyAction for HundredOne {
    fn policy_action(&self) -> PyResult<u32> {
        Ok(hundred_one_action(with_mover(self)?))
    }
}

/// `<game>_policy_action(state)` of each game (`PolicyAction`), for the tests to hold
/// against the Python heuristic; and `register_policies`, which adds them to the module.
macro_rules! policy_bindings {
    ($($core:ty: $name:ident),*) => {
        $(
            #[pyfunction]
            fn $name(state: PyRef<'_, $core>) -> PyResult<u32> {
                state.game.policy_action()
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
                if !exploration.is_finite() || exploration < 0.0 {
                    return Err(PyValueError::new_err(
                        "exploration must be a finite number >= 0",
                    ));
                }
                let game = state.game.clone();
                drop(state);
                let limits = limits.unwrap_or_default();
                let mut dealer = dealer(&game, seat, unseen, places, limits, milliseconds)?;
                let budget = Budget {
                    simulations,
                    milliseconds,
                };
                let result = py
                    .detach(move || {
                        ismcts(&game, seat, &mut dealer, budget, seed, exploration, heuristic)
                    })
                    .map_err(PyValueError::new_err)?;
                let visits = result.visits.iter();
                Ok((
                    result.action as u32,
                    visits.map(|&(card, n)| (card as u32, n)).collect(),
                    result.simulations,
                    result.fallbacks,
                ))
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
                let limits = limits.unwrap_or_default();
                let mut dealer = dealer(&game, seat, unseen, places, limits, milliseconds)?;
                let budget = Budget {
                    simulations: samples,
                    milliseconds,
                };
                let result = py
                    .detach(move || {
                        let weighing = belief.as_ref().map(|(belief, candidates, effective)| {
                            Weighing {
                                belief,
                                candidates: *candidates,
                                min_effective: effective.max(0.0),
                            }
                        });
                        pimc(&game, seat, &mut dealer, budget, seed, options, weighing)
                    })
                    .map_err(PyValueError::new_err)?;
                let values = result.values.iter();
                Ok((
                    result.action as u32,
                    values.map(|&(card, value)| (card as u32, value)).collect(),
                    result.samples,
                    result.fallbacks,
                    result.nodes,
                ))
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
                py.detach(move || {
                    dealt_values(&game, seat, &mut dealer, samples, seed, exact_cards)
                })
                .map_err(PyValueError::new_err)
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

/// 101's `game`, in which a seat is to act.
fn with_mover(game: &HundredOne) -> PyResult<&HundredOne> {
    if !game.in_deal() || game.to_act().is_none() {
        return Err(PyValueError::new_err("nobody is to act in this position"));
    }
    Ok(game)
}

/// The seat's knowledge of the unseen cards as the search takes it; with `seats`, checked to
/// hold exactly the unseen cards in places at that table.
fn hidden_deal((unseen, places): HiddenTuple, seats: Option<usize>) -> PyResult<HiddenDeal> {
    if let Some(seats) = seats {
        let sizes: u32 = places.iter().map(|p| p.1).sum();
        if sizes != unseen.count_ones() || places.iter().any(|p| p.0 > seats) {
            return Err(PyValueError::new_err(
                "the hidden places do not hold the unseen cards",
            ));
        }
    }
    Ok(HiddenDeal {
        unseen,
        places: places
            .into_iter()
            .map(|(seat, size, excluded)| HiddenPlace {
                seat,
                size,
                excluded,
            })
            .collect(),
    })
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
    check_probability("epsilon", epsilon)?;
    let prepared = Prepared::new(&state.game, seat).map_err(PyValueError::new_err)?;
    Ok(prepared.weight(state.game.hands(), epsilon, &mut Rng::new(seed)))
}

/// One heuristic rollout of `state` as it is to the end of its hand (reshuffles of the pile
/// from `seed`): the reward of `seat`.
#[pyfunction]
#[pyo3(signature = (state, seat, seed=0))]
fn hundred_one_rollout(state: PyRef<'_, HundredOneCore>, seat: usize, seed: u64) -> PyResult<f64> {
    let copy = with_mover(&state.game)?.for_search();
    if seat >= copy.n() as usize {
        return Err(PyValueError::new_err(format!(
            "no seat {seat} at this table"
        )));
    }
    Ok(rollout(copy, seat, &mut Rng::new(seed)))
}

/// The hands and the stock (its top card last) of `state` with the unseen cards dealt anew
/// from `hidden` for the seat to act, or None when the random deals fail.
#[pyfunction]
#[pyo3(signature = (state, hidden, seed=0))]
fn hundred_one_deal_hidden(
    state: PyRef<'_, HundredOneCore>,
    hidden: HiddenTuple,
    seed: u64,
) -> PyResult<Option<(Vec<u64>, Vec<u8>)>> {
    let game = with_mover(&state.game)?;
    let hidden = hidden_deal(hidden, Some(game.n() as usize))?;
    let seat = game.to_act().expect("a seat is to act").at();
    let dealt = hidden.deal(game, seat, &mut Rng::new(seed));
    Ok(dealt.map(|d| (d.hands()[..d.n() as usize].to_vec(), d.stock().to_vec())))
}

/// What both searches check and take alike: the time budget and the belief model's epsilon
/// checked, the deals copied out of Python and the seat's knowledge of the unseen cards.
fn searched_deals(
    states: Vec<PyRef<'_, HundredOneCore>>,
    milliseconds: Option<f64>,
    epsilon: Option<f64>,
    hidden: Option<HiddenTuple>,
) -> PyResult<(Vec<HundredOne>, Option<HiddenDeal>)> {
    check_milliseconds(milliseconds)?;
    if let Some(epsilon) = epsilon {
        check_probability("epsilon", epsilon)?;
    }
    let candidates: Vec<HundredOne> = states.iter().map(|s| s.game.clone()).collect();
    let seats = candidates.first().map(|first| first.n() as usize);
    let hidden = hidden.map(|h| hidden_deal(h, seats)).transpose()?;
    Ok((candidates, hidden))
}

/// PIMC for the seat to act in `states` (deals that agree with its view), with `dealt` more
/// deals dealt from `hidden` (the seat's knowledge of the unseen cards), the GIL released.
#[pyfunction]
#[pyo3(signature = (states, samples=None, milliseconds=None, seed=0, epsilon=None, deals=300, rollout_epsilon=0.0, hidden=None, dealt=0, lookahead=false, lookahead_rollouts=1))]
#[allow(clippy::too_many_arguments)]
fn pimc_hundred_one(
    py: Python<'_>,
    states: Vec<PyRef<'_, HundredOneCore>>,
    samples: Option<u64>,
    milliseconds: Option<f64>,
    seed: u64,
    epsilon: Option<f64>,
    deals: usize,
    rollout_epsilon: f64,
    hidden: Option<HiddenTuple>,
    dealt: usize,
    lookahead: bool,
    lookahead_rollouts: u32,
) -> PyResult<HundredOnePimcTuple> {
    if samples == Some(0) {
        return Err(PyValueError::new_err("PIMC needs at least one deal a move"));
    }
    check_probability("rollout_epsilon", rollout_epsilon)?;
    if lookahead_rollouts == 0 {
        return Err(PyValueError::new_err(
            "lookahead_rollouts must be at least 1",
        ));
    }
    let (candidates, hidden) = searched_deals(states, milliseconds, epsilon, hidden)?;
    let settings = PimcSettings {
        samples,
        milliseconds,
        seed,
        dealing: Dealing {
            epsilon,
            deals,
            dealt,
        },
        rollout_epsilon,
        lookahead,
        lookahead_rollouts,
    };
    let result = py
        .detach(move || {
            hundred_one_search::pimc_hundred_one(&candidates, hidden.as_ref(), settings)
        })
        .map_err(PyValueError::new_err)?;
    Ok((
        result.values,
        result.samples,
        result.effective,
        result.candidates,
    ))
}

/// ISMCTS over the seat's own decisions for the seat to act in `states`, with `dealt` more
/// deals dealt from `hidden`, the GIL released.
#[pyfunction]
#[pyo3(signature = (states, iterations=None, milliseconds=None, seed=0, epsilon=None, deals=300, hidden=None, dealt=0, exploration=0.7, lookahead=0))]
#[allow(clippy::too_many_arguments)]
fn ismcts_hundred_one(
    py: Python<'_>,
    states: Vec<PyRef<'_, HundredOneCore>>,
    iterations: Option<u64>,
    milliseconds: Option<f64>,
    seed: u64,
    epsilon: Option<f64>,
    deals: usize,
    hidden: Option<HiddenTuple>,
    dealt: usize,
    exploration: f64,
    lookahead: u32,
) -> PyResult<HundredOneIsmctsTuple> {
    if iterations == Some(0) {
        return Err(PyValueError::new_err(
            "ISMCTS needs at least one iteration a move",
        ));
    }
    let (candidates, hidden) = searched_deals(states, milliseconds, epsilon, hidden)?;
    let settings = IsmctsSettings {
        iterations,
        milliseconds,
        seed,
        dealing: Dealing {
            epsilon,
            deals,
            dealt,
        },
        exploration,
        lookahead,
    };
    let result = py
        .detach(move || {
            hundred_one_search::ismcts_hundred_one(&candidates, hidden.as_ref(), settings)
        })
        .map_err(PyValueError::new_err)?;
    Ok((
        result.values,
        result.iterations,
        result.effective,
        result.candidates,
        result.nodes,
    ))
}

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
