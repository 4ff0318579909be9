"""Every game's terminal display, read from its plug-in: the catalogue keys it names are words
in every language, the generic display draws any game's views, and a game's own reasons,
prompts and confirmations are said by its display, not by the shared code."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from plugin_games import TEST_GAMES, registered
from random_play import advance
from rich.console import Console

from koloda.cli.display import (
    HELP_SLOTS,
    display_key,
    display_module,
    display_names,
    display_pairs,
    help_keys,
)
from koloda.cli.display import generic as generic_display
from koloda.cli.display.choices import decision_key
from koloda.cli.display.refusals import refusal
from koloda.core.engine import AnyRules
from koloda.core.registry import available_games, load_game, plugin_of
from koloda.i18n import LANGUAGES, Speaker
from koloda.i18n.catalogue import catalogue

OWN_GAMES = tuple(available_games())
"""The games of this package (the test games are registered where a test needs them)."""


@pytest.fixture(params=[*OWN_GAMES, *TEST_GAMES])
def rules(request: pytest.FixtureRequest) -> Iterator[AnyRules]:
    """Each game's rules on its default options, a test game registered meanwhile."""
    game: str = request.param
    if game in TEST_GAMES:
        with registered(game):
            yield load_game(game)
    else:
        yield load_game(game)


def named_keys(rules: AnyRules) -> set[str]:
    """Every catalogue key the game's display names."""
    keys = {key for _, key in display_pairs(rules, "PROMPTS")}
    keys |= {key for _, key in display_pairs(rules, "CARD_PROMPTS")}
    keys |= {f"tui.{key}" for _, key in display_pairs(rules, "REFUSALS")}
    keys |= {key for _, key in display_pairs(rules, "HEADER_FLAGS")}
    keys |= set(help_keys(rules).values())
    keys |= {key for _, key, _ in getattr(display_module(rules), "SIDE_COUNTS", ())}
    keys |= {f"tui.pick_{kind}" for kind in display_names(rules, "PICKS")}
    for action in display_names(rules, "CONFIRM"):
        kind = action.partition(":")[2]
        keys |= {f"tui.confirm_{kind}", f"tui.confirm_title_{kind}"}
    note = display_key(rules, "SCOREBOARD_NOTE")
    return keys | ({note} if note is not None else set())


def test_the_keys_a_display_names_are_words_in_every_language(rules: AnyRules) -> None:
    assert set(help_keys(rules)) <= set(HELP_SLOTS)
    for lang in LANGUAGES:
        words = catalogue(lang)
        missing = sorted(key for key in named_keys(rules) if words.get(key) is None)
        assert not missing, (rules.name, lang, missing)


def test_the_generic_display_draws_any_game(rules: AnyRules) -> None:
    """Every seat's view, through a game's first deals, drawn by the generic display: the
    seat's hand and whose turn it is are always said."""
    rng = random.Random(rules.name)
    state = rules.new_state(seed="generic", first_dealer=0)
    names = [f"P{seat}" for seat in range(rules.num_seats)]
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        words = Speaker("en", names, seat)
        console = Console(width=120, color_system=None, record=True)
        console.print(generic_display.describe(rules, view, words))
        text = console.export_text()
        assert "your hand:" in text and f"to act: P{seat}" in text
        for seat_played, card in generic_display.trick_plays(rules, view):
            assert 0 <= seat_played < rules.num_seats and card in rules.info.deck.cards
        advance(state, rng, steps=rng.randrange(1, 6))


def test_a_game_s_own_reasons_are_said_only_in_that_game() -> None:
    king, spades = load_game("king"), load_game("spades")
    words = Speaker("en", ["You", "A", "B", "C"], 0)
    reason = "spades may not be led until broken (S-11)"
    said = refusal(spades, 0, reason, [1], words)
    assert said.startswith("Spades may not be led until they are broken")
    assert refusal(king, 0, reason, [1], words).startswith("Not now")  # not King's reason
    void = "void in H: must play a trump (K-17)"
    said = refusal(king, 0, void, [1], words)
    assert said.startswith(f"You have no {words.suit(1, 'gen')}, so you must play a trump")
    assert refusal(spades, 0, void, [1], words).startswith("Not now")
    assert decision_key(spades, ["bid:1"], False) == "tui.your_bid"
    assert display_names(spades, "CONFIRM") == {"bid:nil", "bid:double_nil"}
    assert display_names(king, "CONFIRM") == frozenset()


def test_a_game_without_a_display_gets_the_generic_one() -> None:
    for game in TEST_GAMES:
        with registered(game):
            rules = load_game(game)
            assert plugin_of(rules).display is None
            assert display_module(rules) is generic_display
    for game in OWN_GAMES:
        rules = load_game(game)
        assert display_module(rules).__name__ == plugin_of(rules).display
