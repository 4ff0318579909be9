"""ISMCTS simulations per second in King and Spades (and Tressette natively), against
OpenSpiel's Python ISMCTS bot on ``hearts(pass_cards=false)`` in the same run (uniform
rollouts on both sides, as the OpenSpiel bot uses a random-rollout evaluator): our Python
ISMCTS (``ismcts``), our native one (``ismcts-native``, the search in Rust) and OpenSpiel's
Python and C++ ones; PIMC deals per second, the native search of ``hard`` against the
Python one of ``hard-python``; and in 101 the iterations a second of ``hard``'s ISMCTS
beside the native and Python PIMC's deals a second.

``python bench/bench_search.py [SECONDS]``; ``run(seconds)`` for ``bench_engines.py``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from koloda.bots.heuristic import HeuristicBot
from koloda.bots.search.ismcts import ISMCTSBot
from koloda.bots.search.rollouts import heuristic_rollout
from koloda.core.registry import load_game


def _play_position(game: str, options: dict[str, Any]) -> tuple[Any, Any]:
    """The rules and the view of the first card-play decision of a seeded deal."""
    rules = load_game(game, **options)
    state = rules.new_state(seed="bench-search")
    heuristic = HeuristicBot(rules)
    rng = random.Random(0)
    while True:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if all(a < 64 for a in view.legal_actions) and len(view.legal_actions) > 1:
            return rules, view
        state.apply(heuristic.choose(view, rng))


def koloda_rate(game: str, seconds: float, heuristic: bool = False) -> float:
    """ISMCTS simulations per second from the first play decision of a deal."""
    rules, view = _play_position(game, {})
    rollout = heuristic_rollout(rules) if heuristic else None
    rng = random.Random(1)
    total = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        bot = ISMCTSBot(rules, simulations=None, milliseconds=250.0, rollout=rollout)
        bot.search(view, rng)
        total += bot.last_iterations
    return total / (time.perf_counter() - started)


def native_rate(game: str, seconds: float) -> float:
    """Native ISMCTS simulations per second from the same position (each search of 250 ms
    starts from the view: the sample and the knowledge are read in Python, then Rust)."""
    from koloda.bots.search.native_ismcts import NativeISMCTSBot

    rules, view = _play_position(game, {})
    bot = NativeISMCTSBot(rules, simulations=None, milliseconds=250.0)
    rng = random.Random(1)
    total = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        total += bot.search(view, rng)[2]
    return total / (time.perf_counter() - started)


def _hearts_position() -> tuple[Any, Any, Any]:
    """OpenSpiel hearts(pass_cards=false) at player 0's first decision with a choice."""
    import numpy as np
    import pyspiel

    game = pyspiel.load_game("hearts(pass_cards=false)")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node() or state.current_player() != 0 or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state, rng


def openspiel_cpp_rate(seconds: float) -> float | None:
    """OpenSpiel's C++ ISMCTS bot (pyspiel.ISMCTSBot, random rollouts) on the same position."""
    try:
        import pyspiel
    except ImportError:
        return None
    _, state, _ = _hearts_position()
    simulations = 2000
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    total = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        bot = pyspiel.ISMCTSBot(
            1, evaluator, 2.0, simulations, -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False,
        )  # fmt: skip
        bot.step(state)
        total += simulations
    return total / (time.perf_counter() - started)


def openspiel_rate(seconds: float) -> float | None:
    """OpenSpiel's Python ISMCTS bot on hearts without passing, simulations per second."""
    try:
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game, state, rng = _hearts_position()
    simulations = 100
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    total = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        bot.step(state)
        total += simulations
    return total / (time.perf_counter() - started)


def pimc_rates(game: str, seconds: float) -> tuple[float, float]:
    """PIMC deals a second from the same position: the native search of ``hard`` (heuristic
    playouts in Rust) and the Python one of ``hard-python`` (heuristic rollouts in Python),
    each searching for 250 ms at a time."""
    from koloda.bots.search.native_pimc import NativePIMCBot
    from koloda.bots.search.pimc import PIMCBot

    rules, view = _play_position(game, {})
    rates = []
    for bot in (
        NativePIMCBot(rules, samples=None, milliseconds=250.0),
        PIMCBot(rules, samples=None, milliseconds=250.0),
    ):
        rng = random.Random(1)
        total = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            bot.values(view, rng)
            total += bot.last_samples
        rates.append(total / (time.perf_counter() - started))
    return rates[0], rates[1]


def hundred_one_rates(seconds: float) -> dict[str, float]:
    """101 from its first decision with a choice: ``hard``'s ISMCTS iterations a second
    (searches of 900 ms, ``hard``'s budget, each from the view: sampling and weighing
    included), the native PIMC's deals a second (``pimc-native``, 250 ms searches) and the
    Python PIMC's of ``hard-python``."""
    from koloda.bots.levels import HARD_MILLISECONDS
    from koloda.bots.search.pimc import PIMCBot
    from koloda.games.hundred_one.native_search import (
        NativeHundredOneISMCTS,
        NativeHundredOnePIMC,
    )

    rules = load_game("hundred_one")
    state = rules.new_state(seed="bench-search")
    heuristic = HeuristicBot(rules)
    rng = random.Random(0)
    while len(state.legal_actions()) < 2:
        state.apply(heuristic.choose(state.view(state.to_act), rng))
    view = state.view(state.to_act)
    searches: list[tuple[str, Any, str]] = [
        (
            "hundred_one_ismcts_iterations_per_s",
            NativeHundredOneISMCTS(rules, iterations=None, milliseconds=HARD_MILLISECONDS),
            "last_iterations",
        ),
        (
            "hundred_one_native_pimc_deals_per_s",
            NativeHundredOnePIMC(rules, samples=None, milliseconds=250.0),
            "last_samples",
        ),
        (
            "hundred_one_python_pimc_deals_per_s",
            PIMCBot(rules, samples=None, milliseconds=250.0),
            "last_samples",
        ),
    ]
    result: dict[str, float] = {}
    for key, bot, counter in searches:
        total = 0
        started = time.perf_counter()
        while total == 0 or time.perf_counter() - started < seconds:
            bot.values(view, rng)
            total += getattr(bot, counter)
        result[key] = round(total / (time.perf_counter() - started), 1)
    result["hundred_one_ismcts_iterations_in_hard_budget"] = round(
        result["hundred_one_ismcts_iterations_per_s"] * HARD_MILLISECONDS / 1000.0
    )
    return result


def run(seconds: float = 5.0) -> dict[str, Any]:
    share = max(seconds / 5, 0.5)
    king = koloda_rate("king", share)
    spades = koloda_rate("spades", share)
    king_heuristic = koloda_rate("king", share, heuristic=True)
    king_native = native_rate("king", share)
    spades_native = native_rate("spades", share)
    tressette_native = native_rate("tressette", share)
    reference = openspiel_rate(share)
    cpp = openspiel_cpp_rate(share)
    result: dict[str, Any] = {
        "king_ismcts_sims_per_s": round(king, 1),
        "spades_ismcts_sims_per_s": round(spades, 1),
        "king_ismcts_heuristic_rollouts_sims_per_s": round(king_heuristic, 1),
        "king_native_ismcts_sims_per_s": round(king_native, 1),
        "spades_native_ismcts_sims_per_s": round(spades_native, 1),
        "tressette_native_ismcts_sims_per_s": round(tressette_native, 1),
        "king_native_vs_python": round(king_native / king, 1),
        "spades_native_vs_python": round(spades_native / spades, 1),
        "openspiel_python_ismcts_hearts_sims_per_s": None
        if reference is None
        else round(reference, 1),
    }
    result["openspiel_cpp_ismcts_hearts_sims_per_s"] = None if cpp is None else round(cpp, 1)
    if reference:
        result["king_vs_openspiel"] = round(king / reference, 2)
        result["spades_vs_openspiel"] = round(spades / reference, 2)
    if cpp:  # targets: >= 3x the Python bot, >= 1/5 of the C++ one
        result["king_vs_openspiel_cpp"] = round(king / cpp, 3)
        result["spades_vs_openspiel_cpp"] = round(spades / cpp, 3)
        # the native search's target: >= 2x the C++ one
        result["king_native_vs_openspiel_cpp"] = round(king_native / cpp, 2)
        result["spades_native_vs_openspiel_cpp"] = round(spades_native / cpp, 2)
    for game in ("spades", "king", "tressette"):
        native, python = pimc_rates(game, share)
        result[f"{game}_native_pimc_deals_per_s"] = round(native, 1)
        result[f"{game}_python_pimc_deals_per_s"] = round(python, 1)
        result[f"{game}_pimc_native_vs_python"] = round(native / python, 1)
    result.update(hundred_one_rates(share))
    print("ISMCTS simulations per second (uniform rollouts), PIMC deals per second:")
    for key, value in result.items():
        print(f"  {key}: {value}")
    return result


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)))
