//! Spades' scoring as scenarios on the crate alone, checked against `docs/rules/spades.md`
//! (each test names its rules). Every hand is dealt one suit a seat, so the seat holding
//! the spades takes all 13 tricks however it is played (S-12) and a hand's score follows
//! from the bids alone; the hands before the one a test is about are bid and played like
//! any other, so every total and bag count is one a real game reaches.

use koloda_native::games::spades::{Phase, Spades, SpadesOptions, BID_BASE};

/// Each seat holds one whole suit, the spades at seat `spades`.
fn suited(spades: usize) -> [[u8; 13]; 4] {
    let mut hands = [[0u8; 13]; 4];
    for (seat, hand) in hands.iter_mut().enumerate() {
        let suit = ((seat + 4 - spades) % 4) as u8;
        for (rank, card) in hand.iter_mut().enumerate() {
            *card = suit << 4 | rank as u8;
        }
    }
    hands
}

/// A bid's number: 0 for nil.
const NIL: u32 = 0;

/// Deals `suited(spades)`, has each seat bid `bids[seat]` in its turn and plays the hand
/// out, the lowest legal card each time.
fn play_hand(game: &mut Spades, spades: usize, bids: [u32; 4]) {
    game.deal(&suited(spades));
    let mut legal = Vec::new();
    while game.phase() == Phase::Bid {
        let seat = game.to_act().expect("a seat bids").at();
        let bid = BID_BASE + bids[seat];
        game.apply(i64::from(bid), &mut Vec::new())
            .expect("a legal bid");
    }
    while game.phase() == Phase::Play {
        game.legal_actions(&mut legal);
        game.apply(i64::from(legal[0]), &mut Vec::new())
            .expect("a legal card");
    }
    let line = game.sheet().last().expect("the hand is scored");
    let mut taken = [0u8; 4];
    taken[spades] = 13;
    assert_eq!(line.tricks, taken, "the spades took every trick");
}

fn options(bags_penalty: bool, lose_score: bool) -> SpadesOptions {
    SpadesOptions {
        double_nil: false,
        nil_exchange: false,
        bags_penalty,
        both_nil_lose_score: lose_score,
        ..SpadesOptions::default()
    }
}

/// Side 0 ahead: 13 bid and taken (130) and seat 2's nil (+100); side 1: seat 1's nil
/// (+100), seat 3's 1 set (−10). Totals 230 and 90; the next hand is dealt by seat 3.
fn ahead(lose_score: bool) -> Spades {
    let mut game = Spades::new(options(false, lose_score), 2);
    play_hand(&mut game, 0, [13, NIL, NIL, 1]);
    assert_eq!(game.totals()[..2], [230, 90]);
    game
}

#[test]
fn both_nils_failed_lose_the_whole_positive_score() {
    // rule: S-15 S-13 S-14
    let mut game = ahead(true);
    play_hand(&mut game, 0, [NIL, 2, NIL, 1]); // seat 0 bid nil and took 13
    let line = game.sheet().last().expect("scored");
    assert_eq!(line.sides.map(|side| side.score), [-230, -30]);
    assert!(line.sides[0].lost_score);
    assert_eq!(game.totals()[..2], [0, 60]);
}

#[test]
fn both_nils_failed_cost_200_with_the_option() {
    // rule: S-15
    let mut game = ahead(false);
    play_hand(&mut game, 0, [NIL, 2, NIL, 1]);
    let line = game.sheet().last().expect("scored");
    assert_eq!(line.sides.map(|side| side.score), [-200, -30]);
    assert!(!line.sides[0].lost_score);
    assert_eq!(game.totals()[..2], [30, 60]);
}

#[test]
fn both_nils_failed_with_nothing_to_lose_keep_the_total() {
    // rule: S-15 S-16
    let mut game = Spades::new(options(false, true), 2);
    play_hand(&mut game, 0, [NIL, 1, 1, 1]); // seat 0's nil fails, seat 2's 1 is set
    assert_eq!(game.totals()[..2], [-110, -20]);
    play_hand(&mut game, 0, [NIL, 2, NIL, 1]);
    let line = game.sheet().last().expect("scored");
    assert_eq!(line.sides.map(|side| side.score), [0, -30]);
    assert!(line.sides[0].lost_score);
    assert_eq!(game.totals()[..2], [-110, -50]);
}

#[test]
fn both_nils_failed_take_the_bags_with_a_positive_score() {
    // rule: S-15 S-14
    let mut game = Spades::new(options(true, true), 1);
    play_hand(&mut game, 1, [NIL, 6, 1, 4]); // side 0: 90; side 1: 103 and 3 bags
    play_hand(&mut game, 0, [4, 1, 2, 1]); // side 0: 67 and 7 bags; side 1: set, −20
    assert_eq!(game.totals()[..2], [157, 83]);
    assert_eq!(*game.bags(), [7, 3]);
    play_hand(&mut game, 0, [NIL, 2, NIL, 1]);
    let line = game.sheet().last().expect("scored");
    assert_eq!(line.sides.map(|side| side.score), [-157, -30]);
    assert_eq!(game.totals()[..2], [0, 53]);
    assert_eq!(*game.bags(), [0, 3]); // the bags went with the score; side 1 took none
}
