"""A finished game's record and its fairness: the record to download, and whether every
deal is what the revealed seed deals."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from koloda.records import parse_record
from koloda.records.fairness import FAIRNESS_KEY
from koloda.records.fairness import verify as verify_fairness
from koloda.server.protocol.http import Problem
from koloda.server.routes.common import finished_record

router = APIRouter(tags=["tables"])


@router.get(
    "/api/tables/{table_id}/record",
    responses={403: {"model": Problem}, 404: {"model": Problem}},
)
async def table_record(request: Request, table_id: str) -> JSONResponse:
    """The game record with results (docs/records.md) — only once the game is finished."""
    _, record = await finished_record(
        request, table_id, "the game is not finished; its record holds hidden cards"
    )
    return JSONResponse(
        record,
        headers={"Content-Disposition": f'attachment; filename="koloda-{table_id}.json"'},
    )


@router.get(
    "/api/tables/{table_id}/verify",
    responses={403: {"model": Problem}, 404: {"model": Problem}},
)
async def table_verify(request: Request, table_id: str) -> dict[str, Any]:
    """A finished game's fairness: the seed it revealed, the commitment shown from the
    start, and whether every deal of its record is exactly what that seed deals (as
    ``koloda verify`` checks a downloaded record)."""
    _, document = await finished_record(
        request, table_id, "the game is not finished; its seed is still secret"
    )
    record = parse_record(document)
    fairness = document[FAIRNESS_KEY]
    return {
        "commitment": fairness["commitment"],
        "seed": fairness["seed"],
        "entropy": fairness.get("entropy"),
        "deals": len(record.deals),
        "problems": verify_fairness(record),
    }
