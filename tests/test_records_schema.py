"""The records schema (docs/records.schema.json, docs/records.md): what the project writes
matches it for every game and variant, and a damaged record does not.

Every record written anywhere in the suite is also checked as it is written (the fixture in
conftest.py, ``record_schema.install``); the tests here make sure each writer and each game
and variant is among them, and that the schema is strict enough to catch damage.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from record_schema import SCHEMA, assert_matches_schema, schema_problems, take_problems
from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.core.registry import load_game, load_rules
from koloda.records import RecordError, parse_record, record_from_state, replay

runner = CliRunner()

# (game, the options of the variant as --option flags); Spades ends after a few deals,
# random players seldom reach 500
VARIANTS: list[tuple[str, list[str]]] = [
    ("king", ["--variant", "classic"]),
    ("king", ["--variant", "order"]),
    ("king", ["--variant", "three"]),
    ("king", ["--variant", "three", "-o", "three_player_balance=proportional"]),
    ("spades", ["-o", "max_deals=3"]),
    ("spades", ["-o", "double_nil=false", "-o", "nil_exchange=false", "-o", "max_deals=2"]),
    ("hundred_one", []),
    ("hundred_one", ["-o", "players=2", "-o", "hand_size=5"]),
    ("hundred_one", ["-o", "players=6", "-o", "voluntary_draw=true"]),
    ("tressette", []),
    ("tressette", ["-o", "card_points=pooled", "-o", "hearts_special=false"]),
]
VARIANT_IDS = [" ".join([game, *flags]) for game, flags in VARIANTS]


def simulated(tmp_path: Path, game: str, flags: list[str], games: int = 2) -> list[Any]:
    """The records ``koloda simulate --records`` writes (one game stopped after a deal)."""
    records = tmp_path / "games.jsonl"
    result = runner.invoke(
        app,
        ["simulate", game, *flags, "-n", str(games), "--seed", "5", "--records", str(records)],
    )
    assert result.exit_code == 0, result.output
    cut = tmp_path / "cut.jsonl"
    result = runner.invoke(
        app,
        [
            "simulate",
            game,
            *flags,
            "-n",
            "1",
            "--seed",
            "6",
            "--deal-limit",
            "1",
            "--records",
            f"{cut}",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = records.read_text().splitlines() + cut.read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(("game", "flags"), VARIANTS, ids=VARIANT_IDS)
def test_simulated_and_replayed_records_match_the_schema(
    tmp_path: Path, game: str, flags: list[str]
) -> None:
    for index, document in enumerate(simulated(tmp_path, game, flags)):
        assert document["game"] == game
        assert_matches_schema(document)
        path = tmp_path / f"{index}.json"
        path.write_text(json.dumps(document))
        result = runner.invoke(app, ["replay", str(path), "--json"])
        assert result.exit_code == 0, result.output
        results = json.loads(result.stdout)
        assert "finished" in results and "totals" in results
        assert_matches_schema(results)


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_a_terminal_save_matches_the_schema(tmp_path: Path, game: str) -> None:
    save = tmp_path / "save.json"
    args = ["play", game, "--seed", "3", "--bots", "random", "--save", str(save)]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 0, result.output
    document = json.loads(save.read_text(encoding="utf-8"))
    assert document["players"] and document["deals"]
    assert_matches_schema(document)


def test_a_record_written_off_the_schema_is_reported() -> None:
    """The check of every written record (conftest.py) sees a writer that goes wrong."""
    rules = load_game("tressette")
    state = rules.new_state(seed=1)
    state.apply(state.legal_actions()[0])
    take_problems()
    document = record_from_state(rules, state, ["Anna", "Boris", "Vera"])  # one name short
    assert len(document["players"]) == 3
    problems = take_problems()
    assert len(problems) == 1 and "$.players" in problems[0]


# -- damaged records ---------------------------------------------------------------------------


def _seeded(game: str, options: dict[str, Any], actions: int = 6) -> dict[str, Any]:
    """A short saved game: the first ``actions`` legal actions of a seeded deal."""
    rules = load_rules(game, options)
    state = rules.new_state(seed=11)
    for _ in range(actions):
        state.apply(state.legal_actions()[-1])
    names = [f"P{s}" for s in range(rules.num_seats)]
    document: dict[str, Any] = json.loads(json.dumps(record_from_state(rules, state, names)))
    return document


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A damage: put ``value`` at ``path`` (keys and indices joined by '/')."""

    def damage(document: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split("/")]
        target: Any = document
        for key in parents:
            target = target[key]
        target[last] = value

    return damage


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    def damage(document: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split("/")]
        target: Any = document
        for key in parents:
            target = target[key]
        del target[last]

    return damage


def _first_hand_swapped(card: str) -> Callable[[dict[str, Any]], None]:
    return _set("deals/0/hands/0/0", card)


def _card_twice(document: dict[str, Any]) -> None:
    hand = document["deals"][0]["hands"][0]
    hand[1] = hand[0]


# (name, game, options, damage, the reader refuses it too)
DAMAGES: list[tuple[str, str, dict[str, Any], Callable[[dict[str, Any]], None], bool]] = [
    ("unknown format", "king", {}, _set("format", "koloda-record/2"), True),
    ("unknown top key", "king", {}, _set("comment", "hi"), True),
    ("unknown option", "king", {}, _set("options/colour", "red"), True),
    ("option of the wrong type", "spades", {}, _set("options/target", "500"), True),
    ("no format", "tressette", {}, _drop("format"), False),
    ("a name that is not text", "king", {}, _set("players/1", 7), True),
    ("names for the wrong seats", "king", {"variant": "three"}, _drop("players/2"), True),
    ("first dealer off the table", "king", {}, _set("first_dealer", 4), True),
    ("deals not a list", "king", {}, _set("deals", {"0": {}}), True),
    ("a card code with a bad rank", "king", {}, _first_hand_swapped("1S"), True),
    ("a card code in lower case", "spades", {}, _first_hand_swapped("as"), False),
    ("a suit symbol on output", "spades", {}, _first_hand_swapped("A♠"), False),
    ("a six in King", "king", {}, _first_hand_swapped("6S"), True),
    ("a ten in Tressette", "tressette", {}, _first_hand_swapped("10S"), True),
    ("a card twice in a hand", "spades", {}, _card_twice, True),
    ("a hand short", "tressette", {}, _drop("deals/0/hands/3"), True),
    ("a card short", "king", {}, _drop("deals/0/hands/1/0"), True),
    (
        "three-player King with four hands' size",
        "king",
        {"variant": "three"},
        _drop("deals/0/hands/0/9"),
        True,
    ),
    ("dealer not a seat", "spades", {}, _set("deals/0/dealer", -1), True),
    ("dealer as text", "king", {}, _set("deals/0/dealer", "0"), True),
    ("a Spades bid in King", "king", {}, _set("deals/0/actions/0", "bid:3"), True),
    ("a bid of 14", "spades", {}, _set("deals/0/actions/1", "bid:14"), True),
    ("a give of two cards", "spades", {}, _set("deals/0/actions/1", "give:AS,KS"), True),
    (
        "an unknown contract",
        "king",
        {"variant": "order"},
        _set("deals/0/actions/0", "order:all"),
        True,
    ),
    ("an action not text", "hundred_one", {}, _set("deals/0/actions/0", 3), True),
    ("101 without its starter", "hundred_one", {}, _drop("deals/0/starter"), True),
    ("101 without its stock", "hundred_one", {}, _drop("deals/0/stock"), True),
    ("a starter in King", "king", {}, _set("deals/0/starter", "7S"), False),
    ("a 101 hand of the wrong size", "hundred_one", {}, _drop("deals/0/hands/2/0"), True),
    ("two hands for three players", "hundred_one", {"players": 3}, _drop("deals/0/hands/2"), True),
    ("a finished game without a winner", "king", {}, _set("finished", True), False),
    ("a winner of an unfinished game", "spades", {}, _set("winner", [0]), False),
    ("the results of another game", "king", {}, _set("loser", [1]), False),
    (
        "a fairness proof without its seed",
        "king",
        {},
        _set("fairness", {"commitment": "0" * 64}),
        False,
    ),
    (
        "entropy with spaces",
        "spades",
        {},
        _set(
            "fairness", {"commitment": "a" * 64, "seed": "s", "entropy": ["a b", None, None, None]}
        ),
        False,
    ),
]


@pytest.mark.parametrize(
    ("game", "options", "damage", "refused"),
    [case[1:] for case in DAMAGES],
    ids=[case[0] for case in DAMAGES],
)
def test_a_damaged_record_fails_the_schema(
    game: str,
    options: dict[str, Any],
    damage: Callable[[dict[str, Any]], None],
    refused: bool,
) -> None:
    document = _seeded(game, options)
    assert schema_problems(document) == []
    damaged = copy.deepcopy(document)
    damage(damaged)
    assert schema_problems(damaged), "the schema let the damage through"
    if refused:  # where the reader itself refuses the damage, the two agree
        with pytest.raises(RecordError):
            replay(parse_record(damaged))
