"""The full-screen table when a save fails: it says so in its log, keeps the save before,
goes on, saves again after the next move, and its closing line says the last save failed."""

from __future__ import annotations

import asyncio
import errno
import os
from pathlib import Path

import pytest
from textual.widgets import RichLog
from tui_helpers import make_app, settle

from koloda.records import load_record, replay


def test_a_failed_save_is_said_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, "king")
    save = tmp_path / "king.json"
    save.write_text("the save before")
    real = os.fsync
    full = [True]

    def fsync(fd: int) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            log = app.query_one("#log", RichLog)
            said = "\n".join(strip.text for strip in log.lines)
            expected = f"The game could not be saved to {save}: the disk is full."
            assert "".join(expected.split()) in "".join(said.split())  # the log wraps it
            assert app.unsaved is not None and app.waiting  # the game goes on
            assert save.read_text() == "the save before"
            assert app.closing_line() == (
                f"The game could not be saved to {save}: the disk is full. "
                "The last save there is kept as it was."
            )
            full[0] = False
            await pilot.press("enter")  # the first legal card
            await pilot.pause()
            assert app.unsaved is None
            said = "\n".join(strip.text for strip in log.lines)
            assert "The game is saved again" in said

    asyncio.run(run())
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith((".tmp", ".partial"))] == []
    assert app.closing_line().startswith("game saved to")
    state = replay(load_record(save))
    assert state.deal_logs()[0].actions  # the move is in the save
