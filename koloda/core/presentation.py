"""Presentation as data: texts are catalogue keys with parameters, score sheets are tables of
cells. The engine says *what* to show; the adapters (terminal, web table) choose the words of
a language (``koloda.i18n``) and the medium (rich, HTML).

A parameter is typed by what it names, so a renderer knows how to say it: a seat becomes a
player's name (or "you"), a card a card name or symbol, a suit and a term (a contract, a
reason) a word of the catalogue; numbers stay numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from koloda.core.cards import Card, Suit, format_card, format_suit


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A player by seat: his name, or the second person for the reader himself."""

    seat: int


@dataclass(frozen=True, slots=True)
class SideRef:
    """A partnership: seats ``side`` and ``side + 2`` (Spades, Tressette)."""

    side: int


@dataclass(frozen=True, slots=True)
class CardRef:
    """One card; ``card`` is -1 when the reader may not see it ("a card")."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardsRef:
    """Cards shown in brackets; empty when the reader may not see them (nothing is said)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SuitRef:
    suit: Suit


@dataclass(frozen=True, slots=True)
class RankRef:
    """A rank (a Tressette triple of sevens): a catalogue word with plural forms."""

    rank: int


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the catalogue by its key: a contract, a reason, a note."""

    key: str


@dataclass(frozen=True, slots=True)
class Phrase:
    """A text for people: a catalogue key and its parameters."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Phrases:
    """Several texts said as a list (declarations)."""

    items: tuple[Phrase, ...]


@dataclass(frozen=True, slots=True)
class PerPlayer:
    """One number per seat, or per side when there are fewer numbers than seats
    (``West +5, North -3``)."""

    values: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Among:
    """Some of the players (the winners): indices into ``count`` seats, or sides when
    ``count`` is less than the number of seats."""

    indices: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Score:
    """A sheet cell: a deal's points and the running total after it (``+5 (12)``)."""

    points: int
    total: int | None = None


Param: TypeAlias = (
    "int | float | str | SeatRef | SideRef | CardRef | CardsRef | SuitRef | RankRef | Term"
    " | Phrase | Phrases | PerPlayer | Among | Score"
)
"""Anything a text may say; also what a sheet cell holds (or None for an empty cell)."""
Cell: TypeAlias = "Param | None"


@dataclass(frozen=True, slots=True)
class Column:
    head: Cell
    numeric: bool = False
    """Right-aligned (numbers and scores)."""


@dataclass(frozen=True, slots=True)
class SheetTable:
    """One section of a sheet: a titled table, an optional footer row (totals) and notes."""

    title: Phrase
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    footer: tuple[Cell, ...] | None = None
    notes: tuple[Phrase, ...] = ()


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A game's score sheet: a title and its sections, first the deals, then the standings."""

    game: str
    title: Phrase
    sections: tuple[SheetTable, ...]
    finished: bool


def param_to_json(value: Cell) -> Any:
    """A parameter or cell as JSON: numbers and strings as they are, the rest tagged
    (``{"seat": 2}``, ``{"card": "QH"}``, ``{"key": …, "params": …}``)."""
    if value is None or isinstance(value, int | float | str):
        return value
    if isinstance(value, SeatRef):
        return {"seat": value.seat}
    if isinstance(value, SideRef):
        return {"side": value.side}
    if isinstance(value, CardRef):
        return {"card": format_card(value.card) if value.card >= 0 else None}
    if isinstance(value, CardsRef):
        return {"cards": [format_card(c) for c in value.cards]}
    if isinstance(value, SuitRef):
        return {"suit": format_suit(value.suit)}
    if isinstance(value, RankRef):
        return {"rank": value.rank}
    if isinstance(value, Term):
        return {"term": value.key}
    if isinstance(value, Phrase):
        return phrase_to_json(value)
    if isinstance(value, Phrases):
        return {"phrases": [phrase_to_json(p) for p in value.items]}
    if isinstance(value, PerPlayer):
        return {"per_player": list(value.values)}
    if isinstance(value, Among):
        return {"among": list(value.indices), "count": value.count}
    return {"points": value.points, "total": value.total}


def phrase_to_json(phrase: Phrase) -> dict[str, Any]:
    return {"key": phrase.key, "params": {k: param_to_json(v) for k, v in phrase.params.items()}}


def sheet_to_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The sheet as JSON for clients that draw it themselves."""
    return {
        "game": sheet.game,
        "title": phrase_to_json(sheet.title),
        "finished": sheet.finished,
        "sections": [
            {
                "title": phrase_to_json(table.title),
                "columns": [
                    {"head": param_to_json(c.head), "numeric": c.numeric} for c in table.columns
                ],
                "rows": [[param_to_json(cell) for cell in row] for row in table.rows],
                "footer": None
                if table.footer is None
                else [param_to_json(cell) for cell in table.footer],
                "notes": [phrase_to_json(n) for n in table.notes],
            }
            for table in sheet.sections
        ],
    }
