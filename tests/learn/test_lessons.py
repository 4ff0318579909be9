"""Every game's first game with the teacher (``koloda.learn``), on the engine: done as told
it reaches the deal's end with the teacher's last words; a card that is not allowed is
refused in the lesson's own words citing the engine's rule; every word is in both
catalogues; and the learner sees only his own cards."""

from __future__ import annotations

import pytest

from koloda.core.errors import OptionError
from koloda.core.registry import available_games, game_plugin
from koloda.i18n import Speaker
from koloda.learn import Transcript, lesson_of, run_lesson

GAMES = [g for g in available_games() if game_plugin(g).lesson is not None]
RULES = {"king": "K-5", "hundred_one": "H-4", "spades": "S-10", "tressette": "T-5"}
"""The rule each lesson's first refused card breaks: # rule: K-5, H-4, S-10, T-5."""


def formatted(t: Transcript) -> list[str]:
    return [t.rules.format_action(a) for a in t.moves]


def as_told(game: str) -> tuple[Transcript, tuple[list[str], str] | None]:
    """The lesson done as the teacher suggests, and the first point of the card play where a
    card in the learner's hand is not allowed (the moves before it, and that card)."""
    t = run_lesson(game, [])
    wrong: tuple[list[str], str] | None = None
    while not t.finished:
        assert t.suggestion is not None and t.suggestion in t.legal
        hand = t.state.view(t.seat).to_json().get("hand", [])
        legal = [t.rules.format_action(a) for a in t.legal]
        refusable = [c for c in hand if c not in legal]
        playing = any(t.rules.info.is_card_action(a) for a in t.legal)
        if wrong is None and refusable and playing:
            wrong = (formatted(t), refusable[0])
        t = run_lesson(game, [*formatted(t), t.rules.format_action(t.suggestion)])
    return t, wrong


def test_every_game_has_a_lesson() -> None:
    assert set(GAMES) == set(available_games())


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_done_as_told_reaches_its_end(game: str) -> None:
    t, _ = as_told(game)
    assert t.finished and not t.legal and t.suggestion is None
    teacher = [line for line in t.said if line.kind == "teacher"]
    assert teacher[0].after == 0 and teacher[-1].after == len(t.moves)
    assert teacher[-1].phrase.key.startswith("learn.")
    assert run_lesson(game, formatted(t)).said == t.said  # the same moves, the same lesson


@pytest.mark.parametrize("game", GAMES)
def test_a_card_not_allowed_is_explained_by_the_rule(game: str) -> None:
    _, wrong = as_told(game)
    assert wrong is not None, "the lesson's deal shows a card that is not allowed"
    moves, card = wrong
    t = run_lesson(game, [*moves, card])
    assert t.refused is not None and t.rules.format_action(t.refused) == card
    assert t.refusal is not None and t.refusal.key.startswith(f"learn.{game}.")
    assert RULES[game] in t.rules_cited
    assert formatted(t) == moves and t.legal  # nothing is lost: the same turn again


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_word_of_the_lesson_is_in_the_catalogue(game: str, lang: str) -> None:
    t, wrong = as_told(game)
    words = Speaker(lang, ["A", "B", "C", "D", "E", "F"][: t.rules.num_seats], t.seat)
    english = Speaker("en", ["A", "B", "C", "D", "E", "F"][: t.rules.num_seats], t.seat)
    phrases = [line.phrase for line in t.said]
    if wrong is not None:
        refused = run_lesson(game, [*wrong[0], wrong[1]])
        phrases += [p for p in (refused.refusal, refused.suggestion_reason) if p is not None]
    for phrase in phrases:
        said = words.sentence(phrase)
        assert "{" not in said, said
        if lang == "ru" and phrase.key.startswith("learn."):
            assert said != english.sentence(phrase), phrase.key
    assert not words.missing


@pytest.mark.parametrize("game", GAMES)
def test_the_learner_sees_only_his_own_cards(game: str) -> None:
    t = run_lesson(game, [])
    view = t.state.view(t.seat).to_json()
    other = (t.seat + 1) % t.rules.num_seats
    assert view != t.state.view(other).to_json()
    assert lesson_of(game).seat == t.seat


def test_moves_past_a_refused_one_or_the_deal_s_end_are_refused() -> None:
    game = GAMES[0]
    t, wrong = as_told(game)
    assert wrong is not None
    with pytest.raises(OptionError):
        run_lesson(game, [*wrong[0], wrong[1], wrong[1]])
    with pytest.raises(OptionError):
        run_lesson(game, [*formatted(t), formatted(t)[0]])
    with pytest.raises(OptionError):
        run_lesson(game, ["not-a-move"])
