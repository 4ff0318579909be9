"""A pytest plugin for `make mutation`: run the fastest tests first.

mutmut hands each mutant the tests that reach the mutated function, in no particular order,
and stops at the first failure; running them fastest first (by the durations mutmut
recorded) lets a quick scenario test kill a mutant before the long random-game invariants
start. Loaded with ``PYTEST_ADDOPTS="-p tests.mutation_order"``; without mutmut's stats file
it changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

STATS = Path("mutmut-stats.json")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not STATS.exists():
        return
    durations: dict[str, float] = json.loads(STATS.read_text(encoding="utf-8")).get(
        "duration_by_test", {}
    )
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
