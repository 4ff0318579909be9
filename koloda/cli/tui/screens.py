"""Windows over the table: the score sheet, the last trick, a deal's summary, the keys."""

from __future__ import annotations

import io
import textwrap
from typing import Any, ClassVar

from rich.console import Console
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class InfoScreen(ModalScreen[None]):
    """A titled window with any rich content; Enter, Escape or Space closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > #box {
        width: auto; min-width: 40; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    InfoScreen .title { text-style: bold; width: auto; }
    InfoScreen .hint { color: $text-muted; width: auto; }
    InfoScreen #body { width: auto; height: auto; }
    InfoScreen #scroll { height: auto; width: auto; max-width: 100%; }
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
        with Vertical(id="box"):
            yield Static(self.title_text, classes="title", markup=False)
            with ScrollableContainer(id="scroll"):
                body = self.body
                if isinstance(body, str):
                    width = max(30, min(90, self.app.size.width - 8))
                    body = "\n".join(
                        "\n".join(textwrap.wrap(line, width)) or "" for line in body.splitlines()
                    )
                # as wide as the screen allows: a sheet too wide for it comes as lines
                yield Static(flatten(body, max(40, self.app.size.width - 6)), id="body")
            yield Static(self.hint, classes="hint", markup=False)

    def on_mount(self) -> None:
        scroll = self.query_one("#scroll")
        scroll.styles.max_height = max(3, self.app.size.height - 4)
        scroll.focus()

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#scroll").styles.max_height = max(3, event.size.height - 4)

    def action_close(self) -> None:
        self.dismiss(None)


def flatten(renderable: Any, most: int = 160) -> Text:
    """A renderable drawn at its natural width (at most ``most`` cells) as styled text that
    does not wrap: a wide score sheet scrolls sideways instead of folding into its cells."""
    if isinstance(renderable, str):
        return Text(renderable)
    console = Console(file=io.StringIO(), width=most, color_system="truecolor", record=True)
    width = Measurement.get(console, console.options, renderable).maximum
    console.width = max(20, min(most, width))
    console.print(renderable)
    text = Text.from_ansi(console.export_text(styles=True).rstrip("\n"))
    text.no_wrap = True
    return text


class ConfirmScreen(ModalScreen[bool]):
    """A question before a risky decision (a nil bid): Enter or Y says yes, Esc or N no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > #box {
        width: auto; min-width: 40; max-width: 100%; height: auto;
        border: round $warning; background: $surface; padding: 0 1;
    }
    ConfirmScreen .title { text-style: bold; width: auto; }
    ConfirmScreen .hint { color: $text-muted; width: auto; }
    ConfirmScreen .body { width: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", show=False),
        Binding("escape,n", "answer(False)", show=False),
    ]

    def __init__(self, title: str, body: str, hint: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.hint = hint

    def compose(self) -> ComposeResult:
        width = max(30, min(60, self.app.size.width - 8))
        body = "\n".join(textwrap.wrap(self.body, width))
        with Vertical(id="box"):
            yield Static(self.title_text, classes="title", markup=False)
            yield Static(body, classes="body", markup=False)
            yield Static(self.hint, classes="hint", markup=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
