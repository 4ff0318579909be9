//! The four suits, in the order of their codes (♠ ♥ ♦ ♣ = 0..3).

use std::fmt;

crate::coded_enum! {
    /// A suit; `suit as u8` is its code in a [`Card`](crate::core::Card) (`suit << 4 | rank`).
    ///
    /// ```
    /// use koloda_native::core::Suit;
    ///
    /// assert_eq!(Suit::from_index(1), Suit::Hearts);
    /// assert_eq!(Suit::Hearts.index(), 1);
    /// assert_eq!(Suit::from_code(4), None);
    /// assert_eq!(Suit::ALL.map(|suit| suit.to_string()).concat(), "SHDC");
    /// ```
    #[derive(PartialOrd, Ord)]
    pub enum Suit { Spades, Hearts, Diamonds, Clubs }
}

impl Suit {
    /// The suit of a code 0..3 (only the two low bits are read). A match, not a lookup
    /// in `ALL`: it compiles to the two bits themselves.
    #[inline]
    pub const fn from_index(code: u8) -> Suit {
        match code & 3 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Diamonds,
            _ => Suit::Clubs,
        }
    }

    /// The suit's code 0..3.
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::core::illegal::SuitName(*self as u8))
    }
}
