"""Provably fair dealing: a table commits to its secret seed before the first deal (its
SHA-256 is shown to everyone), every deal is derived from that seed, and the seed is revealed
with the finished game's record, so anyone can check that the cards were not chosen.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from koloda.core.cards import format_card, parse_card
from koloda.core.errors import KolodaError
from koloda.records.record import Record, RecordError

FAIRNESS_KEY = "fairness"
"""A record's fairness proof: ``{"commitment": sha256 hex, "seed": the revealed seed}``."""

_RESULT_KEYS = {"actions", "scores", "out"}


def commitment(seed: str) -> str:
    """What a table shows before its first deal: the SHA-256 of its seed."""
    return hashlib.sha256(f"koloda-seed:{seed}".encode()).hexdigest()


def proof(seed: str) -> dict[str, str]:
    """The fairness proof a finished record carries."""
    return {"commitment": commitment(seed), "seed": seed}


def verify(record: Record, seed: str | None = None) -> list[str]:
    """What is wrong with the claim that the record's deals come from its seed (``seed``, or
    the one its fairness proof reveals); an empty list when every deal does."""
    claimed = record.document.get(FAIRNESS_KEY)
    if claimed is not None and not isinstance(claimed, dict):
        raise RecordError("'fairness' must be an object with 'commitment' and 'seed'")
    claimed = claimed or {}
    if seed is None:
        seed = claimed.get("seed")
    if not isinstance(seed, str) or not seed:
        raise RecordError("the record reveals no seed (a finished table's record has one)")
    problems = []
    committed = claimed.get("commitment")
    if committed is not None and not hmac.compare_digest(str(committed), commitment(seed)):
        problems.append("the seed is not the one the table committed to")
    rules = record.rules
    state = rules.new_state(seed=seed, first_dealer=record.first_dealer)
    for index, deal in enumerate(record.deals):
        logs = state.deal_logs()
        if index >= len(logs):
            problems.append(f"deal {index + 1}: the game was over before it")
            break
        try:
            for text in deal.get("actions", []):
                state.apply(rules.parse_action(text))
        except KolodaError as error:
            problems.append(f"deal {index + 1}: its actions do not fit the seed's cards: {error}")
            break
        dealt = rules.setup_to_json(state.deal_logs()[index].setup)
        written = {k: v for k, v in deal.items() if k not in _RESULT_KEYS}
        if _canonical(dealt) != _canonical(written):
            problems.append(f"deal {index + 1}: the cards are not those the seed deals")
    return problems


def _canonical(setup: dict[str, Any]) -> dict[str, Any]:
    """A deal's setup with its card codes in canonical notation (``T♥`` is ``10H``)."""

    def cards(value: Any) -> Any:
        if isinstance(value, list):
            return [cards(v) for v in value]
        if isinstance(value, str):
            try:
                return format_card(parse_card(value))
            except KolodaError:
                return value
        return value

    return {key: cards(value) for key, value in setup.items()}
