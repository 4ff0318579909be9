"""A deal's summary says how its score came about: Spades' contract, bags and nil, who went
out in 101 and the cards counted, what each player took in King, Tressette's sheet row."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

from tui_helpers import at_last_card, make_app, screen_text, settle

from koloda.bots import make_bot
from koloda.cli.display.summary import deal_breakdown
from koloda.core.events import CardPlayed, TrickTaken
from koloda.core.registry import load_game
from koloda.i18n import Speaker

NAMES = ["You", "B", "C", "D"]


def first_deal(
    game: str, seed: int
) -> tuple[object, object, list[tuple[int, tuple[int, ...]]], list[int]]:
    """A game after its first deal played by bots: the rules, the state, the deal's tricks
    and seat 0's cards at its end."""
    rules = load_game(game)
    state = rules.new_state(seed=seed)
    bot = make_bot("random", rules)
    rng = random.Random(seed)
    tricks: list[tuple[int, tuple[int, ...]]] = []
    trick: list[int] = []
    left: list[int] = []
    while not state.deal_scores():
        hand = list(state.view(0).hand)
        events = state.apply(bot.choose(state.view(state.to_act), rng))
        played = {e.card for e in events if isinstance(e, CardPlayed) and e.seat == 0}
        left = [c for c in hand if c not in played]
        for event in events:
            if isinstance(event, CardPlayed):
                trick.append(event.card)
            elif isinstance(event, TrickTaken):
                tricks.append((event.seat, tuple(trick)))
                trick = []
    return rules, state, tricks, left


def test_spades_score_is_contract_bags_and_nil() -> None:
    for seed in range(6):
        rules, state, tricks, left = first_deal("spades", seed)
        words = Speaker("en", NAMES, 0)
        lines = deal_breakdown(rules, state, words, tricks, left)  # type: ignore[arg-type]
        assert len(lines) == 2
        for side, line in enumerate(lines):
            total, _, parts = line.partition(" = ")
            assert parts.startswith("contract ")
            numbers = [int(n) for n in re.findall(r"[+-]\d+", parts)]
            score = state.deal_scores()[0][side]  # type: ignore[attr-defined]
            assert total.endswith(f"{score:+d}" if score else "0")
            if "score is lost" not in parts:
                assert sum(numbers) == score


def test_101_says_who_went_out_and_counts_your_cards() -> None:
    for seed in range(8):
        rules, state, tricks, left = first_deal("hundred_one", seed)
        words = Speaker("en", NAMES, 0)
        lines = deal_breakdown(rules, state, words, tricks, left)  # type: ignore[arg-type]
        out = state.sheet[-1].out  # type: ignore[attr-defined]
        assert "went out" in lines[0] and (NAMES[out] in lines[0] or out == 0)
        if out != 0 and left:
            score = state.deal_scores()[0][0]  # type: ignore[attr-defined]
            counted = [int(n) for n in re.findall(r" (\d+)(?:,|$)", lines[1].split(", in all")[0])]
            assert lines[1].startswith("Your cards counted:")
            assert sum(counted) == score and lines[1].endswith(f"+{score}")


def test_king_says_what_each_player_took() -> None:
    rules, state, tricks, left = first_deal("king", 1)
    words = Speaker("en", NAMES, 0)
    lines = deal_breakdown(rules, state, words, tricks, left)  # type: ignore[arg-type]
    scores = state.deal_scores()[0]  # type: ignore[attr-defined]
    assert len(lines) == 4
    for seat, line in enumerate(lines):
        taken = sum(1 for who, _ in tricks if who == seat)
        assert line.startswith(("You" if seat == 0 else NAMES[seat]) + ": ")
        assert line.endswith(f"({scores[seat]:+d})" if scores[seat] else "(0)")
        assert (f"{taken} trick" in line) == (taken > 0)  # deal 1 is "no tricks"


def test_the_summary_window_shows_the_breakdown(tmp_path: Path) -> None:
    app = make_app(tmp_path, "spades", lang="ru")
    at_last_card(app)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            text = screen_text(app)
            assert "Сдача 1 сыграна" in text
            assert "= заказ" in text

    asyncio.run(run())


def test_the_final_window_says_the_last_deal_then_who_won(tmp_path: Path) -> None:
    """The game's end: how its last deal went ("You went out"), then the verdict."""
    app = make_app(tmp_path, "hundred_one")
    bot = make_bot("random", app.rules)
    for seed in range(100):
        state = app.rules.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.to_act == 0:
                after = state.clone()
                after.apply(after.view(0).legal_actions[0])
                if after.is_over:
                    break
            state.apply(bot.choose(state.view(state.to_act), rng))
        if not state.is_over:
            break
    app.state, app.resumed, app.opening = state, True, []

    async def run() -> None:
        async with app.run_test(size=(80, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            for _ in range(200):
                await pilot.pause()
                if app.state.is_over and app.screen is not app.base():
                    break
            lines = [line.strip(" │") for line in screen_text(app).splitlines()]
            verdict = next(i for i, line in enumerate(lines) if line.startswith("Game over —"))
            out = next(i for i, line in enumerate(lines) if "went out" in line)
            assert out < verdict

    asyncio.run(run())
