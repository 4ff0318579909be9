//! Spades' scoring as scenarios on the crate alone, checked against `docs/rules/spades.md`
//! (each test names its rules). Every hand is dealt one suit a seat, so the seat holding
//! the spades takes all 13 tricks however it is played (S-12) and a hand's score follows
//! from the bids alone; the hands before the one a test is about are bid and played like
//! any other, so every total and bag count is one a real game reaches.

use crate::common::{card, not_in_hand};
use koloda_native::core::tricks::TrickPlay;
use koloda_native::games::spades::{BothNilFailure, Phase, Spades, SpadesOptions, BID_BASE};

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

fn cards(text: &str) -> Vec<u32> {
    let mut codes: Vec<u32> = text
        .split_whitespace()
        .map(|c| u32::from(card(c)))
        .collect();
    codes.sort_unstable();
    codes
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
        both_nil_failure: if lose_score {
            BothNilFailure::LoseScore
        } else {
            BothNilFailure::Minus200
        },
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
    assert_eq!(line.sides[0].nil_points, -230); // the two nils' result is the side's score
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

#[test]
fn both_nils_made_keep_the_sides_bags() {
    // rule: S-15 S-13
    let mut game = Spades::new(options(true, true), 1);
    play_hand(&mut game, 1, [NIL, 6, 1, 4]);
    play_hand(&mut game, 0, [4, 1, 2, 1]);
    assert_eq!(*game.bags(), [7, 3]);
    play_hand(&mut game, 1, [NIL, 12, NIL, 1]); // side 1 takes all 13 as bid
    let line = game.sheet().last().expect("scored");
    assert_eq!(line.sides.map(|side| side.score), [200, 130]);
    assert_eq!(line.sides.map(|side| side.bags), [7, 3]);
    assert_eq!(*game.bags(), [7, 3]);
    assert_eq!(game.totals()[..2], [357, 213]);
}

const SPADES_TO_BREAK: [&str; 4] = [
    "2S 3S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    "4S 5S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "6S 7S 8S 9S 10S JS QS KS AS KH AH KC AC",
];

#[test]
fn spades_are_led_only_once_a_discard_broke_them() {
    // rule: S-10 S-11 S-12 S-4
    let mut game = Spades::new(options(false, true), 3);
    let mut hands = [[0u8; 13]; 4];
    for (hand, text) in hands.iter_mut().zip(SPADES_TO_BREAK) {
        for (slot, word) in hand.iter_mut().zip(text.split_whitespace()) {
            *slot = card(word);
        }
    }
    game.deal(&hands);
    assert_eq!(game.to_act().map(|s| s.at()), Some(3)); // the dealer bids first
    while game.phase() == Phase::Bid {
        game.apply(i64::from(BID_BASE + 1), &mut Vec::new())
            .expect("a bid of one");
    }
    let mut legal = Vec::new();
    let mut play = |game: &mut Spades, text: &str, allowed: &str| {
        game.legal_actions(&mut legal);
        assert_eq!(legal, cards(allowed), "before {text}");
        assert_eq!(game.legal_codes(), legal);
        game.apply(i64::from(card(text)), &mut Vec::new())
            .expect("a legal card");
    };
    assert_eq!(game.to_act().map(|s| s.at()), Some(0)); // left of the dealer leads
    let refused = game
        .check(i64::from(card("2S")))
        .expect_err("no spade lead");
    assert_eq!(refused.rule(), Some("S-10, S-11"));
    let elsewhere = card("4S"); // seat 1's
    assert_eq!(game.check(i64::from(elsewhere)), not_in_hand(elsewhere, 0));
    play(&mut game, "2H", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH");
    play(&mut game, "2C", SPADES_TO_BREAK[1]); // void: any card
    play(&mut game, "2D", SPADES_TO_BREAK[2]);
    let refused = game.check(i64::from(card("KC"))).expect_err("hearts led");
    assert!(
        matches!(
            refused,
            koloda_native::core::illegal::IllegalMove::MustFollow { .. }
        ),
        "{refused:?}"
    );
    play(&mut game, "KH", "KH AH");
    // seat 3 took it; no spade was discarded yet
    let refused = game.check(i64::from(card("6S"))).expect_err("not broken");
    assert_eq!(refused.rule(), Some("S-11"));
    play(&mut game, "KC", "AH KC AC");
    play(&mut game, "2S", "2S 3S 3H 4H 5H 6H 7H 8H 9H 10H JH QH"); // void: a spade
    play(&mut game, "3C", "3C 4C 5C 6C 7C 8C 9C 10C JC QC");
    play(&mut game, "3D", "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD");
    // the spade took the trick, and its discard broke spades: seat 0 may lead one
    assert_eq!(game.to_act().map(|s| s.at()), Some(0));
    play(&mut game, "3S", "3S 3H 4H 5H 6H 7H 8H 9H 10H JH QH");
}

#[test]
fn the_first_side_to_500_wins() {
    // rule: S-17
    let mut game = Spades::new(options(false, true), 1);
    play_hand(&mut game, 0, [13, NIL, NIL, 1]);
    play_hand(&mut game, 0, [13, NIL, NIL, 1]);
    assert_eq!(game.totals()[..2], [460, 180]);
    assert!(!game.is_over());
    play_hand(&mut game, 0, [5, 1, NIL, 1]);
    assert_eq!(game.totals()[..2], [618, 160]);
    assert!(game.is_over());
    assert_eq!(game.winners().as_slice(), [0]);
}

#[test]
fn equal_totals_past_500_play_another_hand() {
    // rule: S-17 S-15
    let mut game = Spades::new(options(false, true), 1);
    play_hand(&mut game, 1, [NIL, 13, 4, NIL]);
    play_hand(&mut game, 0, [13, NIL, NIL, 1]);
    assert_eq!(game.totals()[..2], [290, 320]);
    play_hand(&mut game, 0, [13, NIL, NIL, NIL]); // 230 for side 0, both nils made: 200
    assert_eq!(game.totals()[..2], [520, 520]);
    assert!(!game.is_over());
    play_hand(&mut game, 0, [1, 1, 1, 1]);
    assert_eq!(game.totals()[..2], [551, 500]);
    assert!(game.is_over());
    assert_eq!(game.winners().as_slice(), [0]);
}

#[test]
fn the_records_keep_each_hands_dealer_cards_and_decisions() {
    // rule: S-3 S-4 S-10 the deal rotates left; the dealer bids first, his left leads
    use koloda_native::core::rng::Rng;
    use koloda_native::core::Seat;
    use koloda_native::games::Recorded;
    let options = SpadesOptions {
        max_deals: 5,
        target: 1000,
        ..SpadesOptions::default()
    };
    let mut game = Spades::new(options, 2);
    let mut rng = Rng::new(17);
    let (mut dealt, mut decisions, mut auctions) = (Vec::new(), Vec::new(), Vec::new());
    while !game.is_over() {
        if !game.in_deal() {
            assert_eq!(game.to_act(), None);
            game.deal_random(&mut rng);
            dealt.push(*game.dealt());
            decisions.push(Vec::new());
            assert_eq!(game.to_act(), Some(Seat::new(game.dealer())));
            assert_eq!(game.trick_leader(), None);
            assert!(game.auction().is_empty());
            assert_eq!(game.current_record().dealer, game.dealer());
            assert_eq!(game.dealt_hands(), game.current_record().dealt);
        }
        let seat = game.to_act().expect("a seat acts").index();
        let bidding = game.phase() != Phase::Play;
        let action = game.random_action(&mut rng);
        decisions.last_mut().expect("a hand").push(action);
        game.apply(i64::from(action), &mut Vec::new())
            .expect("a legal action");
        if bidding && game.phase() == Phase::Play {
            let leader = Some(Seat::new((game.dealer() + 1) % 4));
            assert_eq!(game.trick_leader(), leader);
            assert_eq!(game.to_act(), leader);
            auctions.push(game.auction().to_vec());
        }
        if bidding {
            let last = game.auction().last().copied();
            if game.in_deal() {
                assert_eq!(last, Some((seat, action)));
            }
        }
        if game.in_deal() {
            assert_eq!(
                &game.current_record().actions,
                decisions.last().expect("a hand")
            );
        }
    }
    let records = game.records(0);
    assert_eq!(game.completed().len(), 5);
    for (hand, (kept, line)) in game.completed().iter().zip(game.sheet()).enumerate() {
        assert_eq!(line.dealer, (2 + hand as u8) % 4, "hand {hand}");
        assert_eq!(kept.dealer(), line.dealer);
        assert_eq!(records[hand].dealer, line.dealer);
        assert_eq!(kept.dealt(), &dealt[hand]);
        let hands: Vec<Vec<u8>> = dealt[hand].iter().map(|h| h.to_vec()).collect();
        assert_eq!(records[hand].dealt, hands);
        assert_eq!(kept.actions(), decisions[hand]);
        assert_eq!(records[hand].actions, decisions[hand]);
        // the bids in the auction go round from the dealer
        let bidders: Vec<u8> = auctions[hand]
            .iter()
            .filter(|&&(_, action)| (BID_BASE..BID_BASE + 15).contains(&action))
            .map(|&(seat, _)| seat)
            .collect();
        let from_dealer: Vec<u8> = (0..4).map(|i| (line.dealer + i) % 4).collect();
        assert_eq!(bidders, from_dealer);
    }
    assert_eq!(game.records(3), records[3..]);
    assert!(game.records(9).is_empty());
}

#[test]
fn each_seat_gets_its_sides_total_and_equal_totals_at_the_last_hand_share_the_win() {
    // rule: S-16 S-17
    let options = SpadesOptions {
        max_deals: 2,
        ..options(false, true)
    };
    let mut game = Spades::new(options, 0);
    play_hand(&mut game, 0, [13, NIL, NIL, 1]);
    assert_eq!(game.totals()[..2], [230, 90]);
    let [a, b] = [230.0, 90.0];
    assert_eq!(koloda_native::games::Game::outcome(&game), vec![a, b, a, b]);
    assert_eq!(game.outcome(), [a, b, a, b]);
    assert!(!game.is_over() && !game.in_deal());
    // side 1 evens it with its own thirteen and nil (230), side 0 makes a nil and is set
    // on one (90): equal totals at the last hand share the win
    play_hand(&mut game, 1, [NIL, 13, 1, NIL]);
    assert_eq!(game.totals()[..2], [320, 320]);
    assert!(game.is_over() && !game.in_deal());
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.winners().as_slice(), [0, 1]);
    assert_eq!(game.to_act(), None);
    assert_eq!(game.outcome(), [320.0; 4]);
}

#[test]
fn looks_bids_exchanges_and_broken_spades_are_kept_as_they_happen() {
    // rule: S-4 S-6 S-7 S-8 S-11 S-13
    use koloda_native::core::rng::Rng;
    use koloda_native::core::Suit;
    use koloda_native::games::spades::{Bid, LOOK};
    let options = SpadesOptions {
        max_deals: 6,
        ..SpadesOptions::default()
    };
    let (mut exchanges, mut breaks) = (0, 0);
    for seed in 0..6 {
        let mut game = Spades::new(options, seed as u8 % 4);
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            game.deal_random(&mut rng);
            assert_eq!(*game.picked_up(), [false; 4], "nobody has looked");
            assert_eq!(*game.bids(), [None; 4]);
            assert!(!game.broken());
            assert_eq!((*game.sent(), *game.received()), ([0; 4], [0; 4]));
            assert_eq!(*game.pending(), [0; 4]);
            let mut nil_exchanges = Vec::new();
            while game.in_deal() {
                let seat = game.to_act().expect("a seat acts").at();
                let before = game.clone();
                let action = game.random_action(&mut rng);
                game.apply(i64::from(action), &mut Vec::new())
                    .expect("a legal action");
                if action == LOOK {
                    assert!(!before.picked_up()[seat] && game.picked_up()[seat]);
                }
                if (BID_BASE..BID_BASE + 15).contains(&action) && game.in_deal() {
                    let code = (action - BID_BASE) as i8;
                    assert_eq!(game.bids()[seat].map(Bid::code), Some(code));
                }
                if before.phase() == Phase::Play && game.in_deal() {
                    if game.broken() && !before.broken() {
                        // a spade discarded on another suit's lead broke them
                        breaks += 1;
                        assert_eq!(action >> 4, 0, "a spade");
                        let led = before.lead_suit().expect("a suit was led");
                        assert_ne!(led, Suit::Spades);
                    }
                    assert!(game.broken() || !before.broken(), "broken stays broken");
                }
                if before.phase() != Phase::Play && game.phase() == Phase::Play {
                    // the auction is over: each exchange went three cards each way
                    let bids = game.bids();
                    let nil = |seat: usize| matches!(bids[seat], Some(Bid::Nil | Bid::DoubleNil));
                    for seat in 0..4 {
                        let partner = seat ^ 2;
                        if game.received()[seat] == 0 {
                            assert_eq!(game.sent()[partner], 0, "nothing given, nothing sent");
                            continue;
                        }
                        // one of the two bid nil and they swapped three cards
                        assert!(nil(seat) != nil(partner), "S-8: not both nil");
                        if nil(seat) {
                            exchanges += 1;
                            nil_exchanges.push(seat as u8);
                        }
                        assert_eq!(game.received()[seat], game.sent()[partner]);
                        assert_eq!(game.received()[seat].count_ones(), 3);
                    }
                    assert_eq!(*game.pending(), [0; 4]);
                    let hands = game.hands();
                    assert!(hands.iter().all(|hand| hand.count_ones() == 13));
                }
            }
            let line = game.sheet().last().expect("the hand is scored");
            assert_eq!(*game.bags(), [line.sides[0].bags, line.sides[1].bags]);
            assert_eq!(
                line.exchanges, nil_exchanges,
                "the sheet names who exchanged"
            );
        }
    }
    assert!(exchanges > 0 && breaks > 0);
}

#[test]
fn the_target_and_the_deal_limit_are_checked_at_their_bounds() {
    // rule: S-17
    use koloda_native::games::Setup;
    let with = |target, max_deals| {
        Spades::setup(
            SpadesOptions {
                target,
                max_deals,
                ..SpadesOptions::default()
            },
            0,
        )
        .is_ok()
    };
    assert!(with(1, 0) && with(1000, 1000));
    assert!(!with(0, 0) && !with(1001, 0) && !with(500, 1001));
}

#[test]
fn a_side_reaching_the_target_exactly_wins_and_one_point_short_plays_on() {
    // rule: S-17 S-13 S-14
    // seat `spades` bids 13 and his partner nil (230); the other side is set on one beside
    // a made nil (90)
    for (side, spades, bids) in [(0, 0, [13, NIL, NIL, 1]), (1, 1, [1, 13, NIL, NIL])] {
        let mut totals = [90, 90];
        totals[side] = 230;
        for target in [230, 231] {
            let table = SpadesOptions {
                target,
                ..options(false, true)
            };
            let mut game = Spades::new(table, 0);
            play_hand(&mut game, spades, bids);
            assert_eq!(game.totals()[..2], totals);
            let reached = target == 230;
            assert_eq!(game.is_over(), reached, "side {side}, target {target}");
            if reached {
                assert_eq!(game.winners().as_slice(), [side as u8]);
                assert_eq!(game.phase(), Phase::Over);
            } else {
                assert!(game.winners().as_slice().is_empty());
                assert_eq!(game.phase(), Phase::AwaitDeal);
            }
        }
    }
}

/// A table with the blind double nil and the nil exchange (S-6, S-7), dealt `suited(0)` by
/// seat 0: each seat looks, then the seats in `nil` bid nil and the others three; every
/// discard and gift is the lowest triple the seat may give.
fn exchanged(nil: [usize; 2]) -> Spades {
    use koloda_native::games::spades::LOOK;
    let table = SpadesOptions {
        double_nil: true,
        nil_exchange: true,
        ..options(false, true)
    };
    let mut game = Spades::new(table, 0);
    game.deal(&suited(0));
    let mut legal = Vec::new();
    while game.phase() != Phase::Play {
        let seat = game.to_act().expect("a seat acts").at();
        let action = match game.phase() {
            Phase::Bid if !game.picked_up()[seat] => LOOK,
            Phase::Bid if nil.contains(&seat) => BID_BASE,
            Phase::Bid => BID_BASE + 3,
            _ => {
                game.legal_actions(&mut legal);
                legal[0]
            }
        };
        game.apply(i64::from(action), &mut Vec::new())
            .expect("a legal decision");
    }
    game
}

#[test]
fn each_discard_and_gift_is_seen_by_the_partnership_that_exchanged_and_hidden_from_the_other() {
    // rule: S-7 S-1 S-6
    use koloda_native::core::Seat;
    // actions.py: DISCARD_HIDDEN = DISCARD_BASE = 1 << 18, GIVE_HIDDEN = GIVE_BASE = 1 << 19
    let (discard_hidden, give_hidden) = (1u32 << 18, 1u32 << 19);
    let is_exchange = |action: u32| action >= discard_hidden;
    // seats 0 and 1 bid nil, so 2 and 3 give; then 2 and 3 bid nil, so 0 and 1 give
    for (nil, givers) in [([0, 1], [2u8, 3]), ([2, 3], [0, 1])] {
        let game = exchanged(nil);
        let auction = game.auction().to_vec();
        let gifts: Vec<u8> = auction
            .iter()
            .filter(|&&(_, action)| action >= give_hidden)
            .map(|&(seat, _)| seat)
            .collect();
        assert_eq!(gifts, givers, "nil bidders {nil:?}");
        assert_eq!(auction.iter().filter(|&&(_, a)| is_exchange(a)).count(), 4);
        for viewer in 0..4u8 {
            let expected: Vec<(u8, u32)> = auction
                .iter()
                .map(|&(who, action)| {
                    let same_side = who % 2 == viewer % 2; // partners sit opposite
                    if !is_exchange(action) || same_side {
                        (who, action) // looks and bids are public
                    } else if action >= give_hidden {
                        (who, give_hidden)
                    } else {
                        (who, discard_hidden)
                    }
                })
                .collect();
            let view = game.view(Seat::new(viewer));
            assert_eq!(view.auction, expected, "seat {viewer}, nil bidders {nil:?}");
            let seen: Vec<(u8, u32)> = game.visible_auction(viewer).collect();
            assert_eq!(seen, expected);
        }
    }
}

#[test]
fn a_blind_double_nil_bidder_picks_up_his_cards_and_a_seat_who_looked_is_left_as_he_is() {
    // rule: S-6
    use koloda_native::core::Seat;
    use koloda_native::games::spades::{Event, BID_DOUBLE_NIL, DOUBLE_NIL, LOOK};
    let table = SpadesOptions {
        double_nil: true,
        ..options(false, true)
    };
    let mut game = Spades::new(table, 0);
    let dealt = suited(0);
    game.deal(&dealt);
    let hand_of = |seat: usize| dealt[seat].iter().fold(0u64, |set, &c| set | 1 << c);
    assert_eq!(*game.picked_up(), [false; 4]);
    assert!(game.view(Seat::new(0)).hand.is_empty());
    let mut events = Vec::new();
    game.apply(i64::from(BID_DOUBLE_NIL), &mut events)
        .expect("double nil blind");
    assert_eq!(
        events,
        [
            Event::BidMade {
                seat: 0,
                bid: DOUBLE_NIL
            },
            Event::HandPickedUp {
                seat: 0,
                hand: hand_of(0)
            },
        ]
    );
    assert_eq!(*game.picked_up(), [true, false, false, false]);
    assert_eq!(game.view(Seat::new(0)).hand, dealt[0].to_vec());
    assert_eq!(
        game.view(Seat::new(2)).picked_up,
        [true, false, false, false]
    );
    // seat 1 looks first: his bid picks up nothing more
    let mut events = Vec::new();
    game.apply(i64::from(LOOK), &mut events).expect("a look");
    assert_eq!(
        events,
        [Event::HandPickedUp {
            seat: 1,
            hand: hand_of(1)
        }]
    );
    let mut events = Vec::new();
    game.apply(i64::from(BID_BASE + 3), &mut events)
        .expect("a bid of three");
    assert_eq!(events, [Event::BidMade { seat: 1, bid: 3 }]);
    assert_eq!(*game.picked_up(), [true, true, false, false]);
    assert_eq!(game.view(Seat::new(1)).hand, dealt[1].to_vec());
    assert!(
        game.view(Seat::new(2)).hand.is_empty(),
        "seat 2 has not looked"
    );
}

#[test]
fn an_illegal_bid_is_refused_with_its_own_reason() {
    // rule: S-6 S-4
    use koloda_native::core::illegal::IllegalMove;
    use koloda_native::games::spades::{BID_DOUBLE_NIL, LOOK};
    let look = i64::from(LOOK);
    let double_nil = i64::from(BID_DOUBLE_NIL);
    let must_bid = |seat| IllegalMove::SeatMust {
        seat,
        reason: "must bid now",
        rule: "S-4",
    };
    let mut game = Spades::new(SpadesOptions::default(), 1);
    game.deal(&suited(0));
    // seat 1 has not looked: a number is not his to bid yet
    assert_eq!(
        game.check(i64::from(BID_BASE + 3)),
        Err(IllegalMove::SeatMust {
            seat: 1,
            reason: "must first look at his cards (look) or bid double nil blind",
            rule: "S-6",
        })
    );
    assert_eq!(game.check(i64::from(card("2H"))), Err(must_bid(1)));
    assert_eq!(game.check(look), Ok(()));
    game.apply(look, &mut Vec::new()).expect("a look");
    let again = game.check(look).expect_err("he has looked");
    assert_eq!(again, IllegalMove::AlreadyLooked { seat: 1 });
    assert_eq!(again.to_string(), "seat 1 has already looked at his cards");
    assert_eq!(
        game.check(double_nil),
        Err(IllegalMove::breaks(
            "double nil may only be bid before looking at the cards",
            "S-6"
        ))
    );
    for action in [0, i64::from(card("2H")), 80, -1, 1 << 18] {
        assert_eq!(game.check(action), Err(must_bid(1)), "action {action}");
    }
    assert_eq!(game.check(i64::from(BID_BASE + 3)), Ok(()));
    // without double nil there is no look: the cards are in hand from the start
    let mut game = Spades::new(options(false, true), 2);
    game.deal(&suited(0));
    assert_eq!(
        game.check(look),
        Err(IllegalMove::AlreadyLooked { seat: 2 })
    );
    assert_eq!(
        game.check(double_nil),
        Err(IllegalMove::breaks(
            "double nil is not played at this table",
            "S-6, option double_nil"
        ))
    );
    assert_eq!(game.check(i64::from(BID_BASE + 13)), Ok(()));
    assert_eq!(game.check(double_nil + 1), Err(must_bid(2)));
}

/// Every triple of the cards of `hand` as `actions.py` packs it on `base`: the lowest card in
/// the high bits, `a << 12 | b << 6 | c` with `a < b < c`, in ascending order.
fn triples(base: u32, hand: u64) -> Vec<u32> {
    let cards: Vec<u32> = (0..64).filter(|&c| hand >> c & 1 == 1).collect();
    let mut codes = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            for &c in &cards[j + 1..] {
                codes.push(base + (a << 12 | b << 6 | c));
            }
        }
    }
    codes
}

#[test]
fn discards_and_gifts_are_coded_as_the_python_engine_codes_them() {
    // rule: S-7 S-6
    use koloda_native::games::spades::{DISCARD_BASE, GIVE_BASE, LOOK};
    // actions.py: DISCARD_BASE = 1 << 18, GIVE_BASE = 1 << 19, TRIPLE_END = 1 << 20
    let (discard_base, give_base) = (1u32 << 18, 1u32 << 19);
    let table = SpadesOptions {
        double_nil: true,
        nil_exchange: true,
        ..options(false, true)
    };
    let mut game = Spades::new(table, 0);
    let mut hands = [[0u8; 13]; 4];
    for (hand, text) in hands.iter_mut().zip(SPADES_TO_BREAK) {
        for (slot, word) in hand.iter_mut().zip(text.split_whitespace()) {
            *slot = card(word);
        }
    }
    game.deal(&hands);
    let mut legal = Vec::new();
    game.apply(i64::from(LOOK), &mut Vec::new())
        .expect("a look");
    game.apply(i64::from(BID_BASE), &mut Vec::new())
        .expect("nil");
    assert_eq!(game.phase(), Phase::Discard);
    game.legal_actions(&mut legal);
    let hand = game.hands()[0];
    assert_eq!(legal, triples(discard_base, hand));
    assert_eq!(legal.len(), 286); // 13 choose 3
    assert!(legal.iter().all(|&code| code < give_base));
    // a single card is no discard, nor a gift below
    assert_eq!(
        game.check(i64::from(card("2S"))),
        Err(koloda_native::core::illegal::IllegalMove::breaks(
            "the nil bidder must discard three cards face down",
            "S-7"
        ))
    );
    // nor are codes of a card twice or of cards out of order, though all are in the hand
    for text in ["2S 2S 3S", "3S 2S 2H"] {
        let codes: Vec<u32> = text.split_whitespace().map(|c| card(c).into()).collect();
        let packed = codes[0] << 12 | codes[1] << 6 | codes[2];
        assert_eq!(
            game.check(i64::from(discard_base + packed)),
            Err(koloda_native::core::illegal::IllegalMove::breaks(
                "the nil bidder must discard three cards face down",
                "S-7"
            )),
            "{text}"
        );
    }
    // a triple with a card not in the hand is refused with the cards missing
    assert_eq!(
        game.check(i64::from(discard_base + pack("2S 3S 4D"))),
        Err(koloda_native::core::illegal::IllegalMove::NotAllInHand {
            cards: 1 << card("4D"),
            seat: 0
        })
    );
    // 2S 3S 2H: 0 << 12 | 1 << 6 | 16
    let discard = discard_base + pack("2S 3S 2H");
    assert_eq!(discard, (1 << 18) + 80);
    assert!(legal.contains(&discard));
    game.apply(i64::from(discard), &mut Vec::new())
        .expect("a discard");
    assert_eq!(game.auction().last(), Some(&(0, discard)));
    let discarded = 1 << card("2S") | 1 << card("3S") | 1 << card("2H");
    assert_eq!(game.hands()[0], hand & !discarded);
    game.apply(i64::from(LOOK), &mut Vec::new())
        .expect("a look");
    game.apply(i64::from(BID_BASE + 2), &mut Vec::new())
        .expect("two");
    game.apply(i64::from(LOOK), &mut Vec::new())
        .expect("a look");
    game.apply(i64::from(BID_BASE + 4), &mut Vec::new())
        .expect("four");
    assert_eq!(game.phase(), Phase::Give);
    assert_eq!(
        game.check(i64::from(card("QD"))),
        Err(koloda_native::core::illegal::IllegalMove::breaks(
            "the nil bidder's partner must give him three cards",
            "S-7"
        ))
    );
    assert_eq!(game.to_act().map(|s| s.at()), Some(2));
    game.legal_actions(&mut legal);
    let partner = game.hands()[2];
    assert_eq!(legal, triples(give_base, partner));
    assert_eq!(legal.len(), 286);
    assert!(legal.iter().all(|&code| code > give_base && code < 1 << 20));
    let gift = give_base + pack("QD KD AD");
    assert_eq!(legal.last(), Some(&gift));
    game.apply(i64::from(gift), &mut Vec::new())
        .expect("a gift");
    assert_eq!(
        game.received()[0],
        1 << card("QD") | 1 << card("KD") | 1 << card("AD")
    );
    assert_eq!(game.received()[2], discarded);
    // and the crate's constants are those numbers
    assert_eq!((DISCARD_BASE, GIVE_BASE), (discard_base, give_base));
}

/// Three cards from their notation as `actions.pack` packs them.
fn pack(text: &str) -> u32 {
    let cards = cards(text);
    cards[0] << 12 | cards[1] << 6 | cards[2]
}
