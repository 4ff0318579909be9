//! The extension module `koloda._native`: each game's bindings (`python/<game>.rs`) and the
//! search's and vector environment's, registered in one module, and what they share.

use pyo3::prelude::*;

/// Small numbers as a list of ints for Python (a `Vec<u8>` would become `bytes`).
pub fn ints(items: &[u8]) -> Vec<u16> {
    items.iter().map(|&x| x as u16).collect()
}

/// ``Shuffler(seed).shuffled(items, index)`` of ``koloda.core.dealing``, natively (the seed
/// as its text).
#[pyfunction]
fn seeded_shuffle(seed: &str, index: u64, items: Vec<i64>) -> Vec<i64> {
    crate::core::shuffle::seeded_shuffle(seed, index, &items)
}

#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<super::spades::SpadesCore>()?;
    m.add_function(wrap_pyfunction!(super::spades::spades_playouts, m)?)?;
    m.add_class::<super::king::KingCore>()?;
    m.add_function(wrap_pyfunction!(super::king::king_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(seeded_shuffle, m)?)?;
    m.add_class::<super::tressette::TressetteCore>()?;
    m.add_function(wrap_pyfunction!(super::tressette::tressette_playouts, m)?)?;
    super::vector::register(m)?;
    super::search::register(m)?;
    super::search_hundred_one::register(m)?;
    m.add_class::<super::hundred_one::HundredOneCore>()?;
    m.add_function(wrap_pyfunction!(
        super::hundred_one::hundred_one_playouts,
        m
    )?)?;
    m.add("GAMES", ("spades", "king", "tressette", "hundred_one"))?;
    Ok(())
}
