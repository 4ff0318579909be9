"""The command line refuses bad files and paths in one line, exit 2, and claims nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from koloda import __version__
from koloda.cli.main import app

runner = CliRunner()


def _one_line_error(result: object) -> str:
    output: str = getattr(result, "output")  # noqa: B009 - CliRunner mixes both streams
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("error: "), output
    assert "Traceback" not in output
    return lines[0]


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_record_that_is_not_utf8(tmp_path: Path, command: str) -> None:
    path = tmp_path / "b.json"
    path.write_bytes(b"\xff\xfe{}")
    args = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "not UTF-8" in _one_line_error(result)


def test_save_path_that_cannot_hold_a_record(tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    for bad, why in [
        (tmp_path, "folder"),
        (a_file / "game.json", "cannot save"),
        (Path("/proc/koloda-test.json"), "cannot save"),
    ]:
        result = runner.invoke(app, ["play", "king", "--save", str(bad)], input="quit\n")
        assert result.exit_code == 2, result.output
        line = _one_line_error(result)
        assert why in line
        assert "saved" not in result.output


def test_save_never_overwrites_another_game(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"precious": true}')
    result = runner.invoke(app, ["play", "king", "--save", str(other)], input="quit\n")
    assert result.exit_code == 2
    assert "--force" in _one_line_error(result)
    assert other.read_text() == '{"precious": true}'
    forced = runner.invoke(
        app, ["play", "king", "--save", str(other), "--force", "--seed", "1"], input="quit\n"
    )
    assert forced.exit_code == 0, forced.output
    assert '"format": "koloda-record/1"' in other.read_text()
    # the game's own save may be written again when it is resumed
    resumed = runner.invoke(app, ["play", "--resume", str(other)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"koloda {__version__}"


def test_help_shows_no_types_on_flags() -> None:
    """Issue 15, bug 9: flags take no value, so their help shows none (``--force`` was shown
    as ``<bool>``); rule options show their shape."""
    shown = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "100"})
    assert shown.exit_code == 0
    for flag in ("--force", "--plain"):
        line = next(line for line in shown.output.splitlines() if flag + " " in line)
        assert "<bool>" not in line, line
    assert "NAME=VALUE" in shown.output
