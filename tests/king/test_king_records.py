"""King records: write, read, replay, round trip, and clear errors on bad records."""

from __future__ import annotations

import json
from typing import Any

import pytest
from random_play import random_state

from koloda import load_game
from koloda.records import RecordError, parse_record, record_from_state, replay, results_document


def random_game(options: dict[str, Any], seed: int, stop_after: int | None = None):  # type: ignore[no-untyped-def]
    rules = load_game("king", **options)
    return rules, random_state(rules, seed, stop_after, first_dealer=seed % rules.num_seats)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"variant": "order"},
        {"variant": "three", "three_player_balance": "proportional"},
        {
            "variant": "classic",
            "negative_order": [
                "erelash",
                "no_king",
                "last_two",
                "no_hearts",
                "no_queens",
                "no_jacks",
                "no_tricks",
            ],
        },
    ],
)
def test_record_round_trip_gives_identical_results(options: dict[str, Any]) -> None:
    for seed in range(3):
        rules, state = random_game(options, seed)
        document = record_from_state(rules, state, first_dealer=seed % rules.num_seats)
        text = json.dumps(document)
        record = parse_record(json.loads(text))
        again = replay(record)
        assert again.totals == state.totals  # type: ignore[attr-defined]
        assert again.sheet == state.sheet  # type: ignore[attr-defined]
        assert again.outcome() == state.outcome()
        assert again.is_over
        results = results_document(record, again)
        assert results["finished"] is True
        assert results["totals"] == state.totals
        assert [d["scores"] for d in results["deals"]] == [list(s.scores) for s in state.sheet]
        assert results["winner"] == [
            s for s, t in enumerate(state.totals) if t == max(state.totals)
        ]
        assert results["settlement"] == pytest.approx(list(state.outcome()))
        assert "to_act" not in results


def base_record() -> dict[str, Any]:
    rules, state = random_game({}, seed=1, stop_after=40)
    return record_from_state(rules, state)


def error_of(document: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as error:
        replay(parse_record(document))
    message = str(error.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["deals"][0].update(dealer=2), "deal 0: dealer must be seat 1, not 2"),
        (
            lambda d: d["deals"][0]["hands"][0].__setitem__(0, d["deals"][0]["hands"][1][0]),
            "deal 0: ",
        ),
        (lambda d: d["deals"][0]["hands"][0].__setitem__(0, "6S"), "not in the 32-card deck"),
        (lambda d: d["deals"][0]["hands"][0].pop(), "deal 0: seat 0 has 7 cards"),
        (lambda d: d["options"].update(colour="red"), "unknown option colour"),
        (lambda d: d["options"].update(variant="five"), "variant"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["deals"][0]["actions"].__setitem__(0, "XX"), "deal 0, action 0 (XX)"),
        (lambda d: d["deals"][0]["actions"].__setitem__(0, "trump:S"), "deal 0, action 0"),
        (lambda d: d.update(players=["a", "b"]), "2 players named for 4 seats"),
        (lambda d: d.update(first_dealer=7), "first_dealer"),
        (lambda d: d.update(extra=1), "unknown key"),
    ],
)
def test_bad_records_are_rejected_with_one_clear_line(change: Any, expected: str) -> None:
    document = base_record()
    change(document)
    assert expected in error_of(document)
