//! What one seat of 101 may know (`koloda.games.hundred_one.view.HundredOneView`, but for the
//! seat and the score sheet, which the Python side adds).

use serde::Serialize;

use crate::core::cards::{CardCode, Cards};
use crate::core::{Seat, Suit};

use super::rules::{HundredOne, Phase, QUEENS};
use crate::games::Standing;

/// Everything `seat` may know now, and nothing else: its own cards, how many the others
/// hold, and the public play of the hand (the pile, the stock's size, the public log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HundredOneView {
    pub num_seats: u8,
    /// Where the game stands: `phase`, `deal` and `dealer`.
    #[serde(flatten)]
    pub standing: Standing<Phase>,
    /// The seat's own cards, lowest code first (cards it drew included).
    pub hand: Vec<CardCode>,
    pub hand_sizes: Vec<u32>,
    pub starter: Option<CardCode>,
    /// The top card of the discard pile.
    pub top: Option<CardCode>,
    /// The suit to follow (None while a suit is being named after a queen).
    pub suit: Option<Suit>,
    /// Whether `suit` was named after a queen (H-6, H-7).
    pub named: bool,
    pub stock_size: usize,
    /// The discard pile, bottom card first.
    pub pile: Vec<CardCode>,
    /// How many times the pile has become the stock this hand (H-11).
    pub epoch: u32,
    /// The card this seat just drew and may still play (H-8).
    pub drawn: Option<CardCode>,
    /// The public log of the hand (`seat << 8 | code`).
    pub log: Vec<u16>,
    pub to_act: Option<Seat>,
    pub legal_actions: Vec<u32>,
    pub totals: Vec<i64>,
}

impl HundredOne {
    /// What `seat` may know now: between hands and after the game, the totals only.
    ///
    /// ```
    /// use koloda_native::core::Seat;
    /// use koloda_native::games::hundred_one::{deck_cards, HundredOne, HundredOneOptions};
    ///
    /// let mut game = HundredOne::new(HundredOneOptions::default(), 0);
    /// assert!(game.view(Seat::new(1)).hand.is_empty()); // no hand yet
    /// game.deal_cards(&deck_cards(), &mut ());
    /// let view = game.view(Seat::new(1));
    /// assert_eq!(view.hand.len(), 3);
    /// assert_eq!(view.hand_sizes, [3, 3, 3, 3]);
    /// assert_eq!(view.stock_size, 36 - 4 * 3 - 1);
    /// ```
    pub fn view(&self, seat: Seat) -> HundredOneView {
        let n = usize::from(self.n());
        let totals = self.totals()[..n].to_vec();
        if !self.in_deal() {
            return HundredOneView {
                num_seats: self.n(),
                standing: self.standing(),
                hand: Vec::new(),
                hand_sizes: vec![0; n],
                starter: None,
                top: None,
                suit: None,
                named: false,
                stock_size: 0,
                pile: Vec::new(),
                epoch: 0,
                drawn: None,
                log: Vec::new(),
                to_act: None,
                legal_actions: Vec::new(),
                totals,
            };
        }
        let naming = self.phase() == Phase::NameSuit;
        let own_turn = self.to_act() == Some(seat);
        let mut legal = [0u32; 40];
        let count = if own_turn {
            self.legal_actions(&mut legal)
        } else {
            0
        };
        HundredOneView {
            num_seats: self.n(),
            standing: self.standing(),
            hand: Cards(self.hands()[seat.index() as usize]).collect(),
            hand_sizes: self.hands()[..n].iter().map(|h| h.count_ones()).collect(),
            starter: self.starter(),
            top: self.top(),
            suit: self.suit().filter(|_| !naming),
            named: !naming && self.top().is_some_and(|top| QUEENS >> top & 1 == 1),
            stock_size: self.stock().len(),
            pile: self.pile().to_vec(),
            epoch: self.epoch(),
            drawn: self
                .drawn()
                .filter(|_| self.phase() == Phase::AfterDraw && own_turn),
            log: self.log().to_vec(),
            to_act: self.to_act(),
            legal_actions: legal[..count].to_vec(),
            totals,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hundred_one::{deck_cards, HundredOneOptions, DRAW};
    use crate::games::{check_seat_views, ShownCards};

    /// A hand dealt from the deck in its order: seat 1 (left of the dealer) gets the
    /// deck's 1st, 5th and 9th cards, and so on; the 13th is the starter.
    fn dealt(options: HundredOneOptions) -> HundredOne {
        let mut game = HundredOne::new(options, 0);
        game.deal_cards(&deck_cards(), &mut ());
        game
    }

    #[test]
    fn a_seat_sees_its_own_cards_and_only_the_sizes_of_the_others() {
        // rule: H-2
        let game = dealt(HundredOneOptions::default());
        check_seat_views(
            &game,
            |seat| game.hands()[seat.at()],
            |view| ShownCards {
                hand: view.hand.clone(),
                hand_sizes: view.hand_sizes.clone(),
                legal: view.legal_actions.len(),
            },
        );
        let deck = deck_cards();
        for seat in 0..4usize {
            let view = game.view(Seat::new(seat as u8));
            let mut own: Vec<_> = (0..3).map(|i| deck[i * 4 + (seat + 3) % 4]).collect();
            own.sort_unstable();
            assert_eq!(view.hand, own, "seat {seat}");
            assert_eq!(view.hand_sizes, [3, 3, 3, 3]);
            assert_eq!(view.starter, Some(deck[12]));
            assert_eq!(view.pile, [deck[12]]);
            assert_eq!(view.stock_size, 36 - 13);
        }
    }

    #[test]
    fn only_the_seat_to_act_sees_its_legal_actions_and_the_card_it_drew() {
        // rule: H-8
        let options = HundredOneOptions {
            voluntary_draw: true,
            ..HundredOneOptions::default()
        };
        let mut game = dealt(options);
        let mover = game.to_act().expect("a seat to act");
        let other = Seat::new((mover.index() + 1) % 4);
        let mut legal = [0u32; 40];
        let count = game.legal_actions(&mut legal);
        assert!(legal[..count].contains(&DRAW));
        assert_eq!(game.view(mover).legal_actions, legal[..count]);
        assert!(game.view(other).legal_actions.is_empty());
        let mut chance = crate::core::rng::Rng::new(1);
        game.step(DRAW, &mut (), &mut chance).expect("a draw");
        assert_eq!(game.phase(), Phase::AfterDraw);
        let drawn = game.drawn().expect("a drawn card");
        assert_eq!(game.view(mover).drawn, Some(drawn));
        assert!(game.view(mover).hand.contains(&drawn));
        assert_eq!(game.view(other).drawn, None);
        assert!(!game.view(other).hand.contains(&drawn));
        assert_eq!(game.view(other).hand_sizes, game.view(mover).hand_sizes);
    }

    #[test]
    fn between_hands_a_view_holds_the_totals_only() {
        // rule: H-16
        let game = HundredOne::new(HundredOneOptions::default(), 2);
        let view = game.view(Seat::new(0));
        assert_eq!(view.standing.phase, Phase::AwaitDeal);
        assert_eq!(view.standing.dealer, 2);
        assert_eq!(view.hand_sizes, [0, 0, 0, 0]);
        assert_eq!((view.top, view.suit, view.to_act), (None, None, None));
        assert_eq!(view.totals, [0, 0, 0, 0]);
    }
}
