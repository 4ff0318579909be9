"""The person's decisions at the terminal table without slips: the cursor starts on a
sensible bid, nil is asked again, a move can be taken back against bots, the playable cards
are marked by shape, typed choices and refusals are in the player's words."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.widgets import RichLog
from tui_helpers import make_app, screen_text, settle

from koloda.bots import make_bot
from koloda.cli.display import describe_view
from koloda.cli.display.choices import decision_key
from koloda.cli.display.refusals import refusal
from koloda.cli.display.typing import said_choice
from koloda.cli.tui.screens import ConfirmScreen
from koloda.cli.tui.strip import Item, Strip
from koloda.core.errors import IllegalActionError
from koloda.core.registry import load_game
from koloda.i18n import Speaker


def actions(path: Path) -> list[str]:
    deals = json.loads(path.read_text())["deals"]
    return [a for deal in deals for a in deal["actions"]]


def test_the_bid_cursor_starts_on_the_advised_bid_and_nil_is_asked_again(tmp_path: Path) -> None:
    app = make_app(tmp_path, "spades")
    save = tmp_path / "spades.json"

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")  # look at the cards
            await settle(pilot, app)
            advised = make_bot("normal", app.rules).choose(app.view(), random.Random(0))
            item = app.strips()[1].current()
            assert item is not None and item.value == advised
            assert "Your bid: how many tricks?" in screen_text(app)
            before = actions(save)
            await pilot.press("home", "enter")  # nil
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "take not a single trick" in screen_text(app)
            assert "Bid nil?" in screen_text(app)
            await pilot.press("escape")  # no: back to the bids, nothing bid
            await pilot.pause()
            assert app.screen is app.base() and app.waiting
            assert actions(save) == before
            await pilot.press(*"nil", "enter")  # typed as the screen shows it
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("enter")
            await settle(pilot, app)
            assert actions(save)[len(before)] == "bid:nil"

    asyncio.run(run())


def test_double_nil_is_asked_again(tmp_path: Path) -> None:
    app = make_app(tmp_path, "spades")
    save = tmp_path / "spades.json"

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            item = app.strips()[1].current()
            assert item is not None and app.rules.format_action(item.value) == "look"
            await pilot.press("end", "enter")  # double nil, blind
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "Bid double nil, blind?" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert app.waiting and actions(save) == []
            await pilot.press("end", "enter", "y")
            await settle(pilot, app)
            assert actions(save)[0] == "bid:double_nil"

    asyncio.run(run())


def test_a_bid_typed_as_the_screen_shows_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, "spades")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            await pilot.press("3", "enter")
            await settle(pilot, app)
            assert "bid:3" in actions(tmp_path / "spades.json")

    asyncio.run(run())


def test_ctrl_z_takes_back_the_last_move_and_the_record_follows(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", seat=1)
    save = tmp_path / "king.json"

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            hand = list(app.view().hand)
            before = actions(save)
            await pilot.press("enter")  # play the first playable card
            await settle(pilot, app)
            assert len(actions(save)) > len(before) + 1  # the bots played on
            await pilot.press("ctrl+z")
            await settle(pilot, app)
            assert app.waiting and app.state.to_act == 1
            assert list(app.view().hand) == hand
            assert actions(save) == before
            log = app.base().query_one("#log", RichLog)
            said = " ".join(" ".join(line.text for line in log.lines[-3:]).split())
            assert "You take back your move" in said
            await pilot.press("enter")  # and the game goes on
            await settle(pilot, app)
            assert len(actions(save)) > len(before)

    asyncio.run(run())


def test_nothing_to_take_back_before_the_first_move(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("ctrl+z")
            assert "Nothing of yours to take back" in screen_text(app)
            assert app.waiting

    asyncio.run(run())


@pytest.mark.parametrize("game", ["tressette", "spades"])
def test_the_undo_key_is_in_the_keys_line_and_the_help(tmp_path: Path, game: str) -> None:
    """The help tells the keys and marks of every game, and Spades' nil only in Spades."""
    app = make_app(tmp_path, game)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "Ctrl+Z undo" in screen_text(app).splitlines()[-1]
            await pilot.press("f1")
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "Ctrl+Z takes back your last move" in text
            assert "in brackets, [K♠]" in text
            spades = game == "spades"
            assert ("Nil and double nil ask you to confirm" in text) == spades
            assert ("starred, *K♠*" in text) == spades

    asyncio.run(run())


def test_playable_cards_are_framed_and_the_others_not() -> None:
    strip = Strip()
    strip.items = [
        Item(Text("K♠"), 1, enabled=True, framed=True),
        Item(Text("7♥"), 2, enabled=False),
        Item(Text("Q♦"), 3, marked=True),
    ]
    assert strip.lines(40)[0].plain.split() == ["[K♠]", "7♥", "*Q♦*"]


def test_the_hand_at_the_table_frames_exactly_the_legal_cards(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", seat=2)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            hand_strip = app.strips()[0]
            legal = set(app.view().legal_actions)
            framed = {item.value for item in hand_strip.items if item.framed}
            assert framed == legal & set(app.view().hand)
            row = screen_text(app).splitlines()[-2]
            for card in app.view().hand:
                label = app.card(card).plain
                assert (f"[{label}]" in row) == (card in legal)

    asyncio.run(run())


def illegal_follow(game: str) -> tuple[object, int, IllegalActionError, list[int]]:
    """A position where the player to act holds a card off the led suit that may not be
    played, with the error the engine raises for it."""
    rules = load_game(game)
    for seed in range(50):
        state = rules.new_state(seed=seed)
        bot = make_bot("random", rules)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_act)
            legal = list(view.legal_actions)
            cards = [c for c in view.hand if c not in legal]
            trick = getattr(view, "trick", ())
            if trick and cards and all(rules.info.is_card_action(a) for a in legal):
                try:
                    state.apply(cards[0])
                except IllegalActionError as error:
                    if "follow" in error.reason:
                        return rules, cards[0], error, legal
            state.apply(bot.choose(view, rng))
    raise AssertionError("no position found")


def test_a_refusal_is_said_in_the_player_s_words() -> None:
    rules, card, error, legal = illegal_follow("king")
    words = Speaker("en", ["You", "A", "B", "C"], 0)
    said = refusal(rules, card, error.reason, legal, words)  # type: ignore[arg-type]
    suit = words.suit(legal[0] >> 4)
    shown = sorted(legal, key=lambda c: (c >> 4, -(c & 15)))  # as the hand shows them
    assert said == f"You must follow {suit}: " + " ".join(words.card(c) for c in shown)
    assert "(K-" not in said
    russian = refusal(rules, card, error.reason, legal, Speaker("ru", [], 0))  # type: ignore[arg-type]
    assert russian.startswith("Нужно отвечать в масть") and "K-5" not in russian


def test_a_typed_card_that_may_not_be_played_is_refused_in_words(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", seat=3)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(13):
                await settle(pilot, app)
                view = app.view()
                others = [c for c in view.hand if c not in view.legal_actions]
                if view.trick and others:
                    break
                await pilot.press("enter")
            else:
                raise AssertionError("never had to follow")
            code = app.rules.format_action(others[0]).lower()
            await pilot.press(*code)
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "You must follow" in text or "trump" in text
            assert "not allowed" not in text and "(K-" not in text
            assert others[0] in app.view().hand and app.waiting

    asyncio.run(run())


def test_a_card_typed_with_russian_suit_letters(tmp_path: Path) -> None:
    """In Russian "тб" is the ace of diamonds (туз бубён), "дч" the queen of hearts."""
    app = make_app(tmp_path, "king", lang="ru")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            letters = {0: "п", 1: "ч", 2: "б", 3: "т"}
            card = next(a for a in app.view().legal_actions if a < 64)
            rank = app.words.rank_short(card & 15).lower()
            await pilot.press(*(rank + letters[card >> 4]))
            await settle(pilot, app)
            assert card not in app.view().hand

    asyncio.run(run())


def test_prompts_say_what_is_chosen() -> None:
    king, spades, hundred_one = (load_game(g) for g in ("king", "spades", "hundred_one"))
    assert decision_key(spades, ["bid:nil", "bid:1"], False) == "tui.your_bid"
    assert decision_key(spades, ["look", "bid:double_nil"], False) == "tui.look_or_blind"
    assert decision_key(king, ["order:no_tricks"], False) == "tui.choose_contract"
    assert decision_key(hundred_one, ["suit:S", "suit:H"], False) == "tui.name_suit"
    assert decision_key(king, ["trump:S", "trump:last"], False) == "tui.name_trump"
    assert decision_key(hundred_one, ["QH", "draw"], True) == "tui.play_or_draw"
    assert decision_key(king, ["QH"], True) == "tui.play_card"
    assert decision_key(hundred_one, ["pass"], False) == "tui.keep_and_pass"  # drawn card unfit
    assert decision_key(king, ["bid:1"], False) == "tui.choose"  # a game's own prompts only


def test_a_choice_typed_as_shown() -> None:
    shown = [(1, "Nil"), (2, "3"), (3, "♥ hearts"), (4, "Двойной ноль")]
    assert said_choice("nil", shown) == 1
    assert said_choice(" 3 ", shown) == 2
    assert said_choice("Hearts", shown) == 3
    assert said_choice("двойной  ноль", shown) == 4
    assert said_choice("4", shown) is None


@pytest.mark.parametrize("game", ["spades", "hundred_one", "king", "tressette"])
def test_the_line_mode_counts_deals_as_the_table_does(game: str) -> None:
    """Every game's view says "Deal 1" for its first deal, as the full-screen table does."""
    rules = load_game(game)
    console = Console(width=200, color_system=None, record=True)
    with console.capture() as captured:
        names = ["You", "B", "C", "D"][: rules.num_seats]
        console.print(describe_view(rules, rules.new_state(seed=1).view(0), Speaker("en", names)))
    assert captured.get().startswith("Deal 1 ")


def test_the_line_mode_brackets_the_playable_cards() -> None:
    rules = load_game("king")
    state = rules.new_state(seed=3)
    bot = make_bot("random", rules)
    rng = random.Random(3)
    while state.to_act != 0 or not any(rules.info.is_card_action(a) for a in state.legal_actions()):
        state.apply(bot.choose(state.view(state.to_act), rng))
    view = state.view(0)
    words = Speaker("en", ["You", "B", "C", "D"], 0)
    console = Console(width=200, color_system=None, record=True)
    with console.capture() as captured:
        console.print(describe_view(rules, view, words))
    hand = next(line for line in captured.get().splitlines() if line.startswith("your hand"))
    framed = hand.count("[")
    assert framed == len([a for a in view.legal_actions if a in view.hand])
    assert framed > 0


def test_without_colours_no_card_fades_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR: a red card is not drawn red (that came out dark grey) and a card that may not
    be played is not dimmed (dark grey on black); the brackets mark the playable ones."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, "king", seat=2)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert app.no_color
            hand_strip = app.strips()[0]
            assert any(not item.enabled for item in hand_strip.items)
            for line in hand_strip.lines(80):
                styles = [str(span.style) for span in line.spans] + [str(line.style)]
                assert not any("dim" in style.split() or "red" in style for style in styles)
            assert str(app.card(0x10 | 12).style) == "bold"  # the ace of hearts

    asyncio.run(run())


def test_the_line_mode_names_king_s_deal_in_words() -> None:
    rules = load_game("king")
    console = Console(width=200, color_system=None, record=True)
    with console.capture() as captured:
        view = rules.new_state(seed=1).view(0)
        console.print(describe_view(rules, view, Speaker("en", ["You", "B", "C", "D"], 0)))
    header = captured.get().splitlines()[0]
    assert "game: no tricks" in header and "no_tricks" not in header


def test_taking_back_while_a_bot_thinks_drops_its_move(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", seat=1)
    save = tmp_path / "king.json"

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            hand = list(app.view().hand)
            before = actions(save)
            app.pace = 0.6
            await pilot.press("enter")
            for _ in range(100):
                await pilot.pause()
                if app.thinking is not None:
                    break
            assert app.thinking is not None
            await pilot.press("ctrl+z")
            await settle(pilot, app)  # waits for the bot's choice, made before, to arrive
            assert app.waiting and app.state.to_act == 1
            assert list(app.view().hand) == hand and actions(save) == before

    asyncio.run(run())
