"""Duel (tests/plugin_game/duel), a game Koloda has never heard of, in the terminal: its
plug-in names no display, so the generic one draws it from its view and ``GameInfo``; it is
played to the end line by line and at the full-screen table, and a saved game of it is
analysed, each in a process that has Duel's folder on its path (its entry point adds it)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_games import PLUGIN_DIR, registered
from pty_support import Terminal, run_piped
from rich.console import Console

from koloda import load_game
from koloda.bots import make_bot
from koloda.bots.analysis import analyse, costliest
from koloda.cli.display import GENERIC, describe_view, display_module
from koloda.cli.display.generic import trick_plays
from koloda.cli.display.summary import deal_breakdown
from koloda.core.registry import plugin_of
from koloda.i18n import Speaker
from koloda.records import parse_record, record_from_state, replay, save_record

WITH_DUEL = {"PYTHONPATH": str(PLUGIN_DIR)}
"""A process's environment in which the registry finds Duel by its entry point."""

DECK = ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH")
"""Duel's eight cards."""


@pytest.fixture
def duel() -> Iterator[None]:
    with registered("duel"):
        yield


def drawn(view: object, lang: str = "en") -> str:
    rules = load_game("duel")
    words = Speaker(lang, ["Ann", "Bob"], 0)
    console = Console(width=100, color_system=None, record=True)
    console.print(describe_view(rules, view, words))
    return console.export_text()


def test_the_generic_display_draws_duel(duel: None) -> None:
    rules = load_game("duel")
    assert plugin_of(rules).display is None
    assert display_module(rules).__name__ == GENERIC
    state = rules.new_state(seed="display", first_dealer=0)  # seat 1 leads
    led = state.legal_actions()[0]
    state.apply(led)
    view = state.view(0)
    assert trick_plays(rules, view) == [(1, led)]  # the leader's card, by seat
    text = drawn(view)
    words = Speaker("en", ["Ann", "Bob"], 0)
    assert f"trick: Bob {words.card(led)}" in text
    assert "to act: Ann" in text
    assert "cards in hand: Bob: 3\n" in text  # the other's cards, counted
    for card in view.hand:
        rank = words.card(card)[:-1]
        shown = f"[{rank}]" if card in view.legal_actions else rank
        assert f" {shown}" in text, (card, text)
    legal = ", ".join(rules.format_action(a) for a in view.legal_actions)
    assert f"legal: {legal}" in text
    russian = drawn(view, "ru")
    assert "ходит: Ann" in russian and "взятка: Bob" in russian


def test_the_generic_display_follows_the_deal_to_its_end(duel: None) -> None:
    """Each view of a whole game is drawn: the trick grows and empties, the hand shrinks."""
    rules = load_game("duel")
    state = rules.new_state(seed="whole", first_dealer=1)
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        plays = trick_plays(rules, view)
        assert [card for _, card in plays] == list(view.trick)
        assert all(played != seat for played, _ in plays)
        text = drawn(view)
        assert f"to act: {['Ann', 'Bob'][seat]}" in text
        state.apply(view.legal_actions[rng.randrange(len(view.legal_actions))])
    assert "(no cards)" in drawn(state.view(0))


def test_a_deal_of_duel_is_summed_up_by_its_sheet_row(duel: None) -> None:
    """Duel's display says no breakdown of its own: the summary at a deal's end is the deal's
    row of its score sheet."""
    rules = load_game("duel")
    state = rules.new_state(seed="summary", first_dealer=0)
    words = Speaker("en", ["Ann", "Bob"], 0)
    assert deal_breakdown(rules, state, words) == []  # no deal scored yet
    rng = random.Random(5)
    while not state.deal_scores():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    ann, bob = state.deal_scores()[0]
    [line] = deal_breakdown(rules, state, words)
    assert line.startswith("1 — ")
    assert f"Bob: {'+' if bob else ''}{bob}" in line and f"{'+' if ann else ''}{ann}" in line


def test_duel_is_played_to_the_end_line_by_line(tmp_path: Path) -> None:
    """Through pipes: every card of the deck typed in turn until one is legal (the others
    are refused in words), move after move, until the game is over."""
    save = tmp_path / "duel.json"
    typed = "\n".join(DECK * 12) + "\n"
    done = run_piped(
        "play", "duel", "--plain", "--seed", "7", "--bots", "random", "--save", save.name,
        cwd=tmp_path, typed=typed, **WITH_DUEL,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr + done.stdout
    assert "Koloda — " in done.stdout and "game.duel" not in done.stdout  # a name, not a key
    assert "Trick game for two" in done.stdout  # its help, from its words/terminal
    assert "your hand:" in done.stdout and "trick:" in done.stdout
    assert "Game over" in done.stdout
    assert f"final record saved to {save.name}" in " ".join(done.stdout.split())
    assert "Traceback" not in done.stderr
    document = json.loads(save.read_text(encoding="utf-8"))
    assert document["game"] == "duel"
    assert [len(deal["actions"]) for deal in document["deals"]] == [8, 8]
    with registered("duel"):
        assert replay(parse_record(document)).is_over


def test_duel_is_played_to_the_end_at_the_full_screen_table(tmp_path: Path) -> None:
    """In a pseudo-terminal of 80×24: Enter plays the chosen card and closes each deal's
    summary, until the game is over; Ctrl+Q leaves with the record whole."""
    save = tmp_path / "duel.json"
    terminal = Terminal(
        "play", "duel", "--seed", "7", "--bots", "random", "--save", save.name,
        cwd=tmp_path, **WITH_DUEL,
    )  # fmt: skip
    try:
        terminal.expect("Your turn")
        assert "Koloda — " in terminal.text and "game.duel" not in terminal.text
        terminal.press_until("\r", "Game over")
        terminal.send("\x11")  # Ctrl+Q
        assert terminal.wait() == 0, terminal.text[-3000:]
    finally:
        terminal.kill()
    assert "Traceback" not in terminal.text
    assert f"final record saved to {save.name}" in " ".join(terminal.text.split())
    document = json.loads(save.read_text(encoding="utf-8"))
    assert [len(deal["actions"]) for deal in document["deals"]] == [8, 8]
    with registered("duel"):
        assert replay(parse_record(document)).is_over


def costly_record(path: Path) -> Path:
    """A game of Duel in which seat 0 ("You") always plays its lowest card, saved as the
    terminal saves it: the first of such games in which the analysis finds a decision that
    gave points away."""
    with registered("duel"):
        rules = load_game("duel")
        heuristic = make_bot("heuristic", rules)
        for seed in range(20):
            state = rules.new_state(seed=f"costly-{seed}", first_dealer=0)
            rng = random.Random(seed)
            while not state.is_over:
                view = state.view(state.to_act)
                lowest = min(view.legal_actions, key=lambda card: card & 15)
                state.apply(lowest if state.to_act == 0 else heuristic.choose(view, rng))
            document = record_from_state(rules, state, ["You", "Heuristic-1"])
            decisions = analyse(rules, parse_record(document), 0, samples=8)
            if costliest(decisions):
                save_record(path, document)
                return path
    raise AssertionError("no game of the lowest cards gave points away")


def test_a_saved_duel_is_analysed(tmp_path: Path) -> None:
    record = costly_record(tmp_path / "duel.json")
    done = run_piped("analyse", str(record), "--samples", "8", cwd=tmp_path, **WITH_DUEL)
    assert done.returncode == 0, done.stderr + done.stdout
    assert "Analysis of your decisions" in done.stdout
    assert "The costliest decisions:" in done.stdout
    assert "your hand:" in done.stdout and "to act: You" in done.stdout  # the generic display
    as_json = run_piped(
        "analyse", str(record), "--samples", "8", "--json", cwd=tmp_path, **WITH_DUEL
    )
    assert as_json.returncode == 0, as_json.stderr
    decisions = json.loads(as_json.stdout)
    assert len(decisions) == 8
    assert any(d["best"] != d["chosen"] for d in decisions)
    russian = run_piped("analyse", str(record), "--lang", "ru", cwd=tmp_path, **WITH_DUEL)
    assert russian.returncode == 0 and "ваши карты:" in russian.stdout
