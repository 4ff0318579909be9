"""An interactive game in the terminal: one human seat, bots in the others."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from koloda.bots.base import AnyBot
from koloda.cli.display import describe_view, game_help, game_name
from koloda.cli.display.refusals import refusal
from koloda.cli.display.typing import typed_action, typed_command
from koloda.cli.players import bot_name, shown_names
from koloda.cli.saving import save_failure
from koloda.cli.sheet import render_sheet
from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules, AnyState
from koloda.core.errors import IllegalActionError, KolodaError
from koloda.core.events import Event
from koloda.core.files import WriteError
from koloda.i18n import Speaker, describe
from koloda.records import record_from_state, save_record


def enable_line_editing() -> None:
    """Arrow keys, editing and history at the prompt where the platform has ``readline``
    (importing it is what turns them on for ``input``)."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401


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
        lang: str = "en",
        names: list[str] | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.bots = bots
        self.save_path = save_path
        self.console = console
        self.seed = seed
        self.first_dealer = first_dealer
        if read_line is None:
            enable_line_editing()
        self.read_line = read_line or console.input
        self.lang = lang
        self.words = Speaker(lang, [], seat)
        you = self.words.word("ui.you_name")
        self.names = names or [
            you if s == seat else bot_name(bots[s], s) for s in range(rules.num_seats)
        ]
        self.shown = shown_names(self.names, lang)
        """The names as the table shows them (a bot's level in ``lang``)."""
        self.words = Speaker(lang, self.shown, seat)
        self.rng = random.Random()
        self.state: AnyState | None = None
        self.unsaved: WriteError | None = None
        """Why the last save failed (the game goes on; the save before it is kept), or None
        when the record on disk is up to date."""

    def save(self, state: AnyState, *, leaving: bool = False) -> None:
        """Write the record whole, or say in one line that it could not be (once, until a
        save succeeds again; not when ``leaving`` or the game is over, where ``leave`` says
        it) and keep the previous save as it was."""
        document = record_from_state(self.rules, state, self.names, self.first_dealer)
        try:
            save_record(self.save_path, document)
        except WriteError as error:
            if self.unsaved is None and not leaving and not state.is_over:
                self.warn(save_failure(self.words, "cli.save_failed", self.save_path, error))
            self.unsaved = error
            return
        if self.unsaved is not None:
            self.unsaved = None
            again = self.say("cli.saved_again", path=str(self.save_path))
            self.console.print(again, highlight=False, soft_wrap=True)

    def warn(self, text: str) -> None:
        self.console.print(f"[red]{escape(text)}[/]", highlight=False, soft_wrap=True)

    def leave(self, key: str) -> bool:
        """The last line: where the record is (``key``), or that the last save failed. True
        when the record on disk is the game as it stands."""
        if self.unsaved is not None:
            self.warn(save_failure(self.words, "cli.not_saved", self.save_path, self.unsaved))
            return False
        self.console.print(self.say(key, path=str(self.save_path)), highlight=False)
        return True

    def show(self, events: list[Event]) -> None:
        for event in events:
            line = describe(event, self.seat, self.shown, self.lang)
            if line:
                self.console.print(line, highlight=False)

    def show_sheet(self, state: AnyState) -> None:
        sheet = self.rules.score_sheet(state)
        self.console.print(render_sheet(sheet, self.shown, self.lang))

    def run(self, state: AnyState | None = None) -> bool:
        """Play until the game is over or the person leaves; True when the record on disk
        is the game as it stands (False: a save failed, the one before it is kept)."""
        opening: list[Event] = []  # a new game's first deal: who deals it, what it shows
        if state is None:
            state = self.rules.empty_state(self.first_dealer)
            opening = state.resume_dealing(Shuffler(self.seed))
        else:
            self.show(state.resume_dealing(Shuffler(self.seed)))
        self.state = state
        game = game_name(self.rules, self.words)
        brand = self.say("ui.brand")
        self.console.print(f"[bold]{escape(brand)} — {escape(game)}[/]", highlight=False)
        self.show_help()
        self.save(state)
        if self.unsaved is None:
            saved = self.say("cli.record_saved", path=str(self.save_path))
            self.console.print(saved, highlight=False)
        self.show(opening)
        if state.is_over:
            # a finished game resumed: its result, not silence (issue 15, bug 7)
            self.show_sheet(state)
            self.console.print(self.say("ui.game_over_title"), highlight=False)
        deals_seen = len(state.deal_scores())
        while not state.is_over:
            to_act = state.to_act
            assert to_act is not None
            if to_act == self.seat:
                events = self.human_turn(state)
                if events is None:
                    self.save(state, leaving=True)
                    return self.leave("cli.game_saved")
            else:
                action = self.bots[to_act].choose(state.view(to_act), self.rng)
                events = state.apply(action)
            self.show(events)
            self.save(state)
            if len(state.deal_scores()) != deals_seen:
                deals_seen = len(state.deal_scores())
                self.show_sheet(state)
        return self.leave("cli.final_saved")

    @property
    def help(self) -> str:
        return self.say("tui.plain_help")

    def show_help(self) -> None:
        """The game in one line, where its words say it, then the keys of the line mode."""
        about = game_help(self.rules, self.words)
        if about:
            self.console.print(about, highlight=False)
        self.console.print(self.help, highlight=False)

    def say(self, key: str, **params: str) -> str:
        """A message of the terminal in the player's language."""
        return self.words.fill(self.words.word(key), params)

    def human_turn(self, state: AnyState) -> list[Event] | None:
        """Ask until a legal action is given; None when the player quits."""
        self.console.print()
        self.console.print(describe_view(self.rules, state.view(self.seat), self.words))
        while True:
            try:
                text = self.read_line(self.say("cli.prompt") + " ").strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if not text:
                continue
            command = typed_command(text)
            if command == "quit":
                return None
            if command == "help":
                self.show_help()
                legal = ", ".join(self.rules.format_action(a) for a in state.legal_actions())
                self.console.print(f"{self.say('view.legal')} {legal}", highlight=False)
                continue
            if command == "sheet":
                self.show_sheet(state)
                continue
            action = typed_action(text, self.rules, state.legal_actions(), self.words)
            if action is None:
                message = self.say("tui.not_a_move", text=text)
                self.console.print(f"[red]{escape(message)}[/]", highlight=False)
                continue
            try:
                return state.apply(action)
            except IllegalActionError as error:  # why, in the player's words
                allowed = state.legal_actions()
                message = refusal(self.rules, action, error.reason, allowed, self.words)
                self.console.print(f"[red]{escape(message)}[/]", highlight=False)
            except KolodaError as error:
                self.console.print(f"[red]{escape(str(error))}[/]", highlight=False)
