"""An interactive game in the terminal: one human seat, bots in the others."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from koloda.bots.base import AnyBot
from koloda.cli.display import describe_view
from koloda.cli.wording import second_person
from koloda.core.cards import SUIT_SYMBOLS, pretty_card
from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules, AnyState
from koloda.core.errors import IllegalActionError, KolodaError
from koloda.core.events import (
    CardPlayed,
    ContractChosen,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickTaken,
    TrumpNamed,
)
from koloda.records import record_from_state

HELP = (
    "Type a card code to play it (QH, q♥, 10h, T♥), or any other action exactly as listed "
    "under 'legal' (e.g. trump:S, bid:4, draw). Commands: sheet, help, quit (saves the game)."
)


def event_line(event: Event, names: list[str]) -> str | None:
    """One line of commentary for an event, or None for events shown otherwise."""
    if isinstance(event, DealStarted):
        return f"— deal {event.deal + 1}, dealt by {names[event.dealer]} —"
    if isinstance(event, CardPlayed):
        return f"{names[event.seat]} plays {pretty_card(event.card)}"
    if isinstance(event, TrickTaken):
        return f"{names[event.seat]} takes the trick"
    if isinstance(event, ContractChosen) and type(event) is ContractChosen:
        return f"{names[event.seat]} orders {event.contract}"
    if isinstance(event, TrumpNamed):
        how = " (by the last card)" if event.by_last else ""
        return f"{names[event.seat]} names trump {SUIT_SYMBOLS[event.suit]}{how}"
    if isinstance(event, DealScored):
        early = " (decided early)" if event.ended_early else ""
        return f"deal {event.deal + 1} scored{early}: " + ", ".join(
            f"{names[s]} {p:+d}" for s, p in enumerate(event.scores)
        )
    if isinstance(event, GameOver):
        return "game over — winner: " + ", ".join(names[s] for s in event.winners)
    return event.sentence(names) or generic_line(event.to_json(), names)


def generic_line(data: dict[str, Any], names: list[str]) -> str:
    """A plain sentence for a game's own events: who, what, and the public details."""
    words = str(data.get("type", "event")).replace("_", " ")
    seat = data.get("seat")
    who = f"{names[seat]}: " if isinstance(seat, int) and 0 <= seat < len(names) else ""
    details = []
    for key, value in data.items():
        if key in ("type", "seat") or value in (None, [], ""):
            continue
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        details.append(f"{key.replace('_', ' ')} {value}")
    return f"{who}{words}" + (f" ({', '.join(details)})" if details else "")


class TerminalGame:
    def __init__(
        self,
        rules: AnyRules,
        seat: int,
        bots: list[AnyBot],
        save_path: Path,
        console: Console,
        seed: str | None = None,
        first_dealer: int = 0,
        read_line: Callable[[str], str] | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.bots = bots
        self.save_path = save_path
        self.console = console
        self.seed = seed
        self.first_dealer = first_dealer
        self.read_line = read_line or console.input
        self.names = [
            "You" if s == seat else f"{bots[s].name.capitalize()}-{s}"
            for s in range(rules.num_seats)
        ]
        self.rng = random.Random()
        self.state: AnyState | None = None

    def save(self, state: AnyState) -> None:
        document = record_from_state(self.rules, state, self.names, self.first_dealer)
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        self.save_path.write_text(json.dumps(document, ensure_ascii=False, indent=1))

    def show(self, events: list[Event]) -> None:
        for event in events:
            line = event_line(event.for_seat(self.seat), self.names)
            if line:
                self.console.print(second_person(line), highlight=False)

    def run(self, state: AnyState | None = None) -> None:
        if state is None:
            state = self.rules.new_state(seed=self.seed, first_dealer=self.first_dealer)
        else:
            self.show(state.resume_dealing(Shuffler(self.seed)))
        self.state = state
        self.console.print(f"[bold]Koloda — {self.rules.name}[/]  {HELP}", highlight=False)
        self.console.print(f"record saved to {self.save_path}", highlight=False)
        self.save(state)
        deals_seen = len(state.deal_scores())
        while not state.is_over:
            to_act = state.to_act
            assert to_act is not None
            if to_act == self.seat:
                events = self.human_turn(state)
                if events is None:
                    self.save(state)
                    self.console.print(
                        f"game saved to {self.save_path}; resume with "
                        f"koloda play --resume {self.save_path}"
                    )
                    return
            else:
                action = self.bots[to_act].choose(state.view(to_act), self.rng)
                events = state.apply(action)
            self.show(events)
            self.save(state)
            if len(state.deal_scores()) != deals_seen:
                deals_seen = len(state.deal_scores())
                self.console.print(self.rules.render_sheet(state, self.names))
        self.console.print(f"final record saved to {self.save_path}")

    def human_turn(self, state: AnyState) -> list[Event] | None:
        """Ask until a legal action is given; None when the player quits."""
        self.console.print()
        self.console.print(describe_view(self.rules, state.view(self.seat), self.names))
        while True:
            try:
                text = self.read_line("your move> ").strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                return None
            if text.lower() in ("h", "help", "?"):
                self.console.print(HELP)
                continue
            if text.lower() == "sheet":
                self.console.print(self.rules.render_sheet(state, self.names))
                continue
            try:
                action = self.rules.parse_action(text)
                return state.apply(action)
            except IllegalActionError as error:
                self.console.print(
                    f"[red]not allowed:[/] {error.reason}. Legal: {', '.join(error.legal)}",
                    highlight=False,
                )
            except KolodaError as error:
                self.console.print(f"[red]{error}[/]", highlight=False)
