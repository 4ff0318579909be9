"""Tressette records: round trip, results as docs/records.md says, and clear errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from random_play import random_state
from tressette_helpers import (
    GROUP_DEAL_1,
    GROUP_DEAL_2,
    GROUP_DEAL_3,
    GROUP_PLAY_1,
    GROUP_PLAY_2,
    GROUP_PLAY_3,
)

from koloda import load_game
from koloda.records import RecordError, parse_record, record_from_state, replay, results_document


def random_group(options: dict[str, Any], seed: int, stop_after: int | None = None):  # type: ignore[no-untyped-def]
    rules = load_game("tressette", **options)
    return rules, random_state(rules, seed, stop_after, first_dealer=seed % 4)


@pytest.mark.parametrize(
    "options",
    [{}, {"card_points": "pooled", "long_run": "ten"}, {"hearts_special": False}],
)
def test_record_round_trip_gives_identical_results(options: dict[str, Any]) -> None:
    # rule: T-18
    for seed in range(3):
        rules, state = random_group(options, seed)
        document = record_from_state(rules, state, first_dealer=seed % 4)
        assert document["options"] == options
        record = parse_record(json.loads(json.dumps(document)))
        again = replay(record)
        assert again.is_over
        assert again.sheet == state.sheet  # type: ignore[attr-defined]
        assert again.games == state.games  # type: ignore[attr-defined]
        assert again.outcome() == state.outcome()
        results = results_document(record, again)
        assert results["finished"] is True and "to_act" not in results
        assert results["totals"] == state.totals  # type: ignore[attr-defined]
        assert [d["scores"] for d in results["deals"]] == [list(s) for s in state.deal_scores()]
        assert len(results["games"]) == 3
        assert results["carry"] == state.points  # type: ignore[attr-defined]
        totals = results["totals"]
        assert results["winner"] == [s for s in (0, 1) if totals[s] == max(totals)]
        assert sum(totals) == sum(g["value"] for g in results["games"])


def scripted_record() -> dict[str, Any]:
    deals = []
    for dealer, hands, tricks in (
        (3, GROUP_DEAL_1, GROUP_PLAY_1),
        (0, GROUP_DEAL_2, GROUP_PLAY_2),
        (1, GROUP_DEAL_3, GROUP_PLAY_3),
    ):
        deals.append(
            {
                "dealer": dealer,
                "hands": [h.split() for h in hands],
                "actions": " ".join(tricks).split(),
            }
        )
    return {
        "format": "koloda-record/1",
        "game": "tressette",
        "options": {},
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "first_dealer": 3,
        "deals": deals,
    }


def test_scripted_record_results_are_the_hand_computed_ones() -> None:
    # rule: T-15 T-16 T-17 T-18
    record = parse_record(scripted_record())
    results = results_document(record, replay(record))
    assert [d["scores"] for d in results["deals"]] == [[32, 0], [12, 36], [32, 0]]
    assert results["totals"] == [84, 0]
    assert results["games"] == [
        {"winner": 0, "value": 42, "deal": 0},
        {"winner": 0, "value": 21, "deal": 1},
        {"winner": 0, "value": 21, "deal": 2},
    ]
    assert results["carry"] == [11, 0]
    assert results["finished"] is True and results["winner"] == [0]


def test_group_over_rejects_a_further_deal() -> None:
    document = scripted_record()
    document["deals"].append(dict(document["deals"][0], dealer=2))
    with pytest.raises(RecordError, match="deal 3: the game was already over"):
        replay(parse_record(document))


def test_illegal_card_names_deal_index_action_and_legal_actions() -> None:
    # rule: T-5
    document = scripted_record()
    # deal 1, action 1: seat 2 holds no heart and plays 3♠ (legal); make it 7D (not held)
    document["deals"][1]["actions"][1] = "7D"
    with pytest.raises(RecordError) as error:
        replay(parse_record(document))
    message = str(error.value)
    assert message.startswith("deal 1, action 1 (7D): 7D is not in the hand of seat 2")
    assert message.endswith("legal: 2S, 3S, JS, QS, KS, AS, 2D, 3D, 2C, 3C")


def test_follow_suit_violation_in_a_record() -> None:
    # rule: T-5
    document = {
        "game": "tressette",
        "first_dealer": 3,
        "deals": [
            {
                "dealer": 3,
                "hands": [
                    ["KS", "QS", "JS", "2C", "AC", "KC", "QC", "JC", "7C", "6C"],
                    ["6H", "7H", "5H", "4H", "KD", "QD", "JD", "7D", "6D", "5D"],
                    ["4S", "6S", "2S", "3H", "2H", "AH", "KH", "QH", "JH", "4D"],
                    ["3S", "AS", "7S", "5S", "3D", "2D", "AD", "3C", "5C", "4C"],
                ],
                "actions": ["KS", "6H", "3H"],
            }
        ],
    }
    with pytest.raises(RecordError) as error:
        replay(parse_record(document))
    assert str(error.value) == (
        "deal 0, action 2 (3H): must follow suit S (T-5); legal: 2S, 4S, 6S"
    )


def test_bad_deals_and_options_are_record_errors() -> None:
    # rule: T-2 T-4
    document = scripted_record()
    document["deals"][0]["dealer"] = 1
    with pytest.raises(RecordError, match="deal 0: dealer must be seat 3, not 1"):
        replay(parse_record(document))
    document = scripted_record()
    document["deals"][0]["hands"][0][0] = "9H"
    with pytest.raises(RecordError, match="deal 0: 9H is not in the 40-card deck"):
        replay(parse_record(document))
    document = scripted_record()
    document["deals"][0]["hands"][1][0] = "2H"
    with pytest.raises(RecordError, match="deal 0: 2H is dealt twice"):
        replay(parse_record(document))
    document = scripted_record()
    document["options"] = {"card_points": "sometimes"}
    with pytest.raises(RecordError, match="card_points"):
        parse_record(document)
    document = scripted_record()
    document["deals"][0]["actions"][0] = "order:no_king"
    with pytest.raises(RecordError, match=r"deal 0, action 0 \(order:no_king\): not a Tressette"):
        replay(parse_record(document))
