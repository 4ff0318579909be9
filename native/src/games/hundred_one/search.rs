//! 101 as the searches play it (`crate::search`): its `SearchGame`, a deal of the hand in
//! progress whose actions are the cards, the suit calls, the draws and the passes, whose
//! chance is the reshuffles of the pile (H-11, `Restocks`) and whose reward is
//! `GameInfo.rewards` of the deal's scores; and its `Deals`, the candidate deals weighed by
//! the belief model (`beliefs`). PIMC (`pimc_hundred_one`, as
//! `koloda/bots/search/pimc.py` plays it) and ISMCTS over the searching seat's own
//! decisions (`ismcts_hundred_one`) are the generic searches over them.
//!
//! The deals come from the caller (samples of the view), and more are dealt natively from
//! what the seat knows of the unseen cards (`HiddenDeal`, read from the game's
//! `hidden_cards`), the first given deal serving as the template of the public state. With
//! an `epsilon` the candidates are first weighed by the belief model and the deals searched
//! are drawn in proportion to the weights (systematic resampling), as
//! `beliefs.likely_deals` does for the Python search. Every deal searched has its stock
//! reshuffled (the stock's order is hidden from everybody), and the reshuffles of the pile
//! during a playout are random.
//!
//! PIMC values every legal action by a playout of the heuristic player (`policy.rs`) to the
//! end of the deal, the same deal and the same reshuffles for every action (common random
//! numbers). A seat that plays out a deal knowing the hands plans moves it could not make
//! at the table; the ISMCTS keys the seat's later decisions by what it knows at them (the
//! public record of the deal since the root, the state's `log`, which shows a draw but not
//! the card drawn, and its own hand, which shows the cards it drew), the others playing the
//! heuristic with their own cards of the deal (`Tree::Observer`).
//!
//! With a count budget the result is a function of the inputs and the seed.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::beliefs::Prepared;
use crate::core::cards::{CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::core::Seat;
use crate::games::hundred_one::policy::hundred_one_action;
use crate::games::hundred_one::{Chance, HundredOne, MAX_SEATS};
use crate::search::game::{playout, Deals, Playout, SearchGame, Tree};
use crate::search::ismcts::{self, Settings};
use crate::search::pimc::{self, Playouts};
use crate::search::request::{check_probability, search_settings};
use crate::search::weights::{effective, resample};

/// GameInfo.utility.scale of 101: the typical size of one deal's points.
const REWARD_SCALE: f64 = 40.0;
/// A deal searched stops here if it has not ended (it then counts 0, as an unfinished
/// deal counts in Python); the heuristic never plays this long.
pub const MOST_STEPS: u32 = 20_000;
/// With a time budget, at most this share of it goes to dealing and weighing candidates:
/// PIMC's and the ISMCTS's.
const PIMC_WEIGHING_SHARE: f64 = 0.4;
const ISMCTS_WEIGHING_SHARE: f64 = 0.3;

search_settings! {
    /// How long PIMC searches and how; as plain data, Python's keyword arguments (at least
    /// one sample).
    pub struct PimcSettings counting samples {
        /// The deals it draws from: `epsilon`, `deals`, `hidden` and `dealt`.
        #[serde(flatten)]
        pub dealing: Dealing = Dealing::default(),
        /// The rollout's chance of a uniform move instead of the heuristic's.
        pub rollout_epsilon: f64 = 0.0,
        /// In a rollout the searching seat looks one action ahead at each of its decisions
        /// (each legal action played out by the heuristic on the deal, its stock shuffled
        /// again, the best taken).
        pub lookahead: bool = false,
        /// How many playouts value each action in the look ahead (each on the stock
        /// shuffled anew, the same shuffles for every action); at least 1.
        pub lookahead_rollouts: u32 = 1,
    }
}

/// Which deals a search of 101 draws from (`Candidates`): both searches' settings of them,
/// flattened into them (Python's keyword arguments of the same names).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default)]
pub struct Dealing {
    /// The belief model's chance of any legal move; None: the candidates as they come.
    pub epsilon: Option<f64>,
    /// How many deals are drawn from the weighed candidates (the search cycles through them).
    pub deals: usize,
    /// What the seat knows of the unseen cards, to deal more candidates from.
    pub hidden: Option<HiddenDeal>,
    /// How many candidates to deal natively besides the given ones (with `hidden`).
    pub dealt: usize,
}

impl Default for Dealing {
    fn default() -> Self {
        Dealing {
            epsilon: None,
            deals: 300,
            hidden: None,
            dealt: 0,
        }
    }
}

impl Dealing {
    /// Checks what both searches take alike for the seat to act in the `given` deals: the
    /// belief model's epsilon, the unseen cards' places.
    fn check(&self, given: &[HundredOne]) -> Result<(), String> {
        if let Some(epsilon) = self.epsilon {
            check_probability("epsilon", epsilon)?;
        }
        match (&self.hidden, given.first()) {
            (Some(hidden), Some(first)) => hidden.check(first.n() as usize),
            _ => Ok(()),
        }
    }
}

/// What PIMC found.
#[derive(Clone, Debug, PartialEq, Serialize)]
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

search_settings! {
    /// How long the ISMCTS searches and how; as plain data, Python's keyword arguments (at
    /// least one iteration).
    pub struct IsmctsSettings counting iterations {
        /// As [`PimcSettings`]'.
        #[serde(flatten)]
        pub dealing: Dealing = Dealing::default(),
        /// The exploration constant of UCB, in rewards (a deal's points over 40).
        pub exploration: f64 = 0.7,
        /// Past the tree the seat looks one action ahead at its decisions, with this many
        /// playouts an action on the deal with its stock shuffled again, as PIMC's playouts
        /// do (0: the heuristic).
        pub lookahead: u32 = 0,
    }
}

/// What the ISMCTS found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IsmctsResult {
    /// Each legal action at the root with its mean reward and its visits, lowest code first.
    pub values: Vec<(u32, f64, u64)>,
    pub iterations: u64,
    /// The effective number of weighed candidates.
    pub effective: f64,
    pub candidates: usize,
    /// The nodes of the tree (the seat's information sets reached).
    pub nodes: usize,
}

/// One place the unseen cards go to: a seat's hand or a group of its cards that may be the
/// same cards (`seat` is the number of seats for the stock), its size and the cards it may
/// not take; as plain data the tuple `(seat, size, excluded)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "(usize, u32, CardBits)")]
pub struct HiddenPlace {
    pub seat: usize,
    pub size: u32,
    pub excluded: CardBits,
}

/// What the searching seat knows of the cards it has not seen (`hidden_cards` of the view):
/// the unseen cards and their places; as plain data the tuple `(unseen, places)`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "(CardBits, Vec<HiddenPlace>)")]
pub struct HiddenDeal {
    pub unseen: CardBits,
    pub places: Vec<HiddenPlace>,
}

impl From<(usize, u32, CardBits)> for HiddenPlace {
    fn from((seat, size, excluded): (usize, u32, CardBits)) -> Self {
        HiddenPlace {
            seat,
            size,
            excluded,
        }
    }
}

impl From<(CardBits, Vec<HiddenPlace>)> for HiddenDeal {
    fn from((unseen, places): (CardBits, Vec<HiddenPlace>)) -> Self {
        HiddenDeal { unseen, places }
    }
}

impl HiddenDeal {
    /// The places hold exactly the unseen cards, at a table of `seats`.
    pub fn check(&self, seats: usize) -> Result<(), String> {
        let sizes: u32 = self.places.iter().map(|p| p.size).sum();
        if sizes != self.unseen.count_ones() || self.places.iter().any(|p| p.seat > seats) {
            return Err("the hidden places do not hold the unseen cards".into());
        }
        Ok(())
    }

    /// `game` with the unseen cards dealt anew for the seat to act ([`HiddenDeal::deal`]),
    /// after checking someone is to act and the places fit the table.
    pub fn deal_for_mover(
        &self,
        game: &HundredOne,
        rng: &mut Rng,
    ) -> Result<Option<HundredOne>, String> {
        let seat = mover(game)?;
        self.check(usize::from(game.n()))?;
        Ok(self.deal(game, seat, rng))
    }

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

/// The rewards of deal `deal` once it has ended in `state` (a search copy, whose sheet
/// holds no earlier deal); 0 if it has not.
pub fn deal_reward(state: &HundredOne, deal: u32) -> [f64; MAX_SEATS] {
    match state.sheet().last() {
        Some(line) if line.deal == deal => rewards(&line.scores, state.n() as usize),
        _ => [0.0; MAX_SEATS],
    }
}

/// What `seat` knows at a decision: the deal's public record since the entry `since` of
/// the log and its own hand (FNV-1a).
fn information_key(state: &HundredOne, seat: usize, since: usize) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |value: u64| {
        hash ^= value;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    let log = state.log();
    for &entry in &log[since.min(log.len())..] {
        mix(entry as u64);
    }
    mix(state.hands()[seat]);
    mix(state.phase() as u64 | (log.len() as u64) << 8);
    hash
}

/// A deal of 101 as the searches play it: a search copy of the state in the hand it
/// searches, the length of the log at the search's root and the steps taken since the deal
/// was drawn.
#[derive(Clone, Debug)]
pub struct HundredOneSearch {
    state: HundredOne,
    /// The hand searched: a step that ends it has already moved the deal number on.
    deal: u32,
    root_log: usize,
    steps: u32,
}

impl HundredOneSearch {
    /// The search of `state` (a search copy, `HundredOne::for_search`) from where it is.
    pub fn new(state: HundredOne) -> Self {
        HundredOneSearch {
            deal: state.deal_number(),
            root_log: state.log().len(),
            steps: 0,
            state,
        }
    }
}

impl SearchGame for HundredOneSearch {
    const TREE: Tree = Tree::Observer;
    /// Codes up to `PASS` (71).
    type Actions = u128;

    #[inline]
    fn mover(&self) -> usize {
        self.state.to_act().map_or(usize::MAX, Seat::at)
    }

    #[inline]
    fn deal_over(&self) -> bool {
        !self.state.in_deal() || self.state.deal_number() != self.deal || self.steps >= MOST_STEPS
    }

    fn legal_set(&self) -> u128 {
        let mut legal = [0u32; 40];
        let count = self.state.legal_actions(&mut legal);
        legal[..count]
            .iter()
            .fold(0, |set, &action| set | 1 << action)
    }

    /// A step whose reshuffles of the pile are drawn from `chance` (the rules refuse none
    /// of a search copy's: it has no reshuffle given in advance to mismatch).
    #[inline]
    fn apply(&mut self, action: u32, chance: &mut Rng) -> bool {
        self.steps += 1;
        self.state
            .step(action, &mut (), &mut Restocks(chance))
            .is_ok()
    }

    fn deal_rewards(&mut self, rewards: &mut [f64; MAX_SEATS]) {
        *rewards = deal_reward(&self.state, self.deal);
    }

    #[inline]
    fn policy_action(&self, _rng: &mut Rng) -> Option<u32> {
        Some(hundred_one_action(&self.state))
    }

    /// The action of the seat to act whose heuristic playouts on this deal give it the
    /// most, `how.lookahead` of them an action, every action played out with the same
    /// reshuffles. The stock is shuffled first: the seat does not know its order, and a
    /// choice made knowing the sampled stock (which card a draw brings) would be carried
    /// into the playout that goes on with that stock.
    fn lookahead_action(&self, rng: &mut Rng, how: &Playout) -> u32 {
        let mut legal = [0u32; 40];
        let count = self.state.legal_actions(&mut legal);
        if count == 1 {
            return legal[0];
        }
        let seat = self.mover();
        let mut totals = [0.0f64; 40];
        let mut blind = self.clone();
        for _ in 0..how.lookahead.max(1) {
            blind.state.shuffle_stock(rng);
            let seed = rng.next_u64();
            for (total, &action) in totals.iter_mut().zip(&legal[..count]) {
                let mut chance = Rng::new(seed);
                let mut child = blind.clone();
                if !child.apply(action, &mut chance) {
                    *total = f64::NEG_INFINITY;
                    continue;
                }
                *total += playout(&mut child, seat, &mut chance, &Playout::POLICY);
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

    #[inline]
    fn information_key(&self, observer: usize) -> u64 {
        information_key(&self.state, observer, self.root_log)
    }
}

/// One heuristic playout of `state` (a search copy) to the end of its hand, reshuffles
/// from `rng`: the reward of `seat`, 0 if the hand did not end.
pub fn rollout(state: HundredOne, seat: usize, rng: &mut Rng) -> f64 {
    playout(
        &mut HundredOneSearch::new(state),
        seat,
        rng,
        &Playout::POLICY,
    )
}

/// The seat to act in `game`, or an error when nobody is.
pub fn mover(game: &HundredOne) -> Result<usize, String> {
    position_of(std::slice::from_ref(game))
}

/// One heuristic playout of `game` as it is to the end of its hand (reshuffles from `rng`):
/// the reward of `seat`; an error when nobody is to act or `seat` is not at the table.
pub fn rollout_from(game: &HundredOne, seat: usize, rng: &mut Rng) -> Result<f64, String> {
    mover(game)?;
    if seat >= usize::from(game.n()) {
        return Err(format!("no seat {seat} at this table"));
    }
    Ok(rollout(game.for_search(), seat, rng))
}

/// The seat to act in the `given` deals (positions that agree with its view); an error when
/// they disagree or nobody is to act.
pub fn position_of(given: &[HundredOne]) -> Result<usize, String> {
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
    Ok(seat.at())
}

/// The deals a search of 101 draws from (its `Deals`): the given deals and `dealing.dealt`
/// more from `hidden` (search copies), weighed by the belief model with `dealing.epsilon`
/// (None: unweighed, searched as they come) and `wanted` of them drawn in proportion to the
/// weights; the dealing stops at `deadline`. Each deal searched is one of them in that
/// order, its stock shuffled anew.
pub struct Candidates<'a> {
    given: &'a [HundredOne],
    dealing: &'a Dealing,
    wanted: usize,
    deadline: Option<Instant>,
    copies: Vec<HundredOneSearch>,
    order: Vec<usize>,
    effective: f64,
}

impl<'a> Candidates<'a> {
    pub fn new(
        given: &'a [HundredOne],
        dealing: &'a Dealing,
        wanted: usize,
        deadline: Option<Instant>,
    ) -> Self {
        Candidates {
            given,
            dealing,
            wanted,
            deadline,
            copies: Vec::new(),
            order: Vec::new(),
            effective: 0.0,
        }
    }
}

impl Deals<HundredOneSearch> for Candidates<'_> {
    fn prepare(&mut self, rng: &mut Rng) -> Result<(), String> {
        let given = self.given;
        let seat = position_of(given)?;
        let prepared = match self.dealing.epsilon {
            Some(epsilon) => Some((Prepared::new(&given[0], seat)?, epsilon)),
            None => None,
        };
        let mut copies: Vec<HundredOneSearch> = given
            .iter()
            .map(|state| HundredOneSearch::new(state.for_search()))
            .collect();
        let mut weights: Vec<f64> = Vec::new();
        if let Some((model, epsilon)) = &prepared {
            for copy in &copies {
                weights.push(model.weight(copy.state.hands(), *epsilon, rng));
            }
        }
        if let Some(hidden) = &self.dealing.hidden {
            let template = copies[0].state.clone();
            for k in 0..self.dealing.dealt {
                if k % 32 == 0 && self.deadline.is_some_and(|d| Instant::now() > d) {
                    break;
                }
                let Some(state) = hidden.deal(&template, seat, rng) else {
                    continue;
                };
                if let Some((model, epsilon)) = &prepared {
                    weights.push(model.weight(state.hands(), *epsilon, rng));
                }
                copies.push(HundredOneSearch::new(state));
            }
        }
        (self.order, self.effective) = if prepared.is_some() {
            (
                resample(&weights, self.wanted.max(1), rng),
                effective(&weights),
            )
        } else {
            ((0..copies.len()).collect(), copies.len() as f64)
        };
        self.copies = copies;
        Ok(())
    }

    fn deal(&mut self, index: u64, rng: &mut Rng) -> HundredOneSearch {
        let mut deal = self.copies[self.order[index as usize % self.order.len()]].clone();
        deal.state.shuffle_stock(rng); // the stock's order is nobody's knowledge
        deal
    }
}

/// PIMC for the seat to act in the `given` deals (positions that agree with its view),
/// with `settings.dealing.dealt` more dealt from `.hidden` (the seat's knowledge of the
/// unseen cards).
pub fn pimc_hundred_one(
    given: &[HundredOne],
    settings: &PimcSettings,
) -> Result<PimcResult, String> {
    let dealing = &settings.dealing;
    dealing.check(given)?;
    if settings.samples == Some(0) {
        return Err("PIMC needs at least one deal a move".into());
    }
    check_probability("rollout_epsilon", settings.rollout_epsilon)?;
    if settings.lookahead_rollouts == 0 {
        return Err("lookahead_rollouts must be at least 1".into());
    }
    let budget = settings.budget()?;
    position_of(given)?;
    let limit = settings.samples.unwrap_or(u64::MAX);
    let wanted = limit.min(dealing.deals.max(1) as u64) as usize;
    let weighing_deadline = budget.after(PIMC_WEIGHING_SHARE);
    let mut deals = Candidates::new(given, dealing, wanted, weighing_deadline);
    let how = Playout {
        heuristic: true,
        epsilon: settings.rollout_epsilon,
        lookahead: if settings.lookahead {
            settings.lookahead_rollouts
        } else {
            0
        },
    };
    let root = HundredOneSearch::new(given[0].for_search());
    let found = pimc::search(
        &root,
        &mut deals,
        &mut Playouts,
        budget,
        settings.seed,
        1,
        how,
    )?;
    Ok(PimcResult {
        values: found.values,
        samples: found.samples,
        effective: deals.effective,
        candidates: deals.copies.len(),
    })
}

/// ISMCTS over the seat's own decisions for the seat to act in the `given` deals
/// (positions that agree with its view), with `settings.dealing.dealt` more dealt from
/// `.hidden`: on each deal drawn, the seat picks by UCB over the actions it has at its
/// information set (availability counts), the others play the heuristic with their own
/// cards of that deal, and once the walk has left the tree the seat plays the heuristic
/// too (or looks ahead); one new node a walk, the reward back to every decision of the
/// walk.
pub fn ismcts_hundred_one(
    given: &[HundredOne],
    settings: &IsmctsSettings,
) -> Result<IsmctsResult, String> {
    let dealing = &settings.dealing;
    if settings.iterations == Some(0) {
        return Err("ISMCTS needs at least one iteration a move".into());
    }
    let budget = settings.budget()?;
    dealing.check(given)?;
    position_of(given)?;
    if settings.iterations.is_none() && settings.milliseconds.is_none() {
        return Err("ISMCTS needs a budget: iterations or milliseconds".into());
    }
    if !(settings.exploration.is_finite() && settings.exploration >= 0.0) {
        return Err("the exploration constant must be a finite number >= 0".into());
    }
    let weighing_deadline = budget.after(ISMCTS_WEIGHING_SHARE);
    let wanted = dealing.deals.max(1);
    let mut deals = Candidates::new(given, dealing, wanted, weighing_deadline);
    let tree = Settings {
        exploration: settings.exploration,
        playout: Playout {
            lookahead: settings.lookahead,
            ..Playout::POLICY
        },
    };
    let root = HundredOneSearch::new(given[0].for_search());
    let found = ismcts::search(&root, &mut deals, budget, settings.seed, tree)?;
    Ok(IsmctsResult {
        values: found
            .actions
            .into_iter()
            .map(|(action, mean, visits)| (action, mean, visits as u64))
            .collect(),
        iterations: found.simulations,
        effective: deals.effective,
        candidates: deals.copies.len(),
        nodes: found.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hundred_one::{HundredOneOptions, Phase, Seeded, DRAW};

    /// The seeded deal after at most `moves` actions of the heuristic, the pile reshuffled
    /// by `chance`: stopped before an action that would end the deal, and whether all
    /// `moves` were made.
    fn played(players: u8, seed: &str, moves: usize, chance: u64) -> (HundredOne, bool) {
        let options = HundredOneOptions {
            players,
            ..HundredOneOptions::default()
        };
        let mut state = HundredOne::new(options, 0);
        let deck = Seeded(seed).deck(0).unwrap();
        state.deal_cards(&deck, &mut ());
        let mut chance = Rng::new(chance);
        for _ in 0..moves {
            let action = hundred_one_action(&state);
            let mut probe = state.clone();
            probe.step(action, &mut (), &mut chance).unwrap();
            if probe.deal_number() != 0 || !probe.in_deal() {
                return (state, false);
            }
            state = probe;
        }
        (state, true)
    }

    fn position(players: u8, seed: &str, moves: usize) -> HundredOne {
        played(players, seed, moves, 1).0
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
                ..Dealing::default()
            },
            rollout_epsilon: 0.0,
            lookahead: true,
            lookahead_rollouts: 1,
        };
        let candidates = vec![state.clone(), state.clone()];
        let a = pimc_hundred_one(&candidates, &settings).unwrap();
        let b = pimc_hundred_one(&candidates, &settings).unwrap();
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
        assert!(pimc_hundred_one(&candidates, &timed).unwrap().samples >= 1);
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
                let reward = deal_reward(&out, deal)[seat];
                assert!(reward > 0.0, "seed {seed}: going out gains");
                for lookahead in [false, true] {
                    let settings = PimcSettings {
                        samples: Some(20),
                        milliseconds: None,
                        seed: 3,
                        dealing: Dealing {
                            deals: 20,
                            ..Dealing::default()
                        },
                        rollout_epsilon: 0.0,
                        lookahead,
                        lookahead_rollouts: 1,
                    };
                    let result = pimc_hundred_one(std::slice::from_ref(&state), &settings).unwrap();
                    let value = result.values.iter().find(|v| v.0 == last).unwrap().1;
                    assert!(
                        (value - reward).abs() < 1e-12,
                        "seed {seed}: {value} {reward}"
                    );
                    let mut rng = Rng::new(seed);
                    let ahead = Playout {
                        lookahead: 1,
                        ..Playout::POLICY
                    };
                    let search = HundredOneSearch::new(state.clone());
                    assert_eq!(search.lookahead_action(&mut rng, &ahead), last);
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

    const QUEEN: u32 = 10;

    /// The position after `moves` actions of the heuristic on a seeded deal (None if the
    /// deal ended first).
    fn position_before_end(players: u8, seed: &str, moves: usize) -> Option<HundredOne> {
        let (state, all) = played(players, seed, moves, 7);
        all.then_some(state)
    }

    fn settings(iterations: u64, seed: u64) -> IsmctsSettings {
        IsmctsSettings {
            iterations: Some(iterations),
            milliseconds: None,
            seed,
            dealing: Dealing {
                epsilon: Some(0.1),
                deals: 50,
                ..Dealing::default()
            },
            exploration: 0.7,
            lookahead: 0,
        }
    }

    #[test]
    fn a_count_budget_and_a_seed_fix_the_result() {
        // rule: H-11
        let state = (5..40)
            .filter_map(|m| position_before_end(4, "ismcts", m))
            .find(|s| {
                let mut legal = [0u32; 40];
                s.legal_actions(&mut legal) > 1
            })
            .unwrap();
        let given = vec![state.clone(), state.clone()];
        let a = ismcts_hundred_one(&given, &settings(3000, 4)).unwrap();
        let b = ismcts_hundred_one(&given, &settings(3000, 4)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.iterations, 3000);
        // every walk starts with a decision at the root
        assert_eq!(a.values.iter().map(|v| v.2).sum::<u64>(), 3000);
        assert!(a.nodes > 1, "the tree grows past the root");
        let timed = IsmctsSettings {
            iterations: None,
            milliseconds: Some(20.0),
            ..settings(1, 4)
        };
        assert!(ismcts_hundred_one(&given, &timed).unwrap().iterations >= 1);
        let none = IsmctsSettings {
            iterations: None,
            ..settings(1, 4)
        };
        assert!(ismcts_hundred_one(&given, &none).is_err());
        // looking ahead past the tree: still a function of the seed, and other walks
        let ahead = IsmctsSettings {
            lookahead: 1,
            ..settings(3000, 4)
        };
        let c = ismcts_hundred_one(&given, &ahead).unwrap();
        assert_eq!(c, ismcts_hundred_one(&given, &ahead).unwrap());
        assert_eq!(c.iterations, 3000);
        assert_ne!(
            c.values, a.values,
            "the look ahead plays the seat past the tree"
        );
    }

    #[test]
    fn the_key_is_what_the_seat_knows() {
        let state = (0..20)
            .filter_map(|m| position_before_end(4, "key", m))
            .find(|s| {
                let seat = s.to_act().expect("a seat is to act").at();
                let (a, b) = ((seat + 1) % 4, (seat + 2) % 4);
                s.hands()[a].count_ones() == s.hands()[b].count_ones() && s.log().len() > 3
            })
            .unwrap();
        let seat = state.to_act().expect("a seat is to act").at();
        let (a, b) = ((seat + 1) % 4, (seat + 2) % 4);
        let hands = *state.hands();
        // the others' hands traded among themselves: the seat cannot tell
        let mut swapped = state.clone();
        swapped.set_hand(Seat::new(a as u8), hands[b]);
        swapped.set_hand(Seat::new(b as u8), hands[a]);
        assert_ne!(swapped.hands(), state.hands());
        assert_eq!(
            information_key(&state, seat, 0),
            information_key(&swapped, seat, 0)
        );
        // a card of its own traded for one of another hand: it can
        let mut traded = state.clone();
        let mine = hands[seat] & hands[seat].wrapping_neg();
        let theirs = hands[a] & hands[a].wrapping_neg();
        traded.set_hand(Seat::new(seat as u8), hands[seat] ^ (mine | theirs));
        traded.set_hand(Seat::new(a as u8), hands[a] ^ (mine | theirs));
        assert_ne!(
            information_key(&state, seat, 0),
            information_key(&traded, seat, 0)
        );
    }

    #[test]
    fn a_last_queen_goes_out() {
        // rule: H-14, H-15
        // A seat whose last card is a queen may go out on it (30 off) or draw (H-9);
        // the search goes out.
        let mut found = 0;
        for seed in 0..400 {
            for moves in 0..30 {
                let Some(state) = position_before_end(4, &format!("q{seed}"), moves) else {
                    break;
                };
                let seat = state.to_act().expect("a seat is to act").at();
                let hand = state.hands()[seat];
                if state.phase() != Phase::Play
                    || hand.count_ones() != 1
                    || hand.trailing_zeros() & 15 != QUEEN
                {
                    continue;
                }
                let result = ismcts_hundred_one(&[state], &settings(2000, seed)).unwrap();
                let queen = hand.trailing_zeros();
                let best = result.values.iter().max_by_key(|v| v.2).unwrap();
                assert_eq!(best.0, queen, "seed {seed}: {:?}", result.values);
                let draw = result.values.iter().find(|v| v.0 == DRAW).unwrap();
                assert!(best.1 > draw.1);
                found += 1;
                break;
            }
            if found == 5 {
                return;
            }
        }
        panic!("only {found} positions with a last queen");
    }
}
