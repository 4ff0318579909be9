"""The leaderboard's page: one page per rated game (``/leaderboard/<game:preset>``), the first
rated game's at ``/leaderboard``, a link to each rated game's in the lobby's order, and 404
for a key no rated game has; the lobby links to it."""

from __future__ import annotations

import re

import httpx
from server_support import ServerThread

from koloda.server.catalog import presets
from koloda.server.ratings_service import rating_keys
from koloda.server.routes.leaderboard_page import rated_games


def test_the_rated_games_are_the_ratings_in_the_lobby_s_order() -> None:
    rated = rated_games()
    assert {key for key, _ in rated} == set(rating_keys())
    order = [preset["id"] for preset in presets()]
    ids = [preset for _, preset in rated]
    assert ids == sorted(ids, key=order.index)
    for key, preset in rated:
        assert key.endswith(":" + preset)


def links(html: str) -> list[str]:
    return re.findall(r'<a href="/leaderboard/([^"]+)" data-key="\1"', html)


def test_each_rated_game_has_its_page_linking_to_the_others(server: ServerThread) -> None:
    keys = [key for key, _ in rated_games()]
    for key in keys:
        page = httpx.get(f"{server.url}/leaderboard/{key}")
        assert page.status_code == 200, key
        assert f'data-key="{key}"' in page.text
        assert links(page.text) == keys
        current = re.findall(r'data-key="([^"]+)"[^>]*aria-current="page"', page.text)
        assert current == [key]
        assert "/static/leaderboard.js" in page.text
        assert page.headers["content-security-policy"].startswith("default-src 'self'")
    first = httpx.get(f"{server.url}/leaderboard")
    assert first.status_code == 200
    assert f'id="leaderboard" data-key="{keys[0]}"' in first.text


def test_an_unknown_rated_game_is_404_with_the_others_linked(server: ServerThread) -> None:
    for key in ("nothing:here", "nothing", keys_first_game_without_preset()):
        page = httpx.get(f"{server.url}/leaderboard/{key}")
        assert page.status_code == 404, key
        assert 'id="not-found"' in page.text
        assert 'id="leaderboard" data-key=""' in page.text
        assert links(page.text) == [k for k, _ in rated_games()]


def keys_first_game_without_preset() -> str:
    """A rated game's name with a preset of it that is not rated (or none)."""
    key = next(iter(sorted(rating_keys())))
    return key.split(":")[0] + ":unrated"


def test_the_lobby_links_to_the_leaderboard(server: ServerThread) -> None:
    lobby = httpx.get(f"{server.url}/").text
    assert 'href="/leaderboard"' in lobby
    assert "/static/rated.css" in lobby
