//! What every game's native encoder shares (`games/<game>/vector.rs`): the arithmetic of the
//! Python encoder of `koloda/envs/core.py` (its squash, float32 sums and clipping) and the
//! marking of cards and plays in the observation tensor.

pub mod batch;

use crate::core::cards::{CardBits, Cards};
use crate::core::Seat;
use crate::games::Game;

/// A game's observation encoder for the vector environment (each game's `vector.rs`): its
/// bucket tables handed over from Python, the action at an index of its action space, the
/// acting seat's observation and legal mask, and the points of the last finished deal.
pub trait Encoder: Game {
    /// The game's bucket tables (built from the Python encoder's flat list).
    type Tables;
    /// The action code at `index` of the action space now (legal: checked against the mask).
    fn action_code(&self, tables: &Self::Tables, index: usize) -> Option<u32>;
    /// Writes the acting seat's observation and mask; false: the row is Python's.
    fn encode(&self, tables: &Self::Tables, out: &mut [f32], mask: &mut [u8]) -> bool;
    /// The points of the last finished deal, per seat or side (`deal_scores()[-1]` in
    /// Python).
    fn last_deal_scores(&self) -> Option<Vec<i64>>;
}

/// [`Encoder`] for a game from its encoder's functions: `encode(game, tables, out, mask)`,
/// `code(game, tables, index)` (the action code at an index; left out, the one its tables'
/// [`ActionMaps`] list, `tables.actions`) and `scores(line)` (the points of a line of its
/// score sheet).
macro_rules! impl_encoder {
    ($game:ty, $tables:ty, encode: $encode:expr, scores: $scores:expr $(,)?) => {
        $crate::vector::impl_encoder!(
            $game,
            $tables,
            encode: $encode,
            code: |_, tables: &$tables, index| tables.actions.code(index),
            scores: $scores,
        );
    };
    ($game:ty, $tables:ty, encode: $encode:expr, code: $code:expr, scores: $scores:expr $(,)?) => {
        impl $crate::vector::Encoder for $game {
            type Tables = $tables;
            fn action_code(&self, tables: &$tables, index: usize) -> Option<u32> {
                ($code)(self, tables, index)
            }
            fn encode(&self, tables: &$tables, out: &mut [f32], mask: &mut [u8]) -> bool {
                ($encode)(self, tables, out, mask)
            }
            fn last_deal_scores(&self) -> Option<Vec<i64>> {
                self.sheet().last().map($scores)
            }
        }
    };
}

pub(crate) use impl_encoder;

/// The seat whose observation is written: the seat to act in a deal, with `out` and `mask`
/// zeroed for it; None (nothing written) when no seat acts in a deal.
pub fn observer<G: Game>(game: &G, out: &mut [f32], mask: &mut [u8]) -> Option<Seat> {
    let seat = game.to_act().filter(|_| game.in_deal())?;
    out.fill(0.0);
    mask.fill(0);
    Some(seat)
}

/// The flat list of a game's bucket tables (`koloda.games.<game>.vector.tables` builds it),
/// read part by part ([`FromFlat`]); every read is None past its end.
///
/// ```
/// use koloda_native::vector::Flat;
///
/// let mut flat = Flat::new(&[3, 7, 8, 9]);
/// assert_eq!(flat.read::<usize>(), Some(3));
/// assert_eq!(flat.read::<[i64; 2]>(), Some([7, 8]));
/// assert_eq!(flat.read::<i64>(), Some(9));
/// assert!(flat.done() && flat.read::<i64>().is_none());
/// assert_eq!(Flat::whole::<[i64; 2]>(&[1, 2]), Some([1, 2]));
/// assert_eq!(Flat::whole::<[i64; 2]>(&[1, 2, 3]), None);
/// ```
pub struct Flat<'a> {
    flat: &'a [i64],
    at: usize,
}

impl<'a> Flat<'a> {
    pub fn new(flat: &'a [i64]) -> Self {
        Flat { flat, at: 0 }
    }

    /// `flat` read as one `T`, to its end (None if anything is left over).
    pub fn whole<T: FromFlat>(flat: &'a [i64]) -> Option<T> {
        let mut flat = Flat::new(flat);
        let whole = flat.read()?;
        flat.done().then_some(whole)
    }

    /// The next `count` numbers.
    pub fn take(&mut self, count: usize) -> Option<&'a [i64]> {
        let part = self.flat.get(self.at..self.at + count)?;
        self.at += count;
        Some(part)
    }

    /// The next part, a `T`.
    pub fn read<T: FromFlat>(&mut self) -> Option<T> {
        T::read(self)
    }

    /// Whether the whole list is read.
    pub fn done(&self) -> bool {
        self.at == self.flat.len()
    }
}

/// What a part of the flat list reads as: a bucket (`i64`), a size or an offset (`usize`,
/// none negative), a flag (`bool`, 0 or 1), an array of parts, one after the other, or a
/// game's tables (`flat_tables!`).
pub trait FromFlat: Sized {
    fn read(flat: &mut Flat<'_>) -> Option<Self>;
}

impl FromFlat for i64 {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        Some(flat.take(1)?[0])
    }
}

impl FromFlat for usize {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        usize::try_from(flat.read::<i64>()?).ok()
    }
}

impl FromFlat for bool {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        match flat.read::<i64>()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl<T: FromFlat, const N: usize> FromFlat for [T; N] {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        let parts: Vec<T> = (0..N).map(|_| flat.read()).collect::<Option<_>>()?;
        parts.try_into().ok()
    }
}

/// Where the standing every game encodes goes: `phase=…` of each phase (by its code), the
/// deal's number and each hand's size (by relative seat), read in that order.
#[derive(Clone, Debug)]
pub struct StandingSlots<const PHASES: usize, const SEATS: usize> {
    pub phase: [i64; PHASES],
    pub deal: i64,
    pub hand_sizes: [i64; SEATS],
}

impl<const PHASES: usize, const SEATS: usize> FromFlat for StandingSlots<PHASES, SEATS> {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        Some(StandingSlots {
            phase: flat.read()?,
            deal: flat.read()?,
            hand_sizes: flat.read()?,
        })
    }
}

impl<const PHASES: usize, const SEATS: usize> StandingSlots<PHASES, SEATS> {
    /// Adds the phase of code `phase` and the number of the deal.
    #[inline]
    pub fn add_phase_and_deal(&self, out: &mut [f32], phase: usize, deal: u32) {
        add(out, self.phase[phase], 1.0);
        add_number(out, self.deal, f64::from(deal));
    }
}

impl FromFlat for PlayOffsets {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        let [played, trick] = flat.read()?;
        Some(PlayOffsets { played, trick })
    }
}

/// A game's bucket tables (`pub struct GameTables from flat { … }`) and their [`FromFlat`],
/// which reads the fields in the order they are declared, the order of the flat list; a
/// field declared `name: Type = expression` is read by that expression instead, which may
/// use the list (by the name given in the head) and the fields read before it.
macro_rules! flat_tables {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident from $flat:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident: $ty:ty $(= $read:expr)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$field_meta])* $field_vis $field: $ty, )*
        }

        impl $crate::vector::FromFlat for $name {
            fn read($flat: &mut $crate::vector::Flat<'_>) -> Option<Self> {
                $( let $field: $ty = $crate::vector::flat_tables!(@read $flat $($read)?); )*
                Some($name { $($field),* })
            }
        }
    };
    (@read $flat:ident) => {
        $flat.read()?
    };
    (@read $flat:ident $read:expr) => {
        $read
    };
}

pub(crate) use flat_tables;

/// A game's actions as its tables list them: the cards at their codes, the other decisions
/// at the indices the Python encoder gives them.
#[derive(Clone, Debug)]
pub struct ActionMaps {
    /// The action index of every code below [`SCAN_LIMIT`] (-1: none).
    pub index: Vec<i64>,
    /// The code of each action index listed (`u32::MAX`: none): the inverse of `index`.
    pub code_of: Vec<u32>,
}

impl ActionMaps {
    /// The action index of every code below [`SCAN_LIMIT`], read next from `flat`, for an
    /// action space whose listed indices are below `indices`.
    pub fn read(flat: &mut Flat<'_>, indices: usize) -> Option<Self> {
        let index = flat.take(SCAN_LIMIT)?.to_vec();
        let mut code_of = vec![u32::MAX; indices];
        for (code, &at) in index.iter().enumerate() {
            if at >= 0 {
                *code_of.get_mut(at as usize)? = code as u32;
            }
        }
        Some(ActionMaps { index, code_of })
    }

    /// The action code at `index` of a game whose action space is the cards and the
    /// decisions listed, without slots.
    pub fn code(&self, index: usize) -> Option<u32> {
        self.code_of.get(index).copied().filter(|&c| c != u32::MAX)
    }

    /// Marks each of `actions` in `mask`: a card (a code below 64) at its code, another
    /// decision at the index listed for it; false when one is not listed (the position is
    /// Python's to encode).
    pub fn mark(&self, mask: &mut [u8], actions: &[u32]) -> bool {
        for &action in actions {
            let code = action as usize;
            let index = if code < 64 {
                code as i64
            } else {
                self.index.get(code).copied().unwrap_or(-1)
            };
            if index < 0 {
                return false;
            }
            mask[index as usize] = 1;
        }
        true
    }
}

/// Largest non-card action code the tables map (`SCAN_LIMIT` of `koloda/envs/core.py`).
pub const SCAN_LIMIT: usize = 4096;

/// `sign(x) * log1p(|x|) / log(1001)`, as `_squash` of `koloda/envs/core.py`.
pub fn squash_exact(value: f64) -> f64 {
    value.abs().ln_1p().copysign(value) / 1001f64.ln()
}

/// Integers whose squash is looked up rather than computed: `-SQUASHED..=SQUASHED`.
const SQUASHED: i64 = 2048;

/// [`squash_exact`] of a number, looked up for the integers the games count (hand sizes,
/// tricks, totals, deal numbers): the same `f64`, without a logarithm per fact.
pub fn squash(value: f64) -> f64 {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let whole = value as i64;
    if whole as f64 != value || !(-SQUASHED..=SQUASHED).contains(&whole) {
        return squash_exact(value);
    }
    let table = TABLE.get_or_init(|| {
        (-SQUASHED..=SQUASHED)
            .map(|x| squash_exact(x as f64))
            .collect()
    });
    table[(whole + SQUASHED) as usize]
}

/// `out[at] += value` as numpy does it on a float32 array with a Python float (NumPy 2:
/// the float is cast to float32 first); nothing for `at` -1.
pub fn add(out: &mut [f32], at: i64, value: f64) {
    if at >= 0 {
        let slot = &mut out[at as usize];
        *slot += value as f32;
    }
}

/// A number fact: its squash added at `at`.
pub fn add_number(out: &mut [f32], at: i64, value: f64) {
    add(out, at, squash(value));
}

/// Number facts by relative seat (or side): at the `r`-th of `buckets`, `value` of the seat
/// `r` places after `own`, round the `buckets.len()` seats (or sides).
pub fn add_numbers(out: &mut [f32], buckets: &[i64], own: usize, value: impl Fn(usize) -> f64) {
    let n = buckets.len();
    for (r, &at) in buckets.iter().enumerate() {
        add_number(out, at, value((own + r) % n));
    }
}

/// Clips the tensor to ±16 as the Python encoder does, from `start` on: the parts before
/// it (cards, decisions, roles) hold only 0 and 1.
pub fn clip_from(out: &mut [f32], start: usize) {
    for x in &mut out[start..] {
        *x = x.clamp(-16.0, 16.0);
    }
}

/// Where a trick game's tensor marks the card play, 64 cards a relative seat in each part:
/// every play of the deal (`played`), and the trick on the table (`trick`).
#[derive(Clone, Copy, Debug)]
pub struct PlayOffsets {
    pub played: usize,
    pub trick: usize,
}

/// Marks the plays of the deal (`seat << 6 | card` each) by relative seat at
/// `offsets.played`, and the last `trick_count` of them, the trick on the table, at
/// `offsets.trick` too.
pub fn mark_plays(
    out: &mut [f32],
    offsets: PlayOffsets,
    plays: &[u8],
    trick_count: u8,
    rel: impl Fn(u8) -> usize,
) {
    for &p in plays {
        out[offsets.played + rel(p >> 6) * 64 + (p & 63) as usize] = 1.0;
    }
    for &p in &plays[plays.len() - usize::from(trick_count)..] {
        out[offsets.trick + rel(p >> 6) * 64 + (p & 63) as usize] = 1.0;
    }
}

/// Marks who holds each role at `off_roles`, `seats` places a role: the `i`-th of
/// `holders` is role `i`'s holder as a relative seat (None: nobody holds it now).
pub fn mark_roles(out: &mut [f32], off_roles: usize, seats: usize, holders: &[Option<usize>]) {
    for (role, holder) in holders.iter().enumerate() {
        if let Some(rel) = holder {
            out[off_roles + role * seats + rel] = 1.0;
        }
    }
}

/// Marks each card of `cards` at `base + card` (a set of cards the view shows).
pub fn mark_cards(out: &mut [f32], base: usize, cards: CardBits) {
    for card in Cards(cards) {
        out[base + card as usize] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looked_up_squashes_are_the_computed_ones() {
        for x in [
            -5000, -2049, -2048, -101, -1, 0, 1, 7, 13, 500, 2048, 2049, 9999,
        ] {
            assert_eq!(squash(x as f64), squash_exact(x as f64), "{x}");
        }
        assert_eq!(squash(0.5), squash_exact(0.5));
    }
}
