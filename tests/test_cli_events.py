"""Events in words: every event of every game has a sentence in every language, from the one
catalogue per language, and a sentence shows only what the seat reading it may see."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from koloda.core.cards import parse_card
from koloda.core.events import CardPlayed, Event, TrickTaken
from koloda.core.registry import load_game
from koloda.games.hundred_one.events import CardDrawn, Restocked
from koloda.games.spades.events import CardsExchanged
from koloda.i18n import LANGUAGES, Speaker, catalogue, catalogue_json, describe

NAMES = ["Anna", "West", "North", "East", "Dima", "Egor"]
LEFTOVER = re.compile(r"\{[\w:|.+]+\}")
PARAMETER = re.compile(r"\{(\w+)")


@cache
def seeded_events(game: str, variant: str | None = None) -> tuple[Event, ...]:
    """The events of a few seeded games played by random moves (each to its end or far)."""
    rules = load_game(game, **({"variant": variant} if variant else {}))
    rng = random.Random(game)
    events: list[Event] = []
    for index in range(4):
        state = rules.new_state(seed=f"lines/{index}")
        for _ in range(1500):
            if state.is_over:
                break
            legal = state.legal_actions()
            events += state.apply(legal[rng.randrange(len(legal))])
    return tuple(events)


GAMES = [("king", None), ("king", "order"), ("king", "three"), ("spades", None)]
GAMES += [("hundred_one", None), ("tressette", None)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_every_event_of_a_game_reads_as_a_sentence(
    game: str, variant: str | None, lang: str
) -> None:
    events = seeded_events(game, variant)
    num_seats = load_game(game, **({"variant": variant} if variant else {})).num_seats
    names = NAMES[:num_seats]
    kinds = set()
    for event in events:
        kinds.add(type(event).__name__)
        for seat in (*range(num_seats), None):
            words = Speaker(lang, names, seat)
            seen = event.for_seat(-1 if seat is None else seat)
            line = words.sentence(seen.phrase())
            assert line and not LEFTOVER.search(line), line
            assert not words.missing, (event, words.missing)
            assert line == describe(event, seat, names, lang)
    assert len(kinds) >= 4


def test_the_catalogues_have_the_same_keys_and_forms() -> None:
    english, russian = catalogue_json("en"), catalogue_json("ru")
    assert set(english) == set(russian)
    for key, entry in english.items():
        other = russian[key]
        assert type(other) is type(entry), key
        if isinstance(entry, dict) and "text" in entry:
            assert set(other) == set(entry), key
            for variant in ("text", "you"):
                ours = set(PARAMETER.findall(entry[variant]))
                assert ours - {"seat", "side"} <= set(PARAMETER.findall(other["text"])), key
        if isinstance(entry, str):
            assert set(PARAMETER.findall(entry)) == set(PARAMETER.findall(other)), key


@pytest.mark.parametrize(
    ("number", "trick", "card"),
    [
        (1, "взятка", "карта"),
        (2, "взятки", "карты"),
        (3, "взятки", "карты"),
        (5, "взяток", "карт"),
        (11, "взяток", "карт"),
        (21, "взятка", "карта"),
        (24, "взятки", "карты"),
    ],
)
def test_russian_plurals_follow_cldr(number: int, trick: str, card: str) -> None:
    words = catalogue("ru")
    assert words.plural("word.trick", number) == trick
    assert words.plural("word.card", number) == card


def test_plurals_in_sentences() -> None:
    russian = Speaker("ru", NAMES[:4], 0)
    assert describe(Restocked(5), 0, NAMES[:4], "ru") == (
        "Сброс перетасован в новую колоду из 5 карт"
    )
    assert str(describe(Restocked(1), 0, NAMES[:4], "ru")).endswith("из 1 карты")
    assert str(describe(Restocked(1), 0, NAMES[:4], "en")).endswith("of 1 card")
    assert russian.plural("word.point", 2) == "очка"
    spades = [e for e in seeded_events("spades") if e.phrase().key == "event.bid"]
    lines = {describe(e, None, NAMES[:4], "ru") for e in spades}
    assert any(re.search(r"заказывает 1 взятку$", line or "") for line in lines) or any(
        re.search(r"заказывает [2-4] взятки$", line or "") for line in lines
    )


def test_the_reader_is_spoken_to_in_the_second_person() -> None:
    played = CardPlayed(0, parse_card("QH"))
    assert describe(played, 0, NAMES[:4], "en") == "You play Q♥"
    assert describe(played, 1, NAMES[:4], "en") == "Anna plays Q♥"
    assert describe(played, 0, NAMES[:4], "ru") == "Вы ходите дамой червей"
    assert describe(played, 1, NAMES[:4], "ru") == "Anna ходит дамой червей"
    assert describe(TrickTaken(2, ()), 2, NAMES[:4], "ru") == "Вы берёте взятку"


def test_a_drawn_card_is_named_only_to_its_drawer() -> None:
    drawn = CardDrawn(1, parse_card("7S"), forced=True)
    assert describe(drawn, 1, NAMES[:4], "en") == "You must draw 7♠"
    assert describe(drawn, 0, NAMES[:4], "en") == "West must draw a card"
    assert describe(drawn, None, NAMES[:4], "en") == "West must draw a card"
    assert describe(drawn, 1, NAMES[:4], "ru") == "Вы обязаны взять семёрку пик"
    assert describe(drawn, 2, NAMES[:4], "ru") == "West обязан взять карту"


def test_the_nil_exchange_is_shown_to_the_two_partners_only() -> None:
    exchange = CardsExchanged(0, 2, (parse_card("AS"),) * 3, (parse_card("2H"),) * 3)
    mine = describe(exchange, 0, NAMES[:4], "en")
    theirs = describe(exchange, 1, NAMES[:4], "en")
    assert mine is not None and "A♠" in mine and "2♥" in mine
    assert theirs == "North gives Anna three cards and takes the three laid aside"
    assert describe(exchange, None, NAMES[:4], "ru") == (
        "North отдаёт три карты партнёру (Anna) и забирает три отложенные"
    )


def all_event_classes() -> set[type[Event]]:
    found: set[type[Event]] = set()
    pending = [Event]
    while pending:
        for sub in pending.pop().__subclasses__():
            found.add(sub)
            pending.append(sub)
    return found


def test_every_event_class_says_itself_and_rare_events_read_well() -> None:
    import koloda.games.hundred_one.events as hundred_one
    import koloda.games.spades.events as spades
    import koloda.games.tressette.events as tressette
    from koloda.core import events as core

    classes = all_event_classes()
    assert {spades.DiscardsReturned, hundred_one.NothingToDraw, tressette.GameWon} <= classes
    for cls in classes:
        assert cls.phrase is not Event.phrase, f"{cls.__name__} has no phrase"
    rare: list[Event] = [
        spades.DiscardsReturned(1),
        spades.BidMade(2, "nil"),
        spades.BidMade(2, "double_nil"),
        spades.BidMade(2, "1"),
        hundred_one.NothingToDraw(3),
        tressette.GameWon(1, 42, 3, 0, 5),
        core.TrumpNamed(1, 1, by_last=True),
        core.DealScored(4, (1, -2, 0, 3), ended_early=True),
        core.ContractChosen(0, "no_king"),
    ]
    for event in rare:
        for lang in LANGUAGES:
            for viewer in (0, 1, 2, None):
                words = Speaker(lang, NAMES[:4], viewer)
                line = words.sentence(event.for_seat(-1 if viewer is None else viewer).phrase())
                assert not words.missing and not LEFTOVER.search(line), line
    assert describe(rare[3], None, NAMES[:4], "ru") == "North заказывает 1 взятку"
    assert describe(rare[5], 1, NAMES[:4], "ru") == (
        "Вы и East выигрываете партию 1 стоимостью 42; 5 очков переходят в следующую"
    )
    assert describe(rare[8], 0, NAMES[:4], "ru") == "Вы заказываете «не брать короля червей»"
    assert describe(rare[7], None, NAMES[:4], "en") == (
        "Deal 5 scored (decided early): Anna +1, West -2, North 0, East +3"
    )
