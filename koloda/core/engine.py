"""The engine protocol every game implements (docs/design.md, "The engine protocol").

Adapters — bots, the command line, records, servers — program against these protocols only.
Actions are small ints; each game's notation turns them into record strings and back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from koloda.core.cards import Card
from koloda.core.dealing import Shuffler
from koloda.core.events import Event
from koloda.core.presentation import ScoreSheet

if TYPE_CHECKING:
    from koloda.core.info import GameInfo

Action = int
Seat = int


@dataclass(frozen=True)
class DealSetup:
    """What chance decided for one deal: the dealer and each seat's cards in dealt order.

    Games with more chance (101's starter, stock and restocks) subclass this.
    """

    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class DealLog:
    """One deal of a game as a record keeps it: its setup and the decisions taken."""

    setup: DealSetup
    actions: tuple[Action, ...]


class View(Protocol):
    """What one seat may know, and nothing else. Bots and adapters see only views; each game
    has its own view class with more (its hand, the trick, the bids…)."""

    @property
    def seat(self) -> Seat: ...

    @property
    def to_act(self) -> Seat | None: ...

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions now (empty when it is not the seat's turn)."""
        ...

    @property
    def deal(self) -> int:
        """The index of the current deal (of the next one, between deals)."""
        ...

    @property
    def in_deal(self) -> bool:
        """A deal is being played (False between deals and once the game is over)."""
        ...

    def to_json(self) -> dict[str, Any]: ...


V = TypeVar("V", bound=View)
V_co = TypeVar("V_co", bound=View, covariant=True)
V_contra = TypeVar("V_contra", bound=View, contravariant=True)


class GameState(Protocol[V_co]):
    """A whole game in progress: every deal from the first to the last."""

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision comes next, or None between deals and when over."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def awaiting_deal(self) -> bool:
        """True between deals when the state has no shuffler to deal by itself."""
        ...

    @property
    def deal_index(self) -> int:
        """The index of the current deal (or of the next one, between deals)."""
        ...

    @property
    def next_dealer(self) -> Seat:
        """Who deals the current deal, or the next one between deals."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions now (empty between deals and when over)."""
        ...

    def is_legal(self, action: Action) -> bool: ...

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision after checking it; raises IllegalActionError with the reason."""
        ...

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for search: the caller guarantees the action is legal."""
        ...

    def start_deal(self, setup: DealSetup) -> list[Event]:
        """Start the next deal from given cards (records, tests, duplicate tournaments)."""
        ...

    def resume_dealing(self, shuffler: Shuffler) -> list[Event]:
        """Deal the next deals from ``shuffler`` from now on (a resumed saved game)."""
        ...

    def clone(self) -> Self: ...

    def view(self, seat: Seat) -> V_co:
        """Everything ``seat`` may know now, and nothing else."""
        ...

    def outcome(self) -> tuple[float, ...]:
        """Each seat's result so far (final once ``is_over``); higher is better."""
        ...

    def deal_logs(self) -> list[DealLog]:
        """Every deal started so far, the current one last, with its decisions."""
        ...

    def deal_scores(self) -> list[tuple[int, ...]]:
        """The points each complete deal gave, per seat or per side."""
        ...


S = TypeVar("S", bound=GameState[Any])


class Rules(Protocol[S, V_contra]):
    """A game with its options fixed: the factory of states and the notation of actions.

    ``S`` is the game's state class and ``V_contra`` its view class: bots are written against
    ``Rules[S, V]`` and see only ``V``; search gets states only from ``sample_state``.
    """

    name: str

    @property
    def num_seats(self) -> int: ...

    @property
    def info(self) -> GameInfo:
        """What the game is, as data: seats and sides, utility, deck, decisions a deal."""
        ...

    def options_json(self) -> dict[str, Any]:
        """The options as a record writes them (only those differing from the defaults)."""
        ...

    def new_state(self, seed: int | str | None = None, first_dealer: Seat = 0) -> S:
        """A new game that deals itself: seeded, or from ``secrets`` when seed is None."""
        ...

    def empty_state(self, first_dealer: Seat = 0) -> S:
        """A new game awaiting its first deal, to be fed with ``start_deal``."""
        ...

    def sample_state(self, view: V_contra, rng: random.Random) -> S:
        """A full state consistent with everything ``view`` knows, hidden cards sampled."""
        ...

    def parse_action(self, text: str) -> Action: ...

    def format_action(self, action: Action) -> str: ...

    def setup_from_json(self, deal: dict[str, Any]) -> DealSetup: ...

    def setup_to_json(self, setup: DealSetup) -> dict[str, Any]: ...

    def results_json(self, state: S) -> dict[str, Any]:
        """The document-level results of docs/records.md (totals, finished, winner, …)."""
        ...

    def deal_results_json(self, state: S, deal: int) -> dict[str, Any]:
        """The per-deal results of docs/records.md (``scores``, …) of a complete deal."""
        ...

    def score_sheet(self, state: S) -> ScoreSheet:
        """The score sheet as data (``koloda.core.presentation``), for any renderer."""
        ...


AnyRules = Rules[Any, Any]
"""Some game's rules, as adapters that pick a game by name hold them (the game's state and
view classes are known only at run time)."""
AnyState = GameState[Any]
"""Some game's state, as adapters that pick a game by name hold it."""
