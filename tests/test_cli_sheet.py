"""Issue 15, bug 7: score sheets in the terminal keep players' names whole, and a table
whose words do not fit the width (Spades, Tressette at 80 columns) becomes lines per deal
instead of cells folded letter by letter."""

from __future__ import annotations

import io
import random

from rich.console import Console

from koloda.bots import make_bot
from koloda.cli.sheet import render_sheet
from koloda.core.registry import load_game


def test_spades_sheet_keeps_dealer_names_whole_at_80_columns() -> None:
    rules = load_game("spades")
    state = rules.new_state(seed=5)
    bot = make_bot("normal", rules)
    rng = random.Random(2)
    while len(state.deal_scores()) < 2:
        state.apply(bot.choose(state.view(state.to_act), rng))
    names = ["You", "Normal-1", "Normal-2", "Normal-3"]
    wide = Console(file=io.StringIO(), width=140, color_system=None)
    wide.print(render_sheet(rules.score_sheet(state), names))
    text = wide.file.getvalue()  # type: ignore[attr-defined]
    dealers = [line.split()[1] for line in text.splitlines() if line.strip()[:2] in ("1 ", "2 ")]
    assert dealers == ["You", "Normal-1"]
    narrow = Console(file=io.StringIO(), width=80, color_system=None)
    narrow.print(render_sheet(rules.score_sheet(state), names))
    text = narrow.file.getvalue()  # type: ignore[attr-defined]
    assert "1 — dealer: You;" in text
    assert "2 — dealer: Normal-1;" in text
    assert "total — " in text
    assert all(len(line) <= 80 for line in text.splitlines())
