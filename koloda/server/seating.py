"""Who sits where at a table, beyond the seat kinds: names, open seats, seats handed over.

A person's seat is *taken* once a token is issued for it (its hash is stored), *open* while
nobody holds it (anyone may join it), or *reserved* for a rematch (only the holder of the
previous table's token for that seat may take it). At a "play now" table the bots keep the
seats warm: a person may take a bot's seat, and it is his at once (from his next decision).
A person who leaves hands his seat to the normal bot (``LEFT``). Everything here is data the
store keeps with the table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

HUMAN = "human"
OPEN = "open"
"""A seat kind in a request: a person's seat that nobody holds yet (anyone may join it)."""
LEFT = "bot:normal"
"""The kind of a seat its person left, and of the seats a "play now" table gives to bots."""

MAX_NAME = 24


class SeatingError(Exception):
    """A seat cannot be taken: ``status`` is the HTTP status that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def clean_name(name: Any) -> str | None:
    """A player's name: printable, at most 24 characters, or None when none is given."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise SeatingError(422, "a name is a string")
    cleaned = " ".join("".join(c for c in name if c.isprintable()).split())[:MAX_NAME]
    return cleaned or None


@dataclass
class Seating:
    names: list[str | None]
    public: bool = False
    bots_yield: bool = False
    """People may take the bots' seats (theirs at once): "play now" tables."""
    hints: bool = True
    """A seat may ask what the normal bot would play."""
    turn_seconds: float = 0.0
    """The turn clock: a person who lets it run out is played by the normal bot until he is
    back (0: no clock)."""
    reserved: list[str | None] = field(default_factory=list)
    """For a rematch's seat, the token hash that held the seat at the previous table."""
    rematch: str | None = None
    """The table of the rematch, once one was asked for."""
    entropy: list[str | None] | None = None
    """Each seat's randomness for the deals (records.fairness), when the table waits for the
    people's randomness before its first deal; None when it deals at once."""
    rated: str | None = None
    """The rating its game counts for (``ratings.rating_key``); None: not rated."""
    open_hands: bool = False
    """A study table: every hand is shown face up to its one person (``practice``)."""
    daily: dict[str, Any] | None = None
    """The deal of the day's set the table plays (``{day, game, deals}``, ``daily``): no
    undo, and its record keeps the day's seed secret; None: an ordinary table."""
    deals: int | None = None
    """The table ends once this many deals are scored, before the game would (a deal of the
    day's set, a tournament's round); None: it plays the whole game."""
    tournament: dict[str, Any] | None = None
    """The tournament and round the table plays (``{id, round}``, ``tournaments``): no
    hints, no undo, no rematch; None: none."""

    def __post_init__(self) -> None:
        n = len(self.names)
        if not self.reserved:
            self.reserved = [None] * n

    def to_json(self) -> dict[str, Any]:
        return {
            "names": self.names,
            "public": self.public,
            "bots_yield": self.bots_yield,
            "hints": self.hints,
            "turn_seconds": self.turn_seconds,
            "reserved": self.reserved,
            "rematch": self.rematch,
            "entropy": self.entropy,
            "rated": self.rated,
            "open_hands": self.open_hands,
            "daily": self.daily,
            "deals": self.deals,
            "tournament": self.tournament,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, num_seats: int) -> Seating:
        if not data:
            return cls([None] * num_seats)
        return cls(
            names=list(data.get("names") or [None] * num_seats),
            public=bool(data.get("public", False)),
            bots_yield=bool(data.get("bots_yield", False)),
            hints=bool(data.get("hints", True)),
            turn_seconds=float(data.get("turn_seconds", 0.0)),
            reserved=list(data.get("reserved") or []),
            rematch=data.get("rematch"),
            entropy=data.get("entropy"),
            rated=data.get("rated"),
            open_hands=bool(data.get("open_hands", False)),
            daily=data.get("daily"),
            deals=data.get("deals") or (data.get("daily") or {}).get("deals"),
            tournament=data.get("tournament"),
        )

    @property
    def event(self) -> str | None:
        """The event the table is played for: ``daily``, ``tournament``, or None."""
        if self.daily is not None:
            return "daily"
        return "tournament" if self.tournament is not None else None

    def entropy_pending(self, seats: list[str]) -> list[int]:
        """People's seats whose randomness the first deal still waits for."""
        if self.entropy is None:
            return []
        return [
            seat for seat, kind in enumerate(seats) if kind == HUMAN and self.entropy[seat] is None
        ]


def seat_state(kind: str, token_hash: str | None, seating: Seating, seat: int) -> str:
    """``taken``, ``open``, ``reserved``, ``bot`` (a bot's seat nobody may take) or
    ``joinable`` (a bot's seat a person may take, at once)."""
    if kind == HUMAN:
        if token_hash is not None:
            return "taken"
        return "reserved" if seating.reserved[seat] is not None else "open"
    return "joinable" if seating.bots_yield else "bot"


def new_token() -> str:
    return secrets.token_urlsafe(18)
