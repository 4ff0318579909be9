"""A fifth game is its own package and a registry line: Duel (tests/plugin_game/duel), a toy
trick game Koloda has never heard of, is played by every bot, in duplicate matches, and saved
and replayed as a record, with nothing in ``koloda`` changed."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_games import PLUGIN_DIR, registered
from random_play import random_state

from koloda import load_game
from koloda.bots import make_bot
from koloda.bots.runner import play_game
from koloda.bots.tournament import duplicate_match
from koloda.core import registry
from koloda.core.errors import IllegalActionError
from koloda.records import parse_record, record_from_state, replay, results_document

PACKAGE = Path(__file__).resolve().parents[2] / "koloda"


@pytest.fixture
def duel() -> Iterator[None]:
    with registered("duel"):
        yield


def test_koloda_does_not_know_duel() -> None:
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".js", ".html", ".json"):
            assert "duel" not in path.read_text(encoding="utf-8").lower(), path


@pytest.mark.parametrize(
    "bots",
    [
        ("random", "heuristic"),
        ("easy", "normal"),
        ("hard:4", "pimc:3"),
        ("ismcts:40", "ismcts-uniform:40"),
    ],
)
def test_every_bot_plays_it(duel: None, bots: tuple[str, str]) -> None:
    rules = load_game("duel")
    assert "duel" in registry.available_games()
    players = [make_bot(name, rules) for name in bots]
    result = play_game(rules, players, seed="duel", rng=random.Random(1))
    assert result.state.is_over
    assert sum(result.outcome) == 8  # two deals of four tricks
    assert result.decisions == 16


def test_duplicate_match_and_record(duel: None) -> None:
    rules = load_game("duel")
    match = duplicate_match(rules, ["hard:4", "random"], deals=6, seed="duel")
    summary = match.summary()
    assert summary["game"] == "duel"
    assert summary["bots"]["hard:4"]["deals"] == 6
    state = random_state(rules, 3)
    document = json.loads(json.dumps(record_from_state(rules, state, ["Ann", "Bob"])))
    record = parse_record(document)
    replayed = replay(record)
    assert replayed.outcome() == state.outcome()
    results = results_document(record, replayed)
    assert results["finished"] is True
    assert [d["scores"] for d in results["deals"]] == [list(s) for s in state.deal_scores()]


def test_an_illegal_card_is_refused(duel: None) -> None:
    rules = load_game("duel")
    state = rules.new_state(seed=5)
    first = state.legal_actions()[0]
    state.apply(first)
    hand = state.view(state.to_act or 0).hand
    off_suit = [c for c in hand if c >> 4 != first >> 4]
    if off_suit and len(off_suit) < len(hand):
        with pytest.raises(IllegalActionError):
            state.apply(off_suit[0])


def test_its_words_come_from_its_package(duel: None) -> None:
    from rich.console import Console

    from koloda.cli.sheet import render_sheet

    rules = load_game("duel")
    state = rules.new_state(seed=2)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    for lang, title in (("en", "Duel"), ("ru", "Дуэль")):
        console = Console(record=True, width=80)
        console.print(render_sheet(rules.score_sheet(state), ["Ann", "Bob"], lang))
        text = console.export_text()
        assert title in text and "Ann" in text and "sheet.duel" not in text


def test_an_installed_distribution_adds_it_by_an_entry_point() -> None:
    """A game installed apart from Koloda declares ``[project.entry-points."koloda.games"]``;
    Duel's folder carries such a distribution's metadata, so a process that has the folder on
    its path has the game, and one without it does not."""
    script = "from koloda.core.registry import available_games; print(available_games())"
    games = {}
    for with_duel in (False, True):
        env = {**os.environ, "PYTHONPATH": str(PLUGIN_DIR) if with_duel else ""}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        games[with_duel] = done.stdout
    assert "'duel'" in games[True]
    assert "'duel'" not in games[False]
    assert "'king'" in games[False]
