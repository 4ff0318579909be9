"""``--bot [NAME=]module:factory``: a bot from outside Koloda, for the commands that make
bots (``play``, ``simulate``, ``tournament``, ``analyse``, ``serve``)."""

from __future__ import annotations

from typing import Annotated

import typer

BotOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--bot",
        metavar="[NAME=]MODULE:FACTORY",
        help="a bot from outside Koloda, FACTORY(rules) in MODULE, known as NAME (default: "
        "the factory's name) to the bots' options and to every worker process; repeatable",
    ),
]


def use_bots(references: list[str] | None) -> list[str]:
    """Make the bots ``references`` known here and to the processes started from here; a
    reference that cannot be loaded is one line and exit status 2. Their names."""
    if not references:
        return []
    from koloda.bots.plugins import use_references
    from koloda.cli.main import fail
    from koloda.core.errors import KolodaError

    try:
        return use_references(references)
    except KolodaError as error:
        raise fail(str(error)) from None
