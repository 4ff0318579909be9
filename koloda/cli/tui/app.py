"""``koloda play`` as a full-screen table (Textual): the seats around, your hand below, the
game's decisions as choices, the scoreboard and the table's log beside it.

An adapter like the line mode: it shows the seat's view and the events as that seat may see
them, asks the engine what is legal, lets the bots choose (in a worker thread) and saves the
record after every move with the same record code (``koloda.records``).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.segment import Segments
from rich.table import Table
from rich.text import Text
from rich.traceback import Traceback
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.filter import LineFilter
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static
from textual.worker import Worker, WorkerState

from koloda.bots import AnyBot, make_bot
from koloda.cli.display import (
    HELP_SLOTS,
    display_key,
    display_module,
    display_names,
    display_pairs,
    game_name,
    help_keys,
)
from koloda.cli.display.choices import choice_label, decision_key, pick_kind
from koloda.cli.display.generic import trick_plays
from koloda.cli.display.refusals import refusal
from koloda.cli.display.summary import deal_breakdown
from koloda.cli.display.typing import said_choice, typed_card, typed_command
from koloda.cli.players import Seating, shown_names
from koloda.cli.saving import save_failure
from koloda.cli.sheet import render_sheet
from koloda.cli.tui.ascii import AsciiFilter, wants_ascii
from koloda.cli.tui.layout import SUIT_STYLES, SeatPicture, TablePicture, TableView, card_text
from koloda.cli.tui.screens import ConfirmScreen, InfoScreen, flatten
from koloda.cli.tui.strip import Item, Strip
from koloda.cli.tui.undo import rewind
from koloda.core.cards import SUIT_LETTERS, SUIT_SYMBOLS, format_card, parse_card
from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, AnyRules, AnyState
from koloda.core.errors import IllegalActionError, KolodaError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.files import WriteError
from koloda.i18n import Speaker, upper_first
from koloda.records import record_from_state, save_record

PICK_COUNT = 3

SUMMARY_LINES = 4
"""The last things said in a deal that its summary repeats."""

ROOMY_SIDE = 38
"""The side panel's width (scoreboard and log) on a roomy screen (``.roomy #side``)."""
TABLE_ROOM = 56
"""The columns the table keeps for itself when the score sheet is shown beside it."""
SHEET_ROOM = 50
"""The fewest columns worth showing the score sheet beside the table in."""

ADVISER = "normal"
"""The bot whose choice the cursor starts on in a decision (a bid, a contract, a suit)."""


class TableApp(App[None]):
    """One person against bots at one table."""

    TITLE = "Koloda"
    CSS = """
    Screen { layout: vertical; }
    #top { height: 1; background: $panel; padding: 0 1; }
    #main { height: 1fr; }
    #table { width: 1fr; height: 1fr; padding: 0 1; }
    #side { width: 30; border-left: vkey $panel-lighten-2; padding: 0 1; }
    #scoreboard { height: auto; }
    #log { height: 1fr; scrollbar-size-vertical: 1; overflow-x: hidden; }
    #sheet-panel {
        display: none; width: auto; border-left: vkey $panel-lighten-2;
    }
    #sheet { width: auto; }
    .narrow #side { display: none; }
    .roomy #side { width: 38; }
    .wide #sheet-panel { display: block; }
    #prompt { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
    #choices { padding: 0 0; }
    #hand { padding: 0 0; }
    #keys { height: 1; background: $panel; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "keys", "Keys", show=False),
        Binding("f2,ctrl+s", "sheet", "Sheet", show=False),
        Binding("f3,ctrl+l", "last_trick", "Last trick", show=False),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("home", "end(-1)", show=False),
        Binding("end", "end(1)", show=False),
        Binding("up,down,tab", "switch", show=False),
        Binding("enter", "enter", show=False),
        Binding("space", "space", show=False),
        Binding("backspace", "backspace", show=False),
        Binding("escape", "escape", show=False),
    ]

    def __init__(
        self,
        rules: AnyRules,
        seating: Seating,
        save_path: Path,
        *,
        seed: str | None = None,
        first_dealer: int = 0,
        lang: str = "en",
        state: AnyState | None = None,
        pace: float = 0.6,
        hold: float = 1.2,
        rng: random.Random | None = None,
        ascii: bool | None = None,
    ) -> None:
        super().__init__()
        if ascii is None:
            ascii = wants_ascii(os.environ, getattr(sys.__stdout__, "encoding", None))
        self.ascii_filter: AsciiFilter | None = AsciiFilter() if ascii else None
        """Draws the screen in ASCII where the terminal shows no symbols (``Q♥`` → ``QH``)."""
        self.rules = rules
        self.seating = seating
        self.me = seating.seat
        self.names = seating.names
        self.shown = shown_names(self.names, lang)
        """The names as the table shows them (a bot's level in ``lang``)."""
        self.save_path = save_path
        self.seed = seed
        self.lang = lang
        self.words = Speaker(lang, self.shown, self.me)
        self.pace = pace
        """At least this many seconds for a bot's move, so that a person can follow."""
        self.hold = hold
        """Seconds a complete trick stays on the table."""
        self.rng = rng or random.Random()
        self.resumed = state is not None
        self.opening: list[Event] = []
        """A new game's first deal, dealt before the table opens: who deals it, 101's starter,
        Tressette's declarations (logged when the table opens)."""
        if state is None:
            state = rules.empty_state(first_dealer)
            self.opening = state.resume_dealing(Shuffler(seed))
        self.state: AnyState = state
        self.first_dealer = first_dealer
        self.trick: list[tuple[int, int]] = []
        """The trick on the table as events showed it (held a moment once complete)."""
        self.held: tuple[int, tuple[tuple[int, int], ...]] | None = None
        self.last_trick: tuple[int, tuple[tuple[int, int], ...]] | None = None
        self.last_played: dict[int, int] = {}
        """Each seat's last card this deal (shown in front of it where play is not in
        tricks: 101)."""
        self.thinking: int | None = None
        self.waiting = False
        """The person's decision is awaited."""
        self.typed = ""
        self.message = ""
        self.picked: list[int] = []
        self.deal_lines: list[str] = []
        """What was said since the deal's last trick, for its summary."""
        self.summary: list[str] | None = None
        self.closing = ""
        self.unsaved: WriteError | None = None
        """Why the last save failed (the one before it is kept), or None."""
        self.suggestion: Action | None = None
        """Where the cursor starts in the person's decision: the adviser's choice."""
        self.adviser: AnyBot | None = None
        self.generation = 0
        """Counts the moves taken back: a bot's choice or a held trick from before is
        dropped."""
        self.trick_timer: Timer | None = None
        self.deal_tricks: list[tuple[int, tuple[int, ...]]] = []
        """The tricks of the deal in play: who took each and its cards."""
        self.left: list[int] = []
        """The person's cards after the last move (those counted when a 101 deal ends)."""
        self.summary_deal = 0
        """The number (from 1) of the deal whose summary is due."""
        self.breakdown: list[str] = []
        """How the last deal's score came about, in words."""
        self.sheet_room = SHEET_ROOM
        """The columns of the score sheet beside the table (a sheet wider comes as lines)."""

    # layout

    def compose(self) -> ComposeResult:
        yield Static(id="top", markup=False)
        with Horizontal(id="main"):
            yield TableView(id="table")
            with Vertical(id="side"):
                yield Static(id="scoreboard")
                log = RichLog(id="log", wrap=True, markup=False, min_width=1)
                log.can_focus = False
                yield log
            with ScrollableContainer(id="sheet-panel", can_focus=False):
                yield Static(id="sheet")
        yield Static(id="prompt", markup=False)
        yield Strip(id="choices")
        yield Strip(id="hand")
        yield Static(id="keys", markup=False)

    def on_mount(self) -> None:
        keys = "tui.keys" if self.rules.info.has_tricks else "tui.keys_no_tricks"
        self.base().query_one("#keys", Static).update(self.say(keys))
        self.set_wide(self.size.width)
        opening = "tui.game_resumed" if self.resumed else "tui.game_new"
        self.log_line(self.say(opening, game=game_name(self.rules, self.words)))
        if self.resumed:
            self.feed(self.state.resume_dealing(Shuffler(self.seed)))
        self.feed(self.opening)
        self.save()
        self.call_after_refresh(self.proceed)

    def on_resize(self, event: events.Resize) -> None:
        self.set_wide(event.size.width)
        self.refresh_table()

    def set_wide(self, width: int) -> None:
        """The side panel from 64 columns (wider from 100), the sheet beside from where the
        table keeps ``TABLE_ROOM`` columns of its own next to a sheet of ``SHEET_ROOM``."""
        room = width - ROOMY_SIDE - TABLE_ROOM
        self.base().set_class(room >= SHEET_ROOM, "wide")
        self.base().set_class(width >= 100, "roomy")
        self.base().set_class(width < 64, "narrow")
        self.sheet_room = max(room, SHEET_ROOM) - 1  # its border takes a column
        self.base().query_one("#sheet-panel").styles.max_width = self.sheet_room + 1

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = list(super().get_line_filters())
        if self.ascii_filter is not None:
            filters.append(self.ascii_filter)
        return filters

    def base(self) -> Screen[Any]:
        """The table's own screen, under any window over it."""
        return self.screen_stack[0]

    # words

    def say(self, key: str, **params: Any) -> str:
        return self.words.say(key, **params)

    def log_line(self, line: str) -> None:
        self.base().query_one("#log", RichLog).write(Text(line))

    # the game

    def view(self) -> Any:
        return self.state.view(self.me)

    def view_json(self) -> dict[str, Any]:
        data: dict[str, Any] = self.view().to_json()
        return data

    def save(self) -> None:
        """Write the record whole; a save that fails is said in the log (once, until one
        succeeds again), the save before it is kept and the game goes on."""
        document = record_from_state(self.rules, self.state, self.names, self.first_dealer)
        try:
            save_record(self.save_path, document)
        except WriteError as error:
            if self.unsaved is None:
                self.message = save_failure(self.words, "cli.save_failed", self.save_path, error)
                self.log_line(self.message)
            self.unsaved = error
            return
        if self.unsaved is not None:
            self.unsaved = None
            self.log_line(self.say("cli.saved_again", path=str(self.save_path)))

    def apply(self, action: Action) -> None:
        hand = list(self.view().hand)
        events = self.state.apply(action)
        mine = {e.card for e in events if isinstance(e, CardPlayed) and e.seat == self.me}
        self.left = [card for card in hand if card not in mine]
        self.save()
        self.feed(events)
        self.after_move()

    def feed(self, events: list[Event], *, quiet: bool = False) -> None:
        """Log the events as the person may see them and follow the trick (``quiet``: only
        follow it)."""
        for event in events:
            seen = event.for_seat(self.me)
            phrase = seen.phrase()
            line = self.words.sentence(phrase) if phrase.key and not quiet else ""
            if isinstance(seen, DealStarted):
                self.trick = []
                self.deal_tricks = []
                self.last_played = {}
                self.last_trick = None
                if self.summary is None:
                    self.deal_lines = []
            if line:
                self.log_line(line)
                self.deal_lines.append(line)
            if isinstance(seen, CardPlayed):
                self.trick.append((seen.seat, seen.card))
                self.last_played[seen.seat] = seen.card
            elif isinstance(seen, TrickTaken):
                taken = (seen.seat, tuple(self.trick))
                self.deal_tricks.append((seen.seat, tuple(card for _, card in self.trick)))
                self.held = taken
                self.last_trick = taken
                self.trick = []
                self.deal_lines = [line] if line else []
            elif isinstance(seen, DealScored):
                self.summary = list(self.deal_lines)
                self.summary_deal = seen.deal + 1
                self.breakdown = deal_breakdown(
                    self.rules, self.state, self.words, self.deal_tricks, self.left
                )
            elif isinstance(seen, GameOver):
                self.summary = list(self.deal_lines)

    def after_move(self) -> None:
        self.refresh_table()
        if self.held is not None and self.hold > 0:
            self.trick_timer = self.set_timer(self.hold, self.release_trick)
        else:
            self.release_trick()

    def release_trick(self) -> None:
        self.held = None
        self.refresh_table()
        if self.summary is not None and not self.state.is_over:
            lines, self.summary = self.summary, None
            self.deal_lines = []
            self.show_summary(lines)
            return
        self.proceed()

    def proceed(self, _: object = None) -> None:
        """Ask the next decision: the person's, or a bot's in a worker thread."""
        self.refresh_table()
        state = self.state
        if state.is_over:
            self.show_final()
            return
        to_act = state.to_act
        if to_act is None:
            return
        if to_act == self.me:
            self.waiting = True
            self.suggestion = self.advice()
            self.refresh_table()
            return
        self.waiting = False
        self.thinking = to_act
        self.refresh_table()
        bot = self.seating.bots[to_act]
        view = state.view(to_act)
        pace, rng = self.pace, self.rng

        def think() -> int:
            started = time.monotonic()
            action: int = bot.choose(view, rng)
            rest = pace - (time.monotonic() - started)
            if rest > 0:
                time.sleep(rest)
            return action

        self.run_worker(
            think, name=str(self.generation), thread=True, group="bot", exit_on_error=True
        )

    def advice(self) -> Action | None:
        """The adviser's choice where the decision is not a card (a bid, a contract)."""
        view = self.view()
        if any(self.rules.info.is_card_action(a) for a in view.legal_actions):
            return None
        if self.adviser is None:
            self.adviser = make_bot(ADVISER, self.rules)
        advised: Action = self.adviser.choose(view, random.Random(0))
        return advised

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "bot" or event.state != WorkerState.SUCCESS:
            return
        if event.worker.name != str(self.generation):
            return  # chosen before a move was taken back
        self.thinking = None
        action = event.worker.result
        assert isinstance(action, int)
        self.apply(action)

    def act(self, action: Action, *, sure: bool = False) -> None:
        """The person's decision; one the game's display asks again (``CONFIRM``: a nil bid)
        is asked first (unless ``sure``)."""
        if not self.waiting:
            return
        if not sure and self.rules.format_action(action) in display_names(self.rules, "CONFIRM"):
            self.confirm(action)
            return
        try:
            self.waiting = False
            self.message = ""
            self.typed = ""
            self.picked = []
            self.apply(action)
        except IllegalActionError as error:
            self.waiting = True
            legal = self.view().legal_actions
            self.message = refusal(self.rules, action, error.reason, legal, self.words)
            self.refresh_table()

    def confirm(self, action: Action) -> None:
        """Ask before a risky decision (a nil bid): Enter makes it, Esc goes back to the
        choices."""
        kind = self.rules.format_action(action).partition(":")[2]
        body = self.say(f"tui.confirm_{kind}")

        def answered(yes: bool | None) -> None:
            if yes:
                self.act(action, sure=True)

        title = self.say(f"tui.confirm_title_{kind}")
        self.push_screen(ConfirmScreen(title, body, self.say("tui.hint_confirm")), answered)

    def action_undo(self) -> None:
        """Take back the person's last decision and the bots' moves after it."""
        rewound = rewind(self.rules, self.state, self.me, Shuffler(self.seed))
        if rewound is None:
            self.message = self.say("tui.nothing_to_undo")
            self.refresh_table()
            return
        while len(self.screen_stack) > 1:  # a deal's summary, a window: the game goes back
            self.pop_screen()
        self.generation += 1
        if self.trick_timer is not None:
            self.trick_timer.stop()
        self.state = rewound.state
        self.trick, self.last_played, self.last_trick, self.held = [], {}, None, None
        self.summary, self.deal_lines = None, []
        self.thinking = None
        self.feed(rewound.events, quiet=True)
        self.held = None
        self.save()
        move = self.rules.format_action(rewound.action)
        if self.rules.info.is_card_action(rewound.action):
            said = self.words.card(rewound.action)
        else:
            said = choice_label(move, self.words)
        self.log_line(self.say("tui.undone", move=said))
        self.message, self.typed, self.picked = "", "", []
        self.proceed()

    # windows

    def show_summary(self, lines: list[str]) -> None:
        """The deal's last words, how its score came about and the scoreboard."""
        number = self.summary_deal
        title = self.words.fill(self.words.word("ui.deal_summary"), {"0": number})
        said = [Text(line) for line in lines[-SUMMARY_LINES:]]
        breakdown = [Text(line) for line in self.breakdown]
        body = Group(*said, Text(""), *breakdown, Text(""), self.scoreboard())
        self.push_screen(InfoScreen(title, body, self.say("tui.hint_next")), self.proceed)

    def show_final(self) -> None:
        title = self.say("ui.game_over_title")
        said = self.deal_lines[-SUMMARY_LINES - 1 :]
        verdict = said.pop() if said else ""  # who won, said after how the last deal went
        lines = [Text(line) for line in [*said, *self.breakdown]]
        lines += [Text(""), Text(verdict, style="bold")]
        sheet = render_sheet(self.rules.score_sheet(self.state), self.shown, self.lang)
        body = Group(*lines, Text(""), self.scoreboard(), Text(""), sheet)
        self.push_screen(InfoScreen(title, body, self.say("tui.hint_over")))

    def _fatal_error(self) -> None:
        """A bug ends the table with its traceback but without the values it held (Textual
        shows them by default, and a hand is among them): hidden cards are never printed."""
        self.bell()
        traceback = Traceback(show_locals=False, width=None)
        self._exit_renderables.append(
            Segments(self.console.render(traceback, self.console.options))
        )
        self._close_messages_no_wait()

    def action_keys(self) -> None:
        last_trick = self.say("tui.help_last_trick") if self.rules.info.has_tricks else ""
        own = help_keys(self.rules)  # the game's own lines (an exchange's marks, a nil bid)
        lines = {slot: self.say(own[slot]) if slot in own else "" for slot in HELP_SLOTS}
        keys = self.say("tui.help", last_trick=last_trick, **lines)
        self.push_screen(InfoScreen(self.say("tui.keys_title"), keys, self.say("tui.hint_close")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F3 (the last trick) only in the games that have tricks (not 101)."""
        return action != "last_trick" or self.rules.info.has_tricks

    def action_sheet(self) -> None:
        sheet = render_sheet(self.rules.score_sheet(self.state), self.shown, self.lang)
        self.push_screen(InfoScreen(self.say("ui.score_sheet"), sheet, self.say("tui.hint_close")))

    def action_last_trick(self) -> None:
        if self.last_trick is None:
            body: Any = self.say("ui.no_last_trick")
        else:
            winner, plays = self.last_trick
            lines = Table.grid(padding=(0, 2))
            for seat, card in plays:
                lines.add_row(upper_first(self.words.seat_name(seat)), self.card(card))
            said = self.words.sentence(TrickTaken(winner, ()).phrase())
            body = Group(lines, Text(""), Text(said))
        self.push_screen(InfoScreen(self.say("ui.last_trick"), body, self.say("tui.hint_close")))

    # keys

    def strips(self) -> tuple[Strip, Strip]:
        return self.base().query_one("#hand", Strip), self.base().query_one("#choices", Strip)

    def active_strip(self) -> Strip | None:
        for strip in self.strips():
            if strip.active:
                return strip
        return None

    def action_move(self, step: int) -> None:
        strip = self.active_strip()
        if strip is not None:
            strip.move(step)

    def action_end(self, end: int) -> None:
        strip = self.active_strip()
        if strip is not None:
            strip.move_to(end)

    def action_switch(self) -> None:
        hand, choices = self.strips()
        if not self.waiting or not choices.items or not any(i.enabled for i in hand.items):
            return
        hand.active, choices.active = not hand.active, not choices.active
        hand.refresh()
        choices.refresh()

    def action_enter(self) -> None:
        if not self.waiting:
            return
        if self.typed:
            self.submit_typed()
            return
        if self.pick_kind() is not None:
            if len(self.picked) == PICK_COUNT:
                self.send_picked()
                return
            self.action_space()
            return
        strip = self.active_strip()
        item = strip.current() if strip is not None else None
        if item is not None:
            self.act(item.value)

    def action_space(self) -> None:
        if not self.waiting:
            return
        if self.pick_kind() is None:
            self.action_enter()
            return
        hand, _ = self.strips()
        item = hand.current()
        if item is not None:
            self.toggle_pick(item.value)

    def action_backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.refresh_table()

    def action_escape(self) -> None:
        self.typed = ""
        self.picked = []
        self.message = ""
        self.refresh_table()

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if not self.waiting or character is None or not event.is_printable:
            return
        if self.screen is not self.base():
            return  # a window is up: keys are its own
        if character == " ":
            return
        event.stop()
        self.typed += character
        self.message = ""
        self.try_typed_card()
        self.refresh_table()

    def try_typed_card(self) -> None:
        """A typed card is played as soon as it is complete."""
        card = typed_card(self.typed, self.words)
        if card is None:
            return
        if self.pick_kind() is not None:
            if card in self.view().hand:
                self.typed = ""
                self.toggle_pick(card)
            return
        self.typed = ""
        self.act(card)  # a card that may not be played now is refused, with why

    def submit_typed(self) -> None:
        text, self.typed = self.typed.strip(), ""
        command = typed_command(text)  # the line mode's commands work here too
        if command == "quit":
            self.exit()
            return
        if command == "sheet":
            self.refresh_table()
            self.action_sheet()
            return
        if command == "help":
            self.refresh_table()
            self.action_keys()
            return
        if command == "undo":
            self.action_undo()
            return
        shown = [(item.value, item.label.plain) for item in self.strips()[1].items]
        chosen = said_choice(text, shown)
        if chosen is not None:
            self.act(chosen)
            return
        try:
            action = self.rules.parse_action(text)
        except KolodaError:
            self.message = self.say("tui.not_a_move", text=text)
            self.refresh_table()
            return
        self.act(action)

    def on_strip_picked(self, message: Strip.Picked) -> None:
        if not self.waiting:
            return
        hand, _ = self.strips()
        if message.strip is hand and self.pick_kind() is not None:
            self.toggle_pick(message.item.value)
            return
        if message.item.value < 0:
            self.send_picked()
            return
        self.act(message.item.value)

    # picking three cards (the game's display's ``PICKS``: an exchange of cards)

    def pick_kind(self) -> str | None:
        if not self.waiting:
            return None
        picks = display_names(self.rules, "PICKS")
        if not picks:
            return None
        for action in self.view().legal_actions:
            kind = pick_kind(self.rules.format_action(action), picks)
            if kind is not None:
                return kind
        return None

    def toggle_pick(self, card: int) -> None:
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < PICK_COUNT:
            self.picked.append(card)
        self.refresh_table()

    def send_picked(self) -> None:
        kind = self.pick_kind()
        if kind is None or len(self.picked) != PICK_COUNT:
            return
        text = f"{kind}:" + ",".join(format_card(c) for c in self.picked)
        try:
            action = self.rules.parse_action(text)
        except KolodaError as error:
            self.message = str(error)
            self.refresh_table()
            return
        self.act(action)

    # drawing

    def card(self, card: int) -> Text:
        text = card_text(card, self.words.rank_short(card & 15))
        text.style = self.suit_style(card >> 4)
        return text

    def suit_style(self, suit: int) -> str:
        """Red for hearts and diamonds, but not where colours are off (``NO_COLOR``): there
        red came out dark grey, and the suit's symbol tells it anyway."""
        return "bold" if self.no_color else SUIT_STYLES[suit]

    def refresh_table(self) -> None:
        try:
            table = self.base().query_one("#table", TableView)
        except Exception:  # the main screen is not up yet
            return
        view = self.view()
        data = self.view_json()
        self.base().query_one("#top", Static).update(self.header(data))
        table.show(self.picture(view, data))
        self.base().query_one("#scoreboard", Static).update(self.scoreboard())
        if self.base().has_class("wide"):
            sheet = render_sheet(self.rules.score_sheet(self.state), self.shown, self.lang)
            self.base().query_one("#sheet", Static).update(flatten(sheet, self.sheet_room))
        self.update_strips(view)
        self.base().query_one("#prompt", Static).update(self.prompt_line())

    def header(self, data: dict[str, Any]) -> Text:
        game = game_name(self.rules, self.words)
        top = Text(f"{self.say('ui.brand')} — {game}", style="bold")
        number = int(data["deal"]) + 1
        program = self.rules.info.program_length
        if program and number <= program:
            deal = self.words.fill(self.words.word("ui.deal_of"), {"0": number, "1": program})
        else:
            deal = self.say("view.deal_number", number=number)
        parts: list[Text] = [Text(deal)]
        contract = data.get("contract")
        if contract:
            parts.append(Text(self.words.word(f"contract.{contract}")))
        trump = data.get("trump")
        if trump:
            suit = SUIT_LETTERS.index(trump)
            part = Text(self.say("ui.trump") + " ")
            part.append(SUIT_SYMBOLS[suit], style=self.suit_style(suit))
            parts.append(part)
        if data.get("top"):
            part = Text(self.say("ui.top") + " ")
            part.append_text(self.card(parse_card(data["top"])))
            parts.append(part)
        if data.get("suit") and data.get("top"):
            suit = SUIT_LETTERS.index(data["suit"])
            part = Text(self.say("ui.suit") + " ")
            part.append(SUIT_SYMBOLS[suit], style=self.suit_style(suit))
            parts.append(part)
        if "stock_size" in data:
            parts.append(Text(f"{self.say('ui.stock')} {data['stock_size']}"))
        for flag, key in display_pairs(self.rules, "HEADER_FLAGS"):
            if data.get(flag):
                parts.append(Text(self.say(key)))
        for part in parts:
            top.append(" · ", style="dim")
            top.append_text(part)
        return top

    def picture(self, view: Any, data: dict[str, Any]) -> TablePicture:
        n = self.rules.num_seats
        sizes = data.get("hand_sizes")
        tricks = data.get("tricks_won")
        bids = data.get("bids")
        seats: list[SeatPicture] = []
        for seat in range(n):
            lines: list[Text] = []
            detail: list[str] = []
            if bids is not None and bids[seat] is not None:
                bid = str(bids[seat])
                word = f"bid.{bid}"
                shown = self.words.word(word) if not bid.isdigit() else bid
                detail.append(self.say("tui.bid", bid=shown))
            playing = data.get("phase") == "play" or any(tricks or ())
            if tricks is not None and self.rules.info.has_tricks and playing:
                took = "tui.took" if detail else "tui.tricks_count"  # short beside a bid
                detail.append(self.say(took, count=int(tricks[seat])))
            elif seat != self.me and sizes is not None:
                detail.append(self.say("tui.hand_count", count=int(sizes[seat])))
            if detail:
                lines.append(Text(", ".join(detail), style="dim"))
            if self.thinking == seat:
                lines.append(Text(self.say("tui.thinking"), style="italic yellow"))
            seats.append(
                SeatPicture(
                    name=self.shown[seat],
                    lines=lines,
                    to_act=self.state.to_act == seat,
                    dealer=data.get("dealer") == seat,
                )
            )
        picture = TablePicture(n, self.me, seats)
        if self.held is not None:
            winner, plays = self.held
            picture.played = {seat: self.card(card) for seat, card in plays}
            said = self.words.sentence(TrickTaken(winner, ()).for_seat(self.me).phrase())
            picture.centre = [Text(said, style="bold")]
        elif self.rules.info.has_tricks:
            trick = trick_plays(self.rules, view)
            picture.played = {seat: self.card(card) for seat, card in trick}
        elif data.get("top"):
            picture.played = {seat: self.card(card) for seat, card in self.last_played.items()}
            centre = Text(self.say("ui.top") + ": ")
            centre.append_text(self.card(parse_card(data["top"])))
            if data.get("suit"):
                suit = SUIT_LETTERS.index(data["suit"])
                centre.append(f"   {self.say('ui.suit')}: ")
                centre.append(SUIT_SYMBOLS[suit], style=self.suit_style(suit))
            stock = Text(f"{self.say('ui.stock')}: {data.get('stock_size', 0)}", style="dim")
            picture.centre = [centre, stock]
        return picture

    def scoreboard(self) -> Group:
        """Each player's (or side's) total, and the side's other counts the game's display
        names (``SIDE_COUNTS``: points toward a game, bags)."""
        data = self.view_json()
        info = self.rules.info
        totals = list(data.get("totals", self.state.outcome()))
        counts = [
            (data.get(field), key, always)
            for field, key, always in getattr(display_module(self.rules), "SIDE_COUNTS", ())
        ]
        lines: list[Any] = [Text(self.say("ui.scoreboard"), style="bold underline")]
        if len(totals) == len(info.sides) and info.is_partnership:
            for side in range(len(info.sides)):
                lines.append(Text(upper_first(self.words.side_name(side))))
                detail = Text("  ")
                detail.append(f"{self.say('ui.total')} ", style="dim")
                detail.append(_number(totals[side]), style="bold")
                for values, key, always in counts:
                    if values is not None and (always or values[side]):
                        detail.append(f"  {self.say(key)} ", style="dim")
                        detail.append(_number(values[side]), style="bold" if always else "")
                lines.append(detail)
            return Group(*lines)
        grid = Table.grid(padding=(0, 1))
        grid.add_column()
        grid.add_column(justify="right")
        for seat in range(len(totals)):
            grid.add_row(upper_first(self.words.seat_name(seat)), _number(totals[seat]))
        lines.append(grid)
        note = display_key(self.rules, "SCOREBOARD_NOTE")  # what the numbers mean
        if note is not None:
            lines.append(Text(self.words.word(note), style="dim"))
        return Group(*lines)

    def update_strips(self, view: Any) -> None:
        hand_strip, choice_strip = self.strips()
        legal = set(view.legal_actions) if self.waiting else set()
        card_actions = {a for a in legal if self.rules.info.is_card_action(a)}
        kind = self.pick_kind()
        hand = sorted(view.hand, key=lambda c: (c >> 4, -(c & 15)))
        drawn = getattr(view, "drawn", None)
        items: list[Item] = []
        for card in hand:
            label = self.card(card)
            if card == drawn:
                label.stylize("underline")
            if kind is not None:
                items.append(Item(label, card, enabled=True, marked=card in self.picked))
            else:
                enabled = card in card_actions if self.waiting else True
                framed = card in card_actions  # the legal cards by shape, not only shade
                items.append(Item(label, card, enabled=enabled, framed=framed))
        choices: list[Item] = []
        if kind is not None:
            choices.append(
                Item(
                    Text(self.words.word(f"action.{kind}")),
                    -1,
                    enabled=len(self.picked) == PICK_COUNT,
                )
            )
        else:
            for action in view.legal_actions if self.waiting else ():
                if action in card_actions:
                    continue
                text = self.rules.format_action(action)
                choices.append(Item(Text(choice_label(text, self.words)), action))
        hand_active = self.waiting and (bool(card_actions) or kind is not None)
        if self.waiting and not hand_active and not choices:
            hand_active = True
        if hand_strip.active and choice_strip.active:
            hand_active = True
        if not items:
            items = [
                Item(
                    Text(
                        self.say("tui.no_cards")
                        if not self.not_looked(view)
                        else self.say("tui.not_looked"),
                        style="dim",
                    ),
                    -2,
                    enabled=False,
                )
            ]
        keep_choices = choice_strip.active and self.waiting and bool(choices)
        hand_strip.show(items, hand_active and not keep_choices)
        choice_strip.show(
            choices,
            self.waiting and bool(choices) and not hand_strip.active,
            preferred=self.suggestion,
        )
        choice_strip.display = bool(choices)

    def not_looked(self, view: Any) -> bool:
        picked_up = getattr(view, "picked_up", None)
        return picked_up is not None and not picked_up[self.me]

    def prompt_line(self) -> Text:
        if self.message:
            return Text(self.message, style="bold red")
        if self.typed:
            return Text(self.say("tui.typed", text=self.typed), style="bold")
        if self.waiting:
            kind = self.pick_kind()
            if kind is not None:
                return Text(self.say(f"tui.pick_{kind}", count=len(self.picked)), style="bold")
            legal = self.view().legal_actions
            texts = [self.rules.format_action(a) for a in legal]
            cards = any(self.rules.info.is_card_action(a) for a in legal)
            return Text(self.say(decision_key(self.rules, texts, cards)), style="bold")
        if self.thinking is not None:
            return Text(self.say("tui.thinking_line", seat=self.shown[self.thinking]))
        return Text("")

    # leaving

    def closing_line(self) -> str:
        """What the command prints when the table closes: where the record is, or that the
        last save failed (``unsaved``)."""
        if self.unsaved is not None:
            return save_failure(self.words, "cli.not_saved", self.save_path, self.unsaved)
        key = "cli.final_saved" if self.state.is_over else "cli.game_saved"
        return self.say(key, path=str(self.save_path))


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)
