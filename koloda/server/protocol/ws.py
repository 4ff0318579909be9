"""The WebSocket messages of a table (``/ws/tables/{id}``, docs/protocol.md) as pydantic models.

Every message is a JSON object whose ``type`` names it. What a client sends is one of
``ClientMessage`` (a union discriminated by ``type``) and is read by ``parse_client_message``,
which refuses anything else with a ``ProtocolError`` carrying the protocol's error code and
one line naming the problem. What the server sends is one of ``ServerMessage``.

Fields a client adds beyond a message's own are ignored (the spec lists what each message
means, not what it may not carry), so an older server still understands a newer client.
Server messages forbid fields of their own they do not declare: the field tables of the spec
are complete. Only the game's own part (``view.*``, an event's fields) is open, since each
game adds its own.
"""

from __future__ import annotations

import typing
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import ErrorDetails

from koloda.records.fairness import ENTROPY
from koloda.server.live import MAX_MESSAGE, PHRASES

ErrorCode = Literal[
    "illegal_action",
    "not_your_turn",
    "bad_message",
    "stale_version",
    "entropy_closed",
    "hints_off",
    "store_unavailable",
    "internal",
    "too_many_messages",
    "undo_refused",
]
"""Why a client message was refused (docs/protocol.md, "Error codes")."""

SeatState = Literal["taken", "open", "reserved", "bot", "joinable"]
"""A seat as the table shows it: a person's, free for a person, kept for a rematch's player,
a bot's, or a bot's seat a person may take at once."""


def _known_phrase(phrase: str) -> str:
    """A phrase of the table's talk (``live.PHRASES``), else a ValueError naming them."""
    if phrase not in PHRASES:
        raise ValueError(f"must be one of {', '.join(PHRASES)}")
    return phrase


def _entropy_value(value: str) -> str:
    """A seat's randomness as the fair dealing takes it, else a ValueError saying what."""
    if not ENTROPY.fullmatch(value):
        raise ValueError("must be 1 to 128 letters, digits, '-' or '_'")
    return value


EntropyValue = Annotated[
    str,
    AfterValidator(_entropy_value),
    Field(json_schema_extra={"pattern": f"^{ENTROPY.pattern}$"}, examples=["9f86d081884c7d65"]),
]
"""A seat's randomness for fair dealing (``koloda.records.fairness.ENTROPY``)."""

PhraseName = Annotated[
    str,
    AfterValidator(_known_phrase),
    Field(json_schema_extra={"enum": list(PHRASES)}, examples=["well_played"]),
]
"""A preset phrase of table talk (the catalogues word it in each language)."""


def _type_required(schema: dict[str, Any]) -> None:
    """Every message names its ``type`` (the models fill it in, so it has a default)."""
    schema["required"] = ["type", *(name for name in schema.get("required", []) if name != "type")]


# ----- client to server ---------------------------------------------------------------------


class _ClientModel(BaseModel):
    """A message a client sends: read strictly (``"1"`` is no integer, ``true`` no number);
    fields beyond the message's own are ignored."""

    model_config = ConfigDict(strict=True, extra="ignore", json_schema_extra=_type_required)


class ActionMessage(_ClientModel):
    """Play an action (the notation of the game records); ``version`` is optional, and a
    stale one is refused with ``stale_version``."""

    type: Literal["act"] = "act"
    action: str = Field(min_length=1, examples=["QH"])
    version: int | None = Field(
        default=None, description="the version the action answers (the last view's)"
    )


class SyncMessage(_ClientModel):
    """Send the view again."""

    type: Literal["sync"] = "sync"


class NextDealMessage(_ClientModel):
    """The person has read the deal's summary (the bots wait for it, 20 s at most)."""

    type: Literal["next_deal"] = "next_deal"


class HintRequest(_ClientModel):
    """What the normal bot would play now (unless the table has hints off); answered with
    ``hint``."""

    type: Literal["hint"] = "hint"


class UndoRequest(_ClientModel):
    """Take back the person's last decision of the deal in play, and the bots' moves after
    it: only for a person alone at an unrated table with bots (``table.undo``); answered by
    a ``view`` marked ``undone``, or ``undo_refused``."""

    type: Literal["undo"] = "undo"


class ChatRequest(_ClientModel):
    """Say a preset phrase or emoji to the table, one a second."""

    type: Literal["chat"] = "chat"
    phrase: PhraseName


class BackMessage(_ClientModel):
    """A person the normal bot plays for takes his seat back (any message of his does)."""

    type: Literal["back"] = "back"


class LeaveMessage(_ClientModel):
    """Leave the seat to the normal bot; the connection then watches."""

    type: Literal["leave"] = "leave"


class EntropyMessage(_ClientModel):
    """The seat's randomness, once, before the first deal (fair dealing)."""

    type: Literal["entropy"] = "entropy"
    value: EntropyValue


class PingMessage(_ClientModel):
    """Answered with ``pong``."""

    type: Literal["ping"] = "ping"


ClientMessage = Annotated[
    ActionMessage
    | SyncMessage
    | NextDealMessage
    | HintRequest
    | UndoRequest
    | ChatRequest
    | BackMessage
    | LeaveMessage
    | EntropyMessage
    | PingMessage,
    Field(discriminator="type"),
]
"""Any message a client sends, told apart by ``type``."""

CLIENT_MESSAGES: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# ----- server to client ---------------------------------------------------------------------


class _ServerModel(BaseModel):
    """A message the server sends: every field of it declared."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_type_required)


class _Part(BaseModel):
    """A part of a server message: every field of it declared."""

    model_config = ConfigDict(extra="forbid")


class _Open(BaseModel):
    """A part the game fills with fields of its own besides those declared."""

    model_config = ConfigDict(extra="allow")


class PhraseJson(_Part):
    """A sentence as data: a catalogue key and its typed parameters (``{"seat": 2}``,
    ``{"card": "QH"}``), worded by the page in its language."""

    key: str = Field(examples=["event.card_played"])
    params: dict[str, Any]


class EventJson(_Open):
    """Something that happened, as the seat may see it: the event's own fields (``type`` and
    the game's), its sentence's ``key`` and ``params`` (a hidden card is
    ``{"card": null}``)."""

    type: str = Field(examples=["card_played"])
    key: str = Field(examples=["event.card_played"])
    params: dict[str, Any]


class TrickPlay(_Part):
    """A card played to a trick and who played it."""

    seat: int
    card: str


class LastTrick(_Part):
    """The last complete trick of the deal: who took it and the cards in order."""

    winner: int
    plays: list[TrickPlay]


class GameView(_Open):
    """A seat's (or a spectator's) view of the game; besides these fields, the game's own
    (contract, trump, trick, bids, pile, declarations, …)."""

    game: str
    seat: int | None = Field(description="the seat whose view it is, null for a spectator")
    to_act: int | None = Field(description="whose turn it is, null for nobody's")
    num_seats: int
    legal_actions: list[str] = Field(description="only for the seat whose turn it is")
    hand: list[str] = Field(description="the seat's cards, [] for a spectator")
    finished: bool
    totals: list[int | float | None] = Field(description="the running totals")
    last_trick: LastTrick | None
    seat_kinds: list[str] = Field(description="human, open or bot:<name> per seat")
    deals_scored: int
    open_hands: list[list[str]] | None = Field(
        default=None,
        description="at a study table (all hands open) only: every seat's cards, by seat",
    )


class Presence(_Part):
    """Who is here now."""

    online: list[int] = Field(description="the seats with a connection")
    spectators: int


class EntropyState(_Part):
    """Fair dealing with the players' randomness: the seats that gave theirs and those the
    first deal waits for."""

    given: list[int]
    pending: list[int]


class DailySet(_Part):
    """The deal of the day's set a table plays."""

    day: str = Field(description="the UTC day, YYYY-MM-DD")
    game: str
    deals: int = Field(description="the deals of the set")


class TournamentRound(_Part):
    """The tournament round a table plays."""

    id: str = Field(description="the tournament")
    round: int = Field(description="its round, from 1 (an arena's tables count from 1 too)")
    kind: Literal["swiss", "arena"] | None = None


class People(_Part):
    """Who is at the table and how it plays."""

    names: list[str | None]
    seat_states: list[SeatState]
    presence: Presence
    waiting_for: list[int] = Field(description="whom the bots wait for after a deal")
    away: list[int] = Field(description="people's seats the normal bot plays for")
    turn_seconds: float = Field(description="the turn clock, 0 for none")
    hints: bool
    undo: bool = Field(
        default=False,
        description="one person alone at an unrated table: he may take back his decisions",
    )
    open_hands: bool = Field(default=False, description="a study table: every hand face up")
    rated: str | None = Field(
        default=None, description="the rating the game counts for (game:preset), null: unrated"
    )
    daily: DailySet | None = Field(
        default=None, description="the deal of the day's set the table plays, null: none"
    )
    deals: int | None = Field(
        default=None,
        description="the table ends once this many deals are scored, null: the whole game",
    )
    tournament: TournamentRound | None = Field(
        default=None, description="the tournament round the table plays, null: none"
    )
    rematch: str | None = Field(description="the rematch's table, once there is one")
    commitment: str = Field(description="SHA-256 of the table's secret seed")
    entropy: EntropyState | None = Field(description="null unless the table deals with it")


class GameFacts(_Part):
    """The game's facts the page draws by."""

    sides: list[list[int]]
    partnership: bool
    penalties: bool = Field(description="points are bad")
    tricks: bool = Field(description="play goes in tricks")
    deck: int = Field(description="cards in the deck")
    program: list[str] = Field(description="a fixed sequence of deals, by name")
    board: str | None = Field(
        description="the address of the game's own board module, null: the generic board"
    )


class ViewMessage(_ServerModel):
    """What a seat (or a spectator) is shown: on connect, on ``sync`` and after every
    change."""

    type: Literal["view"] = "view"
    version: int = Field(description="grows by one with every applied action")
    seat: int | None = Field(description="the seat this connection plays, null: a spectator")
    view: GameView
    events: list[EventJson] = Field(description="what happened since the last view")
    table: People
    facts: GameFacts
    clock_left: float | None = Field(
        description="seconds left on the turn clock running now, null when none runs"
    )
    opening: list[EventJson] | None = Field(
        default=None,
        description="first view only: the deal in play so far, redacted for this seat",
    )
    hands_left: list[list[str]] | None = Field(
        default=None,
        description="at a deal's end in a game that scores the cards left: each seat's",
    )
    undoable: bool | None = Field(
        default=None,
        description="where undo is offered (``table.undo``), to its person: whether he has a "
        "decision of the deal in play to take back now",
    )
    undone: bool = Field(
        default=False,
        description="the answer to ``undo``: the game as it now stands, with a lower version "
        "(the view replaces the last one; ``opening`` is the deal so far)",
    )


class TableMessage(_ServerModel):
    """Only the people changed: someone came, went or took a seat."""

    type: Literal["table"] = "table"
    version: int
    seat: int | None
    table: People


class ErrorMessage(_ServerModel):
    """The client's last message was refused; nothing changed."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str = Field(description="one line naming the problem")


class ChatMessage(_ServerModel):
    """Someone at the table said a preset phrase."""

    type: Literal["chat"] = "chat"
    seat: int
    phrase: PhraseName


class HintMessage(_ServerModel):
    """The answer to ``hint``: what the normal bot would play at ``version``, and why."""

    type: Literal["hint"] = "hint"
    version: int
    action: str
    reason: PhraseJson | None = None


class PongMessage(_ServerModel):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"


ServerMessage = Annotated[
    ViewMessage | TableMessage | ErrorMessage | ChatMessage | HintMessage | PongMessage,
    Field(discriminator="type"),
]
"""Any message the server sends, told apart by ``type``."""

SERVER_MESSAGES: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def message_types(union: Any) -> list[tuple[str, str]]:
    """Each message of a union (``ClientMessage``, ``ServerMessage``): its ``type`` and the
    first line of its docstring."""
    members = typing.get_args(typing.get_args(union)[0])
    return [(member.model_fields["type"].default, _first_sentence(member)) for member in members]


def _first_sentence(model: type[BaseModel]) -> str:
    """The first sentence of a model's docstring, on one line, without its final stop."""
    paragraph = " ".join((model.__doc__ or "").strip().split("\n\n")[0].split())
    return paragraph.split(". ")[0].rstrip(".").replace("``", "`")


def overview() -> str:
    """The WebSocket protocol in a paragraph, from the models themselves (the app's OpenAPI
    description): every message each way and every error code."""

    def listed(union: Any) -> str:
        return "; ".join(f"`{kind}` ({line})" for kind, line in message_types(union))

    codes = ", ".join(f"`{code}`" for code in typing.get_args(ErrorCode))
    return (
        "Create a table over HTTP, then play each seat over the WebSocket "
        "`/ws/tables/{id}?token=…` (no token: a spectator). Every message is a JSON object "
        f"told apart by `type`. Client → server: {listed(ClientMessage)}. Server → client: "
        f"{listed(ServerMessage)}. A refused message is answered by `error` with one of the "
        f"codes {codes}. The JSON Schemas of every message are in docs/protocol."
    )


# ----- reading what a client sends ----------------------------------------------------------


class ProtocolError(Exception):
    """A client message refused before it reaches the table: ``code`` as docs/protocol.md
    names them, ``message`` one line naming the problem."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message

    def answer(self) -> ErrorMessage:
        """The error message the client is sent."""
        return ErrorMessage(code=self.code, message=self.message)


def parse_client_message(text: str | None) -> ClientMessage:
    """A client's frame (its text; None for a binary frame) as its message, or a
    ``ProtocolError`` (``bad_message``) naming what is wrong with it."""
    if text is None:
        raise ProtocolError("bad_message", "messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("bad_message", f"message too long ({len(text)} > {MAX_MESSAGE})")
    try:
        return CLIENT_MESSAGES.validate_json(text)
    except ValidationError as error:
        raise ProtocolError("bad_message", _problem(error.errors()[0])) from None


def read_client_message(text: str | None) -> ClientMessage | ErrorMessage:
    """A client's frame as its message, or else the error message that refuses it."""
    try:
        return parse_client_message(text)
    except ProtocolError as error:
        return error.answer()


def _problem(error: ErrorDetails) -> str:
    """One line for the first thing wrong with a message."""
    kind = error["type"]
    if kind == "json_invalid":
        return "malformed JSON"
    if kind in ("dict_type", "model_type", "union_tag_not_found"):
        return "a message is a JSON object with a 'type'"
    if kind == "union_tag_invalid":
        return f"unknown message type {(error.get('ctx') or {}).get('tag')!r}"
    message, *where = error["loc"]
    field = ".".join(str(part) for part in where)
    if kind == "missing":
        return f"{message!s}: '{field}' is missing"
    reason = error["msg"].removeprefix("Value error, ")
    return f"{message!s}: '{field}': {reason[:1].lower()}{reason[1:]}"
