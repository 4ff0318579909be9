"""``koloda arena`` as a script and a person run it: a tiny arena's leaderboard is the fitted
ratings' order, its JSON is the shared fit of its own per-pair results, --plot draws a
picture, a bot from outside plays, and bad input is refused in one line with status 2."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "cli"))  # the terminal's helpers

from pty_support import run_in_terminal, run_piped

from koloda.club.fitting import PairResult, fit, interval, standings
from koloda.club.ratings import MU

pytest.importorskip("openskill")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "bot_plugin"
TINY = ("--bots", "random,easy,heuristic", "--deals", "3", "--seed", "7")


def arena_json(*args: str, cwd: Path, **env: str) -> dict[str, Any]:
    done = run_piped("arena", *args, "--json", cwd=cwd, **env)
    assert done.returncode == 0, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def test_the_json_is_the_shared_fit_of_its_own_pair_results(tmp_path: Path) -> None:
    document = arena_json("tressette", *TINY, cwd=tmp_path)
    assert document["format"] == "koloda-arena" and document["version"] == 1
    assert document["game"] == "tressette" and document["deals"] == 3
    assert document["seed"] == "7" and document["anchor"] == "random"
    pairs = [
        PairResult(p["first"], p["second"], p["first_scores"], p["second_scores"])
        for p in document["pairs"]
    ]
    assert [(p.first, p.second) for p in pairs] == [
        ("random", "easy"),
        ("random", "heuristic"),
        ("easy", "heuristic"),
    ]
    for pair, written in zip(pairs, document["pairs"], strict=True):
        assert len(pair.first_scores) == 3
        assert pair.record() == (written["won"], written["tied"], written["lost"])
        assert written["won"] + written["tied"] + written["lost"] == 3

    again = fit(document["bots"], pairs)
    assert again["random"].mu == pytest.approx(MU)
    board = document["leaderboard"]
    assert [row["bot"] for row in board] == [name for name, _ in standings(again)]
    assert [row["place"] for row in board] == [1, 2, 3]
    for row in board:
        rating = again[row["bot"]]
        assert row["mu"] == pytest.approx(rating.mu, abs=1e-6)
        assert row["sigma"] == pytest.approx(rating.sigma, abs=1e-6)
        assert row["display"] == rating.display()
        assert row["interval"] == list(interval(rating))
        assert row["interval"][0] < row["display"] < row["interval"][1]


def test_the_leaderboard_for_people_is_in_the_ratings_order(tmp_path: Path) -> None:
    document = arena_json("king", *TINY, cwd=tmp_path)
    done = run_piped("arena", "king", *TINY, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == 'king (variant="classic"): 3 duplicate deals a pair, seed 7'
    assert "random anchored at 1500" in lines[1]
    rows = [line.split() for line in lines[3:6]]
    assert [row[1] for row in rows] == [row["bot"] for row in document["leaderboard"]]
    shown = [int(row[2].rstrip("?")) for row in rows]
    assert shown == sorted(shown, reverse=True)
    table = lines[lines.index("deals won, tied and lost by the first of each pair") + 2 :]
    assert [line.split() for line in table] == [
        [p["first"], p["second"], str(p["won"]), str(p["tied"]), str(p["lost"])]
        for p in document["pairs"]
    ]


def test_a_preset_sets_the_rules(tmp_path: Path) -> None:
    document = arena_json("king", "--preset", "king_order", *TINY, cwd=tmp_path)
    assert document["preset"] == "king_order"
    assert document["options"] == {"variant": "order"}


def test_plot_writes_a_picture(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    done = run_piped("arena", "tressette", *TINY, "--plot", "board.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "board.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert done.stderr.strip() == "plot written to board.png"
    svg = run_piped("arena", "tressette", *TINY, "--plot", "board.svg", cwd=tmp_path)
    assert svg.returncode == 0, svg.stderr
    assert "<svg" in (tmp_path / "board.svg").read_text(encoding="utf-8")


def test_bots_from_outside_play(tmp_path: Path) -> None:
    path = os.pathsep.join(p for p in (str(EXAMPLE), os.environ.get("PYTHONPATH", "")) if p)
    by_entry_point = arena_json(
        "king", "--bots", "first-card,random", "--deals", "2", cwd=tmp_path, PYTHONPATH=path
    )
    assert set(by_entry_point["bots"]) == {"first-card", "random"}
    by_reference = arena_json(
        "tressette",
        "--bot",
        "lowest=koloda_first_card:make",
        "--bots",
        "lowest,random",
        "--deals",
        "2",
        cwd=tmp_path,
        PYTHONPATH=path,
    )
    assert {row["bot"] for row in by_reference["leaderboard"]} == {"lowest", "random"}
    assert by_reference["anchor"] == "lowest"


def test_ray_plays_the_same_arena(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    args = ("tressette", "--bots", "random,heuristic", "--deals", "2", "--seed", "r")
    alone = arena_json(*args, cwd=tmp_path)
    on_ray = arena_json(*args, "--ray", cwd=tmp_path)
    assert on_ray == alone


def test_in_a_terminal(tmp_path: Path) -> None:
    code, text = run_in_terminal("arena", "king", *TINY, "--plot", "b.png", cwd=tmp_path)
    assert code == 0, text
    assert 'king (variant="classic"): 3 duplicate deals a pair, seed 7' in text
    assert "deals won, tied and lost by the first of each pair" in text
    assert "plot written to b.png" in text


BAD = [
    (("arena", "whist", *TINY), "unknown game"),
    (("arena", "king", "--bots", "random,easy", "--deals", "0"), "at least 1"),
    (("arena", "king", "--bots", "easy", "--deals", "1"), "at least two bots"),
    (("arena", "king", "--bots", "easy,easy", "--deals", "1"), "named twice"),
    (("arena", "king", "--bots", "easy,nobody", "--deals", "1"), "unknown bot 'nobody'"),
    (("arena", "king", *TINY, "--preset", "nope"), "no preset of king"),
    (("arena", "king", *TINY, "--preset", "king_order", "--variant", "three"), "--preset"),
    (("arena", "king", *TINY, "--plot", "."), "it is a folder"),
    (("arena", "king", *TINY, "--plot", "board.gif"), ".png or .svg"),
    (("arena", "king", *TINY, "--bot", "no_such_module:make"), "no_such_module:make"),
]


@pytest.mark.parametrize(("args", "said"), BAD, ids=[said for _, said in BAD])
def test_bad_input_is_refused_in_one_line(args: tuple[str, ...], said: str, tmp_path: Path) -> None:
    done = run_piped(*args, cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], done.stderr
    assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_bad_input_in_a_terminal_is_one_line(tmp_path: Path) -> None:
    code, text = run_in_terminal("arena", "king", "--bots", "easy", cwd=tmp_path)
    assert code == 2
    assert text.strip() == "error: an arena needs at least two bots"


def test_without_the_extras_the_arena_says_so_in_one_line() -> None:
    from test_optional_extras import cli_without_extras

    for args, extra in (((), "koloda arena needs the server"), (("--plot", "b.png"), "plots")):
        done = cli_without_extras("arena", "king", "--bots", "random,easy", "--deals", "1", *args)
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and extra in lines[0] and "pip install" in lines[0], done.stderr
        assert done.stdout == ""
