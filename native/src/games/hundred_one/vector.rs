//! 101's observation tensor and action mask for the vector environment, as
//! `crate::vector` does for Spades: the floats of the Python encoder of
//! `koloda/envs/core.py` for the acting seat's view (`HundredOneView.to_json`), with the
//! hashed facts' buckets handed over from Python
//! (`koloda.games.hundred_one.vector.tables`).
//!
//! A view of 101 has no plays by seat, no trick and no public decisions the encoder reads
//! as such (its log is not in the JSON): the tensor is the hand, the discard pile, the top
//! card and the drawn card among the other cards, the roles `to_act` and `dealer`, and the
//! hashed facts.

use crate::core::cards::CardCode;
use crate::games::hundred_one::{self, Chance, HundredOne, MAX_SEATS};
use crate::vector::{
    add, add_number, add_numbers, clip_from, mark_cards, mark_roles, observer, ActionMaps, Flat,
    StandingSlots,
};

/// The chance of a step of the vector environment's batch: the reshuffles of `.0`, and no
/// next hand (the environment reads the finished hand's scores before it is dealt).
pub struct NoDeal<'a, C: Chance>(pub &'a mut C);

impl<C: Chance> Chance for NoDeal<'_, C> {
    fn deck(&mut self, _deal: u32) -> Option<[CardCode; 36]> {
        None
    }
    fn restock(&mut self, below: &[CardCode], index: u64) -> Option<Vec<CardCode>> {
        self.0.restock(below, index)
    }
}

crate::vector::flat_tables! {
    /// Where each part and each hashed fact of a 101 observation goes (absolute indices; -1:
    /// nothing, as for the seats a game with fewer players does not have), in the order of
    /// the flat list.
    #[derive(Clone, Debug)]
    pub struct HundredOneTables from flat {
        pub size: usize,
        pub num_actions: usize,
        pub num_seats: usize,
        pub off_other: usize,
        pub off_roles: usize,
        /// `phase=…` of each phase (`PHASE_NAMES`).
        pub standing: StandingSlots<5, MAX_SEATS>,
        /// `suit=None`, then each suit.
        pub suit: [i64; 5],
        /// `named=False` and `=True`.
        pub named: [i64; 2],
        pub stock_size: i64,
        pub pile_size: i64,
        /// `drawn=None` (a drawn card is a card of the other cards instead).
        pub no_drawn: i64,
        pub totals: [i64; MAX_SEATS],
        pub actions: ActionMaps = ActionMaps::read(flat, num_actions)?,
    }
}

impl HundredOneTables {
    /// The tables from the flat list `koloda.games.hundred_one.vector.tables` builds.
    pub fn from_flat(flat: &[i64]) -> Option<Self> {
        Flat::whole::<Self>(flat).filter(|t| (2..=MAX_SEATS).contains(&t.num_seats))
    }
}

/// Writes the observation of the seat to act and its legal actions (see
/// `crate::games::spades::vector::encode`); false when Python must encode the position (none in a
/// hand being played with the tables of its own rules).
pub fn encode(game: &HundredOne, t: &HundredOneTables, out: &mut [f32], mask: &mut [u8]) -> bool {
    let n = game.n() as usize;
    let seat = observer(game, out, mask).filter(|_| n == t.num_seats);
    let (Some(seat), Some(top)) = (seat, game.top()) else {
        return false;
    };
    let s = seat.at();
    let rel = |other: usize| (other + n - s) % n;
    let naming = game.phase() == hundred_one::Phase::NameSuit;
    // cards: the hand, and among the other cards the discard pile (its top card last)
    // and the card just drawn, which the seat to act alone sees
    mark_cards(out, 0, game.hands()[s]);
    for &card in game.pile() {
        out[t.off_other + card as usize] = 1.0;
    }
    out[t.off_other + top as usize] = 1.0;
    let drawn = game
        .drawn()
        .filter(|_| game.phase() == hundred_one::Phase::AfterDraw);
    if let Some(card) = drawn {
        out[t.off_other + card as usize] = 1.0;
    }
    // roles: to_act (0) and dealer (1)
    let holders = [rel(s), rel(game.dealer() as usize)].map(Some);
    mark_roles(out, t.off_roles, n, &holders);
    // the facts in the order of the view's JSON
    t.standing
        .add_phase_and_deal(out, game.phase() as usize, game.deal_number());
    let hands = game.hands();
    add_numbers(out, &t.standing.hand_sizes[..n], s, |o| {
        hands[o].count_ones() as f64
    });
    let suit = match game.suit() {
        Some(suit) if !naming => suit.index() as usize + 1,
        _ => 0,
    };
    add(out, t.suit[suit.min(4)], 1.0);
    let named = !naming && hundred_one::QUEENS >> top & 1 == 1;
    add(out, t.named[named as usize], 1.0);
    add_number(out, t.stock_size, game.stock().len() as f64);
    add_number(out, t.pile_size, game.pile().len() as f64);
    if drawn.is_none() {
        add(out, t.no_drawn, 1.0);
    }
    add_numbers(out, &t.totals[..n], s, |o| game.totals()[o] as f64);
    clip_from(out, t.off_roles);
    // the mask: cards by their codes, the suits, draw and pass by the table
    let mut legal = [0u32; 40];
    let count = game.legal_actions(&mut legal);
    t.actions.mark(mask, &legal[..count])
}

crate::vector::impl_encoder!(
    HundredOne,
    HundredOneTables,
    encode: encode,
    scores: |line| line.scores.clone(),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cards::Cards;
    use crate::core::rng::Rng;
    use crate::games::hundred_one::{HundredOneOptions, DRAW, PASS};
    use crate::vector::{Encoder, SCAN_LIMIT};

    const SIZE: usize = 1200;
    const ACTIONS: usize = 600;
    const OTHER: usize = 64 + 2 * 6 * 64;
    const ROLES: usize = 900;
    /// The first hashed bucket of the made-up tables; each fact has its own.
    const HASHED: i64 = 1000;

    /// Tables whose every fact has a bucket of its own (`HASHED + k` for the k-th), whose
    /// cards are their codes and whose listed decisions are the suits, draw and pass at
    /// 64..=69.
    fn tables(n: usize) -> HundredOneTables {
        let mut flat: Vec<i64> = vec![SIZE as i64, ACTIONS as i64, n as i64, OTHER as i64];
        flat.push(ROLES as i64);
        let per_seat = |base: i64| (0..MAX_SEATS as i64).map(move |r| base + r);
        let mut facts: Vec<i64> = (HASHED..HASHED + 6).collect(); // phase, deal
        facts.extend(per_seat(HASHED + 6)); // hand sizes
        facts.extend(HASHED + 12..HASHED + 22); // suit, named, stock, pile, no drawn
        facts.extend(per_seat(HASHED + 22)); // totals
        flat.extend(facts);
        let mut index = vec![-1i64; SCAN_LIMIT];
        for (code, slot) in index.iter_mut().enumerate().take(64) {
            *slot = code as i64; // the cards
        }
        for (i, code) in [64, 65, 66, 67, DRAW, PASS].into_iter().enumerate() {
            index[code as usize] = 64 + i as i64;
        }
        flat.extend(index);
        HundredOneTables::from_flat(&flat).expect("well-formed tables")
    }

    #[test]
    fn malformed_tables_are_refused() {
        let t = tables(4);
        assert_eq!(t.actions.code_of[64..70], [64, 65, 66, 67, DRAW, PASS]);
        let mut flat = vec![SIZE as i64, ACTIONS as i64, 7, OTHER as i64, ROLES as i64];
        flat.extend(vec![-1i64; 28 + SCAN_LIMIT]);
        assert!(HundredOneTables::from_flat(&flat).is_none()); // seven seats
        flat[2] = 4;
        assert!(HundredOneTables::from_flat(&flat).is_some());
        flat.push(0);
        assert!(HundredOneTables::from_flat(&flat).is_none()); // one too many
    }

    /// Random hands of every player count through restocks and ends of hands: every
    /// position is encoded, the mask holds exactly the legal actions (their codes read
    /// back), the parts hold the hand, the pile and the drawn card, and the facts land in
    /// their buckets.
    #[test]
    fn every_position_is_encoded() {
        let mut rng = Rng::new(17);
        let mut restocks = 0;
        let mut draws = 0;
        let mut namings = 0;
        for players in 2..=6u8 {
            let options = HundredOneOptions {
                players,
                voluntary_draw: players % 2 == 0,
                ..HundredOneOptions::default()
            };
            let n = players as usize;
            let t = tables(n);
            let mut out = vec![0f32; SIZE];
            let mut mask = vec![0u8; ACTIONS];
            let mut game = HundredOne::new(options, 0);
            for _ in 0..3000 {
                if game.is_over() {
                    game = HundredOne::new(options, 0);
                }
                if !game.in_deal() {
                    let deck = hundred_one::Chance::deck(&mut rng, game.deal_number());
                    game.deal_cards(&deck.expect("a deck"), &mut ());
                }
                assert!(encode(&game, &t, &mut out, &mut mask));
                let mut legal = [0u32; 40];
                let count = game.legal_actions(&mut legal);
                let marked: Vec<u32> = (0..ACTIONS)
                    .filter(|&i| mask[i] == 1)
                    .map(|i| game.action_code(&t, i).expect("a code"))
                    .collect();
                assert_eq!(marked, legal[..count].to_vec());
                let s = game.to_act().expect("a seat is to act").at();
                let hand: Vec<u8> = (0..64u8).filter(|&c| out[c as usize] == 1.0).collect();
                assert_eq!(hand, Cards(game.hands()[s]).collect::<Vec<u8>>());
                let after_draw = game.phase() == hundred_one::Phase::AfterDraw;
                for card in 0..64u8 {
                    let shown =
                        game.pile().contains(&card) || after_draw && Some(card) == game.drawn();
                    assert_eq!(out[OTHER + card as usize] == 1.0, shown);
                }
                assert_eq!(out[ROLES], 1.0);
                assert_eq!(out[ROLES + n + (game.dealer() as usize + n - s) % n], 1.0);
                let bucket = |k: i64| out[(HASHED + k) as usize];
                assert_eq!(bucket(game.phase() as i64), 1.0);
                assert_eq!(bucket(21), if after_draw { 0.0 } else { 1.0 });
                if n < MAX_SEATS {
                    assert_eq!(bucket(6 + n as i64), 0.0); // no seat beyond the players
                }
                let naming = game.phase() == hundred_one::Phase::NameSuit;
                assert_eq!(bucket(12), if naming { 1.0 } else { 0.0 });
                namings += naming as usize;
                draws += after_draw as usize;
                let before = game.epoch();
                let action = game.random_action(&mut rng);
                game.step(action, &mut (), &mut rng)
                    .expect("dealt by chance");
                restocks += (game.epoch() > before) as usize;
            }
        }
        assert!(restocks > 0 && draws > 0 && namings > 0);
    }

    #[test]
    fn positions_out_of_a_hand_or_of_other_tables_are_declined() {
        let t = tables(4);
        let mut game = HundredOne::new(HundredOneOptions::default(), 0);
        let mut out = vec![0f32; SIZE];
        let mut mask = vec![0u8; ACTIONS];
        assert!(!encode(&game, &t, &mut out, &mut mask));
        game.deal_cards(&hundred_one::deck_cards(), &mut ());
        assert!(encode(&game, &t, &mut out, &mut mask));
        // tables of another player count are not this game's
        assert!(!encode(&game, &tables(3), &mut out, &mut mask));
    }
}
