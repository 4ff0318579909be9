"""The lesson's HTTP call (``/api/learn/<game>``): stateless replay of the learner's moves,
only his own view, a refused card explained (not an error), bad input in one line."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_support import ServerThread, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "learn")


def lesson(server: ServerThread, game: str, moves: list[str]) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/learn/{game}", json={"moves": moves})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def games(server: ServerThread) -> list[str]:
    listed: list[str] = httpx.get(f"{server.url}/api/learn").json()["games"]
    return listed


def test_every_lesson_is_completed_by_doing_as_told(server: ServerThread) -> None:
    for game in games(server):
        state = lesson(server, game, [])
        assert state["said"][0]["kind"] == "teacher"
        while not state["finished"]:
            assert state["suggestion"] in state["legal"]
            state = lesson(server, game, [*state["moves"], state["suggestion"]])
        assert state["legal"] == [] and state["suggestion"] is None
        last = [line for line in state["said"] if line["kind"] == "teacher"][-1]
        assert last["after"] == len(state["moves"])


def test_the_same_moves_give_the_same_lesson(server: ServerThread) -> None:
    first = lesson(server, games(server)[0], [])
    moves = [first["suggestion"]]
    assert lesson(server, first["game"], moves) == lesson(server, first["game"], moves)


def test_only_the_learners_cards_are_shown(server: ServerThread) -> None:
    for game in games(server):
        view = lesson(server, game, [])["view"]
        assert view["seat"] == lesson(server, game, [])["seat"]
        assert "hands" not in view
        assert all(isinstance(card, str) for card in view["hand"])


def test_a_wrong_card_is_explained_and_nothing_is_lost(server: ServerThread) -> None:
    state = lesson(server, "king", [])
    while not state["finished"]:
        wrong = [c for c in state["view"]["hand"] if c not in state["legal"]]
        if wrong:
            break
        state = lesson(server, "king", [*state["moves"], state["suggestion"]])
    assert wrong, "the lesson's deal has a suit to follow"
    refused = lesson(server, "king", [*state["moves"], wrong[0]])
    # rule: K-5
    assert refused["refused"] == wrong[0]
    assert "K-5" in refused["rules_cited"]
    assert refused["refusal"]["key"] == "learn.king.must_follow"
    assert refused["moves"] == state["moves"] and refused["legal"] == state["legal"]


def test_bad_input_is_one_line(server: ServerThread) -> None:
    answer = httpx.post(f"{server.url}/api/learn/king", json={"moves": ["XYZ"]})
    assert answer.status_code == 422 and "XYZ" in answer.json()["detail"]
    assert httpx.post(f"{server.url}/api/learn/nogame", json={"moves": []}).status_code == 404
    assert httpx.get(f"{server.url}/learn/nogame").status_code == 404
    assert httpx.get(f"{server.url}/learn/king").status_code == 200
