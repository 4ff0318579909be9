//! Search over the native games, written once over what a search needs of a game
//! (`game::SearchGame`) and of the way its hidden cards are dealt (`game::Deals`): single-
//! observer ISMCTS (Cowling, Powley & Whitehouse 2012) and PIMC, for the card play of the
//! trick games (Spades, King, Tressette) and for 101.
//!
//! - `game`: the `SearchGame` trait (legal actions, a step with its chance, the deal's
//!   rewards, the rollout policy and its look ahead, the key of what the observer knows),
//!   the `Deals` hook that deals and weighs the hidden cards, the budget and the playouts;
//! - `ismcts`: the tree, UCB with availability counts, the policy or random playouts past
//!   it; every mover's decisions in the trick games, the observer's own in 101 (`Tree`);
//!   and the trick games' entry;
//! - `pimc`: perfect-information Monte Carlo, every legal action valued on each deal by
//!   playouts or, where the game has one (`pimc::Exact`), an exact search: the trick games'
//!   alpha-beta with a transposition table near the end of the deal; and the trick games'
//!   entry;
//! - `policy`: the action a game's rollout policy takes for the seat to act;
//! - `request`: the trick games' searches as a caller asks for them: their settings as
//!   plain data with their defaults and checks, run from the seat's knowledge;
//! - `trick`: what the search needs of a trick game's state (`TrickSearch`, implemented in
//!   each game's `games/<game>/policy.rs` with the deal's reward as the Python search scores
//!   it, `GameInfo.rewards`), which makes it a `SearchGame`;
//! - `determinize`: deals the cards the searching seat of a trick game has not seen, from
//!   what it knows of them (how many each seat holds, the cards a seat is known to hold, the
//!   cards its plays show it cannot hold, a suit it must hold) and nothing else; with the
//!   beliefs' weighing, the trick games' `Deals` (`TrickDeals`);
//! - `beliefs_tricks`: the weight of a sampled deal of Spades or King by how well it
//!   explains the others' bids and card play;
//! - 101's `SearchGame` and `Deals` are in `games/hundred_one/search.rs`, its candidates
//!   weighed by its belief model (`games/hundred_one/beliefs.rs`);
//! - `weights`: drawing weighed deals, their effective number and tempering;
//! - the games' heuristic players, the rollout policies, are in `games/<game>/policy.rs`;
//! - `analysis`: the post-game analysis's values of every legal action of a trick game's
//!   decision (bids and the exchange too) in points, on sampled positions it is given.

pub mod analysis;
pub mod beliefs_tricks;
pub mod determinize;
pub mod game;
pub mod ismcts;
pub mod pick;
pub mod pimc;
pub mod policy;
pub mod request;
pub mod trick;
pub mod weights;

pub use beliefs_tricks::PlayBelief;
pub use determinize::{Determinizer, Place, Weighing};
pub use game::{Budget, SearchGame};
pub use ismcts::{ismcts, SearchResult};
pub use pimc::{pimc, PimcOptions, PimcResult};
pub use trick::TrickSearch;
