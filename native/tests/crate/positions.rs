//! Every game's positions given whole (`Positioned::restore`): a position of the table,
//! whatever the point of the game, is restored exactly and plays on as the game it was
//! taken from; a position that breaks one limit of the table, one step past it, is refused
//! and changes nothing, and the same position at the limit itself is taken.

use std::fmt::Debug;

use koloda_native::core::rng::Rng;
use koloda_native::core::{BySeat, Seat};
use koloda_native::games::hundred_one::{
    Chance, HundredOne, HundredOneOptions, HundredOnePosition, Line, Seeded, Setup as HandSetup,
};
use koloda_native::games::king::{King, KingOptions, KingPosition, Variant};
use koloda_native::games::spades::{Spades, SpadesOptions, SpadesPosition, DOUBLE_NIL};
use koloda_native::games::tressette::{Tressette, TressetteOptions, TressettePosition, DECK_40};
use koloda_native::games::{DealtGame, Positioned};

/// A named change to a position.
type Change<P> = (&'static str, fn(&mut P));

/// Each change of `refused` makes `game`'s position one the game refuses, leaving it as it
/// was; each change of `taken` (a limit reached, not passed) makes one it takes whole.
fn limits<G>(game: &G, taken: &[Change<G::Position>], refused: &[Change<G::Position>])
where
    G: Positioned,
    G::Position: Clone + PartialEq + Debug,
{
    let before = game.position();
    for (name, change) in refused {
        let mut position = before.clone();
        change(&mut position);
        let mut target = game.clone();
        assert!(target.restore(position).is_err(), "{name} is refused");
        assert_eq!(target.position(), before, "{name} changed nothing");
    }
    for (name, change) in taken {
        let mut position = before.clone();
        change(&mut position);
        let mut target = game.clone();
        assert_eq!(target.restore(position.clone()), Ok(()), "{name} is taken");
        assert_eq!(target.position(), position, "{name} is taken whole");
    }
}

/// `game`'s position restored into `blank` (a new game of the same table) reads back the
/// same, and both play on alike with the same decisions to the end of the deal in
/// progress (and the next deal, dealt alike).
fn plays_on_alike<G>(game: &G, mut blank: G, seed: u64)
where
    G: Positioned + DealtGame,
    G::Position: PartialEq + Debug,
{
    let mut game = game.clone();
    assert_eq!(blank.restore(game.position()), Ok(()));
    assert_eq!(blank.position(), game.position());
    let (mut one, mut two) = (Rng::new(seed), Rng::new(seed));
    if !game.is_over() && !game.in_deal() {
        game.deal_random(&mut one);
        blank.deal_random(&mut two);
    }
    while game.in_deal() {
        assert_eq!(blank.to_act(), game.to_act());
        let action = game.random_action(&mut one);
        assert_eq!(blank.random_action(&mut two), action);
        assert_eq!(game.step_unchecked(action), blank.step_unchecked(action));
        assert_eq!(blank.position(), game.position());
    }
    assert_eq!(blank.outcome(), game.outcome());
}

/// `game` dealt from `seed`, then `steps` random decisions into its play (dealing when due).
fn advanced<G: DealtGame>(mut game: G, seed: u64, steps: usize) -> G {
    let mut rng = Rng::new(seed);
    game.deal_random(&mut rng);
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        let action = game.random_action(&mut rng);
        if game.step_unchecked(action) {
            game.deal_random(&mut rng);
        }
    }
    game
}

/// `game` played with random decisions until its deal in progress ends (not dealing the
/// next one).
fn deal_played<G: DealtGame>(mut game: G, seed: u64) -> G {
    let mut rng = Rng::new(seed);
    while game.in_deal() {
        let action = game.random_action(&mut rng);
        game.step_unchecked(action);
    }
    game
}

fn king(variant: Variant) -> King {
    King::new(
        KingOptions {
            variant,
            ..KingOptions::default()
        },
        1,
    )
}

#[test]
fn king_positions_round_trip_and_play_on_at_every_point() {
    for variant in [Variant::Classic, Variant::Order, Variant::Three] {
        for seed in 0..12 {
            // before any deal; in the first decisions of a deal (an order, a trump); in
            // the card play; between deals; in a positive deal of the program
            let fresh = king(variant);
            plays_on_alike(&fresh, king(variant), seed);
            for steps in [0, 1, 2, 7, 30] {
                let game = advanced(king(variant), seed, steps);
                plays_on_alike(&game, king(variant), seed);
            }
            let between = deal_played(advanced(king(variant), seed, 0), seed);
            assert!(!between.in_deal() && !between.is_over());
            plays_on_alike(&between, king(variant), seed);
        }
    }
    // rule: K-13 K-14 K-19 the ninth deal of the program is positive: restored mid-deal,
    // its trump still takes the tricks it took
    for seed in 0..8 {
        let mut game = advanced(king(Variant::Classic), seed, 0);
        let mut rng = Rng::new(seed);
        while game.deal_number() < 8 {
            let action = game.random_action(&mut rng);
            if game.step_unchecked(action) {
                game.deal_random(&mut rng);
            }
        }
        for _ in 0..3 {
            let action = game.random_action(&mut rng);
            game.step_unchecked(action);
        }
        assert!(game.trump().is_some());
        plays_on_alike(&game, king(Variant::Classic), seed);
    }
}

#[test]
fn a_finished_king_game_restores_as_over() {
    let mut game = advanced(king(Variant::Three), 4, 0);
    let mut rng = Rng::new(4);
    while !game.is_over() {
        let action = game.random_action(&mut rng);
        if game.step_unchecked(action) {
            game.deal_random(&mut rng);
        }
    }
    let mut copy = king(Variant::Three);
    assert_eq!(copy.restore(game.position()), Ok(()));
    assert!(copy.is_over() && !copy.in_deal());
    assert_eq!(copy.outcome(), game.outcome());
}

/// A BySeat of `len` copies of `value`.
fn seats<T: Copy + Default>(len: usize, value: T) -> BySeat<T> {
    BySeat::from_slice(&vec![value; len])
}

#[test]
fn king_positions_past_the_tables_limits_are_refused() {
    // four seats, hands of eight, 32 cards in play, eight tricks, four order rows at the most
    let four = advanced(king(Variant::Order), 3, 6);
    assert!(four.in_deal());
    limits(
        &four,
        &[
            ("the last seat deals", |p: &mut KingPosition| p.dealer = 3),
            ("the last seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(3))
            }),
            ("every card played", |p| p.card_play.plays = vec![0; 32]),
            ("three cards in the trick", |p| p.card_play.trick_count = 3),
            ("clubs led", |p| p.card_play.lead_suit = 3),
            ("every trick played", |p| p.card_play.tricks_played = 8),
            ("four order rows", |p| p.rows = vec![[1; 8]; 4]),
        ],
        &[
            ("a fifth dealer", |p: &mut KingPosition| p.dealer = 4),
            ("three hands", |p| p.hands = seats(3, 0)),
            ("three takens", |p| p.taken = seats(3, 0)),
            ("three last tricks", |p| p.last_tricks = seats(3, 0)),
            ("three trick counts", |p| p.card_play.tricks = seats(3, 0)),
            ("three lead rules", |p| p.lead_first = seats(3, 0)),
            ("three totals", |p| p.totals = seats(3, 0)),
            ("three hands dealt", |p| p.dealt.truncate(3)),
            ("five hands dealt", |p| p.dealt.push(vec![0; 8])),
            ("a hand of seven dealt", |p| {
                p.dealt[2].pop();
            }),
            ("a hand of nine dealt", |p| p.dealt[3].push(0)),
            ("33 cards played", |p| p.card_play.plays = vec![0; 33]),
            ("a fifth seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(4))
            }),
            ("four cards in the trick", |p| p.card_play.trick_count = 4),
            ("a fifth suit led", |p| p.card_play.lead_suit = 4),
            ("nine tricks played", |p| p.card_play.tricks_played = 9),
            ("five order rows", |p| p.rows = vec![[1; 8]; 5]),
        ],
    );
    // rule: K-26 three seats, hands of ten, 30 cards in play, ten tricks
    let three = advanced(king(Variant::Three), 3, 6);
    assert!(three.in_deal());
    limits(
        &three,
        &[
            ("the last seat deals", |p: &mut KingPosition| p.dealer = 2),
            ("every card played", |p| p.card_play.plays = vec![0; 30]),
            ("two cards in the trick", |p| p.card_play.trick_count = 2),
            ("every trick played", |p| p.card_play.tricks_played = 10),
        ],
        &[
            ("a fourth dealer", |p: &mut KingPosition| p.dealer = 3),
            ("a fourth seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(3))
            }),
            ("31 cards played", |p| p.card_play.plays = vec![0; 31]),
            ("three cards in the trick", |p| p.card_play.trick_count = 3),
            ("eleven tricks played", |p| p.card_play.tricks_played = 11),
            ("four hands", |p| p.hands = seats(4, 0)),
            ("four takens", |p| p.taken = seats(4, 0)),
            ("four last tricks", |p| p.last_tricks = seats(4, 0)),
            ("four trick counts", |p| p.card_play.tricks = seats(4, 0)),
            ("four lead rules", |p| p.lead_first = seats(4, 0)),
            ("four totals", |p| p.totals = seats(4, 0)),
            ("four hands dealt", |p| p.dealt.push(vec![0; 10])),
            ("a hand of eight dealt", |p| p.dealt[0].truncate(8)),
        ],
    );
}

fn spades() -> Spades {
    Spades::new(SpadesOptions::default(), 2)
}

#[test]
fn spades_positions_round_trip_and_play_on_at_every_point() {
    for seed in 0..12 {
        plays_on_alike(&spades(), spades(), seed);
        for steps in [0, 1, 3, 6, 9, 14, 40] {
            plays_on_alike(&advanced(spades(), seed, steps), spades(), seed);
        }
        let between = deal_played(advanced(spades(), seed, 0), seed);
        assert!(!between.in_deal() && !between.is_over());
        plays_on_alike(&between, spades(), seed);
    }
    // rule: S-17 a game over at its last deal restores as over
    let options = SpadesOptions {
        max_deals: 1,
        ..SpadesOptions::default()
    };
    let over = deal_played(advanced(Spades::new(options, 0), 6, 0), 6);
    assert!(over.is_over());
    let mut copy = Spades::new(options, 0);
    assert_eq!(copy.restore(over.position()), Ok(()));
    assert!(copy.is_over() && !copy.in_deal());
    assert_eq!(copy.winners(), over.winners());
    assert_eq!(copy.position(), over.position());
}

#[test]
fn spades_positions_past_the_tables_limits_are_refused() {
    // rule: S-4..S-9 four seats, hands of 13, bids up to double nil, the longest auction
    // (four looks, four bids, two nil discards and two gifts), 52 cards, 13 tricks
    let game = advanced(spades(), 8, 2);
    assert!(game.in_deal());
    limits(
        &game,
        &[
            ("the last seat deals", |p: &mut SpadesPosition| p.dealer = 3),
            ("the last seat acts", |p| p.to_act = Some(Seat::new(3))),
            ("the last seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(3))
            }),
            ("a double nil bid", |p| p.bids[1] = Some(DOUBLE_NIL as u8)),
            ("the longest auction", |p| p.auction = vec![(3, 64); 12]),
            ("every card played", |p| p.card_play.plays = vec![0; 52]),
            ("three cards in the trick", |p| p.card_play.trick_count = 3),
            ("clubs led", |p| p.card_play.lead_suit = 3),
            ("every trick played", |p| p.card_play.tricks_played = 13),
            ("both sides win", |p| p.winners = vec![0, 1]),
        ],
        &[
            ("a fifth dealer", |p: &mut SpadesPosition| p.dealer = 4),
            ("a fifth seat acts", |p| p.to_act = Some(Seat::new(4))),
            ("a fifth seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(4))
            }),
            ("nobody acts in a deal", |p| p.to_act = None),
            ("a bid past double nil", |p| {
                p.bids[1] = Some(DOUBLE_NIL as u8 + 1)
            }),
            ("an auction too long", |p| p.auction = vec![(3, 64); 13]),
            ("a fifth seat in the auction", |p| p.auction = vec![(4, 64)]),
            ("53 cards played", |p| p.card_play.plays = vec![0; 53]),
            ("four cards in the trick", |p| p.card_play.trick_count = 4),
            ("a fifth suit led", |p| p.card_play.lead_suit = 4),
            ("14 tricks played", |p| p.card_play.tricks_played = 14),
            ("three winners", |p| p.winners = vec![0, 1, 1]),
            ("a third side wins", |p| p.winners = vec![2]),
            ("three hands dealt", |p| p.dealt.truncate(3)),
            ("five hands dealt", |p| p.dealt.push(vec![0; 13])),
            ("a hand of 12 dealt", |p| {
                p.dealt[0].pop();
            }),
            ("a hand of 14 dealt", |p| p.dealt[2].push(0)),
        ],
    );
}

fn tressette() -> Tressette {
    Tressette::new(TressetteOptions::default(), 3)
}

#[test]
fn tressette_positions_round_trip_and_play_on_at_every_point() {
    for seed in 0..12 {
        plays_on_alike(&tressette(), tressette(), seed);
        for steps in [0, 1, 5, 22, 60] {
            plays_on_alike(&advanced(tressette(), seed, steps), tressette(), seed);
        }
        let between = deal_played(advanced(tressette(), seed, 0), seed);
        assert!(!between.in_deal());
        plays_on_alike(&between, tressette(), seed);
    }
}

#[test]
fn tressette_positions_past_the_tables_limits_are_refused() {
    // rule: T-4 T-7..T-11 T-18 four seats, hands of ten, 40 cards, three games a group
    let game = advanced(tressette(), 2, 7);
    assert!(game.in_deal());
    limits(
        &game,
        &[
            ("the last seat deals", |p: &mut TressettePosition| {
                p.dealer = 3
            }),
            ("the last seat leads the deal", |p| p.leader = 3),
            ("the last seat acts", |p| p.to_act = Some(Seat::new(3))),
            ("the last seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(3))
            }),
            ("every card played", |p| p.card_play.plays = vec![0; 40]),
            ("three cards in the trick", |p| p.card_play.trick_count = 3),
            ("clubs led", |p| p.card_play.lead_suit = 3),
            ("every trick played", |p| p.card_play.tricks_played = 10),
        ],
        &[
            ("a fifth dealer", |p: &mut TressettePosition| p.dealer = 4),
            ("a fifth seat leads the deal", |p| p.leader = 4),
            ("a fifth seat acts", |p| p.to_act = Some(Seat::new(4))),
            ("a fifth seat leads", |p| {
                p.card_play.trick_leader = Some(Seat::new(4))
            }),
            ("three hands dealt", |p| p.dealt.truncate(3)),
            ("five hands dealt", |p| p.dealt.push(vec![0; 10])),
            ("a hand of nine dealt", |p| {
                p.dealt[1].pop();
            }),
            ("a hand of eleven dealt", |p| p.dealt[3].push(0)),
            ("three seats' declarations", |p| p.declarations.truncate(3)),
            ("five seats' declarations", |p| {
                p.declarations.push(Vec::new())
            }),
            ("41 cards played", |p| p.card_play.plays = vec![0; 41]),
            ("four cards in the trick", |p| p.card_play.trick_count = 4),
            ("a fifth suit led", |p| p.card_play.lead_suit = 4),
            ("eleven tricks played", |p| p.card_play.tricks_played = 11),
            ("a fourth game", |p| p.games = vec![Default::default(); 4]),
            ("a third side wins a game", |p| {
                p.games = vec![Default::default()];
                p.games[0].winner = 2;
            }),
            ("four games settled", |p| p.settled_games = 4),
        ],
    );
    // the limits of the games themselves: three games, won by side 0 or 1
    limits(
        &game,
        &[
            ("three games", |p: &mut TressettePosition| {
                p.games = vec![Default::default(); 3];
            }),
            ("side 1 wins a game", |p| {
                p.games = vec![Default::default()];
                p.games[0].winner = 1;
            }),
            ("three games settled", |p| {
                p.games = vec![Default::default(); 3];
                p.settled_games = 3;
            }),
        ],
        &[],
    );
}

#[test]
fn tressette_declarations_are_the_seats_own_and_eight_at_the_most() {
    // rule: T-7 T-10 seat 0 holds three threes and three twos: two triples, shown as its own
    let own = [1, 17, 33, 0, 16, 32, 50, 51, 52, 53]; // 3♠ 3♥ 3♦ 2♠ 2♥ 2♦ 4♣ 5♣ 6♣ 7♣
    let rest: Vec<u8> = (0..64u8)
        .filter(|card| DECK_40 >> card & 1 == 1 && !own.contains(card))
        .collect();
    let mut hands = [own; 4];
    for (hand, cards) in hands[1..].iter_mut().zip(rest.chunks(10)) {
        hand.copy_from_slice(cards);
    }
    let mut game = tressette();
    game.deal(&hands, &mut ());
    let position = game.position();
    assert_eq!(position.declarations[0].len(), 2);
    assert!(position.declarations[0].iter().all(|shown| shown.seat == 0));
    limits(
        &game,
        &[("eight declarations", |p: &mut TressettePosition| {
            let first = p.declarations[0][0].clone();
            p.declarations[0] = vec![first; 8];
        })],
        &[
            ("nine declarations", |p: &mut TressettePosition| {
                let first = p.declarations[0][0].clone();
                p.declarations[0] = vec![first; 9];
            }),
            ("seat 0's declaration shown as seat 1's", |p| {
                let first = p.declarations[0].remove(0);
                p.declarations[1].push(first);
            }),
        ],
    );
}

fn hundred_one() -> HundredOne {
    HundredOne::new(HundredOneOptions::default(), 1)
}

/// A game of 101 dealt from `seed` (its hands and reshuffles from seeded shuffles) and
/// `steps` random decisions into its play.
fn hundred_one_advanced(seed: u64, steps: usize) -> HundredOne {
    let mut game = hundred_one();
    let label = seed.to_string();
    let mut chance = Seeded(&label);
    let deck = chance.deck(0).expect("a seeded deck");
    game.deal_cards(&deck, &mut ());
    let mut rng = Rng::new(seed);
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        let action = game.random_action(&mut rng);
        game.step(action, &mut (), &mut chance)
            .expect("a seeded reshuffle");
    }
    game
}

#[test]
fn hundred_one_positions_round_trip_and_play_on_at_every_point() {
    let mut fresh = hundred_one();
    assert_eq!(fresh.restore(hundred_one().position()), Ok(()));
    assert_eq!(fresh.position(), hundred_one().position());
    assert_eq!(
        (fresh.top(), fresh.suit(), fresh.drawn()),
        (None, None, None)
    );
    for seed in 0..12 {
        for steps in [0, 1, 4, 15, 50, 120] {
            let game = hundred_one_advanced(seed, steps);
            let mut copy = HundredOne::new(HundredOneOptions::default(), 0);
            assert_eq!(copy.restore(game.position()), Ok(()));
            assert_eq!(copy.position(), game.position());
            let (mut game, mut rng) = (game, Rng::new(seed));
            let (mut one, mut two) = (Rng::new(seed + 1), Rng::new(seed + 1));
            for _ in 0..30 {
                if game.is_over() || !game.in_deal() {
                    break;
                }
                let action = game.random_action(&mut rng);
                let stepped = game.step(action, &mut (), &mut one);
                assert_eq!(copy.step(action, &mut (), &mut two), stepped);
                assert_eq!(copy.position(), game.position());
            }
        }
    }
}

#[test]
fn hundred_one_positions_past_the_tables_limits_are_refused() {
    // rule: H-1 H-2 H-3 four seats, the 36 cards from six to ace
    let game = hundred_one_advanced(5, 3);
    assert!(game.in_deal());
    limits(
        &game,
        &[
            ("the last seat deals", |p: &mut HundredOnePosition| {
                p.dealer = 3
            }),
            ("the last seat dealt first", |p| p.first_dealer = 3),
            ("the last seat acts", |p| p.to_act = Some(Seat::new(3))),
            ("36 cards in the stock and the pile", |p| {
                p.stock = vec![4; 18];
                p.pile = vec![4; 18];
            }),
        ],
        &[
            ("a fifth dealer", |p: &mut HundredOnePosition| p.dealer = 4),
            ("a fifth first dealer", |p| p.first_dealer = 4),
            ("a fifth seat acts", |p| p.to_act = Some(Seat::new(4))),
            ("nobody acts in a hand", |p| p.to_act = None),
            ("three hands", |p| {
                p.hands.pop();
            }),
            ("five hands", |p| p.hands.push(0)),
            ("three totals", |p| {
                p.totals.pop();
            }),
            ("five totals", |p| p.totals.push(0)),
            ("a two in a hand", |p| p.hands[2] |= 1),
            ("37 cards in the stock and the pile", |p| {
                p.stock = vec![4; 30];
                p.pile = vec![4; 7];
            }),
            ("a two in the stock", |p| p.stock.push(0)),
            ("a two in the pile", |p| p.pile.insert(0, 0)),
            ("a two on top", |p| p.top = Some(0)),
            ("a two drawn", |p| p.drawn = Some(0)),
            ("a two as starter", |p| p.starter = Some(0)),
            ("a two in a reshuffle", |p| p.restocks = vec![vec![4, 0]]),
            ("a line of three scores", |p| {
                p.sheet = vec![Line {
                    deal: 0,
                    dealer: 0,
                    out: 0,
                    out_on_queen: false,
                    scores: vec![0; 3],
                }];
            }),
            ("a deck of 35", |p| {
                if let Some(deck) = p.dealt_cards.as_mut() {
                    deck.pop();
                }
            }),
            ("a deck and a setup", |p| {
                p.setup = Some(HandSetup {
                    hands: vec![Vec::new(); 4],
                    starter: 4,
                    stock: Vec::new(),
                    restocks: Vec::new(),
                });
            }),
        ],
    );
    assert!(game.position().dealt_cards.is_some());
    // between hands nobody acts, and a seat acting there is refused
    let mut rng = Rng::new(2);
    let mut between = hundred_one_advanced(2, 0);
    let mut chance = NoDeal(Rng::new(3));
    let deal = between.deal_number();
    while between.deal_number() == deal {
        let action = between.random_action(&mut rng);
        between
            .step(action, &mut (), &mut chance)
            .expect("a drawn reshuffle");
    }
    assert!(!between.in_deal());
    limits(
        &between,
        &[],
        &[("a seat acts between hands", |p: &mut HundredOnePosition| {
            p.to_act = Some(Seat::new(0))
        })],
    );
    let mut copy = hundred_one();
    assert_eq!(copy.restore(between.position()), Ok(()));
    assert_eq!(copy.position(), between.position());
}

/// Reshuffles from a generator but deals no next hand (the next hand awaits its deal).
struct NoDeal(Rng);

impl Chance for NoDeal {
    fn deck(&mut self, _deal: u32) -> Option<[u8; 36]> {
        None
    }
    fn restock(&mut self, below: &[u8], index: u64) -> Option<Vec<u8>> {
        self.0.restock(below, index)
    }
}
