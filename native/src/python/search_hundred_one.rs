//! Bindings of the native search of 101 (`games::hundred_one::search`): the heuristic
//! player, the belief model's weight of a deal, PIMC and ISMCTS, for
//! `koloda.games.hundred_one.native_search`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::core::rng::Rng;
use crate::games::hundred_one::policy::hundred_one_action;
use crate::games::hundred_one::search::{
    ismcts_hundred_one, pimc_hundred_one, rollout, Dealing, HiddenDeal, HiddenPlace,
    IsmctsSettings, PimcSettings,
};
use crate::games::hundred_one::HundredOne;
use crate::python::hundred_one::HundredOneCore;
use crate::search::beliefs_hundred_one::Prepared;

/// Each legal action with its value, the deals searched, the effective number of weighed
/// candidates, the candidates (given and dealt).
type PimcTuple = (Vec<(u32, f64)>, u64, f64, usize);
/// Each legal action with its mean and visits, the iterations, the effective number of
/// weighed candidates, the candidates and the nodes of the tree.
type IsmctsTuple = (Vec<(u32, f64, u64)>, u64, f64, usize, usize);
/// The unseen cards and their places: (seat, or the number of seats for the stock; size;
/// excluded cards).
type HiddenTuple = (u64, Vec<(usize, u32, u64)>);

fn with_mover(state: &HundredOneCore) -> PyResult<&HundredOne> {
    if !state.game.in_deal() || state.game.to_act().is_none() {
        return Err(PyValueError::new_err("nobody is to act in this position"));
    }
    Ok(&state.game)
}

fn check_probability(name: &str, value: f64) -> PyResult<()> {
    if !(0.0..=1.0).contains(&value) {
        return Err(PyValueError::new_err(format!(
            "{name} must be a probability, not {value}"
        )));
    }
    Ok(())
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

/// The heuristic's action for the seat to act in `state` (its hand and public facts only).
#[pyfunction]
fn hundred_one_policy_action(state: PyRef<'_, HundredOneCore>) -> PyResult<u32> {
    Ok(hundred_one_action(with_mover(&state)?))
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
    let copy = with_mover(&state)?.for_search();
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
    let game = with_mover(&state)?;
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
    if milliseconds.is_some_and(|ms| !ms.is_finite() || ms < 0.0) {
        return Err(PyValueError::new_err(
            "milliseconds must be a finite number >= 0",
        ));
    }
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
fn hundred_one_pimc(
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
) -> PyResult<PimcTuple> {
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
        .detach(move || pimc_hundred_one(&candidates, hidden.as_ref(), settings))
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
fn hundred_one_ismcts(
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
) -> PyResult<IsmctsTuple> {
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
        .detach(move || ismcts_hundred_one(&candidates, hidden.as_ref(), settings))
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
    m.add_function(wrap_pyfunction!(hundred_one_ismcts, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_policy_action, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_belief_weight, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_rollout, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_pimc, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_deal_hidden, m)?)?;
    Ok(())
}
