"""A row of things to pick, wrapped over lines: the hand (cards, the legal ones marked) or
the choices of a decision (bids, contracts, suits). Arrow keys move, the mouse clicks; in
picking mode (Spades' three cards) several may be marked."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass
class Item:
    """One thing to pick: its label, whether it may be picked now, and its value. A card
    that may be played now is ``framed`` (``[K♠]``), a card marked for an exchange starred
    (``*K♠*``): shapes, not only shades, so that they show without colours too."""

    label: Text
    value: int
    enabled: bool = True
    marked: bool = False
    framed: bool = False


class Strip(Widget):
    """Items in a row, wrapped; a cursor on one enabled item."""

    DEFAULT_CSS = """
    Strip { height: auto; min-height: 1; }
    """

    cursor: reactive[int] = reactive(-1)

    class Picked(Message):
        """An item was clicked (or Enter pressed on it)."""

        def __init__(self, strip: Strip, item: Item) -> None:
            super().__init__()
            self.strip = strip
            self.item = item

    def __init__(self, *, gap: int = 1, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: list[Item] = []
        self.gap = gap
        self.active = False
        """The strip the keys move in (its cursor is shown)."""
        self.boxes: list[tuple[int, int, int]] = []

    def show(self, items: list[Item], active: bool, preferred: int | None = None) -> None:
        """Show ``items``; the cursor stays on the item it was on, else goes to the item
        whose value is ``preferred``, else to the first enabled one."""
        old = self.items[self.cursor].value if 0 <= self.cursor < len(self.items) else None
        self.items = items
        self.active = active
        enabled = [i for i, item in enumerate(items) if item.enabled]
        same = [i for i in enabled if items[i].value == old]
        liked = [i for i in enabled if items[i].value == preferred]
        self.cursor = (same or liked or enabled or [-1])[0]
        self.refresh(layout=True)

    def move(self, step: int) -> None:
        enabled = [i for i, item in enumerate(self.items) if item.enabled]
        if not enabled:
            return
        if self.cursor not in enabled:
            self.cursor = enabled[0]
            return
        here = enabled.index(self.cursor)
        self.cursor = enabled[(here + step) % len(enabled)]
        self.refresh()

    def move_to(self, end: int) -> None:
        enabled = [i for i, item in enumerate(self.items) if item.enabled]
        if enabled:
            self.cursor = enabled[0] if end < 0 else enabled[-1]

    def current(self) -> Item | None:
        if 0 <= self.cursor < len(self.items) and self.items[self.cursor].enabled:
            return self.items[self.cursor]
        return None

    def lines(self, width: int) -> list[Text]:
        """The items laid out in ``width`` cells; remembers where each item is."""
        lines: list[Text] = [Text()]
        self.boxes = []
        for index, item in enumerate(self.items):
            label = item.label.copy()
            if not item.enabled:
                label.stylize(self.muted())
            if item.marked:
                label.stylize("bold black on green")
            if index == self.cursor and self.active and item.enabled:
                label.stylize("reverse")
            left, right = _edges(item)
            cell = Text(left, style="bold")
            cell.append_text(label)
            cell.append(right, style="bold")
            if lines[-1].cell_len and lines[-1].cell_len + cell.cell_len > width:
                lines.append(Text())
            x = lines[-1].cell_len
            self.boxes.append((len(lines) - 1, x, x + cell.cell_len))
            lines[-1].append_text(cell)
            lines[-1].append(" " * self.gap)
        return lines

    def muted(self) -> str:
        """How an item that may not be picked now looks: dimmed, but not where colours are
        off (``NO_COLOR``): there dimming a red card left it dark grey on black, nearly
        invisible, and the brackets of the others tell them apart."""
        try:
            no_color = self.app.no_color
        except Exception:  # not on a screen (drawn in a test)
            no_color = False
        return "not bold" if no_color else "dim"

    def render(self) -> Text:
        return Text("\n").join(self.lines(max(self.size.width, 10)))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.lines(max(width, 10))))

    def on_click(self, event: Click) -> None:
        for index, (line, start, end) in enumerate(self.boxes):
            if line == event.y and start <= event.x < end:
                item = self.items[index]
                if item.enabled:
                    self.cursor = index
                    self.post_message(self.Picked(self, item))
                return


def _edges(item: Item) -> tuple[str, str]:
    """What stands either side of an item's label: ``*`` marked, ``[ ]`` framed, else
    spaces (the same width, so that the row does not move)."""
    if item.marked:
        return "*", "*"
    if item.framed:
        return "[", "]"
    return " ", " "
