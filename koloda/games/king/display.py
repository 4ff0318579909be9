"""King in the terminal: the table as one seat sees it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from koloda.cli.display import kit
from koloda.cli.display.cards import styled_suit
from koloda.cli.display.summary import Trick, signed_points
from koloda.games.king.actions import CONTRACT_KEYS
from koloda.games.king.rules import KingRules
from koloda.games.king.scoring import HEARTS_MASK, JACKS, KING_OF_HEARTS_BIT, QUEENS
from koloda.games.king.view import KingView
from koloda.i18n import Speaker, upper_first

PROMPTS = (("order", "tui.choose_contract"), ("trump", "tui.name_trump"))
"""The prompts of King's decisions: ordering a contract, naming trump."""
REFUSALS = (
    (r"void in (?P<suit>[SHDC]): must play a trump", "refuse.trump"),
    (r"K♥ must be discarded", "refuse.king_of_hearts"),
    (r"only the caller may lead trump", "refuse.caller_trump"),
    (r"may not lead a heart", "refuse.lead_heart"),
)
"""King's own reasons for refusing a card (K-8, K-9, K-17, K-18), as the player is told
them."""


def describe(rules: KingRules, view: KingView, words: Speaker) -> Group:
    """The table as the seat of ``view`` sees it: the contract and trump, the trick, the
    hand (a preview before the contract is ordered, where the variant shows one)."""
    contract = words.say("view.not_ordered")
    if view.contract is not None:
        key = CONTRACT_KEYS[view.contract]
        contract = words.word(f"contract.{key}")  # in words, not the record key
    game = words.say("view.game", game=contract)
    lines: list[Text] = [kit.header_line(words, view.deal, view.dealer, game)]
    if view.trump is not None:
        lines.append(_trump_line(view.trump, view, words))
    if view.plays or view.trick_leader is not None:
        lines.append(kit.trick_line(view.trick, words))
        lines.append(kit.tricks_taken_line(view.tricks_won, words))
    label = "view.preview" if view.is_preview else "view.your_hand"
    lines.append(kit.hand_line(words, kit.suited_hand(rules, view, view.hand, words), label))
    return Group(*lines, *kit.turn_lines(rules, view, words))


def _trump_line(suit: int, view: KingView, words: Speaker) -> Text:
    """The trump ``suit``, whether it is the last card's, and who called it."""
    trump = Text(words.say("view.trump") + " ")
    trump.append_text(styled_suit(suit))
    if view.by_last:
        trump.append(" " + words.say("view.by_last"))
    if view.declarer is not None:
        trump.append(kit.GAP + words.say("view.called_by", seat=words.names[view.declarer]))
    return trump


def deal_breakdown(
    rules: KingRules, line: Any, words: Speaker, tricks: Sequence[Trick], left: Sequence[int]
) -> list[str]:
    """What each player took in the deal and what it cost him."""
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
        lines.append(words.say("tui.sum.took", seat=name, what=what, points=signed_points(points)))
    return lines
