"""Spades in the terminal: the table as one seat sees it, partnership by partnership."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from koloda.cli.display.cards import hand_by_suit, styled_card
from koloda.games.spades.actions import NO_BID, bid_text
from koloda.games.spades.rules import SpadesRules
from koloda.games.spades.view import SpadesView
from koloda.i18n import Speaker


def describe(rules: SpadesRules, view: SpadesView, words: Speaker) -> Group:
    names = words.names
    lines: list[Text] = []
    header = Text(f"Hand {view.deal + 1}", style="bold")
    header.append(f"   dealer: {names[view.dealer]}   partner: {names[view.partner]}")
    header.append(f"   totals: us {view.totals[view.side]}, them {view.totals[1 - view.side]}")
    if rules.options.bags_penalty:
        header.append(f"   bags: us {view.bags[view.side]}, them {view.bags[1 - view.side]}")
    lines.append(header)
    for side in (0, 1):
        seats = (side, side + 2)
        parts = []
        for s in seats:
            bid = "—" if view.bids[s] == NO_BID else bid_text(view.bids[s])
            took = f", took {view.tricks_won[s]}" if view.plays else ""
            table = f", {view.on_table[s]} face down" if view.on_table[s] else ""
            parts.append(f"{names[s]}: bid {bid}{took}{table}")
        label = "us" if side == view.side else "them"
        lines.append(Text(f"{label}: " + "; ".join(parts)))
    if view.sent or view.received:
        exchange = Text("exchange: ")
        exchange.append("gave " + " ".join(rules.format_action(c) for c in view.sent))
        if view.received:
            exchange.append(", got " + " ".join(rules.format_action(c) for c in view.received))
        lines.append(exchange)
    if view.plays or view.trick_leader is not None:
        trick = Text("trick: ")
        if view.trick:
            for seat, card in view.trick:
                trick.append(f"{names[seat]} ")
                trick.append_text(styled_card(card))
                trick.append("  ")
        else:
            trick.append("(empty)")
        if view.spades_broken:
            trick.append("   spades broken")
        lines.append(trick)
    hand = Text("your hand: ", style="bold")
    if view.hand or view.picked_up[view.seat]:
        hand.append_text(hand_by_suit(view.hand))
    else:
        hand.append("(not looked at yet: look, or bid:double_nil blind)")
    lines.append(hand)
    if view.to_act is not None:
        lines.append(Text(f"to act: {names[view.to_act]}", style="italic"))
    if view.legal_actions:
        legal = Text("legal: ")
        shown = [rules.format_action(a) for a in view.legal_actions[:24]]
        if len(view.legal_actions) > 24:
            shown.append(f"… ({len(view.legal_actions)} in all)")
        legal.append(", ".join(shown))
        lines.append(legal)
    return Group(*lines)
