//! The PyO3 bindings: the extension module `koloda._native`.
//!
//! `SpadesCore` is a base class: `koloda.games.spades.native.NativeSpadesState` subclasses
//! it with what the Python protocol adds (views as dataclasses, events as objects, errors
//! that name the rule). The hot path — `legal_actions`, `apply_unchecked`, `clone`,
//! `is_over`, `to_act` — is this class's own methods, one call into Rust each.

use crate::python::bridge::game_core;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::core::cards::{CardBits, Cards};
use crate::core::Seat;
use crate::games::spades::{self, Event, Phase, SideScore, Spades, SpadesOptions, SpadesPosition};

type SideTuple = (i64, i64, i64, i64, i64, i64, i64, i64, bool);
type SheetTuple = (
    u32,
    u8,
    [i8; 4],
    [u8; 4],
    SideTuple,
    SideTuple,
    [i64; 2],
    Vec<u8>,
);

fn side_tuple(side: &SideScore) -> SideTuple {
    (
        side.score,
        side.contract,
        side.tricks,
        side.contract_points,
        side.nil_points,
        side.overtricks,
        side.bag_penalty,
        side.bags,
        side.lost_score,
    )
}

fn side_from(t: SideTuple) -> SideScore {
    SideScore {
        score: t.0,
        contract: t.1,
        tricks: t.2,
        contract_points: t.3,
        nil_points: t.4,
        overtricks: t.5,
        bag_penalty: t.6,
        bags: t.7,
        lost_score: t.8,
    }
}

fn cards_vec(set: CardBits) -> Vec<u8> {
    Cards(set).collect()
}

fn cards_tuple(py: Python<'_>, set: CardBits) -> PyResult<Bound<'_, PyTuple>> {
    PyTuple::new(py, Cards(set))
}

/// Options as the Python side passes them: double_nil, nil_exchange, bags_penalty,
/// both_nil lose_score, spades broken by any spade, target, max_deals.
type OptionsTuple = (bool, bool, bool, bool, bool, i64, u32);

fn spades_options(o: OptionsTuple) -> SpadesOptions {
    SpadesOptions {
        double_nil: o.0,
        nil_exchange: o.1,
        bags_penalty: o.2,
        both_nil_lose_score: o.3,
        any_spade: o.4,
        target: o.5,
        max_deals: o.6,
    }
}

/// A game of Spades in native code (`koloda.games.spades.native` wraps it).
#[pyclass(subclass, module = "koloda._native")]
pub struct SpadesCore {
    pub(crate) game: Spades,
    /// The rules object the state belongs to (Python's `SpadesRules`).
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    /// The `Shuffler` that deals the next deals, or None (records, samples).
    #[pyo3(get, set)]
    shuffler: Option<Py<PyAny>>,
}

impl SpadesCore {
    fn event_tuple<'py>(_: &Self, py: Python<'py>, event: &Event) -> PyResult<Bound<'py, PyAny>> {
        let tuple = match *event {
            Event::CardPlayed { seat, card } => ("card", seat, card).into_pyobject(py)?,
            Event::SpadesBroken { seat } => ("broken", seat).into_pyobject(py)?,
            Event::TrickTaken { seat, cards } => ("trick", seat, cards).into_pyobject(py)?,
            Event::DealScored { deal, scores } => ("scored", deal, scores).into_pyobject(py)?,
            Event::GameOver { totals, winners } => {
                ("over", totals, winners.as_slice().to_vec()).into_pyobject(py)?
            }
            Event::BidMade { seat, bid } => ("bid", seat, bid).into_pyobject(py)?,
            Event::HandPickedUp { seat, hand } => {
                ("picked_up", seat, cards_vec(hand)).into_pyobject(py)?
            }
            Event::CardsDiscarded { seat, cards } => {
                ("discarded", seat, cards_vec(cards)).into_pyobject(py)?
            }
            Event::CardsExchanged {
                nil_seat,
                partner,
                discarded,
                given,
            } => (
                "exchanged",
                nil_seat,
                partner,
                cards_vec(discarded),
                cards_vec(given),
            )
                .into_pyobject(py)?,
            Event::DiscardsReturned { seat } => ("returned", seat).into_pyobject(py)?,
        };
        Ok(tuple.into_any())
    }
}

game_core! {
    SpadesCore,
    copies [],
    getters {
        hands: Vec<u64> = |g| g.hands().to_vec(),
        picked_up: Vec<bool> = |g| g.picked_up().to_vec(),
        bids: Vec<i8> = |g| g.bids().to_vec(),
        pending: Vec<u64> = |g| g.pending().to_vec(),
        sent: Vec<u64> = |g| g.sent().to_vec(),
        received: Vec<u64> = |g| g.received().to_vec(),
        /// Every card of this deal in play order, as ``seat << 6 | card``.
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        trick_leader: i8 = |g| Seat::to_code(g.trick_leader()),
        tricks: Vec<u16> = |g| crate::python::module::ints(g.tricks()),
        tricks_played: u8 = |g| g.tricks_played(),
        broken: bool = |g| g.broken(),
        totals: Vec<i64> = |g| g.totals().to_vec(),
        bags: Vec<i64> = |g| g.bags().to_vec(),
    },
    dealt SpadesCore::event_tuple,
    #[new]
    fn new() -> Self {
        SpadesCore {
            game: Spades::new(SpadesOptions::default(), 0),
            rules: None,
            shuffler: None,
        }
    }

    /// Sets the options and the first dealer of a new game.
    fn _configure(&mut self, options: OptionsTuple, first_dealer: u8) {
        self.game = Spades::new(spades_options(options), first_dealer & 3);
    }

    // ----- the hot path ------------------------------------------------------------------

    /// The legal actions, lowest code first (the 286 triples of S-7 lazily, from Python).
    fn legal_actions<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.borrow();
        let game = &this.game;
        match game.phase() {
            spades::Phase::Play => Ok(PyTuple::new(py, Cards(game.legal_card_mask()))?.into_any()),
            Phase::Discard | Phase::Give => {
                drop(this);
                slf.call_method0("_triple_actions")
            }
            _ => {
                let mut out = Vec::with_capacity(14);
                game.legal_actions(&mut out);
                Ok(PyTuple::new(py, out)?.into_any())
            }
        }
    }

    // ----- the checked path --------------------------------------------------------------

    /// Starts the next deal from these hands (each in dealt order, checked by the caller).
    fn _deal(&mut self, hands: [[u8; 13]; 4]) {
        self.game.deal(&hands);
    }

    /// Puts the game between deals or over after ``deal_number`` deals with this history
    /// (a sampled state keeps the view's score sheet).
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        &mut self,
        deal_number: u32,
        dealer: u8,
        totals: [i64; 2],
        bags: [i64; 2],
        winners: Vec<u8>,
        phase: u8,
        sheet: Vec<SheetTuple>,
    ) -> PyResult<()> {
        let phase = spades::Phase::from_code(phase)
            .ok_or_else(|| PyValueError::new_err(format!("no phase {phase}")))?;
        let mut won = spades::Winners::default();
        for side in winners.into_iter().take(2) {
            won.sides[won.count as usize] = side;
            won.count += 1;
        }
        let lines = sheet
            .into_iter()
            .map(|line| spades::SheetLine {
                deal: line.0,
                dealer: line.1,
                bids: line.2,
                tricks: line.3,
                sides: [side_from(line.4), side_from(line.5)],
                totals: line.6,
                exchanges: line.7.iter().fold(0, |set, &seat| set | 1 << (seat & 3)),
            })
            .collect();
        self.game.restore(SpadesPosition {
            deal_number,
            dealer,
            totals,
            bags,
            winners: won,
            phase,
            sheet: lines,
        });
        Ok(())
    }

    // ----- what the Python side reads ----------------------------------------------------

    #[getter]
    fn dealt(&self) -> Vec<Vec<u16>> {
        self.game
            .dealt()
            .iter()
            .map(|hand| crate::python::module::ints(hand))
            .collect()
    }

    #[getter]
    fn pre_actions(&self) -> Vec<u32> {
        self.game
            .auction()
            .iter()
            .map(|p| p.1)
            .collect()
    }

    #[getter]
    fn pre_seats(&self) -> Vec<u16> {
        self.game
            .auction()
            .iter()
            .map(|p| p.0 as u16)
            .collect()
    }
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.game.winners().as_slice())
    }

    /// The decisions of the deal in progress.
    fn _current_actions(&self) -> Vec<u32> {
        self.game.current_actions().collect()
    }

    /// Finished deals from ``start`` on: (dealer, dealt hands, actions).
    fn _completed(&self, start: usize) -> Vec<(u8, [[u8; 13]; 4], Vec<u32>)> {
        self.game
            .completed()
            .iter()
            .skip(start)
            .map(|d| (d.dealer(), *d.dealt(), d.actions().to_vec()))
            .collect()
    }

    fn _completed_count(&self) -> usize {
        self.game.completed().len()
    }

    /// Score-sheet lines from ``start`` on, as tuples of ``DealSummary``'s fields.
    fn _sheet_lines(&self, start: usize) -> Vec<SheetTuple> {
        self.game
            .sheet()
            .iter()
            .skip(start)
            .map(|line| {
                (
                    line.deal,
                    line.dealer,
                    line.bids,
                    line.tricks,
                    side_tuple(&line.sides[0]),
                    side_tuple(&line.sides[1]),
                    line.totals,
                    (0..4u8).filter(|s| line.exchanges >> s & 1 == 1).collect(),
                )
            })
            .collect()
    }

    /// The fields of ``SpadesView`` for ``seat`` but the sheet, in its order.
    fn _view_fields<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyTuple>> {
        let game = &self.game;
        let in_deal = game.in_deal();
        let s = seat as usize;
        let plays: Vec<(u8, u8)> = game.plays()
            .iter()
            .map(|&p| (p >> 6, p & 63))
            .collect();
        let trick_len = game.trick_count() as usize;
        let trick: Vec<(u8, u8)> = plays[plays.len() - trick_len..].to_vec();
        let zeros = [0u32; 4];
        let hand_sizes = if in_deal {
            game.hands().map(|h| h.count_ones())
        } else {
            zeros
        };
        let auction: Vec<(u8, u32)> = if in_deal {
            game.visible_auction(seat).collect()
        } else {
            Vec::new()
        };
        let sent = if in_deal {
            if game.sent()[s] != 0 {
                game.sent()[s]
            } else {
                game.pending()[s]
            }
        } else {
            0
        };
        let legal: Vec<u32> = if game.to_act() == Some(Seat::new(seat)) {
            let mut out = Vec::new();
            game.legal_actions(&mut out);
            out
        } else {
            Vec::new()
        };
        let fields: Vec<Bound<'py, PyAny>> = vec![
            seat.into_pyobject(py)?.into_any(),
            (game.phase() as u8).into_pyobject(py)?.into_any(),
            game.deal_number().into_pyobject(py)?.into_any(),
            game.dealer().into_pyobject(py)?.into_any(),
            cards_tuple(py, game.visible_hand(seat))?.into_any(),
            PyTuple::new(py, hand_sizes)?.into_any(),
            PyTuple::new(py, if in_deal { *game.picked_up() } else { [false; 4] })?.into_any(),
            PyTuple::new(
                py,
                if in_deal {
                    *game.bids()
                } else {
                    [spades::NO_BID; 4]
                },
            )?
            .into_any(),
            PyTuple::new(py, auction)?.into_any(),
            cards_tuple(py, sent)?.into_any(),
            cards_tuple(py, if in_deal { game.received()[s] } else { 0 })?.into_any(),
            PyTuple::new(
                py,
                if in_deal {
                    game.pending().map(|p| p.count_ones())
                } else {
                    zeros
                },
            )?
            .into_any(),
            PyTuple::new(py, if in_deal { plays } else { Vec::new() })?.into_any(),
            game.trick_leader()
                .filter(|_| in_deal)
                .map(Seat::index)
                .into_pyobject(py)?
                .into_any(),
            PyTuple::new(py, trick)?.into_any(),
            PyTuple::new(py, if in_deal { *game.tricks() } else { [0; 4] })?.into_any(),
            (game.broken() && in_deal)
                .into_pyobject(py)?
                .to_owned()
                .into_any(),
            game.to_act().map(Seat::index).into_pyobject(py)?.into_any(),
            PyTuple::new(py, legal)?.into_any(),
            PyTuple::new(py, *game.totals())?.into_any(),
            PyTuple::new(py, *game.bags())?.into_any(),
            PyTuple::new(py, game.winners().as_slice())?.into_any(),
        ];
        PyTuple::new(py, fields)
    }
}

crate::python::bridge::playouts_binding!(
    spades_playouts,
    OptionsTuple,
    |o| Ok(spades_options(o)),
    spades::playouts
);
