"""Imports flow one way (docs/design.md): core <- games <- adapters."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "koloda"
ADAPTERS = (
    "koloda.bots",
    "koloda.cli",
    "koloda.server",
    "koloda.tui",
    "koloda.envs",
    "koloda.records",
    "koloda.i18n",
)
PLUGGED_IN = {
    "display.py": ("koloda.cli.display", "koloda.i18n"),
    "vector.py": ("koloda.envs.core", "koloda.envs.native_batch"),
}
"""A game's modules that its plug-in names for an adapter (``GamePlugin.display``,
``GamePlugin.vector``): imported only when that adapter asks for them, they may use the
adapter's kit."""


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return {name for name in found if name.startswith("koloda")}


def test_core_imports_only_core() -> None:
    for path in (PACKAGE / "core").rglob("*.py"):
        for name in imports_of(path):
            assert name.startswith("koloda.core"), f"{path.name} imports {name}"


def test_games_import_only_core_and_themselves() -> None:
    # the native engine (koloda._native, built from native/) is engine code beneath the
    # games: a game's native module wraps it
    for game_dir in (PACKAGE / "games").iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("__"):
            continue
        own = f"koloda.games.{game_dir.name}"
        for path in game_dir.rglob("*.py"):
            for name in imports_of(path):
                allowed = ("koloda.core", own, "koloda._native", *PLUGGED_IN.get(path.name, ()))
                assert name.startswith(allowed), f"{path} imports {name}"


def test_engine_never_imports_adapters() -> None:
    for sub in ("core", "games"):
        for path in (PACKAGE / sub).rglob("*.py"):
            for name in imports_of(path):
                if sub == "games" and name.startswith(PLUGGED_IN.get(path.name, ())):
                    continue
                assert not name.startswith(ADAPTERS), f"{path} imports adapter {name}"
