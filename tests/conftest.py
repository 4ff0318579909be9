"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from koloda.core.cards import Card, parse_card

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def cards(text: str) -> list[Card]:
    """``"AS KS 7H"`` -> card codes, in the order written."""
    return [parse_card(t) for t in text.split()]


@pytest.fixture
def shared_dir() -> Path:
    assert SHARED.is_dir(), f"the shared rules folder is missing beside the repository: {SHARED}"
    return SHARED
