//! The belief model of the trick games' card play: how likely the other
//! seats' public decisions were, had they held the cards of a sampled deal.
//!
//! A sampled deal gives every seat its cards now; with the cards each has played in this
//! deal they are its holding at the start of the card play. The card play is replayed from
//! there (`start`, the position at the first card, which agrees with the searching seat's
//! view). The weight is the game's weight of what the seats decided before the play
//! (`TrickSearch::prior_weight`: Spades' bids), and with an `epsilon` the card play is
//! replayed and at each decision of another seat with a choice the model is the game's
//! heuristic (`TrickSearch::policy_card`) with an `epsilon` chance of any legal card: the
//! weight is then multiplied by the probabilities of the cards played.
//!
//! Against `hard` in Spades the bids alone gained 9 points a deal; the card play's model
//! lost (the other seats are searches, not the heuristic), so it is not `hard`'s.
//!
//! Only public decisions and the sampled hands enter a weight, never a real hidden card.

use crate::core::cards::{CardBits, CardCode};
use crate::core::rng::Rng;
use crate::games::spades::policy::heuristic_bid;
use crate::games::spades::{Bid, Spades};
use crate::search::trick::TrickSearch;

/// What the public card play says, read once for the many deals weighed against it.
#[derive(Clone, Debug)]
pub struct PlayBelief<G> {
    start: G,
    plays: Vec<(usize, CardCode)>,
    played_by: [CardBits; 4],
    observer: usize,
    epsilon: Option<f64>,
}

impl<G: TrickSearch> PlayBelief<G> {
    /// The model for `observer` from `start`, the position at the first card of the deal
    /// (any hidden hands that agree with the view), and the deal's cards played since, as
    /// `(seat, card)` in order. The plays must be legal from `start` in that order. Without
    /// an `epsilon` only the decisions before the play are weighed.
    pub fn new(
        start: G,
        plays: Vec<(usize, CardCode)>,
        observer: usize,
        epsilon: Option<f64>,
    ) -> Result<Self, String> {
        if epsilon.is_some_and(|e| !(0.0..=1.0).contains(&e)) {
            return Err("epsilon must be within 0..1".into());
        }
        let n = start.num_seats();
        if observer >= n {
            return Err(format!("seat {observer} is not a seat of the game"));
        }
        let mut played_by = [0 as CardBits; 4];
        let mut check = start.for_search();
        for (index, &(seat, card)) in plays.iter().enumerate() {
            if !check.in_play() || check.to_act() != seat {
                return Err(format!("play {index}: seat {seat} is not to play"));
            }
            if card >= 64 || check.legal_mask() >> card & 1 == 0 {
                return Err(format!("play {index}: card {card} is not legal there"));
            }
            played_by[seat] |= 1 << card;
            check.play(card);
        }
        Ok(PlayBelief {
            start: start.for_search(),
            plays,
            played_by,
            observer,
            epsilon,
        })
    }

    /// The weight of a deal giving each seat `hands[seat]` now (the observer's own hand as
    /// it is): 0 when the plays are impossible with those cards.
    pub fn weight(&self, hands: &[CardBits], rng: &mut Rng) -> f64 {
        let mut state = self.start.clone();
        for (seat, &hand) in hands.iter().enumerate().take(state.num_seats()) {
            state.set_hand(seat, hand | self.played_by[seat]);
        }
        let weight = state.prior_weight(self.observer);
        match self.epsilon {
            Some(epsilon) if weight > 0.0 => weight * self.play_weight(state, epsilon, rng),
            _ => weight,
        }
    }

    /// The probability of the cards the others played from `state` (at the first card).
    fn play_weight(&self, mut state: G, epsilon: f64, rng: &mut Rng) -> f64 {
        let mut weight = 1.0;
        for &(seat, card) in &self.plays {
            let legal = state.legal_mask();
            if legal >> card & 1 == 0 {
                return 0.0;
            }
            if seat != self.observer {
                let count = legal.count_ones();
                if count > 1 {
                    let share = epsilon / count as f64;
                    weight *= match state.policy_card(rng) {
                        Some(choice) if choice == card => 1.0 - epsilon + share,
                        Some(_) => share,
                        None => 1.0 / count as f64,
                    };
                }
            }
            state.play(card);
        }
        weight
    }
}

/// A bid off the heuristic's by `d` tricks weighs `exp(-d² / 2σ²)` with this σ.
const BID_SPREAD: f64 = 1.0;
/// The weight of a nil bid from a hand the heuristic would not bid nil with, and the
/// factor on a number bid from a hand it would.
const NIL_MISS: f64 = 0.05;
const NUMBER_FOR_NIL: f64 = 0.3;

/// How likely `bid` (nil: 0) was from `hand` under the heuristic's bidding, softly: a
/// number near the heuristic's weighs nearly as much as its own.
pub fn bid_weight(hand: CardBits, bid: i8, partner_nil: bool) -> f64 {
    let (nil, target) = heuristic_bid(hand, partner_nil);
    if bid == 0 {
        return if nil { 1.0 } else { NIL_MISS };
    }
    let off = (bid - target) as f64;
    let factor = if nil { NUMBER_FOR_NIL } else { 1.0 };
    factor * (-off * off / (2.0 * BID_SPREAD * BID_SPREAD)).exp()
}

/// The weight of the bids in a Spades position at the first card, its hands as sampled:
/// each bid of another seat but a blind double nil, from the hand it bid with. That hand
/// is known for a seat of the observer's side (its exchange is known); a nil bidder of the
/// other side is judged on the hand it plays (after the exchange, weaker still), and the
/// partner who gave it cards is left out.
pub fn spades_bids_weight(state: &Spades, observer: usize) -> f64 {
    let mut weight = 1.0;
    let mut bid_so_far = [None; 4];
    for &(seat, action) in state.auction() {
        let seat = seat as usize;
        let Some(bid) = Bid::from_action(action) else {
            continue;
        };
        let partner_nil = bid_so_far[seat ^ 2].is_some_and(Bid::is_nil);
        bid_so_far[seat] = Some(bid);
        if seat == observer || bid == Bid::DoubleNil {
            continue;
        }
        let exchanged = state.sent()[seat] != 0;
        let hand = if !exchanged {
            state.hands()[seat]
        } else if seat % 2 == observer % 2 {
            state.hands()[seat] & !state.received()[seat] | state.sent()[seat]
        } else if bid == Bid::Nil {
            state.hands()[seat]
        } else {
            continue;
        };
        weight *= bid_weight(hand, bid.code(), partner_nil);
    }
    weight
}

/// A Spades deal at its first card, dealt from `seed`: every seat looks at its cards and
/// bids as the heuristic does; an exchange at random (for tests).
#[cfg(test)]
pub(crate) fn bid_by_heuristic(options: crate::games::spades::SpadesOptions, seed: u64) -> Spades {
    use crate::games::spades::{Phase, BID_BASE, LOOK};
    let mut rng = Rng::new(seed);
    let mut game = Spades::new(options, 0);
    game.deal_random(&mut rng);
    while game.phase() != Phase::Play {
        let seat = game.to_act().expect("a seat bids").at();
        let action = if game.is_legal(LOOK as i64) {
            LOOK
        } else if game.is_legal(BID_BASE as i64) {
            let partner_nil = game.bids()[seat ^ 2].is_some_and(Bid::is_nil);
            let (nil, number) = heuristic_bid(game.hands()[seat], partner_nil);
            BID_BASE + if nil { 0 } else { number as u32 }
        } else {
            game.random_action(&mut rng)
        };
        game.step(action, &mut ());
    }
    game.for_search()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cards::suit_of;
    use crate::games::spades::SpadesOptions;
    use crate::search::determinize::Determinizer;

    fn spades_start(seed: u64) -> Spades {
        bid_by_heuristic(SpadesOptions::default(), seed)
    }

    /// `count` cards played by the policy from `start`: the plays and the position.
    fn policy_plays(start: &Spades, count: usize) -> (Vec<(usize, CardCode)>, Spades) {
        let mut game = start.clone();
        let mut rng = Rng::new(0);
        let mut plays = Vec::new();
        for _ in 0..count {
            let card = game.policy_card(&mut rng).unwrap();
            plays.push((TrickSearch::to_act(&game), card));
            game.play(card);
        }
        (plays, game)
    }

    #[test]
    fn the_real_deal_weighs_more_than_most_when_everybody_played_the_policy() {
        let start = spades_start(3);
        let (plays, game) = policy_plays(&start, 16);
        let observer = TrickSearch::to_act(&game);
        let belief = PlayBelief::new(start, plays, observer, Some(0.1)).unwrap();
        let mut rng = Rng::new(1);
        let real: Vec<CardBits> = game.hands().to_vec();
        let truth = belief.weight(&real, &mut rng);
        assert!(truth > 0.0);
        let mut dealer = Determinizer::knowing_hand_sizes(&game, observer);
        let mut lower = 0;
        for _ in 0..200 {
            let other = dealer.determinize(&game, &mut rng);
            let hands: Vec<CardBits> = other.hands().to_vec();
            let w = belief.weight(&hands, &mut rng);
            assert!(w >= 0.0);
            if w < truth * 0.5 {
                lower += 1;
            }
        }
        assert!(
            lower > 150,
            "most random deals explain the play worse: {lower}"
        );
    }

    #[test]
    fn a_seat_that_showed_out_of_a_suit_cannot_have_held_it() {
        // find a deal where some seat does not follow suit within the first 20 cards
        for seed in 0..200 {
            let start = spades_start(seed);
            let (plays, game) = policy_plays(&start, 20);
            let mut leader_suit = None;
            let mut discard = None;
            for (index, &(seat, card)) in plays.iter().enumerate() {
                if index % 4 == 0 {
                    leader_suit = Some(suit_of(card));
                } else if Some(suit_of(card)) != leader_suit {
                    discard = Some((seat, leader_suit.unwrap()));
                    break;
                }
            }
            let Some((seat, suit)) = discard else {
                continue;
            };
            let observer = TrickSearch::to_act(&game);
            if seat == observer {
                continue;
            }
            // give that seat a card of the suit from another seat's hand, in exchange
            let mut hands: Vec<CardBits> = game.hands().to_vec();
            let Some(donor) = (0..4).find(|&s| {
                s != seat && s != observer && hands[s] & crate::core::cards::suit_mask(suit) != 0
            }) else {
                continue;
            };
            if hands[seat] == 0 {
                continue;
            }
            let given = hands[donor] & crate::core::cards::suit_mask(suit);
            let given = given & given.wrapping_neg();
            let back = hands[seat] & hands[seat].wrapping_neg();
            hands[donor] = hands[donor] & !given | back;
            hands[seat] = hands[seat] & !back | given;
            let belief =
                PlayBelief::new(start.clone(), plays.clone(), observer, Some(0.3)).unwrap();
            let mut rng = Rng::new(4);
            assert_eq!(belief.weight(&hands, &mut rng), 0.0);
            let real: Vec<CardBits> = game.hands().to_vec();
            assert!(belief.weight(&real, &mut rng) > 0.0);
            let mut wrong = plays.clone();
            wrong[0].0 = (wrong[0].0 + 1) % 4;
            assert!(PlayBelief::new(start.clone(), wrong, observer, Some(0.3)).is_err());
            assert!(PlayBelief::new(start, plays, observer, Some(1.5)).is_err());
            return;
        }
        panic!("no seat showed out in 200 deals");
    }
}
