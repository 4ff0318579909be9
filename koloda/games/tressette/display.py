"""Tressette in the terminal: the table as one seat sees it, declarations and score included."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text

from koloda.cli.display import kit
from koloda.cli.display.cards import styled_card
from koloda.core.presentation import Phrase, SeatRef
from koloda.games.tressette.declarations import Declaration
from koloda.games.tressette.events import declaration_phrase
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import STRENGTH
from koloda.games.tressette.view import TressetteView
from koloda.i18n import Speaker

SIDE_COUNTS = (("points", "ui.points_to_21", True),)
"""A side's points toward the game of 21 beside its group total."""


def describe(rules: TressetteRules, view: TressetteView, words: Speaker) -> Group:
    """The table as the seat of ``view`` sees it: the points and games won, the
    declarations, the trick (the last one taken while the table is empty) and the hand by
    Tressette's strength."""
    parts = [words.say("view.first_lead", seat=words.names[view.leader])]
    if rules.options.hearts_special:
        parts.append(words.say("view.hearts_special"))
    lines: list[Text] = [
        kit.header_line(words, view.deal, view.dealer, *parts),
        *_score(view, words),
    ]
    for seat, declared in enumerate(view.declarations):
        if declared:
            lines.append(_declared_line(seat, declared, words))
    if view.plays or view.trick_leader is not None:
        if view.trick or len(view.plays) < 4:
            lines.append(kit.trick_line(view.trick, words))
        else:
            lines.append(kit.trick_line(view.plays[-4:], words, "view.last_trick"))
        lines.append(kit.tricks_taken_line(view.tricks_won, words))
    hand = kit.suited_hand(rules, view, view.hand, words, STRENGTH.__getitem__)
    lines.append(kit.hand_line(words, hand))
    return Group(*lines, *kit.turn_lines(rules, view, words))


def _score(view: TressetteView, words: Speaker) -> list[Text]:
    """The sides' points in the game and the deal, then the games won and the group totals."""
    sides = (words.side_name(0), words.side_name(1))
    score = Text(words.say("view.game_points") + " ")
    score.append(f"{sides[0]} {view.points[0]}  —  {sides[1]} {view.points[1]}")
    score.append(
        kit.GAP + words.say("view.this_deal", a=view.deal_points[0], b=view.deal_points[1])
    )
    won = ", ".join(f"{sides[g.winner]} {g.value}" for g in view.games) or words.say(
        "view.none_yet"
    )
    group = words.say("view.group_totals", a=view.totals[0], b=view.totals[1])
    return [score, Text(words.say("view.games_won", games=won) + kit.GAP + group)]


def _declared_line(seat: int, declared: Sequence[Declaration], words: Speaker) -> Text:
    """What ``seat`` declared, in words, then the cards it showed, strongest first."""
    line = Text(words.sentence(Phrase("view.declared", {"seat": SeatRef(seat)})) + " ")
    line.append(", ".join(words.phrase(declaration_phrase(d)) for d in declared))
    line.append("  [")
    shown = sorted({c for d in declared for c in d.cards}, key=lambda c: -STRENGTH[c])
    for index, card in enumerate(shown):
        if index:
            line.append(" ")
        line.append_text(styled_card(card, words))
    line.append("]")
    return line
