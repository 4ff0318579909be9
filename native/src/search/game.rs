//! What the searches need of a game (`SearchGame`) and of the way its hidden cards are dealt
//! (`Deals`), the budget they run on and the playouts they share.
//!
//! A search plays out the current deal of a position. Its actions are the game's codes, in
//! sets of the game's width (`ActionSet`: the trick games' cards in a `u64`, 101's suit
//! calls, draws and passes besides in a `u128`); the chance of the deal (101's reshuffles of
//! the pile) is drawn from a generator the search gives each step. The trick games are
//! `SearchGame`s through `TrickSearch` (`trick.rs`); 101 through its search state in
//! `games/hundred_one/search.rs`.

use std::ops::{BitAnd, BitOr, Not};
use std::time::{Duration, Instant};

use crate::core::rng::Rng;
use crate::search::weights::unit;

/// A set of a game's actions, a bit each: a `u64` where every action is below 64 (the
/// trick games' cards), a `u128` where some are not (101's suit calls, draws and passes).
pub trait ActionSet:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    const EMPTY: Self;
    /// The set of `action` alone.
    fn of(action: u32) -> Self;
    fn has(self, action: u32) -> bool;
    fn count(self) -> u32;
    /// The lowest action.
    fn first(self) -> u32;
    /// The set less its lowest action.
    fn rest(self) -> Self;
    /// The `index`-th action (the lowest first).
    fn nth(self, mut index: u32) -> u32 {
        let mut set = self;
        while index > 0 {
            set = set.rest();
            index -= 1;
        }
        set.first()
    }
    /// The actions, the lowest first.
    fn each(self) -> impl Iterator<Item = u32> {
        let mut set = self;
        std::iter::from_fn(move || {
            (set != Self::EMPTY).then(|| {
                let action = set.first();
                set = set.rest();
                action
            })
        })
    }
}

macro_rules! action_set {
    ($bits:ty) => {
        impl ActionSet for $bits {
            const EMPTY: Self = 0;

            #[inline(always)]
            fn of(action: u32) -> Self {
                1 << action
            }

            #[inline(always)]
            fn has(self, action: u32) -> bool {
                self >> action & 1 == 1
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn first(self) -> u32 {
                self.trailing_zeros()
            }

            #[inline(always)]
            fn rest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

action_set!(u64);
action_set!(u128);

/// The most seats of a searched game (101's six).
pub const MAX_SEATS: usize = 6;

/// How long to search: at most `simulations` iterations (or deals) and at most
/// `milliseconds` (either may be absent, not both).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    pub simulations: Option<u64>,
    pub milliseconds: Option<f64>,
}

impl Budget {
    /// The moment the time budget runs out, from now.
    pub fn deadline(&self) -> Option<Instant> {
        self.after(1.0)
    }

    /// The moment the first `share` of the time budget runs out, from now.
    pub fn after(&self, share: f64) -> Option<Instant> {
        self.milliseconds
            .map(|ms| Instant::now() + Duration::from_secs_f64(share * ms.max(0.0) / 1000.0))
    }

    /// The steps of a search with this budget, its time counted from now and its clock read
    /// at every `clock`-th step (a power of two); `unbounded` is the error of a budget with
    /// neither a count nor a time.
    pub fn steps(&self, clock: u64, unbounded: &str) -> Result<Steps, String> {
        if self.simulations.is_none() && self.milliseconds.is_none() {
            return Err(unbounded.into());
        }
        Ok(Steps {
            limit: self.simulations.unwrap_or(u64::MAX),
            deadline: self.deadline(),
            clock_mask: clock - 1,
            done: 0,
        })
    }
}

/// A search's steps (iterations, deals) under its [`Budget`]: the index of each step taken,
/// until the count is reached or the time is up (the clock read before a step whose index
/// is a multiple of the clock's period, the first step excepted).
#[derive(Clone, Debug)]
pub struct Steps {
    limit: u64,
    deadline: Option<Instant>,
    clock_mask: u64,
    done: u64,
}

impl Steps {
    /// How many steps were taken.
    #[inline]
    pub fn done(&self) -> u64 {
        self.done
    }
}

impl Iterator for Steps {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.done >= self.limit {
            return None;
        }
        if let Some(deadline) = self.deadline {
            if self.done & self.clock_mask == 0 && self.done > 0 && Instant::now() >= deadline {
                return None;
            }
        }
        self.done += 1;
        Some(self.done - 1)
    }
}

/// How the ISMCTS makes its tree of a game's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tree {
    /// Every move is public and the deal has no chance after the searched position (the
    /// trick games' card play): every mover's decisions are nodes, found by the actions
    /// since the root (single-observer ISMCTS). At a node with actions not tried yet one
    /// is taken at random, and the walk leaves the tree once it has added a node.
    Public,
    /// Only the observer's decisions with a choice are nodes, found by its information
    /// (`SearchGame::information_key`: 101, whose draws show a player cards the others do
    /// not see); the others play the game's policy. A node has every legal action from the
    /// start, each tried once (the lowest code first) before UCB chooses, and the walk
    /// leaves the tree after its decision at a new node.
    Observer,
}

/// How a playout chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    /// The game's policy (`SearchGame::policy_action`), else uniformly random actions.
    pub heuristic: bool,
    /// The chance of a uniformly random action instead of the policy's.
    pub epsilon: f64,
    /// The observer's side looks one action ahead at its decisions
    /// (`SearchGame::lookahead_action`) with so many playouts an action; 0: it does not.
    pub lookahead: u32,
}

impl Playout {
    /// The game's policy for every seat, without noise or look ahead.
    pub const POLICY: Playout = Playout {
        heuristic: true,
        epsilon: 0.0,
        lookahead: 0,
    };
}

/// A game's state as the searches play the current deal.
pub trait SearchGame: Clone {
    /// How the ISMCTS makes its tree of the game's decisions.
    const TREE: Tree;
    /// The game's sets of actions.
    type Actions: ActionSet;

    /// The seat to act.
    fn mover(&self) -> usize;
    /// The searched deal is over: its rewards are known (`deal_rewards`).
    fn deal_over(&self) -> bool;
    /// The legal actions of the seat to act.
    fn legal_set(&self) -> Self::Actions;
    /// Plays a legal action, the deal's chance drawn from `chance`; false when the rules
    /// refuse it (the deal is then left unfinished and counts nothing).
    fn apply(&mut self, action: u32, chance: &mut Rng) -> bool;
    /// Each seat's reward for the deal once it is over (0 for a deal left unfinished), as
    /// `GameInfo.rewards` gives it (`koloda/core/info.py`).
    fn deal_rewards(&mut self, rewards: &mut [f64; MAX_SEATS]);
    /// Seats `a` and `b` score together (partners, or the same seat).
    #[inline]
    fn same_side(&self, a: usize, b: usize) -> bool {
        a == b
    }
    /// The game's policy's action for the seat to act, from that seat's own cards and the
    /// public state only; `None`: a uniformly random action.
    #[inline]
    fn policy_action(&self, _rng: &mut Rng) -> Option<u32> {
        None
    }
    /// A uniformly random legal action.
    #[inline]
    fn uniform_action(&self, rng: &mut Rng) -> u32 {
        let legal = self.legal_set();
        legal.nth(rng.below(legal.count()))
    }
    /// The action of the seat to act whose playouts to the end of this deal give it the
    /// most: by the game's policy without noise (uniformly random in a trick game without
    /// `how.heuristic`), `how.lookahead` of them an action where the game plays several.
    fn lookahead_action(&self, rng: &mut Rng, how: &Playout) -> u32;
    /// What `observer` (the seat to act) knows at this decision, as a key: equal keys for
    /// the positions it cannot tell apart (`Tree::Observer`).
    #[inline]
    fn information_key(&self, _observer: usize) -> u64 {
        0
    }
}

/// How a search deals the cards its observer has not seen: the trick games from the
/// observer's knowledge, each deal anew or from candidates weighed by their beliefs
/// (`determinize::TrickDeals`); 101 from candidates weighed by its belief model
/// (`games/hundred_one/search.rs`).
pub trait Deals<G> {
    /// Draws and weighs the candidates before the search's first deal (the first draws of
    /// its generator).
    fn prepare(&mut self, _rng: &mut Rng) -> Result<(), String> {
        Ok(())
    }
    /// The search's `index`-th deal: the root position with the hidden cards dealt.
    fn deal(&mut self, index: u64, rng: &mut Rng) -> G;
    /// A search's start on these deals: its steps under `budget` ([`Budget::steps`]) and
    /// its generator from `seed`, with which the deals are then prepared.
    fn start(
        &mut self,
        budget: Budget,
        clock: u64,
        unbounded: &str,
        seed: u64,
    ) -> Result<(Steps, Rng), String> {
        let steps = budget.steps(clock, unbounded)?;
        let mut rng = Rng::new(seed);
        self.prepare(&mut rng)?;
        Ok((steps, rng))
    }
}

/// The action of a playout by `how` for the seat to act in `state`.
#[inline]
pub fn playout_action<G: SearchGame>(
    state: &G,
    observer: usize,
    rng: &mut Rng,
    how: &Playout,
) -> u32 {
    if how.lookahead > 0 && state.same_side(state.mover(), observer) {
        return state.lookahead_action(rng, how);
    }
    if how.epsilon > 0.0 && unit(rng) < how.epsilon {
        return state.uniform_action(rng);
    }
    if how.heuristic {
        if let Some(action) = state.policy_action(rng) {
            return action;
        }
    }
    state.uniform_action(rng)
}

/// Plays `state` out to the end of the deal by `how`; false when the rules refused an
/// action (the deal is left unfinished).
#[inline(always)]
pub fn play_out<G: SearchGame>(
    state: &mut G,
    observer: usize,
    rng: &mut Rng,
    how: &Playout,
) -> bool {
    if how.lookahead == 0 && how.epsilon == 0.0 {
        // the policy or uniform actions alone, the playout's most frequent loop
        while !state.deal_over() {
            let chosen = if how.heuristic {
                state.policy_action(rng)
            } else {
                None
            };
            let action = chosen.unwrap_or_else(|| state.uniform_action(rng));
            if !state.apply(action, rng) {
                return false;
            }
        }
        return true;
    }
    while !state.deal_over() {
        let action = playout_action(state, observer, rng, how);
        if !state.apply(action, rng) {
            return false;
        }
    }
    true
}

/// Plays `state` out to the end of the deal by `how`: the reward of `observer`.
pub fn playout<G: SearchGame>(state: &mut G, observer: usize, rng: &mut Rng, how: &Playout) -> f64 {
    if !play_out(state, observer, rng, how) {
        return 0.0;
    }
    let mut rewards = [0.0; MAX_SEATS];
    state.deal_rewards(&mut rewards);
    rewards[observer]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_counted_from_the_lowest() {
        let set: u128 = 1 | 1 << 63 | 1 << 64 | 1 << 71;
        assert_eq!(
            (0..4).map(|i| set.nth(i)).collect::<Vec<_>>(),
            vec![0, 63, 64, 71]
        );
        assert_eq!(set.each().collect::<Vec<_>>(), vec![0, 63, 64, 71]);
        let cards: u64 = 1 << 5 | 1 << 40;
        assert_eq!(cards.nth(1), 40);
        assert_eq!(cards.count(), 2);
        assert!(cards.has(5) && !cards.has(6));
    }
}
