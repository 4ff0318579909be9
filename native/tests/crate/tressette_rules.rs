//! Tressette's rules as scenarios on the crate alone, checked against
//! `docs/rules/tressette.md` (each test names its rules): what an initial hand declares and
//! what each combination is worth, which heart takes a trick, and the bonuses for tricks.

use crate::common::card;
use koloda_native::core::rng::Rng;
use koloda_native::core::tricks::TrickPlay;
use koloda_native::games::tressette::{
    declarations_of, CardPoints, LongRun, Tressette, TressetteEvent, TressetteOptions, BABA,
    LONG_RUN, TRIPLE,
};
use serde_json::Value;

fn set(text: &str) -> u64 {
    text.split_whitespace()
        .fold(0, |set, c| set | 1u64 << card(c))
}

/// Each declaration of the hand: its kind, its cards, its points.
fn declared(hand: &str, options: &TressetteOptions) -> Vec<(u8, u64, u8)> {
    let found = declarations_of(set(hand), options);
    found
        .as_slice()
        .iter()
        .map(|d| (d.kind, d.cards, d.points))
        .collect()
}

fn standard() -> TressetteOptions {
    TressetteOptions::default()
}

#[test]
fn a_baba_scores_three_and_five_in_hearts() {
    // rule: T-7 T-6
    let plain = declared("3S 2S AS QS 7D 6D 5C 4C 7H 6H", &standard());
    assert_eq!(plain, [(BABA, set("3S 2S AS"), 3)]);
    let hearts = "3H 2H AH 7S 6S 5D 4D 4C 5C 6C";
    assert_eq!(declared(hearts, &standard())[0].2, 5);
    let off = TressetteOptions {
        hearts_special: false,
        ..standard()
    };
    assert_eq!(declared(hearts, &off)[0].2, 3);
}

#[test]
fn face_cards_continuing_the_run_add_one_each() {
    // rule: T-8
    assert_eq!(
        declared("3D 2D AD QD JD 7S 6S 5C 4C 4H", &standard())[0].2,
        3
    ); // no K
    assert_eq!(
        declared("3C 2C AC KC QC JC 6S 5S 4D 4H", &standard())[0].2,
        6
    );
    assert_eq!(
        declared("3H 2H AH KH QH JH 6S 5S 4D 4C", &standard())[0].2,
        8
    );
}

#[test]
fn a_long_run_is_a_flat_sixteen_under_either_option() {
    // rule: T-9
    let seven = "3S 2S AS KS QS JS 7S 5D 4D 4C";
    assert_eq!(
        declared(seven, &standard()),
        [(LONG_RUN, set("3S 2S AS KS QS JS 7S"), 16)]
    );
    let ten = TressetteOptions {
        long_run: LongRun::Ten,
        ..standard()
    };
    assert_eq!(declared(seven, &ten), [(BABA, set("3S 2S AS KS QS JS"), 6)]);
    // the whole suit: a flat 16 under both (not 5 + …), showing seven cards or all ten
    let whole = "3H 2H AH KH QH JH 7H 6H 5H 4H";
    let shown = [(standard(), "3H 2H AH KH QH JH 7H"), (ten, whole)];
    for (options, cards) in shown {
        assert_eq!(declared(whole, &options), [(LONG_RUN, set(cards), 16)]);
    }
    let eight = declared("3D 2D AD KD QD JD 7D 6D 4C 4H", &standard());
    assert_eq!(eight, [(LONG_RUN, set("3D 2D AD KD QD JD 7D"), 16)]);
}

#[test]
fn triples_score_by_rank_and_four_count_as_three() {
    // rule: T-10
    let sevens = declared("7S 7H 7D 6C 5C 4C 6S 5S 4D QH", &standard());
    assert_eq!(sevens, [(TRIPLE, set("7S 7H 7D"), 4)]);
    for (hand, points) in [
        ("3S 3H 3D 6C 5C 4C 6S 5S 4D QH", 3),
        ("2S 2H 2C 6C 5C 4C 6S 5S 4D QH", 3),
        ("AS AH AC 6C 5C 4C 6S 5S 4D QH", 3),
        ("KS KH KC 6C 5C 4C 6S 5S 4D QH", 1),
        ("7S 7H 7D 7C 6C 5C 4C 6S 5S 4D", 4),
    ] {
        assert_eq!(declared(hand, &standard())[0].2, points, "{hand}");
    }
    let four = declared("QS QH QD QC 6C 5C 4C 6S 5S 4D", &standard());
    assert_eq!(four, [(TRIPLE, set("QS QH QD QC"), 1)]);
}

#[test]
fn a_baba_and_a_triple_sharing_a_card_both_score() {
    // rule: T-11
    let shared = declared("3S 2S AS 3D 3C 7H 6H 5D 4D 4C", &standard());
    assert_eq!(
        shared,
        [(BABA, set("3S 2S AS"), 3), (TRIPLE, set("3S 3D 3C"), 3)]
    );
    let big = declarations_of(set("3H 2H AH KH 3S 3D AS AD 6C 5C"), &standard());
    assert_eq!(big.points(), 12); // hearts Баба with K (5 + 1), three 3s, three aces
}

/// A first deal (dealt by seat 3, so seat 0 leads) of these hands.
fn dealt(hands: [&str; 4], options: TressetteOptions) -> Tressette {
    let mut codes = [[0u8; 10]; 4];
    for (hand, text) in codes.iter_mut().zip(hands) {
        for (slot, word) in hand.iter_mut().zip(text.split_whitespace()) {
            *slot = card(word);
        }
    }
    let mut game = Tressette::new(options, 3);
    game.deal(&codes, &mut ());
    game
}

/// Plays a trick's cards and says who took it.
fn trick(game: &mut Tressette, text: &str) -> usize {
    for word in text.split_whitespace() {
        let done = game.apply(i64::from(card(word)), &mut Vec::new());
        assert!(done.is_ok(), "{word}: {:?}", done.err());
    }
    game.trick_leader().expect("the taker leads").at()
}

/// A whole group of random play from `seed`, first dealt by `first_dealer`, with its events.
fn random_group(
    options: TressetteOptions,
    first_dealer: u8,
    seed: u64,
) -> (Tressette, Vec<TressetteEvent>) {
    let mut game = Tressette::new(options, first_dealer);
    let mut rng = Rng::new(seed);
    let mut events = Vec::new();
    while !game.is_over() {
        game.deal_random(&mut rng, &mut events);
        while game.in_deal() {
            game.apply(i64::from(game.random_action(&mut rng)), &mut events)
                .expect("a legal card");
        }
    }
    (game, events)
}

const ONE_SUIT_EACH: [&str; 4] = [
    "3S 2S AS KS QS JS 7S 6S 5S 4S",
    "3H 2H AH KH QH JH 7H 6H 5H 4H",
    "3D 2D AD KD QD JD 7D 6D 5D 4D",
    "3C 2C AC KC QC JC 7C 6C 5C 4C",
];

#[test]
fn a_heart_above_the_six_takes_a_trick_of_another_suit() {
    // rule: T-6 T-5
    let mut game = dealt(ONE_SUIT_EACH, standard());
    assert_eq!(trick(&mut game, "4S 4H 4D 4C"), 0); // the small hearts are no trumps
    assert_eq!(trick(&mut game, "5S 7H 5D 5C"), 1); // the seven of hearts is
    let plain = TressetteOptions {
        hearts_special: false,
        ..standard()
    };
    let mut game = dealt(ONE_SUIT_EACH, plain);
    assert_eq!(trick(&mut game, "4S 3H 4D 4C"), 0); // hearts as any suit
}

#[test]
fn nine_tricks_of_ones_own_and_all_ten_for_the_side_score_extra() {
    // rule: T-13 T-14 T-6
    let hands = [
        "3H 2H AH KH QH JH 7H 3S 2S AS",
        "KS QS JS 7S 6S 5S 4S 6H 5H 4H",
        ONE_SUIT_EACH[2],
        ONE_SUIT_EACH[3],
    ];
    let mut game = dealt(hands, standard());
    for spades in ["3S KS 3D 3C", "2S QS 2D 2C", "AS JS AD AC"] {
        assert_eq!(trick(&mut game, spades), 0);
    }
    for hearts in [
        "3H 6H KD KC",
        "2H 5H QD QC",
        "AH 4H JD JC",
        "KH 7S 7D 7C", // void of hearts, seat 1 plays a spade
        "QH 6S 6D 6C",
        "JH 5S 5D 5C",
        "7H 4S 4D 4C",
    ] {
        assert_eq!(trick(&mut game, hearts), 0);
    }
    let line = game.sheet().last().expect("the deal is scored");
    assert_eq!(line.tricks, [10, 0, 0, 0]);
    assert_eq!(line.bonuses, [6 + 4, 0]);
}

const ALL_HEARTS_AND_LATIN: [&str; 4] = [
    "3H 2H AH KH QH JH 7H 6H 5H 4H",
    "3S 2C AD KS QC JD 7S 6C 5D 4S",
    "2S QS 6S 3D KD 7D 4D AC JC 5C",
    "AS JS 5S 2D QD 6D 3C KC 7C 4C",
];

#[test]
fn a_game_won_in_play_is_double_under_eleven_and_later_points_carry_over() {
    // rule: T-15 T-16 T-17 T-9 T-12 T-13 T-14
    let mut game = dealt(ALL_HEARTS_AND_LATIN, standard());
    assert_eq!(*game.points(), [16, 0]); // the long run of hearts, at once
    for cards in ["3H 3S 2S AS", "2H 2C 3D 2D", "AH AD KD QD", "KH KS QS JS"] {
        trick(&mut game, cards);
    }
    assert_eq!(*game.points(), [20, 0]);
    assert!(game.games().is_empty());
    trick(&mut game, "QH QC AC 3C"); // the 21st point, in play
    let won = game.games()[0];
    assert_eq!((won.winner, won.value, won.deal), (0, 42, 0)); // the losers had under 11
    assert_eq!(*game.points(), [0, 0]);
    trick(&mut game, "JH JD JC KC");
    assert_eq!(*game.points(), [1, 0]); // what follows counts for the next game
    for cards in ["7H 7S 6S 7C", "6H 6C 7D 5S", "5H 5D 4D 6D", "4H 4S 5C 4C"] {
        trick(&mut game, cards);
    }
    assert_eq!(*game.points(), [1 + 6 + 4, 0]); // T-13 and T-14 after the win carry over
    let line = game.sheet().last().expect("scored");
    assert_eq!(line.scores, [32, 0]);
    assert_eq!(line.declared, [16, 0]);
    assert_eq!(line.card_points, [6, 0]);
    assert_eq!(line.points_after, [11, 0]);
}

#[test]
fn the_records_keep_each_deals_dealer_hands_and_plays() {
    // rule: T-4 T-5 T-18 the deal passes to the left, its left leads; three games a group
    use koloda_native::core::Seat;
    use koloda_native::games::Recorded;
    let mut game = Tressette::new(standard(), 1);
    let mut rng = Rng::new(8);
    let (mut dealt, mut plays) = (Vec::new(), Vec::new());
    while !game.is_over() {
        assert!(!game.in_deal());
        assert_eq!(game.to_act(), None);
        game.deal_random(&mut rng, &mut ());
        let leader = (game.dealer() + 1) % 4;
        assert_eq!(game.leader(), leader);
        assert_eq!(game.to_act(), Some(Seat::new(leader)));
        dealt.push(*game.dealt());
        plays.push(Vec::new());
        assert_eq!(game.current_record().dealer, game.dealer());
        assert_eq!(game.dealt_hands(), game.current_record().dealt);
        while game.in_deal() {
            let seat = game.to_act().expect("a seat plays").index();
            let action = game.random_action(&mut rng);
            plays
                .last_mut()
                .expect("a deal")
                .push(seat << 6 | action as u8);
            game.apply(i64::from(action), &mut Vec::new())
                .expect("a legal card");
            if game.in_deal() {
                assert_eq!(game.plays(), plays.last().expect("a deal").as_slice());
                let cards: Vec<u32> = game.plays().iter().map(|&p| u32::from(p & 63)).collect();
                assert_eq!(game.current_record().actions, cards);
            }
        }
    }
    assert_eq!(game.games().len(), 3);
    assert_eq!(game.phase(), koloda_native::games::tressette::Phase::Over);
    let records = game.records(0);
    assert_eq!(game.completed().len(), game.sheet().len());
    for (deal, (kept, line)) in game.completed().iter().zip(game.sheet()).enumerate() {
        assert_eq!(line.dealer, (1 + deal as u8) % 4, "deal {deal}");
        assert_eq!(kept.dealer(), line.dealer);
        assert_eq!(records[deal].dealer, line.dealer);
        assert_eq!(kept.card_play().dealt(), &dealt[deal]);
        assert_eq!(kept.card_play().plays(), plays[deal]);
        let cards: Vec<u32> = plays[deal].iter().map(|&p| u32::from(p & 63)).collect();
        assert_eq!(records[deal].actions, cards);
        let hands: Vec<Vec<u8>> = dealt[deal].iter().map(|h| h.to_vec()).collect();
        assert_eq!(records[deal].dealt, hands);
    }
    let last = records.len() - 1;
    assert_eq!(game.records(last), records[last..]);
    assert!(game.records(last + 2).is_empty());
    // each partner gets half his side's games
    let totals = *game.totals();
    let sum: i64 = game.games().iter().map(|won| won.value).sum();
    assert_eq!(totals[0] + totals[1], sum);
    let [a, b] = [totals[0] as f64 / 2.0, totals[1] as f64 / 2.0];
    assert_eq!(game.outcome(), [a, b, a, b]);
}

#[test]
fn the_first_dealer_is_a_seat_of_four() {
    // rule: T-4
    use koloda_native::games::Setup;
    let game = Tressette::setup(standard(), 6).expect("any options");
    assert_eq!(
        (game.first_dealer(), game.dealer(), game.leader()),
        (2, 2, 3)
    );
}

#[test]
fn each_deals_points_are_kept_as_they_are_earned_and_settled_at_its_end() {
    // rule: T-5 T-7 T-12 T-13 T-14 T-15 T-16 each seat keeps its tricks; the declarations
    // count at once, the tricks' points as they are taken; the deal's end settles them
    use koloda_native::games::tressette::COUNTING;
    for card_points in [CardPoints::PerTrick, CardPoints::Pooled] {
        let pooled = card_points == CardPoints::Pooled;
        let options = TressetteOptions {
            card_points,
            ..standard()
        };
        let mut game = Tressette::new(options, 0);
        let mut rng = Rng::new(u64::from(pooled) + 30);
        while !game.is_over() {
            game.deal_random(&mut rng, &mut ());
            let declared = |side: usize| -> i64 {
                [side, side + 2]
                    .iter()
                    .map(|&seat| game.declarations()[seat].points())
                    .sum()
            };
            assert_eq!(*game.deal_declared(), [declared(0), declared(1)]);
            assert_eq!(
                *game.deal_points(),
                *game.deal_declared(),
                "before any trick"
            );
            assert_eq!(*game.deal_bonus(), [0, 0]);
            assert!(game.taken().iter().all(|taken| taken.bits() == 0));
            while game.in_deal() {
                let action = game.random_action(&mut rng);
                let before = *game.deal_points();
                game.apply(i64::from(action), &mut Vec::new())
                    .expect("a legal card");
                if game.in_deal() && game.trick_count() == 0 && !pooled {
                    // a trick just taken: a point to the taker's side for 3 counting cards
                    let trick = &game.plays()[game.plays().len() - 4..];
                    let counting = trick
                        .iter()
                        .filter(|&&play| COUNTING >> (play & 63) & 1 == 1)
                        .count();
                    let side = game.trick_leader().expect("the taker leads").at() % 2;
                    let mut expected = before;
                    expected[side] += i64::from(counting >= 3);
                    assert_eq!(*game.deal_points(), expected);
                }
            }
            let line = game.sheet().last().expect("the deal is scored");
            assert_eq!(line.scores, *game.deal_points());
            assert_eq!(line.declared, *game.deal_declared());
            assert_eq!(line.bonuses, *game.deal_bonus());
            assert_eq!(line.points_after, *game.points());
            assert_eq!(*game.settled_points(), *game.points());
            assert_eq!(usize::from(game.settled_games()), game.games().len());
            // every card was taken by one seat, four a trick
            let mut all = 0u64;
            for (seat, taken) in game.taken().iter().enumerate() {
                assert_eq!(all & taken.bits(), 0);
                all |= taken.bits();
                assert_eq!(
                    taken.bits().count_ones(),
                    4 * u32::from(game.tricks()[seat])
                );
            }
            assert_eq!(all, koloda_native::games::tressette::DECK_40);
            assert_eq!(game.tricks_played(), 10);
            for won in game.games() {
                assert!(won.value == 21 || won.value == 42);
            }
        }
    }
}

#[test]
fn a_baba_needs_all_three_of_the_three_two_and_ace() {
    // rule: T-7 T-8 without one of 3 2 A of a suit there is no Баба, whatever follows it
    for hand in [
        "2S AS KS QS JS 7S 6D 5C 4C 7H",
        "3S AS KS QS JS 7S 6D 5C 4C 7H",
        "3S 2S KS QS JS 7S 6D 5C 4C 7H",
    ] {
        assert!(declared(hand, &standard()).is_empty(), "{hand}");
    }
    assert_eq!(
        declared("3S 2S AS KS QS JS 6D 5C 4C 7H", &standard()),
        [(BABA, set("3S 2S AS KS QS JS"), 6)]
    );
}

#[test]
fn the_leader_of_any_trick_may_lead_any_card_of_his_hand() {
    // rule: T-5
    let mut game = dealt(
        [
            "3S 4S 5S 4H 5H 4D 5D 6D 4C 5C",
            "6S 7S JS 6H 7H JH 7D JD 6C 7C",
            "2S KS AH QH 3D 2D KD 3C KC QC",
            "AS QS 3H 2H KH AD QD 2C AC JC",
        ],
        standard(),
    );
    assert_eq!(game.legal_card_mask(), set("3S 4S 5S 4H 5H 4D 5D 6D 4C 5C"));
    assert_eq!(trick(&mut game, "3S 6S 2S AS"), 0);
    // seat 0 leads again: he still holds spades, the suit just led, and any card may lead
    assert_eq!(game.legal_card_mask(), set("4S 5S 4H 5H 4D 5D 6D 4C 5C"));
    assert_eq!(trick(&mut game, "4D 7D 3D AD"), 2);
    // so may seat 2, who took the diamond trick holding diamonds
    assert_eq!(game.legal_card_mask(), set("KS AH QH 2D KD 3C KC QC"));
    game.apply(i64::from(card("KS")), &mut Vec::new())
        .expect("a lead");
    assert_eq!(game.legal_card_mask(), set("QS")); // the others follow the lead
    game.apply(i64::from(card("QS")), &mut Vec::new())
        .expect("following suit");
    assert_eq!(game.legal_card_mask(), set("4S 5S"));
}

#[test]
fn the_deal_passes_to_the_left_and_the_dealers_left_leads() {
    // rule: T-4 T-5
    use koloda_native::core::Seat;
    let mut game = Tressette::new(standard(), 2);
    let mut rng = Rng::new(4);
    let mut dealer = 2;
    let mut deals = 0;
    while !game.is_over() {
        assert_eq!(game.dealer(), dealer, "deal {deals}");
        assert_eq!(game.leader(), (dealer + 1) % 4, "deal {deals}");
        game.deal_random(&mut rng, &mut ());
        assert_eq!(game.dealer(), dealer);
        assert_eq!(game.to_act(), Some(Seat::new((dealer + 1) % 4)));
        while game.in_deal() {
            game.apply(i64::from(game.random_action(&mut rng)), &mut Vec::new())
                .expect("a legal card");
        }
        assert_eq!(game.sheet()[deals].dealer, dealer);
        dealer = (dealer + 1) % 4;
        deals += 1;
    }
    assert!(
        deals >= 4,
        "from seat 3 the deal went on to seat 0: {deals} deals"
    );
}

#[test]
fn each_game_won_is_told_with_its_index_in_the_group_its_value_and_its_carry() {
    // rule: T-15 T-16 T-17 T-18
    use koloda_native::games::tressette::WonGame;
    let (mut carried, mut doubled) = (false, false);
    for (seed, card_points) in [
        (1, CardPoints::PerTrick),
        (2, CardPoints::Pooled),
        (3, CardPoints::Pooled),
    ] {
        let options = TressetteOptions {
            card_points,
            ..standard()
        };
        let (game, events) = random_group(options, 0, seed);
        let mut told = Vec::new();
        for (at, event) in events.iter().enumerate() {
            let TressetteEvent::GameWon {
                side,
                value,
                deal,
                game: index,
                carry,
            } = *event
            else {
                continue;
            };
            assert_eq!(
                usize::from(index),
                told.len(),
                "seed {seed}: games in order"
            );
            // the points that won it came just before: beyond 21 they carry if earned in play
            let TressetteEvent::PointsScored { after, reason, .. } = events[at - 1] else {
                panic!("seed {seed}: a game is won by points scored");
            };
            let beyond = after[usize::from(side)] - 21;
            assert!(beyond >= 0);
            assert_eq!(carry, if reason == 0 { 0 } else { beyond }, "seed {seed}");
            (carried, doubled) = (carried || carry > 0, doubled || value == 42);
            told.push(WonGame {
                winner: side,
                value,
                deal,
            });
        }
        assert_eq!(told, game.games(), "seed {seed}");
        let sheet: Vec<WonGame> = game
            .sheet()
            .iter()
            .flat_map(|line| line.games.clone())
            .collect();
        assert_eq!(told, sheet, "seed {seed}");
    }
    assert!(
        carried && doubled,
        "some game carried points over and some counted double"
    );
}

#[test]
fn a_game_is_double_only_while_the_losers_have_fewer_than_eleven() {
    // rule: T-16 the losers at exactly 11 make the game single
    let mut seen = [false; 2]; // a game won with the losers at 11, and one at 10
    for seed in 0..SEEDS_FOR_ELEVEN {
        let (_, events) = random_group(standard(), (seed % 4) as u8, seed);
        for pair in events.windows(2) {
            let [TressetteEvent::PointsScored { after, .. }, TressetteEvent::GameWon { side, value, .. }] =
                *pair
            else {
                continue;
            };
            let losers = after[1 - usize::from(side)];
            assert_eq!(value, if losers < 11 { 42 } else { 21 }, "seed {seed}");
            if losers == 11 || losers == 10 {
                seen[(losers - 10) as usize] = true;
            }
        }
    }
    assert_eq!(
        seen,
        [true, true],
        "the boundary was reached from both sides"
    );
}

/// Enough random groups to reach a game won with the losers at 10 and one at 11.
const SEEDS_FOR_ELEVEN: u64 = 10;

/// `value` with every string `from` made `to`.
fn renamed(value: Value, from: &str, to: &str) -> Value {
    match value {
        Value::String(text) if text == from => Value::String(to.into()),
        Value::Array(items) => {
            Value::Array(items.into_iter().map(|v| renamed(v, from, to)).collect())
        }
        Value::Object(entries) => Value::Object(
            entries
                .into_iter()
                .map(|(key, v)| (key, renamed(v, from, to)))
                .collect(),
        ),
        other => other,
    }
}

#[test]
fn declarations_of_each_kind_are_carried_by_name_and_an_unknown_kind_is_refused() {
    // rule: T-7 T-9 T-10 T-11
    use koloda_native::games::tressette::{ShownDeclaration, TressettePosition};
    use serde_json::{from_value, to_value};
    let mut game = dealt(
        [
            "3S 2S AS 3D 3C 6H 5H 5D 4D 4C",
            "3H 2H AH KH QH JH 7H 4H 7S 6S",
            "KS QS JS 5S 4S 2D AD KD QD JD",
            "7D 6D 2C AC KC QC JC 7C 6C 5C",
        ],
        standard(),
    );
    trick(&mut game, "3S 7S 4S 7D");
    let position = game.position();
    let kinds: Vec<Vec<u8>> = position
        .declarations
        .iter()
        .map(|shown| shown.iter().map(|d| d.kind).collect())
        .collect();
    assert_eq!(kinds, [vec![BABA, TRIPLE], vec![LONG_RUN], vec![], vec![]]);
    let carried = to_value(&position).expect("a position is plain data");
    let back: TressettePosition = from_value(carried.clone()).expect("the position reads back");
    assert_eq!(back, position);
    let mut copy = Tressette::new(standard(), 3);
    copy.restore(back).expect("a position of this table");
    assert_eq!(copy.declarations(), game.declarations());
    assert_eq!(copy.position(), position);
    // each kind is carried by its name, and read back from it
    let triple = &position.declarations[0][1];
    for (code, name) in [(BABA, "baba"), (LONG_RUN, "long_run"), (TRIPLE, "triple")] {
        let shown = ShownDeclaration {
            kind: code,
            ..triple.clone()
        };
        let carried = to_value(&shown).expect("a declaration is plain data");
        assert_eq!(carried["kind"], name);
        let back: ShownDeclaration = from_value(carried).expect("a declaration reads back");
        assert_eq!(back, shown);
    }
    // a kind of no name of DECLARATION_KINDS is refused
    let unknown = renamed(carried, "triple", "quartet");
    let refused = from_value::<TressettePosition>(unknown)
        .expect_err("no such kind")
        .to_string();
    assert!(
        refused.contains("no declaration kind \"quartet\""),
        "{refused}"
    );
}

/// Hands where seat 0 leads the 3♠ and seat 1 holds two spades among his hearts.
const MIXED: [&str; 4] = [
    "3S 2S AS 3D 3C 6H 5H 5D 4D 4C",
    "3H 2H AH KH QH JH 7H 4H 7S 6S",
    "KS QS JS 5S 4S 2D AD KD QD JD",
    "7D 6D 2C AC KC QC JC 7C 6C 5C",
];

#[test]
fn a_card_not_held_or_not_following_the_suit_led_is_refused_for_that() {
    // rule: T-5
    use koloda_native::core::illegal::IllegalMove;
    let mut game = dealt(MIXED, standard());
    trick(&mut game, "3S");
    let before = game.position();
    let held_elsewhere = game.check(i64::from(card("KS")));
    assert!(
        matches!(held_elsewhere, Err(IllegalMove::NotInHand { seat: 1, .. })),
        "{held_elsewhere:?}"
    );
    let not_following = game.check(i64::from(card("3H")));
    assert!(
        matches!(not_following, Err(IllegalMove::MustFollow { suit: 0, .. })),
        "{not_following:?}"
    );
    assert_eq!(game.check(i64::from(card("7S"))), Ok(()));
    assert_eq!(game.position(), before, "a refusal changes nothing");
}

#[test]
fn a_trick_taken_is_told_with_its_taker_and_its_four_cards_in_play_order() {
    // rule: T-5 T-6
    let mut game = dealt(MIXED, standard());
    let mut events = Vec::new();
    for word in ["3S", "7S", "4S", "7D"] {
        game.apply(i64::from(card(word)), &mut events)
            .expect("a legal card");
    }
    let taken: Vec<&TressetteEvent> = events
        .iter()
        .filter(|e| matches!(e, TressetteEvent::TrickTaken { .. }))
        .collect();
    let cards = ["3S", "7S", "4S", "7D"].map(card);
    assert_eq!(taken, [&TressetteEvent::TrickTaken { seat: 0, cards }]);
}

#[test]
fn a_deals_line_carries_its_declarations_by_name_there_and_back() {
    // rule: T-7 T-9 T-10 T-11
    use koloda_native::games::tressette::TressettePosition;
    let mut game = dealt(MIXED, standard());
    let shown = game.position().declarations;
    while game.sheet().is_empty() {
        let lowest = game.legal_codes()[0];
        game.apply(i64::from(lowest), &mut Vec::new())
            .expect("a legal card");
    }
    let position = game.position();
    let line = serde_json::to_value(&position.sheet[0]).expect("a line is plain data");
    let kinds: Vec<Vec<&str>> = (0..4)
        .map(|seat| {
            let of_seat = line["declarations"][seat]
                .as_array()
                .expect("a seat's list");
            of_seat.iter().filter_map(|d| d["kind"].as_str()).collect()
        })
        .collect();
    assert_eq!(
        kinds,
        [vec!["baba", "triple"], vec!["long_run"], vec![], vec![]]
    );
    let carried = serde_json::to_value(&position).expect("a position is plain data");
    let back: TressettePosition = serde_json::from_value(carried).expect("the position reads back");
    assert_eq!(back, position);
    let again = serde_json::to_value(&back.sheet[0]).expect("a line is plain data");
    assert_eq!(again["declarations"], line["declarations"]);
    assert_eq!(shown.iter().map(Vec::len).sum::<usize>(), 3);
}

#[test]
fn the_groups_end_names_the_side_with_the_best_outcome_and_no_score_is_of_nothing() {
    // rule: T-12 T-18
    for seed in 0..8u64 {
        let card_points = if seed % 2 == 0 {
            CardPoints::Pooled
        } else {
            CardPoints::PerTrick
        };
        let options = TressetteOptions {
            card_points,
            ..standard()
        };
        let (game, events) = random_group(options, (seed % 4) as u8, seed);
        for event in &events {
            if let TressetteEvent::PointsScored { points, .. } = event {
                assert!(*points > 0, "seed {seed}: {event:?}");
            }
        }
        let ends: Vec<&TressetteEvent> = events
            .iter()
            .filter(|e| matches!(e, TressetteEvent::GameOver { .. }))
            .collect();
        let [TressetteEvent::GameOver { outcome, winners }] = ends[..] else {
            panic!("seed {seed}: one end of the group, not {ends:?}");
        };
        assert_eq!(*outcome, game.outcome(), "seed {seed}");
        let best = outcome.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let best_seats: Vec<u8> = (0..4u8)
            .filter(|&seat| outcome[usize::from(seat)] == best)
            .collect();
        assert_eq!(*winners, best_seats, "seed {seed}");
        // partners share their side's outcome: the winners are one side, or both on a tie
        assert!(winners.len() == 2 || winners.len() == 4, "seed {seed}");
        assert!(winners.iter().all(|&seat| winners.contains(&(seat ^ 2))));
    }
}

#[test]
fn pooled_card_points_count_all_twenty_four_counting_cards_of_the_deal() {
    // rule: T-12
    let options = TressetteOptions {
        card_points: CardPoints::Pooled,
        ..standard()
    };
    let mut lines = 0;
    for seed in 0..4u64 {
        let (game, _) = random_group(options, 0, seed);
        // a side's counting cards over three, rounded down: the two sides' 24 make 8, or
        // 7 when neither count divides by three
        for line in game.sheet() {
            let total = line.card_points[0] + line.card_points[1];
            assert!(total == 7 || total == 8, "seed {seed}: {line:?}");
            lines += 1;
        }
    }
    assert!(lines >= 8);
}
