"""Pictures of cards in the player pages: a fenced block ``cards`` in a page's Markdown
becomes a row of the card room's card faces, with a text alternative naming every card.

A block has one line per seat (or pile, or hand): a label, a colon and card codes; a ``*``
after a card marks it (by default, as the card that takes the trick). Two optional lines set
the words of the mark (``mark: ...``) and a caption under the picture (``caption: ...``)::

    ```cards
    You (led): 10D
    West: 9D
    North: KD*
    East: AC
    ```

The block becomes HTML before the page's Markdown is read (``with_card_pictures``), on
``/help`` and on the documentation site alike (``docs/hooks/player_pages.py``). Each card is
a small face drawn in HTML (its rank in the page's language and its suit), which
``static/help_cards.js`` redraws with the card room's own faces (``static/cards.js``); each
line is one picture (``role="img"``) whose name says its label and its cards in words
("North: king of diamonds, takes the trick")."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from koloda.i18n import catalogue

BLOCK = re.compile(r"^```cards[ \t]*\n(.*?)\n```[ \t]*$", re.MULTILINE | re.DOTALL)
"""A ``cards`` block in a page's Markdown."""
CARD = re.compile(r"^(10|[2-9JQKA])([SHDC])(\*?)$")
"""A card code (``QS``, ``10H``), with the ``*`` that marks it."""
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
KEYS = ("mark", "caption")
"""The block's lines that are no seat's."""


class CardBlockError(ValueError):
    """A ``cards`` block that cannot be read: one line naming the line at fault."""


@dataclass(frozen=True)
class Seat:
    label: str
    cards: tuple[tuple[str, str, bool], ...]
    """Each card's rank and suit letters, and whether it is marked."""


def _entry(lang: str, key: str, form: str) -> str:
    entry = catalogue(lang).get(key)
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        found = entry.get(form, entry.get("nom"))
        if isinstance(found, str):
            return found
    raise CardBlockError(f"the catalogue ({lang}) has no word {key}")


def card_name(lang: str, rank: str, suit: str) -> str:
    """A card in words, as the card room names it: "queen of spades", "дама пик"."""
    pattern = _entry(lang, "card.name", "nom")
    rank_word, suit_word = _entry(lang, f"rank.{rank}", "nom"), _entry(lang, f"suit.{suit}", "gen")
    return pattern.replace("{rank}", rank_word).replace("{suit}", suit_word)


def parse_block(text: str) -> tuple[list[Seat], dict[str, str]]:
    """A block's seats in order, and its ``mark`` and ``caption`` lines."""
    seats: list[Seat] = []
    keys: dict[str, str] = {}
    for line in filter(None, (line.strip() for line in text.splitlines())):
        label, colon, rest = line.rpartition(":")
        if not colon or not label.strip():
            raise CardBlockError(f"a cards line is 'label: cards', not {line!r}")
        if label.strip() in KEYS:
            keys[label.strip()] = rest.strip()
            continue
        cards = []
        for code in rest.split():
            found = CARD.match(code.upper())
            if found is None:
                raise CardBlockError(f"not a card: {code!r} in {line!r} (examples: 7S, 10H, QD*)")
            cards.append((found.group(1), found.group(2), bool(found.group(3))))
        if not cards:
            raise CardBlockError(f"no cards in {line!r}")
        seats.append(Seat(label.strip(), tuple(cards)))
    if not seats:
        raise CardBlockError("a cards block shows no cards")
    return seats, keys


def card_html(lang: str, rank: str, suit: str, marked: bool) -> str:
    """One card's small face: its rank (in the page's language) and its suit."""
    short = html.escape(_entry(lang, f"rank.{rank}", "short"))
    mark = " marked" if marked else ""
    return (
        f'<span class="card suit-{suit}{mark}" data-card="{rank}{suit}">'
        f'<span class="rank">{short}</span><span class="suit">{SUITS[suit]}</span></span>'
    )


def seat_html(lang: str, seat: Seat, mark: str) -> str:
    """A seat's cards as one picture named in words, with its label under it."""
    names = []
    for rank, suit, marked in seat.cards:
        name = card_name(lang, rank, suit)
        names.append(f"{name}, {mark}" if marked else name)
    alt = html.escape(f"{seat.label}: {'; '.join(names)}", quote=True)
    faces = "".join(card_html(lang, *card) for card in seat.cards)
    marked = any(card[2] for card in seat.cards)
    tag = f'<span class="cards-mark">{html.escape(mark)}</span>' if marked else ""
    return (
        f'<div class="cards-seat{" marked" if marked else ""}">'
        f'<span class="cards" role="img" aria-label="{alt}">{faces}</span>'
        f'<span class="cards-label" aria-hidden="true">{html.escape(seat.label)}{tag}</span></div>'
    )


def block_html(lang: str, text: str) -> str:
    """A ``cards`` block's picture: a figure of its seats, on one line of HTML (so that the
    Markdown around it takes it as one block)."""
    seats, keys = parse_block(text)
    mark = keys.get("mark") or _entry(lang, "guide.takes_trick", "nom")
    body = "".join(seat_html(lang, seat, mark) for seat in seats)
    caption = keys.get("caption")
    under = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    seats_html = f'<div class="cards-seats">{body}</div>'
    return f'<figure class="cards-example" lang="{lang}">{seats_html}{under}</figure>'


def with_card_pictures(source: str, lang: str) -> str:
    """A page's Markdown with each ``cards`` block made its picture (``block_html``)."""
    return BLOCK.sub(lambda found: "\n" + block_html(lang, found.group(1)) + "\n", source)
