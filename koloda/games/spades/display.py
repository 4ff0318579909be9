"""Spades in the terminal: the table as one seat sees it, partnership by partnership."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from koloda.cli.display.cards import hand_by_suit, playable_cards, styled_card
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


def describe(rules: SpadesRules, view: SpadesView, words: Speaker) -> Group:
    names = words.names
    lines: list[Text] = []
    header = Text(words.say("view.deal_number", number=view.deal + 1), style="bold")
    header.append("   " + words.say("view.dealer", seat=names[view.dealer]))
    header.append("   " + words.say("view.partner", seat=names[view.partner]))
    us, them = view.totals[view.side], view.totals[1 - view.side]
    header.append("   " + words.say("view.totals_us", us=us, them=them))
    if rules.options.bags_penalty:
        us, them = view.bags[view.side], view.bags[1 - view.side]
        header.append("   " + words.say("view.bags_us", us=us, them=them))
    lines.append(header)
    for side in (0, 1):
        seats = (side, side + 2)
        parts = []
        for s in seats:
            bid = "—" if view.bids[s] == NO_BID else bid_text(view.bids[s])
            if not bid.isdigit() and bid != "—":
                bid = words.word(f"bid.{bid}")  # nil, double nil: words, not record codes
            took = ", " + words.say("view.took", tricks=view.tricks_won[s]) if view.plays else ""
            table = (
                ", " + words.say("view.face_down", count=view.on_table[s])
                if view.on_table[s]
                else ""
            )
            parts.append(words.say("view.player_bid", seat=names[s], bid=bid) + took + table)
        label = words.say("view.us" if side == view.side else "view.them")
        lines.append(Text(f"{label}: " + "; ".join(parts)))
    if view.sent or view.received:
        exchange = Text(words.say("view.exchange") + " ")
        exchange.append(
            words.say("view.gave", cards=" ".join(rules.format_action(c) for c in view.sent))
        )
        if view.received:
            exchange.append(
                ", "
                + words.say(
                    "view.got", cards=" ".join(rules.format_action(c) for c in view.received)
                )
            )
        lines.append(exchange)
    if view.plays or view.trick_leader is not None:
        trick = Text(words.say("view.trick") + " ")
        if view.trick:
            for seat, card in view.trick:
                trick.append(f"{names[seat]} ")
                trick.append_text(styled_card(card, words))
                trick.append("  ")
        else:
            trick.append(words.say("view.empty"))
        trick.rstrip()
        if view.spades_broken:
            trick.append("   " + words.say("view.spades_broken"))
        lines.append(trick)
    hand = Text(words.say("view.your_hand") + " ", style="bold")
    if view.hand or view.picked_up[view.seat]:
        playable = playable_cards(view.legal_actions, rules.info.is_card_action)
        hand.append_text(hand_by_suit(view.hand, words=words, playable=playable))
    else:
        hand.append(words.say("view.not_looked"))
    lines.append(hand)
    if view.to_act is not None:
        lines.append(Text(words.say("view.to_act", seat=names[view.to_act]), style="italic"))
    if view.legal_actions:
        legal = Text(words.say("view.legal") + " ")
        shown = [rules.format_action(a) for a in view.legal_actions[:24]]
        if len(view.legal_actions) > 24:
            shown.append(words.say("view.in_all", count=len(view.legal_actions)))
        legal.append(", ".join(shown))
        lines.append(legal)
    return Group(*lines)


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
