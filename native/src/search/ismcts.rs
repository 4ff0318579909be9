//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) over the card
//! play of a trick game, as `koloda/bots/search/ismcts.py` does it in Python: one tree over
//! the observer's information set; every iteration deals a determinization from the
//! observer's knowledge, descends choosing only among the cards legal in it (UCB with
//! availability counts), expands one node, plays uniformly random cards to the end of the
//! deal and backs up each mover's reward.
//!
//! With a count budget the search is a function of its inputs and the seed; a time budget
//! stops it at the deadline (checked every few iterations).

use std::time::{Duration, Instant};

use crate::core::cards::{nth_card, CardBits, CardCode};
use crate::core::rng::Rng;
use crate::search::determinize::Determinizer;
use crate::search::trick::{rollout_card, TrickSearch};

const NONE: u32 = u32::MAX;
/// The root's mover: nobody (its value is never read).
const NOBODY: u8 = u8::MAX;

/// How long to search: at most `simulations` iterations and at most `milliseconds` (either
/// may be absent, not both).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    pub simulations: Option<u64>,
    pub milliseconds: Option<f64>,
}

impl Budget {
    /// The moment the time budget runs out, from now.
    pub fn deadline(&self) -> Option<Instant> {
        self.milliseconds
            .map(|ms| Instant::now() + Duration::from_secs_f64(ms.max(0.0) / 1000.0))
    }
}

/// The move found and how the search got there.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The root card visited most (the lower card on a tie).
    pub action: CardCode,
    /// Each root card tried and its visits, lowest card first.
    pub visits: Vec<(CardCode, u32)>,
    pub simulations: u64,
    /// Determinizations that fell back to the root position's deal.
    pub fallbacks: u64,
    pub nodes: usize,
}

/// A node: reached by `mover` playing `card`; its children form a list through `next`.
#[derive(Clone, Copy, Debug)]
struct Node {
    total: f64,
    visits: u32,
    available: u32,
    first_child: u32,
    next: u32,
    /// The cards of the children (a bit each).
    expanded: CardBits,
    card: CardCode,
    mover: u8,
}

impl Node {
    fn new(card: CardCode, mover: u8) -> Self {
        Node {
            total: 0.0,
            visits: 0,
            available: 1,
            first_child: NONE,
            next: NONE,
            expanded: 0,
            card,
            mover,
        }
    }
}

/// Searches the position `root` for `observer` (the seat to act), dealing the hidden cards
/// with `dealer` each iteration. `exploration` is UCB's constant (rewards lie in about
/// [-1, 1]); `heuristic`: playouts by the game's policy, else uniformly random.
pub fn ismcts<G: TrickSearch>(
    root: &G,
    observer: usize,
    dealer: &mut Determinizer,
    budget: Budget,
    seed: u64,
    exploration: f64,
    heuristic: bool,
) -> Result<SearchResult, String> {
    if !root.in_play() || root.to_act() != observer {
        return Err(format!("seat {observer} is not to play a card"));
    }
    if budget.simulations.is_none() && budget.milliseconds.is_none() {
        return Err("ISMCTS needs a budget: simulations or milliseconds".into());
    }
    let limit = budget.simulations.unwrap_or(u64::MAX);
    let deadline = budget.deadline();
    let template = root.for_search();
    let mut rng = Rng::new(seed);
    let mut nodes: Vec<Node> = vec![Node::new(0, NOBODY)];
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut rewards = [0.0f64; 4];
    let mut done = 0u64;
    while done < limit {
        if let Some(deadline) = deadline {
            if done & 15 == 0 && done > 0 && Instant::now() >= deadline {
                break;
            }
        }
        done += 1;
        let mut state = dealer.determinize(&template, &mut rng);
        path.clear();
        path.push(0);
        let mut node = 0usize;
        // Selection and expansion.
        while !state.forced_end() {
            let legal = state.legal_mask();
            let mover = state.to_act() as u8;
            let untried = legal & !nodes[node].expanded;
            if untried != 0 {
                let card = nth_card(untried, rng.below(untried.count_ones()));
                let mut child = nodes[node].first_child;
                while child != NONE {
                    let other = &mut nodes[child as usize];
                    if legal >> other.card & 1 == 1 {
                        other.available += 1;
                    }
                    child = other.next;
                }
                let index = nodes.len() as u32;
                let mut created = Node::new(card, mover);
                created.next = nodes[node].first_child;
                nodes.push(created);
                let parent = &mut nodes[node];
                parent.first_child = index;
                parent.expanded |= 1 << card;
                state.play(card);
                path.push(index);
                break;
            }
            let mut best = NONE;
            let mut best_card = 0 as CardCode;
            let mut best_score = f64::NEG_INFINITY;
            let mut child = nodes[node].first_child;
            while child != NONE {
                let other = &mut nodes[child as usize];
                if legal >> other.card & 1 == 1 {
                    other.available += 1;
                    let visits = other.visits as f64;
                    let score = other.total / visits
                        + exploration * ((other.available as f64).ln() / visits).sqrt();
                    // ties go to the lower card, whatever the list's order
                    if best == NONE
                        || score > best_score
                        || (score == best_score && other.card < best_card)
                    {
                        best_score = score;
                        best_card = other.card;
                        best = child;
                    }
                }
                child = other.next;
            }
            node = best as usize;
            state.play(nodes[node].card);
            path.push(best);
        }
        // Rollout: the game's policy (`heuristic`) or uniformly random cards to the forced
        // end, then the deal's rewards.
        while !state.forced_end() {
            let card = rollout_card(&state, &mut rng, heuristic);
            state.play(card);
        }
        state.finish(&mut rewards);
        for &index in &path {
            let visited = &mut nodes[index as usize];
            visited.visits += 1;
            if visited.mover != NOBODY {
                visited.total += rewards[visited.mover as usize];
            }
        }
    }
    let mut visits: Vec<(CardCode, u32)> = Vec::new();
    let mut child = nodes[0].first_child;
    while child != NONE {
        let node = &nodes[child as usize];
        visits.push((node.card, node.visits));
        child = node.next;
    }
    visits.sort_unstable();
    let action = visits
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|&(card, _)| card)
        .unwrap_or_else(|| nth_card(root.legal_mask(), 0));
    Ok(SearchResult {
        action,
        visits,
        simulations: done,
        fallbacks: dealer.fallbacks,
        nodes: nodes.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;
    use crate::games::king::{King, KingOptions};
    use crate::games::spades::{Phase, Spades, SpadesOptions};

    fn spades_position(seed: u64) -> Spades {
        let mut rng = Rng::new(seed);
        let mut state = Spades::new(SpadesOptions::default(), 0);
        state.deal_random(&mut rng);
        while state.phase() != Phase::Play {
            let action = state.random_action(&mut rng);
            state.step(action, &mut ());
        }
        state
    }

    fn run<G: TrickSearch>(state: &G, budget: Budget, seed: u64) -> SearchResult {
        let observer = state.to_act();
        let mut dealer = Determinizer::knowing_hand_sizes(state, observer);
        ismcts(state, observer, &mut dealer, budget, seed, 0.7, false).unwrap()
    }

    #[test]
    fn count_budget_and_seed_fix_the_result() {
        let state = spades_position(3);
        let budget = Budget {
            simulations: Some(2000),
            milliseconds: None,
        };
        let a = run(&state, budget, 9);
        let b = run(&state, budget, 9);
        assert_eq!(a, b);
        assert_eq!(a.simulations, 2000);
        assert_eq!(a.visits.iter().map(|v| v.1 as u64).sum::<u64>(), 2000);
        assert!(state.legal_card_mask() >> a.action & 1 == 1);
        assert_eq!(a.fallbacks, 0);
    }

    #[test]
    fn hidden_hands_do_not_change_the_search() {
        // Swap the two opponents' hands in the position: the observer knows the same.
        let state = spades_position(4);
        let observer = TrickSearch::to_act(&state);
        let mut other = state.clone();
        let (left, right) = ((observer + 1) & 3, (observer + 3) & 3);
        other.set_hand(Seat::new(left as u8), state.hands()[right]);
        other.set_hand(Seat::new(right as u8), state.hands()[left]);
        // both positions are valid fallbacks; the search deals from knowledge alone
        let budget = Budget {
            simulations: Some(1500),
            milliseconds: None,
        };
        assert_eq!(run(&state, budget, 1), run(&other, budget, 1));
    }

    #[test]
    fn time_budget_stops_and_king_searches() {
        let mut rng = Rng::new(2);
        let mut state = King::new(KingOptions::default(), 1);
        state.deal_random(&mut rng);
        while state.phase() != crate::games::king::Phase::Play {
            let action = state.random_action(&mut rng);
            state.step(action, &mut ());
        }
        let result = run(
            &state,
            Budget {
                simulations: None,
                milliseconds: Some(30.0),
            },
            5,
        );
        assert!(result.simulations > 100);
        assert!(state.legal_card_mask() >> result.action & 1 == 1);
    }
}
