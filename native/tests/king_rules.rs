//! King's rules as scenarios on the crate alone: deals given card by card, played through
//! the public API, checked against `docs/rules/king.md` (each test names its rules).

mod common;

use common::card;
use koloda_native::core::rng::Rng;
use koloda_native::core::Seat;
use koloda_native::games::king::{
    King, KingOptions, Phase, Variant, NO_JACKS, NO_KING, NO_TRICKS, ORDER_BASE, POSITIVE,
    TRUMP_BASE, TRUMP_LAST,
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
        game.deal_random(&mut rng);
        while !game.is_over() {
            let action = game.random_action(&mut rng);
            let next = game.apply(i64::from(action), &mut Vec::new());
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
    }
}
