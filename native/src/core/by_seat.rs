//! Values by seat for the seats that play (at most four): a fixed array, no allocation,
//! that reads, compares and serializes as the slice of the seats that play.

use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most seats a game has.
pub const MAX_SEATS: usize = 4;

/// One value per seat that plays (or per side, or per card of a trick): a slice of at most
/// [`MAX_SEATS`] items kept in an array.
///
/// ```
/// use koloda_native::core::BySeat;
///
/// let mut scores = BySeat::<i64>::new(3);
/// scores[2] = 40;
/// assert_eq!(&*scores, &[0, 0, 40]);
/// assert_eq!(BySeat::from_slice(&[1, 2]).len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BySeat<T> {
    items: [T; MAX_SEATS],
    len: u8,
}

impl<T: Copy + Default> BySeat<T> {
    /// `len` default values.
    #[inline]
    pub fn new(len: usize) -> BySeat<T> {
        debug_assert!(len <= MAX_SEATS);
        BySeat {
            items: [T::default(); MAX_SEATS],
            len: len.min(MAX_SEATS) as u8,
        }
    }

    /// The first [`MAX_SEATS`] values of `items` (all of them, in any game).
    #[inline]
    pub fn from_slice(items: &[T]) -> BySeat<T> {
        let len = items.len().min(MAX_SEATS);
        let mut out = BySeat::new(len);
        out.copy_from_slice(&items[..len]);
        out
    }
}

impl<T> Deref for BySeat<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T> DerefMut for BySeat<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(deserializer)?;
        if items.len() > MAX_SEATS {
            return Err(serde::de::Error::invalid_length(
                items.len(),
                &"at most 4 seats",
            ));
        }
        Ok(BySeat::from_slice(&items))
    }
}
