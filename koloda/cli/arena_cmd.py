"""``koloda arena``: every two bots play a duplicate match, and a leaderboard of the ratings
fitted from the results (``koloda.club.fitting``, as the bot ladder fits its own)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from koloda.cli.bot_option import BotOpt, use_bots

if TYPE_CHECKING:
    from koloda.club.fitting import PairResult
    from koloda.club.ratings import Rating
    from koloda.core.engine import AnyRules

ARENA_FORMAT = "koloda-arena"
"""The ``format`` of the arena's JSON document (docs/bots.md, "The arena")."""
ARENA_VERSION = 1
PLOT_FORMATS = ("png", "svg")


def register(app: typer.Typer) -> None:
    app.command(name="arena")(arena)
    sys.argv[1:] = ray_without_address(sys.argv[1:])


def ray_without_address(args: list[str]) -> list[str]:
    """``--ray`` given without an address means a local cluster, as for ``koloda
    tournament``: ``koloda arena … --ray`` is read as ``--ray local``."""
    if "arena" not in args:
        return args
    out = list(args)
    for i in range(len(out) - 1, -1, -1):
        if out[i] == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "local")
    return out


def arena(
    game: Annotated[str, typer.Argument(help="the game")],
    bots: Annotated[
        str, typer.Option(help="two or more bots, A,B[,…]; the first is the anchor, shown as 1500")
    ],
    deals: Annotated[int, typer.Option(help="duplicate deals each pair of bots plays")] = 20,
    preset: Annotated[
        str | None, typer.Option(help="play at one of the game's lobby presets")
    ] = None,
    variant: Annotated[str | None, typer.Option(help="the variant, where a game has them")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="a rule option NAME=VALUE"),
    ] = None,
    seed: Annotated[str, typer.Option(help="seed of the deals")] = "0",
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="print the arena's JSON document")
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(help="draw the ratings with their intervals to this PNG or SVG file"),
    ] = None,
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
    """A leaderboard of bots: every two play the same seeded duplicate deals.

    Each duplicate deal is a head-to-head result; the club's OpenSkill updates fit the
    ratings, the first bot anchored at 1500, each shown with its interval of ±2σ."""
    from rich.progress import Progress

    from koloda.cli.main import err, fail
    from koloda.club.fitting import fit, play_pairs
    from koloda.core.errors import KolodaError

    use_bots(bot)
    names = [n.strip() for n in bots.split(",") if n.strip()]
    rules = _checked_rules(game, names, deals, preset, variant, option, plot, ray)
    pairs_count = len(names) * (len(names) - 1) // 2
    try:
        with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
            task = progress.add_task(rules.name, total=deals * pairs_count)

            def advance(first: str, second: str, index: int) -> None:
                progress.update(task, description=f"{first} vs {second}", advance=1)

            pairs = play_pairs(rules, names, deals, seed, advance, ray=ray)
        ratings = fit(names, pairs)
    except KolodaError as error:
        raise fail(str(error)) from None
    document = arena_document(rules, preset, names, deals, seed, pairs, ratings)
    if as_json:
        print(json.dumps(document, ensure_ascii=False))
    else:
        print_leaderboard(document)
    if plot is not None:
        _write_plot(document, plot)


def _checked_rules(
    game: str,
    names: Sequence[str],
    deals: int,
    preset: str | None,
    variant: str | None,
    option: list[str] | None,
    plot: Path | None,
    ray: str | None,
) -> AnyRules:
    """The rules the arena plays, once everything asked for has been checked (nothing is
    played before): else one line and exit status 2."""
    from koloda.bots.base import make_bot
    from koloda.cli.main import build_rules, fail
    from koloda.core.errors import KolodaError
    from koloda.extras import require_extra

    if deals < 1:
        raise fail("--deals must be at least 1")
    if len(names) < 2:
        raise fail("an arena needs at least two bots")
    if len(set(names)) != len(names):
        raise fail("a bot is named twice in --bots")
    if plot is not None:
        if plot.is_dir():
            raise fail(f"cannot write the plot to {plot}: it is a folder")
        if plot.suffix.lstrip(".").lower() not in PLOT_FORMATS:
            raise fail(f"--plot writes a .png or .svg file, not {plot.name!r}")
    if preset is not None and (variant is not None or option):
        raise fail("--preset sets the rules: give it without --variant or --option")
    try:
        if plot is not None:
            require_extra("plots", "koloda arena --plot")
        if ray is not None:
            require_extra("scale", "koloda arena --ray")
        require_extra("server", "koloda arena")
        rules = _preset_rules(game, preset) if preset is not None else None
    except KolodaError as error:
        raise fail(str(error)) from None
    if rules is None:
        rules = build_rules(game, variant, option)
    try:
        for name in names:
            make_bot(name, rules)
    except KolodaError as error:
        raise fail(str(error)) from None
    return rules


def _preset_rules(game: str, preset: str) -> AnyRules:
    """The rules of ``game``'s lobby preset ``preset`` (an OptionError names the presets)."""
    from koloda.club.ratings import game_lobby
    from koloda.core.errors import OptionError
    from koloda.core.registry import load_game

    presets = game_lobby(game).presets
    chosen = next((p for p in presets if p.id == preset), None)
    if chosen is None:
        names = ", ".join(p.id for p in presets)
        raise OptionError(f"{preset!r} is no preset of {game} (presets: {names})")
    return load_game(game, **dict(chosen.options))


def arena_document(
    rules: AnyRules,
    preset: str | None,
    names: Sequence[str],
    deals: int,
    seed: str,
    pairs: Sequence[PairResult],
    ratings: dict[str, Rating],
) -> dict[str, Any]:
    """The arena's JSON document (docs/bots.md): the run, the model, the leaderboard and
    every pair's results deal by deal."""
    from koloda.club.fitting import INTERVAL_SIGMAS, interval, standings
    from koloda.club.ratings import BETA, MU, SIGMA, TAU

    board = []
    for place, (name, rating) in enumerate(standings(ratings), start=1):
        low, high = interval(rating)
        board.append({"place": place, "bot": name, **rating.to_json(), "interval": [low, high]})
    return {
        "format": ARENA_FORMAT,
        "version": ARENA_VERSION,
        "game": rules.name,
        "preset": preset,
        "options": rules.options_json(),
        "deals": deals,
        "seed": seed,
        "bots": list(names),
        "model": {"name": "PlackettLuce", "mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU},
        "anchor": names[0],
        "interval_sigmas": INTERVAL_SIGMAS,
        "leaderboard": board,
        "pairs": [_pair_json(pair) for pair in pairs],
    }


def _pair_json(pair: PairResult) -> dict[str, Any]:
    won, tied, lost = pair.record()
    return {
        "first": pair.first,
        "second": pair.second,
        "won": won,
        "tied": tied,
        "lost": lost,
        "first_scores": list(pair.first_scores),
        "second_scores": list(pair.second_scores),
    }


def print_leaderboard(document: dict[str, Any]) -> None:
    """The leaderboard for people, then each pair's deals won, tied and lost."""
    from koloda.cli.main import out

    def line(text: str) -> None:
        out.print(text, highlight=False, markup=False, emoji=False, soft_wrap=True)

    deals = document["deals"]
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in document["options"].items())
    at = f"preset {document['preset']}" if document["preset"] else options or "default options"
    line(
        f"{document['game']} ({at}): {deals} duplicate deal{'' if deals == 1 else 's'} a pair, "
        f"seed {document['seed']}"
    )
    line(
        f"ratings on the club's scale, {document['anchor']} anchored at 1500; "
        f"interval ±{document['interval_sigmas']:g}σ; ? provisional"
    )
    width = max(len("bot"), *(len(row["bot"]) for row in document["leaderboard"]))
    line(f"  {'place':>5}  {'bot':<{width}}  {'rating':>6}  interval")
    for row in document["leaderboard"]:
        rating = f"{row['display']}{'?' if row['provisional'] else ''}"
        low, high = row["interval"]
        line(f"  {row['place']:>5}  {row['bot']:<{width}}  {rating:>6}  {low}–{high}")
    line("")
    line("deals won, tied and lost by the first of each pair")
    first = max(len("first"), *(len(p["first"]) for p in document["pairs"]))
    second = max(len("second"), *(len(p["second"]) for p in document["pairs"]))
    line(f"  {'first':<{first}}  {'second':<{second}}  {'won':>4}  {'tied':>4}  {'lost':>4}")
    for pair in document["pairs"]:
        line(
            f"  {pair['first']:<{first}}  {pair['second']:<{second}}  "
            f"{pair['won']:>4}  {pair['tied']:>4}  {pair['lost']:>4}"
        )


def _write_plot(document: dict[str, Any], path: Path) -> None:
    from koloda.cli.main import out, write_failed
    from koloda.core.files import WriteError

    out.file.flush()  # the leaderboard before the line about the plot
    try:
        plot_leaderboard(document, path)
    except WriteError as error:
        raise write_failed(error) from None
    print(f"plot written to {path}", file=sys.stderr)


def plot_leaderboard(document: dict[str, Any], path: Path) -> None:
    """The ratings, strongest on top, with their intervals as bars, written whole
    (``WriteError`` when it cannot be; an older picture there is kept)."""
    import io

    import matplotlib

    from koloda.core.files import write_atomic

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(reversed(document["leaderboard"]))
    figure, axes = plt.subplots(figsize=(8, 1.2 + 0.5 * len(rows)))
    shown = [row["display"] for row in rows]
    lows = [row["display"] - row["interval"][0] for row in rows]
    highs = [row["interval"][1] - row["display"] for row in rows]
    places = list(range(len(rows)))
    axes.errorbar(shown, places, xerr=[lows, highs], fmt="o", capsize=4)
    axes.set_yticks(places, [row["bot"] for row in rows])
    axes.axvline(1500, color="grey", linewidth=0.8, linestyle=":")
    sigmas = document["interval_sigmas"]
    axes.set_xlabel(f"rating (±{sigmas:g}σ; {document['anchor']} anchored at 1500)")
    deals = document["deals"]
    axes.set_title(f"{document['game']}: arena, {deals} duplicate deals a pair")
    figure.tight_layout()
    image = io.BytesIO()
    figure.savefig(image, format=path.suffix.lstrip(".").lower())
    plt.close(figure)
    write_atomic(str(path), image.getvalue())
