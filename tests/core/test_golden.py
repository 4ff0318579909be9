"""Golden playthroughs (tests/golden/): each seeded game, played again on the engine under
test, gives the checked-in text word for word. ``make test`` runs this file on both engines.

After a deliberate change of behaviour: ``.venv/bin/python tests/golden/regenerate.py``, then
read the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def _regenerate_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


golden = _regenerate_module()


@pytest.mark.parametrize("case", golden.CASES, ids=[case.name for case in golden.CASES])
def test_a_seeded_game_plays_as_written(case: Any) -> None:
    written = case.path.read_text(encoding="utf-8")
    played = golden.playthrough(case)
    if played != written:
        diff = difflib.unified_diff(
            written.splitlines(), played.splitlines(), "checked in", "played now", lineterm="", n=2
        )
        lines = list(diff)
        shown = "\n".join(lines[:60]) + (
            f"\n… {len(lines) - 60} more lines" if len(lines) > 60 else ""
        )
        pytest.fail(
            f"{case.path.name} differs from the game played now (if the change is meant, run "
            f"tests/golden/regenerate.py and read the diff):\n{shown}",
            pytrace=False,
        )


def test_every_game_has_a_golden_playthrough() -> None:
    from koloda.core.registry import available_games

    assert {case.game for case in golden.CASES} >= set(available_games())
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == sorted(
        case.path.name for case in golden.CASES
    )


def test_a_changed_rule_shows_as_a_diff(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison is sensitive: a game whose deal scores differ is not the written one."""
    case = golden.CASES[0]
    written = case.path.read_text(encoding="utf-8")
    rules_class = type(golden.Writer(case, None).rules)
    real = rules_class.deal_results_json

    def off_by_one(self: object, state: object, deal: int) -> dict[str, object]:
        results = real(self, state, deal)
        return {**results, "scores": [s + 1 for s in results["scores"]]}

    monkeypatch.setattr(rules_class, "deal_results_json", off_by_one)
    played = golden.playthrough(case)
    changed = [
        line
        for line in difflib.ndiff(written.splitlines(), played.splitlines())
        if line[:1] in "+-"
    ]
    assert changed and all("scores" in line for line in changed)
