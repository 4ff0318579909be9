"""``koloda ladder`` as a script and a person run it: a tiny ladder writes a valid document
through pipes and in a terminal, and bad input is refused in one line with status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "cli"))  # the terminal's helpers

from pty_support import run_in_terminal, run_piped

from koloda.club.ladder import check_document
from koloda.club.ratings import MU

pytest.importorskip("openskill")

TINY = ("--deals", "1", "--levels", "random,easy", "--seed", "3")


def test_a_tiny_ladder_through_pipes_writes_its_ratings(tmp_path: Path) -> None:
    done = run_piped("ladder", "tressette", *TINY, "--out", "out.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    document = check_document(json.loads((tmp_path / "out.json").read_text(encoding="utf-8")))
    entry = document["ratings"]["tressette:tressette"]
    assert entry["deals"] == 1 and entry["anchor"] == "random"
    assert entry["levels"]["random"]["mu"] == pytest.approx(MU)
    assert "tressette:tressette (1 duplicate deal a pair)" in done.stdout
    assert "\x1b" not in done.stdout + done.stderr

    again = run_piped("ladder", "king", *TINY, "--json", "--out", "out.json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    printed = json.loads(again.stdout)
    assert set(printed) == {"king:king_classic"}
    merged = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert set(merged["ratings"]) == {"king:king_classic", "tressette:tressette"}


def test_a_tiny_ladder_in_a_terminal(tmp_path: Path) -> None:
    code, text = run_in_terminal("ladder", "king", *TINY, "--out", "out.json", cwd=tmp_path)
    assert code == 0, text
    assert "king:king_classic (1 duplicate deal a pair)" in text
    assert "written to out.json" in text
    check_document(json.loads((tmp_path / "out.json").read_text(encoding="utf-8")))


BAD = [
    (("ladder", "whist", *TINY), "unknown game"),
    (("ladder", "king", "--deals", "0"), "at least one deal"),
    (("ladder", "king", "--levels", "easy"), "at least two levels"),
    (("ladder", "king", "--levels", "easy,easy"), "named twice"),
    (("ladder", "king", "--levels", "easy,nobody"), "unknown bot"),
    (("ladder", "king", "--preset", "king_three", *TINY), "no rated preset"),
    (("ladder", "king", *TINY, "--out", "."), "it is a folder"),
    (("ladder", "king", *TINY, "--out", "notes.json"), "not a ladder's ratings"),
]


@pytest.mark.parametrize(("args", "said"), BAD, ids=[said for _, said in BAD])
def test_bad_input_is_refused_in_one_line(args: tuple[str, ...], said: str, tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text('{"format": "koloda-record/1"}', encoding="utf-8")
    done = run_piped(*args, cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], done.stderr
    assert done.stdout == ""
    assert (tmp_path / "notes.json").read_text(encoding="utf-8") == '{"format": "koloda-record/1"}'


def test_bad_input_in_a_terminal_is_one_line(tmp_path: Path) -> None:
    code, text = run_in_terminal("ladder", "king", "--levels", "easy", cwd=tmp_path)
    assert code == 2
    assert text.strip() == "error: a ladder needs at least two levels"


def test_without_the_server_extra_the_ladder_says_so_in_one_line() -> None:
    from test_optional_extras import cli_without_extras

    done = cli_without_extras("ladder", "king", "--deals", "1", "--levels", "random,easy")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: koloda ladder needs the server extra: pip install 'koloda[server]'"
    ]
    assert done.stdout == ""
