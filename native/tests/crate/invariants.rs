//! Property tests of every game's invariants over random games (seeds and options drawn by
//! `proptest`): the cards are all somewhere and nowhere twice, what the rules call legal
//! they accept (and `is_legal` agrees with `check` on any action), an illegal action
//! changes nothing, and the scores of a deal sum as the rules say.

use koloda_native::core::rng::Rng;
use koloda_native::core::tricks::TrickPlay;
use koloda_native::games::hundred_one::{self, HundredOne, HundredOneOptions};
use koloda_native::games::king::{self, King, KingOptions, OrderScope, Variant};
use koloda_native::games::spades::{self, BothNilFailure, Spades, SpadesBrokenBy, SpadesOptions};
use koloda_native::games::tressette::{self, CardPoints, LongRun, Tressette, TressetteOptions};
use koloda_native::games::DealtGame;
use proptest::prelude::*;

/// Decisions a random game is followed for at the most (the checks run after each).
const DECISIONS: usize = 400;

/// Codes tried besides the legal ones: every card, then random ones below this bound.
const CODES: i64 = 4096;

/// What holds of any game after any decision: `is_legal` and `check` agree on the action
/// codes tried (every card code, a few random ones and the random legal action), the
/// random action is legal, and an illegal action is refused without changing the game.
fn legality_agrees<G: DealtGame + std::fmt::Debug>(game: &G, action: u32, rng: &mut Rng) {
    let mut codes: Vec<i64> = (-1..64).collect();
    codes.extend((0..8).map(|_| i64::from(rng.below(CODES as u32))));
    codes.push(i64::from(action));
    for code in codes {
        assert_eq!(game.is_legal(code), game.check(code).is_ok(), "code {code}");
    }
    assert!(
        game.is_legal(i64::from(action)),
        "random action {action} is legal"
    );
    let illegal = (64..CODES).chain(0..64).find(|&code| !game.is_legal(code));
    if let Some(code) = illegal {
        let mut copy = game.clone();
        let before = format!("{copy:?}");
        assert!(copy.apply(code, &mut Vec::new()).is_err());
        assert_eq!(
            format!("{copy:?}"),
            before,
            "illegal {code} changed the game"
        );
    }
}

/// Plays `game` with random decisions from `seed`, dealing when due, for a few deals;
/// `check` runs after every decision.
fn play<G: DealtGame + std::fmt::Debug>(mut game: G, seed: u64, mut check: impl FnMut(&G)) {
    let mut rng = Rng::new(seed);
    game.deal_random(&mut rng);
    check(&game);
    for _ in 0..DECISIONS {
        if game.is_over() {
            break;
        }
        let action = game.random_action(&mut rng);
        legality_agrees(&game, action, &mut rng);
        if game.step_unchecked(action) {
            game.deal_random(&mut rng);
        }
        check(&game);
    }
}

fn king_options() -> impl Strategy<Value = KingOptions> {
    (0..2u8, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(variant, forced, stop, shared)| KingOptions {
            variant: if variant == 0 {
                Variant::Classic
            } else {
                Variant::Order
            },
            king_forced_on_heart_lead: forced,
            stop_when_decided: stop,
            order_scope: if shared {
                OrderScope::Shared
            } else {
                OrderScope::PerPlayer
            },
            ..KingOptions::default()
        },
    )
}

fn spades_options() -> impl Strategy<Value = SpadesOptions> {
    (any::<[bool; 5]>(), 0..3u32).prop_map(|(flags, deals)| SpadesOptions {
        double_nil: flags[0],
        nil_exchange: flags[1],
        bags_penalty: flags[2],
        both_nil_failure: if flags[3] {
            BothNilFailure::LoseScore
        } else {
            BothNilFailure::Minus200
        },
        spades_broken_by: if flags[4] {
            SpadesBrokenBy::AnySpade
        } else {
            SpadesBrokenBy::Discard
        },
        max_deals: deals * 2,
        ..SpadesOptions::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn king_keeps_its_cards_and_scores(options in king_options(), seed in any::<u64>()) {
        // rule: K-10, K-20, K-22
        play(King::new(options, (seed % 4) as u8), seed, |game| {
            let n = game.n() as usize;
            let held: Vec<u64> = game.hands()[..n].to_vec();
            let mut all = 0u64;
            for hand in &held {
                assert_eq!(all & hand, 0, "a card in two hands");
                all |= hand;
            }
            if game.phase() == king::Phase::Play {
                let played = game.plays();
                for &play in played {
                    let card = 1u64 << (play & 63);
                    assert_eq!(all & card, 0, "a played card still held");
                    all |= card;
                }
                let dealt = n * game.table().hand_size() as usize;
                assert_eq!(all.count_ones() as usize, dealt, "cards lost or made");
            }
            for line in game.sheet().iter() {
                let sum: i64 = line.scores[..n].iter().sum();
                let expected = match line.contract {
                    king::POSITIVE => 24,
                    king::ERELASH => -96,
                    _ => -16,
                };
                assert_eq!(sum, expected, "deal {} ({})", line.deal, line.contract);
            }
        });
    }

    #[test]
    fn spades_keeps_its_cards_and_scores(options in spades_options(), seed in any::<u64>()) {
        // rule: S-10, S-13
        play(Spades::new(options, (seed % 4) as u8), seed, |game| {
            if game.phase() == spades::Phase::Play {
                let mut all = 0u64;
                for hand in game.hands() {
                    assert_eq!(all & hand, 0, "a card in two hands");
                    all |= hand;
                }
                for &play in game.plays() {
                    let card = 1u64 << (play & 63);
                    assert_eq!(all & card, 0, "a played card still held");
                    all |= card;
                }
                assert_eq!(all.count_ones(), 52, "cards lost or made");
            }
            let mut totals = [0i64; 2];
            for line in game.sheet().iter() {
                assert_eq!(line.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 13);
                for (side, total) in totals.iter_mut().enumerate() {
                    *total += line.sides[side].score;
                }
                assert_eq!(line.totals, totals, "deal {}: the running totals", line.deal);
            }
        });
    }

    #[test]
    fn tressette_keeps_its_cards_and_scores(flags in any::<[bool; 3]>(), seed in any::<u64>()) {
        // rule: T-12, T-13, T-14
        let options = TressetteOptions {
            hearts_special: flags[0],
            card_points: if flags[1] { CardPoints::Pooled } else { CardPoints::PerTrick },
            long_run: if flags[2] { LongRun::Ten } else { LongRun::Seven },
        };
        play(Tressette::new(options, (seed % 4) as u8), seed, |game| {
            if game.phase() == tressette::Phase::Play {
                let mut all = 0u64;
                for hand in game.hands() {
                    assert_eq!(all & hand.bits(), 0, "a card in two hands");
                    all |= hand.bits();
                }
                for &play in game.plays() {
                    let card = 1u64 << (play & 63);
                    assert_eq!(all & card, 0, "a played card still held");
                    all |= card;
                }
                assert_eq!(all.count_ones(), 40, "cards lost or made");
            }
            for line in game.sheet().iter() {
                assert_eq!(line.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 10);
                for side in 0..2 {
                    let parts = line.declared[side] + line.card_points[side] + line.bonuses[side];
                    assert_eq!(line.scores[side], parts, "deal {}: side {side}", line.deal);
                }
            }
        });
    }

    #[test]
    fn hundred_one_keeps_its_cards(players in 2..5u8, seed in any::<u64>()) {
        // rule: H-1, H-11
        let options = HundredOneOptions { players, ..HundredOneOptions::default() };
        let mut game = HundredOne::new(options, (seed % u64::from(players)) as u8);
        let mut rng = Rng::new(seed);
        let mut chance = Rng::new(seed ^ 1);
        game.deal_cards(&hundred_one::deck_cards(), &mut ());
        for _ in 0..DECISIONS {
            if game.is_over() {
                break;
            }
            if game.in_deal() {
                let held: u32 = game.hands()[..players as usize].iter().map(|h| h.count_ones()).sum();
                let total = held + game.stock().len() as u32 + game.pile().len() as u32;
                prop_assert_eq!(total, 36, "cards lost or made");
                let mut legal = [0u32; 40];
                let count = game.legal_actions(&mut legal);
                for &action in &legal[..count] {
                    prop_assert!(game.check(i64::from(action)).is_ok());
                }
                for code in -1..200i64 {
                    prop_assert_eq!(game.is_legal(code), game.check(code).is_ok());
                }
            }
            let action = game.random_action(&mut rng);
            // the step deals the next hand and reshuffles the pile from `chance`
            prop_assert!(game.step(action, &mut (), &mut chance).is_ok());
        }
    }
}
