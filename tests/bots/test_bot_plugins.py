"""Bots from outside Koloda (``koloda.bots.plugins``): the example package
``examples/bot_plugin`` (``koloda_first_card``, its entry point in the ``.dist-info`` beside
it) plays in ``koloda tournament`` and at a web table whose bots think in worker processes;
``--bot module:factory`` names one without installing it; registering before the built-in
bots are loaded hides none of them."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from koloda import load_game
from koloda.bots import available_bots, make_bot, register_bot
from koloda.bots.base import bot_reference
from koloda.bots.plugins import parse_reference
from koloda.core.errors import OptionError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bot_plugin"
"""The example bot's folder: its package and its distribution's metadata."""


def with_example() -> dict[str, str]:
    """A process's environment in which the example's entry point is installed."""
    path = os.pathsep.join(p for p in (str(EXAMPLE), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path}


def koloda(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "koloda", *args],
        capture_output=True,
        text=True,
        env=with_example(),
        cwd=ROOT,
        timeout=300,
    )


@pytest.fixture
def example(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example on this process's path (its entry point is found)."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setenv("PYTHONPATH", with_example()["PYTHONPATH"])
    yield
    sys.modules.pop("koloda_first_card", None)


def test_references_are_read_in_one_line_or_refused() -> None:
    assert parse_reference("pkg.bots:make") == ("make", "pkg.bots:make")
    assert parse_reference("mine=pkg.bots:Factory.make") == ("mine", "pkg.bots:Factory.make")
    assert parse_reference("pkg:first_card") == ("first-card", "pkg:first_card")
    for bad in ("pkg", "pkg:", ":make", "a,b=pkg:make"):
        with pytest.raises(OptionError):
            parse_reference(bad)


def test_registering_before_the_built_in_bots_load_hides_none_of_them() -> None:
    """In a fresh process, where nothing has loaded the built-in bots yet."""
    code = (
        "from koloda.bots import register_bot, available_bots, make_bot\n"
        "from koloda.bots.random_bot import RandomBot\n"
        "from koloda import load_game\n"
        "register_bot('mine', RandomBot)\n"
        "names = available_bots()\n"
        "assert {'mine', 'random', 'normal', 'hard'} <= set(names), names\n"
        "print(make_bot('mine', load_game('king')).name)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "random"


def test_the_entry_point_s_bot_is_found_lazily_and_plays(example: None) -> None:
    assert "first-card" in available_bots()
    rules = load_game("tressette")
    state = rules.new_state(seed=1)
    bot = make_bot("first-card", rules)
    seat = state.to_act
    assert seat is not None
    assert bot.choose(state.view(seat), __import__("random").Random(0)) == min(
        state.legal_actions()
    )


def test_a_bot_registered_in_code_thinks_in_a_worker_process(
    example: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker is a fresh (spawned) process: it makes the bot from its reference."""
    import koloda_first_card  # type: ignore[import-not-found]  # the example, on the path

    from koloda.bots import base
    from koloda.server.thinking import Thinkers

    monkeypatch.setattr(base, "_REGISTERED", dict(base._REGISTERED))  # forgotten after
    register_bot("first-card-copy", koloda_first_card.make)
    assert bot_reference("first-card-copy") == "koloda_first_card:make"
    rules = load_game("king")
    state = rules.new_state(seed=5)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)

    async def run() -> list[int]:
        thinkers = Thinkers(threads=1, processes=1, budget=60)
        try:
            return [
                await thinkers.choose(rules, "{}", name, make_bot(name, rules), view, 1, True)
                for name in ("first-card-copy", "first-card")
            ]
        finally:
            thinkers.shutdown()

    assert asyncio.run(run()) == [min(state.legal_actions())] * 2


def test_koloda_tournament_plays_the_entry_point_s_bot_and_a_bot_named_by_reference() -> None:
    done = koloda(
        "tournament", "king", "--bots", "first-card,random", "--deals", "2", "--workers", "2",
        "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)["bots"]) == {"first-card", "random"}
    done = koloda(
        "tournament", "tressette", "--bot", "lowest=koloda_first_card:make",
        "--bots", "lowest,random", "--deals", "2", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)["bots"]) == {"lowest", "random"}
    done = koloda(
        "simulate", "king", "--bot", "koloda_first_card:make", "--bots", "make", "-n", "1"
    )
    assert done.returncode == 0, done.stderr


def test_a_bot_reference_that_cannot_be_loaded_is_one_line() -> None:
    for command in ("tournament", "simulate"):
        done = koloda(command, "king", "--bot", "no_such_module:make", "--bots", "make,random")
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "no_such_module:make" in lines[0], done.stderr


def test_a_web_table_s_bots_from_outside_think_in_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``koloda serve --bot …`` with the example installed: the lobby offers both bots, and a
    table of them plays its deal to the end in the server's worker processes, every move the
    lowest legal action (the normal bot, which stands in for a stuck search, would not)."""
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from server_support import ServerProcess, create_table  # type: ignore[import-not-found]

    from koloda.records import parse_record, replay

    monkeypatch.setenv("PYTHONPATH", with_example()["PYTHONPATH"])
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'k.db'}",
        tmp_path,
        "--bot-processes", "1", "--bot", "lowest=koloda_first_card:make",
    )  # fmt: skip
    try:
        started(server)
        offered = httpx.get(f"{server.url}/api/bots").text
        assert "first-card" in offered and "lowest" in offered
        seats = ["bot:first-card", "bot:lowest"] * 2
        table_id = create_table(server.url, "spades", {"max_deals": 1}, seats)["table_id"]
        deadline = time.monotonic() + 300
        while (
            answer := httpx.get(f"{server.url}/api/tables/{table_id}/record")
        ).status_code != 200:
            assert time.monotonic() < deadline, "the table did not finish"
            time.sleep(0.1)
    finally:
        server.kill()
    record = parse_record(answer.json())
    assert min_moves(record) >= 52, "a deal of Spades: 52 cards and the bids"
    assert len(replay(record).deal_scores()) == 1


def min_moves(record: Any) -> int:
    """How many decisions the record's deals hold, each checked to be the lowest legal one."""
    rules = record.rules
    state = rules.empty_state(record.first_dealer)
    moves = 0
    for deal in record.deals:
        state.start_deal(rules.setup_from_json(deal))
        for text in deal["actions"]:
            action = rules.parse_action(text)
            assert action == min(state.legal_actions())
            state.apply(action)
            moves += 1
    return moves


def started(server: Any) -> None:
    """Start ``koloda serve`` and wait until it answers (generously: a loaded machine may
    take a while to import the server)."""
    command = [sys.executable, "-m", "koloda", "serve", "--port", str(server.port)]
    command += ["--database", server.database, "--bot-delay", "0", *server.extra]
    server.process = subprocess.Popen(
        command, cwd=server.workdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 300
    while True:
        assert server.process.poll() is None, "the server exited"
        try:
            if httpx.get(f"{server.url}/api/bots", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)
