//! Perfect-information Monte Carlo over the deal of a `SearchGame`, as
//! `koloda/bots/search/pimc.py` does it in Python: take a deal of the cards the observer
//! has not seen (`Deals`), value every legal action on that deal, and average over the
//! deals. Every action of a deal is played out with the same draws of chance and of the
//! playouts (common random numbers).
//!
//! An action is valued on one deal
//! - exactly where the game can (`Exact`): in the trick games once few cards are left
//!   (`exact_cards`), alpha-beta over the rest of the deal (`Solver`), the observer's side
//!   maximising its reward and every other seat minimising it (max-n where each plays for
//!   himself), with a transposition table keyed by the position and cards of a hand that no
//!   card left in play separates (and that are worth the same) tried once;
//! - else by `rollouts` playouts to the end of the deal by the game's policy (its heuristic
//!   on the mover's own cards and the public state), with a chance of a uniformly random
//!   action, or by uniformly random actions; the observer's side may look one action ahead
//!   at its decisions (`SearchGame::lookahead_action`).
//!
//! `pimc` is the trick games' entry; 101's is
//! `games::hundred_one::search::pimc_hundred_one`.
//!
//! With a count budget the values are a function of the inputs and the seed.

use serde::Serialize;

use crate::core::cards::{suit_of, CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::search::determinize::{Determinizer, TrickDeals, Weighing};
use crate::search::game::{playout, ActionSet, Budget, Deals, Playout, SearchGame};
use crate::search::trick::{rollout_card, TrickSearch};

/// How a card is valued on one sampled deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PimcOptions {
    /// Solve the deal exactly once at most this many cards are left in the hands.
    pub exact_cards: u32,
    /// Playouts a card before that.
    pub rollouts: u32,
    /// Playouts by the game's policy (else uniformly random cards).
    pub heuristic: bool,
    /// In a playout the observer's side looks one card ahead on the sampled deal (each of
    /// its cards played out by the policy, the best taken): a second policy improvement,
    /// at about ten times the cost of a playout.
    pub lookahead: bool,
}

impl Default for PimcOptions {
    fn default() -> Self {
        PimcOptions {
            exact_cards: 20,
            rollouts: 1,
            heuristic: true,
            lookahead: false,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PimcResult {
    /// The card with the best mean value (the lower card on a tie).
    pub action: CardCode,
    /// Each legal card's mean value over the deals, lowest card first.
    pub values: Vec<(CardCode, f64)>,
    /// Deals searched.
    pub samples: u64,
    /// Deals that fell back to the root position's hidden hands.
    pub fallbacks: u64,
    /// Positions the exact search visited.
    pub nodes: u64,
}

const BOUND_EXACT: u8 = 0;
const BOUND_LOWER: u8 = 1;
const BOUND_UPPER: u8 = 2;

/// A transposition table of fixed size, cleared in O(1) by a new generation.
struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u32,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    value: f64,
    generation: u32,
    bound: u8,
}

impl Table {
    fn new(bits: u32) -> Self {
        Table {
            slots: vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 1,
            generation: 0,
        }
    }

    fn clear(&mut self) {
        self.generation += 1;
    }

    #[inline]
    fn get(&self, key: u64) -> Option<(f64, u8)> {
        let slot = &self.slots[key as usize & self.mask];
        (slot.generation == self.generation && slot.key == key).then_some((slot.value, slot.bound))
    }

    #[inline]
    fn put(&mut self, key: u64, value: f64, bound: u8) {
        let generation = self.generation;
        self.slots[key as usize & self.mask] = Slot {
            key,
            value,
            generation,
            bound,
        };
    }
}

/// Each seat's value of positions, for the search where every seat plays for itself.
struct Vectors {
    slots: Vec<(u64, u32, [f64; 4])>,
    mask: usize,
}

/// The exact search of one deal for one observer.
pub struct Solver {
    observer: usize,
    /// PIMC solves a deal once at most so many cards are left in the hands.
    exact_cards: u32,
    table: Table,
    vectors: Vectors,
    nodes: u64,
    /// For the policy's move ordering (the games' policies draw nothing from it).
    rng: Rng,
}

impl Solver {
    fn new(observer: usize, bits: u32) -> Self {
        Solver {
            observer,
            exact_cards: 0,
            table: Table::new(bits),
            vectors: Vectors {
                slots: vec![(0, 0, [0.0; 4]); 1 << bits],
                mask: (1 << bits) - 1,
            },
            nodes: 0,
            rng: Rng::new(0),
        }
    }

    /// The observer's value of `state` with every seat playing its best: for its side
    /// against the others (alpha-beta), or where every seat plays for itself
    /// (`TrickSearch::each_for_himself`) each for its own reward (max-n).
    fn solve<G: TrickSearch>(&mut self, state: &G) -> f64 {
        if state.each_for_himself() {
            self.rewards(state)[self.observer]
        } else {
            self.value(state, f64::NEG_INFINITY, f64::INFINITY)
        }
    }

    /// The cards the mover tries, the policy's first.
    fn ordered<G: TrickSearch>(&mut self, state: &G) -> impl Iterator<Item = CardCode> {
        let cards = distinct_cards(state);
        // the policy's card first: a good guess cuts the most
        let first = state
            .policy_card(&mut self.rng)
            .filter(|&card| cards >> card & 1 == 1);
        let rest = first.map_or(cards, |card| cards & !(1 << card));
        first.into_iter().chain(Cards(rest))
    }

    /// Max-n: each seat's reward when every mover takes the card best for itself (the
    /// earlier card in the policy's order on a tie).
    fn rewards<G: TrickSearch>(&mut self, state: &G) -> [f64; 4] {
        self.nodes += 1;
        let mut rewards = [0.0; 4];
        if state.forced_end() {
            state.clone().finish(&mut rewards);
            return rewards;
        }
        let key = state.position_key();
        let generation = self.table.generation;
        let slot = self.vectors.slots[key as usize & self.vectors.mask];
        if slot.0 == key && slot.1 == generation {
            return slot.2;
        }
        let mover = state.to_act();
        let mut best = f64::NEG_INFINITY;
        for card in self.ordered(state) {
            let mut child = state.clone();
            child.play(card);
            let values = self.rewards(&child);
            if values[mover] > best {
                best = values[mover];
                rewards = values;
            }
        }
        self.vectors.slots[key as usize & self.vectors.mask] = (key, generation, rewards);
        rewards
    }

    fn value<G: TrickSearch>(&mut self, state: &G, mut alpha: f64, mut beta: f64) -> f64 {
        self.nodes += 1;
        if state.forced_end() {
            let mut rewards = [0.0; 4];
            state.clone().finish(&mut rewards);
            return rewards[self.observer];
        }
        let key = state.position_key();
        if let Some((value, bound)) = self.table.get(key) {
            match bound {
                BOUND_EXACT => return value,
                BOUND_LOWER if value >= beta => return value,
                BOUND_UPPER if value <= alpha => return value,
                BOUND_LOWER => alpha = alpha.max(value),
                _ => beta = beta.min(value),
            }
            if alpha >= beta {
                return value;
            }
        }
        let (low, high) = (alpha, beta);
        let maximizing = state.partners(state.to_act(), self.observer);
        let mut node = AlphaBeta::new(maximizing, alpha, beta);
        for card in self.ordered(state) {
            let mut child = state.clone();
            child.play(card);
            if node.take(self.value(&child, node.alpha, node.beta)) {
                break;
            }
        }
        let best = node.best;
        let bound = if best <= low {
            BOUND_UPPER
        } else if best >= high {
            BOUND_LOWER
        } else {
            BOUND_EXACT
        };
        self.table.put(key, best, bound);
        best
    }
}

/// A node of an alpha-beta search: the best value found so far for the seat to move (the
/// observer's side maximising, the others minimising), and the window `(alpha, beta)` of
/// the values that still matter.
#[derive(Clone, Copy, Debug)]
pub struct AlphaBeta {
    maximizing: bool,
    pub best: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl AlphaBeta {
    /// A node in the window `(alpha, beta)` with no child valued yet.
    #[inline]
    pub fn new(maximizing: bool, alpha: f64, beta: f64) -> Self {
        let best = if maximizing {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        AlphaBeta {
            maximizing,
            best,
            alpha,
            beta,
        }
    }

    /// Takes a child's value into the best and the window; true when the window has
    /// closed (the other children cannot change the node's value).
    #[inline]
    pub fn take(&mut self, value: f64) -> bool {
        if self.maximizing {
            self.best = self.best.max(value);
            self.alpha = self.alpha.max(self.best);
        } else {
            self.best = self.best.min(value);
            self.beta = self.beta.min(self.best);
        }
        self.alpha >= self.beta
    }
}

/// The legal cards of the seat to act with one card kept of each run of cards that are
/// worth the same to the rest of the deal: same suit, no card between them in the trick's
/// order left in any hand or in the trick, the same worth when taken.
pub fn distinct_cards<G: TrickSearch>(state: &G) -> CardBits {
    let legal = state.legal_mask();
    let mut live = state.trick_cards();
    for seat in 0..state.num_seats() {
        live |= state.hand(seat);
    }
    let mut kept: CardBits = 0;
    for suit in 0..4u8 {
        let mine = legal & (0xFFFFu64 << (16 * suit as u32));
        if mine.count_ones() < 2 {
            kept |= mine;
            continue;
        }
        // the suit's live cards in trick order
        let mut order = [(0u8, 0 as CardCode); 16];
        let mut len = 0;
        for card in Cards(live & (0xFFFFu64 << (16 * suit as u32))) {
            order[len] = (state.strength(card), card);
            len += 1;
        }
        order[..len].sort_unstable();
        let mut previous: Option<CardCode> = None;
        for &(_, card) in &order[..len] {
            if mine >> card & 1 == 0 {
                previous = None;
                continue;
            }
            match previous {
                Some(run) if state.same_worth(run, card) => {}
                _ => {
                    kept |= 1 << card;
                    previous = Some(card);
                }
            }
        }
    }
    debug_assert!(Cards(kept).all(|card| suit_of(card) < 4));
    kept
}

/// The mover's card with the best playout for itself on this (sampled) deal: each distinct
/// legal card played out by the policy to the end of the deal (the trick games' look
/// ahead, `SearchGame::lookahead_action`).
pub(crate) fn lookahead_card<G: TrickSearch>(
    state: &G,
    rng: &mut Rng,
    heuristic: bool,
) -> CardCode {
    let cards = distinct_cards(state);
    if cards.count_ones() == 1 {
        return cards.trailing_zeros() as CardCode;
    }
    let mover = TrickSearch::to_act(state);
    let mut rewards = [0.0; 4];
    let mut best = (f64::NEG_INFINITY, 0 as CardCode);
    for card in Cards(cards) {
        let mut s = state.clone();
        s.play(card);
        while !s.forced_end() {
            let next = rollout_card(&s, rng, heuristic);
            s.play(next);
        }
        s.finish(&mut rewards);
        if rewards[mover] > best.0 {
            best = (rewards[mover], card);
        }
    }
    best.1
}

/// An exact value of a position in place of its playouts, where the game has one: the
/// trick games' endgame search (`Solver`).
pub trait Exact<G> {
    /// A new deal is searched: what was learnt on the last one no longer holds.
    fn new_deal(&mut self) {}
    /// The observer's exact value of `state`, or None where the playouts value it.
    fn exact_value(&mut self, state: &G) -> Option<f64>;
}

/// No exact search: every position is valued by its playouts.
pub struct Playouts;

impl<G> Exact<G> for Playouts {
    #[inline]
    fn exact_value(&mut self, _state: &G) -> Option<f64> {
        None
    }
}

impl<G: TrickSearch> Exact<G> for Solver {
    fn new_deal(&mut self) {
        self.table.clear();
    }

    /// Solved once at most `exact_cards` cards are left in the hands.
    fn exact_value(&mut self, state: &G) -> Option<f64> {
        let left: u32 = (0..state.num_seats())
            .map(|s| state.hand(s).count_ones())
            .sum();
        (left <= self.exact_cards).then(|| self.solve(state))
    }
}

/// What PIMC found: each legal action of the root with its mean value over the deals
/// searched, lowest code first, and how many deals.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionValues {
    pub values: Vec<(u32, f64)>,
    pub samples: u64,
}

/// The error of a search given neither a count nor a time.
const UNBOUNDED: &str = "PIMC needs a budget: samples or milliseconds";

/// PIMC for the seat to act in `root` (the observer) on the deals of `deals`: on each deal
/// every legal action is valued exactly by `exact` where it can, else by the mean of
/// `rollouts` playouts by `how`, every action with the same draws of chance and playouts.
pub fn search<G: SearchGame, D: Deals<G>>(
    root: &G,
    deals: &mut D,
    exact: &mut impl Exact<G>,
    budget: Budget,
    seed: u64,
    rollouts: u32,
    how: Playout,
) -> Result<ActionValues, String> {
    if rollouts == 0 {
        return Err("PIMC needs at least one rollout a card".into());
    }
    let (mut steps, mut rng) = deals.start(budget, 1, UNBOUNDED, seed)?;
    let observer = root.mover();
    let legal: Vec<u32> = root.legal_set().each().collect();
    let mut totals = vec![0.0f64; legal.len()];
    for index in &mut steps {
        let state = deals.deal(index, &mut rng);
        let sample_seed = rng.next_u64();
        exact.new_deal();
        for (total, &action) in totals.iter_mut().zip(&legal) {
            let mut chance = Rng::new(sample_seed);
            let mut child = state.clone();
            if !child.apply(action, &mut chance) {
                continue;
            }
            *total += match exact.exact_value(&child) {
                Some(value) => value,
                None => {
                    let mut sum = 0.0;
                    for _ in 1..rollouts {
                        sum += playout(&mut child.clone(), observer, &mut chance, &how);
                    }
                    sum += playout(&mut child, observer, &mut chance, &how);
                    sum / rollouts as f64
                }
            };
        }
    }
    let values = legal
        .iter()
        .zip(&totals)
        .map(|(&action, &total)| (action, total / steps.done().max(1) as f64))
        .collect();
    Ok(ActionValues {
        values,
        samples: steps.done(),
    })
}

/// PIMC over the card play of a trick game for `observer` (the seat to act in `root`),
/// dealing the hidden cards with `dealer`; with a `weighing`, from its candidate deals
/// drawn in proportion to their weights.
pub fn pimc<G: TrickSearch>(
    root: &G,
    observer: usize,
    dealer: &mut Determinizer,
    budget: Budget,
    seed: u64,
    options: PimcOptions,
    weighing: Option<Weighing<'_, G>>,
) -> Result<PimcResult, String> {
    if !root.in_play() || TrickSearch::to_act(root) != observer {
        return Err(format!("seat {observer} is not to play a card"));
    }
    let template = root.for_search();
    let mut solver = Solver::new(observer, 18);
    solver.exact_cards = options.exact_cards;
    let how = Playout {
        heuristic: options.heuristic,
        epsilon: 0.0,
        lookahead: options.lookahead as u32,
    };
    let mut deals = TrickDeals::new(&template, observer, dealer, weighing, budget);
    let found = search(
        &template,
        &mut deals,
        &mut solver,
        budget,
        seed,
        options.rollouts,
        how,
    )?;
    let values: Vec<(CardCode, f64)> = found
        .values
        .iter()
        .map(|&(action, value)| (action as CardCode, value))
        .collect();
    let action = values
        .iter()
        .fold(None::<(CardCode, f64)>, |best, &(card, value)| match best {
            Some((_, v)) if v >= value => best,
            _ => Some((card, value)),
        })
        .map(|(card, _)| card)
        .unwrap_or(0);
    Ok(PimcResult {
        action,
        values,
        samples: found.samples,
        fallbacks: dealer.fallbacks,
        nodes: solver.nodes,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::Seat;
    use crate::games::king::{King, KingOptions, Phase as KingPhase};
    use crate::games::spades::{Phase, Spades, SpadesOptions};
    use crate::games::tressette::{Tressette, TressetteOptions};
    use crate::search::determinize::Place;

    fn run<G: TrickSearch>(state: &G, samples: u64, seed: u64, options: PimcOptions) -> PimcResult {
        let observer = state.to_act();
        let mut dealer = Determinizer::knowing_hand_sizes(state, observer);
        let budget = Budget {
            simulations: Some(samples),
            milliseconds: None,
        };
        pimc(state, observer, &mut dealer, budget, seed, options, None).unwrap()
    }

    /// A Spades position in the card play with `left` cards in the hands, random play.
    pub(crate) fn spades_at(seed: u64, left: u32) -> Spades {
        let mut rng = Rng::new(seed);
        let mut state = Spades::new(SpadesOptions::default(), 0);
        state.deal_random(&mut rng);
        while state.phase() != Phase::Play {
            let action = state.random_action(&mut rng);
            state.step(action, &mut ());
        }
        while (0..4).map(|s| state.hands()[s].count_ones()).sum::<u32>() > left {
            let card = state.random_action(&mut rng);
            state.step(card, &mut ());
        }
        state
    }

    fn king_at(seed: u64, left: u32) -> King {
        let mut rng = Rng::new(seed);
        let mut state = King::new(KingOptions::default(), (seed & 3) as u8);
        state.set_deal_number((seed % 15) as u32);
        state.deal_random(&mut rng);
        while state.phase() != KingPhase::Play {
            let action = state.random_action(&mut rng);
            state.step(action, &mut ());
        }
        let mut search = state.for_search();
        while (0..4).map(|s| search.hands()[s].count_ones()).sum::<u32>() > left {
            let card = search.random_action(&mut rng);
            search.play(card as CardCode);
        }
        search
    }

    fn tressette_at(seed: u64, left: u32) -> Tressette {
        let mut rng = Rng::new(seed);
        let options = TressetteOptions::varied(seed % 2 == 0, seed % 3 == 0, false);
        let mut state = Tressette::new(options, (seed & 3) as u8);
        state.deal_random(&mut rng, &mut ());
        while state.hands().iter().map(|h| h.len()).sum::<u32>() > left {
            let card = state.random_action(&mut rng);
            state.step(card, &mut ());
        }
        state
    }

    /// Plain minimax over every legal card: what alpha-beta must equal.
    fn minimax<G: TrickSearch>(state: &G, observer: usize) -> f64 {
        if state.forced_end() {
            let mut rewards = [0.0; 4];
            state.clone().finish(&mut rewards);
            return rewards[observer];
        }
        let values = Cards(state.legal_mask()).map(|card| {
            let mut child = state.clone();
            child.play(card);
            minimax(&child, observer)
        });
        if state.partners(state.to_act(), observer) {
            values.fold(f64::NEG_INFINITY, f64::max)
        } else {
            values.fold(f64::INFINITY, f64::min)
        }
    }

    fn solve<G: TrickSearch>(state: &G, observer: usize) -> f64 {
        let mut solver = Solver::new(observer, 12);
        solver.value(state, f64::NEG_INFINITY, f64::INFINITY)
    }

    #[test]
    fn alpha_beta_equals_minimax() {
        for seed in 0..40 {
            let state = spades_at(seed, 9 + (seed as u32 % 4));
            for observer in 0..4 {
                assert_eq!(solve(&state, observer), minimax(&state, observer), "{seed}");
            }
            let state = king_at(seed, 9 + (seed as u32 % 4));
            for observer in 0..4 {
                let (a, b) = (solve(&state, observer), minimax(&state, observer));
                assert!((a - b).abs() < 1e-12, "{seed}: {a} {b}");
            }
            let state = tressette_at(seed, 9 + (seed as u32 % 4));
            for observer in 0..4 {
                let (a, b) = (solve(&state, observer), minimax(&state, observer));
                assert!((a - b).abs() < 1e-12, "{seed}: {a} {b}");
            }
        }
    }

    /// Max-n without the table, trying the cards in the solver's order.
    fn max_n<G: TrickSearch>(solver: &mut Solver, state: &G) -> [f64; 4] {
        let mut rewards = [0.0; 4];
        if state.forced_end() {
            state.clone().finish(&mut rewards);
            return rewards;
        }
        let mover = state.to_act();
        let mut best = f64::NEG_INFINITY;
        let cards: Vec<CardCode> = solver.ordered(state).collect();
        for card in cards {
            let mut child = state.clone();
            child.play(card);
            let values = max_n(solver, &child);
            if values[mover] > best {
                best = values[mover];
                rewards = values;
            }
        }
        rewards
    }

    #[test]
    fn king_is_solved_each_for_himself() {
        for seed in 0..30 {
            let state = king_at(seed, 9 + (seed as u32 % 4));
            assert!(state.each_for_himself());
            for observer in 0..4 {
                let mut solver = Solver::new(observer, 12);
                let expected = max_n(&mut solver, &state);
                assert_eq!(solver.solve(&state), expected[observer], "{seed}");
                // every mover's own choice is its best: no seat does better by deviating
                // at the root
                let mover = TrickSearch::to_act(&state);
                for card in Cards(state.legal_mask()) {
                    let mut child = state.clone();
                    child.play(card);
                    assert!(max_n(&mut solver, &child)[mover] <= expected[mover] + 1e-12);
                }
            }
        }
    }

    #[test]
    fn count_budget_and_seed_fix_the_values() {
        let state = spades_at(5, 40);
        let options = PimcOptions {
            exact_cards: 16,
            rollouts: 2,
            heuristic: false,
            lookahead: true,
        };
        let a = run(&state, 30, 7, options);
        assert_eq!(a, run(&state, 30, 7, options));
        assert_eq!(a.samples, 30);
        assert_eq!(
            a.values.iter().map(|v| v.0).collect::<Vec<_>>(),
            Cards(state.legal_mask()).collect::<Vec<_>>()
        );
        let best = a
            .values
            .iter()
            .map(|v| v.1)
            .fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(a.values.iter().find(|v| v.0 == a.action).unwrap().1, best);
    }

    #[test]
    fn hidden_hands_do_not_change_the_values() {
        let state = king_at(8, 24);
        let observer = TrickSearch::to_act(&state);
        let mut other = state.clone();
        let (left, right) = ((observer + 1) % 4, (observer + 2) % 4);
        let hands = *state.hands();
        if hands[left].count_ones() == hands[right].count_ones() {
            other.set_hand(Seat::new(left as u8), hands[right]);
            other.set_hand(Seat::new(right as u8), hands[left]);
        }
        let options = PimcOptions::default();
        assert_eq!(run(&state, 20, 3, options), run(&other, 20, 3, options));
    }

    #[test]
    fn exact_values_of_the_true_deal_rank_cards_by_minimax() {
        // Given the real hands (nothing unseen), every card's value is its minimax value.
        for seed in 0..10 {
            let state = spades_at(100 + seed, 12);
            let observer = TrickSearch::to_act(&state);
            let hands: Vec<CardBits> = state.hands().to_vec();
            let places: Vec<Place> = (0..4)
                .map(|s| Place {
                    held: if s == observer { 0 } else { hands[s] },
                    ..Place::default()
                })
                .collect();
            let mut dealer = Determinizer::new(observer, 0, &places, &hands).unwrap();
            let budget = Budget {
                simulations: Some(1),
                milliseconds: None,
            };
            let result = pimc(
                &state,
                observer,
                &mut dealer,
                budget,
                1,
                PimcOptions::default(),
                None,
            )
            .unwrap();
            for &(card, value) in &result.values {
                let mut child = state.clone();
                child.play(card);
                assert_eq!(value, minimax(&child, observer));
            }
        }
    }
}
