"""The lesson across two ``koloda serve --cluster`` processes on one private PostgreSQL
server: it keeps nothing, so a learner whose moves go now to one process, now to the other,
gets the same lesson."""

from __future__ import annotations

from typing import Any

import httpx
from server_support import ServerProcess


def step(url: str, moves: list[str]) -> dict[str, Any]:
    answer = httpx.post(f"{url}/api/learn/king", json={"moves": moves}, timeout=30)
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_the_lesson_goes_on_whichever_process_answers(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    state = step(first.url, [])
    turn = 0
    while not state["finished"]:
        moves = [*state["moves"], state["suggestion"]]
        here, there = (first, second) if turn % 2 else (second, first)
        state = step(here.url, moves)
        assert step(there.url, moves) == state
        turn += 1
    assert state["said"][-1]["key"].startswith("learn.")
    assert httpx.get(f"{first.url}/learn/king").status_code == 200
