"""Games that exist only for the tests (Duel, ``tests/plugin_game/duel``), registered the way
a fifth game would be: its package on the path and one registry line."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from koloda.core import registry
from koloda.i18n.catalogue import catalogue, catalogue_json

PLUGIN_DIR = Path(__file__).resolve().parent / "plugin_game"
TEST_GAMES = {"duel": "duel"}
"""Each test game's name and its package (in ``PLUGIN_DIR``)."""


def forget_words() -> None:
    """The catalogues are read once: read them again with (or without) the test game's words."""
    catalogue_json.cache_clear()
    catalogue.cache_clear()


@contextmanager
def registered(name: str) -> Iterator[None]:
    """The test game ``name`` is registered inside the block, and forgotten after it."""
    package = TEST_GAMES[name]
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(PLUGIN_DIR))
        patch.setitem(registry._GAMES, name, package)  # the one registry line
        forget_words()
        try:
            yield
        finally:
            for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
                del sys.modules[module]
    forget_words()
