"""Score sheets in the terminal: a game's ``ScoreSheet`` drawn as rich tables in a language."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from koloda.core.engine import AnyState
from koloda.core.presentation import ScoreSheet, SeatRef, SheetTable
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


def render_sheet(sheet: ScoreSheet, names: Sequence[str], lang: str = "en") -> Group:
    """The sheet as rich tables, its texts in ``lang``, the players called ``names``."""
    speaker = Speaker(lang, names)
    title = Text(speaker.phrase(sheet.title), style="bold")
    return Group(title, *(sheet_table(table, speaker) for table in sheet.sections))


def saved_game_line(state: AnyState, lang: str = "en", names: Sequence[str] = ()) -> str:
    """Where a saved, unfinished game stands: its deal and who is to act, by name (issue 15,
    bug 6). The deal is still the record's index from 0, as tests/king/test_king_cli.py
    expects; counting from 1 for people waits for that test to change."""
    words = Speaker(lang, names)
    seat = state.to_act
    if seat is None:
        where = words.word("cli.between_deals")
    else:
        where = words.say("tui.seat_to_act", seat=SeatRef(seat))
    return words.say("tui.saved_position", deal=state.deal_index, where=where)


def players_line(names: Sequence[str], lang: str = "en") -> str:
    """``players: Anna, Boris, …`` in seat order."""
    return Speaker(lang, names).say("tui.players", names=", ".join(names))
