//! Picking a card from a set by a key, as the Python heuristics' `max` and `min` over the
//! cards in ascending order do it: the lowest card among equal keys.

use crate::core::cards::{CardBits, CardCode, Cards};

/// The card of `set` with the greatest key, the lowest card on a tie. `set` must not be
/// empty.
#[inline]
pub fn max_by<K: PartialOrd>(set: CardBits, key: impl Fn(CardCode) -> K) -> CardCode {
    pick(set, key, |value, best| value > best)
}

/// The card of `set` with the least key, the lowest card on a tie. `set` must not be
/// empty.
#[inline]
pub fn min_by<K: PartialOrd>(set: CardBits, key: impl Fn(CardCode) -> K) -> CardCode {
    pick(set, key, |value, best| value < best)
}

/// The cards of `set` that satisfy `keep`.
#[inline]
pub fn filter(set: CardBits, keep: impl Fn(CardCode) -> bool) -> CardBits {
    Cards(set)
        .filter(|&card| keep(card))
        .fold(0, |kept, card| kept | 1u64 << card)
}

#[inline]
fn pick<K>(
    set: CardBits,
    key: impl Fn(CardCode) -> K,
    better: impl Fn(&K, &K) -> bool,
) -> CardCode {
    let mut cards = Cards(set);
    let mut best = cards.next().expect("a card to choose from");
    let mut best_key = key(best);
    for card in cards {
        let value = key(card);
        if better(&value, &best_key) {
            best = card;
            best_key = value;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_lowest_card() {
        let set: CardBits = 1 << 3 | 1 << 7 | 1 << 20;
        assert_eq!(max_by(set, |_| 1), 3);
        assert_eq!(min_by(set, |_| 1), 3);
        assert_eq!(max_by(set, |card| card % 10), 7);
        assert_eq!(min_by(set, |card| card % 10), 20);
        assert_eq!(filter(set, |card| card > 5), 1 << 7 | 1 << 20);
    }
}
