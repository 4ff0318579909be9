"""Shared test helpers."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import record_schema

from koloda.core import plugin
from koloda.core.cards import Card, parse_card


def cards(text: str) -> list[Card]:
    """``"AS KS 7H"`` -> card codes, in the order written."""
    return [parse_card(t) for t in text.split()]


def pytest_configure(config: pytest.Config) -> None:
    record_schema.install()
    config.addinivalue_line(
        "markers",
        "python_engine: the test reads or writes the Python engine's internals, so it runs on "
        'engine="python" whatever the default engine ($KOLODA_ENGINE)',
    )


def tested_engines() -> tuple[str, ...]:
    """The engines a test taking the fixture ``engine`` runs on: both, unless the default
    engine is the Python one (the Python-engine pass and ``make mutation`` set
    ``KOLODA_ENGINE=python``; an installation without the native module falls back to it),
    where the test runs on the Python engine alone."""
    if plugin.DEFAULT_ENGINE == "python":
        return ("python",)
    return plugin.ENGINES


@pytest.fixture(params=tested_engines())
def engine(request: pytest.FixtureRequest) -> str:
    """The engine a rule scenario loads its game on (``load_game(..., engine=engine)``): the
    same scenario holds the Python reference and the native engine to the same rules."""
    chosen: str = request.param
    return chosen


def _pinned(item: pytest.Item) -> bool:
    """Tests marked ``python_engine`` (about the Python reference's own code) load games on
    the Python engine; every other test runs on the default engine (native unless
    ``KOLODA_ENGINE=python``) or on the engines its fixture ``engine`` names."""
    return item.get_closest_marker("python_engine") is not None


@pytest.fixture(autouse=True)
def _records_match_schema() -> Iterator[None]:
    """Every record the project writes during a test matches docs/records.schema.json."""
    record_schema.install()
    yield
    problems = record_schema.take_problems()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@contextmanager
def _default_engine(engine: str) -> Iterator[None]:
    before = plugin.DEFAULT_ENGINE
    plugin.DEFAULT_ENGINE = engine
    try:
        yield
    finally:
        plugin.DEFAULT_ENGINE = before


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if not _pinned(item):
        return (yield)
    with _default_engine("python"):
        return (yield)
