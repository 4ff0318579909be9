"""The conformance suite runs every check over every registered game and each variant
(``game_variants.VARIANTS``). A test takes the fixture ``variant``; the test games (Duel)
join the suite through it, registered for the test as a fifth game would be."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from game_variants import VARIANTS, Variant
from plugin_games import TEST_GAMES, registered


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "variant" in metafunc.fixturenames:
        metafunc.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS], indirect=True)


@pytest.fixture
def variant(request: pytest.FixtureRequest) -> Iterator[Variant]:
    """The variant under test, its game registered for the test when it is a test game."""
    chosen: Variant = request.param
    if chosen.game not in TEST_GAMES:
        yield chosen
        return
    with registered(chosen.game):
        yield chosen
