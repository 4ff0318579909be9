"""What the lobby offers: the games, their options with explanations, the bots.

Options are read from each game's options dataclass: their types give the choices, their
docstrings the explanations, so a new option shows up in the lobby without server changes.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import textwrap
import typing
from functools import cache
from typing import Any

from koloda.bots import available_bots
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
                "options": _describe_options(type(options)) if options is not None else [],
            }
        )
    return out


def seat_kinds() -> list[str]:
    return ["human", *(f"bot:{name}" for name in available_bots())]


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
