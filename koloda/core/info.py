"""What a game is, declared as data (as OpenSpiel's ``GameType``/``GameInfo`` do).

Adapters — bots, search, tournaments, the command line, the server — read these facts and
never ask a game its name: who plays with whom, which way a deal's points point and how big
they are, which actions are cards, the deck, and how long a deal can be.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from koloda.core.decks import Deck

Seat = int

CARD_ACTIONS = 64
"""Actions below this code are cards (a card's code is ``suit * 16 + rank``)."""


class DealReward(Enum):
    """How search turns one deal's points into a reward for each seat (about -1..1)."""

    SHARE_OF_DEAL = "share_of_deal"
    """The seat's points over all the points the deal gave out (King: a deal's points are
    fixed by its contract, so what matters is one's share of them)."""
    AGAINST_OTHERS = "against_others"
    """The seat's points against the mean of the others' (101: the game is won by having
    fewer penalty points than the others, so another's penalty helps as much as one's own
    is spared)."""
    SIDE_DIFFERENCE = "side_difference"
    """The difference between the two sides (partnership games play zero-sum)."""


@dataclass(frozen=True, slots=True)
class Utility:
    """The sense and scale of a deal's points, for search rewards and match statistics."""

    sense: int
    """+1 when more points are better, -1 when points are penalties (101)."""
    scale: float
    """A typical size of one deal's points to a seat or side (rewards are divided by it)."""
    deal_min: float
    """The fewest points one seat (or side) can score in one deal, in the game's units."""
    deal_max: float
    """The most points one seat (or side) can score in one deal, in the game's units."""
    reward: DealReward


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The facts of one game with its options fixed (``rules.info``)."""

    name: str
    """The game's registry name, as records write it (``king``, ``spades``, …)."""
    num_seats: int
    sides: tuple[tuple[Seat, ...], ...]
    """Who plays together: one tuple of seats per side (a side of one seat each when every
    player plays for himself). Deal scores come per side when a side has two seats."""
    utility: Utility
    deck: Deck
    has_tricks: bool
    """Play goes in tricks (an exact search of the remaining tricks makes sense)."""
    max_decisions_per_deal: int | None
    """The most decisions one deal can ask for, or None when a deal is unbounded (101: the
    pile is reshuffled into the stock as often as needed)."""
    program_length: int = 0
    """Deals in a fixed program that the game plays in order (classic King: 15), else 0;
    a duplicate match spreads its deals over the program."""
    program: tuple[str, ...] = ()
    """The program's deals by name (classic King: the contracts' keys, ``no_tricks`` …), for
    the tables that show what is still to come; empty when there is no fixed program."""
    hands_shown_at_deal_end: bool = False
    """The cards left in the hands are scored when a deal ends (101's penalty points), so
    they are laid open to everyone with the deal's score."""
    _side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The index of each seat's side (``side_of``, asked for every seat of every deal)."""

    def __post_init__(self) -> None:
        side_of = [-1] * self.num_seats
        for index, side in enumerate(self.sides):
            for seat in side:
                if 0 <= seat < self.num_seats:
                    side_of[seat] = index
        object.__setattr__(self, "_side_of", tuple(side_of))

    @property
    def is_partnership(self) -> bool:
        return len(self.sides) < self.num_seats

    def side_of(self, seat: Seat) -> int:
        """The index of the side ``seat`` plays for."""
        if 0 <= seat < self.num_seats and self._side_of[seat] >= 0:
            return self._side_of[seat]
        raise ValueError(f"seat {seat} is not at this table of {self.num_seats}")

    def same_side(self, seat: Seat, other: Seat) -> bool:
        return self.side_of(seat) == self.side_of(other)

    @staticmethod
    def is_card_action(action: int) -> bool:
        """True when ``action`` plays a card (every other decision has a code from 64 up)."""
        return 0 <= action < CARD_ACTIONS

    def seat_points(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        """One deal's points per seat, oriented so that higher is better (a penalty counts
        negative; in partnership games each seat gets its side's points)."""
        sense = self.utility.sense
        if self.is_partnership:
            return tuple(float(sense * scores[self.side_of(s)]) for s in range(self.num_seats))
        return tuple(float(sense * p) for p in scores)

    def reward_points(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        """One deal's result for each seat in the game's points, as the search weighs it:
        the own side's points less the other side's (partnership games), the seat's points
        less the others' mean (101), or the seat's own points (King, whose deals give out a
        fixed sum)."""
        points = self.seat_points(scores)
        reward = self.utility.reward
        if reward is DealReward.SIDE_DIFFERENCE:
            first = points[self.sides[0][0]]
            second = points[self.sides[1][0]]
            return tuple(
                first - second if self.side_of(s) == 0 else second - first
                for s in range(len(points))
            )
        if reward is DealReward.SHARE_OF_DEAL:
            return points
        n = len(points)
        total = sum(points)
        return tuple(p - (total - p) / (n - 1) for p in points)

    def rewards(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        """The search's reward of a finished deal per seat, scaled to about [-1, 1]."""
        points = self.seat_points(scores)
        reward = self.utility.reward
        scale = self.utility.scale
        if reward is DealReward.SIDE_DIFFERENCE:
            first = points[self.sides[0][0]]
            second = points[self.sides[1][0]]
            value = (first - second) / scale
            return tuple(value if self.side_of(s) == 0 else -value for s in range(len(points)))
        if reward is DealReward.SHARE_OF_DEAL:
            total = sum(abs(p) for p in points) or 1.0
            return tuple(2.0 * p / total for p in points)
        n = len(points)
        total = sum(points)
        return tuple((p - (total - p) / (n - 1)) / scale for p in points)


def seats_alone(num_seats: int) -> tuple[tuple[Seat, ...], ...]:
    """Every player for himself."""
    return tuple((s,) for s in range(num_seats))


PARTNERS_OPPOSITE: tuple[tuple[Seat, ...], ...] = ((0, 2), (1, 3))
"""Four players, partners opposite (docs/records.md: side 0 is seats 0 and 2)."""
