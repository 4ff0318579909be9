"""A deal's summary in words: where its points came from, game by game (Spades' score as
contract, bags and nil; who went out in 101 and the cards counted against you; what each
player took in King's deal; Tressette's row of the score sheet)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from koloda.cli.sheet import sheet_lines
from koloda.core.engine import AnyRules, AnyState
from koloda.core.presentation import Phrase, SeatRef, SheetTable
from koloda.i18n import Speaker, upper_first
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
    sheet: Sequence[Any] = getattr(state, "sheet", ())
    if not sheet:
        return []
    line = sheet[-1]
    if rules.name == "spades":
        return _spades(line, words)
    if rules.name == "hundred_one":
        return _hundred_one(rules, line, words, left)
    if rules.name == "king":
        return _king(rules, line, words, tricks)
    return _sheet_row(rules, state, words, len(sheet) - 1)


def _points(value: int) -> str:
    return number_text(value, signed=True)


def _spades(line: Any, words: Speaker) -> list[str]:
    lines = []
    for side, score in enumerate(line.sides):
        contract = score.contract_points - score.overtricks  # a bag is a point of its own
        parts = [words.say("tui.sum.contract", points=_points(contract))]
        for key, value in (
            ("tui.sum.bags", score.overtricks),
            ("tui.sum.nil", score.nil_points),
            ("tui.sum.bag_penalty", score.bag_penalty),
        ):
            if value:
                parts.append(words.say(key, points=_points(value)))
        if score.lost_score:
            parts.append(words.say("tui.sum.lost_score"))
        said = words.say(
            "tui.sum.side",
            side=upper_first(words.side_name(side)),
            score=_points(score.score),
            parts=", ".join(parts),
        )
        lines.append(said)
    return lines


def _hundred_one(rules: AnyRules, line: Any, words: Speaker, left: Sequence[int]) -> list[str]:
    from koloda.games.hundred_one.scoring import penalty_table

    key = "tui.sum.out_on_queen" if line.out_on_queen else "tui.sum.out"
    lines = [words.sentence(Phrase(key, {"seat": SeatRef(line.out)}))]
    me = words.viewer
    if me is not None and me != line.out and left:
        table = penalty_table(getattr(rules, "options"))  # noqa: B009 (any game's rules)
        cards = ", ".join(f"{words.card(c)} {table[c]}" for c in left)
        lines.append(words.say("tui.sum.counted", cards=cards, points=line.scores[me]))
    return lines


def _king(rules: AnyRules, line: Any, words: Speaker, tricks: Sequence[Trick]) -> list[str]:
    from koloda.games.king.actions import CONTRACT_KEYS
    from koloda.games.king.scoring import HEARTS_MASK, JACKS, KING_OF_HEARTS_BIT, QUEENS

    contract = CONTRACT_KEYS[line.contract]
    counted = {
        "no_jacks": JACKS,
        "no_queens": QUEENS,
        "no_hearts": HEARTS_MASK,
        "no_king": KING_OF_HEARTS_BIT,
        "erelash": JACKS | QUEENS | HEARTS_MASK | KING_OF_HEARTS_BIT,
    }.get(contract, 0)
    by_tricks = contract in ("no_tricks", "erelash", "positive")
    lasts = [seat for seat, _ in tricks[-2:]] if contract in ("last_two", "erelash") else []
    lines = []
    for seat, points in enumerate(line.scores):
        won = [cards for who, cards in tricks if who == seat]
        parts = []
        if by_tricks and won:
            parts.append(words.say("tui.tricks_count", count=len(won)))
        taken = sorted(
            (c for cards in won for c in cards if counted >> c & 1),
            key=lambda c: (c >> 4, -(c & 15)),
        )
        if taken:
            parts.append(" ".join(words.card(c) for c in taken))
        if lasts.count(seat):
            parts.append(words.say("tui.sum.last_tricks", count=lasts.count(seat)))
        what = ", ".join(parts) or words.say("tui.sum.nothing")
        name = upper_first(words.seat_name(seat))
        lines.append(words.say("tui.sum.took", seat=name, what=what, points=_points(points)))
    return lines


def _sheet_row(rules: AnyRules, state: AnyState, words: Speaker, index: int) -> list[str]:
    """The deal's own row of the game's score sheet, as a line."""
    section = rules.score_sheet(state).sections[0]
    if len(section.rows) <= index:
        return []
    row = SheetTable(section.title, section.columns, (section.rows[index],), None, section.notes)
    group = sheet_lines(row, words)
    return [text.plain for text in group.renderables[1:] if text.plain]  # type: ignore[union-attr]
