"""Spades in the terminal: the table as one seat sees it, partnership by partnership."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from koloda.cli.display import kit
from koloda.cli.display.summary import Trick, signed_points
from koloda.games.spades.actions import NO_BID, bid_text
from koloda.games.spades.rules import SpadesRules
from koloda.games.spades.view import SpadesView
from koloda.i18n import Speaker, upper_first

HELP_KEYS = (("cards", "tui.help_exchange"), ("moves", "tui.help_nil"))
"""What the keys' help adds in Spades: how cards marked for the exchange look, and that nil
and double nil ask to confirm."""
PROMPTS = (("look", "tui.look_or_blind"), ("bid", "tui.your_bid"))
"""The prompts of the bidding: look at the cards or bid double nil blind, then the bid."""
REFUSALS = (
    (r"first trick may not be led with a spade", "refuse.first_spade"),
    (r"spades may not be led until broken", "refuse.spades_unbroken"),
)
"""Spades' own reasons for refusing a lead (S-10, S-11), as the player is told them."""
CONFIRM = ("bid:nil", "bid:double_nil")
"""Asked again before they are made (``tui.confirm_nil``): a nil bid promises not a single
trick."""
PICKS = ("discard", "give")
"""The nil exchange's three cards at once, chosen with the card picker."""
HEADER_FLAGS = (("spades_broken", "ui.spades_broken"),)
"""Said on the table's top line once spades are broken."""
SIDE_COUNTS = (("bags", "ui.bags", False),)
"""A side's bags beside its total, once it has some."""


LEGAL_SHOWN = 24
"""The most legal moves listed (a bid of any number is one each); past them, the count."""


def describe(rules: SpadesRules, view: SpadesView, words: Speaker) -> Group:
    """The table as the seat of ``view`` sees it: the totals (and bags), each partnership's
    bids and tricks, the nil exchange, the trick and the hand (unless not looked at yet)."""
    lines: list[Text] = [_header(rules, view, words)]
    for side in (0, 1):
        lines.append(_side_line(side, view, words))
    if view.sent or view.received:
        lines.append(_exchange_line(rules, view, words))
    if view.plays or view.trick_leader is not None:
        trick = kit.trick_line(view.trick, words)
        if view.spades_broken:
            trick.append(kit.GAP + words.say("view.spades_broken"))
        lines.append(trick)
    if view.hand or view.picked_up[view.seat]:
        lines.append(kit.hand_line(words, kit.suited_hand(rules, view, view.hand, words)))
    else:
        lines.append(kit.hand_line(words, words.say("view.not_looked")))
    return Group(*lines, *kit.turn_lines(rules, view, words, LEGAL_SHOWN))


def _header(rules: SpadesRules, view: SpadesView, words: Speaker) -> Text:
    """The top line: the deal, the dealer, the partner, the totals and (counted) the bags."""
    us, them = view.totals[view.side], view.totals[1 - view.side]
    parts = [
        words.say("view.partner", seat=words.names[view.partner]),
        words.say("view.totals_us", us=us, them=them),
    ]
    if rules.options.bags_penalty:
        us, them = view.bags[view.side], view.bags[1 - view.side]
        parts.append(words.say("view.bags_us", us=us, them=them))
    return kit.header_line(words, view.deal, view.dealer, *parts)


def _side_line(side: int, view: SpadesView, words: Speaker) -> Text:
    """A partnership's bids, and the tricks each has taken and cards left face down."""
    parts = []
    for s in (side, side + 2):
        bid = "—" if view.bids[s] == NO_BID else bid_text(view.bids[s])
        if not bid.isdigit() and bid != "—":
            bid = words.word(f"bid.{bid}")  # nil, double nil: words, not record codes
        took = ", " + words.say("view.took", tricks=view.tricks_won[s]) if view.plays else ""
        table = (
            ", " + words.say("view.face_down", count=view.on_table[s]) if view.on_table[s] else ""
        )
        parts.append(words.say("view.player_bid", seat=words.names[s], bid=bid) + took + table)
    label = words.say("view.us" if side == view.side else "view.them")
    return Text(f"{label}: " + "; ".join(parts))


def _exchange_line(rules: SpadesRules, view: SpadesView, words: Speaker) -> Text:
    """The cards the nil exchange took from this seat and gave it."""
    exchange = Text(words.say("view.exchange") + " ")
    exchange.append(
        words.say("view.gave", cards=" ".join(rules.format_action(c) for c in view.sent))
    )
    if view.received:
        got = " ".join(rules.format_action(c) for c in view.received)
        exchange.append(", " + words.say("view.got", cards=got))
    return exchange


def deal_breakdown(
    rules: SpadesRules, line: Any, words: Speaker, tricks: Sequence[Trick], left: Sequence[int]
) -> list[str]:
    """How a deal's score came about, side by side: contract, bags, nil, penalties."""
    lines = []
    for side, score in enumerate(line.sides):
        contract = score.contract_points - score.overtricks  # a bag is a point of its own
        parts = [words.say("tui.sum.contract", points=signed_points(contract))]
        for key, value in (
            ("tui.sum.bags", score.overtricks),
            ("tui.sum.nil", score.nil_points),
            ("tui.sum.bag_penalty", score.bag_penalty),
        ):
            if value:
                parts.append(words.say(key, points=signed_points(value)))
        if score.lost_score:
            parts.append(words.say("tui.sum.lost_score"))
        said = words.say(
            "tui.sum.side",
            side=upper_first(words.side_name(side)),
            score=signed_points(score.score),
            parts=", ".join(parts),
        )
        lines.append(said)
    return lines
