//! Search over the native games: single-observer ISMCTS (Cowling, Powley & Whitehouse 2012)
//! for the card play of the trick games (Spades, King, Tressette), and PIMC for 101.
//!
//! - `determinize`: deals the cards the searching seat has not seen, from what it knows of
//!   them (how many each seat holds, the cards a seat is known to hold, the cards its plays
//!   show it cannot hold, a suit it must hold) and nothing else;
//! - `trick`: what the search needs of a trick game's state (`TrickSearch`, implemented in
//!   each game's `games/<game>/policy.rs` with the deal's reward as the Python search scores
//!   it, `GameInfo.rewards`);
//! - `ismcts`: the tree, UCB with availability counts, random or policy rollouts;
//! - `pimc`: perfect-information Monte Carlo, exact alpha-beta with a transposition table
//!   near the end of the deal and playouts by the game's policy before;
//! - the games' heuristic players, the rollout policies (`TrickSearch::policy_card`), are in
//!   `games/<game>/policy.rs`;
//! - `beliefs_tricks`: the weight of a sampled deal of Spades or King by how well it
//!   explains the others' bids and card play;
//! - `beliefs_hundred_one`: the weight of a sampled 101 deal by how well it explains the
//!   others' play;
//! - `weights`: drawing weighed deals, their effective number and tempering;
//! - `pimc_hundred_one`: PIMC for 101 with heuristic rollouts over weighed deals;
//! - `ismcts_hundred_one`: ISMCTS for 101 over the searching seat's own decisions, the
//!   others playing the heuristic, on the same weighed deals;
//! - `analysis`: the post-game analysis's values of every legal action of a trick game's
//!   decision (bids and the exchange too) in points, on sampled positions it is given.

pub mod analysis;
pub mod beliefs_hundred_one;
pub mod beliefs_tricks;
pub mod determinize;
pub mod ismcts;
pub mod ismcts_hundred_one;
pub mod pick;
pub mod pimc;
pub mod pimc_hundred_one;
pub mod trick;
pub mod weights;

pub use beliefs_tricks::PlayBelief;
pub use determinize::{Determinizer, Place};
pub use ismcts::{ismcts, Budget, SearchResult};
pub use pimc::{pimc, PimcOptions, PimcResult, Weighing};
pub use trick::TrickSearch;
