"""The words of a decision's choices, from the action's record text (docs/records.md): the
catalogue's words for contracts, suits, bids and actions, the text itself otherwise."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from koloda.cli.display import display_pairs
from koloda.core.cards import SUIT_LETTERS, SUIT_SYMBOLS
from koloda.core.engine import AnyRules
from koloda.i18n import Speaker


def pick_kind(text: str, picks: Collection[str]) -> str | None:
    """The head of a several-card action's text (``discard:QS,JH,2C`` → ``discard``) when
    it is one of the game's ``picks`` (its display's ``PICKS``), else None."""
    head, sep, _ = text.partition(":")
    return head if sep and head in picks else None


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
    if _known(words, f"action.{head}"):
        return words.word(f"action.{head}")  # several cards at once: the picker's word
    return text


def decision_key(rules: AnyRules, texts: list[str], has_cards: bool) -> str:
    """The catalogue key of the prompt for a decision whose legal actions read ``texts``
    (record text) and include cards when ``has_cards``: what the player chooses, as the
    game's display words it (its ``PROMPTS`` and ``CARD_PROMPTS`` by action head)."""
    heads = {text.partition(":")[0] for text in texts}
    if has_cards:
        return _first(display_pairs(rules, "CARD_PROMPTS"), heads, "tui.play_card")
    return _first(display_pairs(rules, "PROMPTS"), heads, "tui.choose")


def _first(prompts: Sequence[tuple[str, str]], heads: Collection[str], default: str) -> str:
    """The key of the first prompt whose head is among ``heads``, else ``default``."""
    return next((key for head, key in prompts if head in heads), default)
