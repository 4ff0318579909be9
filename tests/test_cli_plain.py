"""The line mode (``koloda play --plain``, or any input that is not a terminal): issue 15's
slips of bug 7 — deal 1's starter in 101, a finished game resumed, help per game, and
text without trailing spaces or record codes."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from koloda.bots import make_bot
from koloda.cli.display import describe_view
from koloda.cli.main import app
from koloda.core.registry import load_game
from koloda.i18n import Speaker
from koloda.records import record_from_state

runner = CliRunner()


def test_101_announces_the_first_deal_and_its_starter(tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    result = runner.invoke(
        app, ["play", "hundred_one", "--seed", "2", "--save", str(save)], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "— deal 1, dealt by you —" in result.output
    assert "The starter is" in result.output


def test_tressette_announces_the_first_deal_s_declarations(tmp_path: Path) -> None:
    """Deal 1 is dealt before the first prompt: its declarations and the points they score are
    said as every later deal's are (the partners' before the person's, T-15: from the
    leader)."""
    save = tmp_path / "t.json"
    result = runner.invoke(
        app, ["play", "tressette", "--seed", "9", "--save", str(save)], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    said = lines.index("— deal 1, dealt by you —")
    assert lines[said + 1 : said + 5] == [
        "Normal-2 declares three aces (3), three jacks (1)",
        "You and Normal-2 score 4 points for declarations (game 4–0)",
        "You declare three threes (3)",
        "You and Normal-2 score 3 points for declarations (game 7–0)",
    ]


def test_help_is_the_game_s_own(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    result = runner.invoke(
        app, ["play", "spades", "--seed", "2", "--save", str(save)], input="help\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "trump:S" not in result.output  # King's examples are not every game's
    assert result.output.count("Partnership trick game") == 2  # the banner and help
    assert "legal: look, bid:double_nil" in result.output


def test_resuming_a_finished_game_shows_its_result(tmp_path: Path) -> None:
    rules = load_game("king", variant="three")
    state = rules.new_state(seed=1)
    rng = random.Random(1)
    bot = make_bot("random", rules)
    while not state.is_over:
        state.apply(bot.choose(state.view(state.to_act), rng))
    save = tmp_path / "done.json"
    save.write_text(json.dumps(record_from_state(rules, state, ["You", "Random-1", "Random-2"])))
    result = runner.invoke(app, ["play", "--resume", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "score sheet" in result.output
    assert "Game over" in result.output
    assert "final record saved" in result.output


def test_no_trailing_spaces_nor_record_codes_in_the_view() -> None:
    rules = load_game("spades")
    state = rules.new_state(seed=3)
    rng = random.Random(3)
    # seat 0 bids double nil blind, the others play on until seat 0 is asked again
    state.apply(rules.parse_action("bid:double_nil"))
    bot = make_bot("random", rules)
    while state.to_act != 0:
        state.apply(bot.choose(state.view(state.to_act), rng))
    words = Speaker("en", ["You", "B", "C", "D"], 0)
    from rich.console import Console

    console = Console(width=200, color_system=None, record=True)
    with console.capture() as captured:
        console.print(describe_view(rules, state.view(0), words))
    text = captured.get()
    assert "double_nil" not in text.split("legal:")[0]
    assert "bid double nil" in text
    shown = text.split("legal:")[0].splitlines()
    assert [line for line in shown if line != line.rstrip()] == []


def test_plain_is_the_line_mode(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    result = runner.invoke(
        app, ["play", "king", "--plain", "--seed", "1", "--save", str(save)], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "your move>" in result.output


def test_a_refused_card_is_explained_in_words(tmp_path: Path) -> None:
    """Not "must follow suit C (K-5, K-17). Legal: KC" but "You must follow clubs: K♣"."""
    rules = load_game("king")
    for seed in range(40):
        state = rules.new_state(seed=seed)
        bot = make_bot("random", rules)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_act)
            wrong = [c for c in view.hand if c not in view.legal_actions]
            if state.to_act == 0 and view.trick and wrong:
                break
            state.apply(bot.choose(view, rng))
        if not state.is_over:
            break
    save = tmp_path / "k.json"
    names = ["You", "Random-1", "Random-2", "Random-3"]
    save.write_text(json.dumps(record_from_state(rules, state, names)))
    typed = rules.format_action(wrong[0])
    result = runner.invoke(app, ["play", "--resume", str(save)], input=f"{typed}\nquit\n")
    assert result.exit_code == 0, result.output
    refused = next(line for line in result.output.splitlines() if "must" in line)
    assert "> You must follow " in refused or "> You have no " in refused, refused
    assert "(K-" not in refused and "not allowed" not in refused


def test_the_line_mode_takes_what_a_russian_player_types(tmp_path: Path) -> None:
    """A card as the Russian table writes it (дч: the queen of hearts), a choice by its word,
    the commands in Russian, and an unknown word refused in Russian, not in notation."""
    rules = load_game("hundred_one")
    words = Speaker("ru", ["Вы", "Бот-1", "Бот-2", "Бот-3"], viewer=0)
    for seed in range(60):  # a deal where the first decision of seat 0 plays a card
        state = rules.new_state(seed=seed)
        bot = make_bot("random", rules)
        rng = random.Random(seed)
        while state.to_act != 0 and not state.is_over:
            state.apply(bot.choose(state.view(state.to_act), rng))
        cards = [a for a in state.legal_actions() if rules.info.is_card_action(a)]
        if not state.is_over and cards:
            break
    card = cards[0]
    typed = words.rank_short(card & 15).lower() + words.suit(card >> 4)[:1].lower()
    save = tmp_path / "h.json"
    save.write_text(json.dumps(record_from_state(rules, state, ["Вы", "Бот-1", "Бот-2", "Бот-3"])))
    result = runner.invoke(
        app,
        ["play", "--resume", str(save), "--lang", "ru", "--plain"],
        input=f"абракадабра\n{typed}\nвыход\n",
    )
    assert result.exit_code == 0, result.output
    assert "«абракадабра» — сейчас не ход" in result.output
    assert result.output.startswith("Колода — ")  # the name in the table's language
    assert "not a " not in result.output  # no English parser message
    moves = json.loads(save.read_text())["deals"][-1]["actions"]
    assert rules.format_action(card) in moves  # the typed card was played, then the save
