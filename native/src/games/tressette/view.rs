//! What one seat of Tressette may know (`koloda.games.tressette.view.TressetteView`, but for
//! the seat, the declarations, the games and the score sheet, which the Python side adds).

use crate::core::tricks::TrickPlay;
use serde::Serialize;

use crate::core::cards::{CardCode, Cards};
use crate::core::{CardSet, Seat};
use crate::games::{Standing, TrickView};

use super::rules::{Phase, Tressette};

/// Everything `seat` may know now, and nothing else: its own cards, the public play and the
/// sides' points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TressetteView {
    /// Where the game stands: `phase`, `deal` and `dealer`.
    #[serde(flatten)]
    pub standing: Standing<Phase>,
    pub first_dealer: u8,
    /// Who led the first trick of the deal (T-4).
    pub leader: u8,
    /// The seat's own cards, in order of the cards.
    pub hand: Vec<CardCode>,
    /// The seat's own cards as dealt.
    pub dealt: Vec<CardCode>,
    pub hand_sizes: [u32; 4],
    /// The card play: `plays`, `trick_leader`, `trick` and `tricks_won`.
    #[serde(flatten)]
    pub card_play: TrickView<[u8; 4]>,
    pub to_act: Option<Seat>,
    pub legal_actions: Vec<CardCode>,
    /// Each side's points toward the game in progress.
    pub points: [i64; 2],
    /// The points each side has earned in this deal so far.
    pub deal_points: [i64; 2],
    /// Per side: the values of the games it won.
    pub totals: [i64; 2],
    /// Each side's points toward the game in progress when this deal began.
    pub settled_points: [i64; 2],
    /// How many games were won before this deal began.
    pub settled_games: u8,
}

impl Tressette {
    /// What `seat` may know now: between deals no cards, in a deal only its own.
    ///
    /// ```
    /// use koloda_native::core::Seat;
    /// use koloda_native::games::tressette::{Tressette, TressetteOptions};
    ///
    /// let game = Tressette::new(TressetteOptions::default(), 3);
    /// let view = game.view(Seat::new(1));
    /// assert!(view.hand.is_empty() && view.to_act.is_none()); // no deal yet
    /// assert_eq!((view.standing.dealer, view.leader), (3, 0));
    /// ```
    pub fn view(&self, seat: Seat) -> TressetteView {
        let in_deal = self.in_deal();
        let s = seat.index() as usize;
        let legal_actions = if self.to_act() == Some(seat) {
            Cards(self.legal_card_mask()).collect()
        } else {
            Vec::new()
        };
        TressetteView {
            standing: self.standing(),
            first_dealer: self.first_dealer(),
            leader: self.leader(),
            hand: if in_deal {
                Cards(self.hands()[s].bits()).collect()
            } else {
                Vec::new()
            },
            dealt: if in_deal {
                self.dealt()[s].to_vec()
            } else {
                Vec::new()
            },
            hand_sizes: if in_deal {
                self.hands().map(CardSet::len)
            } else {
                [0; 4]
            },
            card_play: TrickView::new(self.card_play(), in_deal),
            to_act: self.to_act(),
            legal_actions,
            points: *self.points(),
            deal_points: if in_deal { *self.deal_points() } else { [0; 2] },
            totals: *self.totals(),
            settled_points: *self.settled_points(),
            settled_games: self.settled_games(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::tressette::TressetteOptions;
    use crate::games::{check_seat_views, ShownCards};

    #[test]
    fn a_seat_sees_its_own_cards_and_the_public_play_never_another_hand() {
        let mut game = Tressette::new(TressetteOptions::default(), 0);
        game.deal_random(&mut Rng::new(7), &mut ());
        let first = game.to_act().expect("the leader plays");
        let card = Cards(game.legal_card_mask()).next().expect("a legal card");
        game.step(card.into(), &mut ());
        let next = game.to_act().expect("the next seat plays");
        check_seat_views(
            &game,
            |seat| game.hands()[seat.at()].bits(),
            |view| ShownCards {
                hand: view.hand.clone(),
                hand_sizes: view.hand_sizes.to_vec(),
                legal: view.legal_actions.len(),
            },
        );
        for seat in (0..4).map(Seat::new) {
            let view = game.view(seat);
            let own = game.hands()[seat.index() as usize];
            assert_eq!(view.hand, Cards(own.bits()).collect::<Vec<_>>());
            assert_eq!(view.dealt, game.dealt()[seat.index() as usize].to_vec());
            for other in (0..4).filter(|&o| o != seat.index()) {
                let hidden = game.hands()[other as usize].bits();
                assert!(view.legal_actions.iter().all(|&c| hidden >> c & 1 == 0));
            }
            assert_eq!(view.card_play.plays, vec![(first.index(), card)]);
            assert_eq!(view.card_play.trick, view.card_play.plays);
            let sizes: [u32; 4] =
                std::array::from_fn(|o| if o == first.index() as usize { 9 } else { 10 });
            assert_eq!(view.hand_sizes, sizes);
            assert_eq!(view.to_act, Some(next));
            assert_eq!(view.legal_actions.is_empty(), seat != next);
        }
    }
}
