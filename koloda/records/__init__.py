"""The game-record format of docs/records.md: read, write, replay."""

from koloda.records.record import (
    RECORD_FORMAT,
    RecordError,
    load_record,
    parse_record,
    record_from_state,
    replay,
    results_document,
    save_record,
)

__all__ = [
    "RECORD_FORMAT",
    "RecordError",
    "load_record",
    "parse_record",
    "record_from_state",
    "replay",
    "results_document",
    "save_record",
]
