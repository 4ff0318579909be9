//! The post-game analysis's valuing (`koloda/bots/analysis.py`) of one decision of a trick
//! game, in native code: each legal action's mean value in the game's points over the
//! sampled deals it is given, as `koloda/bots/search/pimc.py`'s `PIMCBot.values` (with
//! `in_points`) computes it on the same deals.
//!
//! The caller deals the samples (positions that agree with the seat's view, the others'
//! hands guessed); on each, every legal action of the seat (a card, a bid, an exchange's
//! three cards, a contract or a trump) is applied and valued:
//! - exactly, when the decision is a card and at most `exact_cards` cards are left in the
//!   hands: alpha-beta over the rest of the deal, the seat's side maximising its points and
//!   every other seat minimising them (paranoid, also in King where each plays for himself),
//!   with a transposition table over the sample's searches;
//! - else by one playout to the end of the deal in which every seat decides as the game's
//!   heuristic on its own view does (`Analysed::heuristic_action`, the bids and the nil
//!   exchange, the trump, then the card play's `TrickSearch::policy_card`).
//!
//! Nothing is drawn at random here: the values are a function of the samples. In the card
//! play the samples may instead be dealt here (`dealt_values`) from one position and the
//! seat's knowledge of the unseen cards (`Determinizer`), from a seed.

use std::collections::HashMap;

use crate::core::cards::{rank_of, suit_of, CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::games::king::{King, Phase as KingPhase, TRUMP_BASE, TRUMP_LAST};
use crate::games::spades::policy::{heuristic_bid, SPADES_REWARD_SCALE};
use crate::games::spades::{
    Bid, Phase as SpadesPhase, Spades, BID_BASE, DISCARD_BASE, GIVE_BASE, LOOK, NIL,
};
use crate::games::tressette::policy::TRESSETTE_REWARD_SCALE;
use crate::games::tressette::Tressette;
use crate::games::DealtGame;
use crate::search::determinize::Determinizer;
use crate::search::pimc::AlphaBeta;
use crate::search::trick::TrickSearch;

/// What the analysis needs of a trick game beyond the card play's `TrickSearch`.
pub trait Analysed: TrickSearch + DealtGame {
    /// The legal actions of the seat to act, in any phase of the deal, lowest code first.
    fn actions(&self, out: &mut Vec<u32>);
    /// The seat to act (usize::MAX: none).
    fn mover(&self) -> usize {
        TrickSearch::to_act(self)
    }
    /// Applies a legal action of any phase.
    fn act(&mut self, action: u32) {
        self.step_unchecked(action);
    }
    /// A decision before the card play is to be made (a bid, the exchange, a trump).
    fn before_play(&self) -> bool;
    /// The action the game's heuristic takes there (`koloda/games/<game>/heuristic.py`) from
    /// the mover's own view; `None` where it is not ported.
    fn heuristic_action(&self) -> Option<u32>;
    /// The seat's points of the finished deal (`GameInfo.reward_points`), from a position
    /// whose last trick is forced.
    fn points(&mut self, observer: usize) -> f64;
}

/// The cards in the hands while cards are played (`core.plugin.cards_in_play`), else None.
fn cards_in_play<G: Analysed>(state: &G) -> Option<u32> {
    if !state.in_play() {
        return None;
    }
    Some(
        (0..TrickSearch::num_seats(state))
            .map(|s| state.hand(s).count_ones())
            .sum(),
    )
}

/// Each legal action of `observer` (to act in every sample) with its mean value in points
/// over `samples`, lowest code first; `None` when a playout meets a decision whose
/// heuristic is not ported (the caller values it the Python way).
pub fn values<G: Analysed>(
    samples: &[G],
    observer: usize,
    exact_cards: u32,
) -> Result<Option<Vec<(u32, f64)>>, String> {
    let first = samples.first().ok_or("no sampled deal to value")?;
    let mut legal = Vec::new();
    first.actions(&mut legal);
    let mut totals = vec![0.0f64; legal.len()];
    let mut actions = Vec::new();
    for sample in samples {
        if sample.mover() != observer {
            return Err(format!("seat {observer} is not to act in every sample"));
        }
        sample.actions(&mut actions);
        if actions != legal {
            return Err("the samples differ in their legal actions".into());
        }
        let state = sample.for_search();
        let exact = cards_in_play(&state).is_some_and(|left| left <= exact_cards);
        let mut table = HashMap::new();
        for (total, &action) in totals.iter_mut().zip(&legal) {
            let mut child = state.clone();
            child.act(action);
            let value = if exact {
                solve(
                    &child,
                    observer,
                    f64::NEG_INFINITY,
                    f64::INFINITY,
                    &mut table,
                )
            } else {
                match playout(child, observer) {
                    Some(value) => value,
                    None => return Ok(None),
                }
            };
            *total += value;
        }
    }
    let count = samples.len() as f64;
    Ok(Some(
        legal
            .iter()
            .zip(&totals)
            .map(|(&action, &total)| (action, total / count))
            .collect(),
    ))
}

/// `values` over `count` positions dealt by `dealer` from `root` (the card play's), with a
/// generator seeded by `seed`.
pub fn dealt_values<G: Analysed>(
    root: &G,
    observer: usize,
    dealer: &mut Determinizer,
    count: usize,
    seed: u64,
    exact_cards: u32,
) -> Result<Option<Vec<(u32, f64)>>, String> {
    if !root.in_play() {
        return Err("the samples are dealt here in the card play only".into());
    }
    let template = root.for_search();
    let mut rng = Rng::new(seed);
    let samples: Vec<G> = (0..count)
        .map(|_| dealer.determinize(&template, &mut rng))
        .collect();
    values(&samples, observer, exact_cards)
}

/// The observer's points at the end of the deal played out by the heuristic from `state`.
fn playout<G: Analysed>(mut state: G, observer: usize) -> Option<f64> {
    let mut rng = Rng::new(0); // the policies draw nothing from it
    loop {
        if state.before_play() {
            let action = state.heuristic_action()?;
            state.act(action);
        } else if state.forced_end() {
            return Some(state.points(observer));
        } else {
            let card = match state.policy_card(&mut rng) {
                Some(card) => card,
                None => Cards(state.legal_mask()).next()?,
            };
            state.play(card);
        }
    }
}

/// Paranoid alpha-beta over the rest of the deal in the observer's points (`PIMCBot.
/// _alphabeta`): the exact value, with values inside the window kept in `table`.
fn solve<G: Analysed>(
    state: &G,
    observer: usize,
    alpha: f64,
    beta: f64,
    table: &mut HashMap<u64, f64>,
) -> f64 {
    if state.forced_end() {
        return state.clone().points(observer);
    }
    let key = state.position_key();
    if let Some(&value) = table.get(&key) {
        return value;
    }
    let maximizing = state.partners(observer, TrickSearch::to_act(state));
    let mut node = AlphaBeta::new(maximizing, alpha, beta);
    for card in Cards(state.legal_mask()) {
        let mut child = state.clone();
        child.play(card);
        if node.take(solve(&child, observer, node.alpha, node.beta, table)) {
            return node.best; // a bound only: not kept
        }
    }
    let best = node.best;
    if alpha < best && best < beta {
        table.insert(key, best);
    }
    best
}

// ----- Spades ------------------------------------------------------------------------------

const SPADES_SUIT: u8 = 0;

/// Three cards of a hand as the action packs them: the lowest card in the high bits.
fn pack(cards: &mut [CardCode; 3]) -> u32 {
    cards.sort_unstable();
    (cards[0] as u32) << 12 | (cards[1] as u32) << 6 | cards[2] as u32
}

/// The hand's cards sorted by `key`, equal keys in the hand's order (lowest code first), as
/// Python's stable `sorted` orders the view's hand.
fn sorted_hand(hand: CardBits, key: impl Fn(CardCode) -> u32) -> Vec<CardCode> {
    let mut cards: Vec<CardCode> = Cards(hand).collect();
    cards.sort_by_key(|&card| key(card));
    cards
}

/// How dangerous a card is to hold in Spades' exchange: its rank, spades counted `spade`
/// ranks higher (3 to discard, 6 to give).
fn exchange_weight(card: CardCode, spade: u32) -> u32 {
    rank_of(card) as u32 + spade * u32::from(suit_of(card) == SPADES_SUIT)
}

/// The Spades heuristic's decision before the card play (`spades/heuristic.py`): look at
/// the cards, bid what the hand is worth (nil when weak), discard the three most dangerous
/// cards, give the nil partner the three lowest.
fn spades_action(state: &Spades) -> Option<u32> {
    let seat = state.to_act()?.at();
    let hand = state.hands()[seat];
    match state.phase() {
        SpadesPhase::Bid => {
            if state.options().double_nil && !state.picked_up()[seat] {
                return Some(LOOK);
            }
            let partner_nil = state.bids()[(seat + 2) % 4].is_some_and(Bid::is_nil);
            let (nil, bid) = heuristic_bid(hand, partner_nil);
            Some(BID_BASE + if nil { NIL as u32 } else { bid as u32 })
        }
        SpadesPhase::Discard => {
            let cards = sorted_hand(hand, |card| exchange_weight(card, 3));
            let mut last = [0; 3];
            last.copy_from_slice(&cards[cards.len() - 3..]);
            Some(DISCARD_BASE + pack(&mut last))
        }
        SpadesPhase::Give => {
            let cards = sorted_hand(hand, |card| exchange_weight(card, 6));
            let mut first = [0; 3];
            first.copy_from_slice(&cards[..3]);
            Some(GIVE_BASE + pack(&mut first))
        }
        _ => None,
    }
}

impl Analysed for Spades {
    fn actions(&self, out: &mut Vec<u32>) {
        self.legal_actions(out);
    }

    fn before_play(&self) -> bool {
        matches!(
            self.phase(),
            SpadesPhase::Bid | SpadesPhase::Discard | SpadesPhase::Give
        )
    }

    fn heuristic_action(&self) -> Option<u32> {
        spades_action(self)
    }

    /// The own side's points less the other side's (the reward is their difference over
    /// the scale, an integer's).
    fn points(&mut self, observer: usize) -> f64 {
        let mut rewards = [0.0; 4];
        self.finish(&mut rewards);
        (rewards[observer] * SPADES_REWARD_SCALE).round()
    }
}

// ----- King --------------------------------------------------------------------------------

/// The King heuristic's trump (`king/heuristic.py`, `_trump`) from the cards the caller has
/// seen: the strongest suit (length, and half a point a rank above the ten), or the last
/// card's suit with the preview when no suit has two cards and the best is weak.
fn king_trump(state: &King) -> Option<u32> {
    let seat = state.to_act()?.index();
    let cards = state.visible_dealt(seat);
    let strength = |suit: u8| {
        let mine = cards.iter().filter(|&&c| suit_of(c) == suit);
        let length = mine.clone().count() as f64;
        length
            + mine
                .map(|&c| (rank_of(c) as i32 - 8).max(0) as f64 * 0.5)
                .sum::<f64>()
    };
    let scores = [strength(0), strength(1), strength(2), strength(3)];
    let mut best = 0;
    for suit in 1..4 {
        if scores[suit] > scores[best] {
            best = suit;
        }
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if legal.contains(&TRUMP_LAST) && cards.len() < 8 {
        let longest = (0..4u8)
            .map(|s| cards.iter().filter(|&&c| suit_of(c) == s).count())
            .max()
            .unwrap_or(0);
        if longest < 2 && scores[best] < 2.5 {
            return Some(TRUMP_LAST);
        }
    }
    Some(TRUMP_BASE + best as u32)
}

impl Analysed for King {
    fn actions(&self, out: &mut Vec<u32>) {
        self.legal_actions(out);
    }

    fn before_play(&self) -> bool {
        matches!(self.phase(), KingPhase::Order | KingPhase::Trump)
    }

    /// The trump; the order of a contract is not ported (a deal's playouts never meet one:
    /// it is the deal's first decision).
    fn heuristic_action(&self) -> Option<u32> {
        match self.phase() {
            KingPhase::Trump => king_trump(self),
            _ => None,
        }
    }

    /// The seat's own points of the deal (King's deals give out a fixed sum).
    fn points(&mut self, observer: usize) -> f64 {
        let mut rewards = [0.0; 4];
        self.finish(&mut rewards);
        self.deal_scores()[observer] as f64
    }
}

// ----- Tressette ---------------------------------------------------------------------------

impl Analysed for Tressette {
    fn actions(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(Cards(self.legal_card_mask()).map(u32::from));
    }

    fn act(&mut self, action: u32) {
        self.play(action as CardCode);
    }

    /// Tressette's deals are all card play.
    fn before_play(&self) -> bool {
        false
    }

    fn heuristic_action(&self) -> Option<u32> {
        None
    }

    /// The own side's points less the other side's.
    fn points(&mut self, observer: usize) -> f64 {
        let mut rewards = [0.0; 4];
        self.finish(&mut rewards);
        (rewards[observer] * TRESSETTE_REWARD_SCALE).round()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;
    use crate::games::king::{KingOptions, Variant};
    use crate::games::spades::SpadesOptions;
    use crate::games::tressette::TressetteOptions;
    use crate::search::determinize::Place;

    /// A Spades deal with the nil exchange, random decisions until `stop` says so.
    fn spades_until(seed: u64, stop: impl Fn(&Spades) -> bool) -> Option<Spades> {
        let mut rng = Rng::new(seed);
        let mut state = Spades::new(SpadesOptions::default(), (seed & 3) as u8);
        state.deal_random(&mut rng);
        while !stop(&state) {
            if state.phase() != SpadesPhase::Bid && !state.in_play() && !state.before_play() {
                return None;
            }
            if state.in_play() && state.forced_end() {
                return None;
            }
            let action = state.random_action(&mut rng);
            state.step(action, &mut ());
        }
        Some(state)
    }

    /// A King deal (the `seed`th of the program) with random decisions until `stop` says so,
    /// or None if the deal reaches its last trick first.
    fn king_until(seed: u64, variant: Variant, stop: impl Fn(&King) -> bool) -> Option<King> {
        let options = KingOptions {
            variant,
            ..KingOptions::default()
        };
        let mut rng = Rng::new(seed);
        let mut state = King::new(options, (seed & 3) as u8);
        state.set_deal_number((seed % 15) as u32);
        state.deal_random(&mut rng);
        let mut state = state.for_search();
        while !stop(&state) {
            if state.in_play() && state.forced_end() {
                return None;
            }
            let action = state.random_action(&mut rng);
            state.step(action, &mut ());
        }
        Some(state)
    }

    fn king_found(variant: Variant, stop: impl Fn(&King) -> bool) -> King {
        (0..200)
            .find_map(|seed| king_until(seed, variant, &stop))
            .expect("a deal that gets there")
    }

    fn tressette_at(seed: u64, left: u32) -> Tressette {
        let mut rng = Rng::new(seed);
        let mut state = Tressette::new(TressetteOptions::default(), (seed & 3) as u8);
        state.deal_random(&mut rng, &mut ());
        while (0..4)
            .map(|s| TrickSearch::hand(&state, s).count_ones())
            .sum::<u32>()
            > left
        {
            let card = state.random_action(&mut rng);
            state.step(card, &mut ());
        }
        state
    }

    fn cards_left<G: Analysed>(state: &G) -> u32 {
        (0..TrickSearch::num_seats(state))
            .map(|s| state.hand(s).count_ones())
            .sum()
    }

    /// Plain paranoid minimax in the observer's points, every legal card tried.
    fn minimax<G: Analysed>(state: &G, observer: usize) -> f64 {
        if state.forced_end() {
            return state.clone().points(observer);
        }
        let values = Cards(state.legal_mask()).map(|card| {
            let mut child = state.clone();
            child.play(card);
            minimax(&child, observer)
        });
        if state.partners(observer, TrickSearch::to_act(state)) {
            values.fold(f64::NEG_INFINITY, f64::max)
        } else {
            values.fold(f64::INFINITY, f64::min)
        }
    }

    fn check_exact<G: Analysed>(state: &G, exact_cards: u32) {
        let observer = TrickSearch::to_act(state);
        let found = values(std::slice::from_ref(state), observer, exact_cards)
            .unwrap()
            .unwrap();
        for (action, value) in found {
            let mut child = state.for_search();
            child.act(action);
            assert_eq!(value, minimax(&child, observer), "card {action}");
        }
    }

    #[test]
    fn few_cards_left_are_valued_by_paranoid_minimax_in_points() {
        for seed in 0..12 {
            let left = 8 + (seed as u32 % 5);
            let spades = spades_until(seed, |s| s.in_play() && cards_left(s) <= left);
            if let Some(state) = spades {
                check_exact(&state, 12);
            }
            check_exact(&tressette_at(seed, left), 12);
            let king = king_until(seed, Variant::Classic, |s| {
                s.in_play() && cards_left(s) <= 8
            });
            check_exact(&king.unwrap(), 8);
        }
    }

    /// The observer's points of one playout by the heuristic from `state`.
    fn played_out<G: Analysed>(mut state: G, observer: usize) -> f64 {
        let mut rng = Rng::new(0);
        loop {
            if state.before_play() {
                let action = state.heuristic_action().unwrap();
                state.act(action);
            } else if state.forced_end() {
                return state.points(observer);
            } else {
                let card = state.policy_card(&mut rng).unwrap();
                state.play(card);
            }
        }
    }

    #[test]
    fn earlier_decisions_are_valued_by_a_heuristic_playout_and_averaged() {
        // a card early in the deal, a bid, a nil bidder's discard, his partner's gift
        let stops: [&dyn Fn(&Spades) -> bool; 4] = [
            &|s| s.in_play() && cards_left(s) >= 40,
            &|s| {
                s.phase() == SpadesPhase::Bid
                    && s.to_act().is_some_and(|seat| s.picked_up()[seat.at()])
            },
            &|s| s.phase() == SpadesPhase::Discard,
            &|s| s.phase() == SpadesPhase::Give,
        ];
        for stop in stops {
            let samples: Vec<Spades> = (0..400)
                .filter_map(|seed| spades_until(seed, stop))
                .take(1)
                .collect();
            let state = &samples[0];
            let observer = TrickSearch::to_act(state);
            // the opponents' cards dealt otherwise: the highest ones to the first
            let mut other = state.clone();
            let (a, b) = ((observer + 1) % 4, (observer + 3) % 4);
            let both = state.hands()[a] | state.hands()[b];
            let size = state.hands()[a].count_ones() as usize;
            let mut cards: Vec<CardCode> = Cards(both).collect();
            cards.reverse();
            let first = cards[..size].iter().fold(0, |set, &c| set | 1 << c);
            other.set_hand(Seat::new(a as u8), first);
            other.set_hand(Seat::new(b as u8), both & !first);
            let both = [state.clone(), other.clone()];
            let mean = values(&both, observer, 12).unwrap().unwrap();
            let first = values(&both[..1], observer, 12).unwrap().unwrap();
            let second = values(&both[1..], observer, 12).unwrap().unwrap();
            for (k, &(action, value)) in mean.iter().enumerate() {
                let mut child = state.clone();
                child.act(action);
                assert_eq!(first[k].1, played_out(child, observer));
                assert_eq!(value, (first[k].1 + second[k].1) / 2.0);
            }
            assert_eq!(mean, values(&both, observer, 12).unwrap().unwrap());
        }
    }

    #[test]
    fn the_spades_heuristic_sheds_high_cards_and_gives_low_ones() {
        // rule: S-7
        let spades_at = |phase| {
            (0..400)
                .find_map(|seed| spades_until(seed, |s| s.phase() == phase))
                .unwrap()
        };
        for (phase, base, spade) in [
            (SpadesPhase::Discard, DISCARD_BASE, 3),
            (SpadesPhase::Give, GIVE_BASE, 6),
        ] {
            let state = spades_at(phase);
            let hand = state.hands()[TrickSearch::to_act(&state)];
            let action = spades_action(&state).unwrap();
            let chosen = crate::core::cards::triple_mask(action - base);
            assert_eq!(chosen & hand, chosen);
            let weight = |card| exchange_weight(card, spade);
            let (chosen, kept) = (Cards(chosen).map(weight), Cards(hand & !chosen).map(weight));
            if phase == SpadesPhase::Discard {
                // the most dangerous cards go
                assert!(kept.max().unwrap() <= chosen.min().unwrap());
            } else {
                // the partner gets the lowest
                assert!(kept.min().unwrap() >= chosen.max().unwrap());
            }
            let mut legal = Vec::new();
            state.actions(&mut legal);
            assert!(legal.contains(&action));
        }
    }

    #[test]
    fn king_orders_are_valued_and_an_order_met_in_a_playout_is_not() {
        let order = king_found(Variant::Order, |s| s.phase() == KingPhase::Order);
        let observer = TrickSearch::to_act(&order);
        let found = values(std::slice::from_ref(&order), observer, 8)
            .unwrap()
            .unwrap();
        let mut legal = Vec::new();
        order.actions(&mut legal);
        assert_eq!(found.iter().map(|v| v.0).collect::<Vec<_>>(), legal);
        assert!(order.heuristic_action().is_none()); // the order is the deal's first
        let trump = king_found(Variant::Classic, |s| s.phase() == KingPhase::Trump);
        assert!(trump.heuristic_action().is_some());
    }

    #[test]
    fn samples_must_agree_and_dealt_samples_repeat_by_seed() {
        let state = tressette_at(7, 30);
        let observer = TrickSearch::to_act(&state);
        assert!(values::<Tressette>(&[], observer, 12).is_err());
        assert!(values(std::slice::from_ref(&state), (observer + 1) % 4, 12).is_err());
        let places: Vec<Place> = (0..4)
            .map(|s| Place {
                size: if s == observer {
                    0
                } else {
                    TrickSearch::hand(&state, s).count_ones()
                },
                ..Place::default()
            })
            .collect();
        let unseen = (0..4)
            .filter(|&s| s != observer)
            .fold(0, |set, s| set | TrickSearch::hand(&state, s));
        let hands: Vec<CardBits> = (0..4).map(|s| TrickSearch::hand(&state, s)).collect();
        let mut dealer = Determinizer::new(observer, unseen, &places, &hands).unwrap();
        let a = dealt_values(&state, observer, &mut dealer, 24, 9, 12).unwrap();
        let b = dealt_values(&state, observer, &mut dealer, 24, 9, 12).unwrap();
        assert_eq!(a, b);
        let c = dealt_values(&state, observer, &mut dealer, 24, 10, 12).unwrap();
        assert_ne!(a, c);
        let cards: Vec<u32> = Cards(state.legal_mask()).map(u32::from).collect();
        assert_eq!(a.unwrap().iter().map(|v| v.0).collect::<Vec<_>>(), cards);
        let bidding = spades_until(1, |s| s.phase() == SpadesPhase::Bid).unwrap();
        let mut dealer = Determinizer::knowing_hand_sizes(&bidding, TrickSearch::to_act(&bidding));
        assert!(dealt_values(&bidding, 0, &mut dealer, 4, 1, 12).is_err());
    }
}
