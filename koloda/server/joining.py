"""Finding and taking seats: joining a free seat, a rematch with the same seats, "play now",
and the list of public tables with a free seat."""

from __future__ import annotations

import asyncio
import hmac
from typing import TYPE_CHECKING, Any

from koloda.core.errors import OptionError
from koloda.core.registry import load_rules
from koloda.server.live import LiveTable, fresh_for_joiners, hash_token
from koloda.server.ratings_service import Ratings
from koloda.server.seating import (
    HUMAN,
    LEFT,
    OPEN,
    Seating,
    SeatingError,
    clean_name,
    new_token,
    seat_state,
)
from koloda.server.store import StoredTable

if TYPE_CHECKING:
    from koloda.server.tables import TableManager


async def join(
    manager: TableManager,
    table: LiveTable,
    seat: int | None,
    name: Any,
    previous_token: str | None = None,
) -> tuple[int, str]:
    """Take a seat: an open one, a reserved one with the previous table's token, or a
    bot's seat at a "play now" table (the person decides from his next decision on; the
    bot's move in thought is dropped). Answers the seat and its token."""
    cleaned = clean_name(name)

    async def claim(table: LiveTable) -> tuple[int, str]:
        states = table.seat_states()
        if table.finished:
            raise SeatingError(409, "the game is over")
        if seat is None:
            for wanted in ("open", "joinable"):
                if wanted in states:
                    chosen = states.index(wanted)
                    break
            else:
                raise SeatingError(409, "no free seat at this table")
        elif not 0 <= seat < len(states):
            raise SeatingError(422, f"seat must be 0..{len(states) - 1}")
        else:
            chosen = seat
        state = states[chosen]
        seating = table.seating
        if state == "reserved":
            reserved = seating.reserved[chosen]
            if (
                previous_token is None
                or reserved is None
                or not hmac.compare_digest(reserved, hash_token(previous_token))
            ):
                raise SeatingError(403, f"seat {chosen} is kept for its previous player")
        elif state not in ("open", "joinable"):
            raise SeatingError(409, f"seat {chosen} is not free")
        token = new_token()
        table.token_hashes[chosen] = hash_token(token)
        seating.reserved[chosen] = None
        if state == "joinable":  # the bot gives the seat up now
            table.seats[chosen] = HUMAN
            table.bots.pop(chosen, None)
            seating.names[chosen] = cleaned
        elif cleaned is not None or seating.names[chosen] is None:
            seating.names[chosen] = cleaned
        await manager.store_seats(table)
        manager.seats_changed(table)
        return chosen, token

    result: tuple[int, str] = await manager.run(table, claim)
    return result


async def leave(manager: TableManager, table: LiveTable, token: str | None) -> int:
    """A person leaves his seat: the normal bot plays it from now on (at a "play now" table
    another person may take it), and his token no longer opens it. Answers the seat."""
    if not token:
        raise SeatingError(403, "a spectator has no seat to leave")

    async def give_up(table: LiveTable) -> int:
        seat = table.seat_of(token)  # TableError for a wrong token, or one already left
        assert seat is not None
        if table.finished:
            raise SeatingError(409, "the game is over")
        await manager.leave_seat(table, seat)
        return seat

    left: int = await manager.run(table, give_up)
    return left


async def rematch(
    manager: TableManager, table: LiveTable, token: str | None
) -> tuple[LiveTable, int, str]:
    """A new game with the same seats and rules (a new shuffle): the asking seat takes its
    place at once; the other people's seats wait for them (each with his old token)."""
    seat = table.seat_of(token)
    if seat is None:
        raise SeatingError(403, "only a player at the table may ask for a rematch")
    if not table.finished:
        raise SeatingError(409, "the game is not over yet")
    if table.seating.event is not None:
        raise SeatingError(409, "a deal of the day's or a tournament's table has no rematch")

    async def make(old: LiveTable) -> str:
        if old.seating.rematch is None:
            new, _ = await manager.create(
                old.rules.name,
                old.options,
                [OPEN if kind == HUMAN else kind for kind in old.seats],
                names=old.seating.names,
                public=old.seating.public,
                hints=old.seating.hints,
                bots_yield=old.seating.bots_yield,
                reserved=list(old.token_hashes),
                turn_seconds=old.seating.turn_seconds,
                entropy=old.seating.entropy is not None,
                rated=old.seating.rated,
                open_hands=old.seating.open_hands,
            )
            if old.seating.rated is not None:  # a rated table's rematch is rated too
                ratings = Ratings(manager.store.engine)
                await asyncio.to_thread(ratings.mark_pending, new.id, old.seating.rated)
            old.seating.rematch = new.id
            await manager.store_seats(old)
            manager.announce(old)
        return old.seating.rematch

    new_id: str = await manager.run(table, make)
    new = await manager.get(new_id)
    assert new is not None
    taken, new_token_ = await join(manager, new, seat, table.seating.names[seat], token)
    return new, taken, new_token_


async def play_now(
    manager: TableManager, game: Any, options: Any, name: Any
) -> tuple[LiveTable, int, str]:
    """A seat at once: at a public table of this game and rules with a free seat that the
    list offers (``LiveTable.offered``), else at a new public table with normal bots who
    give their seats to people who join."""
    if not isinstance(game, str):
        raise OptionError("'game' must be a game name")
    if not isinstance(options, dict):
        raise OptionError("'options' must be an object")
    wanted = load_rules(game, options)
    wanted_options = wanted.options_json()
    for wanting in ("open", "joinable"):
        for table in list(manager.tables.values()):
            if (
                table.rules.name == wanted.name
                and table.options == wanted_options
                and table.offered()
                and wanting in table.seat_states()
            ):
                try:
                    seat, token = await join(manager, table, None, name)
                except SeatingError:
                    continue
                return table, seat, token
    seats = [HUMAN] + [LEFT] * (wanted.num_seats - 1)
    names = [clean_name(name)] + [None] * (wanted.num_seats - 1)
    table, tokens = await manager.create(
        game, options, seats, names=names, public=True, bots_yield=True
    )
    first = tokens[0]
    assert first is not None
    return table, 0, first


async def public_tables(manager: TableManager) -> list[dict[str, Any]]:
    """The public tables the list offers (``LiveTable.offered``), newest first: those in
    memory and those stored but not loaded (nobody is at those: only a game without a move
    yet, of one person and bots; their facts read from the store, not replayed)."""
    found = [
        table.public_facts() for table in reversed(list(manager.tables.values())) if table.offered()
    ]
    stored = await asyncio.to_thread(manager.store.public_unfinished)
    for row in stored:
        if row.id in manager.tables or row.version:  # a move made: not its first deal
            continue
        if not fresh_for_joiners(row.seats, row.token_hashes, 0):
            continue
        seating = Seating.from_json(row.seating, len(row.seats))
        states = [
            seat_state(kind, row.token_hashes[s], seating, s) for s, kind in enumerate(row.seats)
        ]
        if "open" in states or "joinable" in states:
            found.append(stored_facts(row, seating, states))
    return found


def stored_facts(row: StoredTable, seating: Seating, states: list[str]) -> dict[str, Any]:
    """A stored table's public facts, as far as they are known without replaying it."""
    return {
        "table_id": row.id,
        "game": row.game,
        "options": row.options,
        "seats": [
            {"seat": s, "kind": kind, "name": seating.names[s], "state": states[s]}
            for s, kind in enumerate(row.seats)
        ],
        "num_seats": len(row.seats),
        "to_act": None,
        "finished": row.finished,
        "version": row.version,
        "deal": 0,
        "public": seating.public,
        "rematch": seating.rematch,
        "rated": seating.rated,
        "event": seating.event,
    }
