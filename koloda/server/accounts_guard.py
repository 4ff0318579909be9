"""Sessions on requests: the cookie, the CSRF check of every state-changing request made
with it, and the signed-in person's seat bound to his account.

A request without the session cookie (a guest, a program with table tokens) passes as
before. A POST, PUT, PATCH or DELETE with the cookie of a live session must carry the
session's CSRF token in ``X-CSRF-Token``, else it is refused (403) before any route runs. A
cookie that opens no session (signed out, expired, its account deleted) counts for nothing:
the request is a guest's, and the account's routes answer 401.
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import Callable
from http.cookies import SimpleCookie
from typing import Any, TypeVar

from fastapi import HTTPException, Request, Response, WebSocket
from sqlalchemy.exc import SQLAlchemyError
from starlette.types import ASGIApp, Receive, Scope, Send

from koloda.server.accounts import SESSION_SECONDS, AccountError, Accounts, Session
from koloda.server.limits import client_key

T = TypeVar("T")

COOKIE = "koloda_session"
CSRF_HEADER = "x-csrf-token"
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CSRF_REFUSED = "this request needs the session's CSRF token in the X-CSRF-Token header"


def accounts_of_app(app: Any) -> Accounts:
    """The app's accounts, on the store's database (made on first use)."""
    accounts: Accounts | None = getattr(app.state, "accounts", None)
    if accounts is None:
        accounts = Accounts(app.state.store.engine)
        app.state.accounts = accounts
    return accounts


def accounts_of(request: Request) -> Accounts:
    return accounts_of_app(request.app)


def _cookie_in(headers: list[tuple[bytes, bytes]]) -> str | None:
    for key, value in headers:
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header: no session
                return None
            if COOKIE in jar:
                return jar[COOKIE].value
    return None


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> str | None:
    for key, value in headers:
        if key == name:
            return value.decode("latin-1")
    return None


class SessionGuard:
    """The CSRF check of state-changing requests made with a session cookie (a plain ASGI
    middleware); the session it found is left in the request's state."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in STATE_CHANGING:
            await self.app(scope, receive, send)
            return
        headers = scope.get("headers", [])
        cookie = _cookie_in(headers)
        if cookie is not None:
            accounts = accounts_of_app(scope["app"])
            session = await asyncio.to_thread(accounts.session, cookie)
            if session is not None:
                given = _header(headers, CSRF_HEADER.encode()) or ""
                if not hmac.compare_digest(given.encode(), session.csrf.encode()):
                    await _refuse(send)
                    return
                scope.setdefault("state", {})["session"] = session
        await self.app(scope, receive, send)


async def _refuse(send: Send) -> None:
    """403 in the protocol's problem shape."""
    body = json.dumps({"detail": CSRF_REFUSED}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def session_of(request: Request) -> Session | None:
    """The request's live session (checked against CSRF when it changes state), or None."""
    found: Session | None = getattr(request.state, "session", None)
    if found is not None:
        return found
    if request.method in STATE_CHANGING:  # the guard found none
        return None
    cookie = request.cookies.get(COOKIE)
    if not cookie:
        return None
    return await asyncio.to_thread(accounts_of(request).session, cookie)


async def signed_in(request: Request) -> Session:
    """The request's session, or 401."""
    session = await session_of(request)
    if session is None:
        raise HTTPException(401, "not signed in")
    return session


def give_cookie(request: Request, response: Response, cookie: str) -> None:
    """The session cookie: HttpOnly, SameSite=Lax, Secure when the request came over TLS."""
    response.set_cookie(
        COOKIE,
        cookie,
        max_age=int(SESSION_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def drop_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


def address_of(request: Request) -> str:
    """The client address the sign-in limits count."""
    return client_key(request.client.host if request.client is not None else "unknown")


def refused(error: AccountError) -> HTTPException:
    """An AccountError as the HTTP answer (429 with Retry-After)."""
    headers = {"Retry-After": str(error.retry_after)} if error.retry_after else None
    return HTTPException(error.status, error.message, headers=headers)


async def answered(function: Callable[..., T], *args: Any) -> T:
    """A blocking accounts call in a thread; an AccountError as its HTTP answer."""
    try:
        return await asyncio.to_thread(function, *args)
    except AccountError as error:
        raise refused(error) from None


async def bind_seat(request: Request, table_id: str, seat: int, token: str | None) -> None:
    """A signed-in player's new seat is bound to his account too (a guest's is not)."""
    if token is None:
        return
    session = await session_of(request)
    if session is not None:
        await asyncio.to_thread(
            accounts_of(request).bind, session.account.id, table_id, seat, token
        )


async def bind_connection(websocket: WebSocket, table_id: str, seat: int, token: str) -> None:
    """A seat opened by its token over a WebSocket with a session cookie is bound to the
    session's account too (the token seats as ever; a store that fails binds nothing)."""
    cookie = websocket.cookies.get(COOKIE)
    if not cookie:
        return
    accounts = accounts_of_app(websocket.app)
    try:
        session = await asyncio.to_thread(accounts.session, cookie)
        if session is None:
            return
        account_id = session.account.id
        if not await asyncio.to_thread(accounts.bound_to, account_id, table_id, seat):
            await asyncio.to_thread(accounts.bind, account_id, table_id, seat, token)
    except SQLAlchemyError:
        return
