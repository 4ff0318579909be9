//! What the search needs of a trick game's state during the card play (`TrickSearch`, which
//! each trick game implements in its `games/<game>/policy.rs`), and the helpers they share.
//! Every `TrickSearch` is a `SearchGame` whose actions are its cards, with a tree of every
//! mover's decisions (`Tree::Public`), the look ahead over its distinct cards and the exact
//! endgame search of PIMC (`pimc::Solver`) besides.
//!
//! A search ends with the current deal. Its last trick is forced (every seat holds one card
//! or none), so a search stops when it begins and `finish` plays it out and scores the deal
//! without the state's end-of-deal bookkeeping (records, the score sheet): the rewards are
//! those of `GameInfo.rewards` (`koloda/core/info.py`) for the deal's points.

use crate::core::cards::{nth_card, rank_of, CardBits, CardCode};
use crate::core::rng::Rng;
use crate::search::game::{Playout, SearchGame, Tree, MAX_SEATS};
use crate::search::pimc::lookahead_card;

/// A trick game's state as the search plays it.
pub trait TrickSearch: Clone {
    fn num_seats(&self) -> usize;
    /// The card play is on and a seat is to act.
    fn in_play(&self) -> bool;
    fn to_act(&self) -> usize;
    /// The cards the seat to act may play.
    fn legal_mask(&self) -> CardBits;
    fn hand(&self, seat: usize) -> CardBits;
    fn set_hand(&mut self, seat: usize, cards: CardBits);
    /// Plays a legal card.
    fn play(&mut self, card: CardCode);
    /// Only forced plays remain: the deal's last trick is under way.
    fn forced_end(&self) -> bool;
    /// The trick in progress completed by the seats still to play (each holds one card, as
    /// at the forced end): its leader's seat and its cards from the leader on.
    fn forced_trick(&self) -> (usize, [CardCode; 4]);
    /// Writes each seat's reward for the deal with its forced last trick played out, playing
    /// it out on the position as far as the game needs (King's analysis reads the deal's
    /// scores after it; Tressette leaves the position as it is).
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
    fn strength(&self, card: CardCode) -> u8 {
        rank_of(card)
    }
    /// Seats `a` and `b` score together (partners, or the same seat).
    #[inline]
    fn partners(&self, a: usize, b: usize) -> bool {
        a == b
    }
    /// The cards of the trick in progress.
    fn trick_cards(&self) -> CardBits;
    /// Every seat scores for itself (King): the exact search lets each mover play for its
    /// own reward (max-n) rather than against the observer.
    #[inline]
    fn each_for_himself(&self) -> bool {
        false
    }
    /// Taking card `a` or card `b` is worth the same at the end of the deal (the game
    /// counts tricks only, or both cards carry the same points).
    #[inline]
    fn same_worth(&self, _a: CardCode, _b: CardCode) -> bool {
        true
    }
    /// The rollout policy's card for the seat to act, from that seat's own hand and the
    /// public state only (never another seat's hand); `None`: a uniformly random card.
    #[inline]
    fn policy_card(&self, _rng: &mut Rng) -> Option<CardCode> {
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

impl<G: TrickSearch> SearchGame for G {
    const TREE: Tree = Tree::Public;
    type Actions = CardBits;

    #[inline]
    fn mover(&self) -> usize {
        TrickSearch::to_act(self)
    }

    #[inline]
    fn deal_over(&self) -> bool {
        self.forced_end()
    }

    #[inline]
    fn legal_set(&self) -> CardBits {
        self.legal_mask()
    }

    /// A card: the deal has no chance once it is dealt.
    #[inline]
    fn apply(&mut self, action: u32, _chance: &mut Rng) -> bool {
        self.play(action as CardCode);
        true
    }

    #[inline]
    fn deal_rewards(&mut self, rewards: &mut [f64; MAX_SEATS]) {
        let mut four = [0.0; 4];
        self.finish(&mut four);
        rewards[..4].copy_from_slice(&four);
    }

    #[inline]
    fn same_side(&self, a: usize, b: usize) -> bool {
        self.partners(a, b)
    }

    #[inline]
    fn policy_action(&self, rng: &mut Rng) -> Option<u32> {
        self.policy_card(rng).map(u32::from)
    }

    fn lookahead_action(&self, rng: &mut Rng, how: &Playout) -> u32 {
        lookahead_card(self, rng, how.heuristic) as u32
    }
}

/// A rollout's next card: the game's policy when `heuristic` and the game has one, else a
/// uniformly random legal card.
#[inline]
pub fn rollout_card<G: TrickSearch>(state: &G, rng: &mut Rng, heuristic: bool) -> CardCode {
    if heuristic {
        if let Some(card) = state.policy_card(rng) {
            return card;
        }
    }
    let legal = state.legal_mask();
    nth_card(legal, rng.below(legal.count_ones()))
}

/// Checks that `policy` gives the seat to act `card` still when the other seats' cards are
/// dealt anew among them (`times` deals, each seat keeping its count): it reads no hand but
/// its own.
#[cfg(test)]
pub(crate) fn assert_reads_own_hand<G: TrickSearch>(
    state: &G,
    card: CardCode,
    times: usize,
    rng: &mut Rng,
    policy: impl Fn(&G) -> CardCode,
) {
    let seat = state.to_act();
    let mut dealer = crate::search::determinize::Determinizer::knowing_hand_sizes(state, seat);
    for _ in 0..times {
        let other = dealer.determinize(state, rng);
        assert_eq!(policy(&other), card);
    }
}

/// The cards of the trick in progress: the last `trick_count` plays.
#[inline]
pub fn trick_set(plays: &[u8], trick_count: usize) -> CardBits {
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
pub fn trick_key(hands: &[CardBits], plays: &[u8], trick_count: usize, to_act: usize) -> u64 {
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
pub fn last_trick(
    plays: &[u8],
    trick_count: usize,
    leader: usize,
    n: usize,
    hands: &[CardBits],
) -> [CardCode; 4] {
    let mut cards = [0 as CardCode; 4];
    let start = plays.len() - trick_count;
    for (k, slot) in cards.iter_mut().enumerate().take(n) {
        *slot = if k < trick_count {
            plays[start + k] & 63
        } else {
            hands[(leader + k) % n].trailing_zeros() as CardCode
        };
    }
    cards
}

/// The members of `TrickSearch` every native trick game's state gives alike through its
/// accessors (its seats, seat to act, legal card mask, hands, `step`, plays, trick count
/// and trick leader; the card play is on in its phase `$play`), inside an
/// `impl TrickSearch`.
macro_rules! trick_state_accessors {
    ($play:path) => {
        #[inline]
        fn num_seats(&self) -> usize {
            usize::from(Self::n(self))
        }

        fn in_play(&self) -> bool {
            self.phase() == $play && self.to_act().is_some()
        }

        #[inline]
        fn to_act(&self) -> usize {
            self.to_act().map_or(usize::MAX, $crate::core::Seat::at)
        }

        #[inline]
        fn legal_mask(&self) -> CardBits {
            self.legal_card_mask()
        }

        #[inline]
        fn hand(&self, seat: usize) -> CardBits {
            self.hands()[seat]
        }

        #[inline]
        fn set_hand(&mut self, seat: usize, cards: CardBits) {
            Self::set_hand(self, $crate::core::Seat::new(seat as u8), cards);
        }

        /// A card before the last trick: the deal's end (and its records) is never reached.
        #[inline]
        fn play(&mut self, card: CardCode) {
            self.step(card as u32, &mut ());
        }

        fn trick_cards(&self) -> CardBits {
            $crate::search::trick::trick_set(self.plays(), self.trick_count() as usize)
        }

        fn forced_trick(&self) -> (usize, [CardCode; 4]) {
            let leader = self.trick_leader().expect("the card play is on").at();
            let count = self.trick_count() as usize;
            let n = TrickSearch::num_seats(self);
            let cards =
                $crate::search::trick::last_trick(self.plays(), count, leader, n, self.hands());
            (leader, cards)
        }
    };
}
pub(crate) use trick_state_accessors;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::king::{King, KingOptions};
    use crate::games::spades::{Phase as SpadesPhase, Spades, SpadesOptions};

    #[test]
    fn spades_finish_scores_as_the_game_does() {
        let mut rng = Rng::new(11);
        for game in 0..200u64 {
            let options = SpadesOptions {
                bags_penalty: game % 3 == 0,
                ..SpadesOptions::default()
            };
            let mut state = Spades::new(options, (game & 3) as u8);
            let mut position = state.position();
            position.totals = [
                (game as i64 * 37) % 400 - 100,
                (game as i64 * 53) % 400 - 100,
            ];
            state.restore(position).expect("a position of this table");
            state.deal_random(&mut rng);
            while state.phase() != SpadesPhase::Play {
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
            while full.phase() == SpadesPhase::Play {
                let card = full.random_action(&mut rng); // forced
                full.step(card, &mut ());
            }
            let line = full.sheet().last().unwrap();
            let expected = (line.sides[0].score - line.sides[1].score) as f64 / 150.0;
            assert_eq!(rewards, [expected, -expected, expected, -expected]);
        }
    }

    #[test]
    fn king_finish_scores_as_the_game_does() {
        let mut rng = Rng::new(12);
        for game in 0..300u64 {
            let mut state = King::new(KingOptions::default(), (game & 3) as u8);
            state.set_deal_number((game % 15) as u32);
            state.deal_random(&mut rng);
            while state.phase() != crate::games::king::Phase::Play {
                let action = state.random_action(&mut rng);
                state.step(action, &mut ());
            }
            let mut search = state.for_search();
            // the game as played, with K-12's early end (the search plays every deal out)
            let mut full = state.clone();
            while !search.forced_end() {
                let card = search.random_action(&mut rng);
                search.play(card as CardCode);
                if full.phase() == crate::games::king::Phase::Play {
                    full.step(card, &mut ());
                }
            }
            let mut rewards = [0.0; 4];
            search.finish(&mut rewards);
            while full.phase() == crate::games::king::Phase::Play {
                let card = full.random_action(&mut rng);
                full.step(card, &mut ());
            }
            let scores = full.sheet().last().unwrap().scores;
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
