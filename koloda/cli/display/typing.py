"""What a person types at the terminal, in either mode: a card (``QH``, ``q♥``, ``10h``, or in
the player's language ``д♥``, ``дч``, ``тб``), a choice as the screen shows it (``3``,
``nil``, ``черви``) or as the record writes it, and the commands in English or Russian."""

from __future__ import annotations

from collections.abc import Sequence

from koloda.cli.display.choices import choice_label
from koloda.core.cards import RANK_NAMES, SUIT_LETTERS, parse_card
from koloda.core.engine import Action, AnyRules
from koloda.core.errors import KolodaError
from koloda.i18n import Speaker

COMMANDS = {
    "quit": ("q", "quit", "exit", "выход", "выйти"),
    "help": ("h", "help", "?", "помощь"),
    "sheet": ("sheet", "запись"),
    "undo": ("undo", "отмена"),
}
"""The commands and the words that say them (either language works at any table)."""


def typed_command(text: str) -> str | None:
    """The command ``text`` says (``quit``, ``help``, ``sheet``, ``undo``), else None."""
    said = text.strip().casefold()
    return next((name for name, words in COMMANDS.items() if said in words), None)


def typed_card(text: str, words: Speaker) -> int | None:
    """The card ``text`` names, if it is a whole card: a card code (``QH``, ``q♥``, ``10h``),
    or the rank and suit as the player's language writes them (``д♥``, ``дh``, ``дч`` for the
    queen of hearts, ``тб`` for the ace of diamonds: a suit by its word's first letter)."""
    text = text.strip()
    local = {words.rank_short(r).lower(): name for r, name in enumerate(RANK_NAMES)}
    suits = {words.suit(s)[:1].lower(): letter for s, letter in enumerate(SUIT_LETTERS)}
    rank, suit = text[:-1].lower(), text[-1:].lower()
    suit = suits.get(suit, suit)
    for candidate in (text, local.get(rank, rank) + suit):
        try:
            return parse_card(candidate)
        except KolodaError:
            continue
    return None


def said_choice(typed: str, choices: Sequence[tuple[int, str]]) -> int | None:
    """The choice the player typed as the screen shows it ("3", "nil", "черви", "♥ hearts")
    or as the record writes it ("bid:3"): ``choices`` are (action, label) pairs."""
    wanted = " ".join(typed.casefold().split())
    if not wanted:
        return None
    for action, label in choices:
        shown = " ".join(label.casefold().split())
        parts = shown.split(" ", 1)
        plain = parts[1] if len(parts) == 2 and not parts[0].isalnum() else shown
        if wanted in (shown, plain):
            return action
    return None


def typed_action(
    text: str, rules: AnyRules, legal: Sequence[Action], words: Speaker
) -> Action | None:
    """The move ``text`` says at a decision whose legal actions are ``legal``: a choice by its
    words, a card, or any action in the record's notation; None when it says none."""
    labels = [(a, choice_label(rules.format_action(a), words)) for a in legal]
    chosen = said_choice(text, labels)
    if chosen is not None:
        return chosen
    card = typed_card(text, words)
    if card is not None:
        return card
    try:
        return rules.parse_action(text.strip())
    except KolodaError:
        return None
