"""Issue 15, bug 3: output that is not UTF-8 (``PYTHONIOENCODING=cp1251`` or ``ascii``)
falls back to card letters and plain punctuation instead of crashing."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.cli.output import plain_text


@pytest.mark.parametrize("charset", ["ascii", "cp1251"])
def test_play_and_replay_on_a_narrow_charset(tmp_path: Path, charset: str) -> None:
    runner = CliRunner(charset=charset)
    save = tmp_path / "g.json"
    played = runner.invoke(
        app, ["play", "king", "--seed", "1", "--save", str(save)], input="quit\n"
    )
    assert played.exit_code == 0, played.output
    assert "game saved to" in played.output
    assert "♥" not in played.output and "♦" not in played.output
    dash = "-" if charset == "ascii" else "—"
    assert f"Koloda {dash} King" in played.output
    shown = runner.invoke(app, ["replay", str(save)])
    assert shown.exit_code == 0, shown.output
    as_json = runner.invoke(app, ["replay", str(save), "--json"])
    assert as_json.exit_code == 0, as_json.output


def test_russian_on_cp1251_keeps_its_letters() -> None:
    assert plain_text("Вы ходите дамой ♥ — «да»", "cp1251") == "Вы ходите дамой H — «да»"
    assert plain_text("Q♥ …", "ascii") == "QH ..."
    assert plain_text("Q♥", "utf-8") == "Q♥"
