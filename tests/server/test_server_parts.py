"""The tables' manager's smaller parts, each on its own with its neighbours made here: what a
connection's message becomes (``messages``), the grace period and the turn clock
(``presence``), and when the bots wait (``bot_turns``)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_support import drain, people_table

from koloda.bots import make_bot
from koloda.core.registry import load_rules
from koloda.server.bot_turns import BotTurns
from koloda.server.live import Act, Call, Connection, LiveTable, Run, Sync
from koloda.server.messages import Messages
from koloda.server.presence import Presence, stop_grace
from koloda.server.seating import Seating
from koloda.server.tables import new_table

GAME = "king"


class Recorder:
    """A neighbour part: what it was asked, by name."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args[1:] if args else ()))

        return record


class Manager:
    """What the parts read of their manager."""

    def __init__(self, table: LiveTable) -> None:
        self.tables = {table.id: table}
        self.stalled: set[str] = set()
        self.closing = False
        self.actor = Recorder()
        self.bots = Recorder()
        self.presence = Recorder()
        self.seats = Recorder()


def queued(table: LiveTable) -> list[Any]:
    out = []
    while not table.queue.empty():
        out.append(table.queue.get_nowait())
    return out


# ----- messages ----------------------------------------------------------------------------------


class Talk(Messages):
    """``Messages`` whose ``submit`` runs in an event loop of its own, as on the server."""

    def submit(self, table: LiveTable, message: Any, connection: Connection) -> None:
        async def inside() -> None:
            super(Talk, self).submit(table, message, connection)

        asyncio.run(inside())


@pytest.fixture
def talk() -> tuple[Messages, LiveTable, Manager]:
    table = people_table()
    manager = Manager(table)
    return Talk(manager), table, manager  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("message", "seat", "code"),
    [
        (["act"], 0, "bad_message"),
        ({"type": "dance"}, 0, "bad_message"),
        ({"type": ["act"]}, 0, "bad_message"),
        ({"type": "act", "action": ""}, 0, "bad_message"),
        ({"type": "act", "action": "QH", "version": True}, 0, "bad_message"),
        ({"type": "act", "action": "QH"}, None, "not_your_turn"),
        ({"type": "chat", "phrase": "hello"}, None, "bad_message"),
        ({"type": "chat", "phrase": "a long speech"}, 0, "bad_message"),
        ({"type": "entropy", "value": "not random!"}, 0, "bad_message"),
        ({"type": "entropy", "value": "abc"}, None, "bad_message"),
        ({"type": "hint"}, None, "not_your_turn"),
        ({"type": "leave"}, 0, None),
    ],
)
def test_a_message_is_refused_at_once_or_queued(
    talk: tuple[Messages, LiveTable, Manager], message: Any, seat: int | None, code: str | None
) -> None:
    messages, table, _ = talk
    connection = Connection(seat)
    messages.submit(table, message, connection)
    answers = drain(connection)
    if code is None:
        assert answers == [] and len(queued(table)) == 1
    else:
        assert [a["code"] for a in answers] == [code]
        assert queued(table) == []


def test_a_move_goes_to_the_owner_unless_the_table_waits_for_the_store(
    talk: tuple[Messages, LiveTable, Manager],
) -> None:
    messages, table, manager = talk
    connection = Connection(2)
    messages.submit(table, {"type": "act", "action": "QH", "version": 3}, connection)
    (act,) = queued(table)
    assert isinstance(act, Act)
    assert (act.seat, act.text, act.version, act.connection, act.bot) == (
        2,
        "QH",
        3,
        connection,
        False,
    )
    manager.stalled.add(table.id)
    messages.submit(table, {"type": "act", "action": "QH"}, connection)
    assert [a["code"] for a in drain(connection)] == ["store_unavailable"]
    assert queued(table) == []


def test_ping_sync_and_hints_off(talk: tuple[Messages, LiveTable, Manager]) -> None:
    messages, table, _ = talk
    connection = Connection(1)
    messages.submit(table, {"type": "ping"}, connection)
    assert drain(connection) == [{"type": "pong"}] and queued(table) == []
    messages.submit(table, {"type": "sync"}, connection)
    (sync,) = queued(table)
    assert isinstance(sync, Sync) and sync.connection is connection
    table.seating.hints = False
    messages.submit(table, {"type": "hint"}, connection)
    assert [a["code"] for a in drain(connection)] == ["hints_off"]


def test_any_message_of_a_person_away_brings_him_back(
    talk: tuple[Messages, LiveTable, Manager],
) -> None:
    messages, table, manager = talk
    table.away.add(1)
    messages.submit(table, {"type": "back"}, Connection(1))
    assert table.away == set()
    (back,) = queued(table)
    assert isinstance(back, Call)
    back.function(table)
    assert manager.presence.calls == [("back", (1,))]


def test_a_chat_phrase_reaches_everyone_once_a_second(
    talk: tuple[Messages, LiveTable, Manager],
) -> None:
    messages, table, _ = talk
    speaker, listener = Connection(0), Connection(None)
    table.connections.update((speaker, listener))
    messages.submit(table, {"type": "chat", "phrase": "hello"}, speaker)
    heard = {"type": "chat", "seat": 0, "phrase": "hello"}
    assert drain(speaker) == [heard] and drain(listener) == [heard]
    messages.submit(table, {"type": "chat", "phrase": "thanks"}, speaker)
    assert [a["code"] for a in drain(speaker)] == ["bad_message"]
    assert drain(listener) == []


def test_randomness_and_ready_go_to_their_parts(
    talk: tuple[Messages, LiveTable, Manager],
) -> None:
    messages, table, manager = talk
    connection = Connection(3)
    messages.submit(table, {"type": "entropy", "value": "my-luck_7"}, connection)
    messages.submit(table, {"type": "next_deal"}, connection)
    run, call = queued(table)
    assert isinstance(run, Run) and isinstance(call, Call)
    run.function(table)  # the neighbour made here answers at once
    call.function(table)
    assert manager.seats.calls[0] == ("give_entropy", (3, "my-luck_7", connection))
    assert manager.presence.calls == [("ready", (3,))]


# ----- presence ----------------------------------------------------------------------------------


def test_a_person_nobody_is_connected_for_is_given_the_grace_period() -> None:
    async def scene() -> None:
        table = people_table(turn_seconds=0.05)
        manager = Manager(table)
        presence = Presence(manager, grace_seconds=60)  # type: ignore[arg-type]
        assert presence.grace(table) == 0.05  # the turn clock is shorter
        here = Connection(0)
        table.connections.add(here)
        presence.watch(table)
        assert sorted(table.grace) == list(range(1, table.rules.num_seats))
        table.connections.add(Connection(1))
        presence.watch(table)
        assert 1 not in table.grace
        await asyncio.sleep(0.1)
        runs = queued(table)
        assert len(runs) == table.rules.num_seats - 2 and all(isinstance(r, Run) for r in runs)
        for run in runs:
            await run.function(table)
        assert table.away == set(range(2, table.rules.num_seats))
        assert [name for name, _ in manager.bots.calls] == ["schedule"] * len(runs)
        stop_grace(table)
        assert table.grace == {}

    asyncio.run(scene())


def test_the_turn_clock_hands_the_turn_to_the_bot_only_while_it_is_still_his() -> None:
    async def scene() -> None:
        table = people_table(turn_seconds=30)
        manager = Manager(table)
        presence = Presence(manager)  # type: ignore[arg-type]
        seat = table.state.to_act
        assert seat is not None
        presence.time_up(table, table.version + 1, seat)  # a clock of a turn gone by
        presence.time_up(table, table.version, seat)
        stale, current = queued(table)
        stale.function(table)
        assert table.away == set()
        current.function(table)
        assert table.away == {seat} and table.bot_version == -1
        assert [name for name, _ in manager.actor.calls] == ["announce"]
        presence.back(table, seat)
        assert table.away == set() and table.clock_version == -1

    asyncio.run(scene())


# ----- bot turns ---------------------------------------------------------------------------------


def test_bots_wait_for_every_person_then_play() -> None:
    seats = ["human"] + ["bot:random"] * (load_rules(GAME, {}).num_seats - 1)
    table, _ = new_table(GAME, {}, seats, None, Seating([]), entropy=False)
    table.bots = {seat: make_bot("random", table.rules) for seat in range(1, len(seats))}
    bots = BotTurns(Manager(table), wait_for_people=True)  # type: ignore[arg-type]
    assert bots.waits(table)  # the person has not come yet
    assert not BotTurns(Manager(table), wait_for_people=False).waits(table)  # type: ignore[arg-type]
    table.seen.add(0)
    table.connections.add(Connection(0))
    assert not bots.waits(table) and not bots.paused(table)
    assert [bots.plays_for(table, seat) for seat in range(len(seats))] == [False] + [True] * (
        len(seats) - 1
    )
    table.connections.clear()
    assert not bots.paused(table)  # the person's own seat still waits for him
    table.away.add(0)
    assert bots.paused(table) and bots.waits(table)  # nobody here, bots play every seat
    assert bots.plays_for(table, 0)
