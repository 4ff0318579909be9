"""Saying presentation data in words: a ``Speaker`` turns phrases, cards, seats and numbers
into text of one language for one reader.

Templates of the catalogue use ``{name}`` for a parameter, ``{name:form}`` for a form of it
(``{card:ins}`` → "дамой червей", ``{suit:nom}`` → "hearts", ``{points:+}`` → "+5") and
``{name|word}`` for the plural form of the catalogue word ``word`` that agrees with the number
``name`` (``{tricks|word.trick}`` → "взятки" for 3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from koloda.core.cards import RANK_NAMES, SUIT_LETTERS, SUIT_SYMBOLS
from koloda.core.events import Event
from koloda.core.presentation import (
    Among,
    CardRef,
    CardsRef,
    Cell,
    Param,
    PerPlayer,
    Phrase,
    Phrases,
    RankRef,
    Score,
    SeatRef,
    SideRef,
    SuitRef,
    Term,
)
from koloda.i18n.catalogue import Catalogue, Entry, catalogue

_SPACES = re.compile(r" {2,}")
_PLACEHOLDER = re.compile(r"\{(\w+)(?::([\w+]+))?(?:\|([\w.]+))?\}")


def number_text(value: float, signed: bool = False) -> str:
    """``5``, ``2.5``, ``+5`` (``signed``); whole floats without a decimal point."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:+g}" if signed and value else f"{value:g}"


def upper_first(text: str) -> str:
    """``text`` with its first letter in capitals and the rest as it is ("вы и Анна" → "Вы и
    Анна"; ``str.capitalize`` would write "Вы и анна")."""
    return text[:1].upper() + text[1:]


class Speaker:
    """Words of ``lang`` for a reader at ``viewer`` (None: nobody in particular) at a table
    whose players are called ``names``."""

    def __init__(self, lang: str, names: Sequence[str], viewer: int | None = None) -> None:
        self.catalogue: Catalogue = catalogue(lang)
        self.english: Catalogue = catalogue("en")
        self.lang = self.catalogue.lang
        self.names = list(names)
        self.viewer = viewer
        self.missing: set[str] = set()
        """Keys not in this language's catalogue (English or the key itself was said)."""

    # the catalogue

    def entry(self, key: str) -> Entry:
        found = self.catalogue.get(key)
        if found is None:
            self.missing.add(key)
            found = self.english.get(key)
        return key if found is None else found

    def word(self, key: str, form: str | None = None) -> str:
        """A word of the catalogue, in ``form`` when it has forms."""
        entry = self.entry(key)
        if isinstance(entry, str):
            return entry
        if form is not None and form in entry:
            return entry[form]
        for default in ("nom", "text", "other"):
            if default in entry:
                return entry[default]
        return next(iter(entry.values()))

    def plural(self, key: str, number: float) -> str:
        entry = self.entry(key)
        if isinstance(entry, str):
            return entry
        category = self.catalogue.plural_category(number)
        return entry.get(category, entry.get("other", key))

    # texts

    def say(self, key: str, **params: Param) -> str:
        """The catalogue text ``key`` with these parameters (``{name}`` placeholders)."""
        return self.fill(self.word(key), params)

    def phrase(self, phrase: Phrase) -> str:
        """The phrase in words; the ``you`` variant when it is about the reader."""
        entry = self.entry(phrase.key)
        if isinstance(entry, dict):
            variant = "you" if "you" in entry and self.is_about_reader(phrase.params) else "text"
            template = entry.get(variant, entry.get("text", phrase.key))
        else:
            template = entry
        return _SPACES.sub(" ", self.fill(template, phrase.params)).strip()

    def sentence(self, phrase: Phrase) -> str:
        """A phrase as a sentence of a log: capitalised, spaces tidied."""
        return upper_first(" ".join(self.phrase(phrase).split()))

    def is_about_reader(self, params: Mapping[str, Param]) -> bool:
        if self.viewer is None:
            return False
        seat = params.get("seat")
        if isinstance(seat, SeatRef):
            return seat.seat == self.viewer
        side = params.get("side")
        return isinstance(side, SideRef) and self.viewer in self.side_seats(side.side)

    def fill(self, template: str, params: Mapping[str, Param]) -> str:
        def replace(match: re.Match[str]) -> str:
            name, form, plural_of = match.group(1), match.group(2), match.group(3)
            if name not in params:
                self.missing.add(f"{{{name}}}")
                return match.group(0)
            value = params[name]
            if plural_of is not None:
                return self.plural(plural_of, value if isinstance(value, int | float) else 0)
            return self.text(value, form)

        return _PLACEHOLDER.sub(replace, template)

    def text(self, value: Cell, form: str | None = None) -> str:
        """Any parameter or sheet cell in words."""
        if value is None:
            return ""
        if isinstance(value, bool):
            return self.word("word.yes" if value else "word.no")
        if isinstance(value, int | float):
            return number_text(value, signed=form == "+")
        if isinstance(value, str):
            return value
        if isinstance(value, SeatRef):
            return self.seat_name(value.seat, form)
        if isinstance(value, SideRef):
            return self.side_name(value.side)
        if isinstance(value, CardRef):
            return self.card(value.card, form)
        if isinstance(value, CardsRef):
            return f"({' '.join(self.card(c) for c in value.cards)})" if value.cards else ""
        if isinstance(value, SuitRef):
            return SUIT_SYMBOLS[value.suit] if form is None else self.suit(value.suit, form)
        if isinstance(value, RankRef):
            return self.word(f"rank.{RANK_NAMES[value.rank]}", form)
        if isinstance(value, Term):
            return self.word(value.key, form)
        if isinstance(value, Phrase):
            return self.phrase(value)
        if isinstance(value, Phrases):
            return ", ".join(self.phrase(p) for p in value.items)
        if isinstance(value, PerPlayer):
            who = self.player_names(len(value.values))
            return ", ".join(
                f"{who[i]} {number_text(v, signed=True)}" for i, v in enumerate(value.values)
            )
        if isinstance(value, Among):
            who = self.player_names(value.count)
            return ", ".join(who[i] for i in value.indices)
        if isinstance(value, Score):
            points = number_text(value.points, signed=True)
            return points if value.total is None else f"{points} ({value.total})"
        raise TypeError(f"cannot say {value!r}")

    # players

    def seat_name(self, seat: int, form: str | None = None) -> str:
        if seat == self.viewer:
            return self.word("pronoun.you", form)
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)

    def side_seats(self, side: int) -> tuple[int, ...]:
        return tuple(range(side, len(self.names), 2))

    def side_name(self, side: int) -> str:
        seats = self.side_seats(side)
        if self.viewer in seats and len(seats) == 2:
            partner = seats[1] if seats[0] == self.viewer else seats[0]
            return self.fill(self.word("side.yours"), {"partner": SeatRef(partner)})
        if len(seats) != 2:
            return f"{self.word('word.side')} {side + 1}"
        return self.fill(self.word("side.pair"), {"a": SeatRef(seats[0]), "b": SeatRef(seats[1])})

    def player_names(self, count: int) -> list[str]:
        """Names for ``count`` numbers: the seats, or the sides when fewer than the seats."""
        if count == len(self.names) or count == 0:
            return [self.seat_name(s) for s in range(count)]
        return [self.side_name(side) for side in range(count)]

    # cards

    def rank_short(self, rank: int) -> str:
        return self.word(f"rank.{RANK_NAMES[rank]}", "short")

    def card(self, card: int, form: str | None = None) -> str:
        """``Q♥`` (no form), or the card's name in a grammatical form (``дамой червей``);
        a card the reader may not see is "a card"."""
        if card < 0:
            return self.word("card.hidden", form)
        rank, suit = card & 15, card >> 4
        if form is None:
            return self.rank_short(rank) + SUIT_SYMBOLS[suit]
        rank_word = self.word(f"rank.{RANK_NAMES[rank]}", form)
        return self.fill(
            self.word("card.name"), {"rank": rank_word, "suit": self.suit(suit, "gen")}
        )

    def suit(self, suit: int, form: str = "nom") -> str:
        return self.word(f"suit.{SUIT_LETTERS[suit]}", form)


PUBLIC = -1
"""The seat of nobody: ``event.for_seat(PUBLIC)`` keeps only what everybody sees."""


def describe(
    event: Event, viewer_seat: int | None, names: Sequence[str], lang: str = "en"
) -> str | None:
    """One line for a table log: the event as ``viewer_seat`` may see it (None: as a
    spectator), in ``lang``, about the players ``names``; None if it has nothing to say."""
    seen = event.for_seat(PUBLIC if viewer_seat is None else viewer_seat)
    phrase = seen.phrase()
    return Speaker(lang, names, viewer_seat).sentence(phrase) if phrase.key else None
