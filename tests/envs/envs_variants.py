"""Every game with the variants the environment tests run (options as ``load_game`` takes
them)."""

from __future__ import annotations

from typing import Any

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("king", {"variant": "classic"}),
    ("king", {"variant": "order"}),
    ("king", {"variant": "three"}),
    ("spades", {}),
    ("spades", {"double_nil": False, "nil_exchange": False}),
    ("hundred_one", {"players": 2}),
    ("hundred_one", {"players": 4}),
    ("hundred_one", {"players": 6, "voluntary_draw": True}),
    ("tressette", {}),
    ("tressette", {"long_run": "ten"}),
]


def variant_id(item: tuple[str, dict[str, Any]]) -> str:
    game, options = item
    return game + "".join(f"-{k}={v}" for k, v in options.items())


IDS = [variant_id(v) for v in VARIANTS]
