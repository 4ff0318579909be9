"""Every record the project writes matches the published schema, docs/records.schema.json.

``install`` wraps the functions that make records (``record_from_state``, ``results_document``
and the card room's ``LiveTable.finished_record``) wherever they are bound, so the records made
in the test process are checked: the terminal's saves, ``koloda simulate --records``, ``koloda
replay --json`` and the card room's ``/record`` answers. Problems are kept and reported by the
fixture in conftest.py at the end of the test that wrote them.

A game saved after every action writes hundreds of records, each the one before with an action
more. So a writer's record is checked when the next one it writes does not merely extend it,
and at the end of the test; a record that the next one extends is covered by that one.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from koloda.records import record as record_module

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "docs" / "records.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)

_WRITERS = ("record_from_state", "results_document")
_ORIGINALS: dict[str, Callable[..., dict[str, Any]]] = {}
_WRAPPED: dict[str, Callable[..., dict[str, Any]]] = {}
_problems: list[str] = []
_unchecked: dict[str, Any] = {}
"""Each writer's last record, checked when the writer's next record does not extend it."""
_RESULTS = {"totals", "finished", "winner", "loser", "settlement", "games", "carry", "to_act"}
_lock = threading.Lock()


def schema_problems(document: Any) -> list[str]:
    """What keeps ``document`` from matching the schema, one line each (empty when it does)."""
    errors = sorted(VALIDATOR.iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"{e.json_path}: {e.message}" for e in errors]


def assert_matches_schema(document: Any) -> None:
    problems = schema_problems(document)
    assert not problems, "the record does not match docs/records.schema.json:\n" + "\n".join(
        problems
    )


def _extends(later: Any, earlier: Any) -> bool:
    """Whether ``later`` is ``earlier`` played on (results and fairness aside, which are
    always checked): the same game and deals, the last deal's lists grown at their ends, and
    perhaps new deals."""
    plain = {"format", "game", "options", "players", "first_dealer", "deals"}
    if not (isinstance(later, dict) and isinstance(earlier, dict)):
        return False
    if set(later) != set(earlier) or not set(later) <= plain:
        return False
    if any(later[key] != earlier[key] for key in plain - {"deals"} if key in later):
        return False
    old, new = earlier.get("deals"), later.get("deals")
    if not (isinstance(old, list) and isinstance(new, list)) or len(new) < len(old):
        return False
    if not old:
        return True
    if new[: len(old) - 1] != old[:-1]:
        return False
    last, grown = old[-1], new[len(old) - 1]
    if not (isinstance(last, dict) and isinstance(grown, dict) and set(last) == set(grown)):
        return False
    return all(
        _grown(grown[key], value) if isinstance(value, list) else grown[key] == value
        for key, value in last.items()
    )


def _grown(later: Any, earlier: list[Any]) -> bool:
    return isinstance(later, list) and later[: len(earlier)] == earlier


def _check(name: str, document: Any) -> None:
    problems = schema_problems(document)
    if problems:
        with _lock:
            _problems.append(f"{name} wrote a record off the schema: " + "; ".join(problems))


def _written(name: str, written: Any) -> None:
    """Note a record as it leaves its writer (a copy: the caller may change it afterwards,
    as a test that damages a good record does)."""
    try:
        document = json.loads(json.dumps(written))
    except (TypeError, ValueError) as error:
        with _lock:
            _problems.append(f"{name} wrote a record that is not JSON: {error}")
        return
    with _lock:
        before = _unchecked.get(name)
        _unchecked[name] = document
    if before is not None and not _extends(document, before):
        _check(name, before)


def _checked(name: str, write: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    @functools.wraps(write)
    def checked(*args: Any, **kwargs: Any) -> dict[str, Any]:
        document = write(*args, **kwargs)
        _written(name, document)
        return document

    checked.__wrapped_writer__ = write  # type: ignore[attr-defined]
    return checked


def install() -> None:
    """Check every record written from now on (idempotent; cheap enough for each test)."""
    if not _ORIGINALS:
        for name in _WRITERS:
            _ORIGINALS[name] = getattr(record_module, name)
            _WRAPPED[name] = _checked(name, _ORIGINALS[name])
    # rebind the writers in every module that imported them before (modules imported later
    # take the wrapped ones from koloda.records)
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        for name, original in _ORIGINALS.items():
            if namespace.get(name) is original:
                namespace[name] = _WRAPPED[name]
    live = sys.modules.get("koloda.server.live")
    table = getattr(live, "LiveTable", None)
    if table is not None and not hasattr(table.finished_record, "__wrapped_writer__"):
        table.finished_record = _checked("the card room", table.finished_record)


def take_problems() -> list[str]:
    """The problems found since the last call, the records left unchecked checked first."""
    with _lock:
        unchecked = list(_unchecked.items())
        _unchecked.clear()
    for name, document in unchecked:
        _check(name, document)
    with _lock:
        found = list(_problems)
        _problems.clear()
    return found
