"""``koloda tournament``: a duplicate match between bots with its statistics."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from koloda.cli.bot_option import BotOpt, use_bots


def register(app: typer.Typer) -> None:
    app.command(name="tournament")(tournament)
    sys.argv[1:] = ray_without_address(sys.argv[1:])


def ray_without_address(args: list[str]) -> list[str]:
    """``--ray`` given without an address means a local cluster: Typer options cannot take
    an optional value, so ``koloda tournament … --ray`` is read as ``--ray local``."""
    if "tournament" not in args:
        return args
    out = list(args)
    for i in range(len(out) - 1, -1, -1):
        if out[i] == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "local")
    return out


def tournament(
    game: Annotated[str, typer.Argument(help="the game")],
    bots: Annotated[str, typer.Option(help="two or more bots, A,B[,…] (e.g. hard,heuristic)")],
    deals: Annotated[int, typer.Option(help="how many duplicate deals")] = 100,
    variant: Annotated[str | None, typer.Option(help="the variant, where a game has them")] = None,
    seed: Annotated[str, typer.Option(help="seed of the deals")] = "0",
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="print a JSON object")
    ] = False,
    plot: Annotated[Path | None, typer.Option(help="write the running means to this PNG")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="a rule option NAME=VALUE"),
    ] = None,
    workers: Annotated[
        int, typer.Option(help="processes playing deals side by side (the same result)")
    ] = 1,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="[ADDRESS]",
            help="play the deals on a Ray cluster: its address (ray://host:10001, auto), "
            "or none (or local) for one on this machine (the same result; the scale extra)",
        ),
    ] = None,
    bot: BotOpt = None,
) -> None:
    """Duplicate match between two bots: every deal replayed with seats rotated.

    Prints the mean, its 95% CI, the win rate
    and the p-value of "the first bot is stronger than the second"."""
    from rich.progress import Progress

    from koloda.bots.tournament import MatchResult, duplicate_match, plot_running_means
    from koloda.cli.main import build_rules, describe_options, err, fail, write_failed
    from koloda.core.errors import KolodaError
    from koloda.core.files import WriteError
    from koloda.extras import require_extra

    use_bots(bot)

    if deals < 1:
        raise fail("--deals must be at least 1")
    if workers < 1:
        raise fail("--workers must be at least 1")
    if plot is not None and plot.is_dir():
        raise fail(f"cannot write the plot to {plot}: it is a folder")
    try:
        require_extra("plots", "koloda tournament")
        if ray is not None:
            require_extra("scale", "koloda tournament --ray")
    except KolodaError as error:
        raise fail(str(error)) from None
    rules = build_rules(game, variant, option)
    names = [n.strip() for n in bots.split(",") if n.strip()]
    try:
        with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
            task = progress.add_task(f"{rules.name}: {' vs '.join(names)}", total=deals)

            def advance(index: int, result: MatchResult) -> None:
                progress.advance(task)

            result = duplicate_match(
                rules, names, deals, seed=seed, on_deal=advance, workers=workers, ray=ray
            )
    except KolodaError as error:
        raise fail(str(error)) from None
    summary = result.summary()
    if as_json:
        print(json.dumps(summary))
    else:
        heading = f"[bold]{rules.name}[/] ({describe_options(rules)}), {deals} duplicate deals"
        print_match(summary, f"{heading}, seed {seed}")
    if plot is not None:
        try:
            plot_running_means(result, str(plot))
        except WriteError as error:
            raise write_failed(error) from None
        print(f"plot written to {plot}", file=sys.stderr)


def print_match(summary: dict[str, Any], heading: str) -> None:
    """The match's lines for people: each bot's mean, interval and win rate, the
    difference and its p-value."""
    from koloda.cli.main import out

    out.print(heading, highlight=False)
    for name, row in summary["bots"].items():
        low, high = row["ci95"]
        out.print(
            f"  {name:>14}: mean {row['mean']:+8.3f} per deal  95% CI [{low:+.3f}, {high:+.3f}]"
            f"  win rate {row['win_rate']:.1%}",
            highlight=False,
            soft_wrap=True,
        )
    if summary["p_value"] is not None:
        difference = summary["difference"]
        low, high = difference["ci95"]
        out.print(
            f"  {'difference':>14}: mean {difference['mean']:+8.3f} per deal  "
            f"95% CI [{low:+.3f}, {high:+.3f}]  (the first bot's score minus the second's)",
            highlight=False,
            soft_wrap=True,
        )
        out.print(
            f"  p-value ({summary['comparison']}): {summary['p_value']:.3g}",
            highlight=False,
            soft_wrap=True,
        )
