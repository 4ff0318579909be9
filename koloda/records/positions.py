"""A finished game's positions: its record played again through the game's own engine, one
position before each decision and one at the end.

The card room's replay viewer (``koloda.server.replay``) and the terminal's stepper
(``koloda replay RECORD --step``) both walk a record this way; each shows the positions in its
own manner (JSON for the browser, text for the terminal), so this module holds only what the
engine says: the state, the events since the last position, the trick on the table, the trick
just taken, the cards each seat was dealt and the score sheets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from koloda.core.cards import Card, format_card
from koloda.core.engine import AnyRules, AnyState
from koloda.core.events import CardPlayed, DealStarted, Event, TrickTaken
from koloda.core.presentation import ScoreSheet
from koloda.records.record import Record


@dataclass(frozen=True)
class Step:
    """Where the walk stands: deal ``deal`` (from 0), before its action number ``move``, which
    is ``action`` (None: the game's end)."""

    deal: int
    move: int
    action: int | None


class RecordWalk:
    """A record being played again: the state, the events since the last position, the trick
    being played and the trick just taken. ``steps`` drives it; a position is read from it
    at each step, before the walk moves on."""

    def __init__(self, rules: AnyRules, record: Record) -> None:
        self.rules = rules
        self.record = record
        self.state: AnyState = rules.empty_state(record.first_dealer)
        self.events: list[Event] = []
        self.plays: list[dict[str, Any]] = []
        """The cards of the trick being played, who played each."""
        self.taken: dict[str, Any] | None = None
        """The trick taken since the last position: its winner and its cards."""
        self.dealt_cards: list[list[Card]] = []
        """Each seat's cards as the deal began, in the cards' order."""
        self.sheets: list[ScoreSheet] = []
        """The score sheet after 0, 1, 2, ... deals were scored, as far as the walk went."""

    def take(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, CardPlayed):
                self.plays.append({"seat": event.seat, "card": format_card(event.card)})
            elif isinstance(event, TrickTaken):
                self.taken = {"winner": event.seat, "plays": self.plays}
                self.plays = []
            elif isinstance(event, DealStarted):
                self.plays = []
                self.dealt_cards = [sorted(hand) for hand in event.hands]
        self.events.extend(events)

    def sheet_index(self) -> int:
        """The index in ``sheets`` of the sheet of the deals scored so far (made when a
        deal's score first shows)."""
        scored = len(self.state.deal_scores())
        while len(self.sheets) <= scored:
            self.sheets.append(self.rules.score_sheet(self.state))
        return scored

    def blind(self, seat: int, held: int, size: int | None) -> bool:
        """Whether ``seat`` has not looked at its cards yet (a blind bid): its view holds
        none (``held``) of the ``size`` cards it has, which are the cards it was dealt."""
        dealt = self.dealt_cards[seat] if seat < len(self.dealt_cards) else []
        return not held and bool(size) and len(dealt) == size

    def starts_trick(self, action: int | None) -> bool:
        """Whether ``action`` leads a trick (a card played to an empty table)."""
        info = self.rules.info
        return (
            action is not None
            and info.has_tricks
            and info.is_card_action(action)
            and not self.plays
        )

    def steps(self) -> Iterator[Step]:
        """Every position of the record's game (the record is known to replay): the walk
        stops before each action and at the end; what it holds then is that position's."""
        rules, state = self.rules, self.state
        deal = move = 0
        for deal, entry in enumerate(self.record.deals):
            self.take(list(state.start_deal(rules.setup_from_json(entry))))
            for move, text in enumerate(entry.get("actions", [])):
                action = rules.parse_action(text)
                yield Step(deal, move, action)
                self._moved_on()
                self.take(list(state.apply(action)))
        yield Step(deal, move + 1, None)
        self._moved_on()

    def _moved_on(self) -> None:
        self.events = []
        self.taken = None
