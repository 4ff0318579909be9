//! The observation tensor and the action mask of `koloda.envs` built natively, for the
//! vector environment (`koloda.envs.VectorEnv`): the same floats as the Python encoder of
//! `koloda/envs/core.py` writes from the acting seat's view, without building the view.
//!
//! The Python encoder hashes the view's facts by name (crc32); which bucket each fact lands
//! in is computed once in Python (`koloda.games.spades.vector`) and handed over as a flat
//! table of indices ([`SpadesTables::from_flat`]), so the two cannot drift apart: a fact
//! the table does not cover (an exchange of three cards in the auction, the exchange's
//! own decisions) makes [`encode`] decline, and Python encodes that one.

use crate::core::cards::Cards;
use crate::core::tricks::TrickPlay;
use crate::core::Seat;
use crate::games::spades::{self, Spades};
use crate::vector::{
    add, add_number, add_numbers, clip_from, mark_cards, mark_plays, mark_roles, observer,
    ActionMaps, Flat, PlayOffsets, StandingSlots, SCAN_LIMIT,
};

/// Packed triples of cards (`a << 12 | b << 6 | c`) of an exchange decision.
pub const TRIPLES: usize = 1 << 18;

crate::vector::flat_tables! {
    /// Where each part and each hashed fact of a Spades observation goes (absolute indices
    /// into the tensor; -1: the fact adds nothing there), in the order of the flat list.
    #[derive(Clone, Debug)]
    pub struct SpadesTables from flat {
        pub size: usize,
        pub num_actions: usize,
        pub decisions: usize,
        pub off_plays: PlayOffsets,
        pub off_other: usize,
        pub off_decisions: usize,
        pub off_roles: usize,
        pub standing: StandingSlots<6, 4>,
        /// `picked_up[r]=False` and `=True`.
        pub picked_up: [[i64; 2]; 4],
        /// `bids[r]=…` for the bids -1 (none) ..= 14.
        pub bids: [[i64; 16]; 4],
        pub on_table: [i64; 4],
        pub tricks_won: [i64; 4],
        /// `spades_broken=False` and `=True`.
        pub broken: [i64; 2],
        pub totals: [i64; 2],
        pub bags: [i64; 2],
        /// The cards and the listed decisions (the slots of the exchange's triples follow).
        pub actions: ActionMaps = ActionMaps::read(flat, 64 + decisions)?,
        /// `auction[].seat` (a number: the relative seat of an exchange's decision).
        pub auction_seat: i64,
        /// `auction[].action=discard:?` and `=give:?` (the cards unseen).
        pub hidden: [i64; 2],
        /// `auction[].action=discard:…` and `give:…` of each packed triple (`a<<12|b<<6|c`).
        pub triples: [Vec<i64>; 2] = [
            flat.take(TRIPLES)?.to_vec(),
            flat.take(TRIPLES)?.to_vec(),
        ],
    }
}

impl SpadesTables {
    /// The tables from the flat list `koloda.games.spades.vector.tables` builds.
    pub fn from_flat(flat: &[i64]) -> Option<Self> {
        Flat::whole(flat)
    }
}

/// Writes the observation of the seat to act into `out` (`size` floats, zeroed here) and
/// its legal actions into `mask` (`num_actions` bytes); false (and nothing to rely on in
/// either) when the position holds something only Python encodes.
pub fn encode(game: &Spades, t: &SpadesTables, out: &mut [f32], mask: &mut [u8]) -> bool {
    let Some(seat) = observer(game, out, mask) else {
        return false;
    };
    let phase = game.phase();
    let seat = seat.index();
    let s = seat as usize;
    let rel = |other: u8| ((other + 4 - seat) % 4) as usize;
    // cards: the hand, the plays of the deal, the trick, and the cards passed or received
    mark_cards(out, 0, game.visible_hand(seat));
    mark_plays(out, t.off_plays, game.plays(), game.trick_count(), rel);
    // roles: to_act (0) and dealer (1)
    let holders = [rel(seat), rel(game.dealer())].map(Some);
    mark_roles(out, t.off_roles, 4, &holders);
    // the facts in the order of the view's JSON
    t.standing
        .add_phase_and_deal(out, phase as usize, game.deal_number());
    let hands = game.hands();
    add_numbers(out, &t.standing.hand_sizes, s, |o| {
        hands[o].count_ones() as f64
    });
    for r in 0..4 {
        let picked = game.picked_up()[(s + r) % 4] as usize;
        add(out, t.picked_up[r][picked], 1.0);
    }
    for r in 0..4 {
        let bid = game.bids()[(s + r) % 4];
        let column = bid.map_or(0, |bid| bid.code() as usize + 1);
        add(out, t.bids[r][column], 1.0);
    }
    for (who, action) in game.visible_auction(seat) {
        let code = action as usize;
        if (64..SCAN_LIMIT).contains(&code) && t.actions.index[code] >= 64 {
            let index = t.actions.index[code] as usize - 64;
            out[t.off_decisions + rel(who) * t.decisions + index] = 1.0;
            continue;
        }
        // an exchange's decision: hashed as its seat and its text
        let (kind, packed) = if action >= spades::GIVE_BASE {
            (1, action - spades::GIVE_BASE)
        } else if action >= spades::DISCARD_BASE {
            (0, action - spades::DISCARD_BASE)
        } else {
            return false;
        };
        let bucket = if packed == 0 {
            t.hidden[kind]
        } else {
            *t.triples[kind].get(packed as usize).unwrap_or(&-1)
        };
        if bucket < 0 {
            return false; // a fact only Python knows: the whole position is Python's
        }
        add_number(out, t.auction_seat, rel(who) as f64);
        add(out, bucket, 1.0);
    }
    let sent = if game.sent()[s] != 0 {
        game.sent()[s]
    } else {
        game.pending()[s]
    };
    mark_cards(out, t.off_other, sent | game.received()[s]);
    let pending = game.pending();
    add_numbers(out, &t.on_table, s, |o| pending[o].count_ones() as f64);
    add_numbers(out, &t.tricks_won, s, |o| game.tricks()[o] as f64);
    add(out, t.broken[game.broken() as usize], 1.0);
    add_numbers(out, &t.totals, s % 2, |side| game.totals()[side] as f64);
    add_numbers(out, &t.bags, s % 2, |side| game.bags()[side] as f64);
    clip_from(out, t.off_roles);
    // the mask: cards in the play, the triples of the exchange in the first slots (in
    // increasing code order), the listed decisions in the auction
    if phase == spades::Phase::Discard || phase == spades::Phase::Give {
        let count = game.legal_count() as usize;
        let slots = 64 + t.decisions;
        if slots + count > t.num_actions {
            return false; // more triples than slots: Python says so
        }
        for m in &mut mask[slots..slots + count] {
            *m = 1;
        }
    } else if phase == spades::Phase::Play {
        for card in Cards(game.legal_card_mask()) {
            mask[card as usize] = 1;
        }
    } else {
        let mut legal = Vec::with_capacity(16);
        game.legal_actions(&mut legal);
        return t.actions.mark(mask, &legal);
    }
    true
}

/// The action code of index `index` in `game` now (the caller has checked it is legal):
/// a card, a listed decision, or the `slot`-th triple of the exchange in increasing order.
pub fn spades_code(game: &Spades, t: &SpadesTables, index: usize) -> Option<u32> {
    if index < 64 {
        return Some(index as u32);
    }
    if let Some(&code) = t.actions.code_of.get(index) {
        return (code != u32::MAX).then_some(code);
    }
    let mut slot = index - t.actions.code_of.len();
    let base = match game.phase() {
        spades::Phase::Discard => spades::DISCARD_BASE,
        spades::Phase::Give => spades::GIVE_BASE,
        _ => return None,
    };
    let seat = game.to_act().map_or(0, Seat::at);
    let cards: Vec<u8> = Cards(game.hands()[seat]).collect();
    let n = cards.len();
    for i in 0..n {
        for j in i + 1..n {
            let rest = n - j - 1;
            if slot >= rest {
                slot -= rest;
                continue;
            }
            let k = j + 1 + slot;
            let packed = (cards[i] as u32) << 12 | (cards[j] as u32) << 6 | cards[k] as u32;
            return Some(base + packed);
        }
    }
    None
}

crate::vector::impl_encoder!(
    Spades,
    SpadesTables,
    encode: encode,
    code: spades_code,
    scores: |line| line.sides.iter().map(|side| side.score).collect(),
);

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    use crate::core::rng::Rng;
    use crate::games::spades::SpadesOptions;

    /// Tables with no hashed facts but the auction's (every other bucket -1) and the listed
    /// decisions 64..=79.
    pub(crate) fn tables() -> SpadesTables {
        let mut flat: Vec<i64> = vec![1000, 600, 16, 64, 320, 576, 640, 704];
        flat.extend([-1i64; 6 + 1 + 4 + 8 + 64 + 4 + 4 + 2 + 2 + 2]);
        let mut index = vec![-1i64; SCAN_LIMIT];
        for (code, slot) in index.iter_mut().enumerate().take(80) {
            *slot = code as i64;
        }
        flat.extend(index);
        flat.push(901);
        flat.extend([902, 903]);
        flat.extend(vec![904i64; 2 * TRIPLES]);
        SpadesTables::from_flat(&flat).expect("well-formed tables")
    }

    #[test]
    fn slots_are_the_triples_in_increasing_order() {
        let t = tables();
        let mut rng = Rng::new(5);
        let mut seen = 0;
        for _ in 0..200 {
            let mut game = Spades::new(SpadesOptions::default(), 0);
            game.deal_random(&mut rng);
            while game.in_deal() {
                if game.phase() == spades::Phase::Discard || game.phase() == spades::Phase::Give {
                    let mut legal = Vec::new();
                    game.legal_actions(&mut legal);
                    assert_eq!(legal.len(), game.legal_count() as usize);
                    for (slot, &code) in legal.iter().enumerate() {
                        assert_eq!(spades_code(&game, &t, 80 + slot), Some(code));
                    }
                    assert_eq!(spades_code(&game, &t, 80 + legal.len()), None);
                    seen += 1;
                }
                let action = game.random_action(&mut rng);
                game.step(action, &mut ());
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn the_mask_lists_the_legal_actions() {
        let t = tables();
        let mut rng = Rng::new(9);
        let mut out = vec![0f32; t.size];
        let mut mask = vec![0u8; t.num_actions];
        let mut game = Spades::new(SpadesOptions::default(), 0);
        game.deal_random(&mut rng);
        while game.in_deal() {
            assert!(encode(&game, &t, &mut out, &mut mask));
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            assert_eq!(mask.iter().filter(|&&m| m == 1).count(), legal.len());
            let hand = game.visible_hand(game.to_act().expect("a seat is to act").index());
            for card in 0..64u8 {
                assert_eq!(out[card as usize] == 1.0, hand >> card & 1 == 1);
            }
            let action = game.random_action(&mut rng);
            game.step(action, &mut ());
        }
    }
}
