"""Practice at a table against bots: a person alone at an unrated table may take back his
last decision of the deal in play (``undo``: the bots' moves after it go too, and the
record keeps only the game as finally played), and a study table lays every hand open.

An undo goes back within the deal in play only: a deal's score, once written on the sheet,
stays, as at a card table. The game as it stood is dealt again from the table's seed (the
same cards, and for 101 the same restocks when they come again) and the deal's first moves
are played again; the bots then play on from there with the randomness of the position
(``bot_seed``), so the same move after an undo brings the same answer.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyState
from koloda.core.errors import OptionError
from koloda.server.seating import HUMAN, OPEN, Seating
from koloda.server.store import UndoWrite
from koloda.server.views import TrickTracker, events_json, seat_view_json
from koloda.server.writer import StoreWriterError

if TYPE_CHECKING:
    from koloda.server.live import Connection, LiveTable
    from koloda.server.tables import TableManager


@dataclass
class Practice:
    """What a live table keeps for practice."""

    undos: int = 0
    """Undos done since the table came to life."""
    movers: tuple[int, list[int]] | None = None
    """Who made each decision of the deal in play, once asked (``movers``): the number of
    deal logs then, and the seats."""


def practice_people(table: LiveTable) -> dict[str, Any]:
    """The table's part of ``people``: whether it offers undo, whether its hands are open,
    and the deal of the day's set it plays (``daily``; None: none)."""
    return {
        "undo": solo_seat(table) is not None,
        "open_hands": table.seating.open_hands,
        "daily": table.seating.daily,
    }


def practice_view(table: LiveTable, seat: int | None, message: dict[str, Any]) -> None:
    """A view message's practice part: a study table's open hands, and to the person of a
    table that offers undo whether he may take back a decision now."""
    hands = open_hands(table)
    if hands is not None:
        message["view"]["open_hands"] = hands
    can_undo = undoable(table, seat)
    if can_undo is not None:
        message["undoable"] = can_undo


def practice_record(table: LiveTable, results: dict[str, Any]) -> dict[str, Any]:
    """A finished game's record says it was played with every hand open."""
    if table.seating.open_hands:
        results["open_hands"] = True
    return results


def check_open_hands(kinds: list[str], seating: Seating) -> None:
    """A study table (all hands open) is unrated, has exactly one person's seat and lets
    nobody take a bot's seat; else an OptionError saying which."""
    if not seating.open_hands:
        return
    if seating.rated is not None:
        raise OptionError("'open_hands': a rated table keeps its hands hidden")
    if sum(kind in (HUMAN, OPEN) for kind in kinds) != 1 or seating.bots_yield:
        raise OptionError("'open_hands': a study table has one person's seat, bots in the others")


def solo_seat(table: LiveTable) -> int | None:
    """The seat of the one person seated at an unrated table (None: rated, a deal of the
    day's, a tournament's, nobody, or more than one person): the table where he may take back his
    decisions."""
    if table.seating.rated is not None or table.seating.event is not None:
        return None
    taken = [s for s, state in enumerate(table.seat_states()) if state == "taken"]
    return taken[0] if len(taken) == 1 else None


def open_hands(table: LiveTable) -> list[list[str]] | None:
    """Every seat's cards at a study table (None elsewhere: a hidden card never leaves)."""
    if not table.seating.open_hands:
        return None
    rules, state = table.rules, table.state
    return [list(seat_view_json(rules, state, s)["hand"]) for s in range(rules.num_seats)]


def bot_seed(table: LiveTable, version: int) -> int:
    """A bot's randomness at ``version``: from the table's secret seed and the position, so
    that the same decisions after an undo bring the same answers."""
    digest = hashlib.sha256(f"{table.seed}:bot:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# ----- who decided what in the deal in play --------------------------------------------------


def movers(table: LiveTable) -> list[int]:
    """The seat that made each decision of the deal in play, in order (replayed once, then
    kept up to date by ``note_move``)."""
    logs = table.state.deal_logs()
    known = table.practice.movers
    if known is not None and known[0] == len(logs) and len(known[1]) == len(logs[-1].actions):
        return known[1]
    seats: list[int] = []
    if logs:
        replayed = _before_deal(table, len(logs) - 1)
        replayed.start_deal(logs[-1].setup)
        for action in logs[-1].actions:
            assert replayed.to_act is not None
            seats.append(replayed.to_act)
            replayed.apply(action)
    table.practice.movers = (len(logs), seats)
    return seats


def note_move(table: LiveTable, seat: int) -> None:
    """A decision applied: who made it, when the table keeps that (else it is replayed when
    asked)."""
    known = table.practice.movers
    if known is None:
        return
    logs = table.state.deal_logs()
    if known[0] == len(logs) and len(known[1]) + 1 == len(logs[-1].actions):
        known[1].append(seat)
    elif logs and not logs[-1].actions:  # the deal ended: a new one begins
        table.practice.movers = (len(logs), [])
    else:
        table.practice.movers = None


def undoable(table: LiveTable, seat: int | None) -> bool | None:
    """Whether ``seat`` may take back a decision now; None where undo is not offered."""
    if seat is None or solo_seat(table) != seat:
        return None
    return refusal(table, seat) is None


def refusal(table: LiveTable, seat: int | None) -> str | None:
    """Why ``seat`` may not take back a decision now (None: it may)."""
    if seat is None:
        return "a spectator has no decision to take back"
    if table.seating.rated is not None:
        return "a rated table has no undo"
    if solo_seat(table) != seat:
        return "undo is only for a person alone at a table with bots"
    if table.finished:
        return "the game is over"
    if seat not in movers(table):
        return "no decision of yours to take back in this deal"
    return None


# ----- taking back ---------------------------------------------------------------------------


def _before_deal(table: LiveTable, deal: int, tricks: TrickTracker | None = None) -> AnyState:
    """A fresh state with the deals before ``deal`` replayed from their logs."""
    rules = table.rules
    logs = table.state.deal_logs()
    state: AnyState = rules.empty_state(table.first_dealer)
    for log in logs[:deal]:
        events = state.start_deal(log.setup)
        for action in log.actions:
            events.extend(state.apply(action))
        if tricks is not None:
            tricks.feed(events)
    return state


def rewind(table: LiveTable, moves: int) -> tuple[AnyState, TrickTracker]:
    """The game as it stood before the deal in play's decision number ``moves``: the deal
    dealt again from the seed, so that the chance it has not used yet is drawn again."""
    logs = table.state.deal_logs()
    deal = len(logs) - 1
    tricks = TrickTracker()
    state = _before_deal(table, deal, tricks)
    tricks.feed(state.resume_dealing(Shuffler(table.dealing_seed)))
    again = state.deal_logs()
    if len(again) != len(logs) or (again[deal].setup.dealer, again[deal].setup.hands) != (
        logs[deal].setup.dealer,
        logs[deal].setup.hands,
    ):
        raise RuntimeError("the deal in play is not the seed's")
    for action in logs[deal].actions[:moves]:
        tricks.feed(state.apply(action))
    return state, tricks


async def undo(manager: TableManager, table: LiveTable, connection: Connection) -> None:
    """Take back the connection's last decision of the deal in play (run by the owner, so no
    bot's move or deal's end is half done meanwhile); refused with one error otherwise."""
    seat = connection.seat
    reason = refusal(table, seat)
    if reason is not None:
        connection.send({"type": "error", "code": "undo_refused", "message": reason})
        return
    done = movers(table)
    moves = max(i for i, mover in enumerate(done) if mover == seat)
    state, tricks = rewind(table, moves)
    old_state, keep = table.state, table.version - (len(done) - moves)
    table.state = state
    setups = table.new_setups()  # the deal's setup, when its chance shrank
    try:
        await manager.store.undo(UndoWrite(table.id, keep, setups))
    except StoreWriterError:
        table.state = old_state
        table.known_setups = [log.setup for log in old_state.deal_logs()]
        connection.send(
            {"type": "error", "code": "store_unavailable", "message": "the undo is not saved"}
        )
        return
    _taken_back(table, keep, tricks, done[:moves])
    manager.bots.schedule(table)
    _send_rewound(table)


def _taken_back(table: LiveTable, version: int, tricks: TrickTracker, done: list[int]) -> None:
    """The table's bookkeeping after an undo: its version, trick, caches and bots."""
    table.version = version
    table.practice.undos += 1
    table.tricks = tricks
    table.last_events = []
    table.practice.movers = (len(table.state.deal_logs()), done)
    table.sheet_cache = table.opening_cache = None
    table.clock_version = -1
    table.bot_version = -1
    if table.bot_task is not None:  # a bot thinking at a later position plays no more
        table.bot_task.cancel()
        table.bot_task = None


def _send_rewound(table: LiveTable) -> None:
    """Every connection gets its view of the game as it now stands, marked ``undone``, with
    the deal so far (its log is drawn again from it)."""
    people = table.people()
    opening = table.opening()
    for connection in list(table.connections):
        message: dict[str, Any] = table.view_message(connection.seat, people=people)
        message["undone"] = True
        message["opening"] = events_json(opening, connection.seat, table.rules.num_seats)
        connection.send(message)
