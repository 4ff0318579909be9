//! Information-set Monte Carlo tree search for 101, the searching seat's decisions only.
//!
//! PIMC values an action on deals that show every hidden hand, and a seat that plays out a
//! deal knowing the hands (the look ahead of `pimc_hundred_one` included) plans moves it
//! could not make at the table. Here the seat's own later decisions are nodes of a tree
//! keyed by what the seat knows at them: the public record of the deal since the root (the
//! state's `log`, which shows a draw but not the card drawn) and its own hand (which shows
//! the cards it drew). One iteration takes a deal drawn as PIMC draws them (weighed by the
//! belief model, `weighed_candidates`) with its stock shuffled again, and plays it to the end
//! of the deal: the seat picks by UCB over the actions it has at that node in this deal
//! (availability counts, as `ismcts` for the trick games), the others play the heuristic
//! with their own cards of that deal, and once the walk has left the tree the seat plays the
//! heuristic too. One new node a walk; the reward (`rewards`) goes back to every decision of
//! the walk.
//!
//! With a count budget the result is a function of the inputs and the seed.

use std::collections::HashMap;
use std::time::Instant;

use crate::core::rng::Rng;
use crate::core::Seat;
use crate::games::hundred_one::policy::hundred_one_action;
use crate::games::hundred_one::HundredOne;
use crate::search::pimc_hundred_one::{
    deadlines, deal_reward, lookahead_action, position_of, weighed_candidates, Candidates, Dealing,
    HiddenDeal, Restocks, MOST_STEPS,
};

/// With a time budget, at most this share of it goes to dealing and weighing candidates.
const WEIGHING_SHARE: f64 = 0.3;

/// How long to search and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsSettings {
    /// At most this many iterations (None: until the time is up).
    pub iterations: Option<u64>,
    /// At most this long (None: until the count is reached).
    pub milliseconds: Option<f64>,
    pub seed: u64,
    pub dealing: Dealing,
    /// The exploration constant of UCB, in rewards (a deal's points over 40).
    pub exploration: f64,
    /// Past the tree the seat looks one action ahead at its decisions, with this many
    /// playouts an action on the deal with its stock shuffled again, as PIMC's playouts do
    /// (0: the heuristic).
    pub lookahead: u32,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsResult {
    /// Each legal action at the root with its mean reward and its visits, lowest code first.
    pub values: Vec<(u32, f64, u64)>,
    pub iterations: u64,
    /// The effective number of weighed candidates.
    pub effective: f64,
    pub candidates: usize,
    /// The nodes of the tree (the seat's information sets reached).
    pub nodes: usize,
}

#[derive(Clone, Copy, Default)]
struct Edge {
    action: u32,
    visits: u32,
    available: u32,
    total: f64,
}

/// What the searching seat knows at a decision: the deal's public record since the root and
/// its own hand (FNV-1a).
fn information_key(state: &HundredOne, seat: usize, root_log: usize) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |value: u64| {
        hash ^= value;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    let log = state.log();
    for &entry in &log[root_log.min(log.len())..] {
        mix(entry as u64);
    }
    mix(state.hands()[seat]);
    mix(state.phase() as u64 | (log.len() as u64) << 8);
    hash
}

/// UCB with availability: an untried action first (the lowest code), else the one with the
/// largest mean plus `c`·√(ln available / visits).
fn select(edges: &mut [Edge], legal: &[u32], c: f64) -> usize {
    let mut best = (f64::NEG_INFINITY, usize::MAX);
    for &action in legal {
        let Some(index) = edges.iter().position(|e| e.action == action) else {
            continue;
        };
        let edge = &mut edges[index];
        edge.available += 1;
        let score = if edge.visits == 0 {
            f64::INFINITY
        } else {
            edge.total / edge.visits as f64
                + c * ((edge.available as f64).ln() / edge.visits as f64).sqrt()
        };
        if score > best.0 {
            best = (score, index);
        }
    }
    best.1
}

/// ISMCTS for the seat to act in the `given` deals (positions that agree with its view),
/// with `settings.dealing.dealt` more dealt from `hidden`.
pub fn ismcts_hundred_one(
    given: &[HundredOne],
    hidden: Option<&HiddenDeal>,
    settings: IsmctsSettings,
) -> Result<IsmctsResult, String> {
    let (seat, root_legal) = position_of(given)?;
    if settings.iterations.is_none() && settings.milliseconds.is_none() {
        return Err("ISMCTS needs a budget: iterations or milliseconds".into());
    }
    if !(settings.exploration.is_finite() && settings.exploration >= 0.0) {
        return Err("the exploration constant must be a finite number >= 0".into());
    }
    let (deadline, weighing_deadline) = deadlines(settings.milliseconds, WEIGHING_SHARE);
    let limit = settings.iterations.unwrap_or(u64::MAX);
    let mut rng = Rng::new(settings.seed);
    let Candidates {
        copies,
        order,
        effective,
    } = weighed_candidates(
        given,
        hidden,
        settings.dealing,
        settings.dealing.deals.max(1),
        weighing_deadline,
        &mut rng,
    )?;
    let root_log = copies[0].log().len();
    let root_key = information_key(&copies[0], seat, root_log);
    let mut tree: HashMap<u64, Vec<Edge>> = HashMap::new();
    tree.insert(
        root_key,
        root_legal
            .iter()
            .map(|&action| Edge {
                action,
                ..Edge::default()
            })
            .collect(),
    );
    let mut path: Vec<(u64, usize)> = Vec::new();
    let mut legal = [0u32; 40];
    let mut done: u64 = 0;
    while done < limit
        && (done == 0 || done % 16 != 0 || deadline.is_none_or(|d| Instant::now() < d))
    {
        let mut state = copies[order[done as usize % order.len()]].clone();
        state.shuffle_stock(&mut rng); // the stock's order is nobody's knowledge
        let deal = state.deal_number();
        path.clear();
        let mut in_tree = true;
        let mut steps = 0;
        let mut finished = true;
        while state.in_deal() && state.deal_number() == deal {
            if steps == MOST_STEPS {
                finished = false;
                break;
            }
            steps += 1;
            let to_act = state.to_act().map(Seat::at);
            let action = if in_tree && to_act == Some(seat) {
                let count = state.legal_actions(&mut legal);
                if count == 1 {
                    legal[0]
                } else {
                    let key = information_key(&state, seat, root_log);
                    let edges = tree.entry(key).or_insert_with(|| {
                        in_tree = false; // a new node: the last of this walk
                        Vec::new()
                    });
                    for &action in &legal[..count] {
                        if !edges.iter().any(|e| e.action == action) {
                            edges.push(Edge {
                                action,
                                ..Edge::default()
                            });
                        }
                    }
                    let index = select(edges, &legal[..count], settings.exploration);
                    path.push((key, index));
                    edges[index].action
                }
            } else if settings.lookahead > 0 && to_act == Some(seat) {
                lookahead_action(&state, seat, settings.lookahead, &mut rng)
            } else {
                hundred_one_action(&state)
            };
            if state
                .step(action, &mut (), &mut Restocks(&mut rng))
                .is_err()
            {
                finished = false;
                break;
            }
        }
        let reward = if finished {
            deal_reward(&state, deal, seat)
        } else {
            0.0 // a walk that did not end counts nothing
        };
        for &(key, index) in &path {
            if let Some(edge) = tree.get_mut(&key).and_then(|edges| edges.get_mut(index)) {
                edge.visits += 1;
                edge.total += reward;
            }
        }
        done += 1;
    }
    let root = &tree[&root_key];
    let values = root_legal
        .iter()
        .map(|&action| {
            let edge = root
                .iter()
                .find(|e| e.action == action)
                .copied()
                .unwrap_or_default();
            let mean = if edge.visits > 0 {
                edge.total / edge.visits as f64
            } else {
                0.0
            };
            (action, mean, edge.visits as u64)
        })
        .collect();
    Ok(IsmctsResult {
        values,
        iterations: done,
        effective,
        candidates: copies.len(),
        nodes: tree.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hundred_one::policy::hundred_one_action;
    use crate::games::hundred_one::{Chance, HundredOneOptions, Phase, Seeded, DRAW};

    const QUEEN: u32 = 10;

    /// The position after `moves` actions of the heuristic on a seeded deal (None if the
    /// deal ended first).
    fn position(players: u8, seed: &str, moves: usize) -> Option<HundredOne> {
        let options = HundredOneOptions {
            players,
            ..HundredOneOptions::default()
        };
        let mut state = HundredOne::new(options, 0);
        let deck = Seeded(seed).deck(0).unwrap();
        state.deal_cards(&deck, &mut ());
        let mut chance = Rng::new(7);
        for _ in 0..moves {
            let action = hundred_one_action(&state);
            state.step(action, &mut (), &mut chance).ok()?;
            if state.deal_number() != 0 || !state.in_deal() {
                return None;
            }
        }
        Some(state)
    }

    fn settings(iterations: u64, seed: u64) -> IsmctsSettings {
        IsmctsSettings {
            iterations: Some(iterations),
            milliseconds: None,
            seed,
            dealing: Dealing {
                epsilon: Some(0.1),
                deals: 50,
                dealt: 0,
            },
            exploration: 0.7,
            lookahead: 0,
        }
    }

    #[test]
    fn a_count_budget_and_a_seed_fix_the_result() {
        // rule: H-11
        let state = (5..40)
            .filter_map(|m| position(4, "ismcts", m))
            .find(|s| {
                let mut legal = [0u32; 40];
                s.legal_actions(&mut legal) > 1
            })
            .unwrap();
        let given = vec![state.clone(), state.clone()];
        let a = ismcts_hundred_one(&given, None, settings(3000, 4)).unwrap();
        let b = ismcts_hundred_one(&given, None, settings(3000, 4)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.iterations, 3000);
        // every walk starts with a decision at the root
        assert_eq!(a.values.iter().map(|v| v.2).sum::<u64>(), 3000);
        assert!(a.nodes > 1, "the tree grows past the root");
        let timed = IsmctsSettings {
            iterations: None,
            milliseconds: Some(20.0),
            ..settings(1, 4)
        };
        assert!(ismcts_hundred_one(&given, None, timed).unwrap().iterations >= 1);
        let none = IsmctsSettings {
            iterations: None,
            ..settings(1, 4)
        };
        assert!(ismcts_hundred_one(&given, None, none).is_err());
        // looking ahead past the tree: still a function of the seed, and other walks
        let ahead = IsmctsSettings {
            lookahead: 1,
            ..settings(3000, 4)
        };
        let c = ismcts_hundred_one(&given, None, ahead).unwrap();
        assert_eq!(c, ismcts_hundred_one(&given, None, ahead).unwrap());
        assert_eq!(c.iterations, 3000);
        assert_ne!(
            c.values, a.values,
            "the look ahead plays the seat past the tree"
        );
    }

    #[test]
    fn the_key_is_what_the_seat_knows() {
        let state = (0..20)
            .filter_map(|m| position(4, "key", m))
            .find(|s| {
                let seat = s.to_act().expect("a seat is to act").at();
                let (a, b) = ((seat + 1) % 4, (seat + 2) % 4);
                s.hands()[a].count_ones() == s.hands()[b].count_ones() && s.log().len() > 3
            })
            .unwrap();
        let seat = state.to_act().expect("a seat is to act").at();
        let (a, b) = ((seat + 1) % 4, (seat + 2) % 4);
        let hands = *state.hands();
        // the others' hands traded among themselves: the seat cannot tell
        let mut swapped = state.clone();
        swapped.set_hand(Seat::new(a as u8), hands[b]);
        swapped.set_hand(Seat::new(b as u8), hands[a]);
        assert_ne!(swapped.hands(), state.hands());
        assert_eq!(
            information_key(&state, seat, 0),
            information_key(&swapped, seat, 0)
        );
        // a card of its own traded for one of another hand: it can
        let mut traded = state.clone();
        let mine = hands[seat] & hands[seat].wrapping_neg();
        let theirs = hands[a] & hands[a].wrapping_neg();
        traded.set_hand(Seat::new(seat as u8), hands[seat] ^ (mine | theirs));
        traded.set_hand(Seat::new(a as u8), hands[a] ^ (mine | theirs));
        assert_ne!(
            information_key(&state, seat, 0),
            information_key(&traded, seat, 0)
        );
    }

    #[test]
    fn a_last_queen_goes_out() {
        // rule: H-14, H-15
        // A seat whose last card is a queen may go out on it (30 off) or draw (H-9);
        // the search goes out.
        let mut found = 0;
        for seed in 0..400 {
            for moves in 0..30 {
                let Some(state) = position(4, &format!("q{seed}"), moves) else {
                    break;
                };
                let seat = state.to_act().expect("a seat is to act").at();
                let hand = state.hands()[seat];
                if state.phase() != Phase::Play
                    || hand.count_ones() != 1
                    || hand.trailing_zeros() & 15 != QUEEN
                {
                    continue;
                }
                let result = ismcts_hundred_one(&[state], None, settings(2000, seed)).unwrap();
                let queen = hand.trailing_zeros();
                let best = result.values.iter().max_by_key(|v| v.2).unwrap();
                assert_eq!(best.0, queen, "seed {seed}: {:?}", result.values);
                let draw = result.values.iter().find(|v| v.0 == DRAW).unwrap();
                assert!(best.1 > draw.1);
                found += 1;
                break;
            }
            if found == 5 {
                return;
            }
        }
        panic!("only {found} positions with a last queen");
    }
}
