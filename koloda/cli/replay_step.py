"""``koloda replay RECORD --step``: a finished game stepped through in the terminal, decision by
decision, every hand face up, with the keys of the card room's replay viewer (Left/Right a
decision, Up/Down a trick, Home/End).

The positions are the card room's (``koloda.records.positions``: the record played again
through the game's engine); each is drawn here once, as text, before the stepper opens, so
stepping only shows what is ready.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from koloda.bots.analysis import Decision
from koloda.cli.display import display_module, game_name
from koloda.cli.display.cards import hand_by_suit, styled_card
from koloda.cli.display.choices import choice_label
from koloda.cli.sheet import sheet_lines, sheet_table
from koloda.cli.tui.ascii import AsciiFilter, wants_ascii
from koloda.cli.tui.screens import InfoScreen
from koloda.core.cards import SUIT_LETTERS, SUIT_SYMBOLS, parse_card
from koloda.core.engine import AnyRules
from koloda.core.presentation import ScoreSheet
from koloda.i18n import Speaker
from koloda.records.positions import RecordWalk, Step
from koloda.records.record import Record


@dataclass
class Frame:
    """One position as the stepper shows it."""

    deal: int
    move: int
    to_act: int | None
    action: int | None
    starts_trick: bool
    header: Text
    body: Group
    sheet: int
    """The index of the score sheet of the deals scored so far."""


def decision_stops(frames: Sequence[Frame]) -> list[int]:
    """The stops of the trick-by-trick steps (as the browser's viewer has them): a deal's
    first decision, a card that leads a trick, and the game's end."""
    last = len(frames) - 1
    return [i for i, f in enumerate(frames) if i == last or f.move == 0 or f.starts_trick]


def step_to(frames: Sequence[Frame], at: int, step: str) -> int:
    """The position a step leads to from ``at``: back, forward, first, last, trick_back,
    trick_forward."""
    last = len(frames) - 1
    if step == "first":
        return 0
    if step == "last":
        return last
    if step == "back":
        return max(0, at - 1)
    if step == "forward":
        return min(last, at + 1)
    stops = decision_stops(frames)
    if step == "trick_forward":
        return next((i for i in stops if i > at), last)
    return next((i for i in reversed(stops) if i < at), 0)


class Painter:
    """Draws each position of a record's game as text for the stepper."""

    def __init__(
        self,
        rules: AnyRules,
        names: Sequence[str],
        words: Speaker,
        decisions: dict[tuple[int, int], Decision],
    ) -> None:
        self.rules = rules
        self.names = list(names)
        self.words = words
        self.decisions = decisions
        strength = getattr(display_module(rules), "STRENGTH", None)
        self.strength: Callable[[int], int] | None = (
            strength.__getitem__ if strength is not None else None
        )

    def choice(self, action: int) -> Text:
        """A decision's action: a card in its colour, another action in words."""
        if self.rules.info.is_card_action(action):
            return styled_card(action, self.words)
        return Text(choice_label(self.rules.format_action(action), self.words))

    def header(self, data: dict[str, Any], step: Step, index: int, count: int) -> Text:
        """The game, the deal (at the end: the last one played), contract, trump, top card,
        and which decision this is."""
        words = self.words
        over = step.action is None
        top = Text(f"{words.say('step.title')} — {game_name(self.rules, words)}", style="bold")
        parts = [Text(words.say("view.deal_number", number=step.deal + 1))]
        contract = data.get("contract")
        if contract:
            parts.append(Text(words.word(f"contract.{contract}")))
        trump = data.get("trump")
        if trump and trump in SUIT_LETTERS:
            suit = SUIT_LETTERS.index(trump)
            part = Text(words.word("ui.trump") + " ")
            part.append(SUIT_SYMBOLS[suit], style="bold red" if suit in (1, 2) else "bold")
            parts.append(part)
        if data.get("top"):
            part = Text(words.word("ui.top") + " ")
            part.append_text(styled_card(parse_card(data["top"]), words))
            parts.append(part)
        if over:
            parts.append(Text(words.say("step.end", n=count - 1), style="bold"))
        else:
            parts.append(Text(words.say("step.decision", k=index + 1, n=count - 1), style="bold"))
        for part in parts:
            top.append(" · ", style="dim")
            top.append_text(part)
        return top

    def seat_rows(self, walk: RecordWalk, data: dict[str, Any], action: int | None) -> Table:
        """Every seat: ▶ for the one to act, ◆ for the dealer, its bid and tricks, its hand
        face up (the acting hand's playable cards in brackets)."""
        rules, state, words = self.rules, walk.state, self.words
        to_act = state.to_act if action is not None else None
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True, style="dim")
        grid.add_column()
        bids = data.get("bids")
        tricks = data.get("tricks_won")
        sizes = data.get("hand_sizes")
        legal = state.legal_actions() if to_act is not None else []
        playing = data.get("phase") == "play" or any(tricks or ())  # tricks once play began
        for seat in range(rules.num_seats):
            name = Text("▶ " if seat == to_act else "  ", style="bold yellow")
            name.append(self.names[seat], style="bold reverse" if seat == to_act else "bold")
            if data.get("dealer") == seat:
                name.append(" ◆", style="cyan")
            detail: list[str] = []
            if bids is not None and seat < len(bids) and bids[seat] is not None:
                bid = str(bids[seat])
                detail.append(
                    words.say("tui.bid", bid=bid if bid.isdigit() else words.word(f"bid.{bid}"))
                )
            if state.is_over:  # the last deal's cards are all played: its sheet says it
                grid.add_row(name, "", "")
                continue
            if tricks is not None and rules.info.has_tricks and playing and seat < len(tricks):
                detail.append(words.say("tui.took", count=int(tricks[seat])))
            hand = list(state.view(seat).hand)
            blind = walk.blind(seat, len(hand), sizes[seat] if sizes else None)
            if blind:
                hand = list(walk.dealt_cards[seat])  # a blind bid: the cards not looked at yet
            playable = [a for a in legal if rules.info.is_card_action(a)] if seat == to_act else []
            shown = hand_by_suit(hand, self.strength, words, playable) if hand else Text("—")
            if blind:
                shown.append(" " + words.say("step.blind"), style="dim italic")
            grid.add_row(name, ", ".join(detail), shown)
        return grid

    def trick_line(self, walk: RecordWalk) -> Text | None:
        """The cards on the table, or the trick just taken and who took it (a game without
        tricks shows its top card in the header)."""
        if not self.rules.info.has_tricks:
            return None
        if walk.plays:
            line = Text(self.words.say("step.on_table"), style="bold")
            plays = walk.plays
        elif walk.taken is not None:
            winner = self.names[walk.taken["winner"]]
            line = Text(self.words.say("step.taken", seat=winner), style="bold")
            plays = walk.taken["plays"]
        else:
            return None
        for play in plays:
            line.append(f"  {self.names[play['seat']]} ")
            line.append_text(styled_card(parse_card(play["card"]), self.words))
        return line

    def values_line(self, deal: int, move: int) -> RenderableType | None:
        """With the analysis, the analysed seat's decision valued: each move's points, the
        best marked ★, the one played named; a narrow screen wraps between moves."""
        decision = self.decisions.get((deal, move))
        if decision is None:
            return None
        words = self.words
        seat = self.names[decision.seat]
        if decision.forced:
            return Text(words.say("step.forced", seat=seat), style="dim")
        best = decision.best
        items: list[Text] = []
        for action, value in sorted(decision.values.items(), key=lambda item: -item[1]):
            item = Text("★" if action == best else "", style="bold green")
            item.append_text(self.choice(action))
            item.append(f" {value:+.1f}", style="bold green" if action == best else "")
            if action == decision.chosen:
                item.append(f" ({words.say('step.chosen')})", style="italic")
            items.append(item)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        label = Text(words.say("step.values", seat=seat, values="").rstrip(), style="bold")
        grid.add_row(label, Columns(items, padding=(0, 2)))
        return grid

    def body(self, walk: RecordWalk, data: dict[str, Any], step: Step) -> Group:
        step_action = step.action
        rows: list[RenderableType] = [self.seat_rows(walk, data, step_action)]
        trick = self.trick_line(walk)
        if trick is not None:
            rows.append(trick)
        said = [self.words.sentence(e.phrase()) for e in walk.events if e.phrase() is not None]
        said = [s for s in said if s][-3:]
        if said:
            rows.append(Text(self.words.say("step.just", events="; ".join(said)), style="dim"))
        to_act = walk.state.to_act
        if step_action is not None and to_act is not None:
            line = Text(self.words.say("step.next", seat=self.names[to_act], choice=""))
            line.rstrip()
            line.append(" ")
            line.append_text(self.choice(step_action))
            rows.append(line)
            values = self.values_line(step.deal, step.move)
            if values is not None:
                rows.append(values)
        return Group(*rows)


def build_frames(
    rules: AnyRules,
    record: Record,
    names: Sequence[str],
    words: Speaker,
    decisions: dict[tuple[int, int], Decision],
) -> tuple[list[Frame], list[ScoreSheet]]:
    """Every position of the record's game drawn, and the score sheets (one per number of
    deals scored)."""
    painter = Painter(rules, names, words, decisions)
    walk = RecordWalk(rules, record)
    count = sum(len(entry.get("actions", [])) for entry in record.deals) + 1
    frames: list[Frame] = []
    for index, step in enumerate(walk.steps()):
        state = walk.state
        seat = state.to_act if state.to_act is not None else 0
        data: dict[str, Any] = dict(state.view(seat).to_json())
        over = step.action is None
        frames.append(
            Frame(
                deal=step.deal,
                move=step.move,
                to_act=state.to_act if not over else None,
                action=step.action,
                starts_trick=walk.starts_trick(step.action),
                header=painter.header(data, step, index, count),
                body=painter.body(walk, data, step),
                sheet=walk.sheet_index(),
            )
        )
    return frames, walk.sheets


def sheet_at_width(sheet: ScoreSheet, names: Sequence[str], lang: str, width: int) -> Text:
    """The score sheet ``width`` cells wide, as styled text: each section as a table where the
    table fits with room to spare, else as lines, one per row (never cells folded in mid-word)."""
    speaker = Speaker(lang, names)
    wide = Console(file=io.StringIO(), width=1000)  # where a table shows its natural width
    parts: list[RenderableType] = [Text(speaker.phrase(sheet.title), style="bold")]
    for section in sheet.sections:
        table = sheet_table(section, speaker)
        need = Measurement.get(wide, wide.options, table)
        # a table squeezed near its narrowest cuts words (rich shrinks every column alike)
        fits = need.maximum <= width or need.minimum <= width * 4 // 5
        parts.append(table if fits else sheet_lines(section, speaker))
    return fitted(Group(*parts), width)


def fitted(renderable: RenderableType, width: int) -> Text:
    """``renderable`` drawn ``width`` cells wide, as styled text."""
    console = Console(file=io.StringIO(), width=width, color_system="truecolor", record=True)
    console.print(renderable)
    text = Text.from_ansi(console.export_text(styles=True).rstrip("\n"))
    text.no_wrap = True
    return text


class StepperApp(App[None]):
    """The stepper: a header, the position, the score sheet so far, the keys."""

    CSS = """
    #top { height: auto; padding: 0 1; }
    #body { height: auto; padding: 0 1; }
    #sheet { height: 1fr; padding: 0 1; }
    #keys { height: 1; padding: 0 1; background: $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step('back')", show=False, priority=True),
        Binding("right", "step('forward')", show=False, priority=True),
        Binding("up", "step('trick_back')", show=False, priority=True),
        Binding("down", "step('trick_forward')", show=False, priority=True),
        Binding("home", "step('first')", show=False, priority=True),
        Binding("end", "step('last')", show=False, priority=True),
        Binding("question_mark,f1", "keys", show=False),
        Binding("q,escape,ctrl+q", "quit", show=False),
    ]

    def __init__(
        self,
        frames: list[Frame],
        sheets: list[ScoreSheet],
        names: Sequence[str],
        lang: str,
        at: int = 0,
        tricks: bool = True,
    ) -> None:
        super().__init__()
        self.tricks = tricks
        self.frames = frames
        self.sheets = sheets
        self.names = list(names)
        self.lang = lang
        self.words = Speaker(lang, self.names)
        self.at = at
        self.ascii = wants_ascii(os.environ, sys.stdout.encoding)

    def get_line_filters(self) -> Sequence[Any]:
        filters = list(super().get_line_filters())
        if self.ascii:
            filters.append(AsciiFilter())
        return filters

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        yield Static(id="body")
        with VerticalScroll(id="sheet"):
            yield Static(id="sheet_text")
        keys = "step.keys" if self.tricks else "step.keys_no_tricks"  # ↑/↓: a deal in 101
        yield Static(self.words.say(keys), id="keys")

    def on_mount(self) -> None:
        self.title = self.words.say("step.title")
        self.show()

    def show(self) -> None:
        frame = self.frames[self.at]
        self.query_one("#top", Static).update(frame.header)
        self.query_one("#body", Static).update(frame.body)
        room = max(20, self.size.width - 4)  # the padding and the scroll bar
        sheet = sheet_at_width(self.sheets[frame.sheet], self.names, self.lang, room)
        self.query_one("#sheet_text", Static).update(sheet)
        # the latest deals and the totals in view, once the sheet's new height is laid out
        self.query_one("#sheet", VerticalScroll).anchor()

    def on_resize(self, event: events.Resize) -> None:
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The stepping keys step the game, not the score sheet's scroll, but leave the
        window of keys to scroll while it is open."""
        return action != "step" or not isinstance(self.screen, InfoScreen)

    def action_step(self, step: str) -> None:
        self.at = step_to(self.frames, self.at, step)
        self.show()

    def action_keys(self) -> None:
        if isinstance(self.screen, InfoScreen):
            return
        help_text = self.words.say("step.help")
        self.push_screen(
            InfoScreen(
                self.words.word("tui.keys_title"), help_text, self.words.say("tui.hint_close")
            )
        )

    def on_key(self, event: events.Key) -> None:
        if event.character == "?" and not isinstance(self.screen, InfoScreen):
            event.stop()
            self.action_keys()


def run_stepper(
    record: Record, lang: str, *, seat: int = 0, analyse: bool = False, at: int | None = None
) -> None:
    """Open the stepper on a record known to replay; a bad ``--seat`` or ``--at`` leaves in
    one line (status 2), as does a stdout that is not a terminal."""
    from rich.progress import Progress

    from koloda.bots.analysis import analyse as analyse_seat
    from koloda.cli.main import err, fail
    from koloda.cli.players import shown_names

    rules = record.rules
    words = Speaker(lang, [])
    names = shown_names(
        record.players or [f"{words.word('ui.seat')} {s}" for s in range(rules.num_seats)], lang
    )
    words = Speaker(lang, names)
    count = sum(len(entry.get("actions", [])) for entry in record.deals)
    if not 0 <= seat < rules.num_seats:
        raise fail(words.say("step.bad_seat", last=rules.num_seats - 1))
    if at is not None and not 1 <= at <= count:
        raise fail(words.say("step.bad_at", n=count))
    if not sys.stdout.isatty() or not sys.stdin.isatty():
        raise fail(words.say("step.no_terminal"))
    decisions: dict[tuple[int, int], Decision] = {}
    if analyse:
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(words.say("step.analysing", seat=names[seat]), total=None)
            found = analyse_seat(
                rules,
                record,
                seat,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
        decisions = {(d.deal, d.move): d for d in found}
    with err.status(words.say("step.reading")):  # a long game takes a few seconds
        frames, sheets = build_frames(rules, record, names, words, decisions)
    start = (at - 1) if at is not None else 0
    StepperApp(frames, sheets, names, lang, at=start, tricks=rules.info.has_tricks).run()
