"""Building a game's frozen options dataclass from keyword options, with clear errors."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, TypeVar, get_args, get_origin

from koloda.core.errors import OptionError

T = TypeVar("T")


def _check_value(game: str, name: str, value: Any, annotation: Any) -> Any:
    origin = get_origin(annotation)
    if origin is typing.Literal:
        allowed = get_args(annotation)
        if value not in allowed:
            shown = ", ".join(repr(a) for a in allowed)
            raise OptionError(f"{game}: option {name}={value!r} is not one of {shown}")
        return value
    if annotation is bool:
        if not isinstance(value, bool):
            raise OptionError(f"{game}: option {name} must be true or false, not {value!r}")
        return value
    if annotation is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"{game}: option {name} must be an integer, not {value!r}")
        return value
    if origin is tuple:
        if isinstance(value, str) or not isinstance(value, list | tuple):
            raise OptionError(f"{game}: option {name} must be a list, not {value!r}")
        return tuple(value)
    return value


def build_options(cls: type[T], game: str, given: dict[str, Any]) -> T:
    """``cls(**given)`` with unknown names and ill-typed values reported as OptionError."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not an options dataclass")
    hints = typing.get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(given) - fields)
    if unknown:
        raise OptionError(
            f"{game}: unknown option {', '.join(unknown)}; options: {', '.join(sorted(fields))}"
        )
    checked = {name: _check_value(game, name, value, hints[name]) for name, value in given.items()}
    return cls(**checked)


def options_to_json(options: Any) -> dict[str, Any]:
    """The options that differ from their defaults, as JSON values (tuples become lists)."""
    out: dict[str, Any] = {}
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        default = (
            field.default
            if field.default is not dataclasses.MISSING
            else field.default_factory()
            if field.default_factory is not dataclasses.MISSING
            else dataclasses.MISSING
        )
        if value != default or field.name == "variant":
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out
