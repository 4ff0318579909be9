//! The four suits, in the order of their codes (♠ ♥ ♦ ♣ = 0..3).

use std::fmt;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    /// The four suits, by code.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit of a code 0..3 (only the two low bits are read).
    #[inline]
    pub const fn from_index(code: u8) -> Suit {
        Suit::ALL[(code & 3) as usize]
    }

    /// The suit of a code of the bindings, or None when it is no suit.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Suit> {
        if code < 4 {
            Some(Suit::ALL[code as usize])
        } else {
            None
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
