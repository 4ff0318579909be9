//! Cards and card sets: a card is `suit * 16 + rank` (suits ♠ ♥ ♦ ♣ = 0..3, ranks 2..A =
//! 0..12), a set of cards is a `u64` with bit `card` set, as in `koloda/core/cards.py`.

/// A card code, `suit << 4 | rank`.
pub type Card = u8;
/// A set of cards: bit `card` is set for each card in the set.
pub type CardSet = u64;

/// All thirteen cards of a suit.
pub const fn suit_mask(suit: u8) -> CardSet {
    0x1FFF << (16 * suit as u32)
}

/// The suit of a card.
#[inline]
pub const fn suit_of(card: Card) -> u8 {
    card >> 4
}

/// The rank of a card (2..A = 0..12).
#[inline]
pub const fn rank_of(card: Card) -> u8 {
    card & 15
}

/// The cards of a set, lowest code first, without allocating.
#[derive(Clone, Copy)]
pub struct Cards(pub CardSet);

impl Iterator for Cards {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let card = self.0.trailing_zeros() as Card;
        self.0 &= self.0 - 1;
        Some(card)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cards {}

/// The `index`-th lowest card of a set (`index < set.count_ones()`).
#[inline]
pub fn nth_card(mut set: CardSet, index: u32) -> Card {
    for _ in 0..index {
        set &= set - 1;
    }
    set.trailing_zeros() as Card
}

/// Three distinct cards packed as the Spades notation packs them: lowest card in the high
/// bits, `a << 12 | b << 6 | c` with `a < b < c`.
#[inline]
pub fn pack_triple(set: CardSet) -> u32 {
    let mut cards = Cards(set);
    let a = cards.next().unwrap_or(0) as u32;
    let b = cards.next().unwrap_or(0) as u32;
    let c = cards.next().unwrap_or(0) as u32;
    a << 12 | b << 6 | c
}

/// The set of a packed triple's three cards.
#[inline]
pub fn triple_mask(packed: u32) -> CardSet {
    1u64 << (packed >> 12 & 63) | 1u64 << (packed >> 6 & 63) | 1u64 << (packed & 63)
}

/// A packed triple of three distinct cards in increasing order.
#[inline]
pub fn is_valid_triple(packed: u32) -> bool {
    let (a, b, c) = (packed >> 12 & 63, packed >> 6 & 63, packed & 63);
    packed < (1 << 18) && a < b && b < c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_iterate_lowest_first() {
        let set = 1u64 << 26 | 1 << 7 | 1 << 12;
        assert_eq!(Cards(set).collect::<Vec<_>>(), vec![7, 12, 26]);
        assert_eq!(nth_card(set, 1), 12);
        assert_eq!(suit_of(26), 1);
        assert_eq!(rank_of(26), 10);
        assert_eq!(suit_mask(1), 0x1FFF_0000);
    }

    #[test]
    fn triples_pack_and_unpack() {
        let set = 1u64 << 3 | 1 << 17 | 1 << 50;
        let packed = pack_triple(set);
        assert_eq!(packed, 3 << 12 | 17 << 6 | 50);
        assert!(is_valid_triple(packed));
        assert_eq!(triple_mask(packed), set);
        assert!(!is_valid_triple(17 << 12 | 3 << 6 | 50));
    }
}
