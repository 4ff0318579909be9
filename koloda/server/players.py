"""Who plays the card room's events (the deal of the day, tournaments): a signed-in account,
or a guest known by his browser's own random token (kept in the browser), said plainly on
the pages: a guest's entries live as long as that browser keeps its token."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from fastapi import Request

from koloda.server.accounts_guard import session_of

BROWSER = re.compile(r"[0-9A-Za-z_-]{16,128}")
BROWSER_HEADER = "x-koloda-browser"
"""The header a guest's browser sends its token in (or a request's ``browser``)."""


@dataclass(frozen=True)
class Player:
    """Who plays: ``account:<id>`` (signed in) or ``guest:<hash>`` (this browser)."""

    key: str
    name: str | None
    account_id: str | None

    @classmethod
    def guest(cls, browser: str, name: str | None = None) -> Player:
        digest = hashlib.sha256(f"koloda-daily-browser:{browser}".encode()).hexdigest()
        return cls(f"guest:{digest[:40]}", name, None)


async def player_of(request: Request, browser: str | None) -> Player | None:
    """The signed-in account, else the guest's browser (None: neither)."""
    session = await session_of(request)
    if session is not None:
        account = session.account
        return Player(f"account:{account.id}", account.name, account.id)
    browser = browser or request.headers.get(BROWSER_HEADER)
    if browser is not None and BROWSER.fullmatch(browser):
        return Player.guest(browser)
    return None


def places(ranked: Sequence[Hashable]) -> list[int]:
    """The places of a ranking's rows from their sort keys, best first: equal keys share a
    place, and the next place counts the rows above it (1, 1, 3)."""
    out: list[int] = []
    for index, key in enumerate(ranked):
        out.append(out[-1] if index and key == ranked[index - 1] else index + 1)
    return out
