"""101 in the terminal: the table as one seat sees it, with what happened since its turn."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from koloda.cli.display import kit
from koloda.cli.display.cards import playable_cards, styled_card, styled_suit
from koloda.cli.display.summary import Trick
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
    """The table as the seat of ``view`` sees it: the totals, what happened since its turn,
    the top card with the suit to follow, the hand as held and the card just drawn."""
    totals = words.say("view.totals", totals=kit.by_seat(view.totals, words, sep=" "))
    lines: list[Text] = [kit.header_line(words, view.deal, view.dealer, totals)]
    lines += [Text("  " + step, style="dim") for step in recent(view, words)]
    if view.top is not None:
        lines.append(_table_line(view.top, view, words))
        sizes = kit.by_seat(view.hand_sizes, words)
        lines.append(Text(words.say("view.hand_sizes", sizes=sizes)))
    playable = playable_cards(view.legal_actions, rules.info.is_card_action)
    lines.append(kit.hand_line(words, hand_as_held(view.hand, words, playable)))
    if view.drawn is not None:
        drawn = Text(words.say("view.you_drew") + " ")
        drawn.append_text(styled_card(view.drawn, words))
        lines.append(drawn)
    return Group(*lines, *kit.turn_lines(rules, view, words))


def _table_line(top: int, view: HundredOneView, words: Speaker) -> Text:
    """The ``top`` card, the suit to follow (and whether it was named), the stock and pile."""
    table = Text(words.say("view.top") + " ")
    table.append_text(styled_card(top, words))
    if view.suit is not None:
        table.append(kit.GAP + words.say("view.follow") + " ")
        table.append_text(styled_suit(view.suit))
        if view.named:
            table.append(" " + words.say("view.named"))
    table.append(kit.GAP + words.say("view.stock", stock=view.stock_size, pile=len(view.pile)))
    return table


def hand_as_held(cards: Sequence[int], words: Speaker, playable: Collection[int]) -> Text:
    """The cards in the order held (101 plays to the top card, not by suit), those that may
    be played in brackets and the others dimmed while some may."""
    hand = Text()
    for index, card in enumerate(cards):
        if index:
            hand.append(" ")
        shown = styled_card(card, words)
        if card in playable:  # by shape as well as by shade
            shown = Text.assemble("[", shown, "]")
        elif playable:
            shown.stylize("dim")
        hand.append_text(shown)
    return hand


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
