"""Tressette in the terminal: the table as one seat sees it, declarations and score included."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from koloda.cli.display.cards import hand_by_suit, styled_card
from koloda.games.tressette.events import declaration_phrase
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import STRENGTH
from koloda.games.tressette.view import TressetteView
from koloda.i18n import Speaker


def describe(rules: TressetteRules, view: TressetteView, words: Speaker) -> Group:
    names = words.names
    sides = (words.side_name(0), words.side_name(1))
    lines: list[Text] = []
    header = Text(f"Deal {view.deal + 1}", style="bold")
    header.append(f"   dealer: {names[view.dealer]}   first lead: {names[view.leader]}")
    if rules.options.hearts_special:
        header.append("   ♥ beat other suits (not ♥6 ♥5 ♥4)")
    lines.append(header)
    score = Text("game points: ")
    score.append(f"{sides[0]} {view.points[0]}  —  {sides[1]} {view.points[1]}")
    score.append(f"   (this deal: {view.deal_points[0]} : {view.deal_points[1]})")
    lines.append(score)
    won = ", ".join(f"{sides[g.winner]} {g.value}" for g in view.games) or "none yet"
    lines.append(Text(f"games won: {won}   group totals: {view.totals[0]} : {view.totals[1]}"))
    for seat, declared in enumerate(view.declarations):
        if declared:
            line = Text(f"{names[seat]} declared: ")
            line.append(", ".join(words.phrase(declaration_phrase(d)) for d in declared))
            line.append("  [")
            for card in sorted({c for d in declared for c in d.cards}, key=lambda c: -STRENGTH[c]):
                line.append_text(styled_card(card))
                line.append(" ")
            line.append("]")
            lines.append(line)
    if view.plays or view.trick_leader is not None:
        trick = Text("trick: ")
        if view.trick:
            for seat, card in view.trick:
                trick.append(f"{names[seat]} ")
                trick.append_text(styled_card(card))
                trick.append("  ")
        elif len(view.plays) >= 4:
            trick = Text("last trick: ")
            for seat, card in view.plays[-4:]:
                trick.append(f"{names[seat]} ")
                trick.append_text(styled_card(card))
                trick.append("  ")
        else:
            trick.append("(empty)")
        lines.append(trick)
        taken = "  ".join(f"{names[s]}: {t}" for s, t in enumerate(view.tricks_won))
        lines.append(Text(f"tricks taken: {taken}"))
    hand = Text("your hand: ", style="bold")
    hand.append_text(hand_by_suit(view.hand, STRENGTH.__getitem__))
    lines.append(hand)
    if view.to_act is not None:
        lines.append(Text(f"to play: {names[view.to_act]}", style="italic"))
    if view.legal_actions:
        legal = Text("legal: ")
        legal.append(", ".join(rules.format_action(a) for a in view.legal_actions))
        lines.append(legal)
    return Group(*lines)
