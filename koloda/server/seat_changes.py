"""A table's seats changing from its owner: a seat handed over (a person took a bot's seat,
or left his to the normal bot), a person's randomness given before the first deal, and the
seats stored so a table brought back from the store has them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.bots import make_bot
from koloda.core.dealing import Shuffler
from koloda.core.events import Event
from koloda.server.live import Connection, LiveTable, error_message
from koloda.server.seating import LEFT
from koloda.server.store import SeatsWrite

if TYPE_CHECKING:
    from koloda.server.tables import TableManager


class SeatChanges:
    """Changes of the seats at ``manager``'s tables (each run by the table's owner)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    async def store(self, table: LiveTable) -> None:
        """The table's seats, tokens and seating written to the store."""
        await self.manager.store.update_seats(
            SeatsWrite(
                table.id,
                list(table.seats),
                list(table.token_hashes),
                table.seating.to_json(),
                setups=table.new_setups(),
            )
        )

    def changed(self, table: LiveTable) -> None:
        """A seat changed hands (a person took a bot's seat, or left his): everyone gets his
        view (the seats' kinds are in it), and whoever plays the seat now decides. A bot's
        move still in thought for the seat's old player is refused when it comes
        (``Actor.check``)."""
        manager = self.manager
        manager.presence.watch(table)
        table.bot_version = -1
        table.clock_version = -1
        manager.actor.broadcast(table)
        manager.bots.schedule(table)

    async def leave_seat(self, table: LiveTable, seat: int) -> None:
        """From the owner: a person leaves his seat to the normal bot (``joining.leave``, or
        ``{"type": "leave"}``). His token no longer opens it, his connections watch from now
        on, and a first deal that waited only for his randomness is dealt."""
        table.seats[seat] = LEFT
        table.token_hashes[seat] = None
        table.seating.names[seat] = None
        table.seating.reserved[seat] = None
        table.bots[seat] = make_bot(LEFT.removeprefix("bot:"), table.rules)
        for seats in (table.away, table.waiting, table.seen):
            seats.discard(seat)
        table.stand_ins.pop(seat, None)
        for connection in table.connections:
            if connection.seat == seat:
                connection.seat = None
        events = self.deal_when_ready(table)
        await self.store(table)
        if events:
            table.tricks.feed(events)
            self.manager.actor.broadcast(table, events)
        self.changed(table)

    async def leave(self, table: LiveTable, connection: Connection) -> None:
        """``{"type": "leave"}``: as ``POST /api/tables/{id}/leave``, over the connection."""
        seat = connection.seat
        if seat is None:
            connection.send(error_message("bad_message", "a spectator has no seat to leave"))
            return
        if table.finished:
            connection.send(error_message("not_your_turn", "the game is over"))
            return
        await self.manager.leave_seat(table, seat)

    async def give_entropy(
        self, table: LiveTable, seat: int, value: str, connection: Connection | None
    ) -> None:
        """A person's randomness for the deals (``connection`` None: the server's, for a person
        who is gone); the last one awaited deals the first deal."""
        if seat not in table.entropy_pending():
            if connection is None:
                return
            connection.send(
                error_message(
                    "entropy_closed",
                    "randomness is taken once per seat, before the first deal"
                    if table.seating.entropy is not None
                    else "this table deals without the players' randomness",
                )
            )
            return
        assert table.seating.entropy is not None
        table.seating.entropy[seat] = value
        events = self.deal_when_ready(table)
        await self.store(table)
        if events:
            table.tricks.feed(events)
            self.manager.actor.broadcast(table, events)
            self.manager.bots.schedule(table)
        else:
            self.manager.actor.announce(table)

    @staticmethod
    def deal_when_ready(table: LiveTable) -> list[Event]:
        """The first deal's events, when it waited for the people's randomness and no
        person's seat owes it any more; else none."""
        if table.seating.entropy is None or table.entropy_pending() or table.state.deal_logs():
            return []
        return list(table.state.resume_dealing(Shuffler(table.dealing_seed)))
