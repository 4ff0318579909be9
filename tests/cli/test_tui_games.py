"""The full-screen table (Textual) driven by keys through its pilot: a whole deal of every
game, Spades' three-card picker, a resumed save, and the screen at 80×24."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import RichLog
from tui_helpers import make_app, play_deal, screen_text, settle

from koloda.cli.players import saved_seating
from koloda.cli.tui.layout import SeatPicture, seat_block
from koloda.cli.tui.screens import ConfirmScreen, InfoScreen
from koloda.records import load_record, replay


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_a_whole_deal_by_keys(tmp_path: Path, game: str) -> None:
    app = make_app(tmp_path, game)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            pressed = await play_deal(pilot, app)
            assert pressed, "the person never played"
            assert isinstance(app.screen, InfoScreen)
            summary = screen_text(app)
            assert "Deal 1 is over" in summary
            assert "Enter: next deal" in summary
            await pilot.press("enter")
            await settle(pilot, app)
            assert "Deal 2" in screen_text(app)

    asyncio.run(run())
    record = load_record(tmp_path / f"{game}.json")
    state = replay(record)
    assert len(state.deal_scores()) >= 1
    assert record.players is not None and record.players[0] == "You"


def test_the_exchange_picker_in_spades(tmp_path: Path) -> None:
    """A nil bidder marks three cards with Space and sends them with Enter (S-7)."""
    app = make_app(tmp_path, "spades")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "Look at cards" in screen_text(app)
            await pilot.press("enter")  # look
            await settle(pilot, app)
            assert "Nil" in screen_text(app)
            await pilot.press("home", "enter")  # the first bid: nil, asked again
            await settle(pilot, app)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("enter")
            await settle(pilot, app)
            while app.pick_kind() is None:
                await pilot.press("enter")
                await settle(pilot, app)
            assert app.pick_kind() == "discard"
            assert "You bid nil: mark three cards" in " ".join(screen_text(app).split())
            hand = sorted(app.view().hand, key=lambda c: (c >> 4, -(c & 15)))
            await pilot.press("space", "right", "space")
            assert app.picked == hand[:2]
            assert "(2 of 3 marked)" in screen_text(app)
            await pilot.press("space")  # Space unmarks a marked card
            assert app.picked == hand[:1]
            await pilot.press("space", "right")
            await pilot.press("enter")  # not three yet: Enter marks the card under the cursor
            assert app.picked == hand[:3]
            await pilot.press("enter")
            await settle(pilot, app)
            actions = json.loads((tmp_path / "spades.json").read_text())["deals"][0]["actions"]
            ours = {app.rules.format_action(c) for c in hand[:3]}
            discards = [a for a in actions if a.startswith("discard:")]
            assert set(discards[0].removeprefix("discard:").split(",")) == ours

    asyncio.run(run())


def test_typing_a_card_plays_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            legal = [a for a in app.view().legal_actions if a < 64]
            card = legal[-1]
            code = app.rules.format_action(card)
            await pilot.press(*code.lower())
            await settle(pilot, app)
            assert card not in app.view().hand
            document = json.loads((tmp_path / "king.json").read_text())
            assert code in document["deals"][0]["actions"]

    asyncio.run(run())


def test_a_wrong_typed_move_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("x", "y", "enter")
            assert "“xy” is not a move now" in screen_text(app)
            assert app.waiting

    asyncio.run(run())


def test_resume_keeps_the_seat_names_and_bots(tmp_path: Path) -> None:
    """Bug 1: a saved game comes back with the person's seat and the bots' levels."""
    app = make_app(tmp_path, "tressette", seat=2)

    async def first() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "New game: Tressette" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot, app)

    asyncio.run(first())
    path = tmp_path / "tressette.json"
    record = load_record(path)
    assert record.players == ["Random-0", "Random-1", "You", "Random-3"]
    state = replay(record)
    seating = saved_seating(record.rules, record.players, None, None)
    assert seating.seat == 2
    assert [bot.name for s, bot in enumerate(seating.bots) if s != 2] == ["random"] * 3
    hand = state.view(2).hand
    resumed = make_app(tmp_path, "tressette", seating=seating)
    resumed.state = state
    resumed.resumed = True

    async def second() -> None:
        async with resumed.run_test(size=(80, 24)) as pilot:
            await settle(pilot, resumed)
            assert resumed.view().hand == hand
            assert resumed.me == 2
            assert "Game resumed: Tressette" in screen_text(resumed)

    asyncio.run(second())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_at_80_by_24(tmp_path: Path, lang: str) -> None:
    app = make_app(tmp_path, "king", lang=lang)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            lines = screen_text(app).splitlines()
            assert len(lines) == 24
            assert all(len(line) <= 80 for line in lines)
            text = "\n".join(lines)
            you = "You" if lang == "en" else "Вы"
            assert you in lines[-5] or you in lines[-6]  # your seat at the bottom
            bot = "Random" if lang == "en" else "Случайный"
            assert f"{bot}-1" in text and f"{bot}-2" in text and f"{bot}-3" in text
            assert ("Scoreboard" if lang == "en" else "Счёт") in text
            assert ("Deal 1" if lang == "en" else "Сдача 1") in lines[0]
            assert "F1" in lines[-1]
            hand = [app.card(c).plain for c in app.view().hand]
            assert all(card in lines[-2] for card in hand)
            svg = app.export_screenshot()
            assert svg.startswith("<svg") and ("Scoreboard" if lang == "en" else "Счёт") in svg

    asyncio.run(run())


def test_seats_around_the_table(tmp_path: Path) -> None:
    """The next player sits on the left, the partner opposite, the last on the right."""
    app = make_app(tmp_path, "spades", seat=1)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            lines = screen_text(app).splitlines()
            table = [line[:50] for line in lines[1:-3]]
            top = next(i for i, line in enumerate(table) if "Random-3" in line)
            left = next(i for i, line in enumerate(table) if "Random-2" in line)
            right = next(i for i, line in enumerate(table) if "Random-0" in line)
            assert top < left == right
            assert table[left].index("Random-2") < table[right].index("Random-0")

    asyncio.run(run())


def test_the_scoreboard_names_begin_with_a_capital(tmp_path: Path) -> None:
    """A side or a seat that starts a line of the scoreboard starts with a capital, and the
    rest of a name keeps its own letters ("Вы и Случайный-2", not "вы и случайный-2")."""
    app = make_app(tmp_path, "spades", lang="ru")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            board = [line.split("▏")[-1].strip() for line in screen_text(app).splitlines()]
            assert "Вы и Случайный-2" in board and "Случайный-1 и Случайный-3" in board

    asyncio.run(run())


def test_a_seat_shows_its_bid_and_its_tricks_whole(tmp_path: Path) -> None:
    """At 80×24 each Spades seat reads "bid 3, took 0" in full: no word cut short."""
    app = make_app(tmp_path, "spades")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")  # look at the cards
            await settle(pilot, app)
            await pilot.press("home", "right", "right", "right", "enter")  # bid 3
            while app.pick_kind() is not None or not app.rules.info.is_card_action(
                app.view().legal_actions[0]
            ):
                await pilot.press("space", "right", "space", "right", "space", "enter")
                await settle(pilot, app)
            await settle(pilot, app)
            table = [line.split("▏")[0] for line in screen_text(app).splitlines()]
            labels = [line for line in table if "took" in line]
            assert len(labels) >= 3 and not any("…" in line for line in labels), table
            assert any("bid 3, took 0" in line for line in labels)

    asyncio.run(run())


def test_a_seat_detail_too_wide_breaks_at_its_commas() -> None:
    detail = "bid double nil, took 0"
    narrow = seat_block(SeatPicture("Random-1", [Text(detail)]), 16)
    assert [line.plain for line in narrow] == ["  Random-1", "bid double nil", "took 0"]
    wide = seat_block(SeatPicture("Random-1", [Text(detail)]), 30)
    assert [line.plain for line in wide] == ["  Random-1", detail]
    uncut = seat_block(SeatPicture("Random-1", [Text("a rather long detail without commas")]), 16)
    assert [line.plain for line in uncut][1] == "a rather long d…"


def test_a_complete_trick_is_held_and_the_last_trick_shown(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", hold=30.0)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            for _ in range(200):
                await pilot.pause()
                if app.held is not None:
                    break
            assert app.held is not None
            winner = app.names[app.held[0]] if app.held[0] != 0 else "You"
            text = screen_text(app)
            assert "takes the trick" in text or "you take the trick" in text.lower()
            assert text.count("┌───┐") == 4  # four cards in front of their players
            await pilot.press("f3")
            shown = screen_text(app)
            assert "Last trick" in shown
            assert winner.lower() in shown.lower()

    asyncio.run(run())


@pytest.mark.parametrize(("game", "tricks"), [("hundred_one", False), ("king", True)])
def test_the_last_trick_key_only_where_there_are_tricks(
    tmp_path: Path, game: str, tricks: bool
) -> None:
    """101 has no tricks: F3 is neither offered nor opens a window saying "no tricks yet"."""
    app = make_app(tmp_path, game)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert ("F3" in screen_text(app).splitlines()[-1]) == tricks
            await pilot.press("f3")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen) == tricks
            if tricks:
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            assert ("F3 or Ctrl+L: the last trick." in screen_text(app)) == tricks
            assert "F2 or Ctrl+S: the score sheet." in screen_text(app)

    asyncio.run(run())


def test_wide_terminals_show_the_sheet_beside(tmp_path: Path) -> None:
    app = make_app(tmp_path, "hundred_one")

    async def run() -> None:
        async with app.run_test(size=(150, 40)) as pilot:
            await settle(pilot, app)
            assert "score sheet" in screen_text(app)

    asyncio.run(run())


def test_king_order_and_trump_are_choices(tmp_path: Path) -> None:
    """The orderer of King's order variant picks a contract, then names trump, by keys."""
    app = make_app(tmp_path, "king", seat=1, variant="order")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            text = screen_text(app)
            assert "no tricks" in text and "positive (trumps)" in text
            assert "Choose the contract" in text
            await pilot.press("end", "enter")  # the last choice: positive
            await settle(pilot, app)
            text = screen_text(app)
            assert "♥ hearts" in text and "Name trump" in text
            await pilot.press("home", "right", "enter")  # the second suit: hearts
            await settle(pilot, app)
            assert "Trump ♥" in screen_text(app).splitlines()[0]
            actions = json.loads((tmp_path / "king.json").read_text())["deals"][0]["actions"]
            assert actions[:2] == ["order:positive", "trump:H"]

    asyncio.run(run())


def test_a_card_is_played_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path, "tressette")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            hand_strip = app.query_one("#hand")
            boxes = hand_strip.boxes  # type: ignore[attr-defined]
            items = hand_strip.items  # type: ignore[attr-defined]
            index = next(i for i, item in enumerate(items) if item.enabled)
            line, start, _ = boxes[index]
            await pilot.click("#hand", offset=(start + 1, line))
            await settle(pilot, app)
            assert items[index].value not in app.view().hand

    asyncio.run(run())


def test_a_bot_shows_it_is_thinking(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", seat=2)
    app.pace = 1.5

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                await pilot.pause()
                if app.thinking is not None:
                    break
            text = screen_text(app)
            assert "thinking…" in text
            assert f"{app.names[app.thinking or 0]} is thinking…" in text
            app.pace = 0.0

    asyncio.run(run())


def test_a_deal_in_russian(tmp_path: Path) -> None:
    app = make_app(tmp_path, "hundred_one", lang="ru")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            log = app.base().query_one("#log", RichLog)
            assert log.lines[0].text.strip() == "Новая игра: 101"
            shown = screen_text(app)
            assert "Случайный-1" in shown and "Random-" not in shown  # the bots' level in Russian
            await play_deal(pilot, app)
            summary = screen_text(app)
            assert "Сдача 1 сыграна" in summary
            assert "Enter — следующая сдача" in summary

    asyncio.run(run())


def test_the_first_deal_s_declarations_are_logged(tmp_path: Path) -> None:
    app = make_app(tmp_path, "tressette", seed="9")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            lines = app.base().query_one("#log", RichLog).lines
            log = " ".join(" ".join(line.text for line in lines).split())  # wrapped lines
            assert "Random-2 declares three aces (3), three jacks (1)" in log
            assert "You declare three threes (3)" in log

    asyncio.run(run())


def test_a_card_typed_with_russian_rank_letters(tmp_path: Path) -> None:
    """In Russian the hand shows Д♠ for the queen: ``д♠`` (or ``дs``) plays it too."""
    app = make_app(tmp_path, "king", lang="ru")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            legal = [a for a in app.view().legal_actions if a < 64]
            card = legal[0]
            rank = app.words.rank_short(card & 15).lower()
            suit = "shdc"[card >> 4]
            for key in rank + suit:
                await pilot.press(key)
            await settle(pilot, app)
            assert card not in app.view().hand

    asyncio.run(run())


def test_a_finished_game_resumed_shows_its_result(tmp_path: Path) -> None:
    import random

    from koloda.bots import make_bot

    app = make_app(tmp_path, "king", variant="three")
    state = app.rules.new_state(seed=2)
    bot = make_bot("random", app.rules)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(bot.choose(state.view(state.to_act), rng))
    app.state = state
    app.resumed = True

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, InfoScreen)
            text = screen_text(app)
            assert "Game over" in text and "score sheet" in text
            assert app.closing_line().startswith("final record saved to")

    asyncio.run(run())


def test_the_line_mode_commands_typed_at_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, "spades")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press(*"sheet", "enter")
            assert "Spades to 500" in screen_text(app)
            await pilot.press("escape")
            await pilot.press("?", "enter")
            assert "Keys" in screen_text(app)
            await pilot.press("escape")
            await pilot.press(*"quit", "enter")
            await pilot.pause()
            assert app.return_code == 0

    asyncio.run(run())


@pytest.mark.parametrize("width", [130, 140, 150, 180, 220])
def test_the_sheet_beside_never_squeezes_the_table(tmp_path: Path, width: int) -> None:
    """Spades' sheet is 120 columns wide: beside the table it is drawn in the room left, and
    the table keeps at least 56 columns (it had 25 at 140 columns)."""
    app = make_app(tmp_path, "spades")

    async def run() -> None:
        async with app.run_test(size=(width, 40)) as pilot:
            await settle(pilot, app)
            assert app.query_one("#table").outer_size.width >= 56
            if app.base().has_class("wide"):
                assert app.query_one("#sheet-panel").outer_size.width <= width - 38 - 56

    asyncio.run(run())
