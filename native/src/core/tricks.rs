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

/// The play that takes the trick so far (each a card, or a play `seat << 6 | card`; the
/// leader's first) by its power in a trick of the lead's suit, `power(card, lead_suit)`: its
/// index (0 = the leader) and power, the earlier play on equal power.
///
/// ```
/// use koloda_native::core::tricks::best_play;
///
/// let rank_in_lead = |card: u8, lead: u8| if card >> 4 == lead { u32::from(card & 15) } else { 0 };
/// assert_eq!(best_play(&[16 + 3, 2 << 6 | 16 + 9, 16 + 9, 12], rank_in_lead), (1, 9));
/// ```
#[inline]
pub fn best_play(plays: &[u8], power: impl Fn(CardCode, u8) -> u32) -> (usize, u32) {
    let lead = suit_of(plays[0] & 63);
    let mut best = (0, power(plays[0] & 63, lead));
    for (index, &play) in plays.iter().enumerate().skip(1) {
        let card_power = power(play & 63, lead);
        if card_power > best.1 {
            best = (index, card_power);
        }
    }
    best
}

/// The index (0 = the leader) of the play that takes a trick of ace-high cards with `trump`
/// as trump suit (or none): the highest power, the earlier play on equal power.
#[inline]
pub fn trick_winner_index(cards: &[CardCode], trump: Option<u8>) -> usize {
    best_play(cards, |card, lead| ace_high_power(card, lead, trump)).0
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
