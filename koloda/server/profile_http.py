"""The profile's HTTP bodies (docs/protocol.md): an account's profile (name, languages, when
it joined, its ratings with their history, its games per game) and a page of its games."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from koloda.server.ratings_http import ShownRating

ResultName = Literal["won", "lost", "drawn", "unfinished"]


class RatingPoint(BaseModel):
    """The rating after one rated table's game."""

    table_id: str
    display: int
    provisional: bool
    at: float = Field(description="when (Unix time)")


class ProfileRating(ShownRating):
    """The account's rating in one rated game, with its latest changes, oldest first."""

    rating_key: str = Field(description="the game and its preset (game:preset)")
    game: str
    preset: str
    games: int = Field(description="rated games played")
    updated: float
    history: list[RatingPoint]


class GameStats(BaseModel):
    """What the account did in one game: finished tables, their results, his points a deal."""

    game: str
    played: int = Field(description="finished games")
    won: int = Field(description="first place alone")
    drawn: int = Field(description="first place shared")
    lost: int
    unfinished: int
    points: float = Field(description="his (or his side's) points over the finished games")
    deals: int = Field(description="complete deals of the finished games")
    points_per_deal: float | None = Field(description="points / deals; null before a deal")


class Profile(BaseModel):
    """An account's profile."""

    name: str
    languages: list[str]
    joined: float = Field(description="when the account was made (Unix time)")
    public: bool = Field(description="whether others may see it")
    own: bool = Field(description="the request's own account")
    ratings: list[ProfileRating]
    games: list[GameStats]


class PlayedGame(BaseModel):
    """One of the account's tables, his seat at it and how it ended for him."""

    table_id: str
    game: str
    preset: str | None = Field(description="the lobby preset its options are; null: its own")
    options: dict[str, object]
    rated: bool
    rating_key: str | None
    finished: bool
    created: float
    seat: int
    result: ResultName
    points: float | None = Field(description="his seat's or side's total; null: unfinished")
    deals: int | None = Field(description="complete deals; null: unfinished")
    record: str | None = Field(description="the finished game's record to download")
    replay: str | None = Field(description="where the finished game is replayed")


class PlayedGames(BaseModel):
    """A page of the account's games, newest first."""

    name: str
    games: list[PlayedGame]
    limit: int
    offset: int
    more: bool = Field(description="whether another page follows")
