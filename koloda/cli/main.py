"""``koloda``: play, simulate and replay games from the terminal."""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import random
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, TextIO, cast

import typer
from rich.console import Console

from koloda.bots import AnyBot, make_bot
from koloda.bots.runner import play_game
from koloda.cli.bot_option import BotOpt, use_bots
from koloda.cli.output import follow_streams, is_unicode
from koloda.cli.output import stderr as safe_stderr
from koloda.cli.output import stdout as safe_stdout
from koloda.core.engine import AnyRules
from koloda.core.errors import KolodaError
from koloda.core.files import WriteError, atomic_file
from koloda.core.registry import DEFAULT_GAME, available_games, load_game
from koloda.extras import is_installed
from koloda.records import RecordError, load_record, record_from_state, replay, results_document

GAMES = ", ".join(available_games())
"""The games this installation has, as the help lists them."""

app = typer.Typer(
    help=f"Koloda: card games by the old Russian rules ({GAMES}).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,  # a bug's traceback never prints a hand it held
)
out = Console(file=cast(TextIO, safe_stdout))
err = Console(file=cast(TextIO, safe_stderr))

GameArg = Annotated[str, typer.Argument(help=f"the game: {GAMES}")]
VariantOpt = Annotated[
    str | None, typer.Option(help="the variant, for a game that has variants (its rules' options)")
]
SeedOpt = Annotated[
    str | None, typer.Option(help="seed for reproducible deals (default: a secure shuffle)")
]
LangOpt = Annotated[str, typer.Option("--lang", help="language of the words: en or ru")]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="a rule option NAME=VALUE, e.g. -o stop_when_decided=false",
    ),
]


DEAL_LIMIT = 100
"""``simulate`` stops a game after this many deals: far beyond any game between players
who try (King has 15 deals), yet random Spades players, who may never reach 500, stop
within seconds (issue 15, bug 8)."""


def fail(message: str) -> typer.Exit:
    """Print one clear line to stderr and leave with status 2."""
    print(f"error: {message}", file=safe_stderr)
    return typer.Exit(2)


def write_failed(error: WriteError) -> typer.Exit:
    """Say in one line that a file could not be written (what was there is kept) and leave
    with status 1."""
    print(f"error: {error}; nothing was changed there", file=safe_stderr)
    return typer.Exit(1)


def parse_option_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text.split(",") if "," in text else text


def check_save_path(path: Path, own: Path | None, force: bool) -> None:
    """Refuse, in one line, a ``--save`` path that cannot hold the record: a folder, a place
    that cannot be written, or another game's record (unless ``--force``; a game may always
    write its own save, ``own``)."""
    if path.is_dir():
        raise fail(f"cannot save the record to {path}: it is a folder")
    if path.exists() and not path.is_file():
        raise fail(f"cannot save the record to {path}: it is not a regular file")
    if path.exists() and not force and (own is None or path.resolve() != own.resolve()):
        raise fail(f"{path} already exists; choose another file, or add --force to overwrite it")
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass  # a probe: an existing file is not changed
        if not existed:
            path.unlink()
    except OSError as error:
        raise fail(f"cannot save the record to {path}: {error.strerror or error}") from None


def check_lang(lang: str) -> None:
    """Refuse, in one line, a language the catalogues do not have."""
    from koloda.i18n import LANGUAGES

    if lang not in LANGUAGES:
        raise fail(
            f"--lang {lang!r} is not a language of Koloda; languages: {', '.join(LANGUAGES)}"
        )


def check_resumable(
    rules: AnyRules, path: Path, game: str | None, variant: str | None, options: list[str] | None
) -> None:
    """Refuse, in one line, to resume a record as another game than the one it holds, or
    with rules other than those it was played by (its record keeps them)."""
    if game is not None and game != rules.name:
        raise fail(
            f"{path} is a game of {rules.name}, not {game}; "
            f"resume it with: koloda play --resume {path}"
        )
    if variant is not None or options:
        given = "--variant" if variant is not None else "--option"
        raise fail(
            f"{given} cannot change a saved game: {path} keeps the rules it was played by "
            f"({describe_options(rules)}); start a new game to play others"
        )


def describe_options(rules: AnyRules) -> str:
    """The options for people: ``name=value`` pairs, or "default options"."""
    options = rules.options_json()
    if not options:
        return "default options"
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in options.items())


def build_rules(game: str, variant: str | None, options: list[str] | None) -> AnyRules:
    given: dict[str, Any] = {}
    for item in options or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise fail(f"option {item!r} is not NAME=VALUE")
        given[name.strip()] = parse_option_value(value.strip())
    if variant is not None:
        given["variant"] = variant
    try:
        return load_game(game, **given)
    except KolodaError as error:
        raise fail(str(error)) from None


def build_bots(rules: AnyRules, names: str, count: int) -> list[AnyBot]:
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if len(chosen) == 1:
        chosen *= count
    if len(chosen) != count:
        raise fail(f"{len(chosen)} bots named for {count} seats")
    try:
        return [make_bot(name, rules) for name in chosen]
    except KolodaError as error:
        raise fail(str(error)) from None


PlayGameArg = Annotated[
    str | None,
    typer.Argument(
        help=f"the game: {GAMES} (default {DEFAULT_GAME}; a resumed game is "
        "the one its record holds)",
        show_default=False,
    ),
]


@app.command()
def play(
    game: PlayGameArg = None,
    variant: VariantOpt = None,
    seat: Annotated[
        int | None, typer.Option(help="your seat (0 = first; a resumed game keeps its own)")
    ] = None,
    seed: SeedOpt = None,
    save: Annotated[Path | None, typer.Option(help="where to keep the game record")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a saved game record")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="bot for the other seats (random, easy, normal, hard, …; default normal, "
            "a resumed game keeps its own)"
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", metavar="", help="overwrite the --save file if it holds another game"
        ),
    ] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            metavar="",
            help="play line by line instead of the full-screen table (the default "
            "when the input or output is not a terminal)",
        ),
    ] = False,
    option: RuleOpt = None,
    lang: LangOpt = "en",
    bot: BotOpt = None,
) -> None:
    """Play a game in the terminal against bots.

    A full-screen table, or line by line with --plain,
    where you type a card code (QH, q♥, 10h) to play."""
    from koloda.cli.players import new_seating, saved_seating

    check_lang(lang)
    use_bots(bot)
    if resume is not None:
        try:
            record = load_record(resume)
            state = replay(record)
        except RecordError as error:
            raise fail(str(error)) from None
        check_resumable(record.rules, resume, game, variant, option)
        rules = record.rules
        first_dealer = record.first_dealer
        save = save or resume
    else:
        rules = build_rules(game or DEFAULT_GAME, variant, option)
        state = None
        first_dealer = 0
    try:
        if resume is not None:
            seating = saved_seating(rules, record.players, seat, bots, lang)
        else:
            seating = new_seating(rules, seat or 0, bots or "normal", lang)
    except KolodaError as error:
        raise fail(str(error)) from None
    if save is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        save = Path("saves") / f"{rules.name}-{stamp}.json"
    check_save_path(save, resume, force)
    if not plain and sys.stdin.isatty() and sys.stdout.isatty() and not is_installed("textual"):
        print(
            "note: the full-screen table needs the tui extra (pip install 'koloda[tui]'); "
            "playing line by line",
            file=safe_stderr,
        )
        plain = True
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        from koloda.cli.tui import TableApp

        table = TableApp(
            rules, seating, save, seed=seed, first_dealer=first_dealer, lang=lang, state=state
        )
        table.run()
        if table.unsaved is not None:
            print(table.closing_line(), file=safe_stderr)
            raise typer.Exit(1)
        print(table.closing_line(), file=safe_stdout)
        return
    from koloda.cli.session import TerminalGame

    session = TerminalGame(
        rules,
        seating.seat,
        seating.bots,
        save,
        out,
        seed=seed,
        first_dealer=first_dealer,
        lang=lang,
        names=seating.names,
    )
    if not session.run(state):
        raise typer.Exit(1)


@app.command()
def simulate(
    game: GameArg = DEFAULT_GAME,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    variant: VariantOpt = None,
    seed: SeedOpt = None,
    bots: Annotated[str, typer.Option(help="one bot for all seats, or one per seat")] = "random",
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="print a JSON object")
    ] = False,
    records: Annotated[
        Path | None, typer.Option(help="write every game's record to this JSON-lines file")
    ] = None,
    deal_limit: Annotated[
        int,
        typer.Option(
            help="stop a game after this many deals if it has not ended (random players "
            "may never reach a game's target score)"
        ),
    ] = DEAL_LIMIT,
    option: RuleOpt = None,
    bot: BotOpt = None,
) -> None:
    """Play many games between bots and report the results and the throughput."""
    from rich.progress import Progress

    use_bots(bot)
    if games < 1:
        raise fail("--games must be at least 1")
    if deal_limit < 1:
        raise fail("--deal-limit must be at least 1")
    if records is not None and records.exists() and not records.is_file():
        what = "a folder" if records.is_dir() else "not a regular file"
        raise fail(f"cannot write the records to {records}: it is {what}")
    rules = build_rules(game, variant, option)
    players = build_bots(rules, bots, rules.num_seats)
    batch = batch_playouts(rules, players, records)
    if batch is not None:
        started = time.perf_counter()
        totals = batch(games, batch_seed(seed), deal_limit)
        seconds = time.perf_counter() - started
        report_simulation(
            rules,
            players,
            bots,
            as_json,
            deal_limit,
            seconds,
            totals["decisions"],
            totals["outcomes"],
            totals["unfinished"],
            games,
            "native batch",
        )
        return
    rng = random.Random(seed)
    sums = [0.0] * rules.num_seats
    decisions = 0
    unfinished = 0
    started = time.perf_counter()
    try:
        with contextlib.ExitStack() as files:
            record_file = files.enter_context(atomic_file(records)) if records else None
            with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
                task = progress.add_task(f"{rules.name}: playing", total=games)
                for index in range(games):
                    game_seed = None if seed is None else f"{seed}/{index}"
                    result = play_game(
                        rules,
                        players,
                        game_seed,
                        rng,
                        first_dealer=index % rules.num_seats,
                        deal_limit=deal_limit,
                    )
                    unfinished += not result.finished
                    decisions += result.decisions
                    for s, value in enumerate(result.outcome):
                        sums[s] += value
                    if record_file is not None:
                        document = record_from_state(
                            rules, result.state, first_dealer=index % rules.num_seats
                        )
                        record_file.write(json.dumps(document) + "\n")
                    progress.advance(task)
    except WriteError as error:
        raise write_failed(error) from None
    seconds = time.perf_counter() - started
    report_simulation(
        rules,
        players,
        bots,
        as_json,
        deal_limit,
        seconds,
        decisions,
        sums,
        unfinished,
        games,
        "bots",
    )


def batch_playouts(
    rules: AnyRules, players: list[AnyBot], records: Path | None
) -> Callable[[int, int, int], dict[str, Any]] | None:
    """The native batch path, ``rules.playouts`` (whole games of uniformly random decisions
    in Rust), when every seat is a random player and no record is asked for; else None."""
    playouts: Callable[[int, int, int], dict[str, Any]] | None = getattr(rules, "playouts", None)
    if playouts is None or records is not None or any(b.name != "random" for b in players):
        return None
    return playouts


def batch_seed(seed: str | None) -> int:
    """The batch path's 64-bit seed: from the ``--seed`` text, or a secure random one."""
    if seed is None:
        return secrets.randbits(64)
    return int.from_bytes(hashlib.blake2b(seed.encode(), digest_size=8).digest(), "little")


def report_simulation(
    rules: AnyRules,
    players: list[AnyBot],
    bots: str,
    as_json: bool,
    deal_limit: int,
    seconds: float,
    decisions: int,
    sums: Sequence[float],
    unfinished: int,
    games: int,
    path: str,
) -> None:
    """Print the results of ``simulate`` (``path``: bots one decision at a time, or the
    native batch), as JSON or as lines for people."""
    means = [round(v / games, 3) for v in sums]
    summary: dict[str, Any] = {
        "game": rules.name,
        "options": rules.options_json(),
        "bots": [b.name for b in players],
        "games": games,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "decisions_per_second": round(decisions / seconds, 1) if seconds > 0 else None,
        "mean_result": means,
        "unfinished": unfinished,
        "path": path,
    }
    if as_json:
        print(json.dumps(summary))
        return
    out.print(f"[bold]{rules.name}[/] ({describe_options(rules)}), bots: {bots}", highlight=False)
    for s, mean in enumerate(means):
        out.print(f"  seat {s}: mean result {mean:+.3f}")
    out.print(
        f"{games} games, {decisions} decisions in {seconds:.2f} s: "
        f"{summary['decisions_per_second'] or 0:,.0f} decisions/s"
        + (" (the native batch path)" if path == "native batch" else "")
    )
    if unfinished:
        out.print(
            f"{unfinished} game(s) stopped unfinished after {deal_limit} deals: their players "
            "never reached the end (random play may not); the means count the points so far. "
            "Raise --deal-limit to play longer."
        )


@app.command(name="replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="print the record with results")
    ] = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step", metavar="", help="step through the game in the terminal, every hand face up"
        ),
    ] = False,
    seat: Annotated[int, typer.Option(help="with --step --analyse: the seat valued")] = 0,
    analyse: Annotated[
        bool,
        typer.Option("--analyse", metavar="", help="with --step: value the seat's decisions first"),
    ] = False,
    at: Annotated[
        int | None, typer.Option(help="with --step: open at this decision (from 1)")
    ] = None,
    lang: LangOpt = "en",
) -> None:
    """Replay a game record: print its score sheet, or the record with results as JSON, or
    step through it (--step)."""
    check_lang(lang)
    try:
        record = load_record(file)
        state = replay(record)
    except RecordError as error:
        raise fail(str(error)) from None
    if step:
        from koloda.cli.replay_step import run_stepper

        run_stepper(record, lang, seat=seat, analyse=analyse, at=at)
        return
    if as_json:
        document = results_document(record, state)
        print(json.dumps(document, ensure_ascii=not is_unicode(safe_stdout), indent=1))
        return
    from koloda.cli.display import describe_view
    from koloda.cli.players import shown_names
    from koloda.cli.sheet import players_line, render_sheet, saved_game_line
    from koloda.i18n import Speaker

    rules = record.rules
    names = shown_names(record.players or [f"{s + 1}" for s in range(rules.num_seats)], lang)
    out.print(players_line(names, lang), highlight=False)
    out.print(render_sheet(rules.score_sheet(state), names, lang))
    if not state.is_over:
        out.print(saved_game_line(state, lang, names), highlight=False)
        acting = state.to_act
        if acting is not None:
            words = Speaker(lang, names)
            out.print(words.say("tui.position_of", seat=names[acting]), highlight=False)
            out.print(describe_view(rules, state.view(acting), words))


def show_version(value: bool) -> None:
    if value:
        from koloda import __version__

        print(f"koloda {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            metavar="",
            callback=show_version,
            is_eager=True,
            help="print the version and stop",
        ),
    ] = False,
) -> None:
    """Koloda: King, Spades, 101 and Tressette by the old Russian rules."""
    follow_streams()


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="a finished table's game record")],
    seed: Annotated[
        str | None,
        typer.Option(
            help="the seed (default: the one the record reveals; for a game played with "
            "koloda play --seed, that seed)"
        ),
    ] = None,
) -> None:
    """Check that every deal of a record comes from the seed its table committed to."""
    from koloda.records.fairness import FAIRNESS_KEY, commitment
    from koloda.records.fairness import verify as verify_record

    try:
        record = load_record(file)
        proof = record.document.get(FAIRNESS_KEY)
        if proof is None and seed is None:
            raise fail(
                f"{file} carries no fairness proof: only the card room's tables commit to a "
                "seed before they deal. For a game played with --seed, "
                f"koloda verify {file} --seed SEED checks that its deals come from that "
                "seed, though not that the seed was fixed before anyone saw the cards"
            )
        problems = verify_record(record, seed)
    except RecordError as error:
        raise fail(str(error)) from None
    verdict = "not fair" if proof is not None else "not from this seed"
    if problems:
        for problem in problems:
            print(f"{verdict}: {problem}")
        raise typer.Exit(1)
    deals = len(record.deals)
    if not isinstance(proof, dict):
        print(
            f"all {deals} deal(s) come from the seed {seed!r}; the record carries no "
            "commitment, so this does not show that the seed was fixed before anyone saw "
            "the cards"
        )
        return
    revealed = seed or proof["seed"]
    entropy = proof.get("entropy") or []
    mixed = [str(s) for s, value in enumerate(entropy) if value is not None]
    players = f" and the randomness of seat(s) {', '.join(mixed)}" if mixed else ""
    print(
        f"fair: all {deals} deal(s) come from the seed committed to as {commitment(revealed)}"
        + players
    )


COMMAND_MODULES: tuple[str, ...] = (
    "koloda.cli.serve_cmd",
    "koloda.cli.tournament_cmd",
    "koloda.cli.analyse_cmd",
    "koloda.cli.db_cmd",
    "koloda.cli.ladder_cmd",
    "koloda.cli.arena_cmd",
    "koloda.cli.learn_cmd",
)
"""Modules that add commands to the app with ``register(app)`` (kept out of this file)."""

for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(app)


def main() -> None:  # pragma: no cover - console entry for `python -m koloda`
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
