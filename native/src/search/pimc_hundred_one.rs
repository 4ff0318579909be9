//! Perfect-information Monte Carlo for 101, as `koloda/bots/search/pimc.py` plays it: over
//! deals that agree with the searching seat's view, every legal action is valued by a
//! rollout of the heuristic player (`policy_hundred_one`) to the end of the deal, the same
//! deal and the same reshuffles for every action (common random numbers); an action's value
//! is the seat's mean reward, `GameInfo.rewards` of the deal's scores.
//!
//! The deals come from the caller (samples of the view). With an `epsilon` the candidates
//! are first weighed by the belief model (`beliefs_hundred_one`) and the deals searched are
//! drawn in proportion to the weights (systematic resampling). Every deal searched has its
//! stock reshuffled (the stock's order is hidden from everybody), and the reshuffles of the
//! pile during a rollout (H-11) are random.
//!
//! With a count budget the result is a function of the inputs and the seed; a time budget
//! stops it at the deadline (checked after every deal).

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cards::Card;
use crate::hundred_one::{Chance, HundredOne, MAX_SEATS};
use crate::rng::Rng;
use crate::search::beliefs_hundred_one::{resample, unit, Prepared};
use crate::search::policy_hundred_one::hundred_one_action;

/// GameInfo.utility.scale of 101: the typical size of one deal's points.
const REWARD_SCALE: f64 = 40.0;
/// A rollout stops here if the deal has not ended (it then counts 0, as an unfinished deal
/// counts in Python); the heuristic never plays this long.
const MOST_STEPS: u32 = 20_000;

/// How long to search and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PimcSettings {
    /// At most this many deals (None: until the time is up).
    pub samples: Option<u64>,
    /// At most this long (None: until the count is reached).
    pub milliseconds: Option<f64>,
    pub seed: u64,
    /// The belief model's chance of any legal move; None: the candidates as they come.
    pub epsilon: Option<f64>,
    /// How many deals are drawn from the weighed candidates (the search cycles through them).
    pub deals: usize,
    /// The rollout's chance of a uniform move instead of the heuristic's.
    pub rollout_epsilon: f64,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct PimcResult {
    /// Each legal action with its mean reward for the seat, lowest code first.
    pub values: Vec<(u32, f64)>,
    pub samples: u64,
    /// The effective number of weighed candidates, (Σw)² / Σw² (0 when all weigh 0; the
    /// number of candidates without beliefs).
    pub effective: f64,
}

/// Reshuffles of the pile during a rollout: random; the next hand is never dealt.
struct Restocks<'a>(&'a mut Rng);

impl Chance for Restocks<'_> {
    fn deck(&mut self, _deal: u32) -> Option<[Card; 36]> {
        None
    }
    fn restock(&mut self, below: &[Card], _index: u64) -> Option<Vec<Card>> {
        let mut cards = below.to_vec();
        self.0.shuffle(&mut cards);
        Some(cards)
    }
}

/// A copy of `state` for search: the hand in progress only (no past hands to copy at the
/// end of a rollout) and no reshuffle given in advance.
pub fn search_copy(state: &HundredOne) -> HundredOne {
    let mut copy = state.clone();
    copy.completed = Arc::new(Vec::new());
    copy.sheet = Arc::new(Vec::new());
    let used = copy.restocks_used as usize;
    if copy.restocks.len() > used {
        copy.restocks = Arc::new(copy.restocks[..used].to_vec());
    }
    copy
}

/// The reward of each seat for a deal scored `scores` (`GameInfo.rewards` of 101: the
/// seat's points less the others' mean, penalties counting negative, over 40).
pub fn rewards(scores: &[i64], n: usize) -> [f64; MAX_SEATS] {
    let mut points = [0.0f64; MAX_SEATS];
    for (p, &score) in points.iter_mut().zip(&scores[..n]) {
        *p = -(score as f64);
    }
    let total: f64 = points[..n].iter().sum();
    let mut out = [0.0f64; MAX_SEATS];
    for (r, &p) in out.iter_mut().zip(&points[..n]) {
        *r = (p - (total - p) / (n - 1) as f64) / REWARD_SCALE;
    }
    out
}

/// Plays `state` to the end of its hand with the heuristic (a uniform move with chance
/// `epsilon`), reshuffles from `rng`; the reward of `seat`, 0 if the hand did not end.
pub fn rollout(state: &mut HundredOne, seat: usize, epsilon: f64, rng: &mut Rng) -> f64 {
    let deal = state.deal_number;
    let mut steps = 0;
    while state.in_deal() && state.deal_number == deal {
        if steps == MOST_STEPS {
            return 0.0;
        }
        steps += 1;
        let action = if epsilon > 0.0 && unit(rng) < epsilon {
            state.random_action(rng)
        } else {
            hundred_one_action(state)
        };
        if state.step(action, &mut (), &mut Restocks(rng)).is_err() {
            return 0.0; // a search copy has no reshuffle given in advance to mismatch
        }
    }
    match state.sheet.last() {
        Some(line) if line.deal == deal => rewards(&line.scores, state.n as usize)[seat],
        _ => 0.0,
    }
}

/// PIMC for the seat to act in the `candidates` (positions that agree with its view).
pub fn pimc_hundred_one(
    candidates: &[HundredOne],
    settings: PimcSettings,
) -> Result<PimcResult, String> {
    let first = candidates.first().ok_or("PIMC needs at least one deal")?;
    if settings.samples.is_none() && settings.milliseconds.is_none() {
        return Err("PIMC needs a budget: samples or milliseconds".into());
    }
    if !first.in_deal() || first.to_act < 0 {
        return Err("nobody is to act in this position".into());
    }
    let seat = first.to_act as usize;
    let mut legal = [0u32; 40];
    let count = first.legal_actions(&mut legal);
    let legal = &legal[..count];
    for state in candidates {
        let mut other = [0u32; 40];
        let other_count = state.legal_actions(&mut other);
        if state.to_act != first.to_act
            || state.log != first.log
            || state.deal_number != first.deal_number
            || &other[..other_count] != legal
        {
            return Err("the deals do not agree on the position".into());
        }
    }
    let deadline = settings
        .milliseconds
        .map(|ms| Instant::now() + Duration::from_secs_f64(ms.max(0.0) / 1000.0));
    let limit = settings.samples.unwrap_or(u64::MAX);
    let mut rng = Rng::new(settings.seed);
    let (deals, effective) = match settings.epsilon {
        Some(epsilon) => {
            let prepared = Prepared::new(first, seat)?;
            let weights: Vec<f64> = candidates
                .iter()
                .map(|state| prepared.weight(&state.hands, epsilon, &mut rng))
                .collect();
            let total: f64 = weights.iter().sum();
            let squares: f64 = weights.iter().map(|w| w * w).sum();
            let effective = if squares > 0.0 {
                total * total / squares
            } else {
                0.0
            };
            let wanted = (limit.min(settings.deals.max(1) as u64)) as usize;
            (resample(&weights, wanted, &mut rng), effective)
        }
        None => ((0..candidates.len()).collect(), candidates.len() as f64),
    };
    let copies: Vec<HundredOne> = candidates.iter().map(search_copy).collect();
    let mut totals = vec![0.0f64; count];
    let mut done: u64 = 0;
    while done < limit && (done == 0 || deadline.is_none_or(|d| Instant::now() < d)) {
        let mut deal = copies[deals[done as usize % deals.len()]].clone();
        let stock = deal.stock_len as usize;
        rng.shuffle(&mut deal.stock[..stock]); // the stock's order is nobody's knowledge
        let sample_seed = rng.next_u64();
        for (total, &action) in totals.iter_mut().zip(legal) {
            let mut chance = Rng::new(sample_seed); // the same reshuffles for every action
            let mut child = deal.clone();
            if child
                .step(action, &mut (), &mut Restocks(&mut chance))
                .is_err()
            {
                continue;
            }
            *total += rollout(&mut child, seat, settings.rollout_epsilon, &mut chance);
        }
        done += 1;
    }
    let values = legal
        .iter()
        .zip(&totals)
        .map(|(&action, &total)| (action, total / done.max(1) as f64))
        .collect();
    Ok(PimcResult {
        values,
        samples: done,
        effective,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hundred_one::{HundredOneOptions, Seeded};

    fn position(players: u8, seed: &str, moves: usize) -> HundredOne {
        let options = HundredOneOptions {
            players,
            ..HundredOneOptions::default()
        };
        let mut state = HundredOne::new(options, 0);
        let deck = Seeded(seed).deck(0).unwrap();
        state.deal_cards(&deck, &mut ());
        let mut chance = Rng::new(1);
        for _ in 0..moves {
            let action = hundred_one_action(&state);
            let before = state.deal_number;
            let mut probe = state.clone();
            probe.step(action, &mut (), &mut chance).unwrap();
            if probe.deal_number != before || !probe.in_deal() {
                break;
            }
            state = probe;
        }
        state
    }

    #[test]
    fn rewards_are_the_points_against_the_others_mean() {
        // rule: H-13, H-16
        let r = rewards(&[0, 20, 40, 0, 0, 0], 3);
        assert!((r[0] - 30.0 / 40.0).abs() < 1e-12);
        assert!((r[2] + 0.75).abs() < 1e-12);
        assert!((r.iter().sum::<f64>()).abs() < 1e-12);
    }

    #[test]
    fn a_count_budget_gives_the_same_values_for_the_same_seed() {
        // rule: H-11
        let state = position(4, "pimc", 9);
        let settings = PimcSettings {
            samples: Some(40),
            milliseconds: None,
            seed: 5,
            epsilon: Some(0.1),
            deals: 40,
            rollout_epsilon: 0.0,
        };
        let candidates = vec![state.clone(), state.clone()];
        let a = pimc_hundred_one(&candidates, settings).unwrap();
        let b = pimc_hundred_one(&candidates, settings).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.samples, 40);
        let mut legal = [0u32; 40];
        assert_eq!(a.values.len(), state.legal_actions(&mut legal));
        assert!(a.values.iter().all(|&(_, v)| v.abs() < 10.0));
        let timed = PimcSettings {
            samples: None,
            milliseconds: Some(20.0),
            ..settings
        };
        assert!(pimc_hundred_one(&candidates, timed).unwrap().samples >= 1);
    }

    #[test]
    fn the_true_deal_weighs_more_than_zero() {
        for seed in 0..20 {
            let state = position(3 + seed % 3, &format!("w{seed}"), 5 + seed as usize);
            if !state.in_deal() {
                continue;
            }
            let seat = state.to_act as usize;
            let prepared = Prepared::new(&state, seat).unwrap();
            let weight = prepared.weight(&state.hands, 0.1, &mut Rng::new(seed as u64));
            assert!(weight > 0.0, "seed {seed}");
        }
    }
}
