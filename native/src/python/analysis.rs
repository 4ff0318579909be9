//! Bindings of the analysis's valuing (`crate::search::analysis`) for
//! `koloda/bots/analysis.py`, each game's:
//! - `analysis_<game>(samples, seat, exact_cards)`: each legal action's mean value in points
//!   over the sampled positions (native states of the game that agree with the seat's view);
//! - `analysis_<game>_dealt(root, seat, unseen, places, samples, seed, exact_cards, limits)`:
//!   the same over `samples` positions dealt natively from `root` by the seat's knowledge of
//!   the unseen cards (as `pimc_<game>` takes it), in the card play.
//!
//! Either gives None where a playout meets a decision the native heuristic does not make.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::python::king::KingCore;
use crate::python::search::dealer;
use crate::python::spades::SpadesCore;
use crate::python::tressette::TressetteCore;
use crate::search::analysis::{dealt_values, values};

/// Each legal action and its mean value in points.
type Values = Option<Vec<(u32, f64)>>;

macro_rules! analysis_bindings {
    ($name:ident, $dealt:ident, $core:ty) => {
        #[pyfunction]
        #[pyo3(signature = (samples, seat, exact_cards=12))]
        fn $name(
            py: Python<'_>,
            samples: Vec<PyRef<'_, $core>>,
            seat: usize,
            exact_cards: u32,
        ) -> PyResult<Values> {
            let games: Vec<_> = samples.iter().map(|state| state.game.clone()).collect();
            drop(samples);
            py.detach(move || values(&games, seat, exact_cards))
                .map_err(PyValueError::new_err)
        }

        #[pyfunction]
        #[pyo3(signature = (root, seat, unseen, places, samples, seed, exact_cards=12, limits=None))]
        #[allow(clippy::too_many_arguments)]
        fn $dealt(
            py: Python<'_>,
            root: PyRef<'_, $core>,
            seat: usize,
            unseen: u64,
            places: Vec<(u32, u64, u64, u64)>,
            samples: usize,
            seed: u64,
            exact_cards: u32,
            limits: Option<Vec<(usize, u64, u32)>>,
        ) -> PyResult<Values> {
            let game = root.game.clone();
            drop(root);
            let limits = limits.unwrap_or_default();
            let mut dealer = dealer(&game, seat, unseen, places, limits, None)?;
            py.detach(move || dealt_values(&game, seat, &mut dealer, samples, seed, exact_cards))
                .map_err(PyValueError::new_err)
        }
    };
}

analysis_bindings!(analysis_spades, analysis_spades_dealt, SpadesCore);
analysis_bindings!(analysis_king, analysis_king_dealt, KingCore);
analysis_bindings!(analysis_tressette, analysis_tressette_dealt, TressetteCore);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analysis_spades, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_spades_dealt, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_king, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_king_dealt, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_tressette, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_tressette_dealt, m)?)?;
    Ok(())
}
