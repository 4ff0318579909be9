//! 101 on the vector environment's native batch path (`crate::python::vector`): its state
//! class as a [`BatchGame`], its bucket tables and its two batch functions.
//!
//! A hand of 101 needs chance in the middle of a step (the discard pile reshuffled into a
//! new stock, H-11) and at its end (the next hand). A batch step reshuffles as the state's
//! own shuffler does — natively when it is the seeded core `Shuffler`, else by calling it —
//! but leaves the next hand undealt: the step reports it due, the environment reads the
//! finished hand's scores, and `_deal_from_shuffler` deals it (the same deck
//! `apply_unchecked` would have dealt at once).

use pyo3::prelude::*;

use crate::core::cards::CardCode;
use crate::games::hundred_one::vector::HundredOneTables;
use crate::games::hundred_one::{self, Chance, HundredOne, Seeded};
use crate::python::hundred_one::{HundredOneCore, PyChance, StepFailure};
use crate::python::vector::{batch_bindings, BatchGame};

/// The chance of a batch step: the reshuffles of `0`, no next hand.
struct NoDeal<'a, C: Chance>(&'a mut C);

impl<C: Chance> Chance for NoDeal<'_, C> {
    fn deck(&mut self, _deal: u32) -> Option<[CardCode; 36]> {
        None
    }
    fn restock(&mut self, below: &[CardCode], index: u64) -> Option<Vec<CardCode>> {
        self.0.restock(below, index)
    }
}

impl BatchGame for HundredOneCore {
    type Game = HundredOne;
    fn game(&self) -> &HundredOne {
        &self.game
    }
    /// The hand ended (the next one is due) or the game is over; a failure (which only a
    /// shuffler that raises or a record's restocks can cause) is kept and reported as a
    /// due hand, so that `_deal_from_shuffler` raises it.
    fn batch_step(&mut self, code: u32) -> (bool, bool) {
        let HundredOneCore {
            game,
            shuffler,
            seed,
            batch_failure,
            ..
        } = self;
        let result = match seed.as_deref() {
            Some(seed) => game
                .step(code, &mut (), &mut NoDeal(&mut Seeded(seed)))
                .map_err(StepFailure::Restock),
            None => Python::attach(|py| {
                let shuffler = shuffler.as_ref().map(|s| s.bind(py).clone());
                let mut chance = PyChance {
                    seed: None,
                    shuffler: shuffler.as_ref(),
                    error: None,
                };
                let result = game.step(code, &mut (), &mut NoDeal(&mut chance));
                match chance.error {
                    Some(error) => Err(StepFailure::Python(error)),
                    None => result.map_err(StepFailure::Restock),
                }
            }),
        };
        let failed = result.is_err();
        *batch_failure = result.err();
        (
            failed || game.phase() == hundred_one::Phase::AwaitDeal,
            game.is_over(),
        )
    }
}

batch_bindings!(
    HundredOneCore,
    HundredOneBatchTables,
    HundredOneTables,
    "101",
    hundred_one_batch_step,
    hundred_one_batch_encode
);

/// Adds 101's batch classes and functions to the module (from `crate::python::vector`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<HundredOneBatchTables>()?;
    m.add_function(wrap_pyfunction!(hundred_one_batch_step, m)?)?;
    m.add_function(wrap_pyfunction!(hundred_one_batch_encode, m)?)?;
    Ok(())
}
