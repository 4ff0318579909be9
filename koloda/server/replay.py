"""A finished game's replay: every position of the game, made by playing its record again
through the game's own engine.

Why the server makes the positions rather than sending the record and a stepping function
per game to the browser: the record holds only the deals and the actions, and what a position
shows (the trick on the table, the bids, the contract, the trump, the tricks taken, the
totals, the score sheet) is the engine's to decide. The games' views already say all of it
(``views``), and the score sheet is the game's own (``rules.score_sheet``); a stepping
function per game in JavaScript would be a second copy of every game's rules, which would
drift from the engine's. So the engine stays the one source of truth: the record is replayed
once (``koloda.records.positions``, which the terminal's stepper walks too), each position
is what the views say at that moment (the part every seat sees alike, plus each seat's hand
face up), and the browser only steps through them.

Every hand is face up, so a replay is made only of a finished game (or of a record the player
opens himself): the route refuses a table still in play.
"""

from __future__ import annotations

from typing import Any

from koloda.core.cards import format_card
from koloda.core.engine import AnyRules, AnyState
from koloda.core.presentation import sheet_to_json
from koloda.records import RecordError, parse_record
from koloda.records.positions import RecordWalk
from koloda.records.record import Record
from koloda.records.record import replay as replay_record
from koloda.server.views import event_json, game_facts, public_view_json, seat_view_json

RECORD_LIMIT = 60 * 1024
"""The largest record file a player may open (bytes); a whole game's record is a few kB, and the
server takes no request body over 64 kB (``guard.MAX_BODY``)."""


def replay_json(document: Any, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A record's replay (``replay_http.Replay``): the game, its facts, who sat where
    (``seats``: each ``{kind, name}``, else the record's players), the score sheets as each
    deal ended, and every position from the first decision to the game's end. A record that
    cannot be read or replayed is a ``RecordError`` (one line)."""
    record = parse_record(document)
    replay_record(record)  # every deal and action checked first, with the record's wording
    rules = record.rules
    if seats is None:
        names: list[str | None] = [None] * rules.num_seats
        if record.players:
            names = list(record.players)
        seats = [{"kind": "human", "name": name} for name in names]
    positions, sheets, state = _positions(rules, record)
    return {
        "game": rules.name,
        "options": rules.options_json(),
        "num_seats": rules.num_seats,
        "seats": seats,
        "facts": game_facts(rules),
        "finished": state.is_over,
        "results": {k: v for k, v in rules.results_json(state).items() if k != "to_act"},
        "sheets": sheets,
        "positions": positions,
    }


class _Walk(RecordWalk):
    """The replay in progress (``RecordWalk``), with the positions as JSON so far."""

    def __init__(self, rules: AnyRules, record: Record) -> None:
        super().__init__(rules, record)
        self.positions: list[dict[str, Any]] = []

    def hands(self, view: dict[str, Any]) -> tuple[list[list[str]], list[int]]:
        """Every seat's hand face up, and the seats that have not looked at theirs yet (a
        blind bid): their view holds no cards, so they are shown the cards they were dealt."""
        rules, state = self.rules, self.state
        hands = [list(seat_view_json(rules, state, s)["hand"]) for s in range(rules.num_seats)]
        sizes = view.get("hand_sizes") or [len(hand) for hand in hands]
        unseen = [s for s, hand in enumerate(hands) if self.blind(s, len(hand), sizes[s])]
        for s in unseen:
            hands[s] = [format_card(card) for card in self.dealt_cards[s]]
        return hands, unseen

    def position(self, deal: int, move: int, action: int | None) -> None:
        """The position now, before ``action`` (None: the game's end)."""
        rules, state = self.rules, self.state
        to_act = state.to_act
        view = public_view_json(rules, state)
        for key in ("seat", "hand", "legal_actions"):  # a seat's own: the position has them
            view.pop(key, None)
        hands, unseen = self.hands(view)
        legal = (
            [rules.format_action(a) for a in state.legal_actions()] if action is not None else []
        )
        self.positions.append(
            {
                "index": len(self.positions),
                "deal": deal,
                "move": move,
                "to_act": to_act if action is not None else None,
                "action": rules.format_action(action) if action is not None else None,
                "legal": legal,
                "starts_trick": self.starts_trick(action),
                "hands": hands,
                "unseen": unseen,
                "view": view,
                "events": [event_json(e) for e in self.events],
                "sheet": self.sheet_index(),
                "taken": self.taken,
            }
        )


def _positions(
    rules: AnyRules, record: Record
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], AnyState]:
    """Every position of the record's game (the record is known to replay), the sheets, and
    the state at the end."""
    walk = _Walk(rules, record)
    for step in walk.steps():
        walk.position(step.deal, step.move, step.action)
    if len(walk.positions) > 1:
        walk.positions[-1] = _end_as_dealt(walk.positions[-2], walk.positions[-1])
    return walk.positions, [sheet_to_json(sheet) for sheet in walk.sheets], walk.state


PLACE = frozenset({"trick", "plays", "to_act", "hand_sizes", "top", "drawn"})
"""The view's keys that say where the cards are: at the game's end they stay as the end has
them (no trick on the table; the hands are the position's own)."""


def _blank(value: Any) -> bool:
    """A value the game's end leaves as a new deal starts: nothing, or a list of nothings."""
    if isinstance(value, list):
        return all(_blank(item) or item == 0 for item in value)
    return value is None or value is False


def _end_as_dealt(before: dict[str, Any], end: dict[str, Any]) -> dict[str, Any]:
    """The game's end as its last deal ended: the engine's view at the end has the final
    score but has put the deal away (no bids, no contract, no tricks taken, empty hands), so
    what it left blank is the last decision's (``before``), with that decision made: its card
    out of the hand it was played from, and the trick it completed counted to its winner."""
    view = dict(end["view"])
    for key, value in before["view"].items():
        if key not in PLACE and _blank(view.get(key)) and not _blank(value):
            view[key] = value
    hands = [list(hand) for hand in before["hands"]]
    seat, action = before["to_act"], before["action"]
    if seat is not None and action in hands[seat]:
        hands[seat].remove(action)
    if "hand_sizes" in view:
        view["hand_sizes"] = [len(hand) for hand in hands]
    taken, counts = end["taken"], view.get("tricks_won")
    completed = taken is not None and len(before["view"].get("trick") or []) + 1 == len(
        taken["plays"]
    )
    if completed and isinstance(counts, list) and counts == before["view"].get("tricks_won"):
        view["tricks_won"] = [n + (s == taken["winner"]) for s, n in enumerate(counts)]
    return {**end, "view": view, "hands": hands, "unseen": []}


def check_size(body: bytes) -> None:
    """A record file over ``RECORD_LIMIT`` is refused in one line."""
    if len(body) > RECORD_LIMIT:
        raise RecordError(f"the record is larger than {RECORD_LIMIT // 1024} kB")
