"""Records: simulate -> record -> JSON -> parse -> replay -> the same results; bad records."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from random_play import play_lowest
from spades_helpers import SUITED, act, rules

from koloda.bots.random_bot import RandomBot
from koloda.bots.runner import play_game
from koloda.core.cards import format_card
from koloda.records import RecordError, parse_record, record_from_state, replay, results_document


def simulated(seed: int, **options: object) -> tuple[object, dict[str, object]]:
    game = rules(max_deals=4, **options)
    result = play_game(game, [RandomBot(game)] * 4, f"rec/{seed}", random.Random(seed), seed % 4)
    return result.state, record_from_state(game, result.state, first_dealer=seed % 4)


@pytest.mark.parametrize("seed", range(6))
def test_round_trip(seed: int) -> None:
    options = [{}, {"bags_penalty": True}, {"double_nil": False}][seed % 3]
    state, document = simulated(seed, **options)
    text = json.dumps(document)
    record = parse_record(json.loads(text))
    replayed = replay(record)
    assert replayed.deal_scores() == state.deal_scores()  # type: ignore[attr-defined]
    assert replayed.totals == state.totals  # type: ignore[attr-defined]
    results = results_document(record, replayed)
    assert results["finished"] is True
    assert results["totals"] == list(state.totals)  # type: ignore[attr-defined]
    assert results["winner"] == list(state.winners)  # type: ignore[attr-defined]
    for deal, scores in zip(results["deals"], state.deal_scores(), strict=True):  # type: ignore[attr-defined]
        assert deal["scores"] == list(scores)
    # the results document itself replays
    again = replay(parse_record(json.loads(json.dumps(results))))
    assert again.deal_scores() == state.deal_scores()  # type: ignore[attr-defined]


def test_record_actions_use_the_record_notation() -> None:
    game = rules()
    state = game.state_from_deal(SUITED, dealer=3)
    # dealer 3 bids nil and discards; seat 0 bids; seat 1, his partner, bids and gives
    act(state, "look", "bid:nil", "discard:2C,3C,4C", "look", "bid:2", "look", "bid:3")
    act(state, "give:2H,3H,4H", "look", "bid:4")
    play_lowest(state)
    document = record_from_state(game, state, first_dealer=3)
    actions = document["deals"][0]["actions"]
    assert actions[:10] == [
        "look",
        "bid:nil",
        "discard:2C,3C,4C",
        "look",
        "bid:2",
        "look",
        "bid:3",
        "give:2H,3H,4H",
        "look",
        "bid:4",
    ]
    assert document["deals"][0]["hands"][0] == [format_card(c) for c in SUITED[0]]
    results = results_document(parse_record(document), replay(parse_record(document)))
    assert results["finished"] is False and results["to_act"] is None
    assert len(results["deals"][0]["scores"]) == 2  # per side


def test_illegal_action_names_deal_index_action_and_legal() -> None:
    _, document = simulated(1)
    broken = copy.deepcopy(document)
    broken["deals"][0]["actions"][0] = "bid:5"  # before looking (S-6)
    with pytest.raises(RecordError) as error:
        replay(parse_record(broken))
    message = str(error.value)
    assert message.startswith("deal 0, action 0 (bid:5): ")
    assert "S-6" in message and "legal: look, bid:double_nil" in message


def test_card_not_in_hand_and_bad_syntax() -> None:
    _, document = simulated(2)
    deal = document["deals"][1]  # type: ignore[index]
    actions = deal["actions"]
    first_card = next(i for i, a in enumerate(actions) if a[0].isdigit() or a[0] in "JQKA")
    bad = copy.deepcopy(document)
    leader_cards = set(bad["deals"][1]["hands"][(deal["dealer"] + 1) % 4])
    foreign = next(c for h in bad["deals"][1]["hands"] for c in h if c not in leader_cards)
    bad["deals"][1]["actions"][first_card] = foreign
    with pytest.raises(RecordError, match=rf"deal 1, action {first_card} \({foreign}\): .*legal: "):
        replay(parse_record(bad))
    bad = copy.deepcopy(document)
    bad["deals"][0]["actions"][1] = "bid:14"
    with pytest.raises(RecordError, match=r"deal 0, action 1 \(bid:14\): not a bid"):
        replay(parse_record(bad))


def test_bad_deals_and_options() -> None:
    _, document = simulated(3)
    bad = copy.deepcopy(document)
    bad["deals"][0]["dealer"] = (bad["deals"][0]["dealer"] + 1) % 4
    with pytest.raises(RecordError, match="deal 0: dealer must be seat"):
        replay(parse_record(bad))
    bad = copy.deepcopy(document)
    bad["deals"][0]["hands"][0][0] = bad["deals"][0]["hands"][1][0]
    with pytest.raises(RecordError, match=r"deal 0: .* dealt twice"):
        replay(parse_record(bad))
    bad = copy.deepcopy(document)
    bad["options"] = {"jokers": True}
    with pytest.raises(RecordError, match="unknown option"):
        parse_record(bad)


def test_cli_replay(tmp_path: Path) -> None:
    _, document = simulated(4, bags_penalty=True)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))
    koloda = Path(sys.executable).parent / "koloda"
    out = subprocess.run(
        [str(koloda), "replay", str(path), "--json"], capture_output=True, text=True, check=True
    )
    results = json.loads(out.stdout)
    assert results["finished"] is True and len(results["totals"]) == 2
    sheet = subprocess.run([str(koloda), "replay", str(path)], capture_output=True, text=True)
    assert sheet.returncode == 0 and "bags" in sheet.stdout
