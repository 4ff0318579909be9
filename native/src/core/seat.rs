//! A seat at the table: 0 .. the number of players, clockwise.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat, 0 .. the number of players; `Option<Seat>` where the Python engine has `None`
/// (and the older code -1).
///
/// ```
/// use koloda_native::core::Seat;
///
/// let east = Seat::new(1);
/// assert_eq!(east.index(), 1);
/// assert_eq!(east.next(4), Seat::new(2));
/// assert_eq!(Seat::new(3).next(4), Seat::new(0));
/// assert_eq!(Seat::new(0).offset(3, 4), Seat::new(3));
/// assert_eq!(Seat::from_code(-1), None);
/// assert_eq!(Seat::to_code(Some(east)), 1);
/// assert_eq!(Seat::to_code(None), -1);
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(u8);

impl Seat {
    /// The seat of an index.
    #[inline]
    pub const fn new(index: u8) -> Seat {
        Seat(index)
    }

    /// The seat's index 0 .. the number of players.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The seat's index, to index arrays by seat.
    #[inline]
    pub const fn at(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `players`.
    #[inline]
    pub const fn next(self, players: u8) -> Seat {
        self.offset(1, players)
    }

    /// The seat `steps` places clockwise at a table of `players`.
    #[inline]
    pub const fn offset(self, steps: u8, players: u8) -> Seat {
        Seat((self.0 + steps) % players)
    }

    /// The seat of a signed code of the bindings (-1, or any negative code, is none).
    #[inline]
    pub const fn from_code(code: i64) -> Option<Seat> {
        if code < 0 || code > u8::MAX as i64 {
            None
        } else {
            Some(Seat(code as u8))
        }
    }

    /// The signed code of the bindings: the index, or -1 for none.
    #[inline]
    pub const fn to_code(seat: Option<Seat>) -> i8 {
        match seat {
            Some(Seat(index)) => index as i8,
            None => -1,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
