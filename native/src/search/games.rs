//! What the search needs of a trick game's state during the card play, for Spades and King.
//!
//! A search ends with the current deal. Its last trick is forced (every seat holds one card
//! or none), so a search stops when it begins and `finish` plays it out and scores the deal
//! without the state's end-of-deal bookkeeping (records, the score sheet): the rewards are
//! those of `GameInfo.rewards` (`koloda/core/info.py`) for the deal's points.

use crate::cards::{nth_card, rank_of, Card, CardSet};
use crate::king::{seat_penalty, King, POSITIVE};
use crate::rng::Rng;
use crate::spades::{score_side, Spades, NUM_TRICKS, PHASE_PLAY as SPADES_PLAY};
use crate::tricks::trick_winner_index;

/// Spades' `Utility.scale`: a typical deal's points to a side (`spades/rules.py`).
pub const SPADES_REWARD_SCALE: f64 = 150.0;

/// A trick game's state as the search plays it.
pub trait TrickSearch: Clone {
    fn num_seats(&self) -> usize;
    /// The card play is on and a seat is to act.
    fn in_play(&self) -> bool;
    fn to_act(&self) -> usize;
    /// The cards the seat to act may play.
    fn legal_mask(&self) -> CardSet;
    fn hand(&self, seat: usize) -> CardSet;
    fn set_hand(&mut self, seat: usize, cards: CardSet);
    /// Plays a legal card.
    fn play(&mut self, card: Card);
    /// Only forced plays remain: the deal's last trick is under way.
    fn forced_end(&self) -> bool;
    /// Plays out the forced last trick and writes each seat's reward for the deal.
    fn finish(&mut self, rewards: &mut [f64; 4]);
    /// Prepares a position for search (a copy that the search may change at will).
    fn for_search(&self) -> Self {
        self.clone()
    }
    /// A key of the position for a transposition table: positions with equal keys have the
    /// same rest of the deal and the same rewards at its end (in one search, where the
    /// contract, bids and totals do not change).
    fn position_key(&self) -> u64;
    /// The card's place in its suit's trick order (higher beats lower): cards of one hand
    /// and suit with no card between them left in any hand are worth the same to the search.
    #[inline]
    fn strength(&self, card: Card) -> u8 {
        rank_of(card)
    }
    /// Seats `a` and `b` score together (partners, or the same seat).
    #[inline]
    fn partners(&self, a: usize, b: usize) -> bool {
        a == b
    }
    /// The cards of the trick in progress.
    fn trick_cards(&self) -> CardSet;
    /// Every seat scores for itself (King): the exact search lets each mover play for its
    /// own reward (max-n) rather than against the observer.
    #[inline]
    fn each_for_himself(&self) -> bool {
        false
    }
    /// Taking card `a` or card `b` is worth the same at the end of the deal (the game
    /// counts tricks only, or both cards carry the same points).
    #[inline]
    fn same_worth(&self, _a: Card, _b: Card) -> bool {
        true
    }
    /// The rollout policy's card for the seat to act, from that seat's own hand and the
    /// public state only (never another seat's hand); `None`: a uniformly random card.
    #[inline]
    fn policy_card(&self, _rng: &mut Rng) -> Option<Card> {
        None
    }
    /// At the first card of a deal whose hands are sampled: how likely the seats other
    /// than `observer` were to decide as they did before the card play (Spades' bids), up
    /// to a constant factor; 1 where the game has no model of it.
    #[inline]
    fn prior_weight(&self, _observer: usize) -> f64 {
        1.0
    }
}

/// A rollout's next card: the game's policy when `heuristic` and the game has one, else a
/// uniformly random legal card.
#[inline]
pub fn rollout_card<G: TrickSearch>(state: &G, rng: &mut Rng, heuristic: bool) -> Card {
    if heuristic {
        if let Some(card) = state.policy_card(rng) {
            return card;
        }
    }
    let legal = state.legal_mask();
    nth_card(legal, rng.below(legal.count_ones()))
}

/// The cards of the trick in progress: the last `trick_count` plays.
#[inline]
pub fn trick_set(plays: &[u8], trick_count: usize) -> CardSet {
    plays[plays.len() - trick_count..]
        .iter()
        .fold(0, |set, &card| set | 1 << (card & 63))
}

/// Mixes one word into a position key (splitmix64's finalizer over the running key).
#[inline]
pub fn mix(key: u64, word: u64) -> u64 {
    let mut z = (key ^ word).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key words every trick game shares: the hands, the trick in progress (its cards in
/// order, from its leader) and the seat to act.
#[inline]
pub fn trick_key(hands: &[CardSet], plays: &[u8], trick_count: usize, to_act: usize) -> u64 {
    let mut key = 0u64;
    for &hand in hands {
        key = mix(key, hand);
    }
    let mut trick = 0u64;
    for &card in &plays[plays.len() - trick_count..] {
        trick = trick << 8 | (card & 63) as u64 | 64;
    }
    mix(mix(key, trick), to_act as u64)
}

/// The cards of the trick in progress completed by the seats still to play (each holds
/// exactly one card), from the leader on, and the index of the leader's seat.
fn last_trick(
    plays: &[u8],
    trick_count: usize,
    leader: usize,
    n: usize,
    hands: &[CardSet],
) -> [Card; 4] {
    let mut cards = [0 as Card; 4];
    let start = plays.len() - trick_count;
    for (k, slot) in cards.iter_mut().enumerate().take(n) {
        *slot = if k < trick_count {
            plays[start + k] & 63
        } else {
            hands[(leader + k) % n].trailing_zeros() as Card
        };
    }
    cards
}

/// The accessors every native trick game's state has alike (its seat to act, legal card
/// mask, hands, `step`, plays and trick count), inside an `impl TrickSearch`.
macro_rules! trick_state_accessors {
    () => {
        #[inline]
        fn to_act(&self) -> usize {
            self.to_act as usize
        }

        #[inline]
        fn legal_mask(&self) -> CardSet {
            self.legal_card_mask()
        }

        #[inline]
        fn hand(&self, seat: usize) -> CardSet {
            self.hands[seat]
        }

        #[inline]
        fn set_hand(&mut self, seat: usize, cards: CardSet) {
            self.hands[seat] = cards;
        }

        /// A card before the last trick: the deal's end (and its records) is never reached.
        #[inline]
        fn play(&mut self, card: Card) {
            self.step(card as u32, &mut ());
        }

        fn trick_cards(&self) -> CardSet {
            $crate::search::games::trick_set(
                &self.plays[..self.plays_len as usize],
                self.trick_count as usize,
            )
        }
    };
}
pub(crate) use trick_state_accessors;

impl TrickSearch for Spades {
    #[inline]
    fn num_seats(&self) -> usize {
        4
    }

    fn in_play(&self) -> bool {
        self.phase == SPADES_PLAY && self.to_act >= 0
    }

    trick_state_accessors!();

    #[inline]
    fn forced_end(&self) -> bool {
        self.tricks_played + 1 >= NUM_TRICKS
    }

    fn finish(&mut self, rewards: &mut [f64; 4]) {
        let leader = self.trick_leader as usize;
        let cards = last_trick(
            &self.plays[..self.plays_len as usize],
            self.trick_count as usize,
            leader,
            4,
            &self.hands,
        );
        let winner = (leader + trick_winner_index(&cards, Some(0))) & 3;
        let mut tricks = self.tricks;
        tricks[winner] += 1;
        let (bids, options) = (self.bids, self.options);
        let side = |s: usize| {
            score_side(
                [bids[s], bids[s + 2]],
                [tricks[s], tricks[s + 2]],
                self.totals[s],
                self.bags[s],
                &options,
            )
            .score
        };
        // DealReward.SIDE_DIFFERENCE: the sides' difference over the scale
        let value = (side(0) - side(1)) as f64 / SPADES_REWARD_SCALE;
        *rewards = [value, -value, value, -value];
    }

    #[inline]
    fn partners(&self, a: usize, b: usize) -> bool {
        (a ^ b) & 1 == 0
    }

    /// The Spades heuristic's card play (`policy_spades`).
    #[inline]
    fn policy_card(&self, _rng: &mut Rng) -> Option<Card> {
        Some(crate::search::policy_spades::spades_card(self))
    }

    /// The bids, under the heuristic's bidding (`beliefs_tricks::spades_bids_weight`).
    fn prior_weight(&self, observer: usize) -> f64 {
        crate::search::beliefs_tricks::spades_bids_weight(self, observer)
    }

    /// The trick position and the tricks each seat has taken (a nil counts its own).
    fn position_key(&self) -> u64 {
        let key = trick_key(
            &self.hands,
            &self.plays[..self.plays_len as usize],
            self.trick_count as usize,
            self.to_act as usize,
        );
        mix(key, u32::from_le_bytes(self.tricks) as u64)
    }
}

impl TrickSearch for King {
    #[inline]
    fn num_seats(&self) -> usize {
        self.n() as usize
    }

    fn in_play(&self) -> bool {
        self.phase == crate::king::PHASE_PLAY && self.to_act >= 0
    }

    trick_state_accessors!();

    #[inline]
    fn forced_end(&self) -> bool {
        self.tricks_played + 1 >= self.table.num_tricks
    }

    fn finish(&mut self, rewards: &mut [f64; 4]) {
        let n = self.n() as usize;
        let leader = self.trick_leader as usize;
        let cards = last_trick(
            &self.plays[..self.plays_len as usize],
            self.trick_count as usize,
            leader,
            n,
            &self.hands,
        );
        let winner = (leader + trick_winner_index(&cards[..n], self.power_trump)) % n;
        self.tricks[winner] += 1;
        self.last_tricks[winner] += 1;
        for &card in &cards[..n] {
            self.taken[winner] |= 1 << card;
        }
        let scores = self.deal_scores();
        // DealReward.SHARE_OF_DEAL: twice the seat's points over all the points given out
        let total: i64 = scores[..n].iter().map(|p| p.abs()).sum();
        let total = if total == 0 { 1.0 } else { total as f64 };
        for (reward, &points) in rewards.iter_mut().zip(&scores).take(n) {
            *reward = 2.0 * points as f64 / total;
        }
        debug_assert!(self.contract >= 0 && self.contract as u8 <= POSITIVE);
    }

    #[inline]
    fn each_for_himself(&self) -> bool {
        true
    }

    /// The same penalty for taking either card alone under the deal's contract.
    fn same_worth(&self, a: Card, b: Card) -> bool {
        let contract = self.contract as u8;
        let rates = &self.table.rates;
        contract == POSITIVE
            || seat_penalty(contract, rates, 1 << a, 0, 0)
                == seat_penalty(contract, rates, 1 << b, 0, 0)
    }

    /// The trick position, the cards each seat has taken and its tricks (the last two
    /// tricks follow from the cards left).
    fn position_key(&self) -> u64 {
        let n = self.n() as usize;
        let mut key = trick_key(
            &self.hands[..n],
            &self.plays[..self.plays_len as usize],
            self.trick_count as usize,
            self.to_act as usize,
        );
        for seat in 0..n {
            key = mix(key, self.taken[seat]);
        }
        key = mix(key, u32::from_le_bytes(self.last_tricks) as u64);
        mix(key, u32::from_le_bytes(self.tricks) as u64)
    }

    /// K-12's early end changes no score (the decisive cards are all the deal's penalty),
    /// so the search plays every deal out and never meets the end-of-deal bookkeeping.
    fn for_search(&self) -> Self {
        let mut copy = self.clone();
        copy.table.options.stop_when_decided = false;
        copy
    }

    /// The card the Python heuristic plays (`policy_king`).
    fn policy_card(&self, _rng: &mut Rng) -> Option<Card> {
        Some(crate::search::policy_king::king_card(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::king::KingOptions;
    use crate::rng::Rng;
    use crate::spades::SpadesOptions;

    #[test]
    fn spades_finish_scores_as_the_game_does() {
        let mut rng = Rng::new(11);
        for game in 0..200u64 {
            let options = SpadesOptions {
                bags_penalty: game % 3 == 0,
                ..SpadesOptions::default()
            };
            let mut state = Spades::new(options, (game & 3) as u8);
            state.totals = [
                (game as i64 * 37) % 400 - 100,
                (game as i64 * 53) % 400 - 100,
            ];
            state.deal_random(&mut rng);
            while state.phase != SPADES_PLAY {
                let action = state.random_action(&mut rng);
                state.step(action, &mut ());
            }
            // random play to the forced end
            while !state.forced_end() {
                let card = state.random_action(&mut rng);
                state.step(card, &mut ());
            }
            let mut rewards = [0.0; 4];
            state.clone().finish(&mut rewards);
            let mut full = state.clone();
            while full.phase == SPADES_PLAY {
                let card = full.random_action(&mut rng); // forced
                full.step(card, &mut ());
            }
            let line = full.sheet.last().unwrap();
            let expected = (line.sides[0].score - line.sides[1].score) as f64 / 150.0;
            assert_eq!(rewards, [expected, -expected, expected, -expected]);
        }
    }

    #[test]
    fn king_finish_scores_as_the_game_does() {
        let mut rng = Rng::new(12);
        for game in 0..300u64 {
            let mut state = King::new(KingOptions::default(), (game & 3) as u8);
            state.deal_number = (game % 15) as u32;
            state.deal_random(&mut rng);
            while state.phase != crate::king::PHASE_PLAY {
                let action = state.random_action(&mut rng);
                state.step(action, &mut ());
            }
            let mut search = state.for_search();
            // the game as played, with K-12's early end (the search plays every deal out)
            let mut full = state.clone();
            while !search.forced_end() {
                let card = search.random_action(&mut rng);
                search.play(card as Card);
                if full.phase == crate::king::PHASE_PLAY {
                    full.step(card, &mut ());
                }
            }
            let mut rewards = [0.0; 4];
            search.finish(&mut rewards);
            while full.phase == crate::king::PHASE_PLAY {
                let card = full.random_action(&mut rng);
                full.step(card, &mut ());
            }
            let scores = full.sheet.last().unwrap().scores;
            let total: i64 = scores.iter().map(|p| p.abs()).sum();
            for seat in 0..4 {
                let expected = 2.0 * scores[seat] as f64 / total.max(1) as f64;
                assert!(
                    (rewards[seat] - expected).abs() < 1e-12,
                    "{rewards:?} {scores:?}"
                );
            }
        }
    }
}
