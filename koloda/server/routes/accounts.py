"""The accounts' routes (optional accounts; a guest plays as before): signing up, in and out
(here or everywhere), passkeys, the signed-in person's account, its deletion, and his tables
("My tables" of the account). State-changing requests made with the session cookie carry its
CSRF token (``accounts_guard``)."""

from __future__ import annotations

import asyncio
import hmac
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy import select, update

from koloda.i18n import Speaker
from koloda.server import accounts_passkeys as passkeys
from koloda.server.accounts import Account, Accounts, Binding
from koloda.server.accounts_guard import (
    accounts_of,
    address_of,
    answered,
    drop_cookie,
    give_cookie,
    session_of,
    signed_in,
)
from koloda.server.accounts_http import (
    AccountChange,
    AccountFacts,
    BoundTable,
    Claimed,
    ClaimTables,
    PasskeyBegin,
    PasskeyFinish,
    PasskeyOptions,
    SignedIn,
    SignedOut,
    SignIn,
    SignUp,
)
from koloda.server.live import LiveTable, hash_token
from koloda.server.protocol.http import Problem
from koloda.server.routes.common import check_creation, manager_of
from koloda.server.store import tables_table

router = APIRouter(tags=["accounts"])


def _answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route may answer, each a Problem."""
    return {status: {"model": Problem, "description": WHY[status]} for status in statuses}


WHY = {
    400: "the passkey's answer or challenge is refused",
    401: "not signed in, or a wrong name, password or passkey",
    403: "the session's CSRF token is missing or wrong (X-CSRF-Token)",
    409: "the name is taken, or the passkey is registered already",
    429: "too many failed sign-ins, or new accounts from this address (Retry-After)",
}


def _facts(account: Account) -> AccountFacts:
    return AccountFacts(
        name=account.name,
        created=account.created,
        has_password=account.has_password,
        public_profile=account.public_profile,
        languages=account.languages,
    )


async def _start_session(request: Request, response: Response, account: Account) -> SignedIn:
    """A new session for the account: its cookie set, its CSRF token answered."""
    cookie, csrf = await answered(accounts_of(request).new_session, account.id)
    give_cookie(request, response, cookie)
    return SignedIn(account=_facts(account), csrf_token=csrf)


def _site(request: Request) -> tuple[str, str]:
    """The passkeys' relying party (the host asked) and the origin its pages have."""
    host = request.url.hostname or "localhost"
    return host, f"{request.url.scheme}://{request.url.netloc}"


@router.post(
    "/api/accounts", status_code=201, response_model=SignedIn, responses=_answers(403, 409, 429)
)
async def sign_up(request: Request, response: Response, body: SignUp) -> SignedIn:
    """Make an account with a name and a password, and sign in with it. (A passkey instead:
    ``POST /api/passkeys/register/begin`` with a name.) New accounts count against the
    address's limit of new tables."""
    check_creation(request)
    account = await answered(accounts_of(request).create, body.name, body.password, body.languages)
    return await _start_session(request, response, account)


@router.post("/api/session", response_model=SignedIn, responses=_answers(401, 429))
async def sign_in(request: Request, response: Response, body: SignIn) -> SignedIn:
    """Sign in by name and password: a new session (cookie) and its CSRF token. Failed
    sign-ins are limited per account and per address (429 with Retry-After)."""
    accounts = accounts_of(request)
    account = await answered(accounts.sign_in, body.name, body.password, address_of(request))
    return await _start_session(request, response, account)


@router.delete("/api/session", response_model=SignedOut, responses=_answers(401, 403))
async def sign_out(request: Request, response: Response) -> SignedOut:
    """Sign out here: this session ends."""
    session = await signed_in(request)
    await answered(accounts_of(request).end_session, session.id_hash)
    drop_cookie(request, response)
    return SignedOut(sessions_ended=1)


@router.post("/api/session/everywhere", response_model=SignedOut, responses=_answers(401, 403))
async def sign_out_everywhere(request: Request, response: Response) -> SignedOut:
    """Sign out everywhere: every session of the account ends, this one too."""
    session = await signed_in(request)
    ended = await answered(accounts_of(request).end_all_sessions, session.account.id)
    drop_cookie(request, response)
    return SignedOut(sessions_ended=ended)


@router.get("/api/me", response_model=SignedIn, responses=_answers(401))
async def me(request: Request) -> SignedIn:
    """The signed-in person's account and the session's CSRF token."""
    session = await signed_in(request)
    return SignedIn(account=_facts(session.account), csrf_token=session.csrf)


@router.patch("/api/me", response_model=SignedIn, responses=_answers(401, 403))
async def change_me(request: Request, body: AccountChange) -> SignedIn:
    """Change the account's public profile flag or languages."""
    session = await signed_in(request)
    account = await answered(
        accounts_of(request).change, session.account.id, body.public_profile, body.languages
    )
    return SignedIn(account=_facts(account), csrf_token=session.csrf)


@router.delete("/api/me", status_code=204, responses=_answers(401, 403))
async def delete_me(request: Request) -> Response:
    """Delete the account: it, its sessions, passkeys and bound seats are erased; in the
    stored tables his seats are named "deleted player"."""
    session = await signed_in(request)
    seats = await answered(accounts_of(request).delete, session.account.id)
    await _rename_seats(request, seats)
    response = Response(status_code=204)
    drop_cookie(request, response)
    return response


@router.post(
    "/api/passkeys/register/begin", response_model=PasskeyOptions, responses=_answers(403, 409, 429)
)
async def passkey_register_begin(request: Request, body: PasskeyBegin) -> PasskeyOptions:
    """Begin making a passkey: another for the signed-in account, else the passkey of a new
    account named ``name`` (409 when the name is taken)."""
    session = await session_of(request)
    if session is None:
        check_creation(request)
    rp_id, _ = _site(request)
    account = session.account if session is not None else None
    challenge_id, options = await answered(
        passkeys.register_begin, accounts_of(request), rp_id, account, body.name
    )
    return PasskeyOptions(challenge_id=challenge_id, options=options)


@router.post(
    "/api/passkeys/register/finish", response_model=SignedIn, responses=_answers(400, 403, 409)
)
async def passkey_register_finish(
    request: Request, response: Response, body: PasskeyFinish
) -> SignedIn:
    """Keep the new passkey (400 when the authenticator's answer is refused). A new account
    is made and signed in; a signed-in person stays in his session."""
    session = await session_of(request)
    rp_id, origin = _site(request)
    account = await answered(
        passkeys.register_finish,
        accounts_of(request),
        body.challenge_id,
        body.credential,
        rp_id,
        origin,
        session.account if session is not None else None,
    )
    if session is not None:
        return SignedIn(account=_facts(account), csrf_token=session.csrf)
    response.status_code = 201
    return await _start_session(request, response, account)


@router.post("/api/passkeys/signin/begin", response_model=PasskeyOptions, responses=_answers(403))
async def passkey_signin_begin(request: Request) -> PasskeyOptions:
    """Begin signing in with a passkey (any of this site's: the authenticator offers)."""
    rp_id, _ = _site(request)
    challenge_id, options = await answered(passkeys.signin_begin, accounts_of(request), rp_id)
    return PasskeyOptions(challenge_id=challenge_id, options=options)


@router.post(
    "/api/passkeys/signin/finish", response_model=SignedIn, responses=_answers(400, 401, 403, 429)
)
async def passkey_signin_finish(
    request: Request, response: Response, body: PasskeyFinish
) -> SignedIn:
    """Sign in with the passkey's answer: a new session. A refused answer (a wrong origin,
    a challenge used already, a wrong signature) is 401 and counts as a failed sign-in."""
    rp_id, origin = _site(request)
    account = await answered(
        passkeys.signin_finish,
        accounts_of(request),
        body.challenge_id,
        body.credential,
        rp_id,
        origin,
        address_of(request),
    )
    return await _start_session(request, response, account)


def _bound(binding: Binding) -> BoundTable:
    return BoundTable(
        table_id=binding.table_id,
        seat=binding.seat,
        token=binding.token,
        game=binding.game,
        finished=binding.finished,
        bound=binding.bound,
    )


@router.get("/api/me/tables", response_model=list[BoundTable], responses=_answers(401))
async def my_tables(request: Request) -> list[BoundTable]:
    """The signed-in person's seats ("My tables"), newest first, each with its token: he
    returns to them from any device."""
    session = await signed_in(request)
    found = await answered(accounts_of(request).bindings, session.account.id)
    return [_bound(binding) for binding in found]


@router.post("/api/me/tables", response_model=Claimed, responses=_answers(401, 403))
async def claim_tables(request: Request, body: ClaimTables) -> Claimed:
    """Bind a guest's seats (the table and token of each, as his browser kept them) to the
    signed-in account. The tokens keep working as before; a token that opens no seat of
    its table is listed as refused."""
    session = await signed_in(request)
    accounts, refused_ids = accounts_of(request), []
    for item in body.tables:
        seat = await answered(_seat_of, accounts, item.table_id, item.token)
        if seat is None:
            refused_ids.append(item.table_id)
            continue
        await answered(accounts.bind, session.account.id, item.table_id, seat, item.token)
    found = await answered(accounts.bindings, session.account.id)
    return Claimed(tables=[_bound(b) for b in found], refused=refused_ids)


def _seat_of(accounts: Accounts, table_id: str, token: str) -> int | None:
    """The seat a token holds at a stored table (the store has every seat taken, written
    before its token was given), None when it holds none or there is no such table."""
    with accounts.engine.connect() as connection:
        row = connection.execute(
            select(tables_table.c.token_hashes).where(tables_table.c.id == table_id)
        ).first()
    if row is None or not token:
        return None
    wanted = hash_token(token)
    for seat, stored in enumerate(row.token_hashes or []):
        if stored is not None and hmac.compare_digest(str(stored), wanted):
            return seat
    return None


async def _rename_seats(request: Request, seats: list[tuple[str, int]]) -> None:
    """A deleted account's seats are named "deleted player": in the live tables of this
    process (and so in the store), and in the stored rows of the others."""
    word = Speaker("en", []).word("ui.deleted_player")
    manager = manager_of(request)
    for table_id, seat in seats:
        table = manager.tables.get(table_id)
        if table is None:
            await asyncio.to_thread(_rename_stored, accounts_of(request), table_id, seat, word)
            continue

        async def rename(live: LiveTable, seat: int = seat) -> None:
            live.seating.names[seat] = word
            await manager.store_seats(live)
            manager.announce(live)

        await manager.run(table, rename)


def _rename_stored(accounts: Accounts, table_id: str, seat: int, word: str) -> None:
    """Name a seat in a stored table's row (its seating, and its record's players)."""
    with accounts.engine.begin() as connection:
        row = connection.execute(
            select(tables_table.c.seating, tables_table.c.record).where(
                tables_table.c.id == table_id
            )
        ).first()
        if row is None:
            return
        seating, record = dict(row.seating or {}), row.record
        names = list(seating.get("names") or [])
        if seat < len(names):
            names[seat] = word
            seating["names"] = names
        if isinstance(record, dict) and isinstance(record.get("players"), list):
            players = list(record["players"])
            if seat < len(players):
                players[seat] = word
                record = {**record, "players": players}
        connection.execute(
            update(tables_table)
            .where(tables_table.c.id == table_id)
            .values(seating=seating, record=record)
        )
