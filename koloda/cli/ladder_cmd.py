"""``koloda ladder``: the bot levels' ratings in a game, from duplicate matches between them."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from koloda.club.ratings import Rating


def register(app: typer.Typer) -> None:
    app.command(name="ladder")(ladder)


def ladder(
    game: Annotated[str, typer.Argument(help="the game")],
    deals: Annotated[int, typer.Option(help="duplicate deals each pair of levels plays")] = 20,
    levels: Annotated[
        str, typer.Option(help="the bots, A,B[,…]; the first is the anchor, shown as 1500")
    ] = "easy,normal,hard",
    seed: Annotated[str, typer.Option(help="seed of the deals")] = "0",
    preset: Annotated[
        str | None, typer.Option(help="the rated preset (default: the game's first)")
    ] = None,
    out_file: Annotated[
        Path | None,
        typer.Option(
            "--out", help="put the ratings into this JSON file (its other games' are kept)"
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="print the ratings as a JSON object")
    ] = False,
) -> None:
    """The bot levels' ratings in a game's rated preset.

    Every two levels play the same seeded duplicate deals; each deal is a head-to-head
    result, and OpenSkill's Plackett–Luce updates fit the ratings, the first level anchored
    at 1500. A rating marked ? is provisional (σ 4 or more)."""
    from rich.progress import Progress

    from koloda.cli.main import err, fail, write_failed
    from koloda.core.errors import KolodaError
    from koloda.core.files import WriteError
    from koloda.extras import require_extra

    names = [n.strip() for n in levels.split(",") if n.strip()]
    if out_file is not None and out_file.is_dir():
        raise fail(f"cannot write the ratings to {out_file}: it is a folder")
    try:
        require_extra("server", "koloda ladder")
        from koloda.club.ladder import entry, ladder_run, play_ladder, read_document, write_entry

        run = ladder_run(game, names, deals, seed, preset)
        if out_file is not None:
            read_document(out_file)
        pairs = len(names) * (len(names) - 1) // 2
        with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
            task = progress.add_task(run.key, total=run.deals * pairs)

            def advance(first: str, second: str, index: int) -> None:
                progress.update(task, description=f"{first} vs {second}", advance=1)

            ratings = play_ladder(run, advance)
    except KolodaError as error:
        raise fail(str(error)) from None
    if as_json:
        print(json.dumps({run.key: entry(run, ratings)}, ensure_ascii=False))
    else:
        _print_ratings(run.key, run.deals, ratings)
    if out_file is not None:
        try:
            write_entry(out_file, run, ratings)
        except WriteError as error:
            raise write_failed(error) from None
        print(f"ratings of {run.key} written to {out_file}", file=sys.stderr)


def _print_ratings(key: str, deals: int, ratings: Mapping[str, Rating]) -> None:
    """Each level's rating for people, strongest first."""
    from koloda.cli.main import out

    out.print(
        f"{key} ({deals} duplicate deal{'' if deals == 1 else 's'} a pair)",
        highlight=False,
        markup=False,
        emoji=False,
    )
    for level, rating in sorted(ratings.items(), key=lambda row: -row[1].mu):
        out.print(
            f"  {level:>12}: {rating.label():>6}  (μ {rating.mu:.2f}, σ {rating.sigma:.2f})",
            highlight=False,
            markup=False,
            emoji=False,
        )
