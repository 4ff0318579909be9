"""Lighter installs: the engine, the bots and the command line run without the optional
extras (pyproject.toml), and a command that needs one says which in one line."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from koloda.core.errors import MissingExtraError
from koloda.extras import EXTRA_PACKAGES, missing_packages, require_extra

ROOT = Path(__file__).resolve().parent.parent

BLOCKED = (
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "jinja2",
    "markupsafe",
    "matplotlib",
    "scipy",
    "numpy",
)
"""The packages of the `server` and `plots` extras and what they pull in (not pydantic:
typer, which the command line needs, depends on it too)."""

BLOCKER = textwrap.dedent(
    f"""
    import sys

    BLOCKED = {BLOCKED!r}

    class Blocker:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {{name!r}} (blocked)", name=name)
            return None

    sys.meta_path.insert(0, Blocker())
    """
)


def run_without_extras(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where the extras' packages cannot be imported."""
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def cli_without_extras(*args: str) -> subprocess.CompletedProcess[str]:
    return run_without_extras(
        f"""
        sys.argv = ["koloda", *{list(args)!r}]
        from koloda.cli.main import app
        app()
        """
    )


def test_engine_bots_and_records_need_no_extra() -> None:
    done = run_without_extras(
        """
        import random

        import koloda
        from koloda.bots import make_bot
        from koloda.bots.runner import play_game
        from koloda.records import parse_record, record_from_state, replay, results_document

        for game in koloda.available_games():
            rules = koloda.load_game(game)
            bots = [
                make_bot("heuristic" if seat % 2 == 0 else "random", rules)
                for seat in range(rules.num_seats)
            ]
            result = play_game(rules, bots, seed=f"no-extras-{game}", rng=random.Random(1),
                               deal_limit=60)
            document = record_from_state(rules, result.state)
            record = parse_record(document)
            results = results_document(record, replay(record))
            print(game, result.decisions, results["finished"], results["totals"])
        try:
            from scipy import stats
        except ModuleNotFoundError:
            print("blocked")
        loaded = sorted({m.partition(".")[0] for m in sys.modules} & set(BLOCKED))
        print("loaded:", loaded)
        """
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines[:4]] == ["hundred_one", "king", "spades", "tressette"]
    assert all(int(line.split()[1]) > 0 and line.split()[2] == "True" for line in lines[:4])
    assert lines[4] == "blocked"  # the blocker works
    assert lines[5] == "loaded: []"


def test_cli_commands_without_extras() -> None:
    done = cli_without_extras("replay", "--help")
    assert done.returncode == 0, done.stderr
    assert "replay" in done.stdout.lower()
    done = cli_without_extras("simulate", "king", "--games", "1", "--seed", "3")
    assert done.returncode == 0, done.stderr


def test_serve_without_the_server_extra_exits_2_in_one_line() -> None:
    done = cli_without_extras("serve")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: the web table needs the server extra: pip install 'koloda[server]'"
    ]
    assert done.stdout == ""


def test_tournament_without_the_plots_extra_exits_2_in_one_line() -> None:
    done = cli_without_extras("tournament", "king", "--bots", "random,heuristic", "--deals", "2")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: koloda tournament needs the plots extra: pip install 'koloda[plots]'"
    ]
    done = run_without_extras(
        """
        from koloda.bots.tournament import p_stronger
        from koloda.core.errors import MissingExtraError

        try:
            p_stronger([1.0, 2.0, 3.0], [0.0, 0.0, 1.0])
        except MissingExtraError as error:
            print(error)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "tournament statistics needs the plots extra: pip install 'koloda[plots]'"
    )


def test_extras_are_installed_here() -> None:
    # the test environment has every extra (make test installs .[dev,server,plots])
    for extra in EXTRA_PACKAGES:
        assert missing_packages(extra) == []
        require_extra(extra, "this test")
    error = MissingExtraError("the web table", "server")
    assert isinstance(error, ImportError) and error.extra == "server"
