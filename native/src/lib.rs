//! Koloda's native engine: the same state machines as the Python reference engine
//! (`koloda/games/<game>`), with card sets as `u64` bitmasks and no allocation per decision.
//!
//! The games are plain Rust (tested by `cargo test`); the `python` feature adds the PyO3
//! bindings that maturin builds into the extension module `koloda._native`.

pub mod cards;
pub mod hundred_one;
pub mod king;
pub mod rng;
pub mod search;
pub mod shuffle;
pub mod spades;
pub mod tressette;
pub mod tricks;
pub mod vector;
pub mod vector_hundred_one;
pub mod vector_king;
pub mod vector_tressette;

#[cfg(feature = "python")]
mod python;
#[cfg(feature = "python")]
mod python_hundred_one;
#[cfg(feature = "python")]
mod python_king;
#[cfg(feature = "python")]
mod python_search;
#[cfg(feature = "python")]
mod python_search_hundred_one;
#[cfg(feature = "python")]
mod python_tressette;
#[cfg(feature = "python")]
mod python_vector;
#[cfg(feature = "python")]
mod python_vector_hundred_one;
#[cfg(feature = "python")]
mod python_vector_tressette;
