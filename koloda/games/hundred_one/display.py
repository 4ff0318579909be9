"""101 in the terminal: the table as one seat sees it, with what happened since its turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from koloda.cli.display.cards import SUIT_STYLES, playable_cards, styled_card
from koloda.cli.display.summary import Trick
from koloda.core.cards import SUIT_SYMBOLS
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef
from koloda.games.hundred_one.actions import DRAW, DREW, NOTHING, PASS, RESTOCK, SUIT_BASE
from koloda.games.hundred_one.rules import HundredOneRules
from koloda.games.hundred_one.scoring import penalty_table
from koloda.games.hundred_one.view import HundredOneView
from koloda.i18n import Speaker

PROMPTS = (("pass", "tui.keep_and_pass"), ("suit", "tui.name_suit"))
"""The prompts of 101's decisions without a card: keep the drawn card and pass, name a suit
after a queen."""
CARD_PROMPTS = (("draw", "tui.play_or_draw"), ("pass", "tui.play_or_pass"))
"""The prompts of a turn with cards: play one or draw, or play the drawn card or pass."""
REFUSALS = (
    (r"only the drawn card may be played", "refuse.drawn_only"),
    (r"does not match the top card", "refuse.no_match"),
    (r"playable card other than a queen must play", "refuse.must_play"),
)
"""101's own reasons for refusing a move (H-4, H-8, H-10), as the player is told them."""
SCOREBOARD_NOTE = "ui.hundred_one_note"
"""Under the scoreboard: whoever reaches 101 loses."""


def log_phrase(entry: int) -> Phrase:
    """One public step of the hand, said with the events' words."""
    seat, code = SeatRef(entry >> 8), entry & 255
    if code < SUIT_BASE:
        return Phrase("event.card_played", {"seat": seat, "card": CardRef(code)})
    if code < SUIT_BASE + 4:
        return Phrase("event.suit_named", {"seat": seat, "suit": SuitRef(code - SUIT_BASE)})
    if code == DRAW:
        return Phrase("log.draw", {"seat": seat})
    if code == DREW:
        return Phrase("event.card_drawn", {"seat": seat, "card": CardRef(-1)})
    if code == PASS:
        return Phrase("event.passed", {"seat": seat})
    if code == NOTHING:
        return Phrase("event.nothing_to_draw", {"seat": seat})
    if code == RESTOCK:
        return Phrase("log.restocked")
    return Phrase(f"<{entry}>")


def recent(view: HundredOneView, words: Speaker, limit: int = 12) -> list[str]:
    """The public steps since this seat last acted (at most ``limit``)."""
    steps: list[str] = []
    for entry in reversed(view.log):
        if entry & 255 != RESTOCK and entry >> 8 == view.seat and entry & 255 != DREW and steps:
            break
        steps.append(words.sentence(log_phrase(entry)))
        if len(steps) >= limit:
            break
    return list(reversed(steps))


def describe(rules: HundredOneRules, view: HundredOneView, words: Speaker) -> Group:
    names = words.names
    lines: list[Text] = []
    header = Text(words.say("view.deal_number", number=view.deal + 1), style="bold")
    header.append("   " + words.say("view.dealer", seat=names[view.dealer]))
    totals = "  ".join(f"{names[s]} {t}" for s, t in enumerate(view.totals))
    header.append("   " + words.say("view.totals", totals=totals))
    lines.append(header)
    for step in recent(view, words):
        lines.append(Text("  " + step, style="dim"))
    if view.top is not None:
        table = Text(words.say("view.top") + " ")
        table.append_text(styled_card(view.top, words))
        if view.suit is not None:
            table.append("   " + words.say("view.follow") + " ")
            table.append(SUIT_SYMBOLS[view.suit], style=SUIT_STYLES[view.suit])
            if view.named:
                table.append(" " + words.say("view.named"))
        table.append("   " + words.say("view.stock", stock=view.stock_size, pile=len(view.pile)))
        lines.append(table)
        sizes = "  ".join(f"{names[s]}: {k}" for s, k in enumerate(view.hand_sizes))
        lines.append(Text(words.say("view.hand_sizes", sizes=sizes)))
    hand = Text(words.say("view.your_hand") + " ", style="bold")
    playable = playable_cards(view.legal_actions, rules.info.is_card_action)
    for index, card in enumerate(view.hand):
        if index:
            hand.append(" ")
        shown = styled_card(card, words)
        if card in playable:  # by shape as well as by shade
            shown = Text.assemble("[", shown, "]")
        elif playable:
            shown.stylize("dim")
        hand.append_text(shown)
    lines.append(hand)
    if view.drawn is not None:
        drawn = Text(words.say("view.you_drew") + " ")
        drawn.append_text(styled_card(view.drawn, words))
        lines.append(drawn)
    if view.to_act is not None:
        lines.append(Text(words.say("view.to_act", seat=names[view.to_act]), style="italic"))
    if view.legal_actions:
        legal = Text(words.say("view.legal") + " ")
        legal.append(", ".join(rules.format_action(a) for a in view.legal_actions))
        lines.append(legal)
    return Group(*lines)


def deal_breakdown(
    rules: HundredOneRules,
    line: Any,
    words: Speaker,
    tricks: Sequence[Trick],
    left: Sequence[int],
) -> list[str]:
    """Who went out (on a queen or not) and the reader's cards counted against him."""
    key = "tui.sum.out_on_queen" if line.out_on_queen else "tui.sum.out"
    lines = [words.sentence(Phrase(key, {"seat": SeatRef(line.out)}))]
    me = words.viewer
    if me is not None and me != line.out and left:
        table = penalty_table(rules.options)
        cards = ", ".join(f"{words.card(c)} {table[c]}" for c in left)
        lines.append(words.say("tui.sum.counted", cards=cards, points=line.scores[me]))
    return lines
