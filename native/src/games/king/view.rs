//! What one seat of King may know (`koloda.games.king.view.KingView`, but for the seat, the
//! variant's name and the score sheet, which the Python side adds).

use crate::core::tricks::TrickPlay;
use serde::Serialize;

use crate::core::{Seat, Suit};
use crate::games::{Standing, TrickView};

use super::rules::{King, Phase};

/// Everything `seat` may know now, and nothing else: its own seen cards, the public play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KingView {
    pub num_seats: u8,
    /// Where the game stands: `phase`, `deal` and `dealer`.
    #[serde(flatten)]
    pub standing: Standing<Phase>,
    pub contract: Option<u8>,
    pub declarer: Option<Seat>,
    pub trump: Option<Suit>,
    pub by_last: bool,
    /// The seat's own seen cards, in order of the cards.
    pub hand: Vec<u8>,
    /// The seat's own seen cards as dealt.
    pub dealt: Vec<u8>,
    pub hand_sizes: Vec<u32>,
    /// The card play: `plays`, `trick_leader` (in the card play only), `trick` and
    /// `tricks_won` (by seat, for the seats that play).
    #[serde(flatten)]
    pub card_play: TrickView<Vec<u8>>,
    pub to_act: Option<Seat>,
    pub legal_actions: Vec<u32>,
    pub totals: Vec<i64>,
    /// Each row's contracts still to order (the order variants).
    pub rows: Vec<[u8; 8]>,
}

impl King {
    /// What `seat` may know now (K-14: only the caller's first three cards while he names
    /// trump by preview).
    pub fn view(&self, seat: Seat) -> KingView {
        let n = self.n() as usize;
        let in_deal = self.in_deal();
        let dealt = self.visible_dealt(seat.index()).to_vec();
        let mut hand: Vec<u8> = dealt
            .iter()
            .copied()
            .filter(|&card| self.hand(seat) >> card & 1 == 1)
            .collect();
        hand.sort_unstable();
        let TrickView {
            plays,
            trick_leader,
            trick,
            tricks_won,
        } = TrickView::new(self.card_play(), in_deal);
        let mut legal_actions = Vec::new();
        if self.to_act() == Some(seat) {
            self.legal_actions(&mut legal_actions);
        }
        let in_deal_or = |value: u32| if in_deal { value } else { 0 };
        KingView {
            num_seats: self.n(),
            standing: self.standing(),
            contract: self.contract().filter(|_| in_deal),
            declarer: self.caller().filter(|_| in_deal),
            trump: self.trump().filter(|_| in_deal),
            by_last: self.by_last() && in_deal,
            hand,
            dealt,
            hand_sizes: (0..n)
                .map(|s| in_deal_or(self.hands()[s].count_ones()))
                .collect(),
            card_play: TrickView {
                plays,
                trick_leader: trick_leader.filter(|_| self.phase() == Phase::Play),
                trick,
                tricks_won: tricks_won[..n].to_vec(),
            },
            to_act: self.to_act(),
            legal_actions,
            totals: self.totals()[..n].to_vec(),
            rows: self.rows()[..self.table().num_rows() as usize].to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::{check_seat_views, ShownCards};

    use super::super::rules::KingOptions;

    fn dealt_game() -> King {
        let mut game = King::new(KingOptions::default(), 0);
        game.deal_random(&mut Rng::new(11));
        game
    }

    #[test]
    fn a_seat_sees_its_own_cards_and_only_the_sizes_of_the_others() {
        let game = dealt_game();
        check_seat_views(
            &game,
            |seat| game.hand(seat),
            |view| ShownCards {
                hand: view.hand.clone(),
                hand_sizes: view.hand_sizes.clone(),
                legal: view.legal_actions.len(),
            },
        );
        for seat in (0..4).map(Seat::new) {
            assert_eq!(game.view(seat).hand_sizes, [8, 8, 8, 8]);
        }
    }

    #[test]
    fn a_position_of_another_table_is_refused_and_changes_nothing() {
        let mut game = dealt_game();
        let before = game.position();
        let mut three = King::new(
            KingOptions {
                variant: super::super::rules::Variant::Three,
                ..KingOptions::default()
            },
            0,
        );
        three.deal_random(&mut Rng::new(5));
        assert!(game.restore(three.position()).is_err());
        assert_eq!(game.position(), before);
        let mut copy = King::new(KingOptions::default(), 0);
        copy.restore(before.clone())
            .expect("a position of this table");
        assert_eq!(copy.view(Seat::new(2)), game.view(Seat::new(2)));
    }
}
