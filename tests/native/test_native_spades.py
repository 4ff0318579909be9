"""The native Spades engine against the Python reference: decision by decision, records,
the batch path and the engine choice."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from differential import Tally, run

from koloda import OptionError, load_game
from koloda.bots.random_bot import RandomBot
from koloda.bots.runner import play_game
from koloda.core.plugin import DEFAULT_ENGINE
from koloda.core.registry import game_plugin
from koloda.records import parse_record, record_from_state, replay, results_document

TARGETS = (500, 150, 100, 300)


def option_sets() -> list[dict[str, Any]]:
    """Every combination of the rule options of rules/spades.md (S-6, S-9, S-13, S-15,
    S-11), each with a target (S-17) and a deal limit that keep random games short."""
    sets = []
    combos = itertools.product(
        (True, False),
        (True, False),
        (False, True),
        ("lose_score", "minus_200"),
        ("discard", "any_spade"),
    )
    for index, (double_nil, exchange, bags, both_nil, broken_by) in enumerate(combos):
        sets.append(
            {
                "double_nil": double_nil,
                "nil_exchange": exchange,
                "bags_penalty": bags,
                "both_nil_failure": both_nil,
                "spades_broken_by": broken_by,
                "target": TARGETS[index % len(TARGETS)],
                "max_deals": 3 + index % 3,
            }
        )
    return sets


OPTION_SETS = option_sets()
DECISIONS_PER_SET = 100_000 // len(OPTION_SETS) + 1
"""At least 100,000 decisions compared in all (``make test``)."""
SLOW_DECISIONS_PER_SET = 1_000_000 // len(OPTION_SETS) + 1


def _ids(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=lambda i: _ids(OPTION_SETS[i]))
def test_engines_agree_decision_by_decision(index: int) -> None:
    # rule: S-4, S-6, S-7, S-8, S-10, S-11, S-12, S-13, S-14, S-15, S-17
    # every decision: legal actions, the whole state, scores, outcome and events; every
    # seat's view and its JSON after every decision of the first game of each option set
    tally = run("spades", OPTION_SETS[index], DECISIONS_PER_SET, seed=index, watched_games=1)
    assert tally.decisions >= DECISIONS_PER_SET
    assert tally.view_checks > 50
    assert tally.events > tally.decisions // 2


def test_the_option_sets_reach_every_phase_and_ending() -> None:
    """The random games the differential test plays do reach the rare paths (a side at
    the target, nil exchanges, returned discards), so agreement there is proven too."""
    tally = Tally()
    for index in range(0, len(OPTION_SETS), 4):
        tally.add(run("spades", OPTION_SETS[index], 2_000, seed=100 + index, watched_games=0))
    assert tally.samples > 0 and tally.clones > 0 and tally.illegal_checks > 0
    assert tally.deals > 50


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=lambda i: _ids(OPTION_SETS[i]))
def test_engines_agree_on_a_million_decisions(index: int) -> None:
    """A million decisions in all, every seat's view compared after every one of them."""
    tally = run(
        "spades",
        OPTION_SETS[index],
        SLOW_DECISIONS_PER_SET,
        seed=1_000 + index,
        watched_games=10**9,
    )
    assert tally.decisions >= SLOW_DECISIONS_PER_SET


def _records() -> list[dict[str, Any]]:
    """Records of finished and unfinished games, played by random bots on the Python engine,
    for a spread of option sets."""
    documents = []
    for index, options in enumerate(OPTION_SETS[::3]):
        game = load_game("spades", **options)
        rng = random.Random(index)
        result = play_game(game, [RandomBot(game)] * 4, f"records/{index}", rng, index % 4)
        documents.append(record_from_state(game, result.state, first_dealer=index % 4))
        state = game.new_state(seed=index, first_dealer=(index + 1) % 4)
        for _ in range(rng.randrange(1, 120)):  # a saved game, ended mid-deal
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        documents.append(record_from_state(game, state, first_dealer=(index + 1) % 4))
    return documents


@pytest.mark.parametrize("document", _records(), ids=lambda d: str(d["options"]))
def test_records_replay_identically_on_both_engines(document: dict[str, Any]) -> None:
    text = json.dumps(document)
    python = replay(parse_record(json.loads(text)))
    native = replay(parse_record(json.loads(text), engine="native"))
    assert type(native).__name__ == "NativeSpadesState"
    assert results_document(parse_record(json.loads(text)), python) == results_document(
        parse_record(json.loads(text), engine="native"), native
    )
    assert python.deal_scores() == native.deal_scores()
    assert python.deal_logs() == native.deal_logs()
    for seat in range(4):
        assert python.view(seat).to_json() == native.view(seat).to_json()


def test_score_sheet_is_the_same_on_both_engines() -> None:
    for options in OPTION_SETS[:4]:
        python, native = load_game("spades", **options), load_game("spades", "native", **options)
        a, b = python.new_state(seed=5), native.new_state(seed=5)
        rng = random.Random(5)
        while not a.is_over:
            legal = a.legal_actions()
            action = legal[rng.randrange(len(legal))]
            a.apply_unchecked(action)
            b.apply_unchecked(action)
        assert python.score_sheet(a) == native.score_sheet(b)
        assert python.results_json(a) == native.results_json(b)


def test_native_batch_playouts() -> None:
    rules = load_game("spades", engine="native", max_deals=5)
    result = rules.playouts(200, seed=3)  # type: ignore[attr-defined]
    assert result["games"] == 200
    assert sum(result["wins"]) == 200
    assert 200 <= result["deals"] <= 200 * 5
    assert result["decisions"] > 200 * 5 * 52
    assert rules.playouts(200, seed=3) == result  # type: ignore[attr-defined]
    assert rules.playouts(200, seed=4) != result  # type: ignore[attr-defined]


def test_engine_choice() -> None:
    assert DEFAULT_ENGINE == "python"  # until all four games are native and proven equal
    assert type(load_game("spades")).__name__ == "SpadesRules"
    assert load_game("spades", engine="native").engine == "native"  # type: ignore[attr-defined]
    assert game_plugin("spades").engines == ("python", "native")
    with pytest.raises(OptionError, match="unknown engine"):
        load_game("spades", engine="java")
    with pytest.raises(OptionError, match="no native engine"):
        load_game("hundred_one", engine="native")
    with pytest.raises(OptionError, match="unknown option"):
        load_game("spades", engine="native", trumps="hearts")


def test_native_state_is_a_game_state() -> None:
    rules = load_game("spades", engine="native")
    state = rules.new_state(seed=9)
    clone = state.clone()
    assert type(clone) is type(state)
    clone.apply(clone.legal_actions()[0])
    assert clone.to_act != state.to_act or clone.view(0) != state.view(0)
    assert state.phase_name == "bid" and state.in_deal and not state.awaiting_deal
    with pytest.raises(ValueError):
        state.view(4)
    empty = rules.empty_state(2)
    assert empty.awaiting_deal and empty.legal_actions() == () and empty.to_act is None
