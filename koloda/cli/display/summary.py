"""A deal's summary in words: where its points came from. A game's display module says it
with its own ``deal_breakdown(rules, line, words, tricks, left)`` (Spades' score as contract,
bags and nil; who went out in 101 and the cards counted against you; what each player took in
King's deal); any other game shows the deal's row of its score sheet (the state's ``sheet`` of
deals where it keeps one, else its deal scores)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from koloda.cli.display import display_module
from koloda.cli.sheet import sheet_lines
from koloda.core.engine import AnyRules, AnyState
from koloda.core.presentation import SheetTable
from koloda.i18n import Speaker
from koloda.i18n.words import number_text

Trick = tuple[int, tuple[int, ...]]
"""Who took a trick and its cards."""


def deal_breakdown(
    rules: AnyRules,
    state: AnyState,
    words: Speaker,
    tricks: Sequence[Trick] = (),
    left: Sequence[int] = (),
) -> list[str]:
    """Lines saying how the deal just scored (the last line of ``state``'s sheet) came
    about; ``tricks``: the deal's tricks, ``left``: the reader's cards at its end."""
    sheet: Sequence[Any] = getattr(state, "sheet", None) or state.deal_scores()
    if not sheet:
        return []
    own = getattr(display_module(rules), "deal_breakdown", None)
    if own is not None:
        lines: list[str] = own(rules, sheet[-1], words, tricks, left)
        return lines
    return _sheet_row(rules, state, words, len(sheet) - 1)


def signed_points(value: int) -> str:
    return number_text(value, signed=True)


def _sheet_row(rules: AnyRules, state: AnyState, words: Speaker, index: int) -> list[str]:
    """The deal's own row of the game's score sheet, as a line."""
    section = rules.score_sheet(state).sections[0]
    if len(section.rows) <= index:
        return []
    row = SheetTable(section.title, section.columns, (section.rows[index],), None, section.notes)
    group = sheet_lines(row, words)
    return [text.plain for text in group.renderables[1:] if text.plain]  # type: ignore[union-attr]
