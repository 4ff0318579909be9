"""The lines every game's table shows, in one place: the top line with the deal and its
dealer, the trick on the table, the tricks taken, the hand with the cards that may be played,
and whose turn it is with the legal moves. A game's display puts them together with its own
lines (King's contract and trump, Spades' bids, 101's top card, Tressette's declarations) and
says its differences by their arguments: Tressette shows the last trick while the table is
empty (``label``), sorts a hand by its own strength (``strength``), Spades cuts a long list of
bids short (``most``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from rich.text import Text

from koloda.cli.display.cards import hand_by_suit, playable_cards, styled_card
from koloda.core.engine import AnyRules
from koloda.i18n import Speaker

Play = tuple[int, int]
"""A card on the table and the seat that played it."""

GAP = "   "
"""What stands between the parts of one line (the top line's deal, dealer, totals …)."""


class TurnView(Protocol):
    """What the turn's lines read of a view: who is to act and what may be done."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def legal_actions(self) -> Sequence[int]: ...


def header_line(words: Speaker, deal: int, dealer: int | None, *parts: str) -> Text:
    """The table's top line: the deal (counted from one), its dealer where there is one, then
    the game's own ``parts`` (said already), each a gap apart."""
    header = Text(words.say("view.deal_number", number=deal + 1), style="bold")
    if dealer is not None:
        header.append(GAP + words.say("view.dealer", seat=words.names[dealer]))
    for part in parts:
        header.append(GAP + part)
    return header


def by_seat(
    values: Iterable[object], words: Speaker, sep: str = ": ", skip: int | None = None
) -> str:
    """A count for each seat after its name (``Ann: 3  Bob: 5``), but for the seat ``skip``."""
    return "  ".join(f"{words.names[s]}{sep}{v}" for s, v in enumerate(values) if s != skip)


def trick_line(plays: Sequence[Play], words: Speaker, label: str = "view.trick") -> Text:
    """The cards on the table, each after the name of who played it (``trick: Ann K♠  Bob
    7♠``), or that it is empty; ``label``: the catalogue key of what the cards are (the trick
    in play, or the last one taken)."""
    line = Text(words.say(label) + " ")
    for seat, card in plays:
        line.append(f"{words.names[seat]} ")
        line.append_text(styled_card(card, words))
        line.append("  ")
    if not plays:
        line.append(words.say("view.empty"))
    line.rstrip()
    return line


def tricks_taken_line(taken: Iterable[object], words: Speaker) -> Text:
    """How many tricks each seat has taken (``tricks taken: Ann: 2  Bob: 1``)."""
    return Text(words.say("view.tricks_taken", tricks=by_seat(taken, words)))


def hand_line(words: Speaker, shown: Text | str, label: str = "view.your_hand") -> Text:
    """The seat's hand after its label (``label``: the catalogue key), as the game shows it."""
    line = Text(words.say(label) + " ", style="bold")
    line.append(shown)
    return line


def suited_hand(
    rules: AnyRules,
    view: TurnView,
    cards: Sequence[int],
    words: Speaker,
    strength: Callable[[int], int] | None = None,
) -> Text:
    """``cards`` by suit, strongest first by ``strength`` (ace-high without it), those the
    view's legal actions may play marked (``hand_by_suit``)."""
    playable = playable_cards(view.legal_actions, rules.info.is_card_action)
    return hand_by_suit(cards, strength, words, playable)


def turn_lines(
    rules: AnyRules, view: TurnView, words: Speaker, most: int | None = None
) -> list[Text]:
    """Whose turn it is and the legal moves in the record's notation, where the view has
    them; past ``most`` moves, the rest are counted instead of listed."""
    lines: list[Text] = []
    if view.to_act is not None:
        lines.append(Text(words.say("view.to_act", seat=words.names[view.to_act]), style="italic"))
    if view.legal_actions:
        legal = Text(words.say("view.legal") + " ")
        shown = [rules.format_action(a) for a in view.legal_actions[:most]]
        if most is not None and len(view.legal_actions) > most:
            shown.append(words.say("view.in_all", count=len(view.legal_actions)))
        legal.append(", ".join(shown))
        lines.append(legal)
    return lines
