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


def _pinned(item: pytest.Item | pytest.Collector) -> bool:
    """Tests marked ``python_engine`` and the mutation tests (``*_mutants.py``, which kill
    mutants of the Python engine's code) load games on the Python engine; every other test
    runs on the default engine (native unless ``KOLODA_ENGINE=python``)."""
    return item.path.name.endswith("_mutants.py") or (
        isinstance(item, pytest.Item) and item.get_closest_marker("python_engine") is not None
    )


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


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    """A pinned module is imported (its module-level games loaded) on the Python engine."""
    if not (isinstance(collector, pytest.Module) and _pinned(collector)):
        return (yield)
    with _default_engine("python"):
        return (yield)
