"""Spades record notation: action strings, deals and results as docs/records.md writes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.core.cards import format_card, parse_card
from koloda.core.engine import Action
from koloda.core.errors import ActionSyntaxError, KolodaError
from koloda.games.spades.actions import (
    BID_BASE,
    DISCARD_BASE,
    DOUBLE_NIL,
    GIVE_BASE,
    LOOK,
    NIL,
    is_valid_triple,
    pack,
    unpack,
)

if TYPE_CHECKING:
    from koloda.games.spades.state import SpadesState

_HINT = "a card like QS, look, bid:<1..13|nil|double_nil>, discard:<c>,<c>,<c>, give:<c>,<c>,<c>"


def _parse_triple(kind: str, text: str) -> int:
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    if len(parts) != 3:
        raise ActionSyntaxError(f"{kind}: needs exactly three cards, not {text!r}")
    try:
        cards = [parse_card(p) for p in parts]
    except KolodaError as error:
        raise ActionSyntaxError(f"{kind}: {error}") from None
    if len(set(cards)) != 3:
        raise ActionSyntaxError(f"{kind}: the three cards must differ, not {text!r}")
    return pack(cards)


def parse_action(text: str) -> Action:
    """``QS`` (a card), ``look``, ``bid:4``, ``bid:nil``, ``bid:double_nil``,
    ``discard:2H,3H,4H``, ``give:AS,KS,QS``."""
    key = text.strip()
    if key.lower() == "look":
        return LOOK
    head, sep, tail = key.partition(":")
    if sep:
        head, tail = head.strip().lower(), tail.strip()
        if head == "bid":
            value = tail.lower()
            if value == "nil":
                return BID_BASE + NIL
            if value in ("double_nil", "blind_nil"):
                return BID_BASE + DOUBLE_NIL
            if value.isdigit() and 1 <= int(value) <= 13:
                return BID_BASE + int(value)
            raise ActionSyntaxError(f"not a bid: {tail!r} (1..13, nil or double_nil)")
        if head == "discard":
            return DISCARD_BASE + _parse_triple("discard", tail)
        if head == "give":
            return GIVE_BASE + _parse_triple("give", tail)
        raise ActionSyntaxError(f"not a Spades action: {text!r} ({_HINT})")
    try:
        return parse_card(key)
    except KolodaError:
        raise ActionSyntaxError(f"not a Spades action: {text!r} ({_HINT})") from None


def format_action(action: Action) -> str:
    if 0 <= action < 64:
        return format_card(action)
    if action == LOOK:
        return "look"
    if action == BID_BASE + NIL:
        return "bid:nil"
    if action == BID_BASE + DOUBLE_NIL:
        return "bid:double_nil"
    if BID_BASE < action < BID_BASE + DOUBLE_NIL:
        return f"bid:{action - BID_BASE}"
    for base, name in ((DISCARD_BASE, "discard"), (GIVE_BASE, "give")):
        if base <= action < base + (1 << 18):
            packed = action - base
            if packed == 0:
                return f"{name}:?"  # cards this seat does not know (views only)
            if is_valid_triple(packed):
                return f"{name}:" + ",".join(format_card(c) for c in unpack(packed))
    return f"<action {action}>"


def results_json(state: SpadesState) -> dict[str, Any]:
    """docs/records.md: ``totals`` per side, ``finished``, ``winner`` (sides), ``to_act``."""
    out: dict[str, Any] = {"totals": list(state.totals), "finished": state.is_over}
    if state.is_over:
        out["winner"] = list(state.winners)
    else:
        out["to_act"] = state.to_act
    return out
