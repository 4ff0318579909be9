"""Seat views and events as JSON: every seat only what its own view and redacted events show.

A spectator gets what every seat knows alike: the common part of all seats' views and of all
seats' redacted events. Whatever differs between two seats is private to some of them and is
left out, so the public view cannot leak a card whatever fields a game's view has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from koloda.core.cards import format_card
from koloda.core.engine import AnyRules, AnyState, DealLog
from koloda.core.events import CardPlayed, DealStarted, Event, TrickTaken
from koloda.core.presentation import phrase_to_json
from koloda.core.registry import plugin_of

_MISSING = object()


def seat_view_json(rules: AnyRules, state: AnyState, seat: int) -> dict[str, Any]:
    """The view of ``seat`` with the fields the table API promises (docs/protocol.md)."""
    view = state.view(seat)
    data: dict[str, Any] = dict(view.to_json())
    to_act = state.to_act
    data["game"] = rules.name
    data["seat"] = seat
    data["to_act"] = to_act
    data["num_seats"] = rules.num_seats
    data["legal_actions"] = (
        [rules.format_action(a) for a in view.legal_actions] if to_act == seat else []
    )
    data.setdefault("hand", [])
    data["finished"] = state.is_over
    if "totals" not in data:
        data["totals"] = list(state.outcome())
    return data


def replay_into_deal(
    rules: AnyRules, logs: Sequence[DealLog], first_dealer: int, deal: int, moves: int
) -> tuple[AnyState, list[Event]]:
    """A fresh state with the deals before ``deal`` replayed from their logs, then ``deal``
    started and its first ``moves`` actions played; and that deal's events so far."""
    replayed = rules.empty_state(first_dealer)
    for log in logs[:deal]:
        replayed.start_deal(log.setup)
        for action in log.actions:
            replayed.apply(action)
    events = list(replayed.start_deal(logs[deal].setup))
    for action in logs[deal].actions[:moves]:
        events.extend(replayed.apply(action))
    return replayed, events


def hands_left(
    rules: AnyRules, logs: Sequence[DealLog], deal: int, first_dealer: int
) -> list[list[str]]:
    """Each seat's cards left when deal ``deal`` (complete) ended: the deal is replayed from
    its record up to its last move, which empties the hand of the seat that made it."""
    replayed, _ = replay_into_deal(rules, logs, first_dealer, deal, len(logs[deal].actions) - 1)
    out = replayed.to_act
    return [
        [] if seat == out else list(seat_view_json(rules, replayed, seat)["hand"])
        for seat in range(rules.num_seats)
    ]


def game_facts(rules: AnyRules) -> dict[str, Any]:
    """What the table page draws from the game's declared facts (``rules.info``): who plays
    with whom, whether points are penalties, whether play goes in tricks, the deck's size
    and a fixed program of deals (classic King); and where the game's own board module is
    (``/games/<game>/board.js``), or None when its plug-in ships none (the generic board)."""
    info = rules.info
    board = f"/games/{info.name}/board.js" if plugin_of(rules).web is not None else None
    return {
        "board": board,
        "sides": [list(side) for side in info.sides],
        "partnership": info.is_partnership,
        "penalties": info.utility.sense < 0,
        "tricks": info.has_tricks,
        "deck": len(info.deck),
        "program": list(info.program),
    }


def public_view_json(rules: AnyRules, state: AnyState) -> dict[str, Any]:
    """What a spectator may see: the part common to every seat's view."""
    views = [seat_view_json(rules, state, s) for s in range(rules.num_seats)]
    merged = common_part(views)
    assert isinstance(merged, dict)
    merged["seat"] = None
    merged["hand"] = []
    merged["legal_actions"] = []
    merged["to_act"] = state.to_act
    merged["finished"] = state.is_over
    return merged


def common_part(values: Sequence[Any]) -> Any:
    """The part of JSON values that all of them share; what differs becomes null or is dropped.

    Objects keep the keys all have, merged recursively; lists of one length merge item by item;
    anything else is kept only when equal everywhere.
    """
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        keys = [k for k in first if all(k in v for v in values[1:])]
        out = {}
        for key in keys:
            part = common_part([v[key] for v in values])
            if part is not _MISSING:
                out[key] = part
        return out
    if all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1:
        return [common_part([v[i] for v in values]) for i in range(len(first))]
    return None


def event_json(event: Event) -> dict[str, Any]:
    """An event's JSON with its sentence as data: ``key`` (of the catalogues, worded by the
    page) and ``params`` (seats, cards, suits, numbers)."""
    data = event.to_json()
    data.update(phrase_to_json(event.phrase()))
    return data


def events_json(
    events: Sequence[Event],
    seat: int | None,
    num_seats: int,
    shared: dict[int, dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Events as ``seat`` may see them; for a spectator (None) the part all seats see. An
    event that a seat sees whole is made once into ``shared`` (by the event's identity, for
    one broadcast) and reused for the other seats that see it whole."""
    out = []
    for e in events:
        if seat is not None:
            seen = e.for_seat(seat)
            if seen is not e or shared is None:  # redacted for this seat: its own
                out.append(event_json(seen))
                continue
            data = shared.get(id(e))
            if data is None:
                data = shared[id(e)] = event_json(e)
            out.append(data)
        else:
            part = common_part([event_json(e.for_seat(s)) for s in range(num_seats)])
            if isinstance(part, dict):
                out.append(part)
    return out


class TrickTracker:
    """The last complete trick with who played what, from public events; cleared by a deal."""

    def __init__(self) -> None:
        self.current: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, CardPlayed):
                self.current.append({"seat": e.seat, "card": format_card(e.card)})
                del self.current[:-8]
            elif isinstance(e, TrickTaken):
                self.last = {"winner": e.seat, "plays": self.current}
                self.current = []
            elif isinstance(e, DealStarted):
                self.current = []
                self.last = None
