"""The native engine against the Python one and OpenSpiel, in one run:
``python bench/bench_native.py [SECONDS]`` (or ``make bench-native``).

For each game, decisions per second of:
- the loop of ``bench/common.py`` (``legal_actions``, pick one at random, ``apply_unchecked``)
  through the Python API, on the Python engine and on the native one;
- the native batch path, ``rules.playouts(n, seed)``: whole random games in Rust, one call;
- ``koloda simulate GAME --games N --json`` with random players (which takes the batch path),
  as it reports itself;
- OpenSpiel's nearest game from Python (the same loop) and OpenSpiel's all-C++ loop
  (``pyspiel.evaluate_bots`` with uniform random C++ bots), when ``open_spiel`` is
  installed (``pip install '.[bench]'``).
Ratios are taken within the run, as these machines are shared and noisy; every loop runs on
one core (the batch path too).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from typing import Any

from common import Figure, koloda_playouts, openspiel_playouts

from koloda import load_game

GAMES: dict[str, tuple[dict[str, Any], str, dict[str, Any]]] = {
    # game: (our options, OpenSpiel's nearest game, its parameters)
    "spades": ({"max_deals": 10}, "spades", {}),
    "king": ({}, "hearts", {}),
    "tressette": ({}, "hearts", {}),
    "hundred_one": ({}, "crazy_eights", {"players": 4}),
}
"""Random bids almost never reach 500, so our Spades games are bounded by ``max_deals``;
OpenSpiel's spades is one hand (4 bids and 52 cards after 52 chance actions). King is a whole
classic game of 15 deals and Tressette a whole group of three games against OpenSpiel's
hearts (one hand with its pass). 101 is a whole game to 101 (four players) against
OpenSpiel's crazy_eights for four players (one hand)."""


def native_batch(game: str, seconds: float, **options: Any) -> Figure:
    """Whole games of random play in Rust, batch after batch until ``seconds`` are up."""
    rules: Any = load_game(game, "native", **options)
    decisions = 0
    batch = 16
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        result = rules.playouts(batch, seed)
        decisions += result["decisions"]
        seed += 1
        batch = min(batch * 2, 4096)
    return Figure(
        f"koloda {game} [native] rules.playouts (batch)", decisions, time.perf_counter() - started
    )


def simulate(game: str, games: int, **options: Any) -> Figure:
    """``koloda simulate GAME --games N --json`` with random players, in a process of its
    own: its own report of decisions and seconds."""
    command = [sys.executable, "-m", "koloda", "simulate", game, "--games", str(games)]
    for name, value in options.items():
        command += ["-o", f"{name}={json.dumps(value)}"]
    command += ["--seed", "1", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    summary = json.loads(done.stdout)
    assert summary["path"] == "native batch", summary
    return Figure(
        f"koloda simulate {game} (random players)", summary["decisions"], summary["seconds"]
    )


def openspiel_cpp(game: str, seconds: float, **params: Any) -> Figure | None:
    """OpenSpiel's all-C++ loop: ``evaluate_bots`` with uniform random C++ bots, game after
    game; decisions are counted from the games' lengths (chance moves left out)."""
    try:
        import pyspiel
    except ImportError:
        return None
    spiel_game = pyspiel.load_game(game, params) if params else pyspiel.load_game(game)
    players = spiel_game.num_players()
    per_game = _openspiel_decisions_per_game(spiel_game)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        bots = [pyspiel.make_uniform_random_bot(p, games * players + p) for p in range(players)]
        for _ in range(50):
            pyspiel.evaluate_bots(spiel_game.new_initial_state(), bots, games)
            games += 1
    elapsed = time.perf_counter() - started
    return Figure(f"OpenSpiel {game} (C++ evaluate_bots)", round(games * per_game), elapsed)


def _native_decisions_per_game(game: str, **options: Any) -> float:
    rules: Any = load_game(game, "native", **options)
    result = rules.playouts(64, 99)
    return float(result["decisions"]) / result["games"]


def _openspiel_decisions_per_game(spiel_game: Any, games: int = 50) -> float:
    rng = random.Random(7)
    total = 0
    for _ in range(games):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            total += 1
    return total / games


def _line(figure: Figure | None) -> None:
    if figure is not None:
        print(f"  {figure.name:<62} {figure.per_second:>13,.0f} decisions/s")


def _ratio(ours: Figure, reference: Figure | None) -> float | None:
    return None if reference is None else round(ours.per_second / reference.per_second, 2)


def _best(figures: list[Figure | None]) -> Figure | None:
    measured = [f for f in figures if f is not None]
    return max(measured, key=lambda f: f.per_second) if measured else None


def run(seconds: float, rounds: int = 5) -> list[dict[str, Any]]:
    """Each figure is the best of ``rounds`` interleaved runs of ``seconds / rounds`` (the
    machine is shared: the best run is the one least disturbed)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"Native engine ({cores} cores; every loop on one; best of {rounds} rounds)")
    rows = []
    share = seconds / rounds
    for game, (options, spiel_name, params) in GAMES.items():
        runs: dict[str, list[Figure | None]] = {}
        for _ in range(rounds):
            measured = {
                "python": koloda_playouts(game, share, engine="python", **options),
                "native": koloda_playouts(game, share, engine="native", **options),
                "batch": native_batch(game, share, **options),
                "spiel_python": openspiel_playouts(spiel_name, share, **params),
                "spiel_cpp": openspiel_cpp(spiel_name, share, **params),
            }
            batch_run = measured["batch"]
            assert batch_run is not None
            per_game = _native_decisions_per_game(game, **options)
            measured["simulate"] = simulate(
                game, max(1, round(batch_run.per_second * share / per_game)), **options
            )
            for key, figure in measured.items():
                runs.setdefault(key, []).append(figure)
        best = {key: _best(figures) for key, figures in runs.items()}
        python, native, batch = best["python"], best["native"], best["batch"]
        spiel_python, spiel_cpp, simulated = (
            best["spiel_python"],
            best["spiel_cpp"],
            best["simulate"],
        )
        assert python is not None and native is not None and batch is not None
        assert simulated is not None
        for figure in (python, native, batch, simulated, spiel_python, spiel_cpp):
            _line(figure)
        row: dict[str, Any] = {
            "game": game,
            "cores": cores,
            "python_api_python_engine": round(python.per_second),
            "python_api_native_engine": round(native.per_second),
            "native_batch": round(batch.per_second),
            "simulate": round(simulated.per_second),
            "native_over_python": _ratio(native, python),
            "batch_over_python": _ratio(batch, python),
            "simulate_over_batch": _ratio(simulated, batch),
        }
        if spiel_python is not None and spiel_cpp is not None:
            row.update(
                openspiel_python=round(spiel_python.per_second),
                openspiel_cpp=round(spiel_cpp.per_second),
                native_api_over_openspiel_python=_ratio(native, spiel_python),
                batch_over_openspiel_cpp=_ratio(batch, spiel_cpp),
            )
        else:
            print("  (OpenSpiel not installed: pip install '.[bench]')")
        print("  " + ", ".join(f"{k} {v}" for k, v in row.items() if "over" in k))
        rows.append(row)
    return rows


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0), indent=1))
