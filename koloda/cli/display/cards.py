"""Cards for the terminal: suit colours and hands sorted by suit, shared by every game."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from rich.text import Text

from koloda.core.cards import SUIT_SYMBOLS, SUITS, pretty_card
from koloda.i18n import Speaker

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")


def card_label(card: int, words: Speaker | None = None) -> str:
    """``Q♥``, or with ``words`` the rank as the reader's language writes it (``Д♥``)."""
    return words.card(card) if words is not None else pretty_card(card)


def styled_card(card: int, words: Speaker | None = None) -> Text:
    return Text(card_label(card, words), style=SUIT_STYLES[card >> 4])


def styled_suit(suit: int) -> Text:
    """A suit's symbol in its colour (``♥`` in red)."""
    return Text(SUIT_SYMBOLS[suit], style=SUIT_STYLES[suit])


def hand_by_suit(
    cards: Sequence[int],
    strength: Callable[[int], int] | None = None,
    words: Speaker | None = None,
    playable: Collection[int] = (),
) -> Text:
    """The hand by suit (♠ ♥ ♦ ♣), strongest first within a suit (ace-high by default); the
    ranks as ``words``' language writes them, the ``playable`` cards in brackets (``[K]``)
    and the others dimmed while some are playable."""
    key = strength or (lambda card: card)
    text = Text()
    for suit in SUITS:
        in_suit = sorted((c for c in cards if c >> 4 == suit), key=key, reverse=True)
        if not in_suit:
            continue
        if text:
            text.append("   ")
        text.append_text(styled_suit(suit))
        for card in in_suit:
            text.append(" ")
            text.append_text(marked_rank(card, words, playable))
    return text or Text("(no cards)")


def playable_cards(legal: Iterable[int], is_card: Callable[[int], bool]) -> frozenset[int]:
    """The cards among the legal actions."""
    return frozenset(a for a in legal if is_card(a))


def marked_rank(card: int, words: Speaker | None, playable: Collection[int]) -> Text:
    """A card's rank, in brackets when it may be played, dimmed when others may."""
    rank = card_label(card, words)[:-1]
    if card in playable:
        return Text(f"[{rank}]", style="bold")
    return Text(rank, style="dim" if playable else "")
