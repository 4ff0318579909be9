//! King's observation tensor and action mask for the vector environment, as
//! `crate::vector` does for Spades: the floats of the Python encoder of
//! `koloda/envs/core.py`, with the hashed facts' buckets handed over from Python
//! (`koloda.games.king.vector.tables`).

use crate::core::cards::Cards;
use crate::games::king::{self, King};
use crate::vector::{add, add_number, clip_from, mark_plays, Encoder, Flat, SCAN_LIMIT};

/// Contracts a table lists (`CONTRACT_KEYS` of `koloda/games/king/actions.py`, with room).
pub const CONTRACTS: usize = 16;

/// Where each part and each hashed fact of a King observation goes (absolute indices; -1:
/// nothing).
#[derive(Clone, Debug)]
pub struct KingTables {
    pub size: usize,
    pub num_actions: usize,
    pub num_seats: usize,
    pub off_played: usize,
    pub off_trick: usize,
    pub off_roles: usize,
    pub phase: [i64; 5],
    pub deal: i64,
    pub hand_sizes: [i64; 4],
    /// `contract=None`, then each contract's key.
    pub contract: [i64; CONTRACTS + 1],
    /// `trump=None`, then each suit.
    pub trump: [i64; 5],
    /// `by_last=False` and `=True`.
    pub by_last: [i64; 2],
    pub tricks_won: [i64; 4],
    pub totals: [i64; 4],
    pub action_index: Vec<i64>,
    pub code_of: Vec<u32>,
}

impl KingTables {
    /// The tables from the flat list `koloda.games.king.vector.tables` builds.
    pub fn from_flat(flat: &[i64]) -> Option<Self> {
        let mut flat = Flat::new(flat);
        let head: [usize; 6] = flat.sizes()?;
        let phase = flat.array()?;
        let deal = flat.one()?;
        let hand_sizes = flat.array()?;
        let contract = flat.array()?;
        let trump = flat.array()?;
        let by_last = flat.array()?;
        let tricks_won = flat.array()?;
        let totals = flat.array()?;
        let (action_index, code_of) = flat.action_maps(head[1])?;
        if !flat.done() || head[2] > 4 {
            return None;
        }
        Some(KingTables {
            size: head[0],
            num_actions: head[1],
            num_seats: head[2],
            off_played: head[3],
            off_trick: head[4],
            off_roles: head[5],
            phase,
            deal,
            hand_sizes,
            contract,
            trump,
            by_last,
            tricks_won,
            totals,
            action_index,
            code_of,
        })
    }
}

/// Writes the observation of the seat to act and its legal actions (see
/// `crate::games::spades::vector::encode_spades`); false when Python must encode the position.
pub fn encode_king(game: &King, t: &KingTables, out: &mut [f32], mask: &mut [u8]) -> bool {
    let n = game.n() as usize;
    let Some(seat) = game.to_act().filter(|_| game.in_deal() && n == t.num_seats) else {
        return false;
    };
    let seat = seat.index();
    let s = seat as usize;
    let rel = |other: u8| (other as usize + n - s) % n;
    out.fill(0.0);
    mask.fill(0);
    for &card in game.visible_dealt(seat) {
        if game.hands()[s] >> card & 1 == 1 {
            out[card as usize] = 1.0;
        }
    }
    mark_plays(
        out,
        (t.off_played, t.off_trick),
        game.plays(),
        game.trick_count() as usize,
        rel,
    );
    // roles: to_act (0), dealer (1), declarer (3)
    out[t.off_roles + rel(seat)] = 1.0;
    out[t.off_roles + n + rel(game.dealer())] = 1.0;
    if let Some(caller) = game.caller() {
        out[t.off_roles + 3 * n + rel(caller.index())] = 1.0;
    }
    // the facts in the order of the view's JSON
    add(out, t.phase[game.phase() as usize], 1.0);
    add_number(out, t.deal, game.deal_number() as f64);
    let contract = game.contract().map_or(0, |contract| contract as usize + 1);
    if contract > CONTRACTS || t.contract[contract] < 0 {
        return false;
    }
    add(out, t.contract[contract], 1.0);
    let trump = game.trump().map_or(0, |suit| suit.index() as usize + 1);
    add(out, t.trump[trump.min(4)], 1.0);
    add(out, t.by_last[game.by_last() as usize], 1.0);
    for r in 0..n {
        let size = game.hands()[(s + r) % n].count_ones();
        add_number(out, t.hand_sizes[r], size as f64);
    }
    for r in 0..n {
        add_number(out, t.tricks_won[r], game.tricks()[(s + r) % n] as f64);
    }
    for r in 0..n {
        add_number(out, t.totals[r], game.totals()[(s + r) % n] as f64);
    }
    clip_from(out, t.off_roles);
    if game.phase() == king::Phase::Play {
        for card in Cards(game.legal_card_mask()) {
            mask[card as usize] = 1;
        }
    } else {
        let mut legal = Vec::with_capacity(16);
        game.legal_actions(&mut legal);
        for action in legal {
            let code = action as usize;
            let index = if code < SCAN_LIMIT {
                t.action_index[code]
            } else {
                -1
            };
            if index < 0 {
                return false;
            }
            mask[index as usize] = 1;
        }
    }
    true
}

/// The action code at `index` (a card or a listed decision; King has no slots).
pub fn king_code(t: &KingTables, index: usize) -> Option<u32> {
    t.code_of.get(index).copied().filter(|&c| c != u32::MAX)
}

impl Encoder for King {
    type Tables = KingTables;
    fn action_code(&self, tables: &KingTables, index: usize) -> Option<u32> {
        king_code(tables, index)
    }
    fn encode(&self, tables: &KingTables, out: &mut [f32], mask: &mut [u8]) -> bool {
        encode_king(self, tables, out, mask)
    }
    fn last_deal_scores(&self) -> Option<Vec<i64>> {
        let line = self.sheet().last()?;
        Some(line.scores.to_vec())
    }
}
