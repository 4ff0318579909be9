"""The table drawn as text: seats around (you at the bottom, the next player on your left,
a partner opposite) and each card of the trick in front of the player who played it.

Pure functions of a ``TablePicture`` so that the drawing can be tested without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from koloda.core.cards import SUIT_SYMBOLS

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")

Slot = str
"""Where a seat sits on the screen: bottom, left, top-left, top, top-right, right."""

SLOTS_BY_OTHERS: dict[int, tuple[Slot, ...]] = {
    0: (),
    1: ("top",),
    2: ("left", "right"),
    3: ("left", "top", "right"),
    4: ("left", "top-left", "top-right", "right"),
    5: ("left", "top-left", "top", "top-right", "right"),
}


def seat_slots(num_seats: int, me: int) -> dict[int, Slot]:
    """Each seat's place around the table seen from ``me``: me at the bottom, then clockwise
    (the next to play on my left, across the top, to my right)."""
    others = SLOTS_BY_OTHERS[min(num_seats - 1, 5)]
    slots = {me: "bottom"}
    for offset, slot in enumerate(others, start=1):
        slots[(me + offset) % num_seats] = slot
    return slots


def card_text(card: int, rank_short: str) -> Text:
    """``Q♥`` in the suit's colour."""
    return Text(rank_short + SUIT_SYMBOLS[card >> 4], style=SUIT_STYLES[card >> 4])


@dataclass
class SeatPicture:
    """One seat as the table shows it: a name and a line or two about it."""

    name: str
    lines: list[Text] = field(default_factory=list)
    to_act: bool = False
    dealer: bool = False


@dataclass
class TablePicture:
    """What the table shows now."""

    num_seats: int
    me: int
    seats: list[SeatPicture]
    played: dict[int, Text] = field(default_factory=dict)
    """The card in front of each seat that played to the trick (or last, in 101)."""
    centre: list[Text] = field(default_factory=list)
    """Lines in the middle of the table: the top card, who takes a held trick…"""


class Canvas:
    """A fixed-size grid of styled characters."""

    def __init__(self, width: int, height: int) -> None:
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.cells: list[list[tuple[str, Style | str]]] = [
            [(" ", "")] * self.width for _ in range(self.height)
        ]

    def put(self, x: int, y: int, text: Text) -> None:
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for index, (char, style) in enumerate(_styled_chars(text)):
            column = x + index
            if 0 <= column < self.width:
                row[column] = (char, style)

    def put_centred(self, x: int, y: int, text: Text) -> None:
        self.put(x - text.cell_len // 2, y, text)

    def render(self) -> Text:
        out = Text()
        for number, row in enumerate(self.cells):
            if number:
                out.append("\n")
            for char, style in row:
                out.append(char, style=style)
        return out


def _styled_chars(text: Text) -> list[tuple[str, Style | str]]:
    chars: list[tuple[str, Style | str]] = [(c, text.style) for c in text.plain]
    for span in text.spans:
        for index in range(span.start, min(span.end, len(chars))):
            chars[index] = (chars[index][0], span.style)
    return chars


def seat_block(picture: SeatPicture, width: int) -> list[Text]:
    """A seat's lines: ``▶ Name (D)`` then its details, a detail wider than ``width`` broken
    at its commas, and each line cut to ``width``."""
    head = Text("▶ " if picture.to_act else "  ", style="bold yellow")
    head.append(picture.name, style="bold reverse" if picture.to_act else "bold")
    if picture.dealer:
        head.append(" ◆", style="cyan")
    lines = [head]
    for detail in picture.lines:
        lines.extend(_broken_at_commas(detail, width))
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


def _broken_at_commas(line: Text, width: int) -> list[Text]:
    """``line`` as it is where it fits ``width``, else as few lines as its comma-separated
    parts fill ("double nil, took 0" → "double nil" and "took 0")."""
    if line.cell_len <= width:
        return [line]
    broken: list[Text] = []
    for part in line.split(", "):
        if broken and broken[-1].cell_len + 2 + part.cell_len <= width:
            broken[-1].append(", ")
            broken[-1].append_text(part)
        else:
            broken.append(part)
    return broken


BOXED_HEIGHT = 17
"""From this many rows up, the cards on the table are drawn as small framed cards."""


def card_box(card: Text) -> list[Text]:
    """A card on the table, three rows high: ``┌───┐ │Q♥ │ └───┘``."""
    face = Text("│", style="dim")
    face.append_text(card)
    face.append(" " * max(0, 3 - card.cell_len))
    face.append("│", style="dim")
    return [Text("┌───┐", style="dim"), face, Text("└───┘", style="dim")]


def draw_table(picture: TablePicture, width: int, height: int) -> Text:
    """The table in ``width`` × ``height`` cells."""
    canvas = Canvas(width, height)
    slots = seat_slots(picture.num_seats, picture.me)
    middle = height // 2
    block_width = max(10, min(24, width // 3))
    corner_x = {"top-left": width // 4, "top": width // 2, "top-right": (3 * width) // 4}
    tight = sum(1 for s in slots.values() if s.startswith("top")) > 1
    top_width = max(8, width // 3 - 1) if tight else max(10, width // 2)
    used = {"left": 0, "right": 0}
    for seat, slot in slots.items():
        room = top_width if slot.startswith("top") or slot == "bottom" else block_width
        block = seat_block(picture.seats[seat], room)
        if slot in used:
            used[slot] = max(line.cell_len for line in block)
        if slot == "bottom":
            start = height - len(block)
            for index, line in enumerate(block):
                canvas.put_centred(width // 2, start + index, line)
        elif slot == "left":
            for index, line in enumerate(block):
                canvas.put(0, middle - 1 + index, line)
        elif slot == "right":
            for index, line in enumerate(block):
                canvas.put(width - max(line.cell_len for line in block), middle - 1 + index, line)
        else:
            for index, line in enumerate(block):
                canvas.put_centred(corner_x[slot], index, line)
    bottom_rows = len(seat_block(picture.seats[picture.me], top_width))
    card_rows = {
        "top": 3,
        "top-left": 3,
        "top-right": 3,
        "left": middle,
        "right": middle,
        "bottom": height - bottom_rows - 2,
    }
    card_x = {
        "top": width // 2,
        "top-left": width // 4 + 2,
        "top-right": (3 * width) // 4 - 2,
        "left": max(used["left"] + 4, width // 2 - 12),
        "right": min(width - used["right"] - 4, width // 2 + 12),
        "bottom": width // 2,
    }
    boxed = height >= BOXED_HEIGHT
    for seat, card in picture.played.items():
        if seat not in slots:
            continue
        slot = slots[seat]
        if boxed:
            row = card_rows[slot] - (1 if slot in ("left", "right", "bottom") else 0)
            for index, line in enumerate(card_box(card)):
                canvas.put_centred(card_x[slot], row + index, line)
            continue
        framed = Text("[", style="dim")
        framed.append_text(card)
        framed.append("]", style="dim")
        canvas.put_centred(card_x[slot], card_rows[slot], framed)
    first = max(2, middle - 2 - len(picture.centre))
    if picture.played and picture.centre:
        first = middle + 2 if height > 14 else middle + 1
        if boxed:
            first = middle + 2
        first = min(first, card_rows["bottom"] - len(picture.centre))
    for index, line in enumerate(picture.centre):
        canvas.put_centred(width // 2, first + index, line)
    return canvas.render()


class TableView(Widget):
    """The table widget: draws its picture in whatever room it has."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture: TablePicture | None = None

    def show(self, picture: TablePicture) -> None:
        self.picture = picture
        self.refresh()

    def render(self) -> Text:
        if self.picture is None:
            return Text("")
        return draw_table(self.picture, self.content_size.width, self.content_size.height)
