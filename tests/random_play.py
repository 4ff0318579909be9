"""Play for the tests: a seeded game advanced by uniformly random legal actions, a scripted
game played from actions written as a record writes them, and the counts of the ways to
play on from a position.

The one copy of "advance a random game", "play these actions" and "play the deal out"
every test folder uses (the conformance suite, each game's scenario tests, the sampling and
record checks)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from koloda.core.cards import format_card, parse_card
from koloda.core.engine import AnyRules, DealSetup
from koloda.core.events import Event


def advance(
    state: Any, rng: random.Random, steps: int | None = None, deals: int | None = None
) -> Any:
    """Apply random legal actions, checked, until no one is to act (the game is over, or a
    replayed record waits for its next deal), ``steps`` actions are taken or ``deals`` more
    deals have begun (each limit only when given). Returns ``state``."""
    random_events(state, rng, steps, deals)
    return state


def random_events(
    state: Any, rng: random.Random, steps: int | None = None, deals: int | None = None
) -> list[Event]:
    """``advance``, returning the events of the actions it applies, in order."""
    last_deal = None if deals is None else state.deal_index + deals
    taken = 0
    events: list[Event] = []
    while (
        state.to_act is not None
        and (steps is None or taken < steps)
        and (last_deal is None or state.deal_index < last_deal)
    ):
        legal = state.legal_actions()
        events += state.apply(legal[rng.randrange(len(legal))])
        taken += 1
    return events


def random_state(
    rules: AnyRules,
    seed: int,
    steps: int | None = None,
    first_dealer: int = 0,
    deals: int | None = None,
) -> Any:
    """A game dealt from ``seed`` and advanced by random actions drawn from
    ``random.Random(seed)`` (``advance``: to its end unless ``steps`` or ``deals`` stop it)."""
    state = rules.new_state(seed=seed, first_dealer=first_dealer)
    return advance(state, random.Random(seed), steps, deals)


def hands(*rows: str) -> tuple[tuple[int, ...], ...]:
    """Hands written as a record writes them, a row a seat (``"AS KS 7H"``)."""
    return tuple(tuple(parse_card(text) for text in row.split()) for row in rows)


def card_names(cards: Iterable[int]) -> list[str]:
    """Cards as a record writes them."""
    return [format_card(card) for card in cards]


def setup(dealer: int, *rows: str) -> DealSetup:
    """A deal of the given hands (``hands``) by ``dealer``."""
    return DealSetup(dealer, hands(*rows))


def play(state: Any, text: str) -> list[Event]:
    """Apply actions written as in a record (``"AS 7S order:no_king trump:last"``), each
    checked; returns their events."""
    events: list[Event] = []
    for token in text.split():
        events.extend(state.apply(state.rules.parse_action(token)))
    return events


def legal_texts(state: Any) -> set[str]:
    """The legal actions as a record writes them."""
    return {state.rules.format_action(action) for action in state.legal_actions()}


def play_lowest(state: Any) -> int:
    """Play the lowest legal action until the current deal is scored or the game is over;
    returns the actions taken."""
    scored = len(state.deal_scores())
    taken = 0
    while not state.is_over and len(state.deal_scores()) == scored:
        state.apply(state.legal_actions()[0])
        taken += 1
    return taken


def perft(state: Any, depth: int) -> int:
    """The number of ways to play ``depth`` more actions (fewer where no one is to act)."""
    if depth == 0 or state.to_act is None:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total
