"""Fuzzing the record reader: whatever a record holds, reading and replaying it either works
or fails with one clear RecordError line — never another exception, never a crash."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_state

from koloda import available_games, load_game
from koloda.records import RecordError, parse_record, record_from_state, replay

GAMES = available_games()


def saved_game(game: str, seed: int, moves: int) -> dict[str, Any]:
    """The record of a seeded random game stopped after ``moves`` decisions."""
    options: dict[str, Any] = {"max_deals": 2} if game == "spades" else {}
    rules = load_game(game, **options)
    state = random_state(rules, seed, steps=moves)
    return json.loads(json.dumps(record_from_state(rules, state)))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=8,
)
WORDS = st.sampled_from(
    [
        "QH",
        "10S",
        "T♥",
        "AS",
        "draw",
        "pass",
        "look",
        "bid:nil",
        "bid:14",
        "trump:last",
        "order:positive",
        "suit:X",
        "give:AS,KS,QS",
        "",
        "♥",
        "1",
        "zz:zz",
    ]
)


def paths(document: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document."""
    found = [prefix]
    if isinstance(document, dict):
        for key, value in document.items():
            found += paths(value, (*prefix, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += paths(value, (*prefix, index))
    return found


def put(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return document


def drop(document: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return document
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    del parent[path[-1]]
    return document


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    game = draw(st.sampled_from(GAMES))
    document = saved_game(game, draw(st.integers(0, 3)), draw(st.integers(0, 60)))
    for _ in range(draw(st.integers(1, 3))):
        places = paths(document)
        place = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["value", "word", "drop", "swap"]))
        if how == "value":
            document = put(document, place, draw(JSON))
        elif how == "word":
            document = put(document, place, draw(WORDS))
        elif how == "drop":
            document = drop(document, place)
        elif place and isinstance(document, dict):
            other = draw(st.sampled_from(places))
            if other and other[: len(place)] != place and place[: len(other)] != other:
                first = copy.deepcopy(_get(document, place))
                second = copy.deepcopy(_get(document, other))
                document = put(put(document, place, second), other, first)
    return document


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_a_damaged_record_is_read_or_refused_in_one_line(document: Any) -> None:
    try:
        record = parse_record(document)
        state = replay(record)
    except RecordError as error:
        message = str(error)
        assert message and "\n" not in message
        return
    # whatever was accepted is a consistent game: written out again, it reads back the same
    again = replay(parse_record(record_from_state(record.rules, state, None, record.first_dealer)))
    assert again.outcome() == state.outcome()
    assert again.deal_scores() == state.deal_scores()
    assert again.to_act == state.to_act


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_is_read_or_refused_in_one_line(document: Any) -> None:
    try:
        replay(parse_record(document))
    except RecordError as error:
        assert "\n" not in str(error)
