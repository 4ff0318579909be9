"""Issue 15, bug 7: the score sheet at 80 columns keeps players' names whole."""

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
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(render_sheet(rules.score_sheet(state), names))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    dealers = [line.split()[1] for line in text.splitlines() if line.strip()[:2] in ("1 ", "2 ")]
    assert dealers == ["You", "Normal-1"]
