"""The friends' HTTP bodies (docs/protocol.md): following by name, the people one follows or
who follow one, invitations to a seat, and the friends' tables."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class FollowName(BaseModel):
    """Follow an account by its name (any case)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(examples=["Boris"], max_length=100)


class PersonFacts(BaseModel):
    """Someone the signed-in person follows or who follows him. Two who follow each other
    are friends; a friend's ``online`` says whether he used the site in the last minutes
    (null for others)."""

    name: str
    following: bool = Field(description="the signed-in person follows him")
    follows_me: bool = Field(description="he follows the signed-in person")
    friend: bool = Field(description="both follow each other")
    online: bool | None = None


class People(BaseModel):
    """The people the signed-in person follows or who follow him: friends first."""

    people: list[PersonFacts]


class Invite(BaseModel):
    """Invite a friend (by name) to an open seat of a table you sit at."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(examples=["Boris"], max_length=100)
    table_id: str = Field(max_length=64)
    seat: int = Field(ge=0, le=63)


class InvitationFacts(BaseModel):
    """An invitation to a seat; ``state`` is open, accepted, declined or expired (an open
    one whose time passed, whose seat was taken or whose table ended is expired)."""

    id: str
    from_name: str = Field(description="who invites")
    to_name: str = Field(description="who is invited")
    table_id: str
    seat: int
    game: str | None = Field(description="the table's game (null: the table is gone)")
    options: dict[str, Any]
    created: float
    expires: float
    state: str = Field(examples=["open"])


class InvitationList(BaseModel):
    """The signed-in person's open invitations: those he received (the lobby shows them)
    and those he sent, newest first."""

    received: list[InvitationFacts]
    sent: list[InvitationFacts]


class FriendSeat(BaseModel):
    """A seat of a friend's table, as the open tables' list shows it."""

    seat: int
    kind: str
    name: str | None
    state: str = Field(description="taken, open, reserved, bot or joinable")


class FriendTableFacts(BaseModel):
    """A friend's unfinished table: join it at an open seat, or watch it (a spectator's
    view: the table's page without a token)."""

    table_id: str
    game: str
    options: dict[str, Any]
    friends: list[str] = Field(description="the friends who sit there")
    seats: list[FriendSeat]
    public: bool
    my_seat: int | None = Field(
        default=None, description="your own seat there, if you have one (see My tables)"
    )
