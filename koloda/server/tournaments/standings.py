"""A tournament as its pages show it: its terms, the standings, every table with its
results, and the asker's own entry with the table he plays now (its seat's token for him
alone). Blocking (the routes run these in a thread)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from koloda.server.players import Player, places
from koloda.server.tournaments import store


def summary(engine: Engine, tournament_id: str, player: Player | None) -> dict[str, Any] | None:
    """The tournament's page (None: no such tournament)."""
    tournament = store.get(engine, tournament_id)
    if tournament is None:
        return None
    entrants = store.entrants(engine, tournament.id)
    tables = store.tables(engine, tournament.id)
    names = {e.player: e.name for e in entrants}
    key = player.key if player is not None else None
    ranks = places([(e.score, e.withdrawn, e.points) for e in entrants])
    return {
        **terms_json(tournament),
        "entrants": len(entrants),
        "maker": key == tournament.creator,
        "standings": [
            {
                "rank": rank,
                "name": e.name,
                "score": round(e.score, 3),
                "points": round(e.points, 1),
                "tables": e.tables,
                "withdrawn": e.withdrawn,
                "me": e.player == key,
            }
            for rank, e in zip(ranks, entrants, strict=True)
        ],
        "tables": [
            {
                "table_id": t.table_id,
                "round": t.round,
                "players": [names.get(p) if p is not None else None for p in t.players],
                "finished": t.finished,
                "shares": t.shares,
                "points": t.points,
            }
            for t in tables
        ],
        "mine": _mine(tournament, entrants, tables, key),
    }


def _mine(
    tournament: store.Tournament,
    entrants: list[store.Entrant],
    tables: list[store.Seats],
    key: str | None,
) -> dict[str, Any] | None:
    """The asker's entry: withdrawn or not, waiting for an arena table, and the table he
    plays now with his seat's token."""
    mine = next((e for e in entrants if e.player == key), None)
    if mine is None or key is None:
        return None
    current = next((t for t in tables if not t.finished and key in t.players), None)
    return {
        "withdrawn": mine.withdrawn,
        "waiting": mine.waiting is not None and tournament.state == "playing",
        "table": None
        if current is None
        else {"table_id": current.table_id, "token": current.tokens[current.players.index(key)]},
    }


def listing(engine: Engine) -> list[dict[str, Any]]:
    """The tournaments to show: open and playing, then the latest finished, each with its
    number of entrants."""
    listed = store.listed(engine)
    counts = store.entrant_counts(engine, [t.id for t in listed])
    return [{**terms_json(t), "entrants": counts.get(t.id, 0)} for t in listed]


def terms_json(tournament: store.Tournament) -> dict[str, Any]:
    return {
        "id": tournament.id,
        "name": tournament.name,
        "game": tournament.game,
        "preset": tournament.preset,
        "kind": tournament.kind,
        "rounds": tournament.rounds,
        "minutes": tournament.minutes,
        "deals": tournament.deals,
        "turn_seconds": tournament.turn_seconds,
        "state": tournament.state,
        "round": tournament.round,
        "starts": tournament.starts,
        "started": tournament.started,
        "ends": tournament.ends,
    }
