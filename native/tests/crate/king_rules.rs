//! King's rules as scenarios on the crate alone: deals given card by card, played through
//! the public API, checked against `docs/rules/king.md` (each test names its rules).

use crate::common::{card, not_in_hand};
use koloda_native::core::illegal::IllegalMove;
use koloda_native::core::rng::Rng;
use koloda_native::core::tricks::TrickPlay;
use koloda_native::core::Seat;
use koloda_native::games::king::{
    King, KingOptions, OrderScope, Phase, ThreePlayerBalance, Variant, NO_JACKS, NO_KING,
    NO_TRICKS, ORDER_BASE, POSITIVE, TRUMP_BASE, TRUMP_LAST,
};

/// A hand of eight from its notation, in the order given.
fn hand(text: &str) -> [u8; 10] {
    let mut cards = [0u8; 10];
    for (slot, word) in cards.iter_mut().zip(text.split_whitespace()) {
        *slot = card(word);
    }
    cards
}

/// The notation of the cards the seat to act may play, sorted.
fn legal(game: &King) -> Vec<u8> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert_eq!(game.legal_codes(), actions);
    actions.into_iter().map(|a| a as u8).collect()
}

fn cards(text: &str) -> Vec<u8> {
    let mut codes: Vec<u8> = text.split_whitespace().map(card).collect();
    codes.sort_unstable();
    codes
}

fn play(game: &mut King, text: &str) {
    for word in text.split_whitespace() {
        let done = game.apply(i64::from(card(word)), &mut Vec::new());
        assert!(done.is_ok(), "{word}: {:?}", done.err());
    }
}

/// A game whose first deal is `first` of the negative contracts, the rest in program order.
fn game_of(first: u8, forced_on_heart_lead: bool, hands: [&str; 4]) -> King {
    let mut order = vec![first];
    order.extend((0..7).filter(|&c| c != first));
    let options = KingOptions {
        negative_order: order.try_into().expect("seven contracts"),
        king_forced_on_heart_lead: forced_on_heart_lead,
        ..KingOptions::default()
    };
    let mut game = King::new(options, 3); // seat 0 leads the first trick
    game.deal(&hands.map(hand));
    game
}

const HEARTS_APART: [&str; 4] = [
    "AS KS QS JS 10S 9S 8S 7S",
    "7H 8H 9H 10H JH QH AH 7D",
    "KH 8D 9D 10D JD QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
];

#[test]
fn the_holder_of_the_king_of_hearts_discards_it_when_void() {
    // rule: K-9 K-12
    let mut game = game_of(NO_KING, false, HEARTS_APART);
    play(&mut game, "AS");
    let elsewhere = card("KS"); // seat 0's
    assert_eq!(game.check(i64::from(elsewhere)), not_in_hand(elsewhere, 1));
    assert_eq!(legal(&game), cards("7H 8H 9H 10H JH QH AH 7D")); // void, no K♥: any card
    play(&mut game, "7D");
    assert_eq!(legal(&game), cards("KH")); // void in spades with K♥: it must go
    let refused = game
        .check(i64::from(card("AD")))
        .expect_err("AD is not allowed");
    assert_eq!(refused.rule(), Some("K-9"));
    play(&mut game, "KH 7C");
    // seat 0 took K♥ with the ace: 16 to him, and nothing is left to decide (K-12)
    assert_eq!(game.sheet().len(), 1);
    assert_eq!(game.sheet()[0].scores[..], [-16, 0, 0, 0]);
    assert!(game.sheet()[0].ended_early);
}

#[test]
fn the_king_of_hearts_is_not_forced_in_other_contracts() {
    // rule: K-9
    let mut game = game_of(NO_TRICKS, false, HEARTS_APART);
    play(&mut game, "AS 7D");
    assert_eq!(legal(&game), cards("KH 8D 9D 10D JD QD KD AD"));
}

const SPADES_THEN_HEARTS: [&str; 4] = [
    "7H 8H 9H 10H JH QH AS KS",
    "KH AH 7S 8S 9S 10S JS QS",
    "7D 8D 9D 10D JD QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
];

#[test]
fn a_heart_lead_forces_the_king_only_with_the_option() {
    // rule: K-9 K-8
    for (forced, expected) in [(false, "KH AH"), (true, "KH")] {
        let mut game = game_of(NO_KING, forced, SPADES_THEN_HEARTS);
        assert_eq!(legal(&game), cards("AS KS")); // no heart lead while holding spades
        play(&mut game, "AS");
        assert_eq!(legal(&game), cards("7S 8S 9S 10S JS QS")); // he follows: K♥ stays
        play(&mut game, "7S 7D 7C KS 8S 8D 8C 7H");
        assert_eq!(legal(&game), cards(expected), "forced: {forced}");
    }
}

const TRUMPS_AROUND: [&str; 4] = [
    "AS KS QS JS 7H 8H 9H 10H",
    "7S 8S 9S 10S 7D 8D 9D 10D",
    "JH QH KH AH JD QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
];

/// The order variant's first deal (dealt by seat 3) with seat 0 ordering the positive game
/// with hearts trump.
fn hearts_ordered() -> King {
    let options = KingOptions {
        variant: Variant::Order,
        ..KingOptions::default()
    };
    let mut game = King::new(options, 3);
    game.deal(&TRUMPS_AROUND.map(hand));
    assert_eq!(game.phase(), Phase::Order);
    let positive = i64::from(ORDER_BASE + u32::from(POSITIVE));
    game.apply(positive, &mut Vec::new())
        .expect("seat 0 orders");
    let last = game
        .check(i64::from(TRUMP_LAST))
        .expect_err("no 'by the last' here");
    assert_eq!(last.rule(), Some("K-23"));
    game.apply(i64::from(TRUMP_BASE + 1), &mut Vec::new())
        .expect("hearts");
    game
}

#[test]
fn void_in_the_led_suit_a_player_must_trump() {
    // rule: K-17 K-19 K-23 K-16
    let mut game = hearts_ordered();
    assert_eq!(game.phase(), Phase::Play);
    play(&mut game, "AS");
    assert_eq!(legal(&game), cards("7S 8S 9S 10S")); // he follows
    play(&mut game, "7S");
    assert_eq!(legal(&game), cards("JH QH KH AH")); // void: he must trump
    let refused = game
        .check(i64::from(card("AD")))
        .expect_err("AD is not allowed");
    assert_eq!(refused.rule(), Some("K-17"));
    play(&mut game, "JH");
    assert_eq!(legal(&game), cards("7C 8C 9C 10C JC QC KC AC")); // void of both: any card
    play(&mut game, "7C");
    assert_eq!(game.trick_leader().map(|s| s.at()), Some(2)); // the trump took it
}

#[test]
fn only_the_caller_leads_a_trump_while_holding_another_suit() {
    // rule: K-18 K-20
    let mut game = hearts_ordered();
    assert_eq!(legal(&game), cards("AS KS QS JS 7H 8H 9H 10H")); // the caller: any card
    play(&mut game, "AS 7S JH 7C");
    assert_eq!(legal(&game), cards("JD QD KD AD")); // seat 2 keeps its trumps
    let refused = game
        .check(i64::from(card("AH")))
        .expect_err("AH is not allowed");
    assert_eq!(refused.rule(), Some("K-18"));
    let mut actions = Vec::new();
    while game.sheet().is_empty() {
        game.legal_actions(&mut actions);
        game.apply(i64::from(actions[0]), &mut Vec::new())
            .expect("a legal card");
    }
    let scores = game.sheet()[0].scores;
    assert_eq!(scores.iter().sum::<i64>(), 24);
    assert!(scores.iter().all(|points| points % 3 == 0 && *points >= 0));
}

const JACKS_FIRST: [&str; 4] = [
    "AS AH AD AC KS KH KD KC",
    "JS JH JD JC 7S 7H 7D 7C",
    "QS QH QD QC 8S 8H 8D 8C",
    "10S 10H 10D 10C 9S 9H 9D 9C",
];

#[test]
fn a_deal_whose_penalties_are_all_taken_ends_at_once_with_the_same_scores() {
    // rule: K-12 K-7 K-4
    for stop in [true, false] {
        let mut order = vec![NO_JACKS];
        order.extend((0..7).filter(|&c| c != NO_JACKS));
        let options = KingOptions {
            negative_order: order.try_into().expect("seven contracts"),
            stop_when_decided: stop,
            ..KingOptions::default()
        };
        let mut game = King::new(options, 3);
        game.deal(&JACKS_FIRST.map(hand));
        assert_eq!(game.to_act().map(|s| s.at()), Some(0)); // left of the dealer
        play(
            &mut game,
            "AS JS QS 10S AH JH QH 10H AD JD QD 10D AC JC QC 10C",
        );
        if !stop {
            assert!(game.sheet().is_empty(), "played out without the option");
            play(&mut game, "KS 7S 8S 9S KH 7H 8H 9H KD 7D 8D 9D KC 7C 8C 9C");
        }
        let line = &game.sheet()[0];
        assert_eq!(line.scores[..], [-16, 0, 0, 0], "stop: {stop}");
        assert_eq!(line.ended_early, stop);
    }
}

#[test]
fn a_classic_game_is_seven_negative_deals_then_eight_positive_ones_summing_to_zero() {
    // rule: K-6 K-7 K-10 K-13 K-14 K-20 K-21 K-22
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        let mut game = King::new(KingOptions::default(), 2);
        assert_eq!(*game.options(), KingOptions::default());
        game.deal_random(&mut rng);
        let mut events = Vec::new();
        while !game.is_over() {
            let action = game.random_action(&mut rng);
            let next = game.apply(i64::from(action), &mut events);
            if next.expect("a legal action") {
                game.deal_random(&mut rng);
            }
        }
        let sheet = game.sheet();
        assert_eq!(sheet.len(), 15);
        let contracts: Vec<u8> = sheet.iter().map(|line| line.contract).collect();
        assert_eq!(contracts[..7], [0, 1, 2, 3, 4, 5, 6]); // the program's order
        assert!(contracts[7..].iter().all(|&c| c == POSITIVE));
        for pair in sheet.windows(2) {
            let (line, next) = (&pair[0], &pair[1]);
            let expected = if line.contract == POSITIVE {
                line.declarer.expect("a caller").index() // the caller deals the next one
            } else {
                (line.dealer + 1) % 4 // the deal passes to the left
            };
            assert_eq!(next.dealer, expected, "seed {seed}, deal {}", next.deal);
        }
        for line in &sheet[7..] {
            assert_eq!(line.declarer, Some(Seat::new((line.dealer + 3) % 4))); // on the dealer's right
            assert_eq!(line.scores.iter().sum::<i64>(), 24);
        }
        let penalties: i64 = sheet[..7].iter().flat_map(|l| l.scores.to_vec()).sum();
        assert_eq!(penalties, -192);
        assert_eq!(game.totals().iter().sum::<i64>(), 0, "seed {seed}");
        // the game's winners are the seats of the highest total
        let best = *game.totals().iter().max().expect("four seats");
        let leaders: Vec<u8> = (0..4)
            .filter(|&s| game.totals()[s] == best)
            .map(|s| s as u8)
            .collect();
        let over = events.iter().find_map(|event| match event {
            koloda_native::games::king::KingEvent::GameOver { winners, .. } => {
                Some(winners.clone())
            }
            _ => None,
        });
        assert_eq!(over, Some(leaders), "seed {seed}");
    }
}

/// A game of `options` (dealt by seat 3 first) played with random decisions until `deals`
/// deals have been played; the next one is not dealt.
fn after_deals(options: KingOptions, deals: u32, seed: u64) -> King {
    let mut rng = Rng::new(seed);
    let mut game = King::new(options, 3);
    while game.deal_number() < deals {
        if !game.in_deal() {
            game.deal_random(&mut rng);
        }
        let action = game.random_action(&mut rng);
        game.apply(i64::from(action), &mut Vec::new())
            .expect("a legal action");
    }
    game
}

/// Plays the deal in progress to its end with the lowest legal action each time.
fn play_out(game: &mut King) {
    let mut actions = Vec::new();
    while game.in_deal() {
        game.legal_actions(&mut actions);
        game.apply(i64::from(actions[0]), &mut Vec::new())
            .expect("a legal action");
    }
}

/// Seat `s` holds seven to king of suit `s` and the ace of the next suit, last.
fn ace_of_the_next_suit_last() -> [[u8; 10]; 4] {
    let mut hands = [[0u8; 10]; 4];
    for (seat, hand) in hands.iter_mut().enumerate() {
        let suit = seat as u8;
        for (slot, rank) in hand.iter_mut().zip(5..12u8) {
            *slot = suit << 4 | rank;
        }
        hand[7] = ((suit + 1) % 4) << 4 | 12;
    }
    hands
}

#[test]
fn the_caller_sees_three_cards_and_by_the_last_makes_his_eighth_cards_suit_trump() {
    // rule: K-13 K-14 K-15 K-21
    let mut game = after_deals(KingOptions::default(), 7, 1);
    assert_eq!(game.phase(), Phase::AwaitDeal);
    assert!(!game.in_deal() && !game.is_over());
    assert!(
        game.visible_dealt(0).is_empty(),
        "nothing dealt between deals"
    );
    let dealer = game.dealer();
    game.deal(&ace_of_the_next_suit_last());
    let caller = (dealer + 3) % 4; // on the dealer's right
    assert_eq!(game.phase(), Phase::Trump);
    assert_eq!(game.contract(), Some(POSITIVE));
    assert_eq!(game.caller(), Some(Seat::new(caller)));
    assert_eq!(game.to_act(), Some(Seat::new(caller)));
    let hands = ace_of_the_next_suit_last();
    for seat in 0..4u8 {
        let seen = game.visible_dealt(seat);
        if seat == caller {
            assert_eq!(seen, &hands[seat as usize][..3], "the caller's three");
        } else {
            assert!(seen.is_empty(), "seat {seat} sees nothing yet");
        }
    }
    game.apply(i64::from(TRUMP_LAST), &mut Vec::new())
        .expect("by the last");
    let trump = (caller + 1) % 4; // the suit of his ace, his eighth card
    assert_eq!(game.trump().map(|suit| suit.index()), Some(trump));
    assert!(game.by_last());
    assert_eq!(game.pre_actions(), [TRUMP_LAST]);
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.to_act(), Some(Seat::new(caller))); // K-16: he leads
    for seat in 0..4u8 {
        assert_eq!(game.visible_dealt(seat), &hands[seat as usize][..8]);
    }
    play_out(&mut game);
    let line = game.sheet().last().expect("the deal is scored");
    assert!(line.by_last);
    assert_eq!(line.trump.map(|suit| suit.index()), Some(trump));
    assert_eq!(line.declarer, Some(Seat::new(caller)));
    assert_eq!(game.dealer(), caller, "the caller deals the next deal");
    // the next caller names a suit: not by the last
    game.deal_random(&mut Rng::new(9));
    assert!(!game.by_last() && game.trump().is_none());
    let next_caller = (caller + 3) % 4;
    assert_eq!(game.caller(), Some(Seat::new(next_caller)));
    game.apply(i64::from(TRUMP_BASE + 2), &mut Vec::new())
        .expect("diamonds");
    assert!(!game.by_last());
    assert_eq!(game.trump().map(|suit| suit.index()), Some(2));
    play_out(&mut game);
    let line = game.sheet().last().expect("the deal is scored");
    assert!(!line.by_last);
    assert_eq!(game.dealer(), next_caller);
}

#[test]
fn the_records_keep_each_deals_dealer_hands_and_decisions() {
    // rule: K-6 K-13 K-21 the dealer passes left, then to each positive deal's caller
    use koloda_native::games::Recorded;
    let mut game = King::new(KingOptions::default(), 2);
    let mut rng = Rng::new(21);
    let mut dealt = Vec::new();
    let mut decisions = Vec::new();
    while !game.is_over() {
        if !game.in_deal() {
            game.deal_random(&mut rng);
            dealt.push(*game.dealt());
            decisions.push(Vec::new());
            let current = game.current_record();
            assert_eq!(current.dealer, game.dealer());
            assert!(current.actions.is_empty());
            assert_eq!(game.dealt_hands(), current.dealt);
        }
        let action = game.random_action(&mut rng);
        decisions.last_mut().expect("a deal").push(action);
        game.apply(i64::from(action), &mut Vec::new())
            .expect("a legal action");
        if game.in_deal() {
            let current = game.current_record();
            assert_eq!(&current.actions, decisions.last().expect("a deal"));
        }
    }
    let (completed, sheet) = (game.completed(), game.sheet());
    assert_eq!(completed.len(), 15);
    let records = game.records(0);
    assert_eq!(records.len(), 15);
    for (deal, (kept, line)) in completed.iter().zip(sheet).enumerate() {
        assert_eq!(kept.dealer(), line.dealer, "deal {deal}");
        assert_eq!(kept.dealt(), &dealt[deal]);
        assert_eq!(kept.actions(), decisions[deal]);
        let record = &records[deal];
        assert_eq!(record.dealer, line.dealer);
        assert_eq!(record.actions, decisions[deal]);
        let hands: Vec<Vec<u8>> = dealt[deal].iter().map(|hand| hand[..8].to_vec()).collect();
        assert_eq!(record.dealt, hands);
    }
    assert_eq!(sheet[0].dealer, 2);
    for pair in sheet[..8].windows(2) {
        assert_eq!(pair[1].dealer, (pair[0].dealer + 1) % 4);
    }
    assert_eq!(game.records(14), records[14..]);
    assert!(game.records(15).is_empty() && game.records(16).is_empty());
    assert!(game.dealt_in_deal().is_empty(), "no deal in progress");
}

#[test]
fn a_deal_is_in_progress_only_between_its_dealing_and_its_end() {
    // rule: K-12 K-22
    use koloda_native::games::Game;
    let mut game = King::new(KingOptions::default(), 0);
    assert!(!Game::in_deal(&game) && !game.is_over());
    game.deal_random(&mut Rng::new(2));
    assert!(Game::in_deal(&game) && !game.is_over());
    play_out(&mut game);
    assert!(!Game::in_deal(&game) && !game.is_over());
    let over = after_deals(KingOptions::default(), 15, 3);
    assert!(over.is_over() && !Game::in_deal(&over));
    assert_eq!(over.phase(), Phase::Over);
    assert_eq!(over.to_act(), None);
    assert!(over.visible_dealt(0).is_empty());
}

#[test]
fn an_order_takes_the_game_out_of_the_orderers_row() {
    // rule: K-23 K-24 K-25
    for scope in [OrderScope::PerPlayer, OrderScope::Shared] {
        let shared = scope == OrderScope::Shared;
        let options = KingOptions {
            variant: Variant::Order,
            order_scope: scope,
            ..KingOptions::default()
        };
        let mut game = King::new(options, 3);
        game.deal_random(&mut Rng::new(4));
        assert_eq!(game.phase(), Phase::Order);
        assert_eq!(game.contract(), None);
        assert!(game.pre_actions().is_empty());
        let rows = if shared { 1 } else { 4 };
        assert_eq!(
            game.rows()[..rows],
            vec![[1, 1, 1, 1, 1, 1, 1, 8]; rows][..]
        );
        let queens = ORDER_BASE + u32::from(koloda_native::games::king::NO_QUEENS);
        game.apply(i64::from(queens), &mut Vec::new())
            .expect("seat 0 orders no queens");
        assert_eq!(game.contract(), Some(koloda_native::games::king::NO_QUEENS));
        assert_eq!(game.caller(), Some(Seat::new(0)));
        assert_eq!(game.pre_actions(), [queens]);
        assert_eq!(game.rows()[0], [1, 1, 0, 1, 1, 1, 1, 8]);
        if !shared {
            assert_eq!(game.rows()[1], [1, 1, 1, 1, 1, 1, 1, 8]);
        }
        assert_eq!(game.to_act(), Some(Seat::new(0))); // he leads
        play_out(&mut game);
        assert_eq!(game.completed()[0].actions()[0], queens);
        // seat 1 orders next: the queens are closed to him only in the shared table
        game.deal_random(&mut Rng::new(5));
        assert_eq!(game.to_act(), Some(Seat::new(1)));
        assert_eq!(game.check(i64::from(queens)).is_err(), shared);
        let positive = ORDER_BASE + u32::from(POSITIVE);
        game.apply(i64::from(positive), &mut Vec::new())
            .expect("the positive game");
        assert_eq!(game.phase(), Phase::Trump);
        game.apply(i64::from(TRUMP_BASE + 3), &mut Vec::new())
            .expect("clubs");
        assert_eq!(game.pre_actions(), [positive, TRUMP_BASE + 3]);
        assert!(!game.by_last());
        let row = usize::from(!shared);
        assert_eq!(game.rows()[row][POSITIVE as usize], 7);
    }
}

#[test]
fn each_penalty_item_counts_at_its_rate_in_its_contract() {
    // rule: K-7 K-26 K-27
    use koloda_native::games::king::{
        seat_penalty, KingTable, ERELASH, LAST_TWO, NO_HEARTS, NO_QUEENS,
    };
    let three_jacks = 1 << card("JS") | 1 << card("JD") | 1 << card("JC");
    let three_queens = 1 << card("QS") | 1 << card("QD") | 1 << card("QC");
    let five_hearts = ["7H", "8H", "9H", "10H", "AH"]
        .iter()
        .fold(0u64, |set, c| set | 1 << card(c));
    let king = 1u64 << card("KH");
    let taken = three_jacks | three_queens | five_hearts | king;
    let four = *KingTable::new(KingOptions::default()).rates();
    let cases: [(u8, i64); 7] = [
        (NO_TRICKS, 2 * 3),
        (NO_JACKS, 4 * 3),
        (NO_QUEENS, 4 * 3),
        (NO_HEARTS, 2 * 6), // five hearts and K♥
        (LAST_TWO, 8 * 2),
        (NO_KING, 16),
        (ERELASH, 2 * 3 + 4 * 3 + 4 * 3 + 2 * 6 + 8 * 2 + 16),
    ];
    for (contract, penalty) in cases {
        assert_eq!(
            seat_penalty(contract, &four, taken, 3, 2),
            penalty,
            "contract {contract}"
        );
    }
    assert_eq!(seat_penalty(NO_KING, &four, taken & !king, 3, 2), 0);
    assert_eq!(seat_penalty(POSITIVE, &four, taken, 3, 2), 0);
    let three = |three_player_balance| {
        *KingTable::new(KingOptions {
            variant: Variant::Three,
            three_player_balance,
            ..KingOptions::default()
        })
        .rates()
    };
    assert_eq!(
        seat_penalty(NO_JACKS, &three(ThreePlayerBalance::King24), taken, 3, 2),
        5 * 3
    );
    assert_eq!(
        seat_penalty(LAST_TWO, &three(ThreePlayerBalance::King24), taken, 3, 2),
        10 * 2
    );
    assert_eq!(
        seat_penalty(NO_KING, &three(ThreePlayerBalance::King24), taken, 3, 2),
        24
    );
    assert_eq!(
        seat_penalty(
            NO_KING,
            &three(ThreePlayerBalance::Proportional),
            taken,
            3,
            2
        ),
        20
    );
}

#[test]
fn the_proportional_settlement_is_for_three_players_only() {
    // rule: K-27 K-22
    let options = |variant, three_player_balance| KingOptions {
        variant,
        three_player_balance,
        positive_orders_per_player: if variant == Variant::Three { 8 } else { 1 },
        ..KingOptions::default()
    };
    // four players, one positive game each: the totals do not sum to zero, and stay as
    // they are
    let four = after_deals(
        options(Variant::Order, ThreePlayerBalance::Proportional),
        32,
        6,
    );
    assert!(four.is_over());
    let totals: Vec<f64> = four.totals().iter().map(|&t| t as f64).collect();
    assert_ne!(totals.iter().sum::<f64>(), 0.0);
    assert_eq!(four.outcome()[..], totals[..]);
    // three players, the whole program each: each loser pays his minus, the winners share
    // what is paid
    let mid = after_deals(
        options(Variant::Three, ThreePlayerBalance::Proportional),
        10,
        7,
    );
    let standing: Vec<f64> = mid.totals()[..3].iter().map(|&t| t as f64).collect();
    assert_eq!(
        mid.outcome()[..3],
        standing[..],
        "the standing before the end"
    );
    let three = after_deals(
        options(Variant::Three, ThreePlayerBalance::Proportional),
        45,
        7,
    );
    assert!(three.is_over());
    assert_eq!(
        three.check(0),
        Err(IllegalMove::Over { what: "game" }),
        "nothing is played after the end"
    );
    let results = &three.totals()[..3];
    let paid: i64 = -results.iter().filter(|&&r| r < 0).sum::<i64>();
    let plus: i64 = results.iter().filter(|&&r| r > 0).sum();
    assert!(paid > 0 && plus > 0);
    for (seat, &result) in results.iter().enumerate() {
        let expected = if result <= 0 {
            result as f64
        } else {
            (paid * result) as f64 / plus as f64
        };
        assert!(
            (three.outcome()[seat] - expected).abs() < 1e-9,
            "seat {seat}"
        );
    }
    assert!(three.outcome()[..3].iter().sum::<f64>().abs() < 1e-9);
}

#[test]
fn the_first_dealer_is_a_seat_and_the_positive_orders_one_to_sixteen() {
    // rule: K-24 K-26
    use koloda_native::games::Setup;
    let three = KingOptions {
        variant: Variant::Three,
        ..KingOptions::default()
    };
    assert_eq!(King::setup(three, 4).expect("valid").dealer(), 1);
    assert_eq!(King::setup(three, 4).expect("valid").first_dealer(), 1);
    assert_eq!(
        King::setup(KingOptions::default(), 6)
            .expect("valid")
            .dealer(),
        2
    );
    for (count, valid) in [(0, false), (1, true), (16, true), (17, false)] {
        let options = KingOptions {
            positive_orders_per_player: count,
            ..three
        };
        assert_eq!(King::setup(options, 0).is_ok(), valid, "{count}");
    }
}

#[test]
fn three_players_are_dealt_ten_cards_each_of_thirty_without_the_black_aces() {
    // rule: K-26
    let three = KingOptions {
        variant: Variant::Three,
        ..KingOptions::default()
    };
    let (ace_of_spades, ace_of_clubs) = (card("AS"), card("AC"));
    for seed in 0..10 {
        let mut game = King::new(three, 0);
        game.deal_random(&mut Rng::new(seed));
        let hands = game.hands();
        assert_eq!(hands[3], 0, "no fourth hand, seed {seed}");
        let mut dealt = 0u64;
        for hand in &hands[..3] {
            assert_eq!(hand.count_ones(), 10, "seed {seed}");
            assert_eq!(dealt & hand, 0, "seed {seed}");
            dealt |= hand;
        }
        assert_eq!(dealt.count_ones(), 30);
        assert_eq!(dealt & (1 << ace_of_spades | 1 << ace_of_clubs), 0);
    }
}

#[test]
fn each_contract_sets_its_lead_and_discard_duties_and_the_deal_keeps_its_tricks() {
    // rule: K-7 K-8 K-9 K-17 K-18 K-16 K-4
    use koloda_native::games::king::{ERELASH, LAST_TWO, NO_HEARTS};
    let options = KingOptions {
        stop_when_decided: false,
        ..KingOptions::default()
    };
    let suit = |index: u8| -> u64 { 0x1FFF << (16 * u32::from(index)) };
    let hearts = suit(1);
    let king_of_hearts = 1u64 << card("KH");
    let mut game = King::new(options, 1);
    let mut rng = Rng::new(12);
    while !game.is_over() {
        game.deal_random(&mut rng);
        if game.phase() == Phase::Trump {
            let action = game.random_action(&mut rng);
            game.apply(i64::from(action), &mut Vec::new())
                .expect("a trump");
        }
        assert_eq!(game.phase(), Phase::Play);
        let contract = game.contract().expect("a contract");
        let leader = game.trick_leader().expect("a leader").at();
        let deck = game.hands().iter().fold(0, |all, hand| all | hand);
        for seat in 0..4 {
            let lead = game.lead_first()[seat];
            match contract {
                NO_HEARTS | NO_KING | ERELASH => assert_eq!(lead & deck, deck & !hearts, "K-8"),
                POSITIVE if seat == leader => assert_eq!(lead, 0, "K-18: the caller"),
                POSITIVE => {
                    let trump = game.trump().expect("a trump").index();
                    assert_eq!(lead & deck, deck & !suit(trump), "K-18");
                }
                _ => assert_eq!(lead, 0),
            }
        }
        let discard = game.discard_first();
        match contract {
            NO_KING | ERELASH => assert_eq!(discard, king_of_hearts, "K-9"),
            POSITIVE => {
                let trump = game.trump().expect("a trump").index();
                assert_eq!(discard & deck, deck & suit(trump), "K-17");
            }
            _ => assert_eq!(discard, 0),
        }
        assert_eq!(
            game.follow_first(),
            0,
            "K♥ forced on a heart lead only with the option"
        );
        assert_eq!(game.taken_all(), 0);
        play_out(&mut game);
        // every card taken once, by the seats' tricks, and the last two tricks counted
        let mut all = 0u64;
        for seat in 0..4 {
            let taken = game.taken()[seat];
            assert_eq!(all & taken, 0);
            all |= taken;
            assert_eq!(taken.count_ones(), 4 * u32::from(game.tricks()[seat]));
        }
        assert_eq!(all, deck);
        assert_eq!(game.taken_all(), deck);
        assert_eq!(
            game.last_tricks()
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>(),
            2
        );
        if contract == LAST_TWO {
            let line = game.sheet().last().expect("scored");
            for seat in 0..4 {
                assert_eq!(line.scores[seat], -8 * i64::from(game.last_tricks()[seat]));
            }
        }
    }
}

/// The default options as the bindings give them (plain data by the Python engine's names),
/// but for `negative_order`, given by its contracts' keys.
fn options_with_order(keys: &[&str]) -> Result<KingOptions, serde_json::Error> {
    serde_json::from_value(serde_json::json!({
        "variant": "classic",
        "negative_order": keys,
        "king_forced_on_heart_lead": false,
        "stop_when_decided": true,
        "positive_orders_per_player": 8,
        "order_scope": "per_player",
        "three_player_balance": "king24",
    }))
}

#[test]
fn the_negative_order_is_read_from_the_contracts_keys_and_the_deals_come_in_it() {
    // rule: K-11 K-13
    use koloda_native::games::king::{CONTRACT_KEYS, ERELASH, LAST_TWO, NO_HEARTS, NO_QUEENS};
    // the negative contracts' keys in the order of their codes: the program's order
    let read = options_with_order(&CONTRACT_KEYS[..7]).expect("the program's order");
    assert_eq!(read, KingOptions::default());
    let keys = [
        "last_two",
        "no_king",
        "erelash",
        "no_hearts",
        "no_tricks",
        "no_queens",
        "no_jacks",
    ];
    let order = [
        LAST_TWO, NO_KING, ERELASH, NO_HEARTS, NO_TRICKS, NO_QUEENS, NO_JACKS,
    ];
    let read = options_with_order(&keys).expect("seven known contracts");
    assert_eq!(read.negative_order, order);
    assert_eq!(
        read,
        KingOptions {
            negative_order: order,
            ..KingOptions::default()
        }
    );
    for seed in 0..3 {
        let game = after_deals(read, 8, seed);
        assert_eq!(*game.options(), read, "the game keeps the agreed rules");
        let contracts: Vec<u8> = game.sheet().iter().map(|line| line.contract).collect();
        assert_eq!(contracts[..7], order, "seed {seed}");
        assert_eq!(contracts[7], POSITIVE);
    }
    // a key that names no contract is refused, and so is the positive game
    let mut unknown = keys;
    unknown[3] = "no_aces";
    let refused = options_with_order(&unknown).expect_err("no such contract");
    assert!(
        refused.to_string().contains("no contract \"no_aces\""),
        "{refused}"
    );
    let mut positive = keys;
    positive[6] = "positive";
    let read = options_with_order(&positive).expect("a contract's key");
    use koloda_native::games::Setup;
    let refused = King::setup(read, 0).expect_err("not a negative game");
    assert!(refused.contains("K-11"), "{refused}");
    assert!(options_with_order(&keys[..6]).is_err(), "seven keys");
}

#[test]
fn ordering_a_closed_game_names_it_and_anything_but_an_order_is_refused_before_one() {
    // rule: K-23 K-24 K-25
    let options = KingOptions {
        variant: Variant::Order,
        order_scope: OrderScope::Shared,
        positive_orders_per_player: 1,
        ..KingOptions::default()
    };
    let order = |contract: u8| i64::from(ORDER_BASE + u32::from(contract));
    let first_order = IllegalMove::breaks(
        "the player left of the dealer must first order a game",
        "K-23",
    );
    let closed = |contract| IllegalMove::ContractClosed {
        contract,
        rule: "K-24, K-25",
    };
    let mut game = King::new(options, 3);
    game.deal_random(&mut Rng::new(8));
    assert_eq!(game.to_act(), Some(Seat::new(0)));
    // the random player orders any open game, each about as often
    let mut rng = Rng::new(5);
    let mut drawn = std::collections::BTreeMap::<u32, u32>::new();
    for _ in 0..800 {
        *drawn.entry(game.random_action(&mut rng)).or_default() += 1;
    }
    let open = game.legal_codes();
    assert_eq!(drawn.keys().copied().collect::<Vec<_>>(), open);
    assert!(drawn.values().all(|&n| n > 50), "{drawn:?}");
    let held = game.hands()[0].trailing_zeros();
    for action in [
        order(8),
        order(0) - 1,
        i64::from(held),
        -1,
        i64::from(TRUMP_BASE),
    ] {
        assert_eq!(game.check(action), Err(first_order.clone()), "{action}");
    }
    assert_eq!(
        game.check(order(8)).expect_err("no ninth game").rule(),
        Some("K-23")
    );
    game.apply(order(NO_JACKS), &mut Vec::new())
        .expect("no jacks");
    play_out(&mut game);
    game.deal_random(&mut Rng::new(9));
    assert_eq!(game.to_act(), Some(Seat::new(1)));
    game.apply(order(POSITIVE), &mut Vec::new())
        .expect("the positive game");
    game.apply(i64::from(TRUMP_BASE), &mut Vec::new())
        .expect("spades");
    play_out(&mut game);
    game.deal_random(&mut Rng::new(10));
    assert_eq!(game.to_act(), Some(Seat::new(2)));
    let refused = game.check(order(NO_JACKS)).expect_err("ordered already");
    assert_eq!(refused, closed("no_jacks"));
    assert_eq!(refused.rule(), Some("K-24, K-25"));
    assert_eq!(
        refused.to_string(),
        "no_jacks is no longer open in this row of the order table (K-24, K-25)"
    );
    assert_eq!(game.check(order(POSITIVE)), Err(closed("positive")));
    for open in [NO_TRICKS, NO_KING] {
        assert_eq!(game.check(order(open)), Ok(()));
    }
    assert_eq!(game.check(order(8)), Err(first_order));
}
