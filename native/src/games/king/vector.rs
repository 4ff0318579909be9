//! King's observation tensor and action mask for the vector environment, as
//! `crate::vector` does for Spades: the floats of the Python encoder of
//! `koloda/envs/core.py`, with the hashed facts' buckets handed over from Python
//! (`koloda.games.king.vector.tables`).

use crate::core::cards::Cards;
use crate::core::tricks::TrickPlay;
use crate::games::king::{self, King};
use crate::vector::{
    add, add_numbers, clip_from, mark_plays, mark_roles, observer, ActionMaps, Flat, PlayOffsets,
    StandingSlots,
};

/// Contracts a table lists (`CONTRACT_KEYS` of `koloda/games/king/actions.py`, with room).
pub const CONTRACTS: usize = 16;

crate::vector::flat_tables! {
    /// Where each part and each hashed fact of a King observation goes (absolute indices;
    /// -1: nothing), in the order of the flat list.
    #[derive(Clone, Debug)]
    pub struct KingTables from flat {
        pub size: usize,
        pub num_actions: usize,
        pub num_seats: usize,
        pub off_plays: PlayOffsets,
        pub off_roles: usize,
        pub standing: StandingSlots<5, 4>,
        /// `contract=None`, then each contract's key.
        pub contract: [i64; CONTRACTS + 1],
        /// `trump=None`, then each suit.
        pub trump: [i64; 5],
        /// `by_last=False` and `=True`.
        pub by_last: [i64; 2],
        pub tricks_won: [i64; 4],
        pub totals: [i64; 4],
        pub actions: ActionMaps = ActionMaps::read(flat, num_actions)?,
    }
}

impl KingTables {
    /// The tables from the flat list `koloda.games.king.vector.tables` builds.
    pub fn from_flat(flat: &[i64]) -> Option<Self> {
        Flat::whole::<Self>(flat).filter(|t| t.num_seats <= 4)
    }
}

/// Writes the observation of the seat to act and its legal actions (see
/// `crate::games::spades::vector::encode`); false when Python must encode the position.
pub fn encode(game: &King, t: &KingTables, out: &mut [f32], mask: &mut [u8]) -> bool {
    let n = game.n() as usize;
    let Some(seat) = observer(game, out, mask).filter(|_| n == t.num_seats) else {
        return false;
    };
    let seat = seat.index();
    let s = seat as usize;
    let rel = |other: u8| (other as usize + n - s) % n;
    for &card in game.visible_dealt(seat) {
        if game.hands()[s] >> card & 1 == 1 {
            out[card as usize] = 1.0;
        }
    }
    mark_plays(out, t.off_plays, game.plays(), game.trick_count(), rel);
    // roles: to_act (0), dealer (1), declarer (3)
    let caller = game.caller().map(|caller| rel(caller.index()));
    let holders = [Some(rel(seat)), Some(rel(game.dealer())), None, caller];
    mark_roles(out, t.off_roles, n, &holders);
    // the facts in the order of the view's JSON
    t.standing
        .add_phase_and_deal(out, game.phase() as usize, game.deal_number());
    let contract = game.contract().map_or(0, |contract| contract as usize + 1);
    if contract > CONTRACTS || t.contract[contract] < 0 {
        return false;
    }
    add(out, t.contract[contract], 1.0);
    let trump = game.trump().map_or(0, |suit| suit.index() as usize + 1);
    add(out, t.trump[trump.min(4)], 1.0);
    add(out, t.by_last[game.by_last() as usize], 1.0);
    let hands = game.hands();
    add_numbers(out, &t.standing.hand_sizes[..n], s, |o| {
        hands[o].count_ones() as f64
    });
    add_numbers(out, &t.tricks_won[..n], s, |o| game.tricks()[o] as f64);
    add_numbers(out, &t.totals[..n], s, |o| game.totals()[o] as f64);
    clip_from(out, t.off_roles);
    if game.phase() != king::Phase::Play {
        let mut legal = Vec::with_capacity(16);
        game.legal_actions(&mut legal);
        return t.actions.mark(mask, &legal);
    }
    for card in Cards(game.legal_card_mask()) {
        mask[card as usize] = 1;
    }
    true
}

crate::vector::impl_encoder!(
    King,
    KingTables,
    encode: encode,
    scores: |line| line.scores.to_vec(),
);
