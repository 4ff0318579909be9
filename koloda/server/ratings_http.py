"""The ratings' HTTP bodies (docs/protocol.md): an account's ratings and their history, a
rated game's leaderboard, and the bot levels' ratings beside it."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ShownRating(BaseModel):
    """A rating as shown: the one number (1500 for a new player) and whether it is still
    provisional, with the model's μ and σ."""

    display: int = Field(examples=[1620])
    provisional: bool
    mu: float
    sigma: float


class AccountRating(ShownRating):
    """An account's rating in one rated game."""

    rating_key: str = Field(description="the game and its preset (game:preset)")
    games: int = Field(description="rated games played")
    updated: float = Field(description="when it last changed (Unix time)")


class RatingChange(BaseModel):
    """The rating after one rated table's game."""

    rating_key: str
    table_id: str
    display: int
    provisional: bool
    at: float


class AccountRatings(BaseModel):
    """An account's ratings in every rated game it played, and their latest changes."""

    name: str
    ratings: list[AccountRating]
    history: list[RatingChange]


class Standing(ShownRating):
    """A leaderboard's line."""

    place: int = Field(description="1 for the best")
    name: str
    games: int
    public: bool = Field(description="whether his profile is public (its page open to all)")


class Leaderboard(BaseModel):
    """A rated game's leaderboard: the accounts with enough rated games, best first, and the
    bot levels' ratings (from the bot ladder's figures, moved by their rated games)."""

    rating_key: str
    min_games: int
    standings: list[Standing]
    bots: dict[str, ShownRating]
