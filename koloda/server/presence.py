"""Who is at a table: the grace period of a person nobody is connected for, after which the
normal bot plays for him until he is back; the turn clock, whose running out does the same;
and a person's coming back or being ready for the next deal."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING

from koloda.server.live import Call, LiveTable, Run, detached_future
from koloda.server.seating import HUMAN

if TYPE_CHECKING:
    from koloda.server.tables import TableManager


class Presence:
    """The people's presence at ``manager``'s tables: grace periods and turn clocks. Its
    timers only queue work for the table's owner, which changes the table."""

    def __init__(self, manager: TableManager, grace_seconds: float = 60.0) -> None:
        self.manager = manager
        self.grace_seconds = grace_seconds
        """A person nobody is connected for this long (or the table's turn clock, when
        shorter) is played by the normal bot until he is back."""

    # ----- the grace period ------------------------------------------------------------------

    def grace(self, table: LiveTable) -> float:
        """How long a person may be gone before the normal bot plays for him."""
        clock = table.seating.turn_seconds
        return min(self.grace_seconds, clock) if clock else self.grace_seconds

    def watch(self, table: LiveTable) -> None:
        """Start the grace period of every person's seat nobody is connected to; end it for
        the seats with a connection."""
        here = table.players_here()
        for seat, kind in enumerate(table.seats):
            gone = (
                kind == HUMAN
                and table.token_hashes[seat] is not None
                and seat not in here
                and seat not in table.away
                and not table.finished
            )
            timer = table.grace.get(seat)
            if not gone:
                if timer is not None:
                    timer.cancel()
                    del table.grace[seat]
            elif timer is None and not self.manager.closing:
                table.grace[seat] = asyncio.get_running_loop().call_later(
                    self.grace(table), self._grace_ends, table, seat
                )

    def _grace_ends(self, table: LiveTable, seat: int) -> None:
        table.grace.pop(seat, None)
        table.queue.put_nowait(Run(lambda t: self.gone(t, seat), detached_future()))

    async def gone(self, table: LiveTable, seat: int) -> None:
        """A person gone for the grace period: the normal bot plays for him until he is back,
        and a first deal that waits for his randomness takes the server's instead."""
        if (
            table.seats[seat] != HUMAN
            or table.token_hashes[seat] is None
            or seat in table.players_here()
            or seat in table.away
            or table.finished
        ):
            return
        manager = self.manager
        table.away.add(seat)
        table.waiting.discard(seat)
        table.bot_version = -1
        if seat in table.entropy_pending():
            await manager.seats.give_entropy(table, seat, secrets.token_hex(16), None)
        manager.actor.announce(table)
        manager.bots.schedule(table)

    def back(self, table: LiveTable, seat: int) -> None:
        """A person a stand-in played for is back (his message, or his page opened): the
        normal bot stops playing for him, and his clock starts again."""
        table.away.discard(seat)
        table.clock_version = -1
        table.bot_version = -1
        self.watch(table)
        self.manager.actor.announce(table)
        self.manager.bots.schedule(table)

    def ready(self, table: LiveTable, seat: int) -> None:
        """A person is ready for the next deal."""
        if seat in table.waiting:
            table.waiting.discard(seat)
            self.manager.actor.announce(table)
            self.manager.bots.schedule(table)

    # ----- the turn clock --------------------------------------------------------------------

    def start_clock(self, table: LiveTable) -> None:
        """A person's turn is timed when the table has a turn clock."""
        seconds = table.seating.turn_seconds
        seat = table.state.to_act
        if (
            not seconds
            or seat is None
            or seat in table.bots
            or seat in table.away
            or table.clock_version == table.version
        ):
            return
        table.clock_version = table.version
        table.clock_started = time.monotonic()
        started = table.clock_started
        loop = asyncio.get_running_loop()
        loop.call_later(seconds, self.time_up, table, table.version, seat, started)

    def time_up(
        self, table: LiveTable, version: int, seat: int, started: float | None = None
    ) -> None:
        """The clock of ``seat``'s turn at ``version`` (started at ``started``) ran out: the
        owner decides what it means now."""
        table.queue.put_nowait(
            Call(lambda t: self._clock_ran_out(t, version, seat, started), detached_future())
        )

    def _clock_ran_out(
        self, table: LiveTable, version: int, seat: int, started: float | None
    ) -> None:
        if (
            table.version != version
            or (started is not None and table.clock_started != started)  # after an undo
            or table.state.to_act != seat
            or table.seats[seat] != HUMAN
            or seat in table.away
            or self.manager.closing
        ):
            return
        table.away.add(seat)
        table.bot_version = -1
        self.manager.actor.announce(table)
        self.manager.bots.schedule(table)


def stop_grace(table: LiveTable) -> None:
    """No grace period runs out for a table put away (it starts again when it is back)."""
    for timer in table.grace.values():
        timer.cancel()
    table.grace.clear()
