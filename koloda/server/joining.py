"""Finding and taking seats: joining a free seat, a rematch with the same seats, "play now",
and the list of public tables with a free seat."""

from __future__ import annotations

import asyncio
import hmac
from typing import TYPE_CHECKING, Any

from koloda.core.errors import OptionError
from koloda.core.registry import load_rules
from koloda.server.live import LiveTable, hash_token
from koloda.server.seating import (
    HUMAN,
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
) -> tuple[int, str, bool]:
    """Take a seat: an open one, a reserved one with the previous table's token, or a
    bot's seat at a "play now" table (handed over at the next deal). Answers the seat,
    its token, and whether the seat comes only at the next deal."""
    cleaned = clean_name(name)

    async def claim(table: LiveTable) -> tuple[int, str, bool]:
        states = table.seat_states()
        if table.state.is_over:
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
        later = state == "joinable"
        if later:
            seating.pending[chosen] = hash_token(token)
            seating.pending_names[chosen] = cleaned
        else:
            table.token_hashes[chosen] = hash_token(token)
            seating.reserved[chosen] = None
            if cleaned is not None or seating.names[chosen] is None:
                seating.names[chosen] = cleaned
        await manager.store_seats(table)
        manager.announce(table)
        return chosen, token, later

    result: tuple[int, str, bool] = await manager.run(table, claim)
    return result


async def rematch(
    manager: TableManager, table: LiveTable, token: str | None
) -> tuple[LiveTable, int, str]:
    """A new game with the same seats and rules (a new shuffle): the asking seat takes its
    place at once; the other people's seats wait for them (each with his old token)."""
    seat = table.seat_of(token)
    if seat is None:
        raise SeatingError(403, "only a player at the table may ask for a rematch")
    if not table.state.is_over:
        raise SeatingError(409, "the game is not over yet")

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
            )
            old.seating.rematch = new.id
            await manager.store_seats(old)
            manager.announce(old)
        return old.seating.rematch

    new_id: str = await manager.run(table, make)
    new = await manager.get(new_id)
    assert new is not None
    taken, new_token_, _ = await join(manager, new, seat, table.seating.names[seat], token)
    return new, taken, new_token_


async def play_now(
    manager: TableManager, game: Any, options: Any, name: Any
) -> tuple[LiveTable, int, str, bool]:
    """A seat at once: at a public table of this game and rules with a free seat, else at
    a new public table with normal bots who hand their seats to people who join."""
    if not isinstance(game, str):
        raise OptionError("'game' must be a game name")
    if not isinstance(options, dict):
        raise OptionError("'options' must be an object")
    wanted = load_rules(game, options)
    wanted_options = wanted.options_json()
    for wanting in ("open", "joinable"):
        for table in list(manager.tables.values()):
            if (
                table.seating.public
                and not table.state.is_over
                and table.rules.name == wanted.name
                and table.options == wanted_options
                and wanting in table.seat_states()
            ):
                try:
                    seat, token, later = await join(manager, table, None, name)
                except SeatingError:
                    continue
                return table, seat, token, later
    seats = [HUMAN] + ["bot:normal"] * (wanted.num_seats - 1)
    names = [clean_name(name)] + [None] * (wanted.num_seats - 1)
    table, tokens = await manager.create(
        game, options, seats, names=names, public=True, bots_yield=True
    )
    first = tokens[0]
    assert first is not None
    return table, 0, first, False


async def public_tables(manager: TableManager) -> list[dict[str, Any]]:
    """The public tables with a seat free for a person, newest first: those in memory
    and those stored but not loaded (their facts read from the store, not replayed)."""
    found = []
    for table in reversed(list(manager.tables.values())):
        if not table.seating.public or table.state.is_over:
            continue
        facts = table.public_facts()
        if any(s["state"] in ("open", "joinable") for s in facts["seats"]):
            found.append(facts)
    stored = await asyncio.to_thread(manager.store.public_unfinished)
    for row in stored:
        if row.id in manager.tables:
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
    }
