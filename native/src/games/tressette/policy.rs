//! What the search needs of Tressette's card play (`TrickSearch` for `Tressette`), and its
//! rollout policy: the card play of `koloda/games/tressette/heuristic.py`, card for card.
//!
//! A deal's reward is that of `GameInfo.rewards` for Tressette's `Utility`
//! (`tressette/rules.py`: `SIDE_DIFFERENCE`, scale 8): the difference of the sides' points of
//! the deal over 8. A deal's points are everything it scored: the declarations (counted
//! when it was dealt, T-7..T-11), the counting cards (per trick or pooled, T-12) and the
//! bonuses for nine tricks and for all ten (T-13, T-14). The games won on the way (T-15..T-18)
//! do not change them.

use crate::core::cards::{suit_mask, CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::core::tricks::best_play;
use crate::core::tricks::TrickPlay;
use crate::core::{CardSet, Seat};
use crate::games::tressette::{
    strength as rank_strength, CardPoints, Phase, Tressette, COUNTING, DECK_40, NUM_TRICKS,
    TRUMP_HEARTS,
};
use crate::search::pick::{filter, max_by, min_by};
use crate::search::trick::{last_trick, mix, trick_key, TrickSearch};

/// Tressette's `Utility.scale` (`tressette/rules.py`).
pub const TRESSETTE_REWARD_SCALE: f64 = 8.0;
const HEARTS: u8 = 1;
/// Added to a trump heart's strength: it beats any plain card (`TRUMP_BONUS` in
/// `koloda/core/tricks.py`).
const TRUMP: u32 = 100;
const NINE_TRICKS_BONUS: i64 = 6;
const ALL_TRICKS_BONUS: i64 = 4;

/// T-3: each card's strength in its suit, 10 for a 3 down to 1 for a 4 (0: not a card of
/// the 40).
const STRENGTH: [u8; 64] = {
    let order: [u8; 10] = crate::games::tressette::RANKS_STRONGEST_FIRST;
    let mut table = [0u8; 64];
    let mut suit = 0;
    while suit < 4 {
        let mut i = 0;
        while i < 10 {
            table[suit * 16 + order[i] as usize] = 10 - i as u8;
            i += 1;
        }
        suit += 1;
    }
    table
};

#[inline]
fn card_strength(card: CardCode) -> u32 {
    STRENGTH[card as usize] as u32
}

#[inline]
fn counts(card: CardCode) -> bool {
    COUNTING >> card & 1 == 1
}

/// The trump hearts of these rules (none without `hearts_special`, T-6).
#[inline]
fn trumps(state: &Tressette) -> CardBits {
    if state.options().hearts_special {
        TRUMP_HEARTS
    } else {
        0
    }
}

/// T-5, T-6: the card's power in a trick led in `lead` (the highest takes it).
#[inline]
fn power(card: CardCode, lead: u8, trumps: CardBits) -> u32 {
    if trumps >> card & 1 == 1 {
        TRUMP + card_strength(card)
    } else if card >> 4 == lead {
        card_strength(card)
    } else {
        0
    }
}

/// The index (from the leader) of the card that takes a full trick.
#[inline]
fn winner_index(cards: &[CardCode; 4], trumps: CardBits) -> usize {
    best_play(cards, |card, lead| power(card, lead, trumps)).0
}

/// The deal's points of each side when the forced last trick is played out from `state`:
/// the points so far, that trick's and what the end of the deal adds (T-12 pooled, T-13,
/// T-14).
fn final_points(state: &Tressette) -> [i64; 2] {
    let (leader, cards) = state.forced_trick();
    let winner = (leader + winner_index(&cards, trumps(state))) & 3;
    let mask = cards.iter().fold(0, |s, &c| s | 1u64 << c);
    let mut points = *state.deal_points();
    if state.options().card_points == CardPoints::PerTrick && (mask & COUNTING).count_ones() >= 3 {
        points[winner & 1] += 1; // T-12 per trick
    }
    let mut taken = *state.taken();
    taken[winner] |= CardSet::from_bits(mask);
    let mut tricks = *state.tricks();
    tricks[winner] += 1;
    if state.options().card_points == CardPoints::Pooled {
        for side in 0..2 {
            // T-12 pooled
            points[side] +=
                ((taken[side] | taken[side + 2]).bits() & COUNTING).count_ones() as i64 / 3;
        }
    }
    for (seat, &won) in tricks.iter().enumerate() {
        if won >= 9 {
            points[seat & 1] += NINE_TRICKS_BONUS; // T-13
        }
    }
    for side in 0..2 {
        if tricks[side] + tricks[side + 2] == NUM_TRICKS {
            points[side] += ALL_TRICKS_BONUS; // T-14
        }
    }
    points
}

impl TrickSearch for Tressette {
    #[inline]
    fn num_seats(&self) -> usize {
        4
    }

    fn in_play(&self) -> bool {
        self.phase() == Phase::Play && self.to_act().is_some()
    }

    #[inline]
    fn to_act(&self) -> usize {
        self.to_act().map_or(usize::MAX, Seat::at)
    }

    #[inline]
    fn legal_mask(&self) -> CardBits {
        self.legal_card_mask()
    }

    #[inline]
    fn hand(&self, seat: usize) -> CardBits {
        self.hands()[seat].bits()
    }

    #[inline]
    fn set_hand(&mut self, seat: usize, cards: CardBits) {
        Tressette::set_hand(self, Seat::new(seat as u8), CardSet::from_bits(cards));
    }

    /// A card before the last trick: the deal's end (and its records) is never reached.
    #[inline]
    fn play(&mut self, card: CardCode) {
        self.step(card as u32, &mut ());
    }

    fn forced_trick(&self) -> (usize, [CardCode; 4]) {
        let leader = self.trick_leader().expect("a deal is under way").at();
        let hands = self.hands().map(CardSet::bits);
        let cards = last_trick(self.plays(), self.trick_count() as usize, leader, 4, &hands);
        (leader, cards)
    }

    fn trick_cards(&self) -> CardBits {
        crate::search::trick::trick_set(self.plays(), self.trick_count() as usize)
    }

    #[inline]
    fn forced_end(&self) -> bool {
        self.tricks_played() + 1 >= NUM_TRICKS
    }

    /// The deal's points with its last trick, counted as `finish_deal` counts them. The
    /// position is left as it is: the search reads nothing of it after the deal's end.
    fn finish(&mut self, rewards: &mut [f64; 4]) {
        let points = final_points(self);
        // DealReward.SIDE_DIFFERENCE: the sides' difference over the scale
        let value = (points[0] - points[1]) as f64 / TRESSETTE_REWARD_SCALE;
        *rewards = [value, -value, value, -value];
    }

    /// The trick position; the deal's points so far (per-trick card points included); each
    /// seat's tricks (T-13, T-14); with pooled card points, how many counting cards each side
    /// has taken (T-12).
    fn position_key(&self) -> u64 {
        let mut key = trick_key(
            &self.hands().map(CardSet::bits),
            self.plays(),
            self.trick_count() as usize,
            TrickSearch::to_act(self),
        );
        key = mix(key, u32::from_le_bytes(*self.tricks()) as u64);
        key = mix(
            key,
            (self.deal_points()[0] as u32 as u64) << 32 | self.deal_points()[1] as u32 as u64,
        );
        if self.options().card_points == CardPoints::Pooled {
            let side =
                |s: usize| ((self.taken()[s] | self.taken()[s + 2]).bits() & COUNTING).count_ones();
            key = mix(key, (side(0) as u64) << 8 | side(1) as u64);
        }
        key
    }

    /// T-3: 3 2 A K Q J 7 6 5 4, 10 down to 1 (a trump heart beats every plain card, but
    /// within hearts the order is the same). Two cards next in this order may still differ
    /// to the deal: a jack counts and a 7 does not (T-12), a ♥7 is a trump and a ♥6 is not
    /// (T-6).
    #[inline]
    fn strength(&self, card: CardCode) -> u8 {
        debug_assert_eq!(STRENGTH[card as usize] as u32, rank_strength(card & 15));
        STRENGTH[card as usize]
    }

    #[inline]
    fn policy_card(&self, _rng: &mut Rng) -> Option<CardCode> {
        Some(policy_card(self))
    }

    /// Seats 0 and 2 against 1 and 3.
    #[inline]
    fn partners(&self, a: usize, b: usize) -> bool {
        (a ^ b) & 1 == 0
    }

    /// Both count or neither (an ace counts a point, the other counting cards a third,
    /// T-12), and both are trumps or neither (T-6).
    fn same_worth(&self, a: CardCode, b: CardCode) -> bool {
        const ACE: u8 = 12;
        let trumps = trumps(self);
        counts(a) == counts(b)
            && (a & 15 == ACE) == (b & 15 == ACE)
            && (trumps >> a & 1) == (trumps >> b & 1)
    }
}

/// The card `koloda/games/tressette/heuristic.py` plays for the seat to act, from its own
/// hand and the cards played in the deal only.
///
/// Lead from the long suit (its master card first, else a low card), keep the high cards
/// to capture the counting cards, give counting cards to a partner who is winning the
/// trick, trump with the low trump hearts when a trick is worth it, and throw cheap cards
/// from short suits otherwise.
pub fn policy_card(state: &Tressette) -> CardCode {
    let legal = state.legal_card_mask();
    debug_assert!(legal != 0, "no card to play");
    let trumps = trumps(state);
    let seat = state.to_act().expect("a seat is to play").at();
    let partner = (seat + 2) & 3;
    let own = state.hands()[seat].bits();
    let plays = state.plays();
    let played = plays.iter().fold(0u64, |s, &p| s | 1 << (p & 63));
    let unseen = DECK_40 & !played & !own;
    let lengths = |card: CardCode| (own & suit_mask(card >> 4)).count_ones();
    // no unseen card of its suit is stronger
    let is_master = |card: CardCode| {
        let strength = card_strength(card);
        Cards(unseen & suit_mask(card >> 4)).all(|c| card_strength(c) < strength)
    };
    let count = state.trick_count() as usize;
    if count == 0 {
        let masters = filter(legal & !trumps, is_master);
        if masters != 0 {
            return max_by(masters, |c| (counts(c), card_strength(c)));
        }
        let plain = match legal & !suit_mask(HEARTS) {
            0 => legal,
            plain => plain,
        };
        return max_by(plain, |c| {
            (lengths(c), -(card_strength(c) as i32), !counts(c))
        });
    }
    let trick = &plays[plays.len() - count..];
    let lead = (trick[0] & 63) >> 4;
    let power_of = |card: CardCode| power(card, lead, trumps);
    let (best_index, best_power) = best_play(trick, |card, _| power_of(card));
    let partner_best = (trick[best_index] >> 6) as usize == partner;
    let last = count == 3;
    let value = trick.iter().filter(|&&p| counts(p & 63)).count();
    let winners = filter(legal, |c| power_of(c) > best_power);
    let partner_safe = partner_best && (last || Cards(unseen).all(|c| power_of(c) <= best_power));
    if partner_safe || (partner_best && winners == 0) {
        // support the partner
        let give = filter(legal & COUNTING, |c| !is_master(c));
        if give != 0 {
            return max_by(give, |c| -(card_strength(c) as i32));
        }
        return min_by(legal, |c| (card_strength(c), power_of(c)));
    }
    if winners != 0 && (value >= 1 || last || winners & COUNTING != 0) {
        if last {
            return max_by(winners, |c| (counts(c), -(power_of(c) as i64)));
        }
        let safe = filter(winners, |c| is_master(c) || trumps >> c & 1 == 1);
        if safe != 0 {
            return min_by(safe, power_of);
        }
    }
    // cannot (or need not) win: throw a cheap card from a short suit
    min_by(legal, |c| {
        (
            counts(c),
            trumps >> c & 1 == 1,
            card_strength(c),
            lengths(c),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tressette::TressetteOptions;
    use crate::search::trick::assert_reads_own_hand;

    fn options(game: u64) -> TressetteOptions {
        TressetteOptions::varied(game % 2 == 0, game % 3 == 0, game % 5 == 1)
    }

    /// A deal in progress: a random number of deals of the group already played, then
    /// random cards.
    fn position(rng: &mut Rng, game: u64) -> Tressette {
        let mut state = Tressette::new(options(game), (game & 3) as u8);
        state.deal_random(rng, &mut ());
        for _ in 0..game % 4 {
            while state.in_deal() {
                let card = state.random_action(rng);
                state.step(card, &mut ());
            }
            if state.is_over() {
                break;
            }
            state.deal_random(rng, &mut ());
        }
        if !state.in_deal() {
            state = Tressette::new(options(game), 0);
            state.deal_random(rng, &mut ());
        }
        state
    }

    #[test]
    fn tressette_finish_scores_as_the_game_does() {
        let mut rng = Rng::new(13);
        for game in 0..400u64 {
            let mut state = position(&mut rng, game);
            state.set_points([(game as i64 * 7) % 21, (game as i64 * 5) % 21]);
            while !state.forced_end() {
                let card = state.random_action(&mut rng);
                state.play(card as CardCode);
            }
            let mut rewards = [0.0; 4];
            state.clone().finish(&mut rewards);
            let mut full = state.clone();
            while full.in_deal() {
                let card = full.random_action(&mut rng); // forced
                full.step(card, &mut ());
            }
            let scores = full.sheet().last().unwrap().scores;
            let expected = (scores[0] - scores[1]) as f64 / TRESSETTE_REWARD_SCALE;
            assert_eq!(rewards, [expected, -expected, expected, -expected]);
        }
    }

    #[test]
    fn finish_counts_the_trick_bonuses() {
        // seat 1 leads (dealer 0) and holds every heart: it takes all ten tricks
        let suit = |s: u8| {
            let mut hand = [0 as CardCode; 10];
            for (slot, card) in hand.iter_mut().zip(Cards(DECK_40 & suit_mask(s))) {
                *slot = card;
            }
            hand
        };
        for game in 0..12u64 {
            let mut state = Tressette::new(options(game), 0);
            state.deal(&[suit(3), suit(1), suit(0), suit(2)], &mut ());
            let mut rng = Rng::new(game);
            while !state.forced_end() {
                let card = state.random_action(&mut rng);
                state.play(card as CardCode);
            }
            let mut rewards = [0.0; 4];
            state.clone().finish(&mut rewards);
            while state.in_deal() {
                let card = state.random_action(&mut rng); // forced
                state.step(card, &mut ());
            }
            let line = state.sheet().last().unwrap();
            assert_eq!((line.tricks[1], line.bonuses), (10, [0, 6 + 4])); // T-13, T-14
            let value = (line.scores[0] - line.scores[1]) as f64 / TRESSETTE_REWARD_SCALE;
            assert_eq!(rewards, [value, -value, value, -value]);
        }
    }

    #[test]
    fn policy_card_is_legal_and_reads_only_its_own_hand() {
        let mut rng = Rng::new(14);
        for game in 0..300u64 {
            let mut state = position(&mut rng, game);
            while state.in_deal() {
                let card = policy_card(&state);
                assert!(state.legal_card_mask() >> card & 1 == 1);
                assert_reads_own_hand(&state, card, 1, &mut rng, policy_card);
                let mut other_rng = Rng::new(game);
                assert_eq!(state.policy_card(&mut other_rng), Some(card));
                let action = if game % 2 == 0 {
                    card as u32
                } else {
                    state.random_action(&mut rng)
                };
                state.step(action, &mut ());
            }
        }
    }

    #[test]
    fn strength_follows_t3() {
        let state = Tressette::new(TressetteOptions::default(), 0);
        for card in Cards(DECK_40) {
            assert_eq!(state.strength(card) as u32, rank_strength(card & 15));
        }
        // ♠3 over ♠2 over ♠A over ♠K, ♠4 lowest
        assert!(state.strength(1) > state.strength(0));
        assert!(state.strength(0) > state.strength(12));
        assert!(state.strength(12) > state.strength(11));
        assert_eq!(state.strength(2), 1);
    }

    #[test]
    fn equal_keys_for_one_position_reached_two_ways() {
        let mut rng = Rng::new(15);
        let mut state = Tressette::new(TressetteOptions::default(), 0);
        state.deal_random(&mut rng, &mut ());
        let key = state.position_key();
        assert_eq!(key, state.clone().position_key());
        let card = state.random_action(&mut rng);
        let mut next = state.clone();
        next.step(card, &mut ());
        assert_ne!(next.position_key(), key);
    }
}
