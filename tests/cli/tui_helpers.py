"""Driving the terminal table with Textual's pilot: start a game, wait for the person's turn,
read the screen as text."""

from __future__ import annotations

import random
from pathlib import Path

from textual.pilot import Pilot

from koloda.bots import make_bot
from koloda.cli.players import Seating, new_seating
from koloda.cli.tui import TableApp
from koloda.cli.tui.screens import InfoScreen
from koloda.core.registry import load_game


def make_app(
    tmp_path: Path,
    game: str,
    *,
    seat: int = 0,
    lang: str = "en",
    seed: str = "tui",
    hold: float = 0.0,
    seating: Seating | None = None,
    ascii: bool = False,
    **options: object,
) -> TableApp:
    """A table of random bots whose screen does not depend on the terminal running the tests
    (``ascii``: drawn as for an ASCII-only terminal)."""
    rules = load_game(game, **options)
    seating = seating or new_seating(rules, seat, "random", lang)
    return TableApp(
        rules,
        seating,
        tmp_path / f"{game}.json",
        seed=seed,
        lang=lang,
        pace=0.0,
        hold=hold,
        rng=random.Random(7),
        ascii=ascii,
    )


def screen_text(app: TableApp) -> str:
    """What the terminal shows, as lines of plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


async def settle(pilot: Pilot[None], app: TableApp, limit: int = 2000) -> None:
    """Wait until the person is asked something or a window (a deal's summary) is up."""
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, InfoScreen) or (app.waiting and not app.workers):
            return
    raise AssertionError("the table never asked the person anything")


async def play_deal(pilot: Pilot[None], app: TableApp) -> list[str]:
    """Play the person's turns of one deal with keys only (the first legal choice, Enter),
    until the deal's summary; the keys pressed are returned."""
    pressed: list[str] = []
    for _ in range(400):
        await settle(pilot, app)
        if isinstance(app.screen, InfoScreen):
            return pressed
        if app.pick_kind() is not None:
            keys = ["space", "right", "space", "right", "space", "enter"]
        else:
            keys = ["enter"]
        await pilot.press(*keys)
        pressed.extend(keys)
    raise AssertionError("the deal never ended")


def at_last_card(app: TableApp, seed: int = 5) -> None:
    """Set the table at the person's last card of the first deal (the bots having played the
    rest at random): one Enter then ends the deal."""
    state = app.rules.new_state(seed=seed)
    bot = make_bot("random", app.rules)
    rng = random.Random(seed)
    while state.to_act != app.me or len(state.view(app.me).hand) != 1:
        state.apply(bot.choose(state.view(state.to_act), rng))
    app.state, app.resumed, app.opening = state, True, []
