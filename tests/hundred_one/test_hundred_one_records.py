"""101 records (docs/records.md): round trips, results, restocks and clear errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hundred_one_helpers import deal, rules_for
from random_play import advance, play

from koloda.records import RecordError, parse_record, record_from_state, replay, results_document

QUEEN_OUT_RECORD: dict[str, Any] = {
    "format": "koloda-record/1",
    "game": "hundred_one",
    "players": ["Anna", "Boris", "Vera"],
    "deals": [],
}


def queen_out_deal() -> dict[str, Any]:
    state = deal(["KH 9D AC", "8S QC QD", "JS 9C 10D"], "9S", "6H")
    rules = state.rules
    document = record_from_state(rules, state)
    document["deals"][0]["actions"] = ["8S", "JS", "draw", "pass", "QD", "suit:C", "9C", "9D", "QC"]
    entry: dict[str, Any] = document["deals"][0]
    return entry


def test_results_of_a_record() -> None:
    document = {**QUEEN_OUT_RECORD, "deals": [queen_out_deal()]}
    record = parse_record(document)
    assert record.rules.num_seats == 3  # the number of names sets `players`
    state = replay(record)
    results = results_document(record, state)
    assert results["deals"][0]["scores"] == [21, -30, 10]
    assert results["deals"][0]["out"] == 1
    assert results["totals"] == [21, -30, 10]
    assert results["finished"] is False and results["to_act"] is None
    assert "winner" not in results


def test_finished_record_has_winner_and_loser() -> None:
    state = deal(["QH QS 7D", "8S 8H KH"], "9S", "JD 10C")
    play(state, "8S draw pass 8H draw pass KH")
    document = record_from_state(state.rules, state, players=["A", "B"])
    results = results_document(parse_record(document), replay(parse_record(document)))
    assert results["finished"] is True
    assert results["winner"] == [1] and results["loser"] == [0]
    assert results["totals"] == [105, 0]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"starter": "8S"}, "dealt twice"),
        ({"stock": []}, "miss"),
        ({"dealer": 1}, "dealer must be seat 0"),
        ({"actions": ["8S", "bogus"]}, r"action 1 \(bogus\)"),
        ({"starter": None}, "starter"),
    ],
)
def test_malformed_records(change: dict[str, Any], expected: str) -> None:
    entry = {**queen_out_deal(), **change}
    with pytest.raises(RecordError, match=expected):
        replay(parse_record({**QUEEN_OUT_RECORD, "deals": [entry]}))


def test_restocks_in_records() -> None:
    big = "6S 7S 8S JS QS KS AS QH QD QC JH JD JC KH KD KC 7H"
    small = "10S 8H 9H 10H AH 6D 7D 8D 9D 10D AD 6C 7C 8C 9C 10C AC"
    state = deal([big, small], "9S", "6H", restocks=("10S 9S JS",))
    play(state, "10S JS draw pass KS draw 10S")
    document = record_from_state(state.rules, state)
    assert document["deals"][0]["restocks"] == [["10S", "9S", "JS"]]
    assert replay(parse_record(document)).view(1) == state.view(1)
    document["deals"][0]["restocks"] = [["9S", "10S", "8S"]]
    with pytest.raises(RecordError, match=r"deal 0, action 5 \(draw\): restock 0"):
        replay(parse_record(document))
    document["deals"][0]["restocks"] = []
    with pytest.raises(RecordError, match="gives no such restock"):
        replay(parse_record(document))


def test_seeded_games_reproduce_their_restocks() -> None:
    rules = rules_for(players=2)
    records = []
    for _ in range(2):
        state = advance(rules.new_state(seed=42), random.Random(9))
        records.append(record_from_state(rules, state))
    assert records[0] == records[1]
    assert any(d["restocks"] for d in records[0]["deals"])


def test_cli_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**QUEEN_OUT_RECORD, "deals": [queen_out_deal()]}))
    koloda = Path(sys.executable).parent / "koloda"
    done = subprocess.run(
        [str(koloda), "replay", str(path), "--json"], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout)["deals"][0]["scores"] == [21, -30, 10]
    bad = json.loads(path.read_text())
    bad["deals"][0]["actions"][1] = "QS"
    path.write_text(json.dumps(bad))
    done = subprocess.run([str(koloda), "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 2 and "deal 0, action 1 (QS)" in done.stderr
