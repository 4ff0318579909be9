//! Perfect-information Monte Carlo for 101, as `koloda/bots/search/pimc.py` plays it: over
//! deals that agree with the searching seat's view, every legal action is valued by a
//! rollout of the heuristic player (`policy_hundred_one`) to the end of the deal, the same
//! deal and the same reshuffles for every action (common random numbers); an action's value
//! is the seat's mean reward, `GameInfo.rewards` of the deal's scores.
//!
//! The deals come from the caller (samples of the view), and more are dealt natively from
//! what the seat knows of the unseen cards (`HiddenDeal`, read from the game's
//! `hidden_cards`), the first given deal serving as the template of the public state. With
//! an `epsilon` the candidates are first weighed by the belief model (`beliefs_hundred_one`)
//! and the deals searched are drawn in proportion to the weights (systematic resampling),
//! as `beliefs.likely_deals` does for the Python search. Every deal searched has its
//! stock reshuffled (the stock's order is hidden from everybody), and the reshuffles of the
//! pile during a rollout (H-11) are random.
//!
//! With a count budget the result is a function of the inputs and the seed; a time budget
//! stops it at the deadline (checked after every deal).

use std::time::{Duration, Instant};

use crate::core::cards::{CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::core::Seat;
use crate::games::hundred_one::policy::hundred_one_action;
use crate::games::hundred_one::{Chance, HundredOne, MAX_SEATS};
use crate::search::beliefs_hundred_one::Prepared;
use crate::search::weights::{effective, resample, unit};

/// GameInfo.utility.scale of 101: the typical size of one deal's points.
const REWARD_SCALE: f64 = 40.0;
/// A rollout stops here if the deal has not ended (it then counts 0, as an unfinished deal
/// counts in Python); the heuristic never plays this long.
pub const MOST_STEPS: u32 = 20_000;
/// With a time budget, at most this share of it goes to dealing and weighing candidates.
const WEIGHING_SHARE: f64 = 0.4;

/// How long to search and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PimcSettings {
    /// At most this many deals (None: until the time is up).
    pub samples: Option<u64>,
    /// At most this long (None: until the count is reached).
    pub milliseconds: Option<f64>,
    pub seed: u64,
    pub dealing: Dealing,
    /// The rollout's chance of a uniform move instead of the heuristic's.
    pub rollout_epsilon: f64,
    /// In a rollout the searching seat looks one action ahead at each of its decisions
    /// (each legal action played out by the heuristic on the deal, its stock shuffled
    /// again, the best taken).
    pub lookahead: bool,
    /// How many playouts value each action in the look ahead (each on the stock shuffled
    /// anew, the same shuffles for every action); at least 1.
    pub lookahead_rollouts: u32,
}

/// Which deals a search of 101 draws from (`weighed_candidates`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dealing {
    /// The belief model's chance of any legal move; None: the candidates as they come.
    pub epsilon: Option<f64>,
    /// How many deals are drawn from the weighed candidates (the search cycles through them).
    pub deals: usize,
    /// How many candidates to deal natively besides the given ones (with `hidden`).
    pub dealt: usize,
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
    /// The candidates weighed or searched: given and dealt natively.
    pub candidates: usize,
}

/// One place the unseen cards go to: a seat's hand or a group of its cards that may be the
/// same cards (`seat` is the number of seats for the stock), its size and the cards it may
/// not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenPlace {
    pub seat: usize,
    pub size: u32,
    pub excluded: CardBits,
}

/// What the searching seat knows of the cards it has not seen (`hidden_cards` of the view):
/// the unseen cards and their places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenDeal {
    pub unseen: CardBits,
    pub places: Vec<HiddenPlace>,
}

impl HiddenDeal {
    /// The position `template` with the unseen cards dealt anew among the other hands and
    /// the stock (in random order), honouring every place's exclusions, as `deal_hidden`'s
    /// random deals do it: the most constrained cards first, each to a place that may take
    /// it chosen in proportion to its room, then the cards every place may take shuffled
    /// into the room left. None when a few random deals all fail.
    pub fn deal(&self, template: &HundredOne, seat: usize, rng: &mut Rng) -> Option<HundredOne> {
        const TRIES: u32 = 16;
        let places = &self.places;
        let allowed: Vec<CardBits> = places
            .iter()
            .map(|p| {
                if p.size > 0 {
                    self.unseen & !p.excluded
                } else {
                    0
                }
            })
            .collect();
        let everywhere = places
            .iter()
            .zip(&allowed)
            .filter(|(p, _)| p.size > 0)
            .fold(self.unseen, |set, (_, &may)| set & may);
        let mut constrained: Vec<(u32, CardCode)> = Cards(self.unseen & !everywhere)
            .map(|card| {
                let count = allowed.iter().filter(|&&may| may >> card & 1 == 1).count();
                (count as u32, card)
            })
            .collect();
        let mut free: Vec<CardCode> = Cards(everywhere).collect();
        let mut room = vec![0u32; places.len()];
        let mut dealt = vec![0 as CardBits; places.len()];
        'tries: for _ in 0..TRIES {
            for (r, p) in room.iter_mut().zip(places) {
                *r = p.size;
            }
            dealt.iter_mut().for_each(|d| *d = 0);
            rng.shuffle(&mut constrained);
            constrained.sort_by_key(|&(count, _)| count); // stable: random among equals
            for &(_, card) in &constrained {
                let total: u32 = (0..places.len())
                    .filter(|&q| allowed[q] >> card & 1 == 1)
                    .map(|q| room[q])
                    .sum();
                if total == 0 {
                    continue 'tries;
                }
                let mut pick = rng.below(total);
                for q in 0..places.len() {
                    if allowed[q] >> card & 1 == 1 {
                        if pick < room[q] {
                            dealt[q] |= 1u64 << card;
                            room[q] -= 1;
                            break;
                        }
                        pick -= room[q];
                    }
                }
            }
            rng.shuffle(&mut free);
            let mut next = free.iter();
            for (q, r) in room.iter().enumerate() {
                for _ in 0..*r {
                    dealt[q] |= 1u64 << next.next()?;
                }
            }
            return self.build(template, seat, &dealt, rng);
        }
        None
    }

    fn build(
        &self,
        template: &HundredOne,
        seat: usize,
        dealt: &[CardBits],
        rng: &mut Rng,
    ) -> Option<HundredOne> {
        let n = template.n() as usize;
        let mut hands = *template.hands();
        let mut stock: CardBits = 0;
        for s in (0..n).filter(|&s| s != seat) {
            hands[s] = 0;
        }
        for (place, &cards) in self.places.iter().zip(dealt) {
            if place.seat >= n {
                stock |= cards;
            } else if place.seat != seat {
                hands[place.seat] |= cards;
            }
        }
        let same_sizes = (0..n).all(|s| hands[s].count_ones() == template.hands()[s].count_ones());
        let len = template.stock().len();
        if !same_sizes || stock.count_ones() != len as u32 {
            return None;
        }
        let mut state = template.clone();
        for (s, &hand) in hands.iter().enumerate().take(n) {
            state.set_hand(Seat::new(s as u8), hand);
        }
        let mut cards = [0 as CardCode; 36];
        for (slot, card) in cards[..len].iter_mut().zip(Cards(stock)) {
            *slot = card;
        }
        rng.shuffle(&mut cards[..len]);
        state.set_stock(&cards[..len]);
        Some(state)
    }
}

/// Reshuffles of the pile during a rollout: random; the next hand is never dealt.
pub struct Restocks<'a>(pub &'a mut Rng);

impl Chance for Restocks<'_> {
    fn deck(&mut self, _deal: u32) -> Option<[CardCode; 36]> {
        None
    }
    fn restock(&mut self, below: &[CardCode], _index: u64) -> Option<Vec<CardCode>> {
        let mut cards = below.to_vec();
        self.0.shuffle(&mut cards);
        Some(cards)
    }
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

/// The action of `seat` (to act in `state`) whose heuristic rollout on this deal gives it
/// the most, every action played out with the same reshuffles. The stock is shuffled first:
/// the seat does not know its order, and a choice made knowing the sampled stock (which
/// card a draw brings) would be carried into the rollout that goes on with that stock.
pub fn lookahead_action(state: &HundredOne, seat: usize, playouts: u32, rng: &mut Rng) -> u32 {
    let mut legal = [0u32; 40];
    let count = state.legal_actions(&mut legal);
    if count == 1 {
        return legal[0];
    }
    let mut totals = [0.0f64; 40];
    let mut blind = state.clone();
    for _ in 0..playouts.max(1) {
        blind.shuffle_stock(rng);
        let seed = rng.next_u64();
        for (total, &action) in totals.iter_mut().zip(&legal[..count]) {
            let mut chance = Rng::new(seed);
            let mut child = blind.clone();
            let deal = child.deal_number();
            if child
                .step(action, &mut (), &mut Restocks(&mut chance))
                .is_err()
            {
                *total = f64::NEG_INFINITY;
                continue;
            }
            *total += rollout(&mut child, seat, deal, 0.0, &mut chance, 0);
        }
    }
    let mut best = (f64::NEG_INFINITY, legal[0]);
    for (&total, &action) in totals.iter().zip(&legal[..count]) {
        if total > best.0 {
            best = (total, action);
        }
    }
    best.1
}

/// Plays `state` to the end of hand `deal` with the heuristic (a uniform move with chance
/// `epsilon`; `seat` looking one action ahead with `lookahead` playouts an action, none
/// with 0), reshuffles from `rng`; the reward of `seat`, 0 if the hand did not end. The
/// hand is named by the caller: a step that ended it has already moved the deal number on.
pub fn rollout(
    state: &mut HundredOne,
    seat: usize,
    deal: u32,
    epsilon: f64,
    rng: &mut Rng,
    lookahead: u32,
) -> f64 {
    let mut steps = 0;
    while state.in_deal() && state.deal_number() == deal {
        if steps == MOST_STEPS {
            return 0.0;
        }
        steps += 1;
        let action = if lookahead > 0 && state.to_act().map(Seat::at) == Some(seat) {
            lookahead_action(state, seat, lookahead, rng)
        } else if epsilon > 0.0 && unit(rng) < epsilon {
            state.random_action(rng)
        } else {
            hundred_one_action(state)
        };
        if state.step(action, &mut (), &mut Restocks(rng)).is_err() {
            return 0.0; // a search copy has no reshuffle given in advance to mismatch
        }
    }
    deal_reward(state, deal, seat)
}

/// The reward of `seat` for deal `deal` once it has ended in `state` (a search copy, whose
/// sheet holds no earlier deal); 0 if it has not.
pub fn deal_reward(state: &HundredOne, deal: u32, seat: usize) -> f64 {
    match state.sheet().last() {
        Some(line) if line.deal == deal => rewards(&line.scores, state.n() as usize)[seat],
        _ => 0.0,
    }
}

/// The deadlines of a search given `milliseconds` (None: no time limit): the search's, and
/// the one of its first `share` for dealing and weighing candidates.
pub fn deadlines(milliseconds: Option<f64>, share: f64) -> (Option<Instant>, Option<Instant>) {
    let start = Instant::now();
    let after = |part: f64| {
        milliseconds.map(|ms| start + Duration::from_secs_f64(part * ms.max(0.0) / 1000.0))
    };
    (after(1.0), after(share))
}

/// The seat to act in the `given` deals (positions that agree with its view) and its legal
/// actions; an error when they disagree or nobody is to act.
pub fn position_of(given: &[HundredOne]) -> Result<(usize, Vec<u32>), String> {
    let first = given.first().ok_or("a search needs at least one deal")?;
    let Some(seat) = first.to_act().filter(|_| first.in_deal()) else {
        return Err("nobody is to act in this position".into());
    };
    let mut legal = [0u32; 40];
    let count = first.legal_actions(&mut legal);
    let legal = &legal[..count];
    for state in given {
        let mut other = [0u32; 40];
        let other_count = state.legal_actions(&mut other);
        if state.to_act() != first.to_act()
            || state.log() != first.log()
            || state.deal_number() != first.deal_number()
            || &other[..other_count] != legal
        {
            return Err("the deals do not agree on the position".into());
        }
    }
    Ok((seat.at(), legal.to_vec()))
}

/// The deals a search draws from: the candidates (search copies of the given deals and of
/// those dealt natively), the order in which to search them and their effective number.
pub struct Candidates {
    pub copies: Vec<HundredOne>,
    pub order: Vec<usize>,
    pub effective: f64,
}

/// The given deals and `dealing.dealt` more from `hidden`, weighed by the belief model with
/// `dealing.epsilon` (None: unweighed, searched as they come) and `wanted` of them drawn in
/// proportion to the weights; the dealing stops at `deadline`.
pub fn weighed_candidates(
    given: &[HundredOne],
    hidden: Option<&HiddenDeal>,
    dealing: Dealing,
    wanted: usize,
    deadline: Option<Instant>,
    rng: &mut Rng,
) -> Result<Candidates, String> {
    let (seat, _) = position_of(given)?;
    let prepared = match dealing.epsilon {
        Some(epsilon) => Some((Prepared::new(&given[0], seat)?, epsilon)),
        None => None,
    };
    let mut copies: Vec<HundredOne> = given.iter().map(HundredOne::for_search).collect();
    let mut weights: Vec<f64> = Vec::new();
    if let Some((model, epsilon)) = &prepared {
        for state in &copies {
            weights.push(model.weight(state.hands(), *epsilon, rng));
        }
    }
    if let Some(hidden) = hidden {
        let template = copies[0].clone();
        for k in 0..dealing.dealt {
            if k % 32 == 0 && deadline.is_some_and(|d| Instant::now() > d) {
                break;
            }
            let Some(state) = hidden.deal(&template, seat, rng) else {
                continue;
            };
            if let Some((model, epsilon)) = &prepared {
                weights.push(model.weight(state.hands(), *epsilon, rng));
            }
            copies.push(state);
        }
    }
    let (order, effective) = if prepared.is_some() {
        (resample(&weights, wanted.max(1), rng), effective(&weights))
    } else {
        (
            (0..copies.len()).collect::<Vec<usize>>(),
            copies.len() as f64,
        )
    };
    Ok(Candidates {
        copies,
        order,
        effective,
    })
}

/// PIMC for the seat to act in the `given` deals (positions that agree with its view),
/// with `settings.dealing.dealt` more dealt from `hidden` (the seat's knowledge of the unseen cards).
pub fn pimc_hundred_one(
    given: &[HundredOne],
    hidden: Option<&HiddenDeal>,
    settings: PimcSettings,
) -> Result<PimcResult, String> {
    let (seat, legal) = position_of(given)?;
    if settings.samples.is_none() && settings.milliseconds.is_none() {
        return Err("PIMC needs a budget: samples or milliseconds".into());
    }
    let (deadline, weighing_deadline) = deadlines(settings.milliseconds, WEIGHING_SHARE);
    let limit = settings.samples.unwrap_or(u64::MAX);
    let mut rng = Rng::new(settings.seed);
    let Candidates {
        copies,
        order: deals,
        effective,
    } = weighed_candidates(
        given,
        hidden,
        settings.dealing,
        limit.min(settings.dealing.deals.max(1) as u64) as usize,
        weighing_deadline,
        &mut rng,
    )?;
    let mut totals = vec![0.0f64; legal.len()];
    let mut done: u64 = 0;
    while done < limit && (done == 0 || deadline.is_none_or(|d| Instant::now() < d)) {
        let mut deal = copies[deals[done as usize % deals.len()]].clone();
        deal.shuffle_stock(&mut rng); // the stock's order is nobody's knowledge
        let sample_seed = rng.next_u64();
        for (total, &action) in totals.iter_mut().zip(&legal) {
            let mut chance = Rng::new(sample_seed); // the same reshuffles for every action
            let mut child = deal.clone();
            let hand = child.deal_number();
            if child
                .step(action, &mut (), &mut Restocks(&mut chance))
                .is_err()
            {
                continue;
            }
            *total += rollout(
                &mut child,
                seat,
                hand,
                settings.rollout_epsilon,
                &mut chance,
                if settings.lookahead {
                    settings.lookahead_rollouts.max(1)
                } else {
                    0
                },
            );
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
        candidates: copies.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hundred_one::{HundredOneOptions, Phase, Seeded};

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
            let before = state.deal_number();
            let mut probe = state.clone();
            probe.step(action, &mut (), &mut chance).unwrap();
            if probe.deal_number() != before || !probe.in_deal() {
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
            dealing: Dealing {
                epsilon: Some(0.1),
                deals: 40,
                dealt: 0,
            },
            rollout_epsilon: 0.0,
            lookahead: true,
            lookahead_rollouts: 1,
        };
        let candidates = vec![state.clone(), state.clone()];
        let a = pimc_hundred_one(&candidates, None, settings).unwrap();
        let b = pimc_hundred_one(&candidates, None, settings).unwrap();
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
        assert!(pimc_hundred_one(&candidates, None, timed).unwrap().samples >= 1);
    }

    #[test]
    fn the_true_deal_weighs_more_than_zero() {
        for seed in 0..20 {
            let state = position(3 + seed % 3, &format!("w{seed}"), 5 + seed as usize);
            if !state.in_deal() {
                continue;
            }
            let seat = state.to_act().expect("a seat is to act").at();
            let prepared = Prepared::new(&state, seat).unwrap();
            let weight = prepared.weight(state.hands(), 0.1, &mut Rng::new(seed as u64));
            assert!(weight > 0.0, "seed {seed}");
        }
    }

    #[test]
    fn going_out_is_valued_at_the_hand_it_ends() {
        // rule: H-12, H-13, H-14
        // A seat whose last card can be played ends the hand with it: the action's value is
        // that hand's reward (the others' penalties against its 0, or -30 on a queen), not
        // the 0 of a hand not ended, in PIMC's values and in the look ahead's.
        let mut found = 0;
        for seed in 0..400 {
            for moves in 0..30 {
                let state = position(4, &format!("out{seed}"), moves);
                let Some(seat) = state.to_act().map(Seat::at) else {
                    continue;
                };
                let hand = state.hands()[seat];
                if !state.in_deal() || state.phase() != Phase::Play || hand.count_ones() != 1 {
                    continue;
                }
                let last = hand.trailing_zeros();
                let mut legal = [0u32; 40];
                let count = state.legal_actions(&mut legal);
                if !legal[..count].contains(&last) {
                    continue;
                }
                let mut out = state.clone();
                let deal = out.deal_number();
                out.step(last, &mut (), &mut Restocks(&mut Rng::new(0)))
                    .unwrap();
                let reward = deal_reward(&out, deal, seat);
                assert!(reward > 0.0, "seed {seed}: going out gains");
                for lookahead in [false, true] {
                    let settings = PimcSettings {
                        samples: Some(20),
                        milliseconds: None,
                        seed: 3,
                        dealing: Dealing {
                            epsilon: None,
                            deals: 20,
                            dealt: 0,
                        },
                        rollout_epsilon: 0.0,
                        lookahead,
                        lookahead_rollouts: 1,
                    };
                    let result =
                        pimc_hundred_one(std::slice::from_ref(&state), None, settings).unwrap();
                    let value = result.values.iter().find(|v| v.0 == last).unwrap().1;
                    assert!(
                        (value - reward).abs() < 1e-12,
                        "seed {seed}: {value} {reward}"
                    );
                    let mut rng = Rng::new(seed);
                    assert_eq!(lookahead_action(&state, seat, 1, &mut rng), last);
                }
                found += 1;
                break;
            }
            if found == 5 {
                return;
            }
        }
        panic!("only {found} positions with a last card to play");
    }
}
