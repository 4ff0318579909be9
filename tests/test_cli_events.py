"""The terminal's log lines: every event of every game is told in a sentence, and a sentence
shows only what the seat reading it may see."""

from __future__ import annotations

import random

import pytest

from koloda.cli.session import event_line, generic_line
from koloda.cli.wording import second_person
from koloda.core.cards import parse_card
from koloda.core.events import Event
from koloda.core.registry import load_game
from koloda.games.hundred_one.events import CardDrawn
from koloda.games.spades.events import CardsExchanged

NAMES = ["You", "West", "North", "East"]


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_every_event_of_a_game_reads_as_a_sentence(game: str) -> None:
    rules = load_game(game)
    names = NAMES[: rules.num_seats]
    rng = random.Random(game)
    kinds = set()
    for index in range(12):
        state = rules.new_state(seed=f"lines/{index}")
        events: list[Event] = []
        for _ in range(400):
            if state.is_over:
                break
            legal = state.legal_actions()
            events += state.apply(legal[rng.randrange(len(legal))])
        for event in events:
            kinds.add(type(event).__name__)
            for seat in range(rules.num_seats):
                seen = event.for_seat(seat)
                line = event_line(seen, names)
                assert line, event
                assert line != generic_line(seen.to_json(), names), f"a raw event line: {line}"
    assert len(kinds) >= 4


def test_a_drawn_card_is_named_only_to_its_drawer() -> None:
    drawn = CardDrawn(1, parse_card("7S"), forced=True)
    assert event_line(drawn.for_seat(1), NAMES) == "West must draw 7♠"
    assert event_line(drawn.for_seat(0), NAMES) == "West must draw a card"


def test_the_nil_exchange_is_shown_to_the_two_partners_only() -> None:
    exchange = CardsExchanged(0, 2, (parse_card("AS"),) * 3, (parse_card("2H"),) * 3)
    mine = event_line(exchange.for_seat(0), NAMES)
    theirs = event_line(exchange.for_seat(1), NAMES)
    assert mine is not None and "A♠" in mine and "2♥" in mine
    assert theirs == "North gives You three cards and takes the three laid aside"


def test_the_player_is_spoken_to_in_the_second_person() -> None:
    assert second_person("You plays 7♠") == "You play 7♠"
    assert second_person("You passes") == "You pass"
    assert second_person("You loses the turn") == "You lose the turn"
    assert second_person("You must draw a card") == "You must draw a card"
    assert second_person("You and North score 3 for cards (game 3–0)").startswith("You and")
    assert second_person("West plays 7♠") == "West plays 7♠"
