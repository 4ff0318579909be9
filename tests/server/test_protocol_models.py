"""The typed protocol (koloda/server/protocol, docs/protocol.md): the published schemas are
current; every frame the server sends in whole games validates against the server-message
models; malformed client messages are refused with the protocol's error code and change
nothing; the tests and the browser speak the client-message models."""

from __future__ import annotations

import json
import random
import re
import threading
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from pydantic import BaseModel
from server_support import ServerThread, create_table, serving
from websockets.sync.client import ClientConnection, connect

from koloda.core.registry import available_games, load_game
from koloda.server.limits import Bucket, MessageLimit
from koloda.server.live import PHRASES
from koloda.server.protocol import schemas, ws
from koloda.server.protocol.ws import (
    ActionMessage,
    ChatRequest,
    EntropyMessage,
    ErrorMessage,
    HintRequest,
    NextDealMessage,
    PingMessage,
    ProtocolError,
    SyncMessage,
    ViewMessage,
    parse_client_message,
)

PACKAGE = Path(ws.__file__).resolve().parents[1]
"""The server package (koloda/server)."""
STATIC = PACKAGE / "static"

SHORT: dict[str, dict[str, Any]] = {
    "king": {"variant": "classic"},
    "hundred_one": {"players": 3},
    "spades": {"max_deals": 1},
    "tressette": {},
}
"""Options that keep a whole game short; a game not named here plays with its defaults."""


def published(name: str) -> Any:
    """A validator of the published schema ``docs/protocol/<name>.schema.json``."""
    path = schemas.DOCS / schemas.FOLDER / f"{name}.schema.json"
    return Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))


def client_types() -> set[str]:
    """The ``type`` of every message of the client union."""
    return {model.model_fields["type"].default for model in union_models(ws.ClientMessage)}


def union_models(union: Any) -> list[type[BaseModel]]:
    """The models of a discriminated union (``Annotated[A | B | …, Field(...)]``)."""
    members = typing.get_args(typing.get_args(union)[0])
    return [model for model in members if issubclass(model, BaseModel)]


# ----- the published schemas -------------------------------------------------------------------


def test_protocol_docs_are_current() -> None:
    """The schema files and the generated section of docs/protocol.md are what the models
    make now (``python -m koloda.server.protocol.schemas`` writes them again)."""
    made = schemas.expected()
    assert len(made) == 4
    for path, text in made.items():
        assert path.exists(), f"{path.name} is missing: python -m koloda.server.protocol.schemas"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is stale: python -m koloda.server.protocol.schemas"
        )
    assert not schemas.stale()


def test_protocol_schemas_command_writes_and_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m koloda.server.protocol.schemas`` writes the files and the page's section
    (replacing the section, keeping the rest), and ``--check`` says when one is stale."""
    page = tmp_path / schemas.PAGE
    page.write_text("# The table API\n\nOur words.\n", encoding="utf-8")
    assert schemas.main(["--check", "--docs", str(tmp_path)]) == 1
    assert schemas.main(["--docs", str(tmp_path)]) == 0
    assert schemas.main(["--check", "--docs", str(tmp_path)]) == 0
    written = page.read_text(encoding="utf-8")
    assert written.startswith("# The table API\n\nOur words.\n") and schemas.END in written
    assert schemas.main(["--docs", str(tmp_path)]) == 0  # current: nothing to write again
    assert page.read_text(encoding="utf-8") == written
    server = tmp_path / schemas.FOLDER / "server.schema.json"
    server.write_text("{}\n", encoding="utf-8")
    capsys.readouterr()
    assert schemas.main(["--check", "--docs", str(tmp_path)]) == 1
    assert "server.schema.json" in capsys.readouterr().out
    page.write_text(written.replace("| `ViewMessage` |", "| `OldMessage` |"), encoding="utf-8")
    assert schemas.main(["--docs", str(tmp_path)]) == 0
    assert page.read_text(encoding="utf-8") == written
    assert json.loads(server.read_text(encoding="utf-8")) == schemas.server_schema()


def test_protocol_every_message_has_a_model_and_a_published_schema() -> None:
    """The unions hold exactly the models the docs list, and each has its schema."""
    assert union_models(ws.ClientMessage) == list(schemas.CLIENT_MODELS)
    assert union_models(ws.ServerMessage) == list(schemas.SERVER_MODELS)
    for models, schema in (
        (schemas.CLIENT_MODELS, schemas.client_schema()),
        (schemas.SERVER_MODELS, schemas.server_schema()),
    ):
        defined = schema["$defs"]
        mapping = schema["discriminator"]["mapping"]
        for model in models:
            kind = model.model_fields["type"].default
            assert model.__name__ in defined
            assert mapping[kind] == f"#/$defs/{model.__name__}"
            assert defined[model.__name__]["required"][0] == "type"
            assert model.__doc__, f"{model.__name__} says what it is for"
    page = (schemas.DOCS / schemas.PAGE).read_text(encoding="utf-8")
    for model in (*schemas.CLIENT_MODELS, *schemas.SERVER_MODELS):
        assert f"`{model.__name__}`" in page


def test_protocol_http_schema_names_each_route_body() -> None:
    """Every HTTP route with a JSON body publishes its model, defined in the same file."""
    http = schemas.http_schema(schemas.openapi())
    bodies = {route: parts["body"] for route, parts in http["routes"].items() if parts["body"]}
    assert "POST /api/tables" in bodies
    for route, body in bodies.items():
        name = body["$ref"].rpartition("/")[2]
        assert name in http["$defs"], route
    assert http["routes"]["POST /api/tables"]["answers"]["201"]["$ref"].endswith("CreatedTable")


def test_protocol_phrases_are_the_tables() -> None:
    """The published phrases are those the table takes, in its order."""
    schema = schemas.client_schema()["$defs"]["ChatRequest"]["properties"]["phrase"]
    assert schema["enum"] == list(PHRASES)


def test_protocol_error_codes_are_the_specs() -> None:
    """The error codes of the model are those docs/protocol.md lists, and every code the
    server's code refuses a message with is one of them (``forbidden`` only refuses a
    handshake)."""
    page = (schemas.DOCS / schemas.PAGE).read_text(encoding="utf-8")
    listed = page.partition("Error codes:")[2].partition("\n\n")[0]
    codes = set(typing.get_args(ws.ErrorCode))
    assert set(re.findall(r"`(\w+)`", listed)) == codes
    used = set()
    for source in PACKAGE.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        used |= set(re.findall(r"""(?:error_message|TableError)\(\s*["'](\w+)["']""", text))
        used |= set(re.findall(r""""code":\s*["'](\w+)["']""", text))
    assert {"bad_message", "illegal_action", "too_many_messages"} <= used
    assert used - {"forbidden"} <= codes, used - codes


# ----- reading client messages -----------------------------------------------------------------

REFUSED = [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "JSON object"),
    ("null", "JSON object"),
    ('"act"', "JSON object"),
    ("{}", "JSON object"),
    ('{"type": 7}', "unknown message type"),
    ('{"type": "dance"}', "unknown message type 'dance'"),
    ('{"action": "QH"}', "JSON object"),
    ('{"type": "act"}', "'action' is missing"),
    ('{"type": "act", "action": 7}', "'action'"),
    ('{"type": "act", "action": ""}', "'action'"),
    ('{"type": "act", "action": "QH", "version": "1"}', "'version'"),
    ('{"type": "act", "action": "QH", "version": true}', "'version'"),
    ('{"type": "act", "action": "QH", "version": 1.5}', "'version'"),
    ('{"type": "chat", "phrase": "rude word"}', "'phrase'"),
    ('{"type": "chat", "phrase": {"x": 1}}', "'phrase'"),
    ('{"type": "chat"}', "'phrase' is missing"),
    ('{"type": "entropy", "value": "a b"}', "'value'"),
    ('{"type": "entropy", "value": "' + "a" * 129 + '"}', "'value'"),
    ("[" * 2000 + "]" * 2000, "malformed JSON"),
    ('{"type": "act", "action": "' + "Q" * 5000 + '"}', "too long"),
    (None, "binary"),
]
"""Malformed frames (None: a binary one) and a piece of the line that refuses each."""


@pytest.mark.parametrize(("text", "problem"), REFUSED)
def test_protocol_malformed_message_is_refused(text: str | None, problem: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(text)
    assert refused.value.code == "bad_message"
    assert problem in refused.value.message
    assert "\n" not in refused.value.message
    answer = refused.value.answer()
    assert answer == ErrorMessage(code="bad_message", message=refused.value.message)
    assert ws.read_client_message(text) == answer


SAMPLES: list[BaseModel] = [
    ActionMessage(action="QH", version=3),
    ActionMessage(action="bid:nil"),
    SyncMessage(),
    NextDealMessage(),
    HintRequest(),
    ChatRequest(phrase="well_played"),
    ws.BackMessage(),
    ws.LeaveMessage(),
    EntropyMessage(value="a1-b2_c3"),
    PingMessage(),
]


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_protocol_client_message_round_trip(message: BaseModel) -> None:
    """What a model writes, the server reads back as the same message."""
    assert parse_client_message(message.model_dump_json()) == message
    assert ws.read_client_message(message.model_dump_json()) == message


def test_protocol_published_client_schema_reads_as_the_models_do() -> None:
    """The published schema accepts what the models write and refuses the malformed
    objects they refuse (a frame's length and its JSON syntax are no schema's business)."""
    validator = published("client")
    for message in SAMPLES:
        validator.validate(json.loads(message.model_dump_json()))
    checked = 0
    for text, problem in REFUSED:
        if text is None or problem in ("too long", "malformed JSON"):
            continue
        assert not validator.is_valid(json.loads(text)), text
        checked += 1
    assert checked >= 15


def test_protocol_unknown_fields_are_ignored() -> None:
    read = parse_client_message('{"type": "act", "action": "QH", "colour": "red"}')
    assert read == ActionMessage(action="QH")
    assert parse_client_message('{"type": "hint", "extra": [1, 2, 3]}') == HintRequest()


# ----- the browser -----------------------------------------------------------------------------

SENT = re.compile(r"""send\(\s*\{\s*type:\s*["'](\w+)["']""")
READ = re.compile(r"""message\.type\s*[!=]==?\s*["'](\w+)["']""")
PHRASE_LIST = re.compile(r"PHRASES\s*=\s*\[([^\]]*)\]")


def scripts() -> dict[str, str]:
    """The page's scripts by name, as text."""
    return {
        str(script.relative_to(STATIC)): script.read_text(encoding="utf-8")
        for script in sorted(STATIC.rglob("*.js"))
    }


def test_protocol_the_browser_sends_only_client_messages() -> None:
    """Every message the page's scripts send (``send({ type: "…", … })``) is one of the
    client union."""
    sent: dict[str, set[str]] = {}
    for name, text in scripts().items():
        for kind in SENT.findall(text):
            sent.setdefault(kind, set()).add(name)
    assert {"act", "sync"} <= set(sent), "the table's scripts send moves and syncs"
    unknown = {kind: where for kind, where in sent.items() if kind not in client_types()}
    assert not unknown, f"the browser sends messages the protocol does not define: {unknown}"


def test_protocol_the_browser_reads_only_server_messages() -> None:
    """Every ``message.type`` the page's scripts look for is a type of the server union."""
    read = {kind for text in scripts().values() for kind in READ.findall(text)}
    assert {"view", "error"} <= read
    server_types = {model.model_fields["type"].default for model in schemas.SERVER_MODELS}
    assert read <= server_types, read - server_types


def test_protocol_the_browser_offers_only_the_tables_phrases() -> None:
    """The phrases the page offers are those ``ChatRequest`` takes."""
    lists = [found for text in scripts().values() for found in PHRASE_LIST.findall(text)]
    assert lists, "the table page offers phrases"
    for found in lists:
        offered = re.findall(r"""["'](\w+)["']""", found)
        assert offered and set(offered) <= set(PHRASES)
        for phrase in offered:
            assert parse_client_message(ChatRequest(phrase=phrase).model_dump_json())


# ----- over real WebSockets --------------------------------------------------------------------


def seat_socket(server: ServerThread, table_id: str, token: str | None) -> ClientConnection:
    """An open WebSocket to the table: a seat's with its token, else a spectator's."""
    query = f"?token={token}" if token else ""
    socket = connect(f"{server.ws_url}/ws/tables/{table_id}{query}", max_size=1 << 22)
    return socket.__enter__()  # closed by the test


def next_message(socket: ClientConnection, frames: list[str]) -> ws.ServerMessage:
    """The next frame, kept in ``frames`` and read as a server message."""
    frame = socket.recv(timeout=60)
    assert isinstance(frame, str), "the server sends JSON text"
    frames.append(frame)
    return ws.SERVER_MESSAGES.validate_json(frame)


def next_answer(socket: ClientConnection, frames: list[str]) -> ws.ServerMessage:
    """The next message but news of who is at the table."""
    while True:
        message = next_message(socket, frames)
        if not isinstance(message, ws.TableMessage):
            return message


def next_view(socket: ClientConnection, frames: list[str]) -> ViewMessage:
    """The next view (the messages before it are kept in ``frames`` too)."""
    while True:
        message = next_message(socket, frames)
        if isinstance(message, ViewMessage):
            return message


class Watcher(threading.Thread):
    """A spectator reading every frame until the game is over."""

    def __init__(self, socket: ClientConnection) -> None:
        super().__init__(daemon=True)
        self.socket = socket
        self.frames: list[str] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not next_view(self.socket, self.frames).view.finished:
                pass
        except BaseException as error:
            self.error = error


class Player:
    """A person's seat playing random legal actions with messages made from the models; on
    its first turn it also asks for a hint, pings, talks, syncs and sends a malformed frame."""

    def __init__(self, socket: ClientConnection, seed: int) -> None:
        self.socket = socket
        self.rng = random.Random(seed)
        self.frames: list[str] = []
        self.acted = -1
        self.tried_extras = False
        self.schema = published("client")

    def send(self, message: BaseModel) -> None:
        """Send a message as its model writes it."""
        text = message.model_dump_json()
        self.schema.validate(json.loads(text))  # what the models write, the schema takes
        self.socket.send(text)

    def play(self) -> None:
        """Play to the game's end."""
        self.send(EntropyMessage(value="f" * 32))
        while True:
            message = next_message(self.socket, self.frames)
            if not isinstance(message, ViewMessage):
                continue
            if message.view.finished:
                return
            if message.seat in message.table.waiting_for:
                self.send(NextDealMessage())
            if message.view.legal_actions and message.version > self.acted:
                self.turn(message)

    def turn(self, message: ViewMessage) -> None:
        """Play a random legal action (the first time, after the other messages)."""
        if not self.tried_extras:
            self.tried_extras = True
            for extra in (HintRequest(), PingMessage(), ChatRequest(phrase="hello")):
                self.send(extra)
            self.socket.send('{"type": "act", "action": 7}')
            self.send(EntropyMessage(value="e" * 32))  # once only: refused
            self.send(SyncMessage())
            while not isinstance(next_message(self.socket, self.frames), ws.HintMessage):
                pass  # the hint is of this turn: nothing moves until this seat does
        action = self.rng.choice(message.view.legal_actions)
        self.send(ActionMessage(action=action, version=message.version))
        self.acted = message.version


def short_game(game: str) -> tuple[dict[str, Any], int]:
    """The options of a short game of ``game`` and its number of seats with them."""
    options = SHORT.get(game, {})
    return options, load_game(game, **options).num_seats


@pytest.mark.parametrize("game", available_games())
def test_protocol_every_server_frame_validates(server: ServerThread, game: str) -> None:
    """A whole game (a person, bots, a spectator, fair dealing, hints, talk, refusals): each
    frame either connection receives is a server message of the models."""
    options, seats = short_game(game)
    body = {
        "game": game,
        "options": options,
        "seats": ["human"] + ["bot:random"] * (seats - 1),
        "entropy": True,
    }
    answer = httpx.post(f"{server.url}/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    player = Player(seat_socket(server, created["table_id"], created["seats"][0]["token"]), 7)
    first = next_view(player.socket, player.frames)
    assert first.opening is not None and first.table.entropy is not None
    watcher = Watcher(seat_socket(server, created["table_id"], None))
    watcher.start()
    player.play()
    watcher.join(timeout=120)
    assert not watcher.is_alive() and watcher.error is None, repr(watcher.error)
    for socket in (player.socket, watcher.socket):
        socket.close()

    schema = published("server")
    for frame in (*player.frames, *watcher.frames):
        schema.validate(json.loads(frame))  # the published schema takes every frame too
    watched = [ws.SERVER_MESSAGES.validate_json(frame) for frame in watcher.frames]
    assert watched and all(message.type in {"view", "table", "chat"} for message in watched)
    received = [ws.SERVER_MESSAGES.validate_json(frame) for frame in player.frames]
    assert {message.type for message in received} == {
        "view",
        "table",
        "error",
        "chat",
        "hint",
        "pong",
    }
    codes = {message.code for message in received if isinstance(message, ErrorMessage)}
    assert codes == {"bad_message", "entropy_closed"}


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server without a message limit (a test here sends many refused messages at once)."""

    def unlimited() -> MessageLimit:
        return MessageLimit(Bucket(10**9, 1.0), Bucket(10**9, 1.0))

    yield from serving(tmp_path_factory, "patient", message_limit=unlimited)


def test_protocol_malformed_frames_are_refused_over_the_socket(
    patient_server: ServerThread,
) -> None:
    """Each malformed frame gets the error ``parse_client_message`` gives it (the route reads
    every frame with the models), and changes nothing: the view is the same after them, and
    a move made from the models is then applied."""
    server = patient_server
    options, seats = short_game("king")
    created = create_table(server.url, "king", options, ["human"] * seats)
    sockets = [seat_socket(server, created["table_id"], s["token"]) for s in created["seats"]]
    frames: list[str] = []
    views = [next_view(socket, frames) for socket in sockets]
    to_act = views[0].view.to_act
    assert to_act is not None
    socket, before = sockets[to_act], views[to_act]
    for text, _ in REFUSED:
        socket.send(b"\x00\x01" if text is None else text)
        refused = next_answer(socket, frames)
        assert isinstance(refused, ErrorMessage), refused
        with pytest.raises(ProtocolError) as expected:
            parse_client_message(text)
        assert (refused.code, refused.message) == (expected.value.code, expected.value.message)
    socket.send(SyncMessage().model_dump_json())
    again = next_view(socket, frames)
    assert again.version == before.version == 0
    assert again.view == before.view
    action = before.view.legal_actions[0]
    socket.send(ActionMessage(action=action, version=0).model_dump_json())
    applied = next_view(socket, frames)
    assert applied.version == 1 and applied.events[0].params["card"] == {"card": action}
    for each in sockets:
        each.close()


def test_the_openapi_description_names_every_message_and_error_code() -> None:
    """The app's OpenAPI page tells the WebSocket protocol from the models, so a message
    added to a union or a new error code shows there too; and a malformed request's 422 is
    the ``Problem`` the app answers, not FastAPI's default shape."""
    from koloda.server.app import create_app

    spec = create_app("sqlite:///:memory:").openapi()
    described = spec["info"]["description"]
    for union in (ws.ClientMessage, ws.ServerMessage):
        for kind, _ in ws.message_types(union):
            assert f"`{kind}` (" in described, kind
    for code in typing.get_args(ws.ErrorCode):
        assert f"`{code}`" in described, code
    assert "HTTPValidationError" not in json.dumps(spec)
    created = spec["paths"]["/api/tables"]["post"]["responses"]["422"]
    assert created["content"]["application/json"]["schema"]["$ref"].endswith("/Problem")
