"""Accounts, optional: a guest plays as before; a person may make an account (a name with a
password, or a passkey) and sign in from any device to find his tables there.

Everything is kept in the store's database (``accounts_store``), so that several server
processes on one database share sessions, sign-in limits and passkey challenges. A session is
a random cookie of which only the SHA-256 is stored; every state-changing request carrying it
must carry the session's CSRF token too (``accounts_guard``). Passwords are hashed with
argon2id and rehashed when the parameters change. Failed sign-ins are limited per account and
per client address. A seat bound to an account keeps its token sealed with a server key, so
the player gets the same token back on any device and the table's own links keep working.

The calls here are blocking (the database): routes run them in a thread.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from koloda.server.accounts_store import (
    accounts_table,
    attempts_table,
    bindings_table,
    challenges_table,
    passkeys_table,
    secrets_table,
    sessions_table,
)
from koloda.server.friends_store import erase_account
from koloda.server.store import tables_table

SESSION_SECONDS = 30 * 24 * 3600.0
"""A session unused this long is over."""
SEEN_EVERY = 60.0
"""A session's ``last_seen`` is written at most this often."""
ATTEMPT_SECONDS = 15 * 60.0
"""The window the failed sign-ins are counted in."""
PER_ACCOUNT = 5
"""Failed sign-ins to one account in the window before it refuses (429)."""
PER_ADDRESS = 20
"""Failed sign-ins from one client address in the window before it refuses (429)."""
CHALLENGE_SECONDS = 300.0
"""How long a passkey challenge may be answered."""
NAME_PATTERN = re.compile(r"[^\W_]|[ _-]")
LANGUAGE_PATTERN = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")
MIN_NAME, MAX_NAME, MIN_PASSWORD, MAX_PASSWORD = 3, 24, 8, 1024
SEAL_KEY = "seat_seal"
"""The name of the seat tokens' sealing key in ``koloda_secrets``."""
SEAL_ENVIRONMENT = "KOLODA_SEAL_KEY"
"""A Fernet key given to the server keeps the sealing key out of the database."""

hasher = PasswordHasher()
"""argon2id with argon2-cffi's defaults."""


class AccountError(Exception):
    """A refused account request: ``status`` the HTTP status, ``retry_after`` seconds for a
    429."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


@dataclass(frozen=True)
class Account:
    """An account as the routes show it."""

    id: str
    name: str
    created: float
    has_password: bool
    public_profile: bool
    languages: list[str]


@dataclass(frozen=True)
class Session:
    """A signed-in browser: whose, and the CSRF token its requests carry."""

    id_hash: str
    account: Account
    csrf: str


@dataclass(frozen=True)
class Binding:
    """A seat bound to an account, with its token and the table's game."""

    table_id: str
    seat: int
    token: str
    game: str | None
    finished: bool
    bound: float


def clean_name(name: str) -> str:
    """An account's name: 3 to 24 letters, digits, spaces, ``_`` or ``-``, spaces folded;
    else AccountError 422."""
    cleaned = " ".join(name.split())
    if not MIN_NAME <= len(cleaned) <= MAX_NAME:
        raise AccountError(422, f"a name has {MIN_NAME} to {MAX_NAME} characters")
    if not all(NAME_PATTERN.fullmatch(c) for c in cleaned):
        raise AccountError(422, "a name has only letters, digits, spaces, _ and -")
    return cleaned


def name_key(name: str) -> str:
    """What makes two names the same: the name case-folded."""
    return " ".join(name.split()).casefold()


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(422, f"a password has at least {MIN_PASSWORD} characters")


def check_languages(languages: list[str]) -> list[str]:
    """A person's languages: language tags (``en``, ``ru``, ``pt-BR``), each once, in his
    order; else AccountError 422."""
    if not all(LANGUAGE_PATTERN.fullmatch(tag) for tag in languages):
        raise AccountError(422, "languages are language tags such as en, ru or pt-BR")
    return list(dict.fromkeys(languages))


def hash_secret(value: str) -> str:
    """How a session cookie is stored: its SHA-256 (it is random and long)."""
    return hashlib.sha256(value.encode()).hexdigest()


def _account(row: Any) -> Account:
    return Account(
        id=row.id,
        name=row.name,
        created=row.created,
        has_password=row.password_hash is not None,
        public_profile=bool(row.public_profile),
        languages=list(row.languages or []),
    )


class Accounts:
    """The accounts in the store's database (one per app, ``app.state.accounts``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sealer: Fernet | None = None

    # ----- accounts --------------------------------------------------------------------------

    def create(
        self,
        name: str,
        password: str | None,
        languages: list[str],
        account_id: str | None = None,
    ) -> Account:
        """A new account (its password hashed; none for a passkey's account), or AccountError
        409 when the name is taken."""
        cleaned = clean_name(name)
        if password is not None:
            check_password(password)
        languages = check_languages(languages)
        account_id = account_id or secrets.token_hex(16)
        row: dict[str, Any] = {
            "id": account_id,
            "name": cleaned,
            "name_key": name_key(cleaned),
            "created": time.time(),
            "password_hash": hasher.hash(password) if password is not None else None,
            "public_profile": False,
            "languages": languages,
        }
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(accounts_table).values(**row))
        except IntegrityError:
            raise AccountError(409, f"the name {cleaned!r} is taken") from None
        return self.get(account_id) or _never()

    def change(
        self, account_id: str, public_profile: bool | None, languages: list[str] | None
    ) -> Account:
        """Set the account's public profile flag and languages (None: left as they are)."""
        values: dict[str, Any] = {}
        if public_profile is not None:
            values["public_profile"] = public_profile
        if languages is not None:
            values["languages"] = check_languages(languages)
        if values:
            with self.engine.begin() as connection:
                connection.execute(
                    update(accounts_table).where(accounts_table.c.id == account_id).values(**values)
                )
        return self.get(account_id) or _never()

    def get(self, account_id: str) -> Account | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(accounts_table).where(accounts_table.c.id == account_id)
            ).first()
        return _account(row) if row is not None else None

    def sign_in(self, name: str, password: str, address: str) -> Account:
        """The account whose name and password these are. Refused with 429 while its failed
        sign-ins, or the address's, are over the limit; 401 for a wrong name or password
        (counted)."""
        keys = [f"account:{name_key(name)}", f"address:{address}"]
        self.check_attempts(keys)
        with self.engine.connect() as connection:
            row = connection.execute(
                select(accounts_table).where(accounts_table.c.name_key == name_key(name))
            ).first()
        stored = row.password_hash if row is not None else None
        if row is None or stored is None:
            _verify(_stand_in_hash(), password)  # as long as a real check: names stay unknown
            self.record_failure(keys)
            raise AccountError(401, "wrong name or password")
        if not _verify(stored, password):
            self.record_failure(keys)
            raise AccountError(401, "wrong name or password")
        if hasher.check_needs_rehash(stored):
            with self.engine.begin() as connection:
                connection.execute(
                    update(accounts_table)
                    .where(accounts_table.c.id == row.id)
                    .values(password_hash=hasher.hash(password))
                )
        self.clear_attempts(keys[0])
        return _account(row)

    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """Erase the account and everything of it (sessions, passkeys, bindings, failed
        sign-ins, follows and invitations); the seats that were bound to it, as (table,
        seat)."""
        with self.engine.begin() as connection:
            row = connection.execute(
                select(accounts_table.c.name_key).where(accounts_table.c.id == account_id)
            ).first()
            seats = [
                (str(b.table_id), int(b.seat))
                for b in connection.execute(
                    select(bindings_table.c.table_id, bindings_table.c.seat).where(
                        bindings_table.c.account_id == account_id
                    )
                )
            ]
            for table in (sessions_table, passkeys_table, bindings_table):
                connection.execute(delete(table).where(table.c.account_id == account_id))
            connection.execute(
                delete(challenges_table).where(challenges_table.c.account_id == account_id)
            )
            if row is not None:
                connection.execute(
                    delete(attempts_table).where(attempts_table.c.key == f"account:{row[0]}")
                )
            erase_account(connection, account_id)
            connection.execute(delete(accounts_table).where(accounts_table.c.id == account_id))
        return seats

    # ----- sessions --------------------------------------------------------------------------

    def new_session(self, account_id: str) -> tuple[str, str]:
        """A new session: its cookie (kept only hashed) and its CSRF token."""
        cookie, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(32), time.time()
        with self.engine.begin() as connection:
            connection.execute(  # sessions over by now are forgotten
                delete(sessions_table).where(sessions_table.c.last_seen < now - SESSION_SECONDS)
            )
            connection.execute(
                insert(sessions_table).values(
                    id_hash=hash_secret(cookie),
                    account_id=account_id,
                    created=now,
                    last_seen=now,
                    csrf=csrf,
                )
            )
        return cookie, csrf

    def session(self, cookie: str | None) -> Session | None:
        """The session of a cookie, None when there is none (signed out, expired, or its
        account deleted)."""
        if not cookie:
            return None
        id_hash, now = hash_secret(cookie), time.time()
        found = (
            select(sessions_table.c.last_seen, sessions_table.c.csrf, accounts_table)
            .join(accounts_table, accounts_table.c.id == sessions_table.c.account_id)
            .where(sessions_table.c.id_hash == id_hash)
        )
        with self.engine.connect() as connection:
            row = connection.execute(found).first()
        if row is None or row.last_seen < now - SESSION_SECONDS:
            return None
        if row.last_seen < now - SEEN_EVERY:
            with self.engine.begin() as connection:
                connection.execute(
                    update(sessions_table)
                    .where(sessions_table.c.id_hash == id_hash)
                    .values(last_seen=now)
                )
        return Session(id_hash=id_hash, account=_account(row), csrf=row.csrf)

    def end_session(self, id_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(sessions_table).where(sessions_table.c.id_hash == id_hash))

    def end_all_sessions(self, account_id: str) -> int:
        """Sign out everywhere: every session of the account ends; how many."""
        with self.engine.begin() as connection:
            done = connection.execute(
                delete(sessions_table).where(sessions_table.c.account_id == account_id)
            )
        return int(done.rowcount)

    # ----- sign-in limits --------------------------------------------------------------------

    def check_attempts(self, keys: list[str]) -> None:
        """AccountError 429 (with the seconds to wait) while any key has its limit of failed
        sign-ins in the window."""
        now = time.time()
        since = now - ATTEMPT_SECONDS
        with self.engine.connect() as connection:
            for key in keys:
                limit = PER_ACCOUNT if key.startswith("account:") else PER_ADDRESS
                count, oldest = connection.execute(
                    select(func.count(), func.min(attempts_table.c.at)).where(
                        attempts_table.c.key == key, attempts_table.c.at >= since
                    )
                ).one()
                if count >= limit:
                    wait = max(1, int(oldest + ATTEMPT_SECONDS - now) + 1)
                    raise AccountError(
                        429, f"too many failed sign-ins; try again in {wait} s", wait
                    )

    def record_failure(self, keys: list[str]) -> None:
        """A failed sign-in, counted against each key (old ones are forgotten)."""
        now = time.time()
        with self.engine.begin() as connection:
            connection.execute(
                delete(attempts_table).where(attempts_table.c.at < now - ATTEMPT_SECONDS)
            )
            connection.execute(insert(attempts_table), [{"key": k, "at": now} for k in keys])

    def clear_attempts(self, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(attempts_table).where(attempts_table.c.key == key))

    # ----- seats bound to accounts -----------------------------------------------------------

    def bind(self, account_id: str, table_id: str, seat: int, token: str) -> None:
        """Bind a seat (its token sealed) to an account; a seat bound before is rebound."""
        row = {
            "table_id": table_id,
            "seat": seat,
            "account_id": account_id,
            "sealed_token": self.sealer().encrypt(token.encode()).decode(),
            "bound": time.time(),
        }
        with self.engine.begin() as connection:
            connection.execute(
                delete(bindings_table).where(
                    bindings_table.c.table_id == table_id, bindings_table.c.seat == seat
                )
            )
            connection.execute(insert(bindings_table).values(**row))

    def bound_to(self, account_id: str, table_id: str, seat: int) -> bool:
        """Whether the seat is bound to the account now."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(bindings_table.c.account_id).where(
                    bindings_table.c.table_id == table_id, bindings_table.c.seat == seat
                )
            ).first()
        return row is not None and row.account_id == account_id

    def bindings(self, account_id: str) -> list[Binding]:
        """The account's seats, newest first, each with its token."""
        found = (
            select(bindings_table, tables_table.c.game, tables_table.c.finished)
            .outerjoin(tables_table, tables_table.c.id == bindings_table.c.table_id)
            .where(bindings_table.c.account_id == account_id)
            .order_by(bindings_table.c.bound.desc())
        )
        with self.engine.connect() as connection:
            rows = connection.execute(found).all()
        sealer, result = self.sealer(), []
        for row in rows:
            try:
                token = sealer.decrypt(row.sealed_token.encode()).decode()
            except InvalidToken:  # sealed with a key the server no longer has
                continue
            game = row.game if row.game is not None else None
            result.append(
                Binding(row.table_id, row.seat, token, game, bool(row.finished), row.bound)
            )
        return result

    def sealer(self) -> Fernet:
        """The seat tokens' sealing key: KOLODA_SEAL_KEY, else one made once and kept in the
        database (the same for every process)."""
        if self._sealer is None:
            given = os.environ.get(SEAL_ENVIRONMENT)
            self._sealer = Fernet(given.encode() if given else self._stored_key())
        return self._sealer

    def _stored_key(self) -> bytes:
        with self.engine.begin() as connection:
            row = connection.execute(
                select(secrets_table.c.value).where(secrets_table.c.name == SEAL_KEY)
            ).first()
            if row is not None:
                return str(row.value).encode()
        key = Fernet.generate_key()
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(secrets_table).values(name=SEAL_KEY, value=key.decode()))
        except IntegrityError:  # another process made it first: its key is the one
            return self._stored_key()
        return key


def _verify(stored: str, password: str) -> bool:
    try:
        return hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _stand_in_hash() -> str:
    """A hash no password matches, checked when the name is unknown."""
    return hasher.hash(secrets.token_urlsafe(16))


def _never() -> Account:
    raise AccountError(500, "the account was not stored")
