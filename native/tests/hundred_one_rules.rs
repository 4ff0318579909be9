//! 101's end of the game as scenarios on the crate alone, checked against
//! `docs/rules/hundred_one.md` (each test names its rules): hands given card by card and
//! played through the public API.

use std::sync::Arc;

use koloda_native::games::hundred_one::{
    deck_cards, HundredOne, HundredOneOptions, NoChance, Setup, DRAW, PASS,
};
use koloda_native::games::Game;

/// A card's code from its notation (`10H`, `QS`).
fn card(text: &str) -> u8 {
    let (rank, suit) = text.split_at(text.len() - 1);
    let ranks = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    let rank = ranks.iter().position(|&r| r == rank).expect("a rank") as u8;
    let suit = "SHDC".find(suit).expect("a suit") as u8;
    suit << 4 | rank
}

fn cards(text: &str) -> Vec<u8> {
    text.split_whitespace().map(card).collect()
}

/// A first hand dealt by seat 0 with these hands and starter; the stock is `stock_top`
/// (top first), then every card not named, lowest code first.
fn dealt(hands: [&str; 2], starter: &str, stock_top: &str) -> HundredOne {
    let options = HundredOneOptions {
        players: 2,
        hand_size: 3,
        ..HundredOneOptions::default()
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
    let mut game = HundredOne::new(options, 0);
    game.deal_setup(Arc::new(setup), &mut ());
    game
}

/// Plays the actions written as cards, `draw` and `pass`, each checked first.
fn play(game: &mut HundredOne, text: &str) {
    for word in text.split_whitespace() {
        let action = match word {
            "draw" => DRAW,
            "pass" => PASS,
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
        play(&mut game, "8S draw pass 8H draw pass KH");
        assert_eq!(game.totals()[..2], [total, 0], "kept {kept}");
        assert_eq!(Game::is_over(&game), total == 101, "kept {kept}");
        if total == 101 {
            assert_eq!(Game::to_act(&game), None);
            assert_eq!(game.outcome()[..2], [-101.0, 0.0]);
        }
    }
}
