//! The PyO3 bindings of King: `KingCore`, subclassed by
//! `koloda.games.king.native.NativeKingState`, and `king_playouts`.

use crate::python::bridge::game_core;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::core::cards::Cards;
use crate::core::{Seat, Suit};
use crate::games::king::{self, King, KingEvent, KingOptions, KingPosition, Variant};
use crate::python::module::by_seat;

/// Options as the Python side passes them: variant (0 classic, 1 order, 2 three), the
/// negative order, king_forced_on_heart_lead, stop_when_decided,
/// positive_orders_per_player, order_scope shared, three_player_balance proportional.
pub type KingOptionsTuple = (u8, [u8; 7], bool, bool, u8, bool, bool);

fn king_options(o: KingOptionsTuple) -> PyResult<KingOptions> {
    let variant = match o.0 {
        0 => Variant::Classic,
        1 => Variant::Order,
        2 => Variant::Three,
        _ => return Err(PyValueError::new_err("variant must be 0, 1 or 2")),
    };
    let mut order = o.1;
    order.sort_unstable();
    if order != [0, 1, 2, 3, 4, 5, 6] || !(1..=16).contains(&o.4) {
        return Err(PyValueError::new_err("bad King options"));
    }
    Ok(KingOptions {
        variant,
        negative_order: o.1,
        king_forced_on_heart_lead: o.2,
        stop_when_decided: o.3,
        positive_orders_per_player: o.4,
        order_shared: o.5,
        proportional: o.6,
    })
}

/// A deal's cards as ``_load`` takes them: dealt hands, hands, decisions before the play,
/// cards taken, last tricks, all cards taken.
type DealTuple = (Vec<Vec<u8>>, Vec<u64>, Vec<u32>, Vec<u64>, Vec<u8>, u64);

/// A game of King in native code (`koloda.games.king.native` wraps it).
#[pyclass(subclass, module = "koloda._native")]
pub struct KingCore {
    pub(crate) game: King,
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    shuffler: Option<Py<PyAny>>,
}

impl KingCore {
    fn event_tuple<'py>(&self, py: Python<'py>, event: &KingEvent) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::event_object(py, event)
    }
}

game_core! {
    KingCore,
    copies [],
    getters {
        num_seats: u8 = |g| g.n(),
        contract: i8 = |g| g.contract().map_or(-1, |contract| contract as i8),
        trump: i8 = |g| g.trump().map_or(-1, |suit| suit.index() as i8),
        by_last: bool = |g| g.by_last(),
        caller: i8 = |g| Seat::to_code(g.caller()),
        hands: Vec<u64> = |g| g.hands()[..g.n() as usize].to_vec(),
        pre_actions: Vec<u32> = |g| g.pre_actions().to_vec(),
        taken: Vec<u64> = |g| g.taken()[..g.n() as usize].to_vec(),
        last_tricks: Vec<u16> = |g| crate::python::module::ints(&g.last_tricks()[..g.n() as usize]),
        taken_all: u64 = |g| g.taken_all(),
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        trick_leader: i8 = |g| Seat::to_code(g.trick_leader()),
        tricks: Vec<u16> = |g| crate::python::module::ints(&g.tricks()[..g.n() as usize]),
        tricks_played: u8 = |g| g.tricks_played(),
        lead_first: Vec<u64> = |g| g.lead_first()[..g.n() as usize].to_vec(),
        follow_first: u64 = |g| g.follow_first(),
        discard_first: u64 = |g| g.discard_first(),
        totals: Vec<i64> = |g| g.totals()[..g.n() as usize].to_vec(),
    },
    dealt KingCore::event_tuple,
    #[new]
    fn new() -> Self {
        KingCore {
            game: King::new(KingOptions::default(), 0),
            rules: None,
            shuffler: None,
        }
    }

    fn _configure(&mut self, options: KingOptionsTuple, first_dealer: u8) -> PyResult<()> {
        let options = king_options(options)?;
        let game = King::new(options, 0);
        self.game = King::new(options, first_dealer % game.n());
        Ok(())
    }

    // ----- the hot path ------------------------------------------------------------------

    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if self.game.phase() == king::Phase::Play {
            return PyTuple::new(py, Cards(self.game.legal_card_mask()));
        }
        let mut out = Vec::with_capacity(8);
        self.game.legal_actions(&mut out);
        PyTuple::new(py, out)
    }

    // ----- the checked path --------------------------------------------------------------

    fn _deal(&mut self, hands: Vec<Vec<u8>>) -> PyResult<()> {
        let size = self.game.table().hand_size() as usize;
        if hands.len() != self.game.n() as usize || hands.iter().any(|h| h.len() != size) {
            return Err(PyValueError::new_err("hands of the wrong size"));
        }
        let mut fixed = [[0u8; 10]; 4];
        for (slot, hand) in fixed.iter_mut().zip(&hands) {
            slot[..size].copy_from_slice(hand);
        }
        self.game.deal(&fixed);
        Ok(())
    }

    /// Loads a whole position (a sampled state of the Python engine): the game's progress,
    /// the deal's cards and decisions and the trick rules in force.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (progress, deal, tricks, constraints, totals, rows, sheet))]
    fn _load(
        &mut self,
        progress: (u8, i8, u32, u8, i8, i8, bool, i8),
        deal: DealTuple,
        tricks: (Vec<u8>, u8, u8, i8, Vec<u8>, u8),
        constraints: (Vec<u64>, u64, u64),
        totals: Vec<i64>,
        rows: Vec<[u8; 8]>,
        sheet: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let n = self.game.n() as usize;
        let size = self.game.table().hand_size() as usize;
        let (phase, to_act, deal_number, dealer, contract, trump, by_last, caller) = progress;
        let phase = king::Phase::from_code(phase)
            .ok_or_else(|| PyValueError::new_err(format!("no phase {phase}")))?;
        let (dealt, hands, pre_actions, taken, last_tricks, taken_all) = deal;
        let mut dealt_hands = [[0; king::MAX_HAND]; 4];
        for (slot, hand) in dealt_hands.iter_mut().zip(&dealt) {
            if hand.len() != size {
                return Err(PyValueError::new_err("dealt hands of the wrong size"));
            }
            slot[..size].copy_from_slice(hand);
        }
        let (plays, trick_count, lead_suit, trick_leader, won, played) = tricks;
        let (lead_first, follow_first, discard_first) = constraints;
        let mut all_rows = [[0; 8]; 4];
        for (slot, row) in all_rows.iter_mut().zip(rows) {
            *slot = row;
        }
        let lines: Vec<king::KingLine> = pythonize::depythonize(sheet)?;
        self.game.restore(KingPosition {
            phase,
            to_act: Seat::from_code(to_act.into()),
            deal_number,
            dealer,
            contract: u8::try_from(contract).ok(),
            trump: u8::try_from(trump).ok().and_then(Suit::from_code),
            by_last,
            caller: Seat::from_code(caller.into()),
            dealt: dealt_hands,
            hands: by_seat(&hands, n),
            pre_actions,
            taken: by_seat(&taken, n),
            last_tricks: by_seat(&last_tricks, n),
            taken_all,
            plays,
            trick_count,
            lead_suit,
            trick_leader: Seat::from_code(trick_leader.into()),
            tricks: by_seat(&won, n),
            tricks_played: played,
            lead_first: by_seat(&lead_first, n),
            follow_first,
            discard_first,
            totals: by_seat(&totals, n),
            rows: all_rows,
            sheet: lines,
        });
        Ok(())
    }

    // ----- what the Python side reads ----------------------------------------------------

    #[getter]
    fn dealt<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let size = self.game.table().hand_size() as usize;
        let hands: Vec<Bound<'py, PyTuple>> = self.game.dealt()[..self.game.n() as usize]
            .iter()
            .map(|hand| PyTuple::new(py, &hand[..size]))
            .collect::<PyResult<_>>()?;
        PyTuple::new(py, hands)
    }
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::plain(py, &self.game.rows()[..self.game.table().num_rows() as usize])
    }

    fn _current_actions(&self) -> Vec<u32> {
        self.game.current_actions().collect()
    }

    fn _completed(&self, start: usize) -> Vec<(u8, Vec<Vec<u8>>, Vec<u32>)> {
        let n = self.game.n() as usize;
        let size = self.game.table().hand_size() as usize;
        self.game
            .completed()
            .iter()
            .skip(start)
            .map(|d| {
                let dealt = d.dealt()[..n].iter().map(|h| h[..size].to_vec()).collect();
                (d.dealer(), dealt, d.actions().to_vec())
            })
            .collect()
    }

    fn _sheet_lines<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::sheet_from(py, &self.game, start)
    }

    /// The fields of ``KingView`` for ``seat`` but the seat, the variant and the sheet.
    fn _view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
        crate::python::bridge::view_of(py, &self.game, seat)
    }
}

crate::python::bridge::playouts_binding!(
    king_playouts,
    KingOptionsTuple,
    king_options,
    king::playouts
);
