//! 101's end of the game as scenarios on the crate alone, checked against
//! `docs/rules/hundred_one.md` (each test names its rules): hands given card by card and
//! played through the public API.

use crate::common::{card, not_in_hand};
use std::sync::Arc;

use koloda_native::core::illegal::IllegalMove;
use koloda_native::core::Suit;
use koloda_native::games::hundred_one::{
    deck_cards, HundredOne, HundredOneEvent, HundredOneOptions, NoChance, QueenInHand, Setup, DRAW,
    PASS, SUIT_BASE,
};
use koloda_native::games::Game;

fn cards(text: &str) -> Vec<u8> {
    text.split_whitespace().map(card).collect()
}

/// A first hand dealt by seat 0 with these hands and starter; the stock is `stock_top`
/// (top first), then every card not named, lowest code first.
fn dealt(hands: [&str; 2], starter: &str, stock_top: &str) -> HundredOne {
    dealt_with(&hands, starter, stock_top, HundredOneOptions::default())
}

/// As `dealt`, for any number of hands of one size, with these options (but the players
/// and the hand size, which the hands give).
fn dealt_with(
    hands: &[&str],
    starter: &str,
    stock_top: &str,
    options: HundredOneOptions,
) -> HundredOne {
    dealt_by(0, hands, starter, stock_top, options)
}

/// As `dealt_with`, the hand dealt by `dealer`.
fn dealt_by(
    dealer: u8,
    hands: &[&str],
    starter: &str,
    stock_top: &str,
    options: HundredOneOptions,
) -> HundredOne {
    let options = HundredOneOptions {
        players: hands.len() as u8,
        hand_size: hands[0].split_whitespace().count() as u8,
        ..options
    };
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| cards(h)).collect();
    let starter = card(starter);
    let mut stock = cards(stock_top);
    let used: Vec<u8> = hands.iter().flatten().copied().chain([starter]).collect();
    let mut rest: Vec<u8> = deck_cards()
        .into_iter()
        .filter(|c| !used.contains(c) && !stock.contains(c))
        .collect();
    rest.sort_unstable();
    stock.extend(rest);
    let setup = Setup {
        hands,
        starter,
        stock,
        restocks: Vec::new(),
    };
    let mut game = HundredOne::new(options, dealer);
    game.deal_setup(Arc::new(setup), &mut ());
    game
}

/// The legal actions, written as cards, `draw`, `pass` and `suit:X`.
fn legal(game: &HundredOne) -> Vec<String> {
    let mut actions = [0u32; 40];
    let count = game.legal_actions(&mut actions);
    assert_eq!(game.legal_codes(), actions[..count]);
    actions[..count]
        .iter()
        .map(|&action| match action {
            DRAW => "draw".to_owned(),
            PASS => "pass".to_owned(),
            a if a >= SUIT_BASE => format!("suit:{}", &"SHDC"[(a - SUIT_BASE) as usize..][..1]),
            a => name(a as u8),
        })
        .collect()
}

fn name(code: u8) -> String {
    let ranks = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    format!(
        "{}{}",
        ranks[(code & 15) as usize],
        &"SHDC"[(code >> 4) as usize..][..1]
    )
}

/// The cards a seat holds, written, lowest code first.
fn hand(game: &HundredOne, seat: usize) -> Vec<String> {
    let held = game.hands()[seat];
    (0..64u8).filter(|c| held >> c & 1 == 1).map(name).collect()
}

fn seat_to_act(game: &HundredOne) -> Option<usize> {
    Game::to_act(game).map(|seat| seat.at())
}

/// The deck's cards whose suit (0 spades .. 3 clubs) and rank (as written) satisfy `keep`.
fn of_deck(keep: impl Fn(u8, &str) -> bool) -> u64 {
    let rank_kept = |code: u8| {
        let written = name(code);
        keep(code >> 4, &written[..written.len() - 1])
    };
    deck_cards()
        .into_iter()
        .filter(|&code| rank_kept(code))
        .fold(0, |set, code| set | 1 << code)
}

/// Plays the actions written as cards, `draw` and `pass`, each checked first.
fn play(game: &mut HundredOne, text: &str) {
    for word in text.split_whitespace() {
        let action = match word {
            "draw" => DRAW,
            "pass" => PASS,
            _ if word.starts_with("suit:") => SUIT_BASE + "SHDC".find(&word[5..]).unwrap() as u32,
            _ => u32::from(card(word)),
        };
        let checked = game.check(i64::from(action));
        assert!(checked.is_ok(), "{word}: {:?}", checked.err());
        game.step(action, &mut (), &mut NoChance)
            .expect("nothing to reshuffle");
    }
}

#[test]
fn a_total_of_exactly_101_ends_the_game_and_100_does_not() {
    // rule: H-16 H-13 H-15
    // seat 0 keeps QH QS and one card and draws two: 43 + 43 + the three others
    for (kept, stock, total) in [("9D", "JD KD", 101), ("10D", "JD JC", 100)] {
        let first = format!("QH QS {kept}");
        let mut game = dealt([&first, "8S 8H KH"], "9S", stock);
        play(&mut game, "8S draw pass 8H draw pass");
        let mut events = Vec::new();
        game.step(u32::from(card("KH")), &mut events, &mut NoChance)
            .expect("seat 1 goes out");
        assert_eq!(game.totals()[..2], [total, 0], "kept {kept}");
        assert_eq!(Game::is_over(&game), total == 101, "kept {kept}");
        let over = events.iter().find_map(|event| match event {
            HundredOneEvent::GameOver { winners, .. } => Some(winners.clone()),
            _ => None,
        });
        if total == 101 {
            assert_eq!(Game::to_act(&game), None);
            assert_eq!(game.outcome()[..2], [-101.0, 0.0]);
            assert_eq!(over, Some(vec![1]), "the fewest points win");
        } else {
            assert_eq!(over, None);
        }
    }
}

const FOUR_HANDS: [&str; 4] = ["6S 6H 6D", "8S 8H 8D", "9C 10H 10D", "KS KH KD"];
const EFFECTS: [&str; 4] = ["9H 10H JH", "6S 7S 7C", "7H 7D 8H", "6C AC 8D"];
const QUEEN_OUT: [&str; 3] = ["KH 9D AC", "8S QC QD", "JS 9C 10D"];
const QUEENS_HELD: [&str; 2] = ["QH QS 7D", "8S 8H KH"];

fn standard() -> HundredOneOptions {
    HundredOneOptions::default()
}

#[test]
fn a_card_matches_by_suit_or_rank() {
    // rule: H-4
    let mut game = dealt_with(&FOUR_HANDS, "9S", "", standard());
    assert_eq!(legal(&game), ["8S"]); // 8H and 8D match neither the spade nor the nine
    let refused = game.check(i64::from(card("8H"))).expect_err("no match");
    assert_eq!(refused.rule(), Some("H-4"));
    play(&mut game, "8S");
    assert_eq!(legal(&game), ["draw"]); // seat 2: 9C 10H 10D on 8S
    let mut game = dealt_with(&FOUR_HANDS, "8C", "", standard());
    assert_eq!(legal(&game), ["8S", "8H", "8D"]);
    assert_eq!(game.suit(), Some(Suit::Clubs)); // the starter's
    play(&mut game, "8H");
    assert_eq!(game.suit(), Some(Suit::Hearts)); // the card played sets the suit
                                                 // codes past the four suits and before draw are no action of 101
    for action in [SUIT_BASE + 4, DRAW - 1] {
        assert_eq!(
            game.check(i64::from(action)),
            Err(IllegalMove::NoSuchAction { game: "101" })
        );
    }
}

#[test]
fn sixes_sevens_and_aces_act_on_the_next_player_and_do_not_stack() {
    // rule: H-5 H-11
    let mut game = dealt_with(&EFFECTS, "9S", "KH KD KC KS 10C", standard());
    play(&mut game, "6S");
    assert_eq!(hand(&game, 2), ["7H", "8H", "KH", "7D"]); // drew one and lost his turn
    assert_eq!(seat_to_act(&game), Some(3));
    play(&mut game, "6C");
    assert_eq!(hand(&game, 0).len(), 4);
    assert_eq!(seat_to_act(&game), Some(1));
    play(&mut game, "7C");
    assert_eq!(hand(&game, 2).len(), 6); // a seven: two drawn, turn lost, no answer
    assert_eq!(seat_to_act(&game), Some(3));
    play(&mut game, "AC");
    assert_eq!(hand(&game, 0).len(), 4); // an ace: only the turn lost
    assert_eq!(seat_to_act(&game), Some(1));
    let other = HundredOneOptions {
        draw_six: 2,
        draw_seven: 1,
        ..standard()
    };
    let mut game = dealt_with(&EFFECTS, "9S", "KH KD KC KS 10C", other);
    play(&mut game, "6S");
    assert_eq!(hand(&game, 2), ["7H", "8H", "KH", "7D", "KD"]);
    play(&mut game, "6C 7C");
    assert_eq!(hand(&game, 2).len(), 6);
}

#[test]
fn a_queen_goes_on_anything_and_names_the_suit() {
    // rule: H-6 H-9
    let mut game = dealt_with(&QUEEN_OUT, "9S", "6H", standard());
    play(&mut game, "8S JS draw pass");
    assert_eq!(legal(&game), ["QD", "QC", "draw"]); // only queens: he may draw
    play(&mut game, "QD");
    assert_eq!(legal(&game), ["suit:S", "suit:H", "suit:D", "suit:C"]);
    play(&mut game, "suit:C");
    assert_eq!(seat_to_act(&game), Some(2)); // the queen skips nobody
    assert_eq!(legal(&game), ["9C"]); // 10D is not of the named suit
}

#[test]
fn a_drawn_card_is_played_at_once_or_kept() {
    // rule: H-8 H-10
    let mut game = dealt_with(&EFFECTS, "9S", "KH KD KC KS 10C", standard());
    play(&mut game, "6S");
    let refused = game.check(i64::from(DRAW)).expect_err("he can play");
    assert_eq!(refused.rule(), Some("H-10"));
    play(&mut game, "6C 7C AC");
    assert_eq!(legal(&game), ["draw"]); // seat 1: 7S on AC
    play(&mut game, "draw");
    assert_eq!(legal(&game), ["10C", "pass"]);
    play(&mut game, "10C");
    assert_eq!(hand(&game, 1), ["7S"]);
    assert_eq!(seat_to_act(&game), Some(2));
    let mut game = dealt(QUEENS_HELD, "9S", "JD 10C");
    play(&mut game, "8S draw");
    assert_eq!(legal(&game), ["pass"]); // only the drawn card may be played
    play(&mut game, "pass");
    assert!(hand(&game, 0).contains(&"JD".to_owned()));
}

#[test]
fn the_starter_acts_on_the_first_player() {
    // rule: H-7 H-5 H-6
    let game = dealt_with(&FOUR_HANDS, "7C", "AS AH", standard());
    assert_eq!(hand(&game, 1), ["8S", "AS", "8H", "AH", "8D"]); // the text's 7♣
    assert_eq!(seat_to_act(&game), Some(2));
    assert_eq!(legal(&game), ["9C"]);
    let game = dealt_with(&FOUR_HANDS, "6C", "AS AH", standard());
    assert_eq!(hand(&game, 1).len(), 4);
    assert_eq!(seat_to_act(&game), Some(2));
    let game = dealt_with(&FOUR_HANDS, "AC", "AS AH", standard());
    assert_eq!(hand(&game, 1).len(), 3);
    assert_eq!(seat_to_act(&game), Some(2));
}

#[test]
fn the_last_card_has_no_effect_and_ends_the_hand() {
    // rule: H-12 H-13 H-14
    let mut game = dealt(["KH", "6S"], "9S", "AS");
    play(&mut game, "6S");
    assert_eq!(hand(&game, 0), ["KH"]); // nothing drawn
    assert_eq!(game.sheet()[0].scores[..2], [4, 0]);
    let mut game = dealt(["KH", "QD"], "9S", "AS");
    play(&mut game, "QD"); // no suit to name
    assert_eq!(game.sheet()[0].scores[..2], [4, -30]);
    assert!(game.sheet()[0].out_on_queen);
}

#[test]
fn going_out_on_a_queen_takes_thirty_off() {
    // rule: H-14 H-13 H-15
    let mut game = dealt_with(&QUEEN_OUT, "9S", "6H", standard());
    play(&mut game, "8S JS draw pass QD suit:C 9C 9D QC");
    // seat 0 keeps KH AC and the drawn 6H: 4 + 11 + 6; seat 2 keeps 10D
    assert_eq!(game.totals()[..3], [21, -30, 10]);
    let line = &game.sheet()[0];
    assert_eq!((line.out, line.out_on_queen), (1, true));
}

#[test]
fn a_queen_left_in_hand_costs_forty_more_or_forty_instead() {
    // rule: H-15 H-13
    for (queen_in_hand, total) in [
        (QueenInHand::Plus40, 2 * (3 + 40) + 7 + 2 + 10),
        (QueenInHand::Instead40, 2 * 40 + 7 + 2 + 10),
    ] {
        let options = HundredOneOptions {
            queen_in_hand,
            ..standard()
        };
        let mut game = dealt_with(&QUEENS_HELD, "9S", "JD 10C", options);
        play(&mut game, "8S draw pass 8H draw pass KH");
        assert_eq!(game.sheet()[0].scores[..2], [total, 0], "{queen_in_hand:?}");
    }
}

#[test]
fn a_finished_hand_keeps_its_dealer_and_public_log() {
    // rule: H-12 H-15
    let options = HundredOneOptions {
        queen_in_hand: QueenInHand::Instead40,
        ..standard()
    };
    // the hand of the 101 tests above, dealt by seat 1: seat 0 plays first
    let mut game = dealt_by(1, &["8S 8H KH", "QH QS 7D"], "9S", "JD 10C", options);
    assert_eq!(game.penalties()[card("QH") as usize], 40); // instead of 3 + 40
    assert_eq!(game.penalties()[card("7D") as usize], 7);
    play(&mut game, "8S draw pass 8H draw pass");
    let log_so_far = game.log().to_vec();
    assert!(!log_so_far.is_empty());
    play(&mut game, "KH");
    let hand = game.completed().last().expect("the hand is over");
    assert_eq!(hand.dealer(), 1);
    assert_eq!(hand.log()[..log_so_far.len()], log_so_far[..]);
    assert_eq!(hand.log().len(), log_so_far.len() + 1); // and the last card
    assert!(hand.restocks().is_empty()); // the stock never ran out
    assert_eq!(game.sheet()[0].scores[..2], [0, 2 * 40 + 7 + 2 + 10]);
}

#[test]
fn a_seeded_reshuffle_is_a_permutation_of_the_pile_below_its_top_fixed_by_seed_and_index() {
    // rule: H-11
    use koloda_native::core::rng::Rng;
    use koloda_native::games::hundred_one::{Chance, Seeded};
    let below = cards("6S 7S 8S 9S 10S JS QS KS AS 6H 7H 8H 9H 10H JH QH KH AH");
    let mut sorted = below.clone();
    sorted.sort_unstable();
    let shuffled = |seed: &str, index: u64| {
        Seeded(seed)
            .restock(&below, index)
            .expect("a seeded shuffle")
    };
    let first = shuffled("7", 1 << 32);
    let mut cards_of_first = first.clone();
    cards_of_first.sort_unstable();
    assert_eq!(cards_of_first, sorted, "the same cards");
    assert_ne!(first, below, "shuffled");
    assert_eq!(shuffled("7", 1 << 32), first, "the same seed and index");
    assert_ne!(shuffled("7", 1 << 32 | 1), first, "another index");
    assert_ne!(shuffled("8", 1 << 32), first, "another seed");
    let mut drawn = Rng::new(3).restock(&below, 0).expect("a shuffle");
    drawn.sort_unstable();
    assert_eq!(drawn, sorted);
    assert_eq!(NoChance.restock(&below, 0), None, "nothing reshuffles");
    assert_eq!(NoChance.deck(0), None, "nothing deals");
    // a seeded deck: the 36 cards, the same for the same hand, another for another
    let deck = Seeded("7").deck(0).expect("a seeded deck");
    let mut cards_of_deck = deck.to_vec();
    cards_of_deck.sort_unstable();
    let mut all = deck_cards().to_vec();
    all.sort_unstable();
    assert_eq!(cards_of_deck, all);
    assert_eq!(Seeded("7").deck(0), Some(deck));
    assert_ne!(Seeded("7").deck(1), Some(deck));
}

#[test]
fn a_game_reshuffles_the_pile_below_its_top_when_a_card_must_be_drawn() {
    // rule: H-11 H-3 H-16
    use koloda_native::core::rng::Rng;
    use koloda_native::games::hundred_one::{Chance, DealSource, Seeded};
    let options = HundredOneOptions::default();
    let mut reshuffles = 0;
    for seed in 0..6u64 {
        let label = seed.to_string();
        let mut chance = Seeded(&label);
        let mut game = HundredOne::new(options, 2);
        let deck = chance.deck(0).expect("a seeded deck");
        game.deal_cards(&deck, &mut ());
        let mut rng = Rng::new(seed);
        let mut decks = vec![deck];
        while !game.is_over() {
            let before = game.clone();
            let action = game.random_action(&mut rng);
            game.step(action, &mut (), &mut chance)
                .expect("a seeded reshuffle");
            if game.deal_number() > before.deal_number() {
                if let DealSource::Cards(next) = game.source() {
                    decks.push(*next);
                }
                continue;
            }
            if game.epoch() == before.epoch() {
                continue;
            }
            // the pile (with the card just played, if one was) but its top became the stock
            reshuffles += 1;
            let mut pile = before.pile().to_vec();
            if action < 64 {
                pile.push(action as u8);
            }
            let top = pile.pop().expect("a top card");
            assert_eq!(game.pile(), [top]);
            assert_eq!(game.epoch(), before.epoch() + 1);
            assert_eq!(game.restocks_used(), before.restocks_used() + 1);
            let mut stock = game.restocks().last().expect("the new stock").clone();
            // the seeded shuffle of the pile below its top at the index of the hand (counted
            // from one) and of the reshuffles before, as a record of a seeded game replays it
            let index = u64::from(game.deal_number() + 1) << 32 | u64::from(before.epoch());
            assert_eq!(Some(&stock), Seeded(&label).restock(&pile, index).as_ref());
            assert_eq!(stock.len(), pile.len());
            stock.sort_unstable();
            pile.sort_unstable();
            assert_eq!(stock, pile);
            // every card the seats hold more (and the one played) came from what was left of
            // the stock, then from the new one
            let held = |game: &HundredOne| -> usize {
                game.hands().iter().map(|h| h.count_ones() as usize).sum()
            };
            let drawn = held(&game) + usize::from(action < 64) - held(&before);
            assert_eq!(
                game.stock().len() + drawn,
                before.stock().len() + stock.len()
            );
        }
        // each hand's record: its dealer (the deal passes to the left), its deck, its
        // reshuffles, its log
        let completed = game.completed();
        assert_eq!(completed.len(), game.sheet().len());
        for (hand, (kept, line)) in completed.iter().zip(game.sheet()).enumerate() {
            assert_eq!(line.dealer, (2 + hand as u8) % 4, "seed {seed} hand {hand}");
            assert_eq!(kept.dealer(), line.dealer);
            assert_eq!(kept.source(), &DealSource::Cards(decks[hand]));
            let restocks = kept.log().iter().filter(|&&code| code == 130).count();
            assert_eq!(kept.restocks().len(), restocks);
        }
        let totals: Vec<f64> = game.totals()[..4].iter().map(|&t| -(t as f64)).collect();
        assert_eq!(game.outcome()[..4], totals[..]);
        assert!(game.totals()[..4].iter().any(|&t| t >= 101));
        let mut copy = HundredOne::new(options, 2);
        copy.restore_records(completed.to_vec());
        assert_eq!(copy.completed(), completed);
    }
    assert!(reshuffles > 0, "some hand reshuffled");
}

#[test]
fn the_table_takes_two_to_six_players_and_hands_that_leave_a_stock() {
    // rule: H-1 H-2 H-5
    use koloda_native::games::Setup;
    let with = |players: u8, hand_size: u8, draw_seven: u8| HundredOneOptions {
        players,
        hand_size,
        draw_seven,
        ..HundredOneOptions::default()
    };
    for (options, valid) in [
        (with(1, 3, 2), false),
        (with(2, 3, 2), true),
        (with(6, 3, 2), true),
        (with(7, 3, 2), false),
        (with(2, 17, 2), true), // 35 cards but the starter: 17 each for two
        (with(2, 18, 2), false),
        (with(6, 5, 2), true),
        (with(6, 6, 2), false),
        (with(4, 0, 2), false),
        (with(4, 3, 4), true),
        (with(4, 3, 5), false),
        (
            HundredOneOptions {
                draw_six: 4,
                ..with(4, 3, 2)
            },
            true,
        ),
        (
            HundredOneOptions {
                draw_six: 5,
                ..with(4, 3, 2)
            },
            false,
        ),
    ] {
        let made = HundredOne::setup(options, 7);
        assert_eq!(made.is_ok(), valid, "{options:?}");
        if let Ok(game) = made {
            assert_eq!(game.dealer(), 7 % options.players);
            assert_eq!(game.n(), options.players);
        }
    }
}

#[test]
fn after_a_draw_only_the_drawn_card_if_it_matches_or_a_pass() {
    // rule: H-8 H-9 H-4
    let mut game = dealt(["QH QS 9D", "8S 10H KH"], "9S", "JD AS");
    play(&mut game, "8S draw"); // seat 0 holds only queens to play: he draws J♦
    assert_eq!(game.drawn(), Some(card("JD")));
    assert_eq!(legal(&game), ["pass"]);
    let rule = |action: u32| game.check(i64::from(action)).expect_err("illegal").rule();
    assert_eq!(
        rule(u32::from(card("JD"))),
        Some("H-4, H-8"),
        "it does not match"
    );
    assert_eq!(
        rule(u32::from(card("9D"))),
        Some("H-8"),
        "only the drawn card"
    );
    assert_eq!(
        rule(u32::from(card("QH"))),
        Some("H-8"),
        "not a queen either"
    );
    assert_eq!(rule(DRAW), Some("H-8"), "no second draw");
    assert_eq!(rule(SUIT_BASE), Some("H-8"));
    play(&mut game, "pass");
    assert_eq!(seat_to_act(&game), Some(1));
    // seat 1 draws a card that matches: he may play it, or pass
    play(&mut game, "draw");
    assert_eq!(legal(&game), ["AS", "pass"]);
    let refused = game
        .check(i64::from(card("10H")))
        .expect_err("not the drawn card");
    assert_eq!(refused.rule(), Some("H-8"));
}

#[test]
fn while_a_suit_is_to_be_named_every_other_action_is_refused_for_that() {
    // rule: H-6 H-7
    let naming = IllegalMove::breaks("a suit must be named after a queen", "H-6, H-7");
    let mut game = dealt_with(&QUEEN_OUT, "9S", "6H", standard());
    play(&mut game, "8S JS draw pass QD");
    assert_eq!(seat_to_act(&game), Some(1)); // the queen's player names the suit
    for action in [card("QC"), card("9C"), card("10D")]
        .map(u32::from)
        .into_iter()
        .chain([DRAW, PASS])
    {
        assert_eq!(
            game.check(i64::from(action)),
            Err(naming.clone()),
            "{action}"
        );
    }
    play(&mut game, "suit:C"); // naming one is taken

    // a queen starter: the dealer names the suit before the first player plays
    let game = dealt_with(&FOUR_HANDS, "QC", "", standard());
    assert_eq!(seat_to_act(&game), Some(0));
    assert_eq!(legal(&game), ["suit:S", "suit:H", "suit:D", "suit:C"]);
    for action in [u32::from(card("6S")), u32::from(card("8S")), DRAW, PASS] {
        assert_eq!(
            game.check(i64::from(action)),
            Err(naming.clone()),
            "{action}"
        );
    }
}

#[test]
fn a_card_refused_on_a_queen_names_the_suit_and_on_another_card_the_top() {
    // rule: H-6 H-4 H-5
    let mut game = dealt_with(&QUEEN_OUT, "9S", "6H", standard());
    play(&mut game, "8S JS draw pass QD suit:C");
    assert_eq!(seat_to_act(&game), Some(2));
    let ten = card("10D");
    assert_eq!(
        game.check(i64::from(ten)),
        Err(IllegalMove::NotNamedSuit {
            card: ten,
            suit: 3, // clubs, as named; not the queen's diamonds
            rule: "H-6",
        })
    );
    assert_eq!(
        game.follow(),
        of_deck(|suit, rank| suit == 3 || rank == "Q")
    );
    assert_eq!(
        game.check(i64::from(SUIT_BASE + 1)),
        Err(IllegalMove::breaks(
            "a suit is named only after a queen",
            "H-6"
        ))
    );
    // on any other top card, the top card is the reason: a nine, and a seven of spades
    let mut game = dealt(["8D 9D 10D", "7S 8H KH"], "9S", "");
    let eight = card("8H");
    let no_match = |top: &str| IllegalMove::NoMatch {
        card: eight,
        top: card(top),
        rule: "H-4",
    };
    assert_eq!(game.check(i64::from(eight)), Err(no_match("9S")));
    assert_eq!(
        game.follow(),
        of_deck(|suit, rank| suit == 0 || rank == "9" || rank == "Q")
    );
    let elsewhere = card("9D"); // seat 0's: it would match
    assert_eq!(game.check(i64::from(elsewhere)), not_in_hand(elsewhere, 1));
    play(&mut game, "7S"); // seat 0 draws two and loses his turn
    assert_eq!(seat_to_act(&game), Some(1));
    assert_eq!(legal(&game), ["draw"]);
    assert_eq!(game.check(i64::from(eight)), Err(no_match("7S")));
}

#[test]
fn a_penalty_draw_with_nothing_left_to_draw_draws_nothing_once_and_still_skips() {
    // rule: H-5 H-7 H-11
    use koloda_native::games::hundred_one::{HundredOneEvent, NOTHING};
    // five hands of seven hold every card but the starter: no stock, and no pile below it
    let starter = card("7C");
    let rest: Vec<u8> = deck_cards().into_iter().filter(|&c| c != starter).collect();
    let hands: Vec<Vec<u8>> = rest.chunks(7).map(<[u8]>::to_vec).collect();
    let options = HundredOneOptions {
        players: 5,
        hand_size: 7,
        ..HundredOneOptions::default()
    };
    let setup = Setup {
        hands,
        starter,
        stock: Vec::new(),
        restocks: Vec::new(),
    };
    let mut game = HundredOne::new(options, 0);
    let mut events = Vec::new();
    game.deal_setup(Arc::new(setup), &mut events);
    // seat 1, left of the dealer, owes two cards for the seven and finds none
    let drawn = events
        .iter()
        .filter(|e| matches!(e, HundredOneEvent::CardDrawn { .. }))
        .count();
    assert_eq!(drawn, 0, "{events:?}");
    let nothing: Vec<&HundredOneEvent> = events
        .iter()
        .filter(|e| matches!(e, HundredOneEvent::NothingToDraw { .. }))
        .collect();
    assert_eq!(nothing, [&HundredOneEvent::NothingToDraw { seat: 1 }]);
    assert!(events.contains(&HundredOneEvent::TurnSkipped { seat: 1 }));
    assert_eq!(
        game.log()
            .iter()
            .filter(|&&l| l == 1 << 8 | NOTHING)
            .count(),
        1
    );
    assert_eq!(game.hands()[1].count_ones(), 7);
    assert_eq!(game.to_act().map(|s| s.index()), Some(2));
}

/// Seat 1 to act on the nine of spades in `dealt`'s two-hand game, put in a position with
/// `hands`, no stock, this pile (its top, the nine, last) and these reshuffles given.
fn drawing_on(hands: [&str; 2], pile: &str, restocks: &[&str]) -> HundredOne {
    let mut game = dealt(["8D 9D", "8H KH"], "9S", "");
    let mut position = game.position();
    let mask = |text: &str| cards(text).iter().fold(0, |set, &c| set | 1u64 << c);
    position.hands = hands.map(mask).to_vec();
    position.stock = Vec::new();
    position.pile = cards(pile);
    position.restocks = restocks.iter().map(|text| cards(text)).collect();
    position.restocks_used = 0;
    game.restore(position).expect("a position of this table");
    assert_eq!(seat_to_act(&game), Some(1));
    game
}

#[test]
fn a_pile_of_two_gives_a_stock_of_one_and_the_reshuffles_a_record_gives_are_used_in_order() {
    // rule: H-11 H-12
    use koloda_native::games::hundred_one::RestockError;
    let mut game = drawing_on(["8D 9D", "8H KH"], "8C 9S", &["8C", "7C 9S"]);
    play(&mut game, "draw");
    assert_eq!(game.restocks_used(), 1);
    assert_eq!((game.pile(), game.stock()), (&cards("9S")[..], &[][..]));
    assert_eq!(game.drawn(), Some(card("8C")));
    assert_eq!(hand(&game, 1), ["8H", "KH", "8C"]);
    assert_eq!(legal(&game), ["pass"]);
    // a copy for search keeps the reshuffles used, not those given for later
    assert_eq!(game.restocks().len(), 2);
    let copy = game.for_search();
    assert_eq!(copy.restocks(), &game.restocks()[..1]);
    // a hand that ends before a reshuffle the record gives is an error
    let mut game = drawing_on(["8D 9D", "9H"], "8C 9S", &["8C"]);
    let error = game
        .step(u32::from(card("9H")), &mut (), &mut NoChance)
        .expect_err("a reshuffle given and not used");
    assert_eq!(
        error,
        RestockError::Unused {
            used: 0,
            given: 1,
            last_card: card("9H")
        }
    );
}
