"""What the lobby offers: the games, their options with explanations, the presets, the bots.

Options are read from each game's options dataclass: their types give the choices, their
docstrings the explanations and rule IDs, so a new option shows up in the lobby without
server changes. What the dataclass cannot say is data here: when an option applies (King's
order table only where players order), which numbers a number may be (a list for a select,
not a free text box) and their unit. The words for people are catalogue entries, by key:
``lobby.option.<game>.<option>`` (the option in a sentence), ``….help`` (an explanation),
``….<value>`` (a value's label) and ``lobby.unit.<unit>`` (a number's unit, with plurals).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import re
import textwrap
import typing
from functools import cache
from typing import Any

from koloda.bots import available_bots, bots_for
from koloda.bots.base import sees_everything
from koloda.core.registry import available_games, load_game


@cache
def games_catalog() -> list[dict[str, Any]]:
    out = []
    for name in available_games():
        rules = load_game(name)
        options = getattr(rules, "options", None)
        info = rules.info
        out.append(
            {
                "game": name,
                "num_seats": rules.num_seats,
                "sides": [list(side) for side in info.sides],
                "partnership": info.is_partnership,
                "deck": len(info.deck),
                "points_are_penalties": info.utility.sense < 0,
                "options": _lobby_options(name, type(options)) if options is not None else [],
                "presets": [p["id"] for p in PRESETS if p["game"] == name],
                "bots": offered_bots(name),
            }
        )
    return out


@cache
def offered_bots(game: str | None = None) -> list[str]:
    """The bots a seat may be given (never one that sees every hand): all of them, or those
    that play ``game`` on its default options."""
    names = available_bots() if game is None else bots_for(load_game(game))
    return [name for name in names if not sees_everything(name)]


def seat_kinds(game: str | None = None) -> list[str]:
    """``human`` and ``bot:<name>`` of every bot offered (for ``game``)."""
    return ["human", *(f"bot:{name}" for name in offered_bots(game))]


PRESETS: list[dict[str, Any]] = [
    {"id": "king_classic", "game": "king", "options": {"variant": "classic"}},
    {"id": "king_order", "game": "king", "options": {"variant": "order"}},
    {"id": "king_three", "game": "king", "options": {"variant": "three"}},
    {
        "id": "spades",
        "game": "spades",
        "options": {
            "double_nil": False,
            "nil_exchange": False,
            "bags_penalty": True,
            "spades_broken_by": "any_spade",
        },
    },
    {"id": "spades_nil", "game": "spades", "options": {}},
    {"id": "hundred_one", "game": "hundred_one", "options": {}},
    {"id": "tressette", "game": "tressette", "options": {}},
]
"""The lobby's presets, most played first: a game and the options that differ from its
defaults. "Spades" is the club game (nil without an exchange, no blind nil, bags cost);
"Spades with nil and double nil" the rules' defaults (S-6, S-7). Their names and one-line
descriptions are ``lobby.preset.<id>`` and ``lobby.preset.<id>.help``."""


def presets() -> list[dict[str, Any]]:
    """The presets whose game this installation has, in the order the lobby shows them."""
    games = set(available_games())
    return [dict(p) for p in PRESETS if p["game"] in games]


LOBBY_SHAPES: dict[str, dict[str, dict[str, Any]]] = {
    "king": {
        # K-11: the program of negative deals is the classic game's; K-23..K-25 the order
        # variants'; K-27 the three players'.
        "negative_order": {"shown_when": {"variant": ["classic"]}, "words": "contract."},
        "positive_orders_per_player": {
            "shown_when": {"variant": ["order", "three"]},
            "values": list(range(1, 9)),
            "unit": "games",
        },
        "order_scope": {"shown_when": {"variant": ["order", "three"]}},
        "three_player_balance": {"shown_when": {"variant": ["three"]}},
    },
    "spades": {
        "target": {"values": [200, 300, 500, 1000], "unit": "points"},
        "max_deals": {"values": [0, 5, 10, 20], "unit": "deals"},
    },
    "hundred_one": {
        "players": {"values": [2, 3, 4, 5, 6], "unit": "players"},
        "hand_size": {"values": [2, 3, 4, 5], "unit": "cards"},
        "draw_six": {"values": [0, 1, 2, 3, 4], "unit": "cards"},
        "draw_seven": {"values": [0, 1, 2, 3, 4], "unit": "cards"},
    },
}
"""How the lobby shows an option beyond its type: ``shown_when`` (it applies only when
these options have one of these values), ``values`` (the numbers a select offers) with their
``unit``, and ``words`` (the catalogue prefix naming the items of an ordered list)."""

RULE_IDS = re.compile(r"^((?:[A-Z]-\d+[a-z]?)(?:,\s*[A-Z]-\d+[a-z]?)*):\s*")


def _lobby_options(game: str, cls: type) -> list[dict[str, Any]]:
    """A game's options as the lobby shows them: the dataclass's facts, the rule IDs named
    by each docstring and the lobby's shape for the option."""
    shapes = LOBBY_SHAPES.get(game, {})
    described = _describe_options(cls)
    for item in described:
        found = RULE_IDS.match(item["help"])
        item["rules"] = re.split(r",\s*", found.group(1)) if found else []
        shape = shapes.get(item["name"], {})
        item["shown_when"] = shape.get("shown_when", {})
        if "values" in shape:
            item["values"] = list(shape["values"])
            item["unit"] = shape["unit"]
        if item["type"] == "list":
            item["type"] = "order"
            item["words"] = shape.get("words", "")
    return described


def _describe_options(cls: type) -> list[dict[str, Any]]:
    if not dataclasses.is_dataclass(cls):
        return []
    hints = typing.get_type_hints(cls)
    docs = _attribute_docs(cls)
    described = []
    for f in dataclasses.fields(cls):
        annotation = hints[f.name]
        default: Any = f.default
        factory: Any = f.default_factory
        if default is dataclasses.MISSING and factory is not dataclasses.MISSING:
            default = factory()
        if isinstance(default, tuple):
            default = list(default)
        item: dict[str, Any] = {"name": f.name, "default": default, "help": docs.get(f.name, "")}
        if typing.get_origin(annotation) is typing.Literal:
            item["type"] = "choice"
            item["choices"] = list(typing.get_args(annotation))
        elif annotation is bool:
            item["type"] = "bool"
        elif annotation is int:
            item["type"] = "int"
        elif typing.get_origin(annotation) is tuple:
            item["type"] = "list"
        else:
            item["type"] = "text"
        described.append(item)
    return described


def _attribute_docs(cls: type) -> dict[str, str]:
    """Docstrings written under dataclass fields (the convention of the options modules)."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    tree = ast.parse(source)
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for node, following in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[node.target.id] = " ".join(following.value.value.split())
    return docs
