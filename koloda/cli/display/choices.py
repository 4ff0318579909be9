"""The words of a decision's choices, from the action's record text (docs/records.md): the
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


RISKY_BIDS = ("bid:nil", "bid:double_nil")
"""Decisions asked again before they are made: a nil bid promises not a single trick."""


def decision_key(texts: list[str], has_cards: bool) -> str:
    """The catalogue key of the prompt for a decision whose legal actions read ``texts``
    (record text) and include cards when ``has_cards``: what the player chooses."""
    heads = {text.partition(":")[0] for text in texts}
    if has_cards:
        if "draw" in heads:
            return "tui.play_or_draw"
        return "tui.play_or_pass" if "pass" in heads else "tui.play_card"
    for head, key in (
        ("pass", "tui.keep_and_pass"),
        ("look", "tui.look_or_blind"),
        ("bid", "tui.your_bid"),
        ("order", "tui.choose_contract"),
        ("suit", "tui.name_suit"),
        ("trump", "tui.name_trump"),
    ):
        if head in heads:
            return key
    return "tui.choose"
