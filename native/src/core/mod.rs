//! What every game shares: cards and card sets ([`Card`], [`CardSet`], [`Suit`]), seats
//! ([`Seat`]), the seeded random numbers, the shuffle of the Python engine, and the winner
//! of a trick.

pub mod by_seat;
pub mod cards;
pub mod events;
pub mod illegal;
pub mod rng;
pub mod seat;
pub mod shuffle;
pub mod suit;
pub mod tricks;

pub use by_seat::BySeat;
pub use cards::{Card, CardSet};
pub use seat::Seat;
pub use suit::Suit;

/// Declares a fieldless enum whose values are numbered from 0 in the order declared, the
/// codes the Python engine uses (`#[repr(u8)]`, copied and compared, serialized as its
/// code), with `ALL` (every value, by code) and `from_code` (the value of a code, or None).
///
/// ```
/// koloda_native::coded_enum! {
///     /// A traffic light.
///     pub enum Light { Red, Green }
/// }
/// assert_eq!(Light::from_code(1), Some(Light::Green));
/// assert_eq!(Light::from_code(2), None);
/// assert_eq!(Light::ALL, [Light::Red, Light::Green]);
/// ```
#[macro_export]
macro_rules! coded_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident { $($variant:ident),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        $vis enum $name {
            $($variant),+
        }

        impl $crate::__serde::Serialize for $name {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(*self as u8)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let code = <u8 as $crate::__serde::Deserialize>::deserialize(d)?;
                $name::from_code(code).ok_or_else(|| {
                    <D::Error as $crate::__serde::de::Error>::custom(format!(
                        "no {} of code {code}",
                        stringify!($name)
                    ))
                })
            }
        }

        impl $name {
            /// Every value, by code.
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];

            /// The value of a code of the Python engine, or None.
            #[inline]
            pub const fn from_code(code: u8) -> Option<$name> {
                if (code as usize) < Self::ALL.len() {
                    Some(Self::ALL[code as usize])
                } else {
                    None
                }
            }
        }
    };
}
