"""Tressette in the terminal: the table as one seat sees it, declarations and score included."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from koloda.cli.display.cards import hand_by_suit, playable_cards, styled_card
from koloda.core.presentation import Phrase, SeatRef
from koloda.games.tressette.events import declaration_phrase
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import STRENGTH
from koloda.games.tressette.view import TressetteView
from koloda.i18n import Speaker

SIDE_COUNTS = (("points", "ui.points_to_21", True),)
"""A side's points toward the game of 21 beside its group total."""


def describe(rules: TressetteRules, view: TressetteView, words: Speaker) -> Group:
    names = words.names
    sides = (words.side_name(0), words.side_name(1))
    lines: list[Text] = []
    header = Text(words.say("view.deal_number", number=view.deal + 1), style="bold")
    header.append("   " + words.say("view.dealer", seat=names[view.dealer]))
    header.append("   " + words.say("view.first_lead", seat=names[view.leader]))
    if rules.options.hearts_special:
        header.append("   " + words.say("view.hearts_special"))
    lines.append(header)
    score = Text(words.say("view.game_points") + " ")
    score.append(f"{sides[0]} {view.points[0]}  —  {sides[1]} {view.points[1]}")
    score.append("   " + words.say("view.this_deal", a=view.deal_points[0], b=view.deal_points[1]))
    lines.append(score)
    won = ", ".join(f"{sides[g.winner]} {g.value}" for g in view.games) or words.say(
        "view.none_yet"
    )
    group = words.say("view.group_totals", a=view.totals[0], b=view.totals[1])
    lines.append(Text(words.say("view.games_won", games=won) + "   " + group))
    for seat, declared in enumerate(view.declarations):
        if declared:
            line = Text(words.sentence(Phrase("view.declared", {"seat": SeatRef(seat)})) + " ")
            line.append(", ".join(words.phrase(declaration_phrase(d)) for d in declared))
            line.append("  [")
            shown = sorted({c for d in declared for c in d.cards}, key=lambda c: -STRENGTH[c])
            for index, card in enumerate(shown):
                if index:
                    line.append(" ")
                line.append_text(styled_card(card, words))
            line.append("]")
            lines.append(line)
    if view.plays or view.trick_leader is not None:
        trick = Text(words.say("view.trick") + " ")
        if view.trick:
            for seat, card in view.trick:
                trick.append(f"{names[seat]} ")
                trick.append_text(styled_card(card, words))
                trick.append("  ")
        elif len(view.plays) >= 4:
            trick = Text(words.say("view.last_trick") + " ")
            for seat, card in view.plays[-4:]:
                trick.append(f"{names[seat]} ")
                trick.append_text(styled_card(card, words))
                trick.append("  ")
        else:
            trick.append(words.say("view.empty"))
        trick.rstrip()
        lines.append(trick)
        taken = "  ".join(f"{names[s]}: {t}" for s, t in enumerate(view.tricks_won))
        lines.append(Text(words.say("view.tricks_taken", tricks=taken)))
    hand = Text(words.say("view.your_hand") + " ", style="bold")
    playable = playable_cards(view.legal_actions, rules.info.is_card_action)
    hand.append_text(hand_by_suit(view.hand, STRENGTH.__getitem__, words, playable))
    lines.append(hand)
    if view.to_act is not None:
        lines.append(Text(words.say("view.to_act", seat=names[view.to_act]), style="italic"))
    if view.legal_actions:
        legal = Text(words.say("view.legal") + " ")
        legal.append(", ".join(rules.format_action(a) for a in view.legal_actions))
        lines.append(legal)
    return Group(*lines)
