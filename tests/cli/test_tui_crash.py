"""A bug in the full-screen table ends it with a traceback that shows no values: a hand held
in a local variable is never printed (Textual shows locals by default)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_helpers import make_app, settle


def test_a_crash_prints_no_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    app = make_app(tmp_path, "king")
    hidden = "hidden-hand-Q♠-K♥-A♦"

    def broken() -> None:
        hand = hidden  # a value that would show among the locals
        raise RuntimeError(f"a bug with {len(hand)} characters at hand")

    monkeypatch.setattr(app, "action_keys", broken)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("f1")
            await pilot.pause()

    with pytest.raises(RuntimeError, match="a bug with"):
        asyncio.run(run())
    printed = "".join(capfd.readouterr())
    assert "RuntimeError" in printed and "a bug with" in printed  # the traceback is there
    assert hidden not in printed
