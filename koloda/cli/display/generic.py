"""Any game in the terminal, from its view and ``GameInfo`` alone: the display of a game
whose plug-in names none (``GamePlugin.display``).

It reads what most games' views have, by the names the view's JSON (docs/records.md) or its
attributes give them: the deal and its dealer, the scores (``totals``, ``points``), the
trick (``trick``: each card with its seat, or the cards alone in the order played), the
tricks taken (``tricks_won``), the others' hand sizes (``hand_sizes``), the seat's hand and
whose turn it is. What a view lacks is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from koloda.cli.display import kit
from koloda.core.cards import parse_card
from koloda.core.engine import AnyRules
from koloda.core.errors import KolodaError
from koloda.i18n import Speaker

SCORES = (("totals", "terminal.scores"), ("points", "terminal.points"))
"""The view's counts said on the score line, in order, each with the catalogue key that says
it: the game's totals, and the points of the deal in play."""


def describe(rules: AnyRules, view: Any, words: Speaker) -> Group:
    """The table as the seat of ``view`` sees it."""
    data = view_data(view)
    lines = [_header(view, data, words), *_scores(rules, data, words)]
    if rules.info.has_tricks:
        lines += _trick(rules, view, data, words)
    sizes = _numbers(data.get("hand_sizes"), rules.info.num_seats)
    if sizes is not None:
        shown = kit.by_seat(map(_number, sizes), words, skip=view.seat)
        lines.append(Text(words.say("terminal.hand_sizes", sizes=shown)))
    hand = tuple(getattr(view, "hand", ()))
    lines.append(kit.hand_line(words, kit.suited_hand(rules, view, hand, words)))
    return Group(*lines, *kit.turn_lines(rules, view, words))


def view_data(view: Any) -> dict[str, Any]:
    """The view's JSON, with the attributes the display reads where the JSON lacks them."""
    data: dict[str, Any] = dict(view.to_json())
    for name in ("deal", "dealer", "tricks_won", "hand_sizes", "totals", "points"):
        if name not in data and hasattr(view, name):
            data[name] = getattr(view, name)
    return data


def _header(view: Any, data: dict[str, Any], words: Speaker) -> Text:
    deal = int(data.get("deal", view.deal))
    dealer = data.get("dealer")
    known = isinstance(dealer, int) and 0 <= dealer < len(words.names)
    return kit.header_line(words, deal, dealer if known else None)


def _scores(rules: AnyRules, data: dict[str, Any], words: Speaker) -> list[Text]:
    """One line of the counts the view has (``SCORES``), each by seat or by side."""
    info = rules.info
    parts: list[str] = []
    for name, key in SCORES:
        seats = _numbers(data.get(name), info.num_seats)
        by_side = _numbers(data.get(name), len(info.sides)) if info.is_partnership else None
        if seats is not None:
            said = kit.by_seat(map(_number, seats), words, sep=" ")
        elif by_side is not None:
            said = "  ".join(f"{words.side_name(s)} {_number(v)}" for s, v in enumerate(by_side))
        else:
            continue
        parts.append(words.say(key, scores=said))
    return [Text("   ".join(parts))] if parts else []


def _trick(rules: AnyRules, view: Any, data: dict[str, Any], words: Speaker) -> list[Text]:
    lines = [kit.trick_line(trick_plays(rules, view), words)]
    won = _numbers(data.get("tricks_won"), rules.info.num_seats)
    if won is not None:
        lines.append(kit.tricks_taken_line(map(_number, won), words))
    return lines


def trick_plays(rules: AnyRules, view: Any) -> list[kit.Play]:
    """The trick on the table as (seat, card) pairs: from the view's JSON ``trick`` of
    ``{"seat", "card"}`` objects, else its attribute ``trick`` of pairs, or of cards alone in
    the order played, whose seats go round the table to the one whose turn it is."""
    said = view.to_json().get("trick")
    trick: Sequence[Any] = said if _with_seats(said) else getattr(view, "trick", None) or ()
    plays: list[kit.Play] = []
    for index, played in enumerate(trick):
        if isinstance(played, dict):
            plays.append((int(played["seat"]), _card(played["card"])))
        elif isinstance(played, Sequence) and not isinstance(played, str):
            plays.append((int(played[0]), _card(played[1])))
        elif view.to_act is not None:
            seat = (view.to_act - len(trick) + index) % rules.info.num_seats
            plays.append((seat, _card(played)))
    return plays


def _with_seats(trick: Any) -> bool:
    """The trick is a list of ``{"seat", "card"}`` objects (a view's JSON)."""
    return isinstance(trick, list) and all(
        isinstance(play, dict) and "seat" in play and "card" in play for play in trick
    )


def _card(card: int | str) -> int:
    """A card as a code, from a code or its text (``QH``)."""
    if isinstance(card, int):
        return card
    try:
        return parse_card(card)
    except KolodaError:
        return -1


def _numbers(values: Any, count: int) -> list[float] | None:
    """``values`` when it is a list of ``count`` numbers, else None."""
    if not isinstance(values, Sequence) or isinstance(values, str) or len(values) != count:
        return None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return None
    return [float(v) for v in values]


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)
