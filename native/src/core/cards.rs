//! Cards and card sets: a card is `suit * 16 + rank` (suits ♠ ♥ ♦ ♣ = 0..3, ranks 2..A =
//! 0..12), a set of cards is a `u64` with bit `card` set, as in `koloda/core/cards.py`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

use crate::core::suit::Suit;

/// A raw card code, `suit << 4 | rank`, as the code not yet moved to [`Card`] passes it.
pub type CardCode = u8;
/// A raw set of cards (bit `card` set for each card), as the code not yet moved to
/// [`CardSet`] passes it.
pub type CardBits = u64;

/// A card: `suit << 4 | rank` (suits ♠ ♥ ♦ ♣ = 0..3, ranks 2..A = 0..12), the code the
/// Python engine and the bindings use.
///
/// ```
/// use koloda_native::core::{Card, Suit};
///
/// let queen_of_hearts = Card::new(Suit::Hearts, 10);
/// assert_eq!(queen_of_hearts.code(), 26);
/// assert_eq!(queen_of_hearts.suit(), Suit::Hearts);
/// assert_eq!(queen_of_hearts.rank(), 10);
/// assert_eq!(Card::from_code(26), queen_of_hearts);
/// assert_eq!(queen_of_hearts.to_string(), "QH");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Card(u8);

impl Card {
    /// The card of a suit and a rank (2..A = 0..12).
    #[inline]
    pub const fn new(suit: Suit, rank: u8) -> Card {
        Card((suit as u8) << 4 | rank)
    }

    /// The card of a code `suit << 4 | rank` (the code of the bindings).
    #[inline]
    pub const fn from_code(code: u8) -> Card {
        Card(code)
    }

    /// The card's code, `suit << 4 | rank`.
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 >> 4)
    }

    /// The card's rank (2..A = 0..12).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 & 15
    }

    /// The set of this card alone.
    #[inline]
    pub const fn bit(self) -> CardSet {
        CardSet(1 << self.0)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::core::illegal::CardName(self.0))
    }
}

impl From<Card> for u8 {
    #[inline]
    fn from(card: Card) -> u8 {
        card.0
    }
}

/// A set of cards: bit `card.code()` of a `u64` set for each card in it, as
/// `koloda/core/cards.py` keeps hands.
///
/// ```
/// use koloda_native::core::{Card, CardSet, Suit};
///
/// let ace = Card::new(Suit::Spades, 12);
/// let two = Card::new(Suit::Hearts, 0);
/// let mut hand = CardSet::EMPTY;
/// hand.insert(ace);
/// hand.insert(two);
/// assert!(hand.contains(ace) && hand.len() == 2);
/// assert_eq!(hand.iter().collect::<Vec<_>>(), vec![ace, two]); // lowest code first
/// assert_eq!(hand & CardSet::suit(Suit::Hearts), two.bit());
/// assert_eq!(hand - ace.bit(), two.bit());
/// assert_eq!(CardSet::from_bits(hand.bits()), hand);
/// assert_eq!(hand.lowest(), Some(ace));
/// hand.remove(ace);
/// assert_eq!(hand.nth(0), two);
/// assert!(!hand.is_empty() && CardSet::EMPTY.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 cards.
    pub const FULL_DECK: CardSet = CardSet(0x1FFF_1FFF_1FFF_1FFF);

    /// The set of the bits of a `u64` (the form of the bindings).
    #[inline]
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits)
    }

    /// The set's bits.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// All thirteen cards of a suit.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(suit_mask(suit as u8))
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 != 0
    }

    /// The number of cards in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no card.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Takes a card out (if it is in).
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// The lowest card, or None for the empty set.
    #[inline]
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The `index`-th lowest card (`index < self.len()`).
    #[inline]
    pub fn nth(self, index: u32) -> Card {
        Card(nth_card(self.0, index))
    }

    /// The cards, lowest code first, without allocating.
    #[inline]
    pub const fn iter(self) -> CardIter {
        CardIter(Cards(self.0))
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;

    #[inline]
    fn into_iter(self) -> CardIter {
        CardIter(Cards(self.0))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    #[inline]
    fn from(card: Card) -> CardSet {
        card.bit()
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, other: CardSet) {
        self.0 &= other.0;
    }
}

/// The cards of the left set that are not in the right one.
impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

/// The complement within the 52 cards.
impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::FULL_DECK.0)
    }
}

/// The cards of a [`CardSet`], lowest code first.
#[derive(Clone, Copy, Debug)]
pub struct CardIter(Cards);

impl Iterator for CardIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        self.0.next().map(Card)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for CardIter {}

/// All thirteen cards of a suit.
pub const fn suit_mask(suit: u8) -> CardBits {
    0x1FFF << (16 * suit as u32)
}

/// The suit of a card.
#[inline]
pub const fn suit_of(card: CardCode) -> u8 {
    card >> 4
}

/// The rank of a card (2..A = 0..12).
#[inline]
pub const fn rank_of(card: CardCode) -> u8 {
    card & 15
}

/// The ranks by name, as a card's code numbers them (2..A = 0..12): the games' rules name
/// the ranks that act or score.
pub mod rank {
    pub const TWO: u8 = 0;
    pub const THREE: u8 = 1;
    pub const FOUR: u8 = 2;
    pub const FIVE: u8 = 3;
    pub const SIX: u8 = 4;
    pub const SEVEN: u8 = 5;
    pub const EIGHT: u8 = 6;
    pub const NINE: u8 = 7;
    pub const TEN: u8 = 8;
    pub const JACK: u8 = 9;
    pub const QUEEN: u8 = 10;
    pub const KING: u8 = 11;
    pub const ACE: u8 = 12;
}

/// The codes of a raw set's cards, lowest first, without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Cards(pub CardBits);

impl Iterator for Cards {
    type Item = CardCode;

    #[inline]
    fn next(&mut self) -> Option<CardCode> {
        if self.0 == 0 {
            return None;
        }
        let card = self.0.trailing_zeros() as CardCode;
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
pub fn nth_card(mut set: CardBits, index: u32) -> CardCode {
    for _ in 0..index {
        set &= set - 1;
    }
    set.trailing_zeros() as CardCode
}

/// Three distinct cards packed as the Spades notation packs them: lowest card in the high
/// bits, `a << 12 | b << 6 | c` with `a < b < c`.
#[inline]
pub fn pack_triple(set: CardBits) -> u32 {
    let mut cards = Cards(set);
    let a = cards.next().unwrap_or(0) as u32;
    let b = cards.next().unwrap_or(0) as u32;
    let c = cards.next().unwrap_or(0) as u32;
    a << 12 | b << 6 | c
}

/// The set of a packed triple's three cards.
#[inline]
pub fn triple_mask(packed: u32) -> CardBits {
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
