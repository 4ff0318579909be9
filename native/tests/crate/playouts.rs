//! Every game's batch of random playouts (`playouts`) counts what the rules fix: the games,
//! the deals a game lasts, the decisions a deal takes where the rules fix them, the games
//! stopped at the deal limit, each seat's total and outcome summed over the games, and the
//! game's own counts (Spades' wins, 101's reshuffles).

use koloda_native::core::rng::Rng;
use koloda_native::games::hundred_one::{self, HundredOneOptions};
use koloda_native::games::king::{self, King, KingOptions, ThreePlayerBalance, Variant};
use koloda_native::games::spades::{self, Spades, SpadesOptions};
use koloda_native::games::tressette::{self, TressetteOptions};
use koloda_native::games::{play_random, Game};

#[test]
fn a_classic_king_game_is_fifteen_deals_of_32_cards_and_eight_trumps() {
    // rule: K-7 K-12 K-13 K-14 K-22 played out (no early end), every deal takes 32 cards,
    // and each of the eight positive deals one trump call
    let options = KingOptions {
        stop_when_decided: false,
        ..KingOptions::default()
    };
    let result = king::playouts(options, 6, 11, 0);
    assert_eq!(result.games, 6);
    assert_eq!(result.deals, 6 * 15);
    assert_eq!(result.decisions, 6 * (15 * 32 + 8));
    assert_eq!(result.unfinished, 0);
    // the totals are each seat's final result, summed; they sum to zero (K-22)
    assert_eq!(result.total_points, result.outcomes);
    assert!(result.outcomes.iter().any(|&sum| sum != 0.0));
    assert_eq!(result.total_points.iter().sum::<f64>(), 0.0);
    assert_eq!(result.wins, None);
    assert_eq!(result.restocks, None);
    // stopped after three (negative) deals each
    let limited = king::playouts(options, 5, 11, 3);
    assert_eq!(
        (limited.deals, limited.unfinished, limited.decisions),
        (15, 5, 5 * 3 * 32)
    );
    assert_eq!(limited.total_points, limited.outcomes);
    assert_eq!(limited.total_points.iter().sum::<f64>(), -5.0 * 48.0);
}

#[test]
fn king_playouts_sum_the_settlements_of_three_players() {
    // rule: K-26 K-27 three seats; under `proportional` each seat's settlement
    let options = KingOptions {
        variant: Variant::Three,
        three_player_balance: ThreePlayerBalance::Proportional,
        ..KingOptions::default()
    };
    let result = king::playouts(options, 3, 2, 0);
    assert_eq!(result.total_points.len(), 3);
    assert_eq!(result.outcomes.len(), 3);
    assert_eq!(result.total_points, result.outcomes);
    assert_eq!(result.deals, 3 * 45); // 15 deals ordered by each of three
    assert!(result.total_points.iter().sum::<f64>().abs() < 1e-9);
}

#[test]
fn one_kings_game_of_the_batch_is_one_game_played_out() {
    // the batch's first game is the game dealt by seat 0 from the seed, played at random
    let options = KingOptions::default();
    for seed in 0..4 {
        let result = king::playouts(options, 1, seed, 0);
        let mut rng = Rng::new(seed);
        let mut game = King::new(options, 0);
        game.deal_random(&mut rng);
        let played = play_random(&mut game, &mut rng, 0);
        assert!(game.is_over());
        assert_eq!(result.decisions, played.decisions);
        assert_eq!(result.deals, played.deals);
        assert_eq!(result.deals, game.sheet().len() as u64);
        let decisions: usize = game.completed().iter().map(|d| d.actions().len()).sum();
        assert_eq!(result.decisions, decisions as u64);
        assert_eq!(result.outcomes, Game::outcome(&game));
        assert_eq!(result.total_points, Game::outcome(&game));
    }
}

fn plain_spades(max_deals: u32) -> SpadesOptions {
    SpadesOptions {
        double_nil: false,
        nil_exchange: false,
        target: 1000,
        max_deals,
        ..SpadesOptions::default()
    }
}

#[test]
fn spades_hands_are_four_bids_and_52_cards_and_the_wins_add_up() {
    // rule: S-4 S-17 no blind bids and no exchanges: a hand is four bids and 52 cards;
    // no side reaches 1000 in three hands, so each game ends at the third
    let result = spades::playouts(plain_spades(3), 8, 4, 0);
    assert_eq!(result.games, 8);
    assert_eq!(result.deals, 8 * 3);
    assert_eq!(result.decisions, 8 * 3 * 56);
    assert_eq!(result.unfinished, 0);
    let wins = result.wins.expect("Spades counts its wins");
    assert_eq!(wins.iter().sum::<u64>(), 8);
    // each seat's outcome is its side's total
    let sides = [result.total_points[0] as f64, result.total_points[1] as f64];
    assert_eq!(result.outcomes, [sides[0], sides[1], sides[0], sides[1]]);
    assert!(result.total_points.iter().any(|&t| t != 0));
    // one game at a time: the higher total wins, equal totals share (S-17 at max_deals)
    for seed in 0..12 {
        let one = spades::playouts(plain_spades(2), 1, seed, 0);
        let [a, b] = [one.total_points[0], one.total_points[1]];
        let expected = match a.cmp(&b) {
            std::cmp::Ordering::Greater => [1, 0, 0],
            std::cmp::Ordering::Less => [0, 1, 0],
            std::cmp::Ordering::Equal => [0, 0, 1],
        };
        assert_eq!(one.wins, Some(expected), "seed {seed}");
    }
    let limited = spades::playouts(plain_spades(0), 6, 4, 2);
    assert_eq!((limited.deals, limited.unfinished), (12, 6));
    assert_eq!(limited.decisions, 12 * 56);
}

#[test]
fn one_spades_game_of_the_batch_is_one_game_played_out() {
    let options = SpadesOptions {
        max_deals: 4,
        ..SpadesOptions::default()
    };
    for seed in 0..4 {
        let result = spades::playouts(options, 1, seed, 0);
        let mut rng = Rng::new(seed);
        let mut game = Spades::new(options, 0);
        game.deal_random(&mut rng);
        let played = play_random(&mut game, &mut rng, 0);
        assert!(game.is_over());
        assert_eq!(
            (result.decisions, result.deals),
            (played.decisions, played.deals)
        );
        let decisions: usize = game.completed().iter().map(|d| d.actions().len()).sum();
        assert_eq!(result.decisions, decisions as u64);
        assert_eq!(result.total_points, game.totals().to_vec());
        assert_eq!(result.outcomes, Game::outcome(&game));
    }
}

#[test]
fn a_tressette_deal_is_forty_cards_and_a_group_three_games() {
    // rule: T-4 T-16 T-18 every deal is 40 cards; a group of three games is worth 63 at
    // the least, and each partner gets half his side's
    let result = tressette::playouts(TressetteOptions::default(), 5, 9, 0);
    assert_eq!(result.games, 5);
    assert_eq!(result.decisions, 40 * result.deals);
    assert!(result.deals >= 5 * 2);
    assert_eq!(result.unfinished, 0);
    assert!(result.total_points[0] + result.total_points[1] >= 5 * 63);
    let halves = [
        result.total_points[0] as f64 / 2.0,
        result.total_points[1] as f64 / 2.0,
    ];
    assert_eq!(
        result.outcomes,
        [halves[0], halves[1], halves[0], halves[1]]
    );
    // one deal cannot make three games
    let limited = tressette::playouts(TressetteOptions::default(), 5, 9, 1);
    assert_eq!((limited.deals, limited.unfinished), (5, 5));
    assert_eq!(limited.decisions, 5 * 40);
}

#[test]
fn hundred_one_playouts_count_hands_decisions_and_reshuffles() {
    // rule: H-11 H-16 the outcome is minus the running total; a game ends at 101
    let options = HundredOneOptions::default();
    let result = hundred_one::playouts(options, 10, 3, 0);
    assert_eq!(result.games, 10);
    assert_eq!(result.unfinished, 0);
    assert!(result.deals >= 10);
    // the seat going out plays at least the cards he was dealt
    assert!(result.decisions >= result.deals * u64::from(options.hand_size));
    let minus: Vec<f64> = result.total_points.iter().map(|&t| -(t as f64)).collect();
    assert_eq!(result.outcomes, minus);
    assert!(result.total_points.iter().sum::<i64>() >= 10 * 101);
    assert!(result.restocks.expect("101 counts its reshuffles") > 0);
    assert_eq!(result.wins, None);
    let limited = hundred_one::playouts(options, 10, 3, 1);
    assert!(limited.unfinished > 0);
    assert_eq!(limited.deals, 10, "one hand each");
    assert!(limited.decisions < result.decisions);
}
