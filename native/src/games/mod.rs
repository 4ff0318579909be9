//! The games, one folder each with the same files: `rules` (the state machine), `policy`
//! (its heuristic player and what the search needs of it) and `vector` (its observation
//! encoder for the vector environment).

pub mod hundred_one;
pub mod king;
pub mod spades;
pub mod tressette;
