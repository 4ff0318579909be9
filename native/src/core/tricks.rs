//! The trick kernel the trick games share (as `koloda/core/tricks.py`): the power of a card
//! in a trick and the winner of a complete trick.

use crate::core::cards::{rank_of, suit_of, CardCode};

/// Added to a trump's strength: any trump beats any card of another suit.
pub const TRUMP_BONUS: u32 = 100;

/// The power of `card` in a trick led in `lead_suit` with `trump` as trump suit (or none):
/// a trump `TRUMP_BONUS` + its strength, a card of the led suit its strength (ace-high:
/// 2 = 1 .. A = 13), any other card 0.
#[inline]
pub fn ace_high_power(card: CardCode, lead_suit: u8, trump: Option<u8>) -> u32 {
    let suit = suit_of(card);
    let strength = rank_of(card) as u32 + 1;
    if Some(suit) == trump {
        TRUMP_BONUS + strength
    } else if suit == lead_suit {
        strength
    } else {
        0
    }
}

/// The index (0 = the leader) of the play that takes a trick: the highest power, the
/// earlier play on equal power.
#[inline]
pub fn trick_winner_index(cards: &[CardCode], trump: Option<u8>) -> usize {
    let lead = suit_of(cards[0]);
    let mut best = 0;
    let mut best_power = ace_high_power(cards[0], lead, trump);
    for (index, &card) in cards.iter().enumerate().skip(1) {
        let power = ace_high_power(card, lead, trump);
        if power > best_power {
            best = index;
            best_power = power;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trump_beats_led_suit_and_discards_never_win() {
        // 5H led, AH, 2S (trump), KD
        let trick = [16 + 3, 16 + 12, 0, 32 + 11];
        assert_eq!(trick_winner_index(&trick, Some(0)), 2);
        assert_eq!(trick_winner_index(&trick, None), 1);
        // 2H led, the others discard: the leader takes it
        assert_eq!(trick_winner_index(&[16, 32 + 12, 48 + 12, 33], None), 0);
    }
}
