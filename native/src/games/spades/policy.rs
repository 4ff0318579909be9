//! The card play of the Spades heuristic (`koloda/games/spades/heuristic.py`, `_play` and
//! `_duck`, with the trick arithmetic of `koloda/core/trick_reading.py`), as the rollout
//! policy of the search; and its bids (`estimate_tricks`, `_bid`), the model of the bids
//! in the search's beliefs (`beliefs_tricks`).
//!
//! The card is the one the Python heuristic chooses in the same position, ties included:
//! where Python's `min` or `max` keeps the first of equal keys over the legal cards (lowest
//! code first), the scans here keep the first too. It reads the hand of the seat to act and
//! public information only (the bids, the tricks taken, the cards played, the trick in
//! progress and the bag option), so a determinized deal's other hands never change it.

use crate::core::cards::{rank_of, suit_mask, suit_of, CardBits, CardCode};
use crate::core::rng::Rng;
use crate::core::tricks::trick_winner_index;
use crate::core::tricks::TrickPlay;
use crate::games::spades::{score_side, Bid, Phase as SpadesPhase, Spades, NUM_TRICKS};
use crate::search::pick::{filter, max_by, min_by};
use crate::search::trick::{mix, trick_key, trick_state_accessors, TrickSearch};

const SPADES: u8 = 0;
const FULL_DECK: CardBits = suit_mask(0) | suit_mask(1) | suit_mask(2) | suit_mask(3);

#[inline]
fn is_spade(card: CardCode) -> bool {
    suit_of(card) == SPADES
}

/// How many unseen cards of the card's suit rank above it (`unseen_higher`).
#[inline]
fn unseen_higher(card: CardCode, unseen: CardBits) -> u32 {
    let above = suit_mask(suit_of(card)) & !((2u64 << card) - 1);
    (unseen & above).count_ones()
}

/// Whether `card` played now beats the trick's best card `best` (`beats`, spades trump):
/// a higher card of its suit, or a spade on a card of another suit.
#[inline]
fn beats(card: CardCode, best: CardCode) -> bool {
    if suit_of(card) == suit_of(best) {
        rank_of(card) > rank_of(best)
    } else {
        is_spade(card)
    }
}

/// The lowest card, side suits before spades (`(c is spade, rank)`).
#[inline]
fn lowest_side_first(cards: CardBits) -> CardCode {
    min_by(cards, |c| (is_spade(c) as u32) << 4 | rank_of(c) as u32)
}

/// The cheapest winner: side suits before spades, then the lowest code.
#[inline]
fn cheapest_winner(cards: CardBits) -> CardCode {
    min_by(cards, |c| (is_spade(c) as u32) << 6 | c as u32)
}

/// The heuristic's card for the seat to act (which must be in the card play with a card to
/// play).
pub fn spades_card(state: &Spades) -> CardCode {
    let seat = state.to_act().expect("a seat is to play").at();
    let partner = seat ^ 2;
    let legal = state.legal_card_mask();
    debug_assert!(legal != 0, "no card to play");
    let own = state.hands()[seat];
    let plays = state.plays();
    let played = plays.iter().fold(0u64, |set, &p| set | 1u64 << (p & 63));
    let unseen = FULL_DECK & !played & !own;
    let trick = &plays[plays.len() - state.trick_count() as usize..];
    let (bids, won) = (state.bids(), state.tricks());
    let nil = |seat: usize| bids[seat].is_some_and(Bid::is_nil);
    let tricks = |seat: usize| bids[seat].map_or(0, Bid::tricks);

    if nil(seat) {
        if won[seat] == 0 {
            return duck(trick, legal, unseen);
        }
        return lowest_side_first(legal); // the nil is lost already
    }
    let partner_nil = nil(partner) && won[partner] == 0;
    let side_bid = i32::from(tricks(seat)) + i32::from(tricks(partner));
    let side_won = i32::from(won[seat]) + i32::from(won[partner]);
    let avoid_bags = side_won >= side_bid && state.options().bags_penalty;

    if trick.is_empty() {
        if partner_nil {
            // lead high, masters first, to take the tricks the nil partner must not
            return max_by(legal, |c| {
                ((unseen_higher(c, unseen) == 0) as u32) << 4 | rank_of(c) as u32
            });
        }
        let masters = filter(legal, |c| !is_spade(c) && unseen_higher(c, unseen) == 0);
        if masters != 0 && !avoid_bags {
            return (63 - masters.leading_zeros()) as CardCode; // the highest code
        }
        let side = match legal & !suit_mask(SPADES) {
            0 => legal,
            side => side,
        };
        // a low card of the shortest suit
        return min_by(side, |c| {
            (own & suit_mask(suit_of(c))).count_ones() << 4 | rank_of(c) as u32
        });
    }

    let best_index = winning_index(trick);
    let best = trick[best_index] & 63;
    let best_seat = (trick[best_index] >> 6) as usize;
    let partner_played = trick.iter().any(|&p| (p >> 6) as usize == partner);
    let winners = filter(legal, |c| beats(c, best));
    let last = trick.len() == 3;
    if partner_nil && winners != 0 {
        if partner_played && best_seat == partner {
            return cheapest_winner(winners); // cover the nil partner
        }
        if !partner_played {
            // win before he must play: the highest side-suit winner, else the highest spade
            return max_by(winners, |c| (!is_spade(c) as u32) << 6 | c as u32);
        }
    }
    let partner_winning = best_seat == partner && (last || unseen_higher(best, unseen) == 0);
    if winners != 0 && !partner_winning && !avoid_bags {
        if last {
            return cheapest_winner(winners);
        }
        let safe = filter(winners, |c| unseen_higher(c, unseen) == 0 || is_spade(c));
        if safe != 0 {
            return cheapest_winner(safe);
        }
    }
    if avoid_bags {
        let under = legal & !winners;
        if under != 0 {
            // the highest card that loses, side suits before spades
            return max_by(under, |c| (!is_spade(c) as u32) << 4 | rank_of(c) as u32);
        }
    }
    lowest_side_first(legal)
}

/// The index of the play winning the (partial) trick, plays as `seat << 6 | card`
/// (`winning_index` with spades trump).
#[inline]
fn winning_index(trick: &[u8]) -> usize {
    let mut best = 0;
    for (index, &play) in trick.iter().enumerate().skip(1) {
        if beats(play & 63, trick[best] & 63) {
            best = index;
        }
    }
    best
}

/// A nil bidder's card (`_duck`): leading, a low side-suit card with many unseen cards
/// above it; following, the highest card that stays under the trick's best card, else the
/// lowest code.
fn duck(trick: &[u8], legal: CardBits, unseen: CardBits) -> CardCode {
    if trick.is_empty() {
        return min_by(legal, |c| {
            (is_spade(c) as u32) << 8 | (15 - unseen_higher(c, unseen)) << 4 | rank_of(c) as u32
        });
    }
    let best = trick[winning_index(trick)] & 63;
    let under = filter(legal, |c| !beats(c, best));
    if under != 0 {
        return max_by(under, |c| (is_spade(c) as u32) << 4 | rank_of(c) as u32);
    }
    legal.trailing_zeros() as CardCode
}

/// Sure and likely tricks of a Spades hand (the heuristic's `estimate_tricks`, the same
/// sums in the same order).
pub fn estimate_tricks(hand: CardBits) -> f64 {
    const JACK: i32 = 9;
    const QUEEN: i32 = 10;
    const KING: u32 = 11;
    const ACE: u32 = 12;
    let spades = (hand & suit_mask(SPADES)) as u32;
    let spade_count = spades.count_ones();
    let mut tricks = 0.0;
    for suit in 1..4 {
        let ranks = ((hand & suit_mask(suit)) >> (16 * suit)) as u32;
        let length = ranks.count_ones();
        let ace = ranks >> ACE & 1 == 1;
        let king = ranks >> KING & 1 == 1;
        let queen = ranks >> QUEEN & 1 == 1;
        if ace {
            tricks += if length <= 5 { 1.0 } else { 0.7 };
        }
        if king && length >= 2 {
            tricks += if ace { 0.8 } else { 0.55 };
        }
        if queen && length >= 3 && (ace || king) {
            tricks += 0.3;
        }
        if length <= 1 && spade_count >= 2 {
            tricks += if length == 0 { 0.8 } else { 0.5 };
        }
    }
    let mut index = 0;
    for rank in (0..13).rev() {
        if spades >> rank & 1 == 1 {
            if rank >= QUEEN - index || (rank >= JACK && spade_count >= 4) {
                tricks += 1.0;
            }
            index += 1;
        }
    }
    tricks + spade_count.saturating_sub(3) as f64 * 0.8
}

/// The heuristic's bid for `hand` (`_bid`): whether it bids nil, and the number it bids
/// otherwise.
pub fn heuristic_bid(hand: CardBits, partner_nil: bool) -> (bool, i8) {
    let estimate = estimate_tricks(hand);
    let spades = hand & suit_mask(SPADES);
    let high_spade = if spades == 0 {
        -1
    } else {
        63 - spades.leading_zeros() as i32
    };
    let aces_kings = (0..4)
        .map(|suit| (hand >> (16 * suit) >> 11 & 3).count_ones())
        .sum::<u32>();
    let nil = !partner_nil
        && estimate < 1.6
        && high_spade < 9
        && spades.count_ones() <= 3
        && aces_kings <= 1;
    let mut bid = (estimate.round_ties_even() as i64).clamp(1, 13);
    if partner_nil {
        bid = bid.max((estimate + 0.5).round_ties_even() as i64).min(13);
    }
    (nil, bid as i8)
}

/// Spades' `Utility.scale`: a typical deal's points to a side (`spades/rules.py`).
pub const SPADES_REWARD_SCALE: f64 = 150.0;

impl TrickSearch for Spades {
    trick_state_accessors!(SpadesPhase::Play);

    #[inline]
    fn forced_end(&self) -> bool {
        self.tricks_played() + 1 >= NUM_TRICKS
    }

    fn finish(&mut self, rewards: &mut [f64; 4]) {
        let (leader, cards) = self.forced_trick();
        let winner = (leader + trick_winner_index(&cards, Some(0))) & 3;
        let mut tricks = *self.tricks();
        tricks[winner] += 1;
        let (bids, options) = (self.made_bids(), self.options());
        let side = |s: usize| {
            score_side(
                [bids[s], bids[s + 2]],
                [tricks[s], tricks[s + 2]],
                self.totals()[s],
                self.bags()[s],
                options,
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
    fn policy_card(&self, _rng: &mut Rng) -> Option<CardCode> {
        Some(crate::games::spades::policy::spades_card(self))
    }

    /// The bids, under the heuristic's bidding (`beliefs_tricks::spades_bids_weight`).
    fn prior_weight(&self, observer: usize) -> f64 {
        crate::search::beliefs_tricks::spades_bids_weight(self, observer)
    }

    /// The trick position and the tricks each seat has taken (a nil counts its own).
    fn position_key(&self) -> u64 {
        let key = trick_key(
            self.hands(),
            self.plays(),
            self.trick_count() as usize,
            TrickSearch::to_act(self),
        );
        mix(key, u32::from_le_bytes(*self.tricks()) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::core::Seat;
    use crate::games::spades::{Phase, SpadesOptions};
    use crate::search::trick::{assert_reads_own_hand, rollout_card};

    /// A deal played to the card play: bids drawn so that nil and double nil are common,
    /// the other decisions at random.
    fn to_card_play(options: SpadesOptions, rng: &mut Rng, dealer: u8) -> Spades {
        let mut state = Spades::new(options, dealer);
        state.deal_random(rng);
        while state.phase() != Phase::Play {
            let action = state.random_action(rng);
            state.step(action, &mut ());
        }
        state
    }

    #[test]
    fn the_card_is_legal_and_reads_no_other_hand() {
        let mut rng = Rng::new(5);
        let mut decisions = 0;
        for game in 0..600u64 {
            let options = SpadesOptions {
                bags_penalty: game % 2 == 0,
                double_nil: game % 3 != 0,
                nil_exchange: game % 5 != 0,
                ..SpadesOptions::default()
            };
            let mut state = to_card_play(options, &mut rng, (game & 3) as u8);
            let heuristic = game % 4 != 1; // some deals played by the policy itself
            while state.phase() == Phase::Play {
                let card = spades_card(&state);
                assert!(state.legal_card_mask() >> card & 1 == 1, "illegal {card}");
                assert_reads_own_hand(&state, card, 3, &mut rng, spades_card);
                decisions += 1;
                let next = if heuristic {
                    card
                } else {
                    rollout_card(&state, &mut rng, false)
                };
                state.step(next as u32, &mut ());
            }
        }
        assert!(decisions >= 600 * 52);
    }

    #[test]
    fn a_nil_bidder_leads_low_and_ducks() {
        let options = SpadesOptions {
            nil_exchange: false,
            double_nil: false,
            ..SpadesOptions::default()
        };
        let mut state = Spades::new(options, 3);
        // seat 0: hearts 2..A; seat 1: spades; seat 2: diamonds; seat 3: clubs
        let mut hands = [[0; 13]; 4];
        let suits = [1u8, 0, 2, 3];
        for (seat, hand) in hands.iter_mut().enumerate() {
            for (rank, slot) in hand.iter_mut().enumerate() {
                *slot = suits[seat] << 4 | rank as u8;
            }
        }
        state.deal(&hands); // every hand picked up: no blind choice (S-6)
        for bid in [4u32, 0, 5, 3] {
            // dealer 3 bids first: seat 3 four, seat 0 nil, seat 1 five, seat 2 three
            state.step(crate::games::spades::BID_BASE + bid, &mut ());
        }
        assert_eq!(
            (state.phase(), state.to_act()),
            (Phase::Play, Some(Seat::new(0)))
        );
        // the nil holds every heart (none unseen above any): he leads the lowest, the two
        assert_eq!(spades_card(&state), 16);
        state.step(16, &mut ());
        // seat 1, void in hearts, holding only spades, trumps with the lowest winner
        assert_eq!(spades_card(&state), 0);
        state.step(0, &mut ());
        // the nil's partner cannot beat the spade: his lowest diamond
        assert_eq!(spades_card(&state), 32);
    }

    /// Rollouts a second, the policy against uniformly random cards: 10,000 deals' card
    /// play from the first lead, each played out from a copy to the forced last trick and
    /// scored as the search's rollouts are, five times over
    /// (`cargo test --release rollout_speed -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn rollout_speed() {
        use crate::search::TrickSearch;
        let mut rng = Rng::new(7);
        let starts: Vec<Spades> = (0..10_000u64)
            .map(|deal| to_card_play(SpadesOptions::default(), &mut rng, (deal & 3) as u8))
            .collect();
        for heuristic in [false, true, false, true] {
            let clock = std::time::Instant::now();
            let mut cards = 0u64;
            let mut total = 0.0;
            for _ in 0..5 {
                for start in &starts {
                    let mut state = start.clone();
                    while !state.forced_end() {
                        let card = rollout_card(&state, &mut rng, heuristic);
                        state.play(card);
                        cards += 1;
                    }
                    let mut rewards = [0.0; 4];
                    state.finish(&mut rewards);
                    total += rewards[0];
                }
            }
            let seconds = clock.elapsed().as_secs_f64();
            println!(
                "{}: {:.0} rollouts/s ({:.1} ns a card, mean reward {:.3})",
                if heuristic { "policy" } else { "random" },
                5.0 * starts.len() as f64 / seconds,
                seconds * 1e9 / cards as f64,
                total / (5.0 * starts.len() as f64)
            );
        }
    }
}
