"""What the server takes from one client before the app sees it: request bodies up to a size,
so many requests at once and so many WebSockets per address, WebSockets only from pages of
allowed origins (``Guard``); and, at the connection, the time a client may take to send a
request's headers and the connections one address may hold (``guarded_http``)."""

from __future__ import annotations

import ipaddress
import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from koloda.server.limits import client_key

MAX_BODY = 64 * 1024
"""The largest request body taken (a new table's request is well under 1 KB)."""
REQUESTS_PER_ADDRESS = 32
"""HTTP requests one client address may have in progress at once."""
WEBSOCKETS_PER_ADDRESS = 64
"""WebSockets one client address may hold open (a table's seats and spectators)."""
CONNECTIONS_PER_ADDRESS = 128
"""TCP connections one peer address may hold open (not counted for a trusted proxy)."""
HEADER_SECONDS = 10.0
"""The time a client has to send a request's headers, from connecting or from the start of
the request."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def normal_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, without a trailing slash."""
    parts = urlsplit(origin.strip().lower())
    return f"{parts.scheme}://{parts.netloc}"


def same_origin(scope: Scope, origin: str) -> bool:
    """Whether a WebSocket's Origin is the page's own host (the Host it was asked of)."""
    host = _header(scope, b"host")
    return host is not None and urlsplit(origin.strip().lower()).netloc == host.strip().lower()


class Guard:
    """An ASGI middleware: bodies over ``max_body`` bytes get 413, more than ``requests``
    requests at once from one address 429, more than ``websockets`` WebSockets from one
    address and WebSockets from other origins than the page's own and ``origins`` are refused
    at the handshake (429, 403). Each refusal is one line and changes nothing."""

    def __init__(
        self,
        app: ASGIApp,
        max_body: int = MAX_BODY,
        requests: int = REQUESTS_PER_ADDRESS,
        websockets: int = WEBSOCKETS_PER_ADDRESS,
        origins: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.requests = requests
        self.websockets = websockets
        self.origins = {normal_origin(origin) for origin in origins}
        self.busy: Counter[str] = Counter()
        """Requests in progress by client address (its /64 for IPv6)."""
        self.sockets: Counter[str] = Counter()
        """Open WebSockets by client address."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    @staticmethod
    def _address(scope: Scope) -> str:
        client = scope.get("client")
        return client_key(client[0]) if client else "unknown"

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _answer(send, 413, f"the request body is larger than {self.max_body} bytes")
            return
        address = self._address(scope)
        if self.busy[address] >= self.requests:
            await _answer(
                send, 429, "too many requests at once from this address", {"Retry-After": "1"}
            )
            return
        self.busy[address] += 1
        started = refused = False
        received = 0

        async def counted_receive() -> Message:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body and not refused:
                    refused = True
                    if not started:
                        await _answer(send, 413, too_large)
                    return {"type": "http.disconnect"}  # the app reads no further
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if refused:
                return  # answered already
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        too_large = f"the request body is larger than {self.max_body} bytes"
        try:
            await self.app(scope, counted_receive, watched_send)
        finally:
            self._release(self.busy, address)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin = _header(scope, b"origin")
        if origin is not None and not (
            same_origin(scope, origin) or normal_origin(origin) in self.origins
        ):
            await _deny(scope, send, 403, f"WebSockets from {origin} are not allowed here")
            return
        address = self._address(scope)
        if self.sockets[address] >= self.websockets:
            await _deny(scope, send, 429, "too many open connections from this address")
            return
        self.sockets[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self._release(self.sockets, address)

    @staticmethod
    def _release(counts: Counter[str], address: str) -> None:
        counts[address] -= 1
        if counts[address] <= 0:
            del counts[address]


async def _answer(
    send: Send, status: int, detail: str, headers: dict[str, str] | None = None
) -> None:
    body = json.dumps({"detail": detail}).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


async def _deny(scope: Scope, send: Send, status: int, detail: str) -> None:
    """Refuse a WebSocket handshake with an HTTP answer where the server can send one."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"detail": detail}).encode()
        await send(
            {
                "type": "websocket.http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": detail})


def proxy_matcher(trusted: Iterable[str]) -> Callable[[str], bool]:
    """Whether a peer is one of the ``trusted`` proxies (addresses, networks, or ``*``)."""
    entries = [entry.strip() for entry in trusted if entry.strip()]
    if "*" in entries:
        return lambda peer: True
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"not an address or network: {entry!r}") from None

    def matches(peer: str) -> bool:
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(address in network for network in networks)

    return matches


def guarded_http(
    header_seconds: float = HEADER_SECONDS,
    per_address: int = CONNECTIONS_PER_ADDRESS,
    trusted: Iterable[str] = (),
) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with a time limit on each request's headers (a client that
    sends them too slowly or not at all is answered 408 and let go) and at most
    ``per_address`` open connections per peer address (other than the ``trusted`` proxies:
    their clients are told apart by the app)."""
    open_by_address: Counter[str] = Counter()
    is_proxy = proxy_matcher(trusted)

    class GuardedHttp(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._deadline: Any = None
            self._counted: str | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            if peer is not None and not is_proxy(peer):
                key = client_key(peer)
                if open_by_address[key] >= per_address:
                    self._refuse(429, "Too Many Requests")
                    return
                open_by_address[key] += 1
                self._counted = key
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            self._uncount()  # the WebSocket is counted by the app's guard from here
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            if self._counted is not None:
                open_by_address[self._counted] -= 1
                if open_by_address[self._counted] <= 0:
                    del open_by_address[self._counted]
                self._counted = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.cycle is None or self.cycle.response_complete:
                self._refuse(408, "Request Timeout")

        def _refuse(self, status: int, reason: str) -> None:
            if not self.transport.is_closing():
                self.transport.write(
                    f"HTTP/1.1 {status} {reason}\r\ncontent-length: 0\r\n"
                    "connection: close\r\n\r\n".encode()
                )
                self.transport.close()

    return GuardedHttp
