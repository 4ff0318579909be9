//! The belief model of 101 (`koloda/games/hundred_one/beliefs.py`): how likely the other
//! players' public decisions were, had they held the cards of a sampled deal.
//!
//! For each other player, every card he played and every card he holds in the sample is
//! given a time it came into his hand: the deal or one of his draws whose card nobody saw.
//! A card can only have come in after it was last in the pile and the reshuffle that freed
//! it, and not before a draw by choice that proves he held none of its kind (H-10). A perfect
//! matching of cards to times (augmenting paths, in random order) rebuilds his history; the
//! hand is then replayed from the public log, and at each of his decisions with a choice the
//! model is the heuristic player with an `epsilon` chance of any legal move. The weight is
//! the product of the probabilities of what he did, 0 when no history fits.

use crate::core::cards::{CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::games::hundred_one::policy::{choose, Decision};
use crate::games::hundred_one::{
    follow_of, named_follow, HundredOne, DRAW, DREW, MAX_SEATS, NOTHING, PASS, QUEENS, RESTOCK,
    SUIT_BASE,
};

const QUEEN: u8 = 10;
/// The time of the cards dealt at the start of the hand.
const INITIAL: i32 = -1;

const PLAY: u8 = 0;
const AFTER_DRAW: u8 = 1;
const NAME_SUIT: u8 = 2;

/// One other player's public history in the hand.
#[derive(Clone, Debug, Default)]
struct SeatHistory {
    /// Log indices of the cards he drew whose identity is unknown.
    draws: Vec<i32>,
    /// (log index of a draw, the card) when he played the drawn card at once (H-8).
    known: Vec<(i32, CardCode)>,
    /// (log index, card) of every card he played from his hand.
    plays: Vec<(i32, CardCode)>,
    /// (log index, cards) of every draw by choice: he held none of those cards then (H-10).
    banned: Vec<(i32, CardBits)>,
}

/// One decision of another player, as the log shows it.
#[derive(Clone, Debug)]
struct PastDecision {
    index: i32,
    seat: u8,
    kind: u8,
    observed: u32,
    follow: CardBits,
    hand_sizes: [u8; MAX_SEATS],
    /// AFTER_DRAW: the log index of the card drawn.
    draw_index: i32,
}

/// What the public log of a hand says, read once for the many deals weighed against it.
#[derive(Clone, Debug)]
pub struct Prepared {
    num_seats: usize,
    length: usize,
    hand_size: usize,
    voluntary: bool,
    penalties: [i64; 64],
    /// Indexed by seat; empty for the observer.
    histories: Vec<Option<SeatHistory>>,
    decisions: Vec<PastDecision>,
    /// Card → log indices where it was played (by anyone), or was the starter (-1).
    played_at: Vec<Vec<i32>>,
    restocks: Vec<i32>,
}

impl Prepared {
    /// Reads the public log of the hand in progress in `state`, for the observer `seat`.
    pub fn new(state: &HundredOne, seat: usize) -> Result<Self, String> {
        let Some(starter) = state.starter().filter(|_| state.in_deal()) else {
            return Err("beliefs are prepared during a hand".into());
        };
        let n = state.n() as usize;
        if seat >= n {
            return Err(format!("seat {seat} at a table of {n}"));
        }
        let voluntary = state.options().voluntary_draw;
        let log = state.log();
        let mut histories: Vec<Option<SeatHistory>> = (0..n)
            .map(|s| (s != seat).then(SeatHistory::default))
            .collect();
        let mut sizes = [0u8; MAX_SEATS];
        for size in &mut sizes[..n] {
            *size = state.options().hand_size;
        }
        let mut played_at: Vec<Vec<i32>> = vec![Vec::new(); 64];
        played_at[starter as usize].push(INITIAL);
        let mut restocks = Vec::new();
        let mut decisions = Vec::new();
        let mut follow = if starter & 15 == QUEEN {
            QUEENS
        } else {
            follow_of(starter)
        };
        let mut chose_draw: i32 = -1; // the seat that drew by choice, until his turn ends
        let code_at = |i: usize| (log[i] & 255) as u32;
        for (i, &entry) in log.iter().enumerate() {
            let who = (entry >> 8) as usize;
            let code = (entry & 255) as u32;
            let index = i as i32;
            let tracked = who < n && histories[who].is_some();
            let decision =
                |kind: u8, observed: u32, follow: CardBits, draw_index: i32| PastDecision {
                    index,
                    seat: who as u8,
                    kind,
                    observed,
                    follow,
                    hand_sizes: sizes,
                    draw_index,
                };
            if code < SUIT_BASE {
                let card = code as CardCode;
                let after_draw =
                    chose_draw == who as i32 && i >= 1 && code_at(i - 1) == DREW as u32;
                if tracked {
                    let d = if after_draw {
                        decision(AFTER_DRAW, code, follow, index - 1)
                    } else {
                        decision(PLAY, code, follow, -1)
                    };
                    decisions.push(d);
                    let history = histories[who].as_mut().expect("tracked");
                    if after_draw {
                        history.known.push((index - 1, card));
                    } else {
                        history.plays.push((index, card));
                    }
                }
                chose_draw = -1;
                sizes[who] -= 1;
                played_at[card as usize].push(index);
                follow = if card & 15 == QUEEN {
                    QUEENS
                } else {
                    follow_of(card)
                };
            } else if code < SUIT_BASE + 4 {
                if tracked {
                    decisions.push(decision(NAME_SUIT, code, follow, -1));
                }
                follow = named_follow((code - SUIT_BASE) as u8);
            } else if code == DRAW {
                if tracked {
                    decisions.push(decision(PLAY, DRAW, follow, -1));
                    if !voluntary {
                        let history = histories[who].as_mut().expect("tracked");
                        history.banned.push((index, follow & !QUEENS));
                    }
                }
                chose_draw = who as i32;
            } else if code == DREW as u32 {
                if tracked {
                    histories[who].as_mut().expect("tracked").draws.push(index);
                }
                sizes[who] += 1;
            } else if code == PASS {
                if tracked && i >= 1 && code_at(i - 1) == DREW as u32 {
                    decisions.push(decision(AFTER_DRAW, PASS, follow, index - 1));
                }
                chose_draw = -1;
            } else if code == RESTOCK as u32 {
                restocks.push(index);
            } else {
                debug_assert_eq!(code, NOTHING as u32);
                chose_draw = -1; // nothing to draw: his turn ends
            }
        }
        for history in histories.iter_mut().flatten() {
            let known: Vec<i32> = history.known.iter().map(|&(i, _)| i).collect();
            history.draws.retain(|i| !known.contains(i));
        }
        Ok(Prepared {
            num_seats: n,
            length: log.len(),
            hand_size: state.options().hand_size as usize,
            voluntary,
            penalties: *state.penalties(),
            histories,
            decisions,
            played_at,
            restocks,
        })
    }

    /// The weight of a deal whose hands are now `hands` (indexed by seat).
    pub fn weight(&self, hands: &[CardBits], epsilon: f64, rng: &mut Rng) -> f64 {
        let mut cards_of = vec![-1i16; self.length + 1];
        let mut initial = [0 as CardBits; MAX_SEATS];
        for (s, history) in self.histories.iter().enumerate() {
            let Some(history) = history else { continue };
            match self.assign(history, hands[s], &mut cards_of, rng) {
                Some(mask) => initial[s] = mask,
                None => return 0.0,
            }
        }
        for history in self.histories.iter().flatten() {
            for &(index, card) in &history.known {
                cards_of[index as usize] = card as i16;
            }
        }
        self.replay(initial, &cards_of, epsilon)
    }

    /// Gives each unknown draw of this player a card (into `cards_of`); returns the cards he
    /// was dealt, or None when no history fits.
    fn assign(
        &self,
        history: &SeatHistory,
        held: CardBits,
        cards_of: &mut [i16],
        rng: &mut Rng,
    ) -> Option<CardBits> {
        let end = self.length as i32;
        let mut items: Vec<(i32, CardCode)> = history.plays.clone();
        items.extend(Cards(held).map(|card| (end, card)));
        let mut slots = vec![INITIAL; self.hand_size];
        slots.extend_from_slice(&history.draws);
        if items.len() != slots.len() {
            return None;
        }
        let fits: Vec<Vec<usize>> = items
            .iter()
            .map(|&(deadline, card)| {
                let low = self.lowest(card, deadline);
                let mut options: Vec<usize> = slots
                    .iter()
                    .enumerate()
                    .filter(|&(_, &time)| {
                        low < time
                            && time < deadline
                            && !history.banned.iter().any(|&(d, banned)| {
                                time < d && d < deadline && banned >> card & 1 == 1
                            })
                    })
                    .map(|(k, _)| k)
                    .collect();
                rng.shuffle(&mut options);
                options
            })
            .collect();
        let owner = matching(&fits, slots.len(), rng)?;
        let mut initial = 0;
        for (k, &item) in owner.iter().enumerate() {
            let card = items[item].1;
            if slots[k] == INITIAL {
                initial |= 1u64 << card;
            } else {
                cards_of[slots[k] as usize] = card as i16;
            }
        }
        Some(initial)
    }

    /// The earliest moment (exclusive) the card may have come into a hand to be held at
    /// `deadline`: after its last appearance in the pile and the reshuffle that freed it.
    fn lowest(&self, card: CardCode, deadline: i32) -> i32 {
        let Some(&last) = self.played_at[card as usize]
            .iter()
            .rev()
            .find(|&&i| i < deadline)
        else {
            return INITIAL - 1;
        };
        self.restocks
            .iter()
            .copied()
            .find(|&r| r > last)
            .unwrap_or(deadline)
    }

    /// Walks the log with the rebuilt hands, weighing every decision of the others.
    fn replay(&self, mut hands: [CardBits; MAX_SEATS], cards_of: &[i16], epsilon: f64) -> f64 {
        // what entered or left each hand at every log index: (seat, card), seat -1 for none
        let mut moves = vec![(-1i8, 0u8); self.length + 1];
        for (s, history) in self.histories.iter().enumerate() {
            let Some(history) = history else { continue };
            for &(index, card) in &history.plays {
                moves[index as usize] = (s as i8, card);
            }
            for &index in &history.draws {
                moves[index as usize] = (s as i8, cards_of[index as usize] as CardCode);
            }
            for &(index, card) in &history.known {
                moves[index as usize] = (s as i8, card);
                moves[index as usize + 1] = (s as i8, card);
            }
        }
        let mut weight = 1.0;
        let mut upcoming = self.decisions.iter().peekable();
        let mut legal = [0u32; 40];
        for (i, &(who, card)) in moves[..self.length].iter().enumerate() {
            while let Some(d) = upcoming.next_if(|d| d.index == i as i32) {
                let hand = hands[d.seat as usize];
                let count = match d.kind {
                    PLAY => {
                        let playable = hand & d.follow;
                        let mut count = 0;
                        for c in Cards(playable) {
                            legal[count] = c as u32;
                            count += 1;
                        }
                        if playable & !QUEENS == 0 || self.voluntary {
                            legal[count] = DRAW;
                            count += 1;
                        }
                        count
                    }
                    AFTER_DRAW => {
                        let drawn = cards_of[d.draw_index as usize];
                        if drawn >= 0 && d.follow >> drawn & 1 == 1 {
                            legal[0] = drawn as u32;
                            legal[1] = PASS;
                            2
                        } else {
                            legal[0] = PASS;
                            1
                        }
                    }
                    _ => {
                        for (suit, slot) in legal[..4].iter_mut().enumerate() {
                            *slot = SUIT_BASE + suit as u32;
                        }
                        4
                    }
                };
                let legal = &legal[..count];
                if !legal.contains(&d.observed) {
                    return 0.0;
                }
                if count > 1 {
                    let expected = choose(&Decision {
                        seat: d.seat as usize,
                        num_seats: self.num_seats,
                        hand,
                        hand_sizes: &d.hand_sizes[..self.num_seats],
                        legal,
                        penalties: &self.penalties,
                    });
                    let share = epsilon / count as f64;
                    weight *= if expected == d.observed {
                        1.0 - epsilon + share
                    } else {
                        share
                    };
                }
            }
            if who >= 0 {
                hands[who as usize] ^= 1u64 << card;
            }
        }
        weight
    }
}

/// A perfect matching of items to slots (augmenting paths, items in random order): for
/// each slot, its item; None when there is none.
fn matching(fits: &[Vec<usize>], slots: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    fn place(item: usize, fits: &[Vec<usize>], owner: &mut [usize], seen: &mut [bool]) -> bool {
        for &k in &fits[item] {
            if !seen[k] {
                seen[k] = true;
                if owner[k] == FREE || place(owner[k], fits, owner, seen) {
                    owner[k] = item;
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![FREE; slots];
    let mut order: Vec<usize> = (0..fits.len()).collect();
    rng.shuffle(&mut order);
    let mut seen = vec![false; slots];
    for item in order {
        seen.iter_mut().for_each(|s| *s = false);
        if !place(item, fits, &mut owner, &mut seen) {
            return None;
        }
    }
    Some(owner)
}
