//! A position of 101 given whole (a state of the Python engine), for
//! [`HundredOne::restore`](super::HundredOne::restore), and read back by
//! [`HundredOne::position`](super::HundredOne::position): the plain description a game is
//! put in, as opposed to the game, whose state is its own.

use serde::{Deserialize, Serialize};

use crate::core::cards::{CardBits, CardCode};
use crate::core::{Seat, Suit};

use super::rules::{Line, Phase, Setup};

/// Everything a game of 101 holds but its options and its finished hands' records; what is
/// by seat, for the seats that play (up to six: more than `core::BySeat` holds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HundredOnePosition {
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub first_dealer: u8,
    pub dealer: u8,
    pub deal_number: u32,
    pub hands: Vec<CardBits>,
    /// The stock, its top card last.
    pub stock: Vec<CardCode>,
    /// The discard pile, its top card last (the stock and the pile: 36 cards at the most).
    pub pile: Vec<CardCode>,
    pub top: Option<CardCode>,
    pub suit: Option<Suit>,
    pub follow: CardBits,
    pub drawn: Option<CardCode>,
    pub epoch: u32,
    pub starter: Option<CardCode>,
    /// The hand's public log, as `seat << 8 | code`.
    pub log: Vec<u16>,
    /// The shuffled deck the hand was dealt from (36 cards), if it was.
    pub dealt_cards: Option<Vec<CardCode>>,
    /// The setup the hand was given, if it was (never with `dealt_cards`).
    pub setup: Option<Setup>,
    /// The new stocks of the hand's reshuffles (H-11), given or drawn, in order.
    pub restocks: Vec<Vec<CardCode>>,
    pub restocks_used: u32,
    pub totals: Vec<i64>,
    pub sheet: Vec<Line>,
}

#[cfg(test)]
mod tests {
    use crate::core::rng::Rng;
    use crate::games::hundred_one::{deck_cards, HundredOne, HundredOneOptions, Seeded};
    use crate::games::{Game, Positioned, Setup as _};

    /// A game of `players` in the middle of its second hand.
    fn played(players: u8, seed: u64) -> HundredOne {
        let options = HundredOneOptions {
            players,
            ..HundredOneOptions::default()
        };
        let mut game = HundredOne::setup(options, 1).expect("valid options");
        game.deal_cards(&deck_cards(), &mut ());
        let mut rng = Rng::new(seed);
        let mut chance = Seeded("9");
        // into the second hand, a few decisions in
        while game.deal_number() == 0 || !game.in_deal() || game.log().len() < 4 {
            if !game.in_deal() {
                let deal = game.deal_number();
                let deck = crate::games::hundred_one::Chance::deck(&mut chance, deal);
                game.deal_cards(&deck.expect("a seeded deck"), &mut ());
            }
            let action = game.random_action(&mut rng);
            game.step(action, &mut (), &mut chance).expect("no record");
        }
        game
    }

    #[test]
    fn a_position_round_trips_in_the_middle_of_a_hand() {
        for players in [2, 4, 6] {
            let game = played(players, u64::from(players));
            assert!(game.in_deal() && game.deal_number() > 0);
            let position = Positioned::position(&game);
            assert_eq!(position.hands.len(), usize::from(players));
            let mut copy = HundredOne::setup(*game.options(), 0).expect("valid options");
            Positioned::restore(&mut copy, position.clone()).expect("a position of this table");
            assert_eq!(Positioned::position(&copy), position);
            let mut legal = [0; 40];
            let mut copied = [0; 40];
            let count = game.legal_actions(&mut legal);
            assert_eq!(copy.legal_actions(&mut copied), count);
            assert_eq!(legal[..count], copied[..count]);
            assert_eq!(Game::outcome(&copy), Game::outcome(&game));
        }
    }

    #[test]
    fn a_position_of_another_table_is_refused_and_changes_nothing() {
        let six = played(6, 3).position();
        let mut game = played(4, 5);
        let before = game.position();
        assert!(game.restore(six).is_err()); // six seats' hands for four
        let mut bad = before.clone();
        bad.dealer = 4;
        assert!(game.restore(bad).is_err());
        let mut bad = before.clone();
        bad.stock = vec![deck_cards()[0]; 37];
        assert!(game.restore(bad).is_err()); // more than 36 cards
        let mut bad = before.clone();
        bad.dealt_cards = Some(vec![1, 2, 3]);
        bad.setup = None;
        assert!(game.restore(bad).is_err()); // a deck of three cards
        let mut bad = before.clone();
        bad.to_act = None; // in a hand
        assert!(game.restore(bad).is_err());
        let mut bad = before.clone();
        bad.top = Some(64);
        assert!(game.restore(bad).is_err()); // no card of the deck
        assert_eq!(game.position(), before);
    }
}
