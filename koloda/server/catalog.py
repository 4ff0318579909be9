"""What the lobby offers: the games, their options with explanations, the presets, the bots.

Options are read from each game's options dataclass: their types give the choices, their
docstrings the explanations and rule IDs, so a new option shows up in the lobby without
server changes. What the dataclass cannot say comes from the game's package (the ``Lobby``
its plug-in names, ``koloda.core.lobby``): its presets, when an option applies, which numbers
a number may be (a list for a select, not a free text box) and their unit. The words for
people are catalogue entries, by key: ``lobby.option.<game>.<option>`` (the option in a
sentence), ``….help`` (an explanation), ``….<value>`` (a value's label),
``lobby.preset.<id>`` and ``lobby.unit.<unit>`` (a number's unit, with plurals); a game's
own are in its package's words. Each rated preset comes with the bot levels' ratings from
the bot ladder (``koloda.club.ladder``), so that a level reads "hard (1747)".
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import re
import textwrap
import typing
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from koloda.bots import available_bots, bots_for
from koloda.bots.base import sees_everything
from koloda.club.ladder import shipped_ratings
from koloda.club.ratings import Rating, rating_key
from koloda.core.lobby import Lobby, OptionShape, default_lobby
from koloda.core.plugin import load_reference
from koloda.core.registry import available_games, game_plugin, load_game


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
                "presets": [preset.id for preset in game_lobby(name).presets],
                "bots": offered_bots(name),
                "bot_ratings": preset_bot_ratings(name),
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


def preset_bot_ratings(
    game: str, kept: Mapping[str, Mapping[str, Rating]] | None = None
) -> dict[str, dict[str, dict[str, Any]]]:
    """Per rated preset of ``game``, each bot level's rating (what the lobby labels a level
    with: "hard (1747)"): ``kept``'s, by rating key, or the bot ladder's."""
    shipped = shipped_ratings() if kept is None else kept
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for preset in game_lobby(game).presets:
        if preset.rated:
            levels = shipped.get(rating_key(game, preset), {})
            out[preset.id] = {
                level: {"display": rating.display(), "provisional": rating.provisional}
                for level, rating in levels.items()
            }
    return out


def with_bot_ratings(
    catalog: Sequence[Mapping[str, Any]], kept: Mapping[str, Mapping[str, Rating]]
) -> list[dict[str, Any]]:
    """The games' catalogue with each rated preset's bot levels labelled by ``kept`` (their
    ratings as rated games left them)."""
    return [{**game, "bot_ratings": preset_bot_ratings(game["game"], kept)} for game in catalog]


def game_lobby(game: str) -> Lobby:
    """What the lobby shows of ``game`` beyond its options: the ``Lobby`` its plug-in names,
    or one preset of its defaults."""
    reference = game_plugin(game).lobby
    if reference is None:
        return default_lobby(game)
    lobby: Lobby = load_reference(reference)
    return lobby


def presets() -> list[dict[str, Any]]:
    """The presets of the games this installation has, in the order the lobby shows them:
    by the games' ranks (the most played first), each game's as it lists them."""
    games = sorted(available_games(), key=lambda game: (game_lobby(game).rank, game))
    return [
        {"id": preset.id, "game": game, "options": dict(preset.options)}
        for game in games
        for preset in game_lobby(game).presets
    ]


RULE_IDS = re.compile(r"^((?:[A-Z]-\d+[a-z]?)(?:,\s*[A-Z]-\d+[a-z]?)*):\s*")


def _lobby_options(game: str, cls: type) -> list[dict[str, Any]]:
    """A game's options as the lobby shows them: the dataclass's facts, the rule IDs named
    by each docstring and the lobby's shape for the option."""
    shapes = game_lobby(game).shapes
    described = _describe_options(cls)
    for item in described:
        found = RULE_IDS.match(item["help"])
        item["rules"] = re.split(r",\s*", found.group(1)) if found else []
        shape = shapes.get(item["name"], OptionShape())
        item["shown_when"] = {name: list(values) for name, values in shape.shown_when.items()}
        if shape.values:
            item["values"] = list(shape.values)
            item["unit"] = shape.unit
        if item["type"] == "list":
            item["type"] = "order"
            item["words"] = shape.words
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
