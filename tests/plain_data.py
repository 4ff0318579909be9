"""Plain data as the native engine gives it, for the tests that compare the engines."""

from __future__ import annotations

from typing import Any


def as_tuples(value: Any) -> Any:
    """``value`` with every list in it a tuple, as the native engine gives its positions
    (a Python-engine position holds the state's own lists)."""
    if isinstance(value, list | tuple):
        return tuple(as_tuples(item) for item in value)
    if isinstance(value, dict):
        return {key: as_tuples(item) for key, item in value.items()}
    return value
