"""``duplicate_match(..., ray=...)`` and ``koloda tournament --ray``: the deals played as Ray
tasks on a local cluster give exactly the one-process result (the ``scale`` extra)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("ray")

from koloda import load_game
from koloda.bots.tournament import duplicate_match


@pytest.fixture(scope="module")
def local_ray() -> object:
    import ray

    yield ray
    if ray.is_initialized():
        ray.shutdown()


def test_ray_plays_the_same_match(local_ray: object) -> None:
    """A search bot with a count budget, several tasks, the per-deal results in order."""
    rules = load_game("tressette")
    alone = duplicate_match(rules, ["heuristic", "pimc:1"], 10, seed="ray")
    seen: list[int] = []
    on_ray = duplicate_match(
        rules,
        ["heuristic", "pimc:1"],
        10,
        seed="ray",
        ray="local",
        on_deal=lambda index, result: seen.append(index),
    )
    assert on_ray.per_deal == alone.per_deal
    assert on_ray.wins == alone.wins and on_ray.plays == alone.plays == 20
    assert seen == list(range(10))
    assert on_ray.summary() == alone.summary()


def test_the_command_line_takes_ray_with_or_without_an_address() -> None:
    """``--ray`` alone starts a local cluster; the JSON equals the one-process JSON."""
    base = [sys.executable, "-m", "koloda.cli.main", "tournament", "king", "--bots"]
    args = ["heuristic,random", "--deals", "4", "--seed", "r", "--json"]
    alone = subprocess.run(base + args, capture_output=True, text=True, check=True)
    on_ray = subprocess.run(base + args + ["--ray"], capture_output=True, text=True, check=True)
    assert json.loads(on_ray.stdout) == json.loads(alone.stdout)
