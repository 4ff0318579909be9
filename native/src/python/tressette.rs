//! The PyO3 bindings of Tressette: `TressetteCore`, subclassed by
//! `koloda.games.tressette.native.NativeTressetteState`, and `tressette_playouts`.

use crate::python::bridge::game_core;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::core::cards::Cards;
use crate::core::{CardSet, Seat};
use crate::games::tressette::{
    self, Declaration, Declarations, Tressette, TressetteEvent, TressetteOptions,
    TressettePosition, WonGame, REASONS,
};

/// hearts_special, card_points pooled, long_run ten.
pub type TressetteOptionsTuple = (bool, bool, bool);
/// (kind, cards in the Python engine's order, points).
type DeclarationTuple = (u8, Vec<u8>, u8);
type LineTuple = (
    (u32, u8),
    Vec<Vec<DeclarationTuple>>,
    [u8; 4],
    [[i64; 2]; 4],
    (u8, u8),
    [i64; 2],
);

fn options_of(o: TressetteOptionsTuple) -> TressetteOptions {
    TressetteOptions {
        hearts_special: o.0,
        pooled: o.1,
        long_run_ten: o.2,
    }
}

fn declaration_tuples(found: &Declarations) -> Vec<DeclarationTuple> {
    let mut cards = Vec::new();
    found
        .as_slice()
        .iter()
        .map(|d| {
            d.ordered_cards(&mut cards);
            (d.kind, cards.clone(), d.points)
        })
        .collect()
}

fn declarations_from(items: &[DeclarationTuple]) -> Declarations {
    let mut found = Declarations::default();
    for (kind, cards, points) in items.iter().take(tressette::MAX_DECLARATIONS) {
        found.items[found.count as usize] = Declaration {
            kind: *kind,
            cards: cards.iter().fold(0, |set, &card| set | 1u64 << (card & 63)),
            points: *points,
        };
        found.count += 1;
    }
    found
}

/// A group of Tressette in native code (`koloda.games.tressette.native` wraps it).
#[pyclass(subclass, module = "koloda._native")]
pub struct TressetteCore {
    pub(crate) game: Tressette,
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    shuffler: Option<Py<PyAny>>,
}

fn event_tuple<'py>(py: Python<'py>, event: &TressetteEvent) -> PyResult<Bound<'py, PyAny>> {
    let tuple = match *event {
        TressetteEvent::CardPlayed { seat, card } => ("card", seat, card).into_pyobject(py)?,
        TressetteEvent::TrickTaken { seat, cards } => ("trick", seat, cards).into_pyobject(py)?,
        TressetteEvent::Declared { seat } => ("declared", seat).into_pyobject(py)?,
        TressetteEvent::PointsScored {
            side,
            points,
            reason,
            after,
        } => ("points", side, points, REASONS[reason as usize], after).into_pyobject(py)?,
        TressetteEvent::GameWon {
            side,
            value,
            deal,
            game,
            carry,
        } => ("won", side, value, deal, game, carry).into_pyobject(py)?,
        TressetteEvent::DealScored { deal, scores } => {
            ("scored", deal, scores).into_pyobject(py)?
        }
        TressetteEvent::GameOver { outcome, winners } => {
            let seats: Vec<u8> = (0..4u8).filter(|s| winners >> s & 1 == 1).collect();
            ("over", outcome, seats).into_pyobject(py)?
        }
    };
    Ok(tuple.into_any())
}

/// An event as `_apply_events` gives it (the bridge's converter).
fn core_event<'py>(
    _: &TressetteCore,
    py: Python<'py>,
    event: &TressetteEvent,
) -> PyResult<Bound<'py, PyAny>> {
    event_tuple(py, event)
}

game_core! {
    TressetteCore,
    copies [],
    getters {
        leader: u8 = |g| g.leader(),
        hands: Vec<u64> = |g| g.hands().map(CardSet::bits).to_vec(),
        taken: Vec<u64> = |g| g.taken().map(CardSet::bits).to_vec(),
        history: Vec<u16> = |g| crate::python::module::ints(g.plays()),
        trick_count: u8 = |g| g.trick_count(),
        lead_suit: u8 = |g| g.lead_suit_code(),
        trick_leader: i8 = |g| Seat::to_code(g.trick_leader()),
        tricks: Vec<u16> = |g| crate::python::module::ints(g.tricks()),
        tricks_played: u8 = |g| g.tricks_played(),
        points: Vec<i64> = |g| g.points().to_vec(),
        deal_points: Vec<i64> = |g| g.deal_points().to_vec(),
        deal_declared: Vec<i64> = |g| g.deal_declared().to_vec(),
        deal_bonus: Vec<i64> = |g| g.deal_bonus().to_vec(),
        totals: Vec<i64> = |g| g.totals().to_vec(),
        settled_points: (i64, i64) = |g| (g.settled_points()[0], g.settled_points()[1]),
        settled_games: u8 = |g| g.settled_games(),
    },
    dealt core_event,
    #[new]
    fn new() -> Self {
        TressetteCore {
            game: Tressette::new(TressetteOptions::default(), 0),
            rules: None,
            shuffler: None,
        }
    }

    fn _configure(&mut self, options: TressetteOptionsTuple, first_dealer: u8) {
        self.game = Tressette::new(options_of(options), first_dealer & 3);
    }

    // ----- the hot path ------------------------------------------------------------------

    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, Cards(self.game.legal_card_mask()))
    }

    // ----- the checked path --------------------------------------------------------------

    /// Starts the next deal from these hands; returns the events of its declarations.
    fn _deal<'py>(
        &mut self,
        py: Python<'py>,
        hands: [[u8; 10]; 4],
    ) -> PyResult<Bound<'py, PyList>> {
        let mut events = Vec::new();
        self.game.deal(&hands, &mut events);
        crate::python::bridge::events_list(py, &events, event_tuple)
    }

    /// Puts the group between deals (or over, or about to deal) with this history.
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        &mut self,
        progress: (u32, u8, u8, u8, bool),
        games: Vec<(u8, i64, u32)>,
        totals: [i64; 2],
        points: [i64; 2],
        settled_points: [i64; 2],
        settled_games: u8,
        sheet: Vec<LineTuple>,
    ) -> PyResult<()> {
        let (deal_number, dealer, leader, phase, is_over) = progress;
        let phase = tressette::Phase::from_code(phase)
            .ok_or_else(|| PyValueError::new_err(format!("no phase {phase}")))?;
        let games = games
            .into_iter()
            .map(|(winner, value, deal)| WonGame {
                winner,
                value,
                deal,
            })
            .collect();
        let lines = sheet
            .into_iter()
            .map(
                |((deal, dealer), declarations, tricks, sums, games, after)| {
                    let mut per_seat = [Declarations::default(); 4];
                    for (slot, items) in per_seat.iter_mut().zip(&declarations) {
                        *slot = declarations_from(items);
                    }
                    tressette::TressetteLine {
                        deal,
                        dealer,
                        declarations: per_seat,
                        tricks,
                        declared: sums[0],
                        card_points: sums[1],
                        bonuses: sums[2],
                        scores: sums[3],
                        games_from: games.0,
                        games_to: games.1,
                        points_after: after,
                    }
                },
            )
            .collect();
        self.game.restore(TressettePosition {
            deal_number,
            dealer,
            leader,
            phase,
            is_over,
            games,
            totals,
            points,
            settled_points,
            settled_games,
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
    fn _games(&self) -> Vec<(u8, i64, u32)> {
        self.game
            .games()
            .iter()
            .map(|g| (g.winner, g.value, g.deal))
            .collect()
    }

    /// Each seat's declarations this deal: (kind, cards, points).
    fn _declarations(&self) -> Vec<Vec<DeclarationTuple>> {
        self.game
            .declarations()
            .iter()
            .map(declaration_tuples)
            .collect()
    }

    fn _current_actions(&self) -> Vec<u16> {
        self.game.plays()
            .iter()
            .map(|p| (p & 63) as u16)
            .collect()
    }

    fn _completed(&self, start: usize) -> Vec<(u8, [[u8; 10]; 4], Vec<u8>)> {
        self.game
            .completed()
            .iter()
            .skip(start)
            .map(|d| {
                let actions = d.plays().iter().map(|p| p & 63).collect();
                (d.dealer(), *d.dealt(), actions)
            })
            .collect()
    }

    fn _sheet_lines(&self, start: usize) -> Vec<LineTuple> {
        self.game
            .sheet()
            .iter()
            .skip(start)
            .map(|l| {
                (
                    (l.deal, l.dealer),
                    l.declarations.iter().map(declaration_tuples).collect(),
                    l.tricks,
                    [l.declared, l.card_points, l.bonuses, l.scores],
                    (l.games_from, l.games_to),
                    l.points_after,
                )
            })
            .collect()
    }

    /// The fields of ``TressetteView`` for ``seat`` that the state holds natively.
    fn _view_fields<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyTuple>> {
        let game = &self.game;
        let in_deal = game.in_deal();
        let s = seat as usize;
        let plays: Vec<(u8, u8)> = if in_deal {
            game.plays()
                .iter()
                .map(|&p| (p >> 6, p & 63))
                .collect()
        } else {
            Vec::new()
        };
        let count = if in_deal {
            game.trick_count() as usize
        } else {
            0
        };
        let trick: Vec<(u8, u8)> = plays[plays.len() - count..].to_vec();
        let legal: Vec<u8> = if game.to_act() == Some(Seat::new(seat)) {
            Cards(game.legal_card_mask()).collect()
        } else {
            Vec::new()
        };
        let fields: Vec<Bound<'py, PyAny>> = vec![
            (game.phase() as u8).into_pyobject(py)?.into_any(),
            game.deal_number().into_pyobject(py)?.into_any(),
            game.dealer().into_pyobject(py)?.into_any(),
            game.first_dealer().into_pyobject(py)?.into_any(),
            game.leader().into_pyobject(py)?.into_any(),
            PyTuple::new(
                py,
                if in_deal {
                    Cards(game.hands()[s].bits())
                } else {
                    Cards(0)
                },
            )?
            .into_any(),
            PyTuple::new(py, if in_deal { &game.dealt()[s][..] } else { &[][..] })?.into_any(),
            PyTuple::new(
                py,
                if in_deal {
                    game.hands().map(CardSet::len)
                } else {
                    [0; 4]
                },
            )?
            .into_any(),
            PyTuple::new(py, plays)?.into_any(),
            (if in_deal {
                game.trick_leader().map(Seat::index)
            } else {
                None
            })
            .into_pyobject(py)?
            .into_any(),
            PyTuple::new(py, trick)?.into_any(),
            PyTuple::new(py, if in_deal { *game.tricks() } else { [0; 4] })?.into_any(),
            game.to_act().map(Seat::index).into_pyobject(py)?.into_any(),
            PyTuple::new(py, legal)?.into_any(),
            PyTuple::new(py, *game.points())?.into_any(),
            PyTuple::new(py, if in_deal { *game.deal_points() } else { [0; 2] })?.into_any(),
            PyTuple::new(py, *game.totals())?.into_any(),
            PyTuple::new(py, *game.settled_points())?.into_any(),
            game.settled_games().into_pyobject(py)?.into_any(),
        ];
        PyTuple::new(py, fields)
    }
}

crate::python::bridge::playouts_binding!(
    tressette_playouts,
    TressetteOptionsTuple,
    |o| Ok(options_of(o)),
    tressette::playouts
);
