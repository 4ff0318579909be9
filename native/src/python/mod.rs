//! The PyO3 bindings (the `python` feature): the module (`module`), one file per game, and the
//! bindings of the search and of the vector environment's batch path.

pub mod bridge;
pub mod hundred_one;
pub mod king;
pub mod module;
pub mod search;
pub mod spades;
pub mod tressette;
pub mod vector;
