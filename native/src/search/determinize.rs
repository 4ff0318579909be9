//! Determinizations from one seat's knowledge: the cards it has not seen dealt to the other
//! seats under what it knows of them (as `koloda/core/sampling.py` describes it: a place per
//! seat with how many unseen cards it gets, the cards it cannot hold, the cards it is known
//! to hold, and a set it holds at least one card of).
//!
//! The knowledge comes from the seat's view only (`koloda.bots.search.native_ismcts` reads
//! it through the game's own `hidden_cards`); the other seats' real cards never reach here.
//!
//! `TrickDeals` is the trick games' sampling hook of the searches (`game::Deals`): a deal
//! anew every iteration, or candidates weighed by the belief model (`beliefs_tricks`) and
//! drawn in proportion to their weights.

use std::time::Instant;

use serde::Deserialize;

use crate::core::cards::{CardBits, CardCode, Cards};
use crate::core::rng::Rng;
use crate::search::beliefs_tricks::PlayBelief;
use crate::search::game::{Budget, Deals};
use crate::search::trick::TrickSearch;
use crate::search::weights::{resample, tempered};

/// Random deals tried before the fallback deal is used.
const TRIES: u32 = 256;

/// What the observer knows of one seat's hidden holding; as plain data the tuple
/// `(size, excluded, held, at_least_one)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(from = "(u32, CardBits, CardBits, CardBits)")]
pub struct Place {
    /// How many unseen cards the seat holds.
    pub size: u32,
    /// Unseen cards it cannot hold (voids shown, cards its plays show it lacks).
    pub excluded: CardBits,
    /// Cards it holds now for sure, besides the unseen ones (an exchange's cards).
    pub held: CardBits,
    /// A set it must hold at least one card of among the dealt ones (0: none), already
    /// reduced by the caller to a set no known card satisfies.
    pub at_least_one: CardBits,
}

impl From<(u32, CardBits, CardBits, CardBits)> for Place {
    fn from((size, excluded, held, at_least_one): (u32, CardBits, CardBits, CardBits)) -> Self {
        Place {
            size,
            excluded,
            held,
            at_least_one,
        }
    }
}

/// Deals the unseen cards of one information set, many times.
#[derive(Clone, Debug)]
pub struct Determinizer {
    observer: usize,
    places: Vec<Place>,
    /// Cards some seat with room cannot hold, the most constrained first, with the places
    /// that may take them (a bit per place).
    constrained: Vec<(CardCode, u8)>,
    /// Cards every place with room may take.
    free: Vec<CardCode>,
    /// A deal known to agree with the knowledge (the root position's own), used when the
    /// random deals keep failing.
    fallback: Vec<CardBits>,
    /// At most so many cards of a set in one seat's hand: `(seat, set, most)`.
    limits: Vec<(usize, CardBits, u32)>,
    /// How many times the fallback deal was used.
    pub fallbacks: u64,
}

impl Determinizer {
    /// The dealer of `unseen` to `places` (one per seat; the observer's has size 0) for a
    /// search by `observer`, checked against `fallback`, the hands of a position that agrees
    /// with the knowledge (each seat's whole holding).
    pub fn new(
        observer: usize,
        unseen: CardBits,
        places: &[Place],
        fallback: &[CardBits],
    ) -> Result<Self, String> {
        let n = places.len();
        if !(2..=4).contains(&n) || fallback.len() != n || observer >= n {
            return Err(format!("{n} places for {} hands", fallback.len()));
        }
        if places[observer].size != 0 {
            return Err("the searching seat must know its whole hand".into());
        }
        let sizes: u32 = places.iter().map(|p| p.size).sum();
        if sizes != unseen.count_ones() {
            return Err(format!(
                "{} unseen cards for places of {sizes}",
                unseen.count_ones()
            ));
        }
        for (seat, (place, &hand)) in places.iter().zip(fallback).enumerate() {
            if seat == observer {
                continue;
            }
            let dealt = hand & !place.held;
            let agrees = place.held & unseen == 0
                && hand & place.held == place.held
                && dealt & !unseen == 0
                && dealt.count_ones() == place.size
                && dealt & place.excluded == 0
                && (place.at_least_one == 0 || dealt & place.at_least_one != 0);
            if !agrees {
                return Err(format!(
                    "seat {seat}'s cards in the root position disagree with the knowledge"
                ));
            }
        }
        let mut constrained = Vec::new();
        let mut free = Vec::new();
        let open: u8 = (0..n)
            .filter(|&p| places[p].size > 0)
            .fold(0, |bits, p| bits | 1 << p);
        for card in Cards(unseen) {
            let allowed = (0..n)
                .filter(|&p| places[p].size > 0 && places[p].excluded >> card & 1 == 0)
                .fold(0u8, |bits, p| bits | 1 << p);
            if allowed == open {
                free.push(card);
            } else {
                constrained.push((card, allowed));
            }
        }
        constrained.sort_by_key(|&(card, allowed)| (allowed.count_ones(), card));
        Ok(Determinizer {
            observer,
            places: places.to_vec(),
            constrained,
            free,
            fallback: fallback.to_vec(),
            limits: Vec::new(),
            fallbacks: 0,
        })
    }

    /// The same dealer, with bounds on how many cards of a set a seat holds: `(seat, set,
    /// most)` (Tressette: the combinations a seat did not declare), checked on every deal;
    /// the fallback deal must keep them.
    pub fn with_limits(mut self, limits: Vec<(usize, CardBits, u32)>) -> Result<Self, String> {
        for &(seat, cards, most) in &limits {
            if seat >= self.places.len() {
                return Err(format!("a limit for seat {seat} of {}", self.places.len()));
            }
            if (self.fallback[seat] & cards).count_ones() > most {
                return Err(format!(
                    "seat {seat}'s cards in the root position break a limit"
                ));
            }
        }
        self.limits = limits;
        Ok(self)
    }

    /// The dealer for `observer` in `state` when it knows nothing of the others' cards but
    /// how many each holds (nothing played or exchanged yet, as the tests build it).
    #[cfg(test)]
    pub fn knowing_hand_sizes<G: TrickSearch>(state: &G, observer: usize) -> Self {
        let n = state.num_seats();
        let mut unseen = 0;
        let places: Vec<Place> = (0..n)
            .map(|seat| {
                if seat == observer {
                    return Place::default();
                }
                unseen |= state.hand(seat);
                Place {
                    size: state.hand(seat).count_ones(),
                    ..Place::default()
                }
            })
            .collect();
        let hands: Vec<CardBits> = (0..n).map(|s| state.hand(s)).collect();
        Determinizer::new(observer, unseen, &places, &hands).unwrap()
    }

    /// A copy of `template` with every hand but the observer's dealt anew (`deal`).
    pub fn determinize<G: TrickSearch>(&mut self, template: &G, rng: &mut Rng) -> G {
        let n = template.num_seats();
        let mut hands = [0 as CardBits; 4];
        for (seat, hand) in hands.iter_mut().enumerate().take(n) {
            *hand = template.hand(seat);
        }
        self.deal(rng, &mut hands[..n]);
        let mut state = template.clone();
        for (seat, &hand) in hands.iter().enumerate().take(n) {
            if seat != self.observer {
                state.set_hand(seat, hand);
            }
        }
        state
    }

    /// One deal: every seat but the observer's gets its known cards and its share of the
    /// unseen ones (`hands[observer]` is left as it is).
    pub fn deal(&mut self, rng: &mut Rng, hands: &mut [CardBits]) {
        let n = self.places.len();
        let mut order = [0 as CardCode; 64];
        'attempt: for _ in 0..TRIES {
            let mut room = [0u32; 4];
            let mut dealt = [0 as CardBits; 4];
            for (slot, place) in room.iter_mut().zip(&self.places) {
                *slot = place.size;
            }
            for &(card, allowed) in &self.constrained {
                let total: u32 = (0..n)
                    .filter(|&p| allowed >> p & 1 == 1)
                    .map(|p| room[p])
                    .sum();
                if total == 0 {
                    continue 'attempt;
                }
                let mut pick = rng.below(total);
                for p in 0..n {
                    if allowed >> p & 1 == 1 {
                        if pick < room[p] {
                            room[p] -= 1;
                            dealt[p] |= 1 << card;
                            break;
                        }
                        pick -= room[p];
                    }
                }
            }
            let free = &mut order[..self.free.len()];
            free.copy_from_slice(&self.free);
            rng.shuffle(free);
            let mut next = free.iter();
            for p in 0..n {
                for _ in 0..room[p] {
                    if let Some(&card) = next.next() {
                        dealt[p] |= 1 << card;
                    }
                }
            }
            for (place, &cards) in self.places.iter().zip(&dealt) {
                if place.at_least_one != 0 && cards & place.at_least_one == 0 {
                    continue 'attempt;
                }
            }
            for &(seat, cards, most) in &self.limits {
                if ((self.places[seat].held | dealt[seat]) & cards).count_ones() > most {
                    continue 'attempt;
                }
            }
            for p in 0..n {
                if p != self.observer {
                    hands[p] = self.places[p].held | dealt[p];
                }
            }
            return;
        }
        self.fallbacks += 1;
        for (p, (hand, &cards)) in hands.iter_mut().zip(&self.fallback).enumerate() {
            if p != self.observer {
                *hand = cards;
            }
        }
    }
}

/// With a time budget, at most this share of it goes to dealing and weighing candidates.
const WEIGHING_SHARE: f64 = 0.3;

/// How a search weighs its deals: `candidates` deals weighed by `belief`, the weights
/// tempered to leave no fewer than `min_effective` effective deals.
#[derive(Clone, Copy, Debug)]
pub struct Weighing<'a, G> {
    pub belief: &'a PlayBelief<G>,
    pub candidates: usize,
    pub min_effective: f64,
}

/// The weighing's candidate deals from `dealer` (fewer if a time budget's share runs out),
/// and the order in which the search takes them: as many draws in proportion to the
/// weights as the count budget asks (else one a candidate), shuffled.
pub(crate) fn weighed_deals<G: TrickSearch>(
    template: &G,
    dealer: &mut Determinizer,
    weighing: Weighing<'_, G>,
    budget: Budget,
    rng: &mut Rng,
) -> (Vec<[CardBits; 4]>, Vec<usize>) {
    let candidates = weighing.candidates;
    let n = template.num_seats();
    let cutoff = budget.after(WEIGHING_SHARE);
    let mut pool = Vec::with_capacity(candidates);
    let mut weights = Vec::with_capacity(candidates);
    for index in 0..candidates.max(1) {
        if let Some(cutoff) = cutoff {
            if index > 0 && index % 32 == 0 && Instant::now() >= cutoff {
                break;
            }
        }
        let mut hands = [0 as CardBits; 4];
        for (seat, hand) in hands.iter_mut().enumerate().take(n) {
            *hand = template.hand(seat);
        }
        dealer.deal(rng, &mut hands[..n]);
        weights.push(weighing.belief.weight(&hands[..n], rng));
        pool.push(hands);
    }
    let draws = match budget.simulations {
        Some(count) => count.min(1 << 20) as usize,
        None => pool.len(),
    };
    let weights = tempered(&weights, weighing.min_effective);
    let mut order = resample(&weights, draws, rng);
    rng.shuffle(&mut order);
    (pool, order)
}

/// The deals of a trick game's search for `observer` from `template` (the root position
/// prepared for search): each dealt anew by `dealer`, or with a `weighing` drawn from its
/// weighed candidates.
pub struct TrickDeals<'a, 'b, G> {
    template: &'a G,
    observer: usize,
    dealer: &'a mut Determinizer,
    weighing: Option<Weighing<'b, G>>,
    budget: Budget,
    pool: Vec<[CardBits; 4]>,
    order: Vec<usize>,
}

impl<'a, 'b, G: TrickSearch> TrickDeals<'a, 'b, G> {
    pub fn new(
        template: &'a G,
        observer: usize,
        dealer: &'a mut Determinizer,
        weighing: Option<Weighing<'b, G>>,
        budget: Budget,
    ) -> Self {
        TrickDeals {
            template,
            observer,
            dealer,
            weighing,
            budget,
            pool: Vec::new(),
            order: Vec::new(),
        }
    }
}

impl<G: TrickSearch> Deals<G> for TrickDeals<'_, '_, G> {
    fn prepare(&mut self, rng: &mut Rng) -> Result<(), String> {
        if let Some(weighing) = self.weighing.take() {
            (self.pool, self.order) =
                weighed_deals(self.template, self.dealer, weighing, self.budget, rng);
        }
        Ok(())
    }

    fn deal(&mut self, index: u64, rng: &mut Rng) -> G {
        if self.order.is_empty() {
            return self.dealer.determinize(self.template, rng);
        }
        let hands = &self.pool[self.order[index as usize % self.order.len()]];
        let mut state = self.template.clone();
        for (seat, &hand) in hands.iter().enumerate().take(state.num_seats()) {
            if seat != self.observer {
                state.set_hand(seat, hand);
            }
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cards::suit_mask;

    #[test]
    fn deals_respect_sizes_voids_and_known_cards() {
        // Seat 0 observes; seat 1 is void in hearts, seat 2 holds the ace of clubs for sure.
        let own: CardBits = 0x1FFF; // all spades
        let ace_clubs: CardBits = 1 << (48 + 12);
        let unseen =
            !own & (suit_mask(0) | suit_mask(1) | suit_mask(2) | suit_mask(3)) & !ace_clubs;
        let places = [
            Place::default(),
            Place {
                size: 13,
                excluded: suit_mask(1),
                ..Place::default()
            },
            Place {
                size: 12,
                held: ace_clubs,
                ..Place::default()
            },
            Place {
                size: 13,
                at_least_one: suit_mask(1),
                ..Place::default()
            },
        ];
        let clubs_low = suit_mask(3) & !ace_clubs;
        let fallback = [own, suit_mask(2), clubs_low | ace_clubs, suit_mask(1)];
        let mut det = Determinizer::new(0, unseen, &places, &fallback).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..500 {
            let mut hands = [own, 0, 0, 0];
            det.deal(&mut rng, &mut hands);
            assert_eq!(hands[0], own);
            assert_eq!(hands[1].count_ones(), 13);
            assert_eq!(hands[1] & suit_mask(1), 0);
            assert_eq!(hands[2].count_ones(), 13);
            assert!(hands[2] & ace_clubs != 0);
            assert!(hands[3] & suit_mask(1) != 0);
            assert_eq!(hands[1] | hands[2] | hands[3], unseen | ace_clubs);
        }
        assert_eq!(det.fallbacks, 0);
    }

    #[test]
    fn limits_hold_on_every_deal() {
        // Seat 0 observes; seats 1 and 2 share 8 cards; seat 1 holds at most one of the
        // four lowest, seat 2 at most two of them.
        let unseen: CardBits = 0xFF;
        let low: CardBits = 0x0F;
        let places = [
            Place::default(),
            Place {
                size: 4,
                ..Place::default()
            },
            Place {
                size: 4,
                ..Place::default()
            },
        ];
        let fallback = [0, 0b0001_0111, 0b1110_1000]; // three low cards for seat 1
        assert!(Determinizer::new(0, unseen, &places, &fallback)
            .unwrap()
            .with_limits(vec![(1, low, 1)])
            .is_err());
        let fallback = [0, 0b1110_0001, 0b0001_1110];
        let mut det = Determinizer::new(0, unseen, &places, &fallback)
            .unwrap()
            .with_limits(vec![(1, low, 1), (2, low, 3)])
            .unwrap();
        let mut rng = Rng::new(3);
        let mut seen = 0;
        for _ in 0..300 {
            let mut hands = [0; 3];
            det.deal(&mut rng, &mut hands);
            assert!((hands[1] & low).count_ones() <= 1);
            assert_eq!(hands[1] | hands[2], unseen);
            seen |= hands[1];
        }
        assert_eq!(seen, unseen, "every card reaches seat 1 sometimes");
        assert_eq!(det.fallbacks, 0);
    }

    #[test]
    fn disagreeing_fallback_is_refused() {
        let places = [
            Place::default(),
            Place {
                size: 1,
                excluded: 1 << 1,
                ..Place::default()
            },
            Place {
                size: 1,
                ..Place::default()
            },
        ];
        assert!(Determinizer::new(0, 0b110, &places, &[1, 0b100, 0b10]).is_ok());
        assert!(Determinizer::new(0, 0b110, &places, &[1, 0b10, 0b100]).is_err());
    }

    #[test]
    fn the_deals_drawn_give_a_nil_bidder_a_nil_hand() {
        // rule: S-5
        use crate::games::spades::policy::heuristic_bid;
        use crate::games::spades::{Bid, SpadesOptions};
        use crate::search::beliefs_tricks::bid_by_heuristic;
        let options = SpadesOptions {
            nil_exchange: false,
            ..SpadesOptions::default()
        };
        let honours = |hand: CardBits| {
            (0..4)
                .map(|s| (hand >> (16 * s) >> 9 & 15).count_ones())
                .sum::<u32>()
        };
        let mut checked = 0;
        for seed in 0..400 {
            let mut rng = Rng::new(seed);
            let state = bid_by_heuristic(options, seed);
            let start = state.for_search();
            let observer = TrickSearch::to_act(&start);
            let Some(nil_seat) =
                (0..4).find(|&s| s != observer && state.bids()[s] == Some(Bid::Nil))
            else {
                continue;
            };
            let belief = PlayBelief::new(start.clone(), Vec::new(), observer, None).unwrap();
            let mut dealer = Determinizer::knowing_hand_sizes(&start, observer);
            let budget = Budget {
                simulations: Some(2000),
                milliseconds: None,
            };
            let (pool, order) = weighed_deals(
                &start,
                &mut dealer,
                Weighing {
                    belief: &belief,
                    candidates: 4000,
                    min_effective: 0.0,
                },
                budget,
                &mut rng,
            );
            assert_eq!(order.len(), 2000);
            let drawn: f64 = order
                .iter()
                .map(|&i| honours(pool[i][nil_seat]) as f64)
                .sum::<f64>()
                / 2000.0;
            let dealt: f64 = pool
                .iter()
                .map(|h| honours(h[nil_seat]) as f64)
                .sum::<f64>()
                / pool.len() as f64;
            let nil_hands = |deals: &mut dyn Iterator<Item = usize>| {
                deals
                    .filter(|&i| heuristic_bid(pool[i][nil_seat], false).0)
                    .count() as f64
            };
            let drawn_nil = nil_hands(&mut order.iter().cloned()) / 2000.0;
            let dealt_nil = nil_hands(&mut (0..pool.len())) / pool.len() as f64;
            assert!(
                drawn_nil > 0.7 && drawn_nil > dealt_nil,
                "nil hands drawn {drawn_nil}, dealt {dealt_nil}"
            );
            assert!(
                drawn < dealt,
                "nil bidder's jacks to aces: drawn {drawn}, dealt {dealt}"
            );
            assert!((honours(state.hands()[nil_seat]) as f64) < dealt);
            checked += 1;
            if checked == 5 {
                return;
            }
        }
        panic!("too few deals with a nil bidder: {checked}");
    }
}
