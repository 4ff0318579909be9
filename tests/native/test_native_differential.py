"""The native engines against the Python reference, decision by decision, and records
replayed on both (every game the native crate implements)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from differential import Tally, run
from native_options import CASES, OPTION_SETS, case_id

from koloda import load_game
from koloda.bots.random_bot import RandomBot
from koloda.bots.runner import play_game
from koloda.records import parse_record, record_from_state, replay, results_document

DECISIONS = 100_000
"""Decisions compared per game in ``make test`` (spread over its option sets)."""
SLOW_DECISIONS = 1_000_000
"""Decisions compared per game in the slow run."""


def _share(game: str, total: int) -> int:
    return total // len(OPTION_SETS[game]) + 1


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_engines_agree_decision_by_decision(case: tuple[str, int]) -> None:
    # rule: S-4, S-6, S-7, S-8, S-10, S-11, S-12, S-13, S-14, S-15, S-17
    # rule: K-5, K-8, K-9, K-12, K-14, K-15, K-17, K-18, K-21, K-23, K-24, K-27
    # rule: T-5, T-6, T-7, T-9, T-10, T-11, T-12, T-13, T-14, T-15, T-16, T-17, T-18
    # rule: H-1, H-2, H-3, H-4, H-5, H-6, H-7, H-8, H-9, H-10, H-11, H-12, H-13, H-14, H-15
    # rule: H-16
    # after every decision: the legal actions, the whole state, the scores, the outcome and
    # (checked applies) the events; every seat's view and its JSON after each of the first
    # 300 decisions of each option set
    game, index = case
    share = _share(game, DECISIONS)
    tally = run(game, OPTION_SETS[game][index], share, seed=index, watched=300)
    assert tally.decisions >= share
    assert tally.view_checks >= 300
    assert tally.events > 0 and tally.deals > 0


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_the_random_games_reach_the_rare_paths(game: str) -> None:
    """Illegal actions, clones and sampled states are compared too."""
    tally = Tally()
    for index in range(0, len(OPTION_SETS[game]), 4):
        tally.add(run(game, OPTION_SETS[game][index], 2_000, seed=100 + index, watched=0))
    assert tally.samples > 0 and tally.clones > 0 and tally.illegal_checks > 0
    assert tally.deals > 20


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_engines_agree_on_a_million_decisions(case: tuple[str, int]) -> None:
    """A million decisions per game, every seat's view compared after each of a tenth."""
    game, index = case
    share = _share(game, SLOW_DECISIONS)
    tally = run(game, OPTION_SETS[game][index], share, seed=1_000 + index, watched=share // 10)
    assert tally.decisions >= share


def _records() -> list[tuple[str, dict[str, Any]]]:
    """Records of finished games and of saved games ended mid-deal, played by random bots
    on the Python engine, for a spread of option sets of every native game."""
    documents = []
    for game, sets in OPTION_SETS.items():
        for index, options in enumerate(sets[::3]):
            rules = load_game(game, **options)
            n = rules.num_seats
            rng = random.Random(index)
            result = play_game(rules, [RandomBot(rules)] * n, f"rec/{index}", rng, index % n)
            documents.append((game, record_from_state(rules, result.state)))
            state = rules.new_state(seed=index, first_dealer=(index + 1) % n)
            for _ in range(rng.randrange(1, 150)):
                if state.is_over:
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            documents.append((game, record_from_state(rules, state)))
    return documents


@pytest.mark.parametrize("item", _records(), ids=lambda item: f"{item[0]}:{item[1]['options']}")
def test_records_replay_identically_on_both_engines(item: tuple[str, dict[str, Any]]) -> None:
    _, document = item
    text = json.dumps(document)
    python_record = parse_record(json.loads(text))
    native_record = parse_record(json.loads(text), engine="native")
    python, native = replay(python_record), replay(native_record)
    assert type(native).__name__.startswith("Native")
    assert results_document(python_record, python) == results_document(native_record, native)
    assert python.deal_scores() == native.deal_scores()
    assert python.deal_logs() == native.deal_logs()
    for seat in range(python_record.rules.num_seats):
        assert python.view(seat).to_json() == native.view(seat).to_json()


@pytest.mark.parametrize("case", CASES[::5], ids=case_id)
def test_score_sheets_and_results_are_the_same(case: tuple[str, int]) -> None:
    game, index = case
    options = OPTION_SETS[game][index]
    python, native = load_game(game, **options), load_game(game, "native", **options)
    a, b = python.new_state(seed=5), native.new_state(seed=5)
    rng = random.Random(5)
    while not a.is_over:
        legal = a.legal_actions()
        action = legal[rng.randrange(len(legal))]
        a.apply_unchecked(action)
        b.apply_unchecked(action)
    assert python.score_sheet(a) == native.score_sheet(b)
    assert python.results_json(a) == native.results_json(b)
    assert a.outcome() == b.outcome()
