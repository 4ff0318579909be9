//! King's card play by rules of thumb, exactly as `koloda/games/king/heuristic.py` plays
//! it (its `choose` once the contract and trump are known), for the rollouts of the search.
//!
//! Negative deals: duck under the card winning the trick, shed the dangerous cards (high
//! cards, the contract's penalty cards) when void, lead the card least likely to take a
//! trick; in "last two" take the early tricks with high cards. Positive deals: the caller
//! draws trumps with three or more, lead masters, else lead low from the shortest side suit;
//! win a trick cheaply and safely, ruff when void, else throw the cheapest card.
//!
//! The card depends only on the hand of the seat to act and on public information (the
//! contract, the trump, the caller, the cards played and the trick in progress), so the
//! search may call it on determinized positions. Ties go to the lowest card code, as
//! Python's `max` and `min` keep the first of equal keys over the legal cards in order.

use crate::core::cards::{rank_of, suit_mask, suit_of, CardBits, CardCode};
use crate::core::rng::Rng;
use crate::core::tricks::TrickPlay;
use crate::core::tricks::{ace_high_power, trick_winner_index};
use crate::core::Suit;
use crate::games::king::{
    seat_penalty, King, ERELASH, LAST_TWO, NO_HEARTS, NO_JACKS, NO_KING, NO_QUEENS, POSITIVE,
};
use crate::search::pick::{filter, max_by, min_by};
use crate::search::trick::{mix, trick_key, trick_state_accessors, TrickSearch};

const HEARTS: u8 = 1;
const JACK: u8 = 9;
const QUEEN: u8 = 10;
const KING_OF_HEARTS: CardCode = HEARTS << 4 | 11;

/// The card the heuristic plays for the seat to act (the card play must be on).
pub fn king_card(state: &King) -> CardCode {
    debug_assert!(state.phase() == crate::games::king::Phase::Play);
    let seat = state.to_act().expect("a seat is to play").at();
    let hand = state.hands()[seat];
    let legal = state.legal_card_mask();
    let plays = state.plays();
    let played = plays.iter().fold(0, |set, &play| set | 1u64 << (play & 63));
    let unseen = state.table().deck() & !played & !hand;
    let count = state.trick_count() as usize;
    let mut trick = [0 as CardCode; 4];
    for (slot, &play) in trick.iter_mut().zip(&plays[plays.len() - count..]) {
        *slot = play & 63;
    }
    let table = Table {
        hand,
        legal,
        unseen,
        trick: &trick[..count],
        num_seats: state.n() as usize,
    };
    match state.contract() {
        Some(POSITIVE) => positive(
            &table,
            state.trump(),
            state.caller().is_some_and(|c| c.at() == seat),
        ),
        contract => negative(&table, contract.unwrap_or(u8::MAX)),
    }
}

/// What the seat to act knows: its hand, its legal cards, the cards neither played nor its
/// own, and the trick in progress.
struct Table<'a> {
    hand: CardBits,
    legal: CardBits,
    unseen: CardBits,
    trick: &'a [CardCode],
    num_seats: usize,
}

/// How much giving this card away (in somebody else's trick) helps in this contract.
pub fn penalty_of(card: CardCode, contract: u8) -> i32 {
    let rank = rank_of(card);
    let every = contract == ERELASH;
    let mut value = 0;
    if (every || contract == NO_JACKS) && rank == JACK {
        value += 4;
    }
    if (every || contract == NO_QUEENS) && rank == QUEEN {
        value += 4;
    }
    if (every || contract == NO_HEARTS) && suit_of(card) == HEARTS {
        value += 2;
    }
    if (every || contract == NO_KING) && card == KING_OF_HEARTS {
        value += 16;
    }
    value
}

/// How many cards of the card's suit above it are still unseen.
#[inline]
pub fn unseen_higher(card: CardCode, unseen: CardBits) -> u32 {
    let above = suit_mask(suit_of(card)) & (!0u64 << card << 1);
    (unseen & above).count_ones()
}

/// How many cards of the card's suit below it are still unseen.
#[inline]
pub fn unseen_lower(card: CardCode, unseen: CardBits) -> u32 {
    let below = suit_mask(suit_of(card)) & ((1u64 << card) - 1);
    (unseen & below).count_ones()
}

/// Whether `card` played now would beat the trick's current best card `best`.
#[inline]
fn beats(card: CardCode, best: CardCode, trump: Option<u8>) -> bool {
    let lead = suit_of(best);
    ace_high_power(card, lead, trump) > ace_high_power(best, lead, trump)
}

/// How many cards of the card's suit the hand holds.
#[inline]
fn suit_length(hand: CardBits, card: CardCode) -> u32 {
    (hand & suit_mask(suit_of(card))).count_ones()
}

#[inline]
fn highest(set: CardBits) -> CardCode {
    63 - set.leading_zeros() as CardCode
}

#[inline]
fn lowest(set: CardBits) -> CardCode {
    set.trailing_zeros() as CardCode
}

// ----- negative deals ------------------------------------------------------------------

/// How likely the card is to take a trick: unseen lower cards it would beat, few of its
/// own suit to hide behind.
fn danger(card: CardCode, unseen: CardBits, hand: CardBits) -> f64 {
    let lower = unseen_lower(card, unseen) as f64;
    let higher = unseen_higher(card, unseen) as f64;
    let length = suit_length(hand, card) as f64;
    lower - 1.5 * higher + 0.2 * rank_of(card) as f64 - 0.3 * length
}

fn negative(t: &Table, contract: u8) -> CardCode {
    let (hand, legal, unseen) = (t.hand, t.legal, t.unseen);
    let late_danger = contract == LAST_TWO && hand.count_ones() > 2;
    if t.trick.is_empty() {
        if late_danger {
            // take the early tricks with high cards, keep low ones for the end
            return max_by(legal, |c| (rank_of(c), -(unseen_lower(c, unseen) as i32)));
        }
        // lead the card least likely to win, avoiding our own penalty cards
        let hearts_cost = contract == NO_HEARTS || contract == ERELASH;
        return min_by(legal, |c| {
            let heart = if hearts_cost && suit_of(c) == HEARTS {
                3.0
            } else {
                0.0
            };
            danger(c, unseen, hand) + 2.0 * penalty_of(c, contract) as f64 + heart
        });
    }
    let best = t.trick[trick_winner_index(t.trick, None)];
    let lead = suit_of(t.trick[0]);
    let last = t.trick.len() == t.num_seats - 1;
    if legal & !suit_mask(lead) == 0 {
        let under = filter(legal, |c| !beats(c, best, None));
        if late_danger {
            return highest(legal);
        }
        if under != 0 {
            // duck as high as possible, shedding penalty cards on others
            return max_by(under, |c| (penalty_of(c, contract), c));
        }
        if last {
            // taking it anyway: take it with the highest card
            return max_by(legal, |c| (-penalty_of(c, contract), c));
        }
        return lowest(legal);
    }
    // void in the led suit: discard the most dangerous card
    max_by(legal, |c| {
        let single = if suit_length(hand, c) == 1 { 2.0 } else { 0.0 };
        penalty_of(c, contract) as f64 * 3.0 + danger(c, unseen, hand) + single
    })
}

// ----- positive deals ------------------------------------------------------------------

fn positive(t: &Table, trump: Option<Suit>, declarer: bool) -> CardCode {
    let (hand, legal, unseen) = (t.hand, t.legal, t.unseen);
    let trump_suit = trump.map(Suit::index);
    let trumps_mask = trump_suit.map_or(0, suit_mask);
    let is_trump = |c: CardCode| trumps_mask >> c & 1 == 1;
    if t.trick.is_empty() {
        let trumps = legal & trumps_mask;
        let unseen_trumps = (unseen & trumps_mask).count_ones();
        if trumps != 0 && declarer && unseen_trumps > 0 && trumps.count_ones() >= 3 {
            return highest(trumps); // draw the trumps out
        }
        let masters = filter(legal, |c| unseen_higher(c, unseen) == 0 && !is_trump(c));
        if masters != 0 {
            return highest(masters);
        }
        // lead low from the shortest side suit to make a void for ruffing
        let side = match legal & !trumps_mask {
            0 => legal,
            side => side,
        };
        return min_by(side, |c| (suit_length(hand, c), rank_of(c)));
    }
    let best = t.trick[trick_winner_index(t.trick, trump_suit)];
    let last = t.trick.len() == t.num_seats - 1;
    let winners = filter(legal, |c| beats(c, best, trump_suit));
    if winners != 0 {
        if last {
            return min_by(winners, |c| (is_trump(c), c));
        }
        let safe = filter(winners, |c| is_trump(c) || unseen_higher(c, unseen) == 0);
        if safe != 0 {
            return min_by(safe, |c| (is_trump(c), c));
        }
        let first = lowest(winners);
        if !is_trump(best) || is_trump(first) {
            return if is_trump(first) {
                first
            } else {
                highest(winners)
            };
        }
    }
    // cannot win: throw the cheapest card, from a short side suit first
    min_by(legal, |c| (is_trump(c), rank_of(c), suit_length(hand, c)))
}

impl TrickSearch for King {
    trick_state_accessors!(crate::games::king::Phase::Play);

    #[inline]
    fn forced_end(&self) -> bool {
        self.tricks_played() + 1 >= self.table().num_tricks()
    }

    fn finish(&mut self, rewards: &mut [f64; 4]) {
        let n = self.n() as usize;
        let (leader, cards) = self.forced_trick();
        let winner = (leader + trick_winner_index(&cards[..n], self.power_trump())) % n;
        self.credit_trick(winner, &cards[..n]);
        let scores = self.deal_scores();
        // DealReward.SHARE_OF_DEAL: twice the seat's points over all the points given out
        let total: i64 = scores[..n].iter().map(|p| p.abs()).sum();
        let total = if total == 0 { 1.0 } else { total as f64 };
        for (reward, &points) in rewards.iter_mut().zip(&scores).take(n) {
            *reward = 2.0 * points as f64 / total;
        }
        debug_assert!(self.contract().is_some_and(|contract| contract <= POSITIVE));
    }

    #[inline]
    fn each_for_himself(&self) -> bool {
        true
    }

    /// The same penalty for taking either card alone under the deal's contract.
    fn same_worth(&self, a: CardCode, b: CardCode) -> bool {
        let contract = self.contract().unwrap_or(u8::MAX);
        let rates = self.table().rates();
        contract == POSITIVE
            || seat_penalty(contract, rates, 1 << a, 0, 0)
                == seat_penalty(contract, rates, 1 << b, 0, 0)
    }

    /// The trick position, the cards each seat has taken and its tricks (the last two
    /// tricks follow from the cards left).
    fn position_key(&self) -> u64 {
        let n = self.n() as usize;
        let mut key = trick_key(
            &self.hands()[..n],
            self.plays(),
            self.trick_count() as usize,
            TrickSearch::to_act(self),
        );
        for &taken in &self.taken()[..n] {
            key = mix(key, taken);
        }
        key = mix(key, u32::from_le_bytes(*self.last_tricks()) as u64);
        mix(key, u32::from_le_bytes(*self.tricks()) as u64)
    }

    /// K-12's early end changes no score (the decisive cards are all the deal's penalty),
    /// so the search plays every deal out and never meets the end-of-deal bookkeeping.
    fn for_search(&self) -> Self {
        self.playing_every_trick()
    }

    /// The card the Python heuristic plays (`policy_king`).
    fn policy_card(&self, _rng: &mut Rng) -> Option<CardCode> {
        Some(crate::games::king::policy::king_card(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::king::{KingOptions, OrderScope, ThreePlayerBalance, Variant};
    use crate::search::trick::assert_reads_own_hand;

    fn options(index: usize) -> KingOptions {
        let variant = [Variant::Classic, Variant::Order, Variant::Three][index % 3];
        KingOptions {
            variant,
            king_forced_on_heart_lead: index % 4 == 1,
            stop_when_decided: index % 2 == 0,
            positive_orders_per_player: 1 + (index % 3) as u8,
            order_scope: if index % 5 == 0 {
                OrderScope::Shared
            } else {
                OrderScope::PerPlayer
            },
            three_player_balance: if index % 3 == 2 {
                ThreePlayerBalance::Proportional
            } else {
                ThreePlayerBalance::King24
            },
            ..KingOptions::default()
        }
    }

    #[test]
    fn the_card_is_legal_and_reads_no_other_hand() {
        let mut rng = Rng::new(17);
        let mut decisions = 0;
        for index in 0..12 {
            let mut state = King::new(options(index), (index % 3) as u8);
            state.deal_random(&mut rng);
            let mut legal = Vec::new();
            while !state.is_over() {
                let action = if state.phase() == crate::games::king::Phase::Play {
                    let card = king_card(&state);
                    assert!(
                        state.legal_card_mask() >> card & 1 == 1,
                        "{card} is illegal"
                    );
                    assert_reads_own_hand(&state, card, 4, &mut rng, king_card);
                    decisions += 1;
                    card as u32
                } else {
                    state.legal_actions(&mut legal);
                    legal[rng.below(legal.len() as u32) as usize]
                };
                if state.step(action, &mut ()) {
                    state.deal_random(&mut rng);
                }
            }
        }
        assert!(decisions > 5_000);
    }

    #[test]
    fn helpers_count_as_the_python_ones() {
        // A♣ (60): nothing above it, every other club below it; 2♣ (48) the other way
        let clubs = suit_mask(3);
        assert_eq!(unseen_higher(60, clubs), 0);
        assert_eq!(unseen_lower(60, clubs), 12);
        assert_eq!(unseen_lower(48, clubs), 0);
        assert_eq!(unseen_higher(48, clubs), 12);
        assert_eq!(penalty_of(KING_OF_HEARTS, ERELASH), 16 + 2);
        assert_eq!(penalty_of(16 + QUEEN, NO_QUEENS), 4);
        assert_eq!(penalty_of(16 + QUEEN, NO_JACKS), 0);
        // a trump beats an ace of the led suit, a discard never beats
        assert!(beats(2, 32 + 12, Some(0)));
        assert!(!beats(48 + 12, 32 + 5, None));
    }

    #[test]
    fn negative_play_ducks_under_the_trick() {
        let mut state = King::new(KingOptions::default(), 3); // "no tricks", seat 0 leads
        let hands = [
            [5, 9, 12, 16 + 5, 16 + 8, 32 + 5, 48 + 6, 48 + 7, 0, 0],
            [6, 10, 16 + 6, 16 + 9, 32 + 6, 32 + 9, 48 + 8, 48 + 9, 0, 0],
            [
                7,
                11,
                16 + 7,
                16 + 10,
                32 + 7,
                32 + 10,
                48 + 10,
                48 + 11,
                0,
                0,
            ],
            [
                8,
                16 + 11,
                16 + 12,
                32 + 8,
                32 + 11,
                32 + 12,
                48 + 5,
                48 + 12,
                0,
                0,
            ],
        ];
        state.deal(&hands);
        state.step(9, &mut ()); // seat 0 leads J♠
                                // seat 1 (8♠ Q♠) and seat 2 (9♠ K♠) duck with the spade under the jack
        assert_eq!(king_card(&state), 6);
        state.step(6, &mut ());
        assert_eq!(king_card(&state), 7);
    }

    /// Plays out the card play of `deals` classic deals (every contract of the program in
    /// turn, a random trump in the positive ones) with the policy or uniformly random cards;
    /// the number of cards played.
    fn play_out(deals: u64, heuristic: bool) -> u64 {
        use crate::search::trick::rollout_card;
        let mut rng = Rng::new(3);
        let mut cards = 0;
        let options = KingOptions {
            stop_when_decided: false,
            ..KingOptions::default()
        };
        for deal in 0..deals {
            let mut state = King::new(options, (deal % 4) as u8);
            state.set_deal_number((deal % 15) as u32);
            state.deal_random(&mut rng);
            if state.phase() == crate::games::king::Phase::Trump {
                state.step(crate::games::king::TRUMP_BASE + rng.below(4), &mut ());
            }
            loop {
                let card = rollout_card(&state, &mut rng, heuristic);
                cards += 1;
                if state.step(card as u32, &mut ()) || state.is_over() {
                    break;
                }
            }
        }
        cards
    }

    /// Rollout speed, policy against random cards (the best of five rounds of each, as the
    /// machine may be busy): `cargo test --release rollout_speed -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn rollout_speed() {
        let deals = 10_000;
        let mut best = [f64::INFINITY; 2];
        let mut cards = 0;
        for _ in 0..5 {
            for (slot, heuristic) in [false, true].into_iter().enumerate() {
                let start = std::time::Instant::now();
                cards = play_out(deals, heuristic);
                best[slot] = best[slot].min(start.elapsed().as_secs_f64());
            }
        }
        for (name, seconds) in ["random", "policy"].into_iter().zip(best) {
            println!(
                "{name}: {deals} deals ({cards} cards) in {:.1} ms, {:.0} deals/s, {:.1} ns/card",
                seconds * 1e3,
                deals as f64 / seconds,
                seconds * 1e9 / cards as f64
            );
        }
    }
}
