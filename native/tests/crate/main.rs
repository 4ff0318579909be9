//! The crate's tests of its public API, one test binary (each file a module): the rules of
//! each game in scenarios, the invariants (proptest), positions, playouts, and the ignored
//! speed workloads.

mod common;
mod hundred_one_rules;
mod invariants;
mod king_rules;
mod playouts;
mod positions;
mod spades_rules;
mod speed;
mod tressette_rules;
