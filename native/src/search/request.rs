//! The trick games' searches as a caller asks for them: each search's settings as plain data
//! (serde, so Python's keyword arguments arrive as they are: `python/search.rs`), with
//! their defaults and their checks, and how the search runs on a position from what the
//! searching seat knows of the cards it has not seen (the unseen cards, a [`Place`] a seat,
//! and limits). 101's settings are its own (`games::hundred_one::search`).

use crate::core::cards::{CardBits, CardCode};
use crate::search::beliefs_tricks::PlayBelief;
use crate::search::determinize::{Determinizer, Place, Weighing};
use crate::search::game::Budget;
use crate::search::ismcts::{ismcts, SearchResult};
use crate::search::pimc::{pimc, PimcOptions, PimcResult};
use crate::search::trick::TrickSearch;

/// At most `most` cards of a set in a seat's hand: `(seat, set, most)`.
pub type Limit = (usize, CardBits, u32);

/// The budget of a search: at most `count` of its steps and at most `milliseconds` (a
/// finite number >= 0).
pub fn budget(count: Option<u64>, milliseconds: Option<f64>) -> Result<Budget, String> {
    if milliseconds.is_some_and(|ms| !ms.is_finite() || ms < 0.0) {
        return Err("milliseconds must be a finite number >= 0".into());
    }
    Ok(Budget {
        simulations: count,
        milliseconds,
    })
}

/// `value` is a probability.
pub fn check_probability(name: &str, value: f64) -> Result<(), String> {
    if (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(format!("{name} must be a probability, not {value}"))
    }
}

/// The dealer of the hidden cards for `seat` in `game` from its knowledge: the `unseen`
/// cards, one place a seat and the `limits`.
pub fn dealer<G: TrickSearch>(
    game: &G,
    seat: usize,
    unseen: CardBits,
    places: &[Place],
    limits: &[Limit],
) -> Result<Determinizer, String> {
    let hands: Vec<CardBits> = (0..game.num_seats()).map(|s| game.hand(s)).collect();
    Determinizer::new(seat, unseen, places, &hands)?.with_limits(limits.to_vec())
}

/// A search's settings as plain data, Python's keyword arguments (a name it does not take
/// refused): the struct with its `Default`, every field declared with its default (`name:
/// Type = default`) after the three every search takes, its budget and its seed: `count`
/// (named in the head: at most this many of the search's steps, None: until the time is
/// up), `milliseconds` (at most this long, None: until the count is reached) and `seed`;
/// `budget()` is the search's [`Budget`] of the first two, checked.
macro_rules! search_settings {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident counting $count:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident: $ty:ty = $default:expr
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        $vis struct $name {
            #[doc = concat!(
                "At most this many ", stringify!($count), " (None: until the time is up)."
            )]
            pub $count: Option<u64>,
            /// At most this long (None: until the count is reached).
            pub milliseconds: Option<f64>,
            pub seed: u64,
            $( $(#[$field_meta])* $field_vis $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $count: None,
                    milliseconds: None,
                    seed: 0,
                    $( $field: $default, )*
                }
            }
        }

        impl $name {
            /// The search's budget: `milliseconds` a finite number >= 0.
            pub fn budget(&self) -> Result<$crate::search::game::Budget, String> {
                $crate::search::request::budget(self.$count, self.milliseconds)
            }
        }
    };
}

pub(crate) use search_settings;

search_settings! {
    /// ISMCTS over a trick game's card play (`search::ismcts`).
    pub struct IsmctsRequest counting simulations {
        /// UCB's constant: a finite number >= 0.
        pub exploration: f64 = 0.7,
        /// Playouts by the game's policy, else uniformly random cards.
        pub heuristic: bool = false,
        pub limits: Vec<Limit> = Vec::new(),
    }
}

impl IsmctsRequest {
    /// The search for `seat` to play a card in `game` (a position that agrees with its
    /// view), dealing the `unseen` cards to the `places` every iteration.
    pub fn run<G: TrickSearch>(
        &self,
        game: &G,
        seat: usize,
        unseen: CardBits,
        places: &[Place],
    ) -> Result<SearchResult, String> {
        let budget = self.budget()?;
        if !self.exploration.is_finite() || self.exploration < 0.0 {
            return Err("exploration must be a finite number >= 0".into());
        }
        let mut dealer = dealer(game, seat, unseen, places, &self.limits)?;
        let (seed, exploration) = (self.seed, self.exploration);
        ismcts(
            game,
            seat,
            &mut dealer,
            budget,
            seed,
            exploration,
            self.heuristic,
        )
    }
}

search_settings! {
    /// PIMC over a trick game's card play (`search::pimc`), its deals weighed by the others'
    /// decisions when it is given the position at the deal's first card.
    pub struct PimcRequest counting samples {
        /// Solve a deal exactly once at most this many cards are left in the hands.
        pub exact_cards: u32 = 20,
        /// Playouts a card before that.
        pub rollouts: u32 = 1,
        /// Playouts by the game's policy (else uniformly random cards).
        pub heuristic: bool = true,
        /// In a playout the seat's side looks one card ahead.
        pub lookahead: bool = false,
        /// Every seat's hand for every deal (the real ones: the cheater's ceiling).
        pub hands: Option<Vec<CardBits>> = None,
        pub limits: Vec<Limit> = Vec::new(),
        /// The card play since the deal's first card, `(seat, card)`, which the beliefs weigh.
        pub plays: Vec<(usize, CardCode)> = Vec::new(),
        /// The beliefs' chance of any legal card instead of the heuristic's (None: the bids
        /// alone are weighed).
        pub epsilon: Option<f64> = None,
        /// How many candidate deals the beliefs weigh.
        pub candidates: usize = 4000,
        /// The weights are tempered to leave no fewer than this many effective deals.
        pub effective: f64 = 0.0,
    }
}

impl PimcRequest {
    /// The search for `seat` to play a card in `game`, as [`IsmctsRequest::run`]; with
    /// `start`, the position at the deal's first card, the deals are weighed by how well
    /// they explain the others' decisions since (`beliefs_tricks`).
    pub fn run<G: TrickSearch>(
        &self,
        mut game: G,
        seat: usize,
        unseen: CardBits,
        places: &[Place],
        start: Option<G>,
    ) -> Result<PimcResult, String> {
        let budget = self.budget()?;
        if let Some(hands) = &self.hands {
            if hands.len() != game.num_seats() {
                return Err("one hand a seat".into());
            }
            for (seat, &hand) in hands.iter().enumerate() {
                game.set_hand(seat, hand);
            }
        }
        let belief = start
            .map(|start| PlayBelief::new(start, self.plays.clone(), seat, self.epsilon))
            .transpose()?;
        let weighing = belief.as_ref().map(|belief| Weighing {
            belief,
            candidates: self.candidates.max(1),
            min_effective: self.effective.max(0.0),
        });
        let options = PimcOptions {
            exact_cards: self.exact_cards,
            rollouts: self.rollouts,
            heuristic: self.heuristic,
            lookahead: self.lookahead,
        };
        let mut dealer = dealer(&game, seat, unseen, places, &self.limits)?;
        pimc(
            &game,
            seat,
            &mut dealer,
            budget,
            self.seed,
            options,
            weighing,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::spades::{Spades, SpadesOptions};
    use crate::games::DealtGame;

    /// A Spades deal in its card play, seat 1 to lead, and seat 1's knowledge: the others'
    /// 13 cards unseen.
    fn card_play() -> (Spades, usize, CardBits, Vec<Place>) {
        let mut game = Spades::new(SpadesOptions::default(), 0);
        game.deal_random(&mut Rng::new(3));
        let mut legal = Vec::new();
        while !TrickSearch::in_play(&game) {
            game.legal_actions(&mut legal);
            game.step_unchecked(legal[0]);
        }
        let seat = TrickSearch::to_act(&game);
        let own = TrickSearch::hand(&game, seat);
        let unseen = (0..4).fold(0, |all, s| all | TrickSearch::hand(&game, s)) & !own;
        let places = (0..4)
            .map(|s| Place {
                size: if s == seat { 0 } else { 13 },
                excluded: 0,
                held: 0,
                at_least_one: 0,
            })
            .collect();
        (game, seat, unseen, places)
    }

    #[test]
    fn a_request_reads_as_its_defaults_with_what_is_given() {
        let request: IsmctsRequest =
            serde::Deserialize::deserialize(serde::de::value::MapDeserializer::<
                _,
                serde::de::value::Error,
            >::new([("seed", 9u64)].into_iter()))
            .expect("a seed alone");
        assert_eq!(
            request,
            IsmctsRequest {
                seed: 9,
                ..IsmctsRequest::default()
            }
        );
    }

    #[test]
    fn bad_settings_are_refused_before_the_search() {
        let (game, seat, unseen, places) = card_play();
        let bad = [
            IsmctsRequest {
                milliseconds: Some(f64::NAN),
                ..IsmctsRequest::default()
            },
            IsmctsRequest {
                exploration: -1.0,
                simulations: Some(10),
                ..IsmctsRequest::default()
            },
            IsmctsRequest {
                limits: vec![(7, 1, 0)],
                simulations: Some(10),
                ..IsmctsRequest::default()
            },
        ];
        for request in bad {
            assert!(request.run(&game, seat, unseen, &places).is_err());
        }
        assert!(budget(None, Some(-1.0)).is_err());
        assert!(check_probability("epsilon", 1.5).is_err());
        assert!(check_probability("epsilon", 0.5).is_ok());
        let wrong_hands = PimcRequest {
            samples: Some(2),
            hands: Some(vec![0; 3]),
            ..PimcRequest::default()
        };
        assert!(wrong_hands
            .run(game.clone(), seat, unseen, &places, None)
            .is_err());
        let other_seat = IsmctsRequest {
            simulations: Some(10),
            ..IsmctsRequest::default()
        };
        assert!(other_seat
            .run(&game, (seat + 1) % 4, unseen, &places)
            .is_err());
    }

    #[test]
    fn both_searches_play_a_legal_card_of_the_seat() {
        let (game, seat, unseen, places) = card_play();
        let legal = game.legal_mask();
        let ismcts = IsmctsRequest {
            simulations: Some(200),
            ..IsmctsRequest::default()
        }
        .run(&game, seat, unseen, &places)
        .expect("a search");
        assert!(legal >> ismcts.action & 1 == 1);
        assert_eq!(ismcts.simulations, 200);
        let pimc = PimcRequest {
            samples: Some(8),
            ..PimcRequest::default()
        }
        .run(game.clone(), seat, unseen, &places, None)
        .expect("a search");
        assert!(legal >> pimc.action & 1 == 1);
        assert_eq!(pimc.samples, 8);
        assert_eq!(pimc.values.len() as u32, legal.count_ones());
    }
}
