"""Bots from outside Koloda: entry points, references given on the command line, and
registrations in code, found by name wherever a bot is made (worker processes too).

A distribution adds a bot with an entry point whose value names its factory, a callable that
takes the rules and returns a ``koloda.bots.Bot``::

    [project.entry-points."koloda.bots"]
    first-card = "koloda_first_card:make"

The command line's ``--bot [NAME=]module:factory`` (``koloda play``, ``simulate``,
``tournament``, ``analyse``, ``serve``) names one without installing it: NAME defaults to the
factory's name. Such references are kept in the environment variable ``KOLODA_BOTS``
(``name=module:factory`` separated by commas), so that every process started from this one
(the card room's thinking workers, a tournament's workers) knows them too.

Every source is read lazily, when a bot is first looked up, so the order of registrations
does not matter. A name is looked up in this order: ``koloda.bots.register_bot`` in this
process, the references of ``KOLODA_BOTS``, the built-in bots, the entry points (an installed
distribution cannot replace a built-in bot such as ``normal``, the card room's stand-in).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from koloda.core.errors import OptionError

ENTRY_POINTS = "koloda.bots"
"""The entry-point group by which an installed distribution adds a bot."""
ENVIRONMENT = "KOLODA_BOTS"
"""The environment variable of the bots named on the command line (``name=module:factory``,
comma-separated), read by every process started from the one that named them."""


def parse_reference(text: str) -> tuple[str, str]:
    """``[NAME=]module:factory`` as ``(name, "module:factory")``; a malformed text is an
    OptionError."""
    name, sep, reference = text.strip().rpartition("=")
    if not sep:
        reference = name or reference
        name = ""
    module, colon, attribute = reference.partition(":")
    if not colon or not module.strip() or not attribute.strip() or ":" in attribute:
        raise OptionError(f"bot {text!r} is not [NAME=]module:factory")
    if not name:
        name = attribute.rpartition(".")[2].replace("_", "-")
    if not name or "," in name or ":" in name:
        raise OptionError(f"bot name {name!r} must have no comma or colon")
    return name, f"{module.strip()}:{attribute.strip()}"


def load_factory(reference: str) -> Callable[..., Any]:
    """The factory named by ``module:factory``; one that cannot be imported is an
    OptionError that says why."""
    module_name, _, attribute = reference.partition(":")
    try:
        target: Any = __import__(module_name, fromlist=["_"])
        for part in attribute.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as error:
        raise OptionError(f"bot factory {reference!r} cannot be loaded: {error}") from None
    if not callable(target):
        raise OptionError(f"bot factory {reference!r} is not callable")
    factory: Callable[..., Any] = target
    return factory


def environment_references() -> dict[str, str]:
    """The bots ``KOLODA_BOTS`` names: name to ``module:factory``."""
    found: dict[str, str] = {}
    for item in os.environ.get(ENVIRONMENT, "").split(","):
        if item.strip():
            name, reference = parse_reference(item)
            found[name] = reference
    return found


def use_references(texts: list[str] | None) -> list[str]:
    """Name the bots ``[NAME=]module:factory`` for this process and every process it starts
    (``KOLODA_BOTS``); each factory is loaded now, so a wrong one is said at once. The
    names."""
    names = []
    known = environment_references()
    for text in texts or ():
        name, reference = parse_reference(text)
        load_factory(reference)
        known[name] = reference
        names.append(name)
    if names:
        os.environ[ENVIRONMENT] = ",".join(f"{n}={r}" for n, r in known.items())
    return names


def entry_point_references() -> dict[str, str]:
    """The bots the installed distributions on ``sys.path`` add: name to reference."""
    return _entry_points(tuple(sys.path))


@cache
def _entry_points(path: tuple[str, ...]) -> dict[str, str]:
    return {point.name: point.value for point in entry_points(group=ENTRY_POINTS)}


def outside_references() -> dict[str, str]:
    """Every bot from outside by name: the environment's win over the entry points'."""
    return entry_point_references() | environment_references()


def reference_of(factory: Callable[..., Any]) -> str | None:
    """``module:qualname`` of a factory another process can import, or None (a lambda, a
    local function, a class of ``__main__``)."""
    module = getattr(factory, "__module__", None)
    qualname = getattr(factory, "__qualname__", None)
    if not module or not qualname or module == "__main__" or "<" in qualname:
        return None
    return f"{module}:{qualname}"
