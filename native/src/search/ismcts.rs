//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) over the deal
//! of a `SearchGame`: one tree over the observer's information sets; every iteration takes
//! a deal from the observer's knowledge (`Deals`), walks it down the tree choosing only
//! among the actions legal in it (UCB with availability counts), adds a node, plays the
//! deal out by the playout policy and backs up each mover's reward. How the tree is made
//! of the decisions is the game's (`Tree`): every mover's, found by the actions since the
//! root, in the trick games' card play (as `koloda/bots/search/ismcts.py` does it in
//! Python); the observer's own, found by what it knows at them, in 101, the others playing
//! the heuristic.
//!
//! `ismcts` is the trick games' entry: a determinization from the observer's knowledge
//! every iteration, uniformly random or policy rollouts. 101's is
//! `games::hundred_one::search::ismcts_hundred_one`.
//!
//! With a count budget the search is a function of its inputs and the seed; a time budget
//! stops it at the deadline (checked every few iterations).

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use serde::Serialize;

use crate::core::cards::{nth_card, CardCode};
use crate::core::rng::Rng;
use crate::search::determinize::{Determinizer, TrickDeals};
pub use crate::search::game::Budget;
use crate::search::game::{
    play_out, playout_action, ActionSet, Deals, Playout, SearchGame, Tree, MAX_SEATS,
};
use crate::search::trick::TrickSearch;

const NONE: u32 = u32::MAX;
/// The mover of an information set's own node (its edges are its children): nobody.
const NOBODY: u8 = u8::MAX;

/// How the tree chooses and the deal is played out past it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// UCB's constant (rewards lie in about [-1, 1]).
    pub exploration: f64,
    pub playout: Playout,
}

/// What the search found at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct RootVisits {
    /// Each root action with a node, its mean reward and its visits, lowest code first.
    pub actions: Vec<(u32, f64, u32)>,
    pub simulations: u64,
    /// The nodes of the tree: every move's in a `Tree::Public`, the observer's information
    /// sets in a `Tree::Observer`.
    pub nodes: usize,
}

/// A node: reached by `mover` playing `action`; its children form a list through `next`.
/// In a `Tree::Observer` an information set is a node of `NOBODY` whose children are its
/// actions.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    total: f64,
    visits: u32,
    available: u32,
    first_child: u32,
    next: u32,
    /// The actions of the children (a bit each).
    expanded: A,
    action: u8,
    mover: u8,
}

impl<A: ActionSet> Node<A> {
    fn new(action: u32, mover: u8, available: u32) -> Self {
        Node {
            total: 0.0,
            visits: 0,
            available,
            first_child: NONE,
            next: NONE,
            expanded: A::EMPTY,
            action: action as u8,
            mover,
        }
    }
}

/// The tree: its nodes, the root first, and in a `Tree::Observer` the information sets'
/// nodes by their keys.
struct Nodes<A> {
    nodes: Vec<Node<A>>,
    keyed: HashMap<u64, u32>,
    exploration: f64,
}

impl<A: ActionSet> Nodes<A> {
    /// Adds the child of `parent` reached by `mover` playing `action`.
    fn add(&mut self, parent: usize, action: u32, mover: u8, available: u32) -> u32 {
        let index = self.nodes.len() as u32;
        let mut created = Node::new(action, mover, available);
        created.next = self.nodes[parent].first_child;
        self.nodes.push(created);
        let parent = &mut self.nodes[parent];
        parent.first_child = index;
        parent.expanded = parent.expanded | A::of(action);
        index
    }

    /// Every action of `legal` a child of `node` (`Tree::Observer`).
    fn add_all(&mut self, node: usize, legal: A, mover: u8) {
        let mut missing = legal & !self.nodes[node].expanded;
        while missing != A::EMPTY {
            self.add(node, missing.first(), mover, 0);
            missing = missing.rest();
        }
    }

    /// UCB with availability over the children of `node` legal now (counted available
    /// again), ties to the lowest action; with `UNTRIED` (the children made before they
    /// are tried: `Tree::Observer`) one not tried yet first.
    fn select<const UNTRIED: bool>(&mut self, node: usize, legal: A) -> u32 {
        let mut best = NONE;
        let mut best_action = 0u8;
        let mut best_score = f64::NEG_INFINITY;
        let mut child = self.nodes[node].first_child;
        while child != NONE {
            let other = &mut self.nodes[child as usize];
            if legal.has(other.action as u32) {
                other.available += 1;
                let score = if UNTRIED && other.visits == 0 {
                    f64::INFINITY
                } else {
                    let visits = other.visits as f64;
                    other.total / visits
                        + self.exploration * ((other.available as f64).ln() / visits).sqrt()
                };
                if best == NONE
                    || score > best_score
                    || (score == best_score && other.action < best_action)
                {
                    best_score = score;
                    best_action = other.action;
                    best = child;
                }
            }
            child = other.next;
        }
        best
    }

    /// `Tree::Public`: the node reached from `node` by the mover of `state`, a child tried
    /// at random among the actions not tried yet (the others counted available again;
    /// `true`: a new node) or else chosen by UCB.
    fn public_step<G: SearchGame<Actions = A>>(
        &mut self,
        node: usize,
        state: &G,
        rng: &mut Rng,
    ) -> (u32, bool) {
        let legal = state.legal_set();
        let untried = legal & !self.nodes[node].expanded;
        if untried == A::EMPTY {
            return (self.select::<false>(node, legal), false);
        }
        let action = untried.nth(rng.below(untried.count()));
        let mut child = self.nodes[node].first_child;
        while child != NONE {
            let other = &mut self.nodes[child as usize];
            if legal.has(other.action as u32) {
                other.available += 1;
            }
            child = other.next;
        }
        (self.add(node, action, state.mover() as u8, 1), true)
    }

    /// `Tree::Observer`: the action node chosen at the observer's information set in
    /// `state` (made with every legal action if new: `true`) among `legal`.
    fn observer_step<G: SearchGame<Actions = A>>(
        &mut self,
        state: &G,
        observer: usize,
        legal: A,
    ) -> (u32, bool) {
        let (node, fresh) = match self.keyed.entry(state.information_key(observer)) {
            Entry::Occupied(entry) => (*entry.get() as usize, false),
            Entry::Vacant(entry) => {
                entry.insert(self.nodes.len() as u32);
                self.nodes.push(Node::new(0, NOBODY, 0));
                (self.nodes.len() - 1, true)
            }
        };
        self.add_all(node, legal, observer as u8);
        (self.select::<true>(node, legal), fresh)
    }
}

/// The error of a search given neither a count nor a time.
const UNBOUNDED: &str = "ISMCTS needs a budget: simulations or milliseconds";

/// ISMCTS for the seat to act in `root` (the observer) on the deals of `deals`.
pub fn search<G: SearchGame, D: Deals<G>>(
    root: &G,
    deals: &mut D,
    budget: Budget,
    seed: u64,
    settings: Settings,
) -> Result<RootVisits, String> {
    let (mut steps, mut rng) = deals.start(budget, 16, UNBOUNDED, seed)?;
    let observer = root.mover();
    let mut tree = Nodes {
        nodes: vec![Node::new(0, NOBODY, 0)],
        keyed: HashMap::new(),
        exploration: settings.exploration,
    };
    if G::TREE == Tree::Observer {
        tree.keyed.insert(root.information_key(observer), 0);
        tree.add_all(0, root.legal_set(), observer as u8);
    }
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut rewards = [0.0f64; MAX_SEATS];
    for index in &mut steps {
        let mut state = deals.deal(index, &mut rng);
        path.clear();
        let mut node = 0usize;
        let mut in_tree = true;
        let mut finished = true;
        // down the tree
        while in_tree && !state.deal_over() {
            // the node of the tree chosen here and whether it is new, if the decision is
            // one of the tree's
            let step = if G::TREE == Tree::Public {
                Some(tree.public_step(node, &state, &mut rng))
            } else if state.mover() == observer {
                // the observer's forced moves are no decisions of its tree
                let legal = state.legal_set();
                (legal.count() > 1).then(|| tree.observer_step(&state, observer, legal))
            } else {
                None
            };
            let action = match step {
                Some((chosen, fresh)) => {
                    node = chosen as usize;
                    path.push(chosen);
                    in_tree = !fresh;
                    tree.nodes[node].action as u32
                }
                None => playout_action(&state, observer, &mut rng, &settings.playout),
            };
            if !state.apply(action, &mut rng) {
                finished = false;
                break;
            }
        }
        // past it
        finished = finished && play_out(&mut state, observer, &mut rng, &settings.playout);
        if finished {
            state.deal_rewards(&mut rewards);
        } else {
            rewards = [0.0; MAX_SEATS];
        }
        for &index in &path {
            let visited = &mut tree.nodes[index as usize];
            visited.visits += 1;
            visited.total += rewards[visited.mover as usize];
        }
    }
    let mut actions: Vec<(u32, f64, u32)> = Vec::new();
    let mut child = tree.nodes[0].first_child;
    while child != NONE {
        let node = &tree.nodes[child as usize];
        let mean = if node.visits > 0 {
            node.total / node.visits as f64
        } else {
            0.0
        };
        actions.push((node.action as u32, mean, node.visits));
        child = node.next;
    }
    actions.sort_unstable_by_key(|&(action, _, _)| action);
    let nodes = match G::TREE {
        Tree::Public => tree.nodes.len(),
        Tree::Observer => tree.keyed.len(),
    };
    Ok(RootVisits {
        actions,
        simulations: steps.done(),
        nodes,
    })
}

/// The move found and how the search got there.
#[derive(Clone, Debug, PartialEq, Serialize)]
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

/// ISMCTS over the card play of a trick game: the position `root` for `observer` (the seat
/// to act), dealing the hidden cards with `dealer` each iteration. `exploration` is UCB's
/// constant; `heuristic`: playouts by the game's policy, else uniformly random.
pub fn ismcts<G: TrickSearch>(
    root: &G,
    observer: usize,
    dealer: &mut Determinizer,
    budget: Budget,
    seed: u64,
    exploration: f64,
    heuristic: bool,
) -> Result<SearchResult, String> {
    if !root.in_play() || TrickSearch::to_act(root) != observer {
        return Err(format!("seat {observer} is not to play a card"));
    }
    let template = root.for_search();
    let settings = Settings {
        exploration,
        playout: Playout {
            heuristic,
            epsilon: 0.0,
            lookahead: 0,
        },
    };
    let mut deals = TrickDeals::new(&template, observer, dealer, None, budget);
    let found = search(&template, &mut deals, budget, seed, settings)?;
    let visits: Vec<(CardCode, u32)> = found
        .actions
        .iter()
        .map(|&(action, _, visits)| (action as CardCode, visits))
        .collect();
    let action = visits
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|&(card, _)| card)
        .unwrap_or_else(|| nth_card(root.legal_mask(), 0));
    Ok(SearchResult {
        action,
        visits,
        simulations: found.simulations,
        fallbacks: dealer.fallbacks,
        nodes: found.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;
    use crate::games::king::{King, KingOptions};
    use crate::search::pimc::tests::spades_at;

    fn run<G: TrickSearch>(state: &G, budget: Budget, seed: u64) -> SearchResult {
        let observer = state.to_act();
        let mut dealer = Determinizer::knowing_hand_sizes(state, observer);
        ismcts(state, observer, &mut dealer, budget, seed, 0.7, false).unwrap()
    }

    #[test]
    fn count_budget_and_seed_fix_the_result() {
        let state = spades_at(3, 52);
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
        let state = spades_at(4, 52);
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
