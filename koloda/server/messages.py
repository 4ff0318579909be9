"""A connection's messages to its table (docs/protocol.md): each checked as it arrives and
queued for the table's owner, or answered at once (``ping``, a refusal, a chat phrase)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from koloda.records.fairness import ENTROPY
from koloda.server import practice
from koloda.server.actor import STORE_UNAVAILABLE
from koloda.server.live import (
    CHAT_INTERVAL,
    PHRASES,
    Act,
    Call,
    Connection,
    LiveTable,
    Run,
    Sync,
    detached_future,
    error_message,
)

if TYPE_CHECKING:
    from koloda.server.tables import TableManager


Handler = Callable[["Messages", LiveTable, dict[str, Any], Connection], None]
"""How one type of message is taken: by the manager's ``Messages``, at a table, from a
connection."""


class Messages:
    """What the connections to ``manager``'s tables send."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    def submit(self, table: LiveTable, message: Any, connection: Connection) -> None:
        """Queue a client's message for the owner (checked there, in order). A message of a
        person whom a stand-in plays for brings him back at once: a stand-in's move already
        on its way is refused."""
        manager = self.manager
        table = manager.tables.get(table.id, table)  # reloaded after a failure: the new one
        if not isinstance(message, dict):
            connection.send(
                error_message("bad_message", "a message is a JSON object with a 'type'")
            )
            return
        kind = message.get("type")
        if kind == "ping":
            connection.send({"type": "pong"})
            return
        if kind == "sync":
            table.queue.put_nowait(Sync(connection))
            return
        seat = connection.seat
        if seat is not None and seat in table.away:
            table.away.discard(seat)
            table.queue.put_nowait(
                Call(lambda t: manager.presence.back(t, seat), detached_future())
            )
        if kind == "act":
            self._act(table, message, connection)
        elif isinstance(kind, str) and kind in self._OTHERS:
            self._OTHERS[kind](self, table, message, connection)
        elif kind != "back":
            connection.send(error_message("bad_message", f"unknown message type {kind!r}"))

    def _act(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "act", "action": …, "version": …}``: a move, for the owner to check."""
        text = message.get("action")
        version = message.get("version")
        seat = connection.seat
        if not isinstance(text, str) or not text:
            connection.send(error_message("bad_message", "'action' must be an action string"))
            return
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            connection.send(error_message("bad_message", "'version' must be an integer"))
            return
        if seat is None:
            connection.send(error_message("not_your_turn", "a spectator cannot act"))
            return
        if table.id in self.manager.stalled:
            connection.send(error_message("store_unavailable", STORE_UNAVAILABLE))
            return
        table.queue.put_nowait(Act(seat, text, version, connection))

    def _leave(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "leave"}``: the seat to the normal bot."""
        seats = self.manager.seats
        table.queue.put_nowait(Run(lambda t: seats.leave(t, connection), detached_future()))

    def _next_deal(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "next_deal"}``: this person is ready for the next deal."""
        seat = connection.seat
        if seat is not None:
            presence = self.manager.presence
            table.queue.put_nowait(Call(lambda t: presence.ready(t, seat), detached_future()))

    def _chat(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "chat", "phrase": …}``: one of the table's phrases, at most one a
        second, to everyone at the table."""
        seat = connection.seat
        phrase = message.get("phrase")
        if seat is None:
            connection.send(error_message("bad_message", "spectators do not talk at the table"))
            return
        if phrase not in PHRASES:
            connection.send(
                error_message("bad_message", f"'phrase' must be one of {', '.join(PHRASES)}")
            )
            return
        now = time.monotonic()
        if now - connection.last_chat < CHAT_INTERVAL:
            connection.send(error_message("bad_message", "one phrase a second"))
            return
        connection.last_chat = now
        for other in list(table.connections):
            other.send({"type": "chat", "seat": seat, "phrase": phrase})

    def _entropy(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "entropy", "value": …}``: a seat's randomness for the deals."""
        seat = connection.seat
        value = message.get("value")
        if seat is None:
            connection.send(error_message("bad_message", "a spectator gives no randomness"))
        elif not isinstance(value, str) or not ENTROPY.fullmatch(value):
            connection.send(
                error_message("bad_message", "'value' must be 1 to 128 letters, digits, '-' or '_'")
            )
        else:
            seats = self.manager.seats
            table.queue.put_nowait(
                Run(lambda t: seats.give_entropy(t, seat, value, connection), detached_future())
            )

    def _hint(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "hint"}``: what the normal bot would play, on the person's turn."""
        seat = connection.seat
        if not table.seating.hints:
            connection.send(error_message("hints_off", "hints are off at this table"))
        elif seat is None:
            connection.send(error_message("not_your_turn", "a spectator gets no hints"))
        else:
            bots = self.manager.bots
            asyncio.get_running_loop().create_task(bots.hint(table, seat, connection))

    def _undo(self, table: LiveTable, message: dict[str, Any], connection: Connection) -> None:
        """``{"type": "undo"}``: the person's last decision of the deal taken back, at a table
        where he is the only person (``practice``); checked and done by the owner."""
        manager = self.manager
        table.queue.put_nowait(
            Run(lambda t: practice.undo(manager, t, connection), detached_future())
        )

    _OTHERS: ClassVar[dict[str, Handler]] = {
        "leave": _leave,
        "next_deal": _next_deal,
        "chat": _chat,
        "entropy": _entropy,
        "hint": _hint,
        "undo": _undo,
    }
    """The messages besides a move, by type (``back`` needs nothing more: any message of a
    person a stand-in plays for brings him back)."""
