"""The replay's HTTP bodies (docs/protocol.md): a finished game's positions, decision by
decision, every hand face up (``koloda.server.replay`` makes them with the game's engine),
and the value of each decision of a seat."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class RecordFile(BaseModel):
    """A game record (docs/records.md) as a player opens it from his disk; every deal and
    action is checked by replaying it (``koloda.records``), and a bad one is refused in one
    line."""

    model_config = ConfigDict(extra="allow")

    format: str = Field(default="koloda-record/1")
    game: str = Field(description="a game's name, as GET /api/games lists them")
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str] | None = None
    first_dealer: int = 0
    deals: list[dict[str, Any]] = Field(default_factory=list)


class ReplaySeat(BaseModel):
    """Who sat in a seat: ``human`` or ``bot:<level>``, and the name chosen (None: none)."""

    kind: str = Field(examples=["bot:normal"])
    name: str | None = Field(default=None, examples=["Anna"])


class ReplayPosition(BaseModel):
    """The game just before one decision (the last position: the game's end)."""

    index: int = Field(description="the decision's index in the game, from 0")
    deal: int = Field(description="the deal's index, from 0")
    move: int = Field(description="the action's index in its deal, as the record lists them")
    to_act: int | None = Field(description="the seat deciding (None at the game's end)")
    action: str | None = Field(description="what it did, in the record's notation")
    legal: list[str] = Field(description="what it could do")
    starts_trick: bool = Field(description="the action leads a trick")
    hands: list[list[str]] = Field(description="every seat's hand, face up")
    unseen: list[int] = Field(description="seats that have not looked at their cards yet")
    view: dict[str, Any] = Field(
        description="what the table shows every seat alike: the trick, bids, contract, "
        "trump, tricks taken and totals, as the game's view says them"
    )
    events: list[dict[str, Any]] = Field(
        description="what happened since the position before, each with its sentence as "
        "data (key, params)"
    )
    sheet: int = Field(description="the index in ``sheets`` of the score sheet at this point")
    taken: dict[str, Any] | None = Field(
        default=None,
        description="the trick taken since the position before: its winner and its cards "
        "(``{winner, plays: [{seat, card}]}``), None when none was",
    )


class Replay(BaseModel):
    """A finished game (or a record the player opened) position by position."""

    game: str
    options: dict[str, Any]
    num_seats: int
    seats: list[ReplaySeat]
    facts: dict[str, Any] = Field(description="the game's facts, as the table page has them")
    finished: bool
    results: dict[str, Any] = Field(description="the totals, the winner, as the record's")
    sheets: list[dict[str, Any]] = Field(
        description="the score sheet as data after 0, 1, 2, ... deals were scored"
    )
    positions: list[ReplayPosition]


class ValuedDecision(BaseModel):
    """One decision of the analysed seat: what was played, the search's best, the points
    given away on average (0 for the best or a forced move) and every action's value."""

    number: int = Field(description="the position's index (``ReplayPosition.index``)")
    deal: int
    move: int
    seat: int
    chosen: str
    best: str
    loss: float
    forced: bool
    values: dict[str, float]
    hand: list[str]


class ReplayAnalysis(BaseModel):
    """The valued decisions of one seat in one deal (searched once and kept)."""

    seat: int
    deal: int
    deals: int = Field(description="how many deals the game has")
    decisions: list[ValuedDecision]
