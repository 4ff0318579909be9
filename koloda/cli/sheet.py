"""Score sheets in the terminal: a game's ``ScoreSheet`` drawn as rich tables in a language."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from koloda.core.engine import AnyState
from koloda.core.presentation import Cell, ScoreSheet, SeatRef, SheetTable
from koloda.i18n import Speaker


def sheet_table(table: SheetTable, speaker: Speaker) -> Table:
    out = Table(
        title=speaker.phrase(table.title),
        caption="\n".join(speaker.phrase(n) for n in table.notes) or None,
        show_footer=table.footer is not None,
        box=box.SIMPLE_HEAD,
        caption_justify="left",
    )
    for index, column in enumerate(table.columns):
        footer = ""
        if table.footer is not None:
            footer = speaker.text(table.footer[index])
        names = [speaker.text(row[index]) for row in table.rows if isinstance(row[index], SeatRef)]
        out.add_column(
            speaker.text(column.head),
            footer=footer,
            justify="right" if column.numeric else "left",
            overflow="fold",
            min_width=longest_word(names) if names else None,
        )
    for row in table.rows:
        out.add_row(*(Text(speaker.text(cell)) for cell in row))
    return out


LONGEST_UNBROKEN = 12
"""A player's name in a sheet folds only past this many characters."""


def longest_word(texts: Sequence[str]) -> int:
    """The width a column of names needs so that no name is cut in the middle (the dealer
    ``Normal-1`` was shown as ``Normal`` over ``-1``, issue 15 bug 7), at most
    ``LONGEST_UNBROKEN``."""
    words = [len(word) for text in texts for word in text.split()]
    return min(LONGEST_UNBROKEN, max(words, default=1))


def sheet_lines(table: SheetTable, speaker: Speaker) -> Group:
    """A section as lines, one per row (``1 — dealer: You; tricks: 6 : 4; …``): what a
    table too wide for the screen becomes, instead of cells folded letter by letter."""
    heads = [speaker.text(column.head) for column in table.columns]
    lines: list[Text] = [Text(speaker.phrase(table.title), style="bold")]

    def line(cells: Sequence[Cell]) -> Text:
        said = [speaker.text(cell) for cell in cells]
        out = Text(said[0] or "·", style="bold")
        parts = [f"{heads[i]}: {text}" for i, text in enumerate(said) if i and text]
        if parts:
            out.append(" — " + "; ".join(parts))
        return out

    lines.extend(line(row) for row in table.rows)
    if table.footer is not None:
        said = [speaker.text(cell) for cell in table.footer]
        label = next((i for i, text in enumerate(said) if text), 0)
        total = Text(said[label], style="bold")
        parts = [f"{heads[i]}: {text}" for i, text in enumerate(said) if i != label and text]
        if parts:
            total.append(" — " + "; ".join(parts))
        lines.append(total)
    lines.extend(Text(speaker.phrase(note), style="dim") for note in table.notes)
    return Group(*lines, Text(""))


class FittingTable:
    """A section drawn as a table where its words fit the width, else as lines."""

    def __init__(self, table: SheetTable, speaker: Speaker) -> None:
        self.table = sheet_table(table, speaker)
        self.lines = sheet_lines(table, speaker)
        rows = [*table.rows, *([table.footer] if table.footer is not None else [])]
        self.words = [
            max(
                (
                    len(word)
                    for text in [speaker.text(column.head), *(speaker.text(r[i]) for r in rows)]
                    for word in text.split()
                ),
                default=1,
            )
            for i, column in enumerate(table.columns)
        ]
        """Each column's longest word: narrower than that, the column cuts words."""

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.table._calculate_column_widths(console, options)
        padding = 2  # a cell's space on either side (the tables' default padding)
        cuts = any(w - padding < word for w, word in zip(widths, self.words, strict=False))
        yield self.lines if cuts else self.table


def render_sheet(sheet: ScoreSheet, names: Sequence[str], lang: str = "en") -> Group:
    """The sheet as rich tables (or, where a table's words do not fit the width, as lines
    per row: issue 15 bug 7), its texts in ``lang``, the players called ``names``."""
    speaker = Speaker(lang, names)
    title = Text(speaker.phrase(sheet.title), style="bold")
    return Group(title, *(FittingTable(table, speaker) for table in sheet.sections))


def saved_game_line(state: AnyState, lang: str = "en", names: Sequence[str] = ()) -> str:
    """Where a saved, unfinished game stands: its deal (counted from 1, as people count;
    the record's index is from 0) and who is to act, by name."""
    words = Speaker(lang, names)
    seat = state.to_act
    if seat is None:
        where = words.word("cli.between_deals")
    else:
        where = words.say("tui.seat_to_act", seat=SeatRef(seat))
    return words.say("tui.saved_position", deal=state.deal_index + 1, where=where)


def players_line(names: Sequence[str], lang: str = "en") -> str:
    """``players: Anna, Boris, …`` in seat order."""
    return Speaker(lang, names).say("tui.players", names=", ".join(names))
