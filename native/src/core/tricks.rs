//! The trick kernel the trick games share (as `koloda/core/tricks.py`): the power of a card
//! in a trick, the winner of a complete trick, and the card play of a deal ([`CardPlay`]).

use serde::{Deserialize, Serialize};

use crate::core::cards::{rank_of, suit_of, CardCode};
use crate::core::{BySeat, Seat, Suit};

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

/// The card play of a trick game's deal, for four seats at the most and `HAND` cards a hand
/// at the most: the hands as dealt, every card played, the trick in progress and its
/// leader, and the tricks taken.
///
/// ```
/// use koloda_native::core::tricks::CardPlay;
/// use koloda_native::core::Seat;
///
/// let mut play = CardPlay::<2>::default();
/// play.deal(&[[0, 1], [16, 17], [32, 33], [48, 49]]);
/// play.set_leader(Seat::new(1));
/// assert!(!play.play(1, 17, 4)); // the 3 of hearts led
/// assert_eq!(play.lead_suit_code(), 1);
/// assert!(!play.play(2, 33, 4) && !play.play(3, 49, 4));
/// assert!(play.play(0, 1, 4)); // the trick is complete
/// assert_eq!(play.completed_trick(4), [1 << 6 | 17, 2 << 6 | 33, 3 << 6 | 49, 1]);
/// play.take_trick(1);
/// assert_eq!((play.trick_count(), play.tricks_played()), (0, 1));
/// assert_eq!((play.tricks()[1], play.trick_leader()), (1, Some(Seat::new(1))));
/// ```
#[derive(Clone, Debug)]
pub struct CardPlay<const HAND: usize> {
    dealt: [[CardCode; HAND]; 4],
    /// Every card of the deal in play order, as `seat << 6 | card`: room for the cards of
    /// four hands, read as one row.
    plays: [[u8; HAND]; 4],
    plays_len: u8,
    trick_count: u8,
    /// The code of the suit led last.
    lead_suit: u8,
    trick_leader: Option<Seat>,
    tricks: [u8; 4],
    tricks_played: u8,
}

impl<const HAND: usize> Default for CardPlay<HAND> {
    /// No deal yet: no card dealt or played, no leader.
    fn default() -> Self {
        CardPlay {
            dealt: [[0; HAND]; 4],
            plays: [[0; HAND]; 4],
            plays_len: 0,
            trick_count: 0,
            lead_suit: 0,
            trick_leader: None,
            tricks: [0; 4],
            tricks_played: 0,
        }
    }
}

/// Card plays are equal by what they hold: the room past the cards played is not compared.
impl<const HAND: usize> PartialEq for CardPlay<HAND> {
    fn eq(&self, other: &Self) -> bool {
        self.dealt == other.dealt
            && self.plays() == other.plays()
            && self.trick_count == other.trick_count
            && self.lead_suit == other.lead_suit
            && self.trick_leader == other.trick_leader
            && self.tricks == other.tricks
            && self.tricks_played == other.tricks_played
    }
}

impl<const HAND: usize> Eq for CardPlay<HAND> {}

/// A deal's card play as a trick game's position holds it (its `card_play`), the hands as
/// dealt apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardPlayPosition {
    /// Every card of the deal in play order, as `seat << 6 | card`.
    pub plays: Vec<u8>,
    pub trick_count: u8,
    /// The code of the suit led last.
    pub lead_suit: u8,
    pub trick_leader: Option<Seat>,
    /// How many tricks each seat has taken, by seat.
    pub tricks: BySeat<u8>,
    pub tricks_played: u8,
}

impl<const HAND: usize> CardPlay<HAND> {
    /// The card play `position` describes at a table of `seats` seats dealt `size` cards
    /// each (`dealt`: the hands as dealt, none between deals), or why it does not fit the
    /// table: hands of another number or size, more cards played than dealt, a trick of
    /// `seats` cards in progress, a fifth suit, a leader or trick counts of other seats, or
    /// more tricks than a hand has cards.
    pub fn from_position(
        seats: u8,
        size: usize,
        dealt: &[Vec<CardCode>],
        position: &CardPlayPosition,
    ) -> Result<Self, String> {
        let n = usize::from(seats);
        let fits = size <= HAND
            && (dealt.is_empty() || dealt.len() == n)
            && dealt.iter().all(|hand| hand.len() == size)
            && position.plays.len() <= n * size
            && position.trick_count < seats
            && position.lead_suit < 4
            && position
                .trick_leader
                .is_none_or(|seat| seat.index() < seats)
            && position.tricks.len() == n
            && usize::from(position.tricks_played) <= size;
        if !fits {
            return Err("the position does not fit this table".into());
        }
        let mut play = CardPlay::default();
        for (slot, hand) in play.dealt.iter_mut().zip(dealt) {
            slot[..size].copy_from_slice(hand);
        }
        play.plays.as_flattened_mut()[..position.plays.len()].copy_from_slice(&position.plays);
        play.plays_len = position.plays.len() as u8;
        play.trick_count = position.trick_count;
        play.lead_suit = position.lead_suit;
        play.trick_leader = position.trick_leader;
        play.tricks[..n].copy_from_slice(&position.tricks);
        play.tricks_played = position.tricks_played;
        Ok(play)
    }

    /// The card play as a position holds it, for the `seats` seats that play.
    pub fn position(&self, seats: u8) -> CardPlayPosition {
        CardPlayPosition {
            plays: self.plays().to_vec(),
            trick_count: self.trick_count,
            lead_suit: self.lead_suit,
            trick_leader: self.trick_leader,
            tricks: BySeat::from_slice(&self.tricks[..usize::from(seats)]),
            tricks_played: self.tricks_played,
        }
    }

    /// Starts a deal's card play from `hands` as dealt: no card played, no trick taken, no
    /// leader yet.
    #[inline]
    pub fn deal(&mut self, hands: &[[CardCode; HAND]; 4]) {
        self.dealt = *hands;
        self.plays_len = 0;
        self.trick_count = 0;
        self.lead_suit = 0;
        self.trick_leader = None;
        self.tricks = [0; 4];
        self.tricks_played = 0;
    }

    /// `seat` leads the deal's first trick.
    #[inline]
    pub fn set_leader(&mut self, seat: Seat) {
        self.trick_leader = Some(seat);
    }

    /// Adds `seat`'s `card` to the trick of `seats` cards in progress: true when it
    /// completes the trick (see [`CardPlay::completed_trick`], to be taken with
    /// [`CardPlay::take_trick`]).
    #[inline]
    pub fn play(&mut self, seat: u8, card: CardCode, seats: u8) -> bool {
        self.plays.as_flattened_mut()[usize::from(self.plays_len)] = seat << 6 | card;
        self.plays_len += 1;
        let count = self.trick_count + 1;
        if count < seats {
            if count == 1 {
                self.lead_suit = suit_of(card);
            }
            self.trick_count = count;
            return false;
        }
        true
    }

    /// The plays of the trick `play` has just completed (the last `seats`), the leader's
    /// first.
    #[inline]
    pub fn completed_trick(&self, seats: u8) -> &[u8] {
        let end = usize::from(self.plays_len);
        &self.plays.as_flattened()[end - usize::from(seats)..end]
    }

    /// `winner` takes the trick: he leads the next one, whose lead is due.
    #[inline]
    pub fn take_trick(&mut self, winner: u8) {
        self.trick_count = 0;
        self.tricks[usize::from(winner)] += 1;
        self.tricks_played += 1;
        self.trick_leader = Some(Seat::new(winner));
    }

    /// Each seat's cards as dealt, in dealt order.
    #[inline]
    pub fn dealt(&self) -> &[[CardCode; HAND]; 4] {
        &self.dealt
    }

    /// Every card of the deal in play order, as `seat << 6 | card`.
    #[inline]
    pub fn plays(&self) -> &[u8] {
        &self.plays.as_flattened()[..usize::from(self.plays_len)]
    }

    /// Every card of the deal in play order, without its player (as a record keeps the
    /// deal's decisions).
    #[inline]
    pub fn played_cards(&self) -> impl Iterator<Item = u32> + '_ {
        self.plays().iter().map(|&play| u32::from(play & 63))
    }

    /// How many cards the trick in progress has (0: a lead is due).
    #[inline]
    pub fn trick_count(&self) -> u8 {
        self.trick_count
    }

    /// The suit led in the trick in progress, if a card of it is down.
    #[inline]
    pub fn lead_suit(&self) -> Option<Suit> {
        (self.trick_count > 0).then(|| Suit::from_index(self.lead_suit))
    }

    /// The code of the suit led last, kept after its trick is taken (the Python engine's
    /// `lead_suit`).
    #[inline]
    pub fn lead_suit_code(&self) -> u8 {
        self.lead_suit
    }

    /// Who led the trick in progress (or leads the next), or None before the first lead is
    /// known.
    #[inline]
    pub fn trick_leader(&self) -> Option<Seat> {
        self.trick_leader
    }

    /// How many tricks each seat has taken, by seat.
    #[inline]
    pub fn tricks(&self) -> &[u8; 4] {
        &self.tricks
    }

    /// How many tricks have been taken.
    #[inline]
    pub fn tricks_played(&self) -> u8 {
        self.tricks_played
    }
}

/// A trick game's state that holds its deal's card play: the card play's accessors, read
/// through it (King, Spades and Tressette).
pub trait TrickPlay<const HAND: usize> {
    /// The deal's card play.
    fn card_play(&self) -> &CardPlay<HAND>;

    /// Each seat's cards as dealt, in dealt order.
    #[inline]
    fn dealt(&self) -> &[[CardCode; HAND]; 4] {
        self.card_play().dealt()
    }

    /// Every card of this deal in play order, as `seat << 6 | card`.
    #[inline]
    fn plays(&self) -> &[u8] {
        self.card_play().plays()
    }

    /// How many cards the trick in progress has (0: a lead is due).
    #[inline]
    fn trick_count(&self) -> u8 {
        self.card_play().trick_count()
    }

    /// The code of the suit led last, kept after its trick is taken (the Python engine's
    /// `lead_suit`).
    #[inline]
    fn lead_suit_code(&self) -> u8 {
        self.card_play().lead_suit_code()
    }

    /// Who led the trick in progress (or leads the first), or None outside the card play.
    #[inline]
    fn trick_leader(&self) -> Option<Seat> {
        self.card_play().trick_leader()
    }

    /// How many tricks each seat has taken this deal, by seat.
    #[inline]
    fn tricks(&self) -> &[u8; 4] {
        self.card_play().tricks()
    }

    /// How many tricks of the deal have been taken.
    #[inline]
    fn tricks_played(&self) -> u8 {
        self.card_play().tricks_played()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_play_is_restored_from_its_position_and_equal_by_what_it_holds() {
        let hands = [[0, 1, 2], [16, 17, 18], [32, 33, 34], [0; 3]];
        let mut play = CardPlay::<3>::default();
        play.deal(&hands);
        play.set_leader(Seat::new(2));
        for (seat, card) in [(2, 33), (0, 0), (1, 17), (1, 18)] {
            if play.play(seat, card, 3) {
                play.take_trick(1);
            }
        }
        let dealt: Vec<Vec<CardCode>> = hands[..3].iter().map(|hand| hand.to_vec()).collect();
        let position = play.position(3);
        assert_eq!(
            CardPlay::from_position(3, 3, &dealt, &position),
            Ok(play.clone())
        );
        // a new deal's card play is equal to a fresh one's: the old plays past it do not count
        let mut next = play.clone();
        next.deal(&hands);
        let mut fresh = CardPlay::default();
        fresh.deal(&hands);
        assert_eq!(next, fresh);
        let refused = |change: fn(&mut CardPlayPosition)| {
            let mut changed = position.clone();
            change(&mut changed);
            CardPlay::<3>::from_position(3, 3, &dealt, &changed).is_err()
        };
        assert!(CardPlay::<3>::from_position(3, 3, &[], &position).is_ok()); // between deals
        assert!(CardPlay::<3>::from_position(3, 3, &dealt[..2], &position).is_err());
        assert!(refused(|p| p.trick_count = 3));
        assert!(refused(|p| p.lead_suit = 4));
        assert!(refused(|p| p.trick_leader = Some(Seat::new(3))));
        assert!(refused(|p| p.tricks = BySeat::from_slice(&[0; 4])));
        assert!(refused(|p| p.tricks_played = 4));
        assert!(refused(|p| p.plays = vec![0; 10]));
    }

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
