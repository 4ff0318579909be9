"""Provably fair dealing: a table commits to its secret seed before the first deal (its
SHA-256 is shown to everyone), the players may add their own randomness before that deal,
every deal is derived from the seed and the players' randomness, and the seed is revealed
with the finished game's record, so anyone can check that the cards were not chosen: not by
the server (it committed to its seed before it saw the players' randomness) and not by a
player (the seed was secret while he chose his).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from typing import Any

from koloda.core.cards import format_card, parse_card
from koloda.core.errors import KolodaError
from koloda.records.record import Record, RecordError

FAIRNESS_KEY = "fairness"
"""A record's fairness proof: ``{"commitment": sha256 hex, "seed": the revealed seed}``, and
``"entropy"``: each seat's randomness (null for a seat that gave none) when any was given."""

ENTROPY = re.compile(r"[0-9A-Za-z_-]{1,128}")
"""A player's randomness: 1 to 128 letters, digits, ``-`` or ``_`` (the card room sends 32
random bytes in hex)."""

_RESULT_KEYS = {"actions", "scores", "out"}


def commitment(seed: str) -> str:
    """What a table shows before its first deal: the SHA-256 of its seed."""
    return hashlib.sha256(f"koloda-seed:{seed}".encode()).hexdigest()


def deal_seed(seed: str, entropy: Sequence[str | None] = ()) -> str:
    """The seed the deals come from: the table's own when no player gave randomness, else the
    SHA-256 of the table's seed and every seat's randomness, in seat order."""
    given = [(seat, value) for seat, value in enumerate(entropy) if value is not None]
    if not given:
        return seed
    text = f"koloda-deal:{seed}" + "".join(f"\n{seat}:{value}" for seat, value in given)
    return hashlib.sha256(text.encode()).hexdigest()


def proof(seed: str, entropy: Sequence[str | None] = ()) -> dict[str, Any]:
    """The fairness proof a finished record carries."""
    shown: dict[str, Any] = {"commitment": commitment(seed), "seed": seed}
    if any(value is not None for value in entropy):
        shown["entropy"] = list(entropy)
    return shown


def _entropy_of(claimed: dict[str, Any], num_seats: int) -> list[str | None]:
    entropy = claimed.get("entropy", [])
    if not isinstance(entropy, list) or len(entropy) not in (0, num_seats):
        raise RecordError(
            f"'fairness.entropy' must list a value or null for each of {num_seats} seats"
        )
    for value in entropy:
        if value is not None and not (isinstance(value, str) and ENTROPY.fullmatch(value)):
            raise RecordError(
                "'fairness.entropy' values are 1 to 128 letters, digits, '-' or '_', or null"
            )
    return list(entropy)


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
    entropy = _entropy_of(claimed, rules.num_seats)
    state = rules.new_state(seed=deal_seed(seed, entropy), first_dealer=record.first_dealer)
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
