"""King's record notation: action strings, deals and results as docs/records.md writes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.core.cards import format_card, format_suit, parse_card, parse_suit
from koloda.core.engine import Action
from koloda.core.errors import ActionSyntaxError, KolodaError
from koloda.games.king.actions import (
    CONTRACT_KEYS,
    ORDER_BASE,
    TRUMP_BASE,
    TRUMP_LAST,
)

if TYPE_CHECKING:
    from koloda.games.king.rules import KingRules
    from koloda.games.king.state import KingState


def parse_action(text: str) -> Action:
    """``QH``/``q♥``/``10h`` (a card), ``order:no_king``, ``trump:S``, ``trump:last``."""
    key = text.strip()
    head, sep, tail = key.partition(":")
    if sep:
        head, tail = head.strip().lower(), tail.strip()
        if head == "order":
            if tail.lower() not in CONTRACT_KEYS:
                raise ActionSyntaxError(
                    f"unknown contract {tail!r}; contracts: {', '.join(CONTRACT_KEYS)}"
                )
            return ORDER_BASE + CONTRACT_KEYS.index(tail.lower())
        if head == "trump":
            if tail.lower() == "last":
                return TRUMP_LAST
            try:
                return TRUMP_BASE + parse_suit(tail)
            except KolodaError as error:
                raise ActionSyntaxError(f"trump: {error}; or trump:last") from None
        raise ActionSyntaxError(f"not a King action: {text!r}")
    try:
        return parse_card(key)
    except KolodaError:
        raise ActionSyntaxError(
            f"not a King action: {text!r} (a card like QH, or order:<game>, trump:<suit>)"
        ) from None


def format_action(action: Action) -> str:
    if 0 <= action < ORDER_BASE:
        return format_card(action)
    if ORDER_BASE <= action < ORDER_BASE + len(CONTRACT_KEYS):
        return "order:" + CONTRACT_KEYS[action - ORDER_BASE]
    if action == TRUMP_LAST:
        return "trump:last"
    if TRUMP_BASE <= action < TRUMP_BASE + 4:
        return "trump:" + format_suit(action - TRUMP_BASE)
    return f"<action {action}>"


def results_json(rules: KingRules, state: KingState) -> dict[str, Any]:
    """docs/records.md: ``totals``, ``finished``, ``winner``, ``settlement``, ``to_act``."""
    out: dict[str, Any] = {"totals": list(state.totals), "finished": state.is_over}
    if state.is_over:
        best = max(state.totals)
        out["winner"] = [s for s, t in enumerate(state.totals) if t == best]
        out["settlement"] = list(state.outcome())
    else:
        out["to_act"] = state.to_act
    return out
