//! The club player of 101 (`koloda/games/hundred_one/heuristic.py`), decision for decision:
//! shed the expensive cards first, keep a queen to go out on (H-14) unless somebody is about
//! to go out (H-15), turn 6s, 7s and aces against the next player when he is close to going
//! out (H-5), and after a queen name the suit held most of (H-6).
//!
//! It reads only what the seat to act may know: its own hand, every hand's size and the
//! legal actions; so it can play any seat of a sampled deal, and the belief model can ask
//! it what a player would have done at a moment of the past.

use crate::core::cards::{CardBits, Cards};
use crate::games::hundred_one::{HundredOne, DRAW, MAX_SEATS, PASS, SUIT_BASE};

const SIX: u32 = 4;
const SEVEN: u32 = 5;
const QUEEN: u32 = 10;
const ACE: u32 = 12;

/// What the heuristic reads of one decision.
pub struct Decision<'a> {
    pub seat: usize,
    pub num_seats: usize,
    pub hand: CardBits,
    pub hand_sizes: &'a [u8],
    /// The legal actions, lowest code first (as `legal_actions` gives them).
    pub legal: &'a [u32],
    pub penalties: &'a [i64; 64],
}

/// The heuristic's action for the seat to act in `state` (its hand and public facts only).
pub fn hundred_one_action(state: &HundredOne) -> u32 {
    let mut legal = [0u32; 40];
    let count = state.legal_actions(&mut legal);
    debug_assert!(count > 0, "nobody is to act");
    let seat = state.to_act().expect("a seat is to act").at();
    let n = state.n() as usize;
    let mut sizes = [0u8; MAX_SEATS];
    for (size, hand) in sizes.iter_mut().zip(&state.hands()[..n]) {
        *size = hand.count_ones() as u8;
    }
    choose(&Decision {
        seat,
        num_seats: n,
        hand: state.hands()[seat],
        hand_sizes: &sizes[..n],
        legal: &legal[..count],
        penalties: state.penalties(),
    })
}

/// The heuristic's choice among `d.legal` (`heuristic.choose`, ties to the lowest code).
pub fn choose(d: &Decision<'_>) -> u32 {
    let legal = d.legal;
    let hand = d.hand;
    let n = d.num_seats;
    let following = (d.seat + 1) % n;
    let danger = (0..n)
        .filter(|&s| s != d.seat)
        .map(|s| d.hand_sizes[s])
        .min()
        .unwrap_or(9);
    let next_size = d.hand_sizes[following];
    if legal[0] >= SUIT_BASE && legal[0] < SUIT_BASE + 4 {
        return name_suit(hand, d.penalties);
    }
    if legal.contains(&PASS) {
        if legal.len() == 1 {
            return PASS;
        }
        let drawn = legal.iter().copied().find(|&a| a != PASS).unwrap_or(PASS);
        if drawn & 15 == QUEEN && hand.count_ones() > 1 && danger > 2 {
            return PASS; // keep the queen for going out (H-14)
        }
        return drawn;
    }
    let can_draw = legal.contains(&DRAW);
    let mut first_card = None;
    let mut first_queen = None;
    let mut best: Option<(u32, f64)> = None;
    for &card in legal.iter().filter(|&&a| a < 64) {
        first_card.get_or_insert(card);
        if card & 15 == QUEEN {
            first_queen.get_or_insert(card);
            continue;
        }
        let value = value_of(card, hand, d.penalties, next_size);
        if best.is_none_or(|(_, top)| value > top) {
            best = Some((card, value));
        }
    }
    if hand.count_ones() == 1 {
        if let Some(card) = first_card {
            return card; // going out (on a queen: -30, H-14)
        }
    }
    if let Some((card, _)) = best {
        return card;
    }
    if let Some(queen) = first_queen {
        let held_queens = Cards(hand).filter(|&c| c as u32 & 15 == QUEEN).count();
        let rest = hand.count_ones() as usize - held_queens;
        if rest == 0 {
            return queen; // only queens left: play one, keep the last to go out
        }
        if danger <= 2 || !can_draw {
            return queen; // the risk of being caught with it grows: change the suit now
        }
        return DRAW;
    }
    if can_draw {
        DRAW
    } else {
        legal[0]
    }
}

/// How good it is to play `card` now: its penalty shed, its effect on the next player when
/// he is close to going out, and whether the rest of the hand can follow it next time. The
/// same floating-point steps as `heuristic._value`, so that ties break alike.
fn value_of(card: u32, hand: CardBits, penalties: &[i64; 64], next_size: u8) -> f64 {
    let mut value = penalties[card as usize] as f64;
    let rank = card & 15;
    let effect = match rank {
        SIX => Some(1.0),
        SEVEN => Some(2.0),
        ACE => Some(0.7),
        _ => None,
    };
    if let Some(effect) = effect {
        value += effect * if next_size <= 2 { 14.0 } else { 3.0 };
    }
    let followers = Cards(hand)
        .map(|c| c as u32)
        .filter(|&c| c != card && (c >> 4 == card >> 4 || c & 15 == rank))
        .count();
    value += 2.5 * followers as f64;
    value
}

/// H-6: the suit held most of, counting each card with a little for its penalty (not the
/// queens); the lowest suit on a tie.
fn name_suit(hand: CardBits, penalties: &[i64; 64]) -> u32 {
    let mut counts = [0.0f64; 4];
    for card in Cards(hand) {
        if card as u32 & 15 != QUEEN {
            counts[(card >> 4) as usize] += 1.0 + penalties[card as usize] as f64 / 20.0;
        }
    }
    let mut best = 0;
    for suit in 1..4 {
        if counts[suit] > counts[best] {
            best = suit;
        }
    }
    SUIT_BASE + best as u32
}
