//! Fixed workloads of the games' rules for measuring their speed, ignored by the ordinary
//! run: a thousand random games of each game (a game of Spades stops after 30 deals), and
//! ISMCTS searches of Spades.
//! Each is deterministic, so its instruction count compares builds:
//!
//! ```text
//! cargo test --release --test crate --no-run
//! valgrind --tool=cachegrind <the test binary> --ignored --exact speed::king_playouts
//! ```

use koloda_native::core::cards::CardBits;
use koloda_native::core::rng::Rng;
use koloda_native::games::hundred_one::{self, HundredOneOptions};
use koloda_native::games::king::{self, KingOptions};
use koloda_native::games::spades::{self, Phase, Spades, SpadesOptions};
use koloda_native::games::tressette::{self, TressetteOptions};
use koloda_native::games::Playouts;
use koloda_native::search::{ismcts, Budget, Determinizer, Place, TrickSearch};

const GAMES: u64 = 1000;

/// Checks that a workload played its games, and says how many decisions they took.
fn report<T>(result: &Playouts<T>) {
    assert_eq!(result.games, GAMES);
    println!("{} decisions", result.decisions);
}

#[test]
#[ignore = "a workload for measuring speed"]
fn king_playouts() {
    let result = king::playouts(KingOptions::default(), GAMES, 1, 0);
    report(&result);
}

#[test]
#[ignore = "a workload for measuring speed"]
fn spades_playouts() {
    // random bids rarely reach the target: a game stops after 30 deals
    let result = spades::playouts(SpadesOptions::default(), GAMES, 1, 30);
    report(&result);
}

#[test]
#[ignore = "a workload for measuring speed"]
fn tressette_playouts() {
    let result = tressette::playouts(TressetteOptions::default(), GAMES, 1, 0);
    report(&result);
}

#[test]
#[ignore = "a workload for measuring speed"]
fn hundred_one_playouts() {
    let result = hundred_one::playouts(HundredOneOptions::default(), GAMES, 1, 0);
    report(&result);
}

/// A Spades deal dealt from `seed` and bid at random, at its first card.
fn spades_at_first_card(seed: u64) -> Spades {
    let mut rng = Rng::new(seed);
    let mut game = Spades::new(SpadesOptions::default(), 0);
    game.deal_random(&mut rng);
    while game.phase() != Phase::Play {
        let action = game.random_action(&mut rng);
        game.step(action, &mut ());
    }
    game
}

#[test]
#[ignore = "a workload for measuring speed"]
fn spades_ismcts() {
    let budget = Budget {
        simulations: Some(5000),
        milliseconds: None,
    };
    for seed in 0..4 {
        let game = spades_at_first_card(seed);
        let observer = TrickSearch::to_act(&game);
        // the observer knows its own hand and how many cards each other seat holds
        let mut unseen: CardBits = 0;
        let places: Vec<Place> = (0..4)
            .map(|seat| {
                if seat == observer {
                    return Place::default();
                }
                unseen |= TrickSearch::hand(&game, seat);
                Place {
                    size: TrickSearch::hand(&game, seat).count_ones(),
                    ..Place::default()
                }
            })
            .collect();
        let hands: Vec<CardBits> = (0..4).map(|seat| TrickSearch::hand(&game, seat)).collect();
        let mut dealer = Determinizer::new(observer, unseen, &places, &hands).expect("a dealer");
        let found = ismcts(
            &game,
            observer,
            &mut dealer,
            budget,
            seed,
            0.7,
            seed % 2 == 1,
        )
        .expect("a search");
        assert_eq!(found.simulations, 5000);
        println!(
            "seed {seed}: card {} of {} nodes",
            found.action, found.nodes
        );
    }
}
