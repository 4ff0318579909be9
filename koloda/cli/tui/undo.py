"""Taking back a move at a table of bots: the game as it stood at the person's last
decision, rebuilt from the game's own deal logs (the bots' moves after it go too)."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, AnyRules, AnyState
from koloda.core.events import Event


@dataclass
class Rewound:
    """The game just before the person's last decision."""

    state: AnyState
    events: list[Event]
    """What happened in the deal in play up to there (to set the table from)."""
    action: Action
    """The decision taken back."""


def last_decision(rules: AnyRules, state: AnyState, seat: int) -> tuple[int, int] | None:
    """Where ``seat`` last decided: (deal index, action index) in ``state``'s deal logs."""
    logs = state.deal_logs()
    if not logs:
        return None
    replayed: AnyState = rules.empty_state(logs[0].setup.dealer)
    found: tuple[int, int] | None = None
    for deal, log in enumerate(logs):
        replayed.start_deal(log.setup)
        for index, action in enumerate(log.actions):
            if replayed.to_act == seat:
                found = (deal, index)
            replayed.apply(action)
    return found


def rewind(rules: AnyRules, state: AnyState, seat: int, shuffler: Shuffler) -> Rewound | None:
    """The game as it was when ``seat`` made its last decision (None if it made none); later
    deals are dealt from ``shuffler`` again."""
    where = last_decision(rules, state, seat)
    if where is None:
        return None
    last_deal, last_index = where
    logs = state.deal_logs()
    replayed: AnyState = rules.empty_state(logs[0].setup.dealer)
    events: list[Event] = []
    for deal, log in enumerate(logs[: last_deal + 1]):
        events = replayed.start_deal(log.setup)
        actions = log.actions[:last_index] if deal == last_deal else log.actions
        for action in actions:
            events += replayed.apply(action)
    replayed.resume_dealing(shuffler)
    return Rewound(replayed, events, logs[last_deal].actions[last_index])
