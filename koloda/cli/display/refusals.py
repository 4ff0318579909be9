"""Why a move is refused, in the player's words: the engine's reason (rule notation, "must
follow suit C (K-5, K-17)") said as a card player would ("You must follow clubs: K♣"), with
what may be played instead."""

from __future__ import annotations

import re
from collections.abc import Sequence

from koloda.cli.display import display_pairs
from koloda.cli.display.choices import choice_label
from koloda.core.cards import SUIT_LETTERS
from koloda.core.engine import AnyRules
from koloda.core.presentation import Param, SuitRef
from koloda.i18n import Speaker, upper_first

REASONS: tuple[tuple[str, str], ...] = (
    (r"must follow suit (?P<suit>[SHDC])\b", "refuse.follow"),
    (r"is not in the hand|not in the hand", "refuse.not_held"),
)
"""The engine's reasons every trick game may give (both engines word them alike) and the
catalogue's way to say them; a game's display adds its own (``REFUSALS``), tried first."""


def legal_in_words(rules: AnyRules, legal: Sequence[int], words: Speaker) -> str:
    """The legal actions as the table shows them: cards as ``K♣`` (ranks in the reader's
    language), other moves by their labels."""
    cards = [words.card(a) for a in sorted(legal, key=_hand_order) if rules.info.is_card_action(a)]
    others = [
        choice_label(rules.format_action(a), words)
        for a in legal
        if not rules.info.is_card_action(a)
    ]
    return ", ".join(([" ".join(cards)] if cards else []) + others)


def _hand_order(card: int) -> tuple[int, int]:
    """As the hand shows them: by suit, the highest first."""
    return card >> 4, -(card & 15)


def refusal(rules: AnyRules, action: int, reason: str, legal: Sequence[int], words: Speaker) -> str:
    """One line saying why ``action`` may not be made (``reason``: the engine's) and what
    may be (``legal``)."""
    key, params = "refuse.other", dict[str, Param]()
    for pattern, said in (*display_pairs(rules, "REFUSALS"), *REASONS):
        found = re.search(pattern, reason)
        if found is not None:
            key = said
            if "suit" in found.groupdict():
                params["suit"] = SuitRef(SUIT_LETTERS.index(found.group("suit")))
            break
    card = words.card(action) if rules.info.is_card_action(action) else ""
    line = words.say(f"tui.{key}", card=card, legal=legal_in_words(rules, legal, words), **params)
    return upper_first(line)
