"""Tressette's record notation: cards as actions, deals and results as in docs/records.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.core.cards import format_card, parse_card
from koloda.core.engine import Action
from koloda.core.errors import ActionSyntaxError, KolodaError

if TYPE_CHECKING:
    from koloda.games.tressette.state import TressetteState


def parse_action(text: str) -> Action:
    """A card code: ``QH``, ``q♥``, ``3s``."""
    try:
        return parse_card(text)
    except KolodaError:
        raise ActionSyntaxError(
            f"not a Tressette action: {text!r} (a card like 3S, AH, QD, 7C)"
        ) from None


def format_action(action: Action) -> str:
    if 0 <= action < 64:
        return format_card(action)
    return f"<action {action}>"


def results_json(state: TressetteState) -> dict[str, Any]:
    """docs/records.md "Results" for Tressette, over the complete deals.

    ``totals``: per side, the values of the games it won; ``games``: each won game;
    ``carry``: each side's points toward the game not yet won; ``finished``; ``winner``
    (sides, both on a tie) or ``to_act``.
    """
    games = state.games[: state.settled_games]
    totals = [0, 0]
    for game in games:
        totals[game.winner] += game.value
    out: dict[str, Any] = {
        "totals": totals,
        "games": [g.to_json() for g in games],
        "carry": list(state.settled_points),
        "finished": state.is_over,
    }
    if state.is_over:
        best = max(totals)
        out["winner"] = [side for side, total in enumerate(totals) if total == best]
    else:
        out["to_act"] = state.to_act
    return out
