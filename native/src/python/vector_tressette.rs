//! Tressette on the vector environment's batch path (`crate::python::vector`): the batch of
//! `TressetteCore` states stepped in one call, and encoded in another by
//! `crate::games::tressette::vector`.

use pyo3::prelude::*;

use crate::games::tressette::vector::{encode_tressette, tressette_code, TressetteTables};
use crate::python::tressette::TressetteCore;
use crate::python::vector::{batch_bindings, BatchGame};

impl BatchGame for TressetteCore {
    type Tables = TressetteTables;
    fn batch_in_deal(&self) -> bool {
        self.game.in_deal()
    }
    fn batch_to_act(&self) -> i8 {
        crate::core::Seat::to_code(self.game.to_act())
    }
    fn batch_code(&self, tables: &TressetteTables, index: usize) -> Option<u32> {
        tressette_code(tables, index)
    }
    fn batch_step(&mut self, code: u32) -> (bool, bool) {
        let due = self.game.step(code, &mut ());
        (due, self.game.is_over)
    }
    fn batch_encode(&self, tables: &TressetteTables, out: &mut [f32], mask: &mut [u8]) -> bool {
        encode_tressette(&self.game, tables, out, mask)
    }
    fn batch_last_scores(&self) -> Option<Vec<i64>> {
        Some(self.game.sheet.last()?.scores.to_vec())
    }
}

batch_bindings!(
    TressetteCore,
    TressetteBatchTables,
    TressetteTables,
    "Tressette",
    tressette_batch_step,
    tressette_batch_encode
);

/// Adds Tressette's batch tables class and its two batch functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TressetteBatchTables>()?;
    m.add_function(wrap_pyfunction!(tressette_batch_step, m)?)?;
    m.add_function(wrap_pyfunction!(tressette_batch_encode, m)?)?;
    Ok(())
}
