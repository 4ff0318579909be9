"""The words of a decision's choices, from the action's record text (records.md): the
catalogue's words for contracts, suits, bids and actions, the text itself otherwise."""

from __future__ import annotations

from koloda.core.cards import SUIT_LETTERS, SUIT_SYMBOLS
from koloda.i18n import Speaker

PICKS = ("discard", "give")
"""Decisions of three cards at once (Spades' nil exchange): chosen with the card picker."""


def pick_kind(text: str) -> str | None:
    """``discard`` / ``give`` for a three-card action's text, else None."""
    head, sep, _ = text.partition(":")
    return head if sep and head in PICKS else None


def _known(words: Speaker, key: str) -> bool:
    return words.catalogue.get(key) is not None or words.english.get(key) is not None


def choice_label(text: str, words: Speaker) -> str:
    """A decision for people: ``order:no_tricks`` → "no tricks", ``trump:H`` → "♥ hearts",
    ``bid:nil`` → "Nil", ``bid:5`` → "5", ``draw`` → "Draw"."""
    head, sep, rest = text.partition(":")
    if not sep:
        key = f"action.{head}"
        return words.word(key) if _known(words, key) else text
    if head == "order" and _known(words, f"contract.{rest}"):
        return words.word(f"contract.{rest}")
    if head in ("trump", "suit") and rest in SUIT_LETTERS:
        return f"{SUIT_SYMBOLS[SUIT_LETTERS.index(rest)]} {words.suit(SUIT_LETTERS.index(rest))}"
    if head == "trump" and rest == "last":
        return words.word("action.trump_last")
    if head == "bid":
        if _known(words, f"action.{rest}"):
            return words.word(f"action.{rest}")
        return rest
    if head in PICKS:
        return words.word(f"action.{head}")
    return text
