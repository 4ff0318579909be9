"""The replay viewer: a finished game's positions with every hand face up, a record the
player opens himself, each decision's value for a seat, and the viewer's pages."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from koloda.records import RecordError, parse_record
from koloda.server.protocol.http import Problem
from koloda.server.replay import check_size, replay_json
from koloda.server.replay_http import RecordFile, Replay, ReplayAnalysis
from koloda.server.routes.analysis import Analyses
from koloda.server.routes.common import finished_record, manager_of
from koloda.server.routes.pages import templates

router = APIRouter(tags=["replay"])

KEPT = 64
"""Replays kept made (by table), the oldest dropped first."""

REFUSED: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem},
    404: {"model": Problem},
    422: {"model": Problem},
}


def _kept(request: Request) -> OrderedDict[str, bytes]:
    """The replays made so far, by table, as gzipped JSON (a long game's is a few MB, a
    tenth of that gzipped)."""
    kept: OrderedDict[str, bytes] | None = getattr(request.app.state, "replays", None)
    if kept is None:
        kept = request.app.state.replays = OrderedDict()
    return kept


def _packed(replay: dict[str, Any]) -> bytes:
    """A replay checked against its model, as gzipped JSON."""
    body = Replay.model_validate(replay).model_dump_json().encode()
    return gzip.compress(body, compresslevel=6)


def _answer(request: Request, packed: bytes) -> Response:
    """The gzipped replay as it is, or unpacked for a client that takes no gzip."""
    headers = {"Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(packed, media_type="application/json", headers=headers)
    return Response(gzip.decompress(packed), media_type="application/json", headers=headers)


async def _finished(request: Request, table_id: str) -> tuple[dict[str, Any], Any]:
    """A finished table's record and its seats; 403 while it is played (its hands are
    secret), 404 for no such table."""
    table, record = await finished_record(
        request, table_id, "the game is not finished; its hands are still secret"
    )
    facts = await manager_of(request).call(table, lambda t: t.public_facts())
    return record, facts


@router.get("/api/replay/{table_id}", responses=REFUSED, response_model=Replay)
async def table_replay(request: Request, table_id: str) -> Response:
    """A finished table's replay: every position, decision by decision, with every hand
    face up and the score sheet at each point — only once the game is over."""
    kept = _kept(request)
    if table_id not in kept:
        record, facts = await _finished(request, table_id)
        seats = [{"kind": s["kind"], "name": s["name"]} for s in facts["seats"]]
        replay = await asyncio.to_thread(replay_json, record, seats)
        kept[table_id] = await asyncio.to_thread(_packed, replay)
        while len(kept) > KEPT:
            kept.popitem(last=False)
    return _answer(request, kept[table_id])


async def _uploaded(request: Request, record: RecordFile) -> dict[str, Any]:
    """The record the player sent, checked: at most ``RECORD_LIMIT`` bytes, its rules known;
    one line (422) for a bad one."""
    document = record.model_dump(exclude_unset=True)
    try:
        check_size(await request.body())
        parse_record(document)
    except RecordError as error:
        raise HTTPException(422, str(error)) from None
    return document


@router.post("/api/replay", responses=REFUSED, response_model=Replay)
async def record_replay(request: Request, record: RecordFile) -> Response:
    """The replay of a record the player opens himself (as the terminal saves them), at most
    60 kB: read, every deal and action checked; a bad file is refused in one line (422)."""
    document = await _uploaded(request, record)
    try:
        replayed = await asyncio.to_thread(replay_json, document)
    except RecordError as error:
        raise HTTPException(422, str(error)) from None
    return _answer(request, await asyncio.to_thread(_packed, replayed))


async def _analysis(
    request: Request, key: str, document: dict[str, Any], seat: int, deal: int
) -> ReplayAnalysis:
    try:
        record = parse_record(document)
    except RecordError as error:
        raise HTTPException(422, str(error)) from None
    rules, deals = record.rules, len(record.deals)
    if not 0 <= seat < rules.num_seats:
        raise HTTPException(422, f"seat must be 0..{rules.num_seats - 1}")
    if not 0 <= deal < deals:
        raise HTTPException(422, f"deal must be 0..{deals - 1}")
    analyses: Analyses = request.app.state.analyses
    thinkers = manager_of(request).thinkers
    decisions = await analyses.of(
        (key, "every", seat, deal), lambda: thinkers.values(document, seat, deal)
    )
    return ReplayAnalysis.model_validate(
        {"seat": seat, "deal": deal, "deals": deals, "decisions": decisions}
    )


@router.get("/api/replay/{table_id}/analysis", responses=REFUSED)
async def table_replay_analysis(
    request: Request, table_id: str, seat: int, deal: int
) -> ReplayAnalysis:
    """Every decision of ``seat`` in deal ``deal`` of a finished table, valued by the search
    as ``koloda analyse`` values them (the points given away against the best move). Each
    deal is searched once, in a worker, and kept; the viewer asks deal by deal, so that it
    can show how far the analysis is."""
    record, _ = await _finished(request, table_id)
    return await _analysis(request, table_id, record, seat, deal)


@router.post("/api/replay/analysis", responses=REFUSED)
async def record_replay_analysis(
    request: Request, record: RecordFile, seat: int, deal: int
) -> ReplayAnalysis:
    """``table_replay_analysis`` for a record the player opened himself (kept by the
    record's SHA-256)."""
    document = await _uploaded(request, record)
    key = "record:" + hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
    return await _analysis(request, key, document, seat, deal)


@router.get("/replay", response_class=HTMLResponse, include_in_schema=False)
async def open_record_page(request: Request) -> HTMLResponse:
    """The viewer with no table: the player opens a record file."""
    return templates.TemplateResponse(request, "replay.html", {"table_id": ""})


@router.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    """A table's replay (404 for no such table; the page says when it is not over yet)."""
    if await manager_of(request).get(table_id) is None:
        return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
    return templates.TemplateResponse(request, "replay.html", {"table_id": table_id})
