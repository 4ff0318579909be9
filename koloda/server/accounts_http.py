"""The accounts' HTTP bodies (docs/protocol.md): signing up and in, the passkey ceremonies,
the signed-in person's account and his tables."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class SignUp(BaseModel):
    """A new account with a name and a password (for a passkey instead:
    ``POST /api/passkeys/register/begin``)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(examples=["Anna"], description="3-24 letters, digits, spaces, _ or -")
    password: str = Field(description="at least 8 characters")
    languages: list[str] = Field(default_factory=list, max_length=8, examples=[["en", "ru"]])


class AccountChange(BaseModel):
    """What the person changes of his account (a field left out stays as it is)."""

    model_config = ConfigDict(extra="forbid")

    public_profile: bool | None = None
    languages: list[str] | None = Field(default=None, max_length=8, examples=[["ru", "en"]])


class SignIn(BaseModel):
    """Sign in by name and password."""

    model_config = ConfigDict(extra="forbid")

    name: str
    password: str


class AccountFacts(BaseModel):
    """An account as its owner sees it."""

    name: str
    created: float
    has_password: bool
    public_profile: bool
    languages: list[str]


class SignedIn(BaseModel):
    """The signed-in person's account and the session's CSRF token: every POST, PUT, PATCH
    or DELETE made with the session cookie carries it in the ``X-CSRF-Token`` header."""

    account: AccountFacts
    csrf_token: str


class SignedOut(BaseModel):
    """How many sessions ended (signed out everywhere: all the account's)."""

    sessions_ended: int


class PasskeyBegin(BaseModel):
    """Begin making a passkey: for the signed-in account, else for a new account named
    ``name``."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, examples=["Anna"])


class PasskeyOptions(BaseModel):
    """What the page gives ``navigator.credentials.create`` or ``.get`` (``publicKey``,
    binary fields in base64url), and the challenge's id to send back with the answer."""

    challenge_id: str
    options: dict[str, Any]


class PasskeyFinish(BaseModel):
    """The authenticator's answer (``PublicKeyCredential.toJSON()``) to a challenge."""

    model_config = ConfigDict(extra="forbid")

    challenge_id: str
    credential: dict[str, Any]


class TableToken(BaseModel):
    """A guest's seat: a table and the seat's token."""

    table_id: str
    token: str


class ClaimTables(BaseModel):
    """A guest's seats ("My tables" of his browser) to bind to his account."""

    model_config = ConfigDict(extra="forbid")

    tables: list[TableToken] = Field(max_length=500)


class BoundTable(BaseModel):
    """A seat bound to the account, with its token (the same as the seat's invitation
    link holds)."""

    table_id: str
    seat: int
    token: str
    game: str | None = Field(description="null when the table is no longer stored")
    finished: bool
    bound: float


class Claimed(BaseModel):
    """The account's tables after a claim, and the tables whose token opened no seat."""

    tables: list[BoundTable]
    refused: list[str]
