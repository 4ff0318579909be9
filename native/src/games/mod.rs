//! The games, one folder each with the same files: `rules` (the state machine), `policy`
//! (its heuristic player and what the search needs of it) and `vector` (its observation
//! encoder for the vector environment), and the [`Game`] trait they all implement.

use crate::core::illegal::IllegalMove;
use crate::core::rng::Rng;
use crate::core::Seat;

pub mod hundred_one;
pub mod king;
pub mod spades;
pub mod tressette;

/// What every game's state machine answers whatever the game: the seat to act, whether the
/// game is over, whether an action is legal and why not, and the outcome. The Python
/// bindings (`python::bridge`) are written once over it.
///
/// ```
/// use koloda_native::games::king::{King, KingOptions};
/// use koloda_native::games::Game;
///
/// let game = King::new(KingOptions::default(), 0);
/// assert_eq!(Game::to_act(&game), None); // awaiting the first deal
/// assert!(!Game::is_over(&game));
/// assert!(Game::check(&game, 0).is_err());
/// ```
pub trait Game: Clone {
    /// How many seats play.
    fn num_seats(&self) -> usize;
    /// The seat whose decision is due, if any.
    fn to_act(&self) -> Option<Seat>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// Whether a deal is being played (a decision may be due).
    fn in_deal(&self) -> bool;
    /// Whether `action` is legal now (cheaper than [`Game::check`]).
    fn is_legal(&self, action: i64) -> bool;
    /// Why `action` is illegal now, with the rule it breaks, or Ok when it is legal.
    fn check(&self, action: i64) -> Result<(), IllegalMove>;
    /// Each seat's outcome (the final result when over, else the standing).
    fn outcome(&self) -> Vec<f64>;
}

/// A game whose deals are given from outside, whole (King, Spades, Tressette): a step
/// within a deal needs no chance, and says when the next deal is due. (101 draws from the
/// stock within a hand, so its step takes the chance that reshuffles.)
pub trait DealtGame: Game {
    /// What a checked step says happened (each game's own events).
    type Event;
    /// Applies `action` after checking it, pushing its events; Ok(true) when the next
    /// deal is due. An illegal action changes nothing.
    fn apply(&mut self, action: i64, events: &mut Vec<Self::Event>) -> Result<bool, IllegalMove>;
    /// Applies a legal `action` without events; true when the next deal is due.
    fn step_unchecked(&mut self, action: u32) -> bool;
    /// A uniformly random legal action of the seat to act.
    fn random_action(&self, rng: &mut Rng) -> u32;
    /// Deals the next deal from `rng` (a fast generator, not the Python engine's shuffle).
    fn deal_random(&mut self, rng: &mut Rng);
}

/// What one random playout did: decisions made, deals played, and whether it stopped at the
/// deal limit before the game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayedOut {
    pub decisions: u64,
    pub deals: u64,
    pub unfinished: bool,
}

/// Plays `game` (its first deal dealt) with uniformly random decisions, dealing from `rng`,
/// until it ends or (with `deal_limit`, 0: none) that many deals have been played.
///
/// ```
/// use koloda_native::core::rng::Rng;
/// use koloda_native::games::spades::{Spades, SpadesOptions};
/// use koloda_native::games::{play_random, DealtGame, Game};
///
/// let mut rng = Rng::new(7);
/// let mut game = Spades::new(SpadesOptions::default(), 0);
/// game.deal_random(&mut rng);
/// let played = play_random(&mut game, &mut rng, 2);
/// assert_eq!(played.deals, 2); // stopped after two deals (a game to 500 takes more)
/// assert!(played.unfinished && !game.is_over() && played.decisions >= 2 * 52);
/// ```
pub fn play_random<G: DealtGame>(game: &mut G, rng: &mut Rng, deal_limit: u32) -> PlayedOut {
    let mut played = PlayedOut::default();
    loop {
        let action = game.random_action(rng);
        played.decisions += 1;
        if game.step_unchecked(action) {
            played.deals += 1;
            if deal_limit > 0 && played.deals >= u64::from(deal_limit) {
                played.unfinished = true; // stopped at the deal limit
                return played;
            }
            game.deal_random(rng);
        } else if game.is_over() {
            played.deals += 1;
            return played;
        }
    }
}

/// The result of a batch of random playouts (each game's `playouts`): the counts every game
/// gives, each seat's (or side's) final total summed over the games, each seat's outcome
/// summed, and the counts of one game only.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Playouts<T> {
    pub games: u64,
    pub decisions: u64,
    pub deals: u64,
    /// Games stopped at the deal limit.
    pub unfinished: u64,
    pub total_points: Vec<T>,
    /// Each seat's outcome (`state.outcome()`), summed over the games.
    pub outcomes: Vec<f64>,
    /// Spades: the games won by side 0, by side 1, and shared (a tie at `max_deals`).
    pub wins: Option<[u64; 3]>,
    /// 101: the reshuffles of the pile into a new stock.
    pub restocks: Option<u64>,
}

impl<T: Clone + Default> Playouts<T> {
    /// No game played yet of `games`, with `totals` totals and `seats` outcomes to sum.
    pub fn new(games: u64, totals: usize, seats: usize) -> Self {
        Playouts {
            games,
            total_points: vec![T::default(); totals],
            outcomes: vec![0.0; seats],
            ..Playouts::default()
        }
    }

    /// Adds a finished game's outcome.
    pub fn add_outcome(&mut self, outcome: &[f64]) {
        for (sum, value) in self.outcomes.iter_mut().zip(outcome) {
            *sum += value;
        }
    }
}

/// `games` whole games of a whole-deck game (each made by `new` for its first dealer, who
/// goes round the `seats`) of uniformly random decisions, deals from `seed`, all in Rust;
/// with `deal_limit` (0: none) a game stops after that many deals if it has not ended.
/// `finished` adds a game's totals (and the game's own counts) to the result.
pub fn random_playouts<G: DealtGame, T: Clone + Default>(
    (games, seed, deal_limit): (u64, u64, u32),
    (seats, totals): (u8, usize),
    new: impl Fn(u8) -> G,
    mut finished: impl FnMut(&G, &mut Playouts<T>),
) -> Playouts<T> {
    let mut rng = Rng::new(seed);
    let mut result = Playouts::new(games, totals, usize::from(seats));
    for game in 0..games {
        let mut state = new((game % u64::from(seats)) as u8);
        state.deal_random(&mut rng);
        let played = play_random(&mut state, &mut rng, deal_limit);
        result.decisions += played.decisions;
        result.deals += played.deals;
        result.unfinished += u64::from(played.unfinished);
        result.add_outcome(&state.outcome());
        finished(&state, &mut result);
    }
    result
}
