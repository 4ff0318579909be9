//! Tressette's observation tensor and action mask for the vector environment, as
//! `crate::vector` does for Spades: the floats the Python encoder of `koloda/envs/core.py`
//! writes from the acting seat's `TressetteView`, with the hashed facts' buckets handed
//! over from Python (`koloda.games.tressette.vector.tables`).
//!
//! Besides the cards of the hand, the deal's plays and the trick, the view shows every
//! seat's declarations (T-7..T-11) with their cards (the "other cards" part), and its facts
//! are hashed in the order of the view's JSON: phase, deal, hand sizes, tricks won, the
//! declarations, the points toward the game, the deal's points, the games won (a list of
//! two is read per side, as the encoder reads any list as long as the sides), the totals
//! and whether the group is over.

use crate::core::cards::Cards;
use crate::core::tricks::TrickPlay;
use crate::games::tressette::{Phase, Tressette, GAMES_PER_GROUP};
use crate::vector::{
    add, add_number, add_numbers, clip_from, mark_cards, mark_plays, mark_roles, observer, Flat,
    FromFlat, PlayOffsets, StandingSlots,
};

/// Cards are the first 64 action indices; Tressette has no other decision.
const CARD_ACTIONS: usize = 64;

/// The buckets of one relative seat's declarations (`declarations[r][]`).
#[derive(Clone, Copy, Debug)]
pub struct DeclarationBuckets {
    /// `.seat` (a number: the declarer's relative seat).
    pub seat: i64,
    /// `.kind=baba`, `=long_run`, `=triple` (by the kind codes of `crate::games::tressette`).
    pub kind: [i64; 3],
    /// `.points` (a number).
    pub points: i64,
}

impl FromFlat for DeclarationBuckets {
    fn read(flat: &mut Flat<'_>) -> Option<Self> {
        let [seat, kind @ .., points] = flat.read::<[i64; 5]>()?;
        Some(DeclarationBuckets { seat, kind, points })
    }
}

crate::vector::flat_tables! {
    /// Where each part and each hashed fact of a Tressette observation goes (absolute
    /// indices into the tensor; -1: the fact adds nothing there), in the order of the flat
    /// list.
    #[derive(Clone, Debug)]
    pub struct TressetteTables from flat {
        pub size: usize,
        pub num_actions: usize,
        pub off_plays: PlayOffsets,
        pub off_other: usize,
        pub off_roles: usize,
        /// `phase=between_deals`, `=play` and `=over`, then the deal and the hand sizes.
        pub standing: StandingSlots<3, 4>,
        pub tricks_won: [i64; 4],
        pub declarations: [DeclarationBuckets; 4],
        pub points: [i64; 2],
        pub deal_points: [i64; 2],
        /// Whether a list of that many games (0..=3) is read per side, own side first.
        pub games_by_side: [bool; GAMES_PER_GROUP + 1],
        /// `games[r].winner`, `.value`, `.deal` of relative side `r` (a list read per side).
        pub games_of_side: [[i64; 3]; 2],
        /// `games[].winner`, `.value`, `.deal` (any other list).
        pub games_any: [i64; 3],
        pub totals: [i64; 2],
        /// `finished=False` and `=True`.
        pub finished: [i64; 2],
    }
}

impl TressetteTables {
    /// The tables from the flat list `koloda.games.tressette.vector.tables` builds.
    pub fn from_flat(flat: &[i64]) -> Option<Self> {
        let t: Self = Flat::whole(flat)?;
        // only a list as long as the sides (two) is read per side
        let per_side = (0..=GAMES_PER_GROUP).all(|count| !t.games_by_side[count] || count == 2);
        // every bucket (and flag) indexes the tensor, every part fits in it: the plays and
        // the trick by four seats, the other cards, the five roles by four seats
        let buckets_fit = flat[6..].iter().all(|&index| index < t.size as i64);
        let ends = [
            t.off_plays.played + 4 * 64,
            t.off_plays.trick + 4 * 64,
            t.off_other + 64,
            t.off_roles + 5 * 4,
        ];
        let parts_fit = ends.iter().all(|&end| end <= t.size);
        (per_side && buckets_fit && parts_fit && t.num_actions >= CARD_ACTIONS).then_some(t)
    }
}

/// Writes the observation of the seat to act into `out` (`size` floats, zeroed here) and
/// its legal cards into `mask` (`num_actions` bytes); false (and nothing to rely on in
/// either) when no seat is to act in a deal, the one position Python encodes.
pub fn encode(game: &Tressette, t: &TressetteTables, out: &mut [f32], mask: &mut [u8]) -> bool {
    let Some(seat) = observer(game, out, mask) else {
        return false;
    };
    let seat = seat.index();
    let s = seat as usize;
    let rel = |other: u8| ((other + 4 - seat) & 3) as usize;
    let own = s & 1; // the sides are seats 0, 2 and 1, 3
                     // cards: the hand, the plays of the deal and the trick
    mark_cards(out, 0, game.hands()[s].bits());
    mark_plays(out, t.off_plays, game.plays(), game.trick_count(), rel);
    // roles: to_act (0), dealer (1), leader (2)
    let holders = [rel(seat), rel(game.dealer()), rel(game.leader())].map(Some);
    mark_roles(out, t.off_roles, 4, &holders);
    // the facts in the order of the view's JSON
    t.standing
        .add_phase_and_deal(out, game.phase() as usize, game.deal_number());
    let hands = game.hands();
    add_numbers(out, &t.standing.hand_sizes, s, |o| hands[o].len() as f64);
    add_numbers(out, &t.tricks_won, s, |o| game.tricks()[o] as f64);
    for (r, buckets) in t.declarations.iter().enumerate() {
        for declaration in game.declarations()[(s + r) & 3].as_slice() {
            let Some(&kind) = buckets.kind.get(declaration.kind as usize) else {
                return false;
            };
            add_number(out, buckets.seat, r as f64);
            add(out, kind, 1.0);
            mark_cards(out, t.off_other, declaration.cards);
            add_number(out, buckets.points, declaration.points as f64);
        }
    }
    add_numbers(out, &t.points, own, |side| game.points()[side] as f64);
    add_numbers(out, &t.deal_points, own, |side| {
        game.deal_points()[side] as f64
    });
    let games = game.games();
    let won = |buckets: &[i64; 3], index: usize, out: &mut [f32]| {
        let g = games[index];
        add_number(out, buckets[0], g.winner as f64);
        add_number(out, buckets[1], g.value as f64);
        add_number(out, buckets[2], g.deal as f64);
    };
    if t.games_by_side[games.len()] {
        for (r, buckets) in t.games_of_side.iter().enumerate() {
            won(buckets, (own + r) & 1, out);
        }
    } else {
        for index in 0..games.len() {
            won(&t.games_any, index, out);
        }
    }
    add_numbers(out, &t.totals, own, |side| game.totals()[side] as f64);
    add(
        out,
        t.finished[usize::from(game.phase() == Phase::Over)],
        1.0,
    );
    clip_from(out, t.off_roles);
    for card in Cards(game.legal_card_mask()) {
        mask[card as usize] = 1;
    }
    true
}

/// The action code at `index`: a card (Tressette's only decision), or None.
pub fn tressette_code(t: &TressetteTables, index: usize) -> Option<u32> {
    (index < CARD_ACTIONS.min(t.num_actions)).then_some(index as u32)
}

crate::vector::impl_encoder!(
    Tressette,
    TressetteTables,
    encode: encode,
    code: |_, t, index| tressette_code(t, index),
    scores: |line| line.scores.to_vec(),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::core::Seat;
    use crate::games::tressette::{TressetteOptions, WonGame, LONG_RUN, TRIPLE};
    use crate::vector::squash;

    const SIZE: usize = 916;
    const OFF_OTHER: usize = 576;
    const OFF_ROLES: usize = 640;

    /// The flat tables of the real layout (four seats, cards alone), every fact in a bucket
    /// of its own from 660 on, in the order `from_flat` reads them.
    fn flat() -> Vec<i64> {
        let mut flat: Vec<i64> = vec![SIZE as i64, 576, 64, 320, OFF_OTHER as i64, 640];
        let mut bucket = 660i64;
        let mut buckets = |count: usize, flat: &mut Vec<i64>| {
            flat.extend(bucket..bucket + count as i64);
            bucket += count as i64;
        };
        buckets(3 + 1 + 4 + 4 + 4 * 5 + 2 + 2, &mut flat);
        flat.extend([0, 0, 1, 0]); // two games are read per side
        buckets(3 + 3 + 3 + 2 + 2, &mut flat);
        flat
    }

    fn tables() -> TressetteTables {
        TressetteTables::from_flat(&flat()).expect("well-formed tables")
    }

    fn encoded(game: &Tressette, t: &TressetteTables) -> (Vec<f32>, Vec<u8>) {
        let mut out = vec![0f32; t.size];
        let mut mask = vec![0u8; t.num_actions];
        assert!(encode(game, t, &mut out, &mut mask));
        (out, mask)
    }

    fn set_of(part: &[f32]) -> u64 {
        part.iter()
            .enumerate()
            .filter(|(_, &x)| x == 1.0)
            .fold(0, |set, (card, _)| set | 1u64 << card)
    }

    #[test]
    fn malformed_tables_are_refused() {
        let good = flat();
        assert!(TressetteTables::from_flat(&good[..good.len() - 1]).is_none());
        let mut longer = good.clone();
        longer.push(700);
        assert!(TressetteTables::from_flat(&longer).is_none());
        let flags = 6 + 3 + 1 + 4 + 4 + 20 + 2 + 2;
        let mut per_side_three = good.clone();
        per_side_three[flags + 3] = 1; // only a list of two games is as long as the sides
        assert!(TressetteTables::from_flat(&per_side_three).is_none());
        let mut outside = good;
        outside[6] = SIZE as i64;
        assert!(TressetteTables::from_flat(&outside).is_none());
    }

    #[test]
    fn whole_groups_encode_every_decision() {
        let t = tables();
        let mut rng = Rng::new(3);
        for variant in 0..4u8 {
            let options = TressetteOptions::varied(variant != 3, variant >= 2, variant == 1);
            let mut game = Tressette::new(options, variant);
            game.deal_random(&mut rng, &mut ());
            loop {
                let seat = game.to_act().expect("a seat is to play").at();
                let (out, mask) = encoded(&game, &t);
                assert_eq!(set_of(&out[..64]), game.hands()[seat].bits());
                let legal = game.legal_card_mask();
                assert_eq!(
                    set_of(&mask.iter().map(|&m| m as f32).collect::<Vec<_>>()),
                    legal
                );
                for card in Cards(legal) {
                    assert_eq!(tressette_code(&t, card as usize), Some(card as u32));
                }
                let declared = game
                    .declarations()
                    .iter()
                    .flat_map(|d| d.as_slice().iter())
                    .fold(0, |set, d| set | d.cards);
                assert_eq!(set_of(&out[OFF_OTHER..OFF_OTHER + 64]), declared);
                let roles = &out[OFF_ROLES..OFF_ROLES + 20];
                assert_eq!(roles[0], 1.0); // the observer acts
                let dealer = (game.dealer() as usize + 4 - seat) % 4;
                assert_eq!(roles[4 + dealer], 1.0);
                assert_eq!(roles.iter().sum::<f32>(), 3.0);
                assert_eq!(out[t.standing.phase[1] as usize], 1.0);
                assert_eq!(out[t.finished[0] as usize], 1.0);
                let size = game.hands()[seat].len() as f64;
                assert_eq!(out[t.standing.hand_sizes[0] as usize], squash(size) as f32);
                let action = game.random_action(&mut rng);
                if game.step(action, &mut ()) {
                    assert!(!encode(&game, &t, &mut vec![0.0; SIZE], &mut [0; 576]));
                    game.deal_random(&mut rng, &mut ());
                } else if game.is_over() {
                    break;
                }
            }
        }
        assert_eq!(tressette_code(&t, 64), None);
    }

    /// The cards of `suit` in the 40-card deck.
    fn suit_cards(suit: u8) -> u64 {
        crate::games::tressette::DECK_40 & crate::core::cards::suit_mask(suit)
    }

    #[test]
    fn declarations_are_facts_of_relative_seats() {
        let t = tables();
        let mut game = Tressette::new(TressetteOptions::default(), 3);
        let hearts = suit_cards(1);
        let sevens: u64 = 1 << 5 | 1 << (32 | 5) | 1 << (48 | 5);
        let mut others = Cards(crate::games::tressette::DECK_40 & !hearts & !sevens);
        let mut hands = [[0u8; 10]; 4];
        let fill = |hand: &mut [u8; 10], cards: &mut dyn Iterator<Item = u8>| {
            for (slot, card) in hand.iter_mut().zip(cards) {
                *slot = card;
            }
        };
        fill(&mut hands[0], &mut Cards(hearts)); // a long run (T-9)
        fill(&mut hands[1], &mut others);
        fill(&mut hands[2], &mut Cards(sevens).chain(&mut others)); // three sevens (T-10)
        fill(&mut hands[3], &mut others);
        game.deal(&hands, &mut ());
        assert_eq!(game.to_act(), Some(Seat::new(0)));
        let (out, _) = encoded(&game, &t);
        let run = &t.declarations[0];
        assert_eq!(out[run.kind[LONG_RUN as usize] as usize], 1.0);
        assert_eq!(out[run.points as usize], squash(16.0) as f32);
        assert_eq!(out[run.seat as usize], 0.0); // the observer's own: relative seat 0
        let partner = &t.declarations[2];
        assert!(out[partner.kind[TRIPLE as usize] as usize] >= 1.0);
        assert!(out[partner.seat as usize] > 0.0); // the partner: relative seat 2
        let shown = game.declarations()[0].items[0].cards; // 3 2 A K Q J 7 of hearts
        assert_eq!(shown.count_ones(), 7);
        assert_eq!(set_of(&out[OFF_OTHER..OFF_OTHER + 64]) & hearts, shown);
    }

    #[test]
    fn two_games_are_read_per_side_and_others_in_order() {
        let t = tables();
        let mut rng = Rng::new(1);
        let mut game = Tressette::new(TressetteOptions::default(), 0);
        game.deal_random(&mut rng, &mut ());
        assert_eq!(game.to_act(), Some(Seat::new(1))); // side 1 observes: its game comes first
        let games = [
            WonGame {
                winner: 0,
                value: 42,
                deal: 1,
            },
            WonGame {
                winner: 1,
                value: 21,
                deal: 3,
            },
        ];
        game.set_games(&games);
        let (out, _) = encoded(&game, &t);
        let at = |bucket: i64| out[bucket as usize];
        let [own, other] = t.games_of_side;
        assert_eq!(
            [at(own[0]), at(own[1]), at(own[2])],
            [1.0, 21.0, 3.0].map(|x| squash(x) as f32)
        );
        assert_eq!(
            [at(other[0]), at(other[1]), at(other[2])],
            [0.0, 42.0, 1.0].map(|x| squash(x) as f32)
        );
        assert!(t.games_any.iter().all(|&b| at(b) == 0.0));
        game.set_games(&games[..1]);
        let (out, _) = encoded(&game, &t);
        let any: Vec<f32> = t.games_any.iter().map(|&b| out[b as usize]).collect();
        assert_eq!(any, [0.0, 42.0, 1.0].map(|x| squash(x) as f32));
    }
}
