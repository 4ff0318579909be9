"""101's record notation: action strings, deals and results as docs/records.md writes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.core.cards import format_card, format_suit, parse_card, parse_suit
from koloda.core.deals import (
    cards_from_json,
    cards_to_json,
    dealer_and_hands_from_json,
)
from koloda.core.deals import setup_to_json as plain_setup_to_json
from koloda.core.engine import Action, DealSetup
from koloda.core.errors import ActionSyntaxError, DealError, KolodaError
from koloda.games.hundred_one.actions import DRAW, PASS, SUIT_BASE
from koloda.games.hundred_one.scoring import losers, winners
from koloda.games.hundred_one.state import HundredOneSetup

if TYPE_CHECKING:
    from koloda.games.hundred_one.state import HundredOneState


def parse_action(text: str) -> Action:
    """``QH``/``q♥``/``10h`` (a card), ``suit:S``, ``draw``, ``pass``."""
    key = text.strip()
    lowered = key.lower()
    if lowered == "draw":
        return DRAW
    if lowered == "pass":
        return PASS
    head, sep, tail = key.partition(":")
    if sep:
        if head.strip().lower() != "suit":
            raise ActionSyntaxError(f"not a 101 action: {text!r}")
        try:
            return SUIT_BASE + parse_suit(tail)
        except KolodaError as error:
            raise ActionSyntaxError(f"suit: {error}") from None
    try:
        return parse_card(key)
    except KolodaError:
        raise ActionSyntaxError(
            f"not a 101 action: {text!r} (a card like QH, suit:<S/H/D/C>, draw or pass)"
        ) from None


def format_action(action: Action) -> str:
    if 0 <= action < SUIT_BASE:
        return format_card(action)
    if SUIT_BASE <= action < SUIT_BASE + 4:
        return "suit:" + format_suit(action - SUIT_BASE)
    if action == DRAW:
        return "draw"
    if action == PASS:
        return "pass"
    return f"<action {action}>"


def setup_from_json(deal: dict[str, Any]) -> HundredOneSetup:
    dealer, parsed = dealer_and_hands_from_json(deal)
    starter = deal.get("starter")
    if not isinstance(starter, str):
        raise DealError("a 101 deal needs 'starter': the card turned up")
    restocks = deal.get("restocks", [])
    if not isinstance(restocks, list):
        raise DealError("'restocks' must be a list of card lists")
    return HundredOneSetup(
        dealer,
        parsed,
        parse_card(starter),
        cards_from_json(deal.get("stock"), "stock"),
        tuple(cards_from_json(r, "restocks") for r in restocks),
    )


def setup_to_json(setup: DealSetup) -> dict[str, Any]:
    out = plain_setup_to_json(setup)
    if isinstance(setup, HundredOneSetup):
        out["starter"] = format_card(setup.starter)
        out["stock"] = cards_to_json(setup.stock)
        out["restocks"] = [cards_to_json(r) for r in setup.restocks]
    return out


def deal_results_json(state: HundredOneState, deal: int) -> dict[str, Any]:
    line = state.sheet[deal]
    return {"scores": list(line.scores), "out": line.out}


def results_json(state: HundredOneState) -> dict[str, Any]:
    """docs/records.md: ``totals``, ``finished``, ``winner``, ``loser``, or ``to_act``."""
    out: dict[str, Any] = {"totals": list(state.totals), "finished": state.is_over}
    if state.is_over:
        out["winner"] = winners(state.totals)
        out["loser"] = losers(state.totals)
    else:
        out["to_act"] = state.to_act
    return out
