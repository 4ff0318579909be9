"""Windows over the table: the score sheet, the last trick, a deal's summary, the keys."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class InfoScreen(ModalScreen[None]):
    """A titled window with any rich content; Enter, Escape or Space closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Vertical {
        width: auto; max-width: 100%; min-width: 40; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    InfoScreen .title { text-style: bold; width: auto; }
    InfoScreen .hint { color: $text-muted; width: auto; }
    InfoScreen VerticalScroll { height: auto; max-height: 100%; width: auto; }
    InfoScreen #body { width: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
        Binding("space", "close", "Close", show=False),
    ]

    def __init__(self, title: str, body: Any, hint: str, name: str | None = None) -> None:
        super().__init__(name=name)
        self.title_text = title
        self.body = body
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title", markup=False)
            with VerticalScroll():
                yield Static(self.body, id="body")
            yield Static(self.hint, classes="hint", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
