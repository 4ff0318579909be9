"""The table API's HTTP bodies: what a request sends and what an answer holds (docs/protocol.md).
Examples name no game: the games are those of ``GET /api/games``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class CreateTable(BaseModel):
    """A new table: the game, its options (docs/rules/<game>.md) and one kind per seat: ``human``
    (its token comes with the answer), ``open`` (a person's seat anyone may join later) or
    ``bot:<name>``."""

    game: str = Field(description="a game's name, as GET /api/games lists them")
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's options that differ from its defaults"
    )
    seats: list[str] = Field(examples=[["human", "bot:random", "bot:random", "bot:random"]])
    names: list[str | None] | None = Field(
        default=None, examples=[["Anna", None, None, None]], description="one name per seat"
    )
    public: bool = Field(default=False, description="listed among the open tables")
    hints: bool = Field(default=True, description="players may ask what the normal bot plays")
    open_hands: bool = Field(
        default=False,
        description="a study table: every hand is shown face up; only for an unrated table "
        "with one person's seat and bots in the others",
    )
    turn_seconds: float = Field(
        default=0.0,
        description="a turn clock: a player who lets it run out is played by the normal bot "
        "until he is back (0: none)",
    )
    entropy: bool = Field(
        default=False,
        description="the first deal waits until every person's seat has sent its own "
        'randomness (`{"type": "entropy", "value": …}`), which is mixed into every deal',
    )
    rated: bool = Field(
        default=False,
        description="the game counts for ratings: its maker is signed in, the options are a "
        "rated preset's, a turn clock is set and hints are off; people's seats are taken by "
        "signed-in players only (bots may fill seats)",
    )


class JoinTable(BaseModel):
    """Take a seat: a given one or the first free one; a rematch's seat with the token that
    held it at the previous table."""

    seat: int | None = None
    name: str | None = Field(default=None, examples=["Boris"])
    previous_token: str | None = None


class Rematch(BaseModel):
    """The token of a seat at the finished table."""

    token: str


class LeaveSeat(BaseModel):
    """The token of the seat to leave."""

    token: str


class SeatLeft(BaseModel):
    """The seat left: the normal bot plays it from now on."""

    table_id: str
    seat: int


class PlayNow(BaseModel):
    """A seat at once at a public table of this game and these options."""

    game: str = Field(description="a game's name, as GET /api/games lists them")
    options: dict[str, Any] = Field(default_factory=dict)
    name: str | None = Field(default=None, examples=["Vera"])


class SeatTaken(BaseModel):
    """A seat that is yours: open its table with the token."""

    table_id: str
    seat: int
    token: str


class CheckOptions(BaseModel):
    """A game's options to check before a table is made of them."""

    game: str = Field(description="a game's name, as GET /api/games lists them")
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's options that differ from its defaults"
    )


class SeatToken(BaseModel):
    """A new table's seat: its kind and, for a person's seat, its token."""

    seat: int
    kind: str
    token: str | None = None


class CreatedTable(BaseModel):
    """A new table's id and seats."""

    table_id: str
    seats: list[SeatToken]


class Problem(BaseModel):
    """What was wrong with a request, in one line."""

    detail: str


class SeatFacts(BaseModel):
    """One seat of a table's public facts."""

    seat: int
    kind: str = Field(examples=["human", "bot:normal"])
    name: str | None = None
    state: str = Field(
        examples=["taken"],
        description="taken, open, reserved (for a rematch), bot, or joinable (a bot's seat "
        "a person may take, at once)",
    )


class TableFacts(BaseModel):
    """A table's public facts."""

    table_id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatFacts]
    num_seats: int
    to_act: int | None
    finished: bool
    version: int
    deal: int
    public: bool
    rematch: str | None
    rated: str | None = Field(
        default=None, description="the rating the game counts for (game:preset), null: unrated"
    )
    event: Literal["daily", "tournament"] | None = Field(
        default=None,
        description="a deal of the day's or a tournament's table (no rematch), null: neither",
    )


class ScoreSheetAnswer(BaseModel):
    """A table's score sheet: every complete deal's scores, the totals and results, and the
    game's sheet as data (sections of rows; texts as catalogue keys with parameters) and as
    HTML in one language."""

    table_id: str
    game: str
    version: int
    deals: list[dict[str, Any]] = Field(
        description="each complete deal's results (docs/records.md)"
    )
    totals: list[int | float] | None
    finished: bool
    results: dict[str, Any]
    sheet: dict[str, Any] = Field(
        description="title, finished, sections: {title, columns, rows, footer, notes}"
    )
    lang: str = Field(examples=["en", "ru"])
    html: str = Field(description="the same sheet as an HTML table, worded in lang")


class Health(BaseModel):
    """The health check's answer."""

    ok: bool
    store: str = Field(examples=["ok", "failing: OperationalError: database or disk is full"])
