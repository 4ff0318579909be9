//! 101's hands as a record keeps them, as plain data ([`HandRecord`]): who dealt, where the
//! cards came from (the shuffled deck, or the setup given, as a position says it), the new
//! stocks of the reshuffles and the public log. A game gives its finished hands' records
//! and the hand in progress's, and takes records back (a Python state's) after checking
//! they fit its table.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::cards::CardCode;

use super::position::HundredOnePosition;
use super::rules::{Completed, DealSource, HundredOne, Setup, DECK_36};

/// A hand of 101 as a record keeps it (`koloda.games.hundred_one.state`'s records).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRecord {
    pub dealer: u8,
    /// The shuffled deck the hand was dealt from (36 cards), if it was.
    pub dealt_cards: Option<Vec<CardCode>>,
    /// The setup the hand was given, if it was (never with `dealt_cards`).
    pub setup: Option<Setup>,
    /// The new stocks of the hand's reshuffles (H-11), in order.
    pub restocks: Vec<Vec<CardCode>>,
    /// The hand's public log, as `seat << 8 | code`.
    pub log: Vec<u16>,
}

/// Every card of `cards` is a card of the 36-card deck.
pub(super) fn deck_cards_only(cards: &[CardCode]) -> bool {
    cards
        .iter()
        .all(|&card| card < 64 && DECK_36 >> card & 1 == 1)
}

/// Every list of `lists` holds cards of the deck only.
pub(super) fn deck_lists_only(lists: &[Vec<CardCode>]) -> bool {
    lists.iter().all(|list| deck_cards_only(list))
}

impl DealSource {
    /// Where the hand's cards came from as plain data: the shuffled deck or the setup
    /// (neither before the first hand).
    pub fn plain(&self) -> (Option<Vec<CardCode>>, Option<Setup>) {
        match self {
            DealSource::None => (None, None),
            DealSource::Cards(deck) => (Some(deck.to_vec()), None),
            DealSource::Given(setup) => (None, Some(Setup::clone(setup))),
        }
    }

    /// The source of plain data at a table of `seats`, or None when it does not fit: both
    /// given, a deck that is not 36 cards of the deck, a setup of other seats or cards.
    pub fn from_plain(
        dealt_cards: Option<Vec<CardCode>>,
        setup: Option<Setup>,
        seats: usize,
    ) -> Option<DealSource> {
        match (dealt_cards, setup) {
            (Some(_), Some(_)) => None,
            (Some(deck), None) => <[CardCode; 36]>::try_from(deck.as_slice())
                .ok()
                .filter(|deck| deck_cards_only(deck))
                .map(DealSource::Cards),
            (None, Some(setup)) => {
                let fits = setup.hands.len() == seats
                    && deck_lists_only(&setup.hands)
                    && deck_cards_only(&[setup.starter])
                    && setup.stock.len() <= 36
                    && deck_cards_only(&setup.stock)
                    && deck_lists_only(&setup.restocks);
                fits.then(|| DealSource::Given(Arc::new(setup)))
            }
            (None, None) => Some(DealSource::None),
        }
    }
}

impl HandRecord {
    /// The record of a hand dealt by `dealer` from `source`, with its reshuffles' new
    /// stocks and its public log.
    fn new(dealer: u8, source: &DealSource, restocks: &[Vec<CardCode>], log: &[u16]) -> Self {
        let (dealt_cards, setup) = source.plain();
        HandRecord {
            dealer,
            dealt_cards,
            setup,
            restocks: restocks.to_vec(),
            log: log.to_vec(),
        }
    }

    /// The record of a finished hand.
    pub fn of(hand: &Completed) -> Self {
        HandRecord::new(hand.dealer(), hand.source(), hand.restocks(), hand.log())
    }

    /// The finished hand of this record at a table of `seats`, or why it does not fit.
    fn completed(self, seats: usize) -> Result<Completed, String> {
        let source = DealSource::from_plain(self.dealt_cards, self.setup, seats);
        match source {
            Some(source) if usize::from(self.dealer) < seats && deck_lists_only(&self.restocks) => {
                Ok(Completed::new(
                    source,
                    self.dealer,
                    Arc::new(self.restocks),
                    self.log,
                ))
            }
            _ => Err("a hand's record does not fit this table".into()),
        }
    }
}

impl HundredOne {
    /// The records of the finished hands from `start` on.
    pub fn hand_records(&self, start: usize) -> Vec<HandRecord> {
        let completed = self.completed();
        completed
            .get(start..)
            .unwrap_or_default()
            .iter()
            .map(HandRecord::of)
            .collect()
    }

    /// The hand in progress (or the last one dealt) as a record keeps it so far.
    pub fn current_record(&self) -> HandRecord {
        HandRecord::new(self.dealer(), self.source(), self.restocks(), self.log())
    }

    /// Makes `records` the finished hands' records (a Python state's); one that does not
    /// fit the table is an error and changes nothing.
    pub fn load_records(&mut self, records: Vec<HandRecord>) -> Result<(), String> {
        let completed = self.completed_of(records)?;
        self.restore_records(completed);
        Ok(())
    }

    /// Puts the game in `position` with `records` as its finished hands' (a Python
    /// state's); either that does not fit the table is an error and changes nothing.
    pub fn load(
        &mut self,
        position: HundredOnePosition,
        records: Vec<HandRecord>,
    ) -> Result<(), String> {
        let completed = self.completed_of(records)?;
        self.restore(position)?;
        self.restore_records(completed);
        Ok(())
    }

    /// The finished hands of `records` at this table, or why one does not fit.
    fn completed_of(&self, records: Vec<HandRecord>) -> Result<Vec<Completed>, String> {
        let seats = usize::from(self.n());
        records
            .into_iter()
            .map(|record| record.completed(seats))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::hundred_one::{deck_cards, HundredOneOptions, Phase, Seeded};

    /// A game of three past its first hand, dealt from a shuffled deck.
    fn past_a_hand() -> HundredOne {
        let options = HundredOneOptions {
            players: 3,
            ..HundredOneOptions::default()
        };
        let mut game = HundredOne::new(options, 0);
        let mut chance = Seeded("records");
        let mut rng = Rng::new(4);
        let mut legal = [0u32; 40];
        while game.completed().is_empty() {
            if game.phase() == Phase::AwaitDeal {
                game.deal_cards(&deck_cards(), &mut ());
                continue;
            }
            let count = game.legal_actions(&mut legal);
            let action = legal[rng.below(count as u32) as usize];
            game.step(action, &mut (), &mut chance)
                .expect("no record's restocks");
        }
        game
    }

    #[test]
    fn records_read_back_load_the_same_hands() {
        let game = past_a_hand();
        let records = game.hand_records(0);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].dealt_cards.as_deref(), Some(&deck_cards()[..]));
        assert!(game.hand_records(1).is_empty() && game.hand_records(9).is_empty());
        let mut copy = HundredOne::new(*game.options(), 0);
        copy.load_records(records.clone())
            .expect("records of this table");
        assert_eq!(copy.hand_records(0), records);
    }

    #[test]
    fn records_that_do_not_fit_are_refused_and_change_nothing() {
        let game = past_a_hand();
        let good = game.hand_records(0);
        let mut copy = game.clone();
        let mut short_deck = good[0].clone();
        short_deck.dealt_cards = Some(vec![1, 2, 3]);
        let mut far_dealer = good[0].clone();
        far_dealer.dealer = 3;
        let mut both = good[0].clone();
        both.setup = Some(Setup {
            hands: vec![vec![]; 3],
            starter: deck_cards()[0],
            stock: vec![],
            restocks: vec![],
        });
        let mut off_deck = good[0].clone();
        off_deck.restocks = vec![vec![0]];
        for bad in [short_deck, far_dealer, both, off_deck] {
            assert!(copy.load_records(vec![good[0].clone(), bad]).is_err());
            assert_eq!(copy.hand_records(0), good);
        }
    }
}
