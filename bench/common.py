"""Shared timing helpers: random playouts through Koloda's public API and OpenSpiel's.

Both loops do the same work per decision: list the legal actions, pick one uniformly, apply
it. Chance nodes (OpenSpiel's deals) are applied but not counted as decisions.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from koloda import load_game


@dataclass
class Figure:
    name: str
    decisions: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds


def koloda_playouts(
    game: str, seconds: float, checked: bool = False, engine: str = "python", **options: Any
) -> Figure:
    """Whole games of random play: ``legal_actions`` + ``apply_unchecked`` (or ``apply``),
    on the Python engine or the native one."""
    rules = load_game(game, engine, **options)
    rnd = random.Random(1).random
    decisions = 0
    games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = rules.new_state(seed=games)
        apply = state.apply if checked else state.apply_unchecked
        while not state.is_over:
            legal = state.legal_actions()
            apply(legal[int(rnd() * len(legal))])
            decisions += 1
        games += 1
    where = "" if engine == "python" else f" [{engine}]"
    label = f"koloda {game}{where} {options or ''} ({'apply' if checked else 'apply_unchecked'})"
    return Figure(
        label.replace(" {}", "").replace("  ", " "), decisions, time.perf_counter() - started
    )


def openspiel_playouts(game: str, seconds: float, **params: Any) -> Figure | None:
    """The same loop over an OpenSpiel game from Python; None when OpenSpiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return None
    spiel_game = pyspiel.load_game(game, params) if params else pyspiel.load_game(game)
    rnd = random.Random(1).random
    decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd() * len(legal))])
            decisions += 1
    return Figure(f"OpenSpiel {game} (Python)", decisions, time.perf_counter() - started)


def report(ours: Figure, reference: Figure | None, target: float = 3.0) -> dict[str, Any]:
    """Print one comparison and return it as a dict."""
    print(f"  {ours.name:<55} {ours.per_second:>12,.0f} decisions/s")
    row: dict[str, Any] = {"ours": ours.name, "ours_per_second": round(ours.per_second)}
    if reference is None:
        print("  (OpenSpiel not installed: pip install '.[bench]')")
        return row
    ratio = ours.per_second / reference.per_second
    print(f"  {reference.name:<55} {reference.per_second:>12,.0f} decisions/s")
    print(f"  ratio {ratio:.2f}x (target >= {target:g}x)")
    row.update(
        reference=reference.name,
        reference_per_second=round(reference.per_second),
        ratio=round(ratio, 2),
    )
    return row
