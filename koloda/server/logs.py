"""The server's log: one line per event, as JSON for a host's log collector or as text for a
person at a terminal (``koloda serve --log-format``).

A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``, the
table's id as ``table`` when the event is a table's, whatever else the call passed with
``extra=``, and ``error`` (the traceback) when it logged an exception::

    {"time": "2026-05-04T18:12:09.532Z", "level": "ERROR", "logger": "koloda.server",
     "message": "the store failed (disk full); the action waits for it", "table": "Xq3…"}

A table's events are logged through ``table_logger(table_id)``, which adds ``table``. The log
never carries a hand or the cards a seat holds: only ids, names, counts and reasons.
"""

from __future__ import annotations

import json as json_text
import logging
import sys
from collections.abc import MutableMapping
from datetime import UTC, datetime
from typing import Any, TextIO

LOGGER = "koloda.server"
"""The server's logger."""

STANDARD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "taskName",
}
"""What every log record holds: anything else on a record came with ``extra=``."""


def extras(record: logging.LogRecord) -> dict[str, Any]:
    """The fields a call passed with ``extra=`` (``table`` among them), in their order."""
    return {
        key: value
        for key, value in vars(record).items()
        if key not in STANDARD_FIELDS and not key.startswith("_")
    }


class JsonLines(logging.Formatter):
    """One JSON object per record, on one line (a traceback is a string inside it)."""

    def format(self, record: logging.LogRecord) -> str:
        moment = datetime.fromtimestamp(record.created, UTC)
        entry: dict[str, Any] = {
            "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in extras(record).items():
            entry.setdefault(key, value)
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["error"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json_text.dumps(entry, ensure_ascii=False, default=str)


class TextLines(logging.Formatter):
    """``time level logger: message key=value …`` (the extras, ``table`` among them)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        line = super().formatMessage(record)
        fields = " ".join(f"{key}={value}" for key, value in extras(record).items())
        return f"{line} {fields}" if fields else line


class TableLog(logging.LoggerAdapter[logging.Logger]):
    """A table's log: every line carries the table's id as ``table``, beside any other
    ``extra=`` of the call."""

    def process(
        self, msg: Any, kwargs: MutableMapping[str, Any]
    ) -> tuple[Any, MutableMapping[str, Any]]:
        kwargs["extra"] = {**(self.extra or {}), **(kwargs.get("extra") or {})}
        return msg, kwargs


def table_logger(table_id: str, logger: logging.Logger | None = None) -> TableLog:
    """The log of table ``table_id`` (on the server's logger unless ``logger``)."""
    return TableLog(logger or logging.getLogger(LOGGER), {"table": table_id})


class _ServerHandler(logging.StreamHandler[TextIO]):
    """The handler ``configure_logging`` puts on the root logger (and replaces when called
    again); handlers others put there are left alone."""


def configure_logging(
    json: bool, level: int = logging.INFO, stream: TextIO | None = None
) -> logging.Handler:
    """Log the server's events at ``level`` (other libraries' at warning and above) to
    ``stream`` (standard error), as JSON lines with ``json``, else as text lines. Called
    again, it replaces what it set before. Returns the handler it put on the root logger."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _ServerHandler)]:
        root.removeHandler(handler)
        handler.close()
    handler = _ServerHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonLines() if json else TextLines())
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("koloda").setLevel(level)
    return handler
