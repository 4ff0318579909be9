"""Koloda: exact engines for King, Spades, 101 and Tressette, with bots, records and tables.

Load a game by name, with options, and deal from a seed (a game without one is dealt from
the operating system's generator, as real play requires):

>>> import koloda
>>> koloda.available_games()
['hundred_one', 'king', 'spades', 'tressette']
>>> rules = koloda.load_game("king", variant="classic")
>>> rules.num_seats
4
>>> state = rules.new_state(seed=1)

Actions are small ints; each game reads and writes them in record notation:

>>> state.to_act
1
>>> [rules.format_action(a) for a in state.legal_actions()]
['9S', 'KS', 'AS', 'QH', '8D', 'JD', 'AD', '10C']
>>> state.apply(rules.parse_action("9S"))
[CardPlayed(seat=1, card=7)]
>>> state.to_act
2

An illegal action changes nothing and says why, with the legal alternatives:

>>> state.is_legal(rules.parse_action("10H"))
False
>>> state.apply(rules.parse_action("10H"))
Traceback (most recent call last):
...
koloda.core.errors.IllegalActionError: illegal action 10H: must follow suit S (K-5, K-17); legal: QS
>>> try:
...     state.apply(rules.parse_action("10H"))
... except koloda.IllegalActionError as error:
...     print(error.reason, error.legal)
must follow suit S (K-5, K-17) ('QS',)

Every error the engine raises on bad input is a :class:`KolodaError`:

>>> koloda.load_game("king", variant="six")
Traceback (most recent call last):
...
koloda.core.errors.OptionError: king: option variant='six' is not one of 'classic', 'order', 'three'
>>> issubclass(koloda.OptionError, koloda.KolodaError)
True

A seat sees only its view (its own cards, everything public, its legal actions on its turn):

>>> view = state.view(2)
>>> view.seat, view.to_act, [rules.format_action(a) for a in view.legal_actions]
(2, 2, ['QS'])
>>> state.view(0).legal_actions
()

A game is played to its end through ``apply``; ``outcome`` gives each seat's result:

>>> while not state.is_over:
...     _ = state.apply(state.legal_actions()[0])
>>> len(state.outcome())
4

Cards are ints and sets of cards are bitmasks (see :mod:`koloda.core.cards`):

>>> hand = koloda.cardset(koloda.parse_cards("AS 7S T♥"))
>>> [koloda.format_card(c) for c in koloda.cards_in(hand)]
['7S', 'AS', '10H']
"""

from koloda.core.cards import (
    Card,
    CardSet,
    CardSyntaxError,
    Rank,
    Suit,
    cards_in,
    cardset,
    format_card,
    parse_card,
    parse_cards,
    pretty_card,
)
from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, DealSetup, GameState, Rules, Seat, View
from koloda.core.errors import (
    ActionSyntaxError,
    DealError,
    IllegalActionError,
    KolodaError,
    OptionError,
)
from koloda.core.registry import available_games, load_game

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Card",
    "CardSet",
    "CardSyntaxError",
    "DealError",
    "DealSetup",
    "GameState",
    "IllegalActionError",
    "KolodaError",
    "OptionError",
    "Rank",
    "Rules",
    "Seat",
    "Shuffler",
    "Suit",
    "View",
    "available_games",
    "cards_in",
    "cardset",
    "format_card",
    "load_game",
    "parse_card",
    "parse_cards",
    "pretty_card",
]
__version__ = "0.1.0"
