"""The bots at a table: when a bot (or the normal bot standing in for a person who is gone)
plays, its move thought out in a worker and queued for the table's owner like a person's;
and the hint a person asks for, the normal bot's move from his own view."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import TYPE_CHECKING, Any

from koloda.bots import make_bot
from koloda.core.explain import explain_card
from koloda.core.presentation import Phrase, phrase_to_json
from koloda.server.live import Act, Connection, LiveTable, error_message
from koloda.server.logs import table_logger
from koloda.server.practice import bot_seed
from koloda.server.seating import HUMAN

if TYPE_CHECKING:
    from koloda.server.tables import TableManager


class BotTurns:
    """The bots' turns at ``manager``'s tables."""

    def __init__(
        self, manager: TableManager, bot_delay: float = 0.0, wait_for_people: bool = True
    ) -> None:
        self.manager = manager
        self.bot_delay = bot_delay
        """Seconds a bot waits before its move at a table with people."""
        self.wait_for_people = wait_for_people
        """Bots play only once every person's seat is taken and has been connected (or its
        grace period is over)."""

    def waits(self, table: LiveTable) -> bool:
        """Bots wait for the people: until every person's seat is taken and has been
        connected (or its grace period is over), after a deal until those at the table say
        "next deal" (or the pause ends), and while nobody is here and bots play every seat."""
        if self.wait_for_people:
            for seat, kind in enumerate(table.seats):
                if kind == HUMAN and (
                    table.token_hashes[seat] is None
                    or (seat not in table.seen and seat not in table.away)
                ):
                    return True
        if bool(table.waiting) and time.monotonic() < table.pause_until:
            return True
        return self.paused(table)

    @staticmethod
    def paused(table: LiveTable) -> bool:
        """A table of people where nobody is connected and bots play for everyone waits for
        someone to come back (tables made for bots only play on, and a tournament's, whose
        next round waits for it)."""
        if table.seating.tournament is not None:
            return False
        people = HUMAN in table.seats or table.seating.bots_yield
        return people and not table.players_here() and table.played_by_bots()

    def schedule(self, table: LiveTable) -> None:
        """The bot whose turn it is starts thinking, unless it thinks already or waits; a
        person's turn starts his clock."""
        if self.manager.closing or table.finished:
            return
        self.manager.presence.start_clock(table)
        seat = table.state.to_act
        if seat is None or not self.plays_for(table, seat) or table.bot_version == table.version:
            return
        if self.waits(table):
            return
        table.bot_version = table.version
        table.bot_task = asyncio.create_task(self._turn(table, seat, table.version))

    @staticmethod
    def plays_for(table: LiveTable, seat: int) -> bool:
        """Whether a bot plays the seat now: a bot's seat, or a person's a stand-in plays."""
        return seat in table.bots or seat in table.away

    def _still_its_turn(self, table: LiveTable, seat: int, version: int) -> bool:
        playing = self.plays_for(table, seat)
        return table.version == version and table.state.to_act == seat and playing

    async def _turn(self, table: LiveTable, seat: int, version: int) -> None:
        """A bot's (or stand-in's) move at ``version``. Nothing is done when the table moved
        on meanwhile or the seat's person is back: a stand-in never acts out of turn."""
        if self.bot_delay and any(kind == "human" for kind in table.seats):
            await asyncio.sleep(self.bot_delay)
        if not self._still_its_turn(table, seat, version):
            return
        view = table.state.view(seat)
        bot = table.bots.get(seat)
        name = table.seats[seat].removeprefix("bot:")
        if bot is None:  # a person away: the normal bot plays for him
            bot = table.stand_ins.setdefault(seat, make_bot("normal", table.rules))
            name = "normal"
        people = any(kind == HUMAN for kind in table.seats)
        try:
            action = await self.manager.thinkers.choose(
                table.rules,
                json.dumps(table.options, sort_keys=True),
                name,
                bot,
                view,
                bot_seed(table, version),
                people,
            )
        except Exception:
            table_logger(table.id).exception(
                "bot %s failed; it plays a random legal action", bot.name
            )
            action = table.rng.choice(list(view.legal_actions))
        if table.version != version or not self.plays_for(table, seat):
            return
        table.queue.put_nowait(Act(seat, table.rules.format_action(action), version, None, True))

    async def hint(self, table: LiveTable, seat: int, connection: Connection) -> None:
        """What the normal bot would play now from the seat's own view."""
        actor = self.manager.actor
        view = await actor.call(
            table, lambda t: t.state.view(seat) if t.state.to_act == seat else None
        )
        if view is None:
            connection.send(error_message("not_your_turn", "a hint is given on your turn"))
            return
        version, undos = table.version, table.practice.undos
        bot = make_bot("normal", table.rules)
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(
            self.manager.thinkers.threads, bot.choose, view, random.Random(version)
        )

        def why(t: LiveTable) -> Phrase | None:
            return explain_card(t.rules, t.state, seat, action) if t.version == version else None

        reason = await actor.call(table, why)
        if table.practice.undos != undos:  # a move taken back meanwhile: a position gone
            return
        hint: dict[str, Any] = {
            "type": "hint",
            "version": version,
            "action": table.rules.format_action(action),
        }
        if reason is not None:
            hint["reason"] = phrase_to_json(reason)
        connection.send(hint)
