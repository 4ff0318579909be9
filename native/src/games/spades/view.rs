//! What one seat of Spades may know (`koloda.games.spades.view.SpadesView`, but for the seat
//! and the score sheet, which the Python side adds).

use crate::core::tricks::TrickPlay;
use crate::games::{Standing, TrickView};
use serde::{Serialize, Serializer};

use crate::core::cards::{CardCode, Cards};
use crate::core::Seat;

use super::rules::{Bid, Phase, Spades};

/// Everything `seat` may know now, and nothing else: its own cards once picked up (S-6),
/// its own side of the exchange (S-7), the public bids and play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpadesView {
    /// Where the game stands: `phase`, `deal` and `dealer`.
    #[serde(flatten)]
    pub standing: Standing<Phase>,
    /// The seat's own cards, lowest first; none before it picks them up.
    pub hand: Vec<CardCode>,
    pub hand_sizes: [u32; 4],
    pub picked_up: [bool; 4],
    /// Each seat's bid, None before it bids (serialized as the Python view's codes: -1).
    #[serde(serialize_with = "bid_codes")]
    pub bids: [Option<Bid>; 4],
    /// The decisions before the play with their seats; a discard or gift whose cards the
    /// seat does not know is `DISCARD_HIDDEN` / `GIVE_HIDDEN`.
    pub auction: Vec<(u8, u32)>,
    /// The cards the seat discarded or gave in the exchange.
    pub sent: Vec<CardCode>,
    /// The cards the seat got in the exchange.
    pub received: Vec<CardCode>,
    /// How many discarded cards of each seat lie face down awaiting the partner.
    pub on_table: [u32; 4],
    /// The card play: `plays`, `trick_leader`, `trick` and `tricks_won`.
    #[serde(flatten)]
    pub card_play: TrickView<[u8; 4]>,
    pub spades_broken: bool,
    pub to_act: Option<Seat>,
    pub legal_actions: Vec<u32>,
    pub totals: [i64; 2],
    pub bags: [i64; 2],
    /// The winning sides once the game is over.
    pub winners: Vec<u8>,
}

/// The bids as the Python view has them: each one's code, -1 (`NO_BID`) before a seat bids.
fn bid_codes<S: Serializer>(bids: &[Option<Bid>; 4], serializer: S) -> Result<S::Ok, S::Error> {
    bids.map(Bid::to_code).serialize(serializer)
}

impl Spades {
    /// What `seat` may know now.
    ///
    /// ```
    /// use koloda_native::core::Seat;
    /// use koloda_native::games::spades::{Spades, SpadesOptions, LOOK};
    ///
    /// let mut game = Spades::new(SpadesOptions::default(), 0);
    /// let mut hands = [[0u8; 13]; 4];
    /// for (seat, hand) in hands.iter_mut().enumerate() {
    ///     for (rank, card) in hand.iter_mut().enumerate() {
    ///         *card = (seat << 4 | rank) as u8; // seat s holds the suit s
    ///     }
    /// }
    /// game.deal(&hands);
    /// assert!(game.view(Seat::new(0)).hand.is_empty()); // not picked up yet (S-6)
    /// game.step(LOOK, &mut ());
    /// assert_eq!(game.view(Seat::new(0)).hand, hands[0].to_vec());
    /// assert!(game.view(Seat::new(1)).hand.is_empty()); // never another seat's cards
    /// ```
    pub fn view(&self, seat: Seat) -> SpadesView {
        let s = seat.index() as usize;
        let in_deal = self.in_deal();
        let by_seat = |values: [u32; 4]| if in_deal { values } else { [0; 4] };
        let sent = if !in_deal {
            0
        } else if self.sent()[s] != 0 {
            self.sent()[s]
        } else {
            self.pending()[s] // discarded, still face down (S-7)
        };
        let mut legal_actions = Vec::new();
        if self.to_act() == Some(seat) {
            self.legal_actions(&mut legal_actions);
        }
        SpadesView {
            standing: self.standing(),
            hand: Cards(self.visible_hand(seat.index())).collect(),
            hand_sizes: by_seat(self.hands().map(|h| h.count_ones())),
            picked_up: if in_deal {
                *self.picked_up()
            } else {
                [false; 4]
            },
            bids: if in_deal { *self.bids() } else { [None; 4] },
            auction: if in_deal {
                self.visible_auction(seat.index()).collect()
            } else {
                Vec::new()
            },
            sent: Cards(sent).collect(),
            received: Cards(if in_deal { self.received()[s] } else { 0 }).collect(),
            on_table: by_seat(self.pending().map(|p| p.count_ones())),
            card_play: TrickView::new(self.card_play(), in_deal),
            spades_broken: self.broken() && in_deal,
            to_act: self.to_act(),
            legal_actions,
            totals: *self.totals(),
            bags: *self.bags(),
            winners: self.winners().as_slice().to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::spades::{
        suited_deal, SpadesOptions, BID_BASE, DISCARD_BASE, DISCARD_HIDDEN, LOOK,
    };

    #[test]
    fn a_seat_sees_its_own_cards_and_its_side_of_the_exchange_only() {
        let mut game = Spades::new(SpadesOptions::default(), 0);
        let hands = suited_deal();
        game.deal(&hands);
        game.step(LOOK, &mut ());
        game.step(BID_BASE, &mut ()); // seat 0 bids nil and discards (S-7)
        let discard = [hands[0][10], hands[0][11], hands[0][12]];
        let triple = (discard[0] as u32) << 12 | (discard[1] as u32) << 6 | discard[2] as u32;
        game.step(DISCARD_BASE + triple, &mut ());
        let own = game.view(Seat::new(0));
        assert_eq!(own.hand, hands[0][..10].to_vec());
        assert_eq!(own.sent, discard.to_vec());
        assert_eq!(own.on_table, [3, 0, 0, 0]);
        assert_eq!(own.auction[2], (0, DISCARD_BASE + triple));
        assert!(own.legal_actions.is_empty()); // not his turn
        for other in 1..4 {
            let view = game.view(Seat::new(other));
            assert!(view.hand.is_empty(), "seat {other} has not looked");
            assert!(view.sent.is_empty() && view.received.is_empty());
            assert_eq!(view.auction[2], (0, DISCARD_HIDDEN)); // the partner has not taken them
            assert_eq!(view.on_table, [3, 0, 0, 0]);
            assert_eq!(view.bids, [Some(Bid::Nil), None, None, None]);
            // the Python view's codes: nil 0, no bid yet -1
            let bids = &serde_json::to_value(&view).expect("a view serializes")["bids"];
            assert_eq!(*bids, serde_json::json!([0, -1, -1, -1]));
        }
        let next = game.view(Seat::new(1));
        assert_eq!(next.to_act, Some(Seat::new(1)));
        assert_eq!(next.legal_actions.len(), 2); // look or double nil blind (S-6)
        game.step(LOOK, &mut ());
        let next = game.view(Seat::new(1));
        assert_eq!(next.hand, hands[1].to_vec());
        assert!(next.hand.iter().all(|card| !hands[0].contains(card)));
    }

    #[test]
    fn after_the_exchange_the_discards_are_the_partners_to_see_not_the_opponents() {
        // rule: S-7
        let mut game = Spades::new(SpadesOptions::default(), 0);
        game.deal(&suited_deal());
        game.step(LOOK, &mut ());
        game.step(BID_BASE, &mut ()); // seat 0 bids nil and discards
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let discard = legal[0];
        game.step(discard, &mut ());
        while game.phase() != Phase::Play {
            legal.clear();
            game.legal_actions(&mut legal);
            // the others look and bid three; the partner gives what he must
            let three = BID_BASE + 3;
            let action = if legal.contains(&three) {
                three
            } else {
                legal[0]
            };
            game.step(action, &mut ());
        }
        assert_eq!(
            game.view(Seat::new(2)).auction[2],
            (0, discard),
            "the partner took them"
        );
        for opponent in [1, 3] {
            let view = game.view(Seat::new(opponent));
            assert_eq!(view.auction[2], (0, DISCARD_HIDDEN), "seat {opponent}");
        }
    }

    #[test]
    fn between_deals_the_view_keeps_only_the_standing() {
        let mut game = Spades::new(SpadesOptions::default(), 0);
        let view = game.view(Seat::new(2));
        assert_eq!(view.standing.phase, Phase::AwaitDeal);
        assert!(view.hand.is_empty() && view.card_play.plays.is_empty() && view.auction.is_empty());
        assert_eq!((view.to_act, view.card_play.trick_leader), (None, None));
        assert_eq!(view.bids, [None; 4]);
        game.deal(&suited_deal());
        assert_eq!(game.view(Seat::new(2)).hand_sizes, [13; 4]);
    }
}
