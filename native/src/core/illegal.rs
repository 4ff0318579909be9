//! Why a decision is illegal: `IllegalMove`, which every game's `check` returns, worded as
//! the Python reference engine words it (`illegal_reason` of `koloda/games/<game>/state.py`)
//! and carrying the IDs of the rules it breaks (`docs/rules/<game>.md`).

use std::fmt;

use thiserror::Error;

use crate::core::cards::{CardBits, CardCode, Cards};

const RANK_NAMES: [&str; 13] = [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
];
const SUIT_LETTERS: [char; 4] = ['S', 'H', 'D', 'C'];

/// A card in the notation of `koloda.core.cards.format_card` (`10H`, `QS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardName(pub CardCode);

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = RANK_NAMES.get((self.0 & 15) as usize).unwrap_or(&"?");
        let suit = SUIT_LETTERS.get((self.0 >> 4) as usize).unwrap_or(&'?');
        write!(f, "{rank}{suit}")
    }
}

/// A suit's letter, as `koloda.core.cards.format_suit` gives it (`S`, `H`, `D`, `C`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitName(pub u8);

impl fmt::Display for SuitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = SUIT_LETTERS.get(self.0 as usize).unwrap_or(&'?');
        write!(f, "{letter}")
    }
}

/// The cards of a set, lowest code first, separated by ", ".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardList(pub CardBits);

impl fmt::Display for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, card) in Cards(self.0).enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", CardName(card))?;
        }
        Ok(())
    }
}

/// Why a decision is illegal now. The text (`Display`) is the reason a player is shown, the
/// same words as the Python engine's; `rule` gives the rule IDs it cites, if any.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game (or Tressette's group of games) is over: `what` is "game" or "group".
    #[error("the {what} is over")]
    Over { what: &'static str },
    #[error("no decision is due between deals")]
    BetweenDeals,
    #[error("a card must be played now")]
    CardDue,
    /// A number that is no action of the game at all.
    #[error("not an action of {game}")]
    NoSuchAction { game: &'static str },
    #[error("{} is not in the hand of seat {seat}", CardName(*card))]
    NotInHand { card: CardCode, seat: u8 },
    /// Some of several cards (a Spades exchange) are not in the hand.
    #[error("{} not in the hand of seat {seat}", CardList(*cards))]
    NotAllInHand { cards: CardBits, seat: u8 },
    #[error("seat {seat} has already looked at his cards")]
    AlreadyLooked { seat: u8 },
    /// A fixed reason about the seat to act: "seat {seat} {reason} ({rule})".
    #[error("seat {seat} {reason} ({rule})")]
    SeatMust {
        seat: u8,
        reason: &'static str,
        rule: &'static str,
    },
    /// A fixed reason: "{reason} ({rule})".
    #[error("{reason} ({rule})")]
    Breaks {
        reason: &'static str,
        rule: &'static str,
    },
    #[error("must follow suit {} ({rule})", SuitName(*suit))]
    MustFollow { suit: u8, rule: &'static str },
    #[error("void in {}: must play a trump ({rule})", SuitName(*suit))]
    MustTrump { suit: u8, rule: &'static str },
    /// A contract of an order table that is used up (`contract` is its key).
    #[error("{contract} is no longer open in this row of the order table ({rule})")]
    ContractClosed {
        contract: &'static str,
        rule: &'static str,
    },
    #[error("the drawn {} does not match the top card ({rule})", CardName(*card))]
    DrawnDoesNotMatch { card: CardCode, rule: &'static str },
    #[error(
        "{} is neither of the named suit {} nor a queen ({rule})",
        CardName(*card),
        SuitName(*suit)
    )]
    NotNamedSuit {
        card: CardCode,
        suit: u8,
        rule: &'static str,
    },
    #[error(
        "{} matches neither the suit nor the rank of {} ({rule})",
        CardName(*card),
        CardName(*top)
    )]
    NoMatch {
        card: CardCode,
        top: CardCode,
        rule: &'static str,
    },
}

impl IllegalMove {
    /// The IDs of the rules the move breaks (`K-5, K-17`), or None for a move that is no
    /// decision of the moment at all (the game is over, a card not in the hand).
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            IllegalMove::Over { .. }
            | IllegalMove::BetweenDeals
            | IllegalMove::CardDue
            | IllegalMove::NoSuchAction { .. }
            | IllegalMove::NotInHand { .. }
            | IllegalMove::NotAllInHand { .. }
            | IllegalMove::AlreadyLooked { .. } => None,
            IllegalMove::SeatMust { rule, .. }
            | IllegalMove::Breaks { rule, .. }
            | IllegalMove::MustFollow { rule, .. }
            | IllegalMove::MustTrump { rule, .. }
            | IllegalMove::ContractClosed { rule, .. }
            | IllegalMove::DrawnDoesNotMatch { rule, .. }
            | IllegalMove::NotNamedSuit { rule, .. }
            | IllegalMove::NoMatch { rule, .. } => Some(rule),
        }
    }

    /// A fixed reason citing `rule`.
    pub const fn breaks(reason: &'static str, rule: &'static str) -> Self {
        IllegalMove::Breaks { reason, rule }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_as_the_python_engine_words_them() {
        let ten_of_hearts = 16 + 8;
        assert_eq!(CardName(ten_of_hearts).to_string(), "10H");
        assert_eq!(
            IllegalMove::NotInHand {
                card: ten_of_hearts,
                seat: 2
            }
            .to_string(),
            "10H is not in the hand of seat 2"
        );
        let follow = IllegalMove::MustFollow {
            suit: 0,
            rule: "K-5, K-17",
        };
        assert_eq!(follow.to_string(), "must follow suit S (K-5, K-17)");
        assert_eq!(follow.rule(), Some("K-5, K-17"));
        let missing = IllegalMove::NotAllInHand {
            cards: 1 << 12 | 1 << 3,
            seat: 1,
        };
        assert_eq!(missing.to_string(), "5S, AS not in the hand of seat 1");
        assert_eq!(missing.rule(), None);
        assert_eq!(
            IllegalMove::Over { what: "group" }.to_string(),
            "the group is over"
        );
    }
}
