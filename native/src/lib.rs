//! Koloda's native engine: the same state machines as the Python reference engine
//! (`koloda/games/<game>`), with card sets as `u64` bitmasks and no allocation per decision.
//!
//! - `core`: cards and card sets, the seeded random numbers, the shuffle, tricks;
//! - `games/<game>`: each game's rules, heuristic policy and vector encoder;
//! - `search`: ISMCTS and PIMC over the games;
//! - `vector`: what the games' observation encoders share;
//! - `python` (the `python` feature): the PyO3 bindings that maturin builds into the
//!   extension module `koloda._native`.
//!
//! The games are plain Rust (tested by `cargo test`).

#[doc(hidden)]
pub use serde as __serde;

pub mod core;
pub mod games;
pub mod search;
pub mod vector;

#[cfg(feature = "python")]
mod python;
