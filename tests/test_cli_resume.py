"""Issue 15, bug 1: a saved game remembers who played where — the person's seat, the names
and the bots' levels — through the record's player names (docs/records.md ``players``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.cli.players import bot_level, saved_seating, shown_names
from koloda.core.registry import load_game
from koloda.records import load_record, replay

runner = CliRunner()


def test_resume_gives_the_person_his_own_seat_and_the_bots_their_levels(tmp_path: Path) -> None:
    save = tmp_path / "s2.json"
    args = ["play", "king", "--seat", "2", "--seed", "4", "--bots", "random", "--save", str(save)]
    first = runner.invoke(app, args, input="quit\n")
    assert first.exit_code == 0, first.output
    names = ["Random-0", "Random-1", "You", "Random-3"]
    assert json.loads(save.read_text())["players"] == names
    state = replay(load_record(save))
    hand = state.view(2).hand
    resumed = runner.invoke(app, ["play", "--resume", str(save)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(save.read_text())["players"] == names
    assert "to act: You" in resumed.output
    from koloda.cli.display.cards import hand_by_suit

    assert hand_by_suit(hand, playable=state.legal_actions()).plain in resumed.output


def test_saved_seating_reads_levels_and_people() -> None:
    rules = load_game("king")
    seating = saved_seating(rules, ["Hard-0", "Easy-1", "Anna", "Random-3"], None, None)
    assert seating.seat == 2
    assert [b.name for s, b in enumerate(seating.bots) if s != 2] == ["hard", "easy", "random"]
    assert seating.names == ["Hard-0", "Easy-1", "Anna", "Random-3"]
    # a bot's seat asked for anew: the person plays it under his own name
    moved = saved_seating(rules, ["Hard-0", "Easy-1", "Anna", "Random-3"], 1, None)
    assert moved.seat == 1 and moved.names[1] == "You"
    # --bots given anew renames the bots, not the people
    again = saved_seating(rules, ["Hard-0", "Easy-1", "Anna", "Random-3"], None, "normal")
    assert again.names == ["Normal-0", "Normal-1", "Anna", "Normal-3"]


def test_names_from_elsewhere_keep_the_command_line_seat() -> None:
    rules = load_game("king")
    seating = saved_seating(rules, ["Anna", "Boris", "Vera", "Gleb"], 3, "random")
    assert seating.seat == 3
    assert seating.names == ["Anna", "Boris", "Vera", "Gleb"]
    assert bot_level("Normal-2", 2) == "normal"
    assert bot_level("Normal-2", 1) is None
    assert bot_level("Anna", 0) is None


def test_bots_are_shown_by_their_level_in_the_tables_language(tmp_path: Path) -> None:
    names = ["Normal-0", "Anna", "Hard-python-2", "Random-1"]
    assert shown_names(names, "en") == names
    # one word for the level in Russian; a level of several words, or a name that is no bot's
    # (the seat does not match), stays as the record has it
    assert shown_names(names, "ru") == ["Средний-0", "Anna", "Hard-python-2", "Random-1"]
    save = tmp_path / "ru.json"
    args = ["play", "king", "--seed", "4", "--bots", "random", "--lang", "ru", "--save", str(save)]
    played = runner.invoke(app, args, input="quit\n")
    assert played.exit_code == 0, played.output
    assert "Случайный-1" in played.output and "Random-" not in played.output
    saved = json.loads(save.read_text())["players"]
    assert saved == ["Вы", "Random-1", "Random-2", "Random-3"]  # the record keeps the levels
    resumed = runner.invoke(app, ["play", "--resume", str(save), "--lang", "ru"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Случайный-2" in resumed.output and "Random-" not in resumed.output
