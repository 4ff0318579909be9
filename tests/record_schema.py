"""Every record the project writes matches the published schema, docs/records.schema.json.

``install`` wraps the functions that make records (``record_from_state``, ``results_document``
and the card room's ``LiveTable.finished_record``) wherever they are bound, so each record made
in the test process is checked as it is written: the terminal's saves, ``koloda simulate
--records``, ``koloda replay --json`` and the card room's ``/record`` answers. Problems are kept
and reported by the fixture in conftest.py at the end of the test that wrote them.
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


def _checked(name: str, write: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    @functools.wraps(write)
    def checked(*args: Any, **kwargs: Any) -> dict[str, Any]:
        document = write(*args, **kwargs)
        problems = schema_problems(document)
        if problems:
            with _lock:
                _problems.append(f"{name} wrote a record off the schema: " + "; ".join(problems))
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
    """The problems found since the last call."""
    with _lock:
        found = list(_problems)
        _problems.clear()
    return found
