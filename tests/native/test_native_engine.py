"""The engine choice, the native states as GameStates, and the native batch path."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from native_options import OPTION_SETS

from koloda import IllegalActionError, OptionError, load_game
from koloda.core.dealing import Shuffler
from koloda.core.plugin import DEFAULT_ENGINE
from koloda.core.registry import game_plugin


def test_engine_choice() -> None:
    # every game is native and proven equal: native by default unless $KOLODA_ENGINE says
    expected = os.environ.get("KOLODA_ENGINE") or "native"
    assert expected == DEFAULT_ENGINE
    assert load_game("spades").engine == expected  # type: ignore[attr-defined]
    assert type(load_game("spades", engine="python")).__name__ == "SpadesRules"
    for game in ("spades", "king", "tressette", "hundred_one"):
        assert load_game(game, engine="native").engine == "native"  # type: ignore[attr-defined]
        assert game_plugin(game).engines == ("python", "native")
    with pytest.raises(OptionError, match="unknown engine"):
        load_game("spades", engine="java")
    with pytest.raises(OptionError, match="unknown option"):
        load_game("spades", engine="native", trumps="hearts")
    with pytest.raises(OptionError, match="variant"):
        load_game("king", engine="native", variant="six")


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_native_state_is_a_game_state(game: str) -> None:
    rules = load_game(game, engine="native")
    state = rules.new_state(seed=9)
    clone = state.clone()
    assert type(clone) is type(state)
    clone.apply(clone.legal_actions()[0])
    assert clone.deal_logs() != state.deal_logs()
    assert state.in_deal and not state.awaiting_deal and not state.is_over
    with pytest.raises(ValueError):
        state.view(rules.num_seats)
    empty = rules.empty_state(1)
    assert empty.awaiting_deal and tuple(empty.legal_actions()) == () and empty.to_act is None
    with pytest.raises(ValueError, match="no decision"):
        empty.apply_unchecked(0)


@pytest.mark.parametrize(
    ("game", "options", "deals"),
    [
        ("spades", {"max_deals": 5}, 5),
        ("king", {}, 15),
        ("king", {"variant": "order"}, 60),
        ("king", {"variant": "three"}, 45),
        ("tressette", {}, 1000),
        ("hundred_one", {}, 200),
        ("hundred_one", {"players": 6, "hand_size": 5, "voluntary_draw": True}, 200),
    ],
)
def test_native_batch_playouts(game: str, options: dict[str, Any], deals: int) -> None:
    rules: Any = load_game(game, engine="native", **options)
    result = rules.playouts(50, seed=3)
    assert result["games"] == 50
    assert 50 <= result["deals"] <= 50 * deals
    assert result["decisions"] > result["deals"] * 20
    assert rules.playouts(50, seed=3) == result
    assert rules.playouts(50, seed=4) != result
    if game == "spades":
        assert sum(result["wins"]) == 50
    elif game == "hundred_one":
        assert result["restocks"] > 0  # H-11: random play reshuffles the pile now and then
        assert sum(result["total_points"]) >= 50 * 101 - 50 * 30 * 5  # H-14, H-16
    elif game == "king":
        assert result["deals"] == 50 * deals  # every King deal of the program is played
    else:
        assert sum(result["total_points"]) >= 50 * 3 * 21  # three games of 21 or 42 a group


def test_native_seeded_shuffle_is_the_core_shuffler_bit_for_bit() -> None:
    from koloda._native import seeded_shuffle
    from koloda.core.dealing import Shuffler

    for seed in (0, 1, "abc", "table/7", 2**70, -3):
        for index in range(40):
            for size in (52, 32, 30, 2, 1, 0):
                items = list(range(100, 100 + size))
                expected = Shuffler(seed).shuffled(items, index)
                assert seeded_shuffle(f"{seed}", index, items) == expected


def test_native_deals_are_the_python_engines_deals() -> None:
    for game, options in (
        ("spades", {}),
        ("king", {"variant": "three"}),
        ("tressette", {}),
        ("hundred_one", {"players": 5}),
    ):
        python, native = load_game(game, **options), load_game(game, "native", **options)
        for seed in range(20):
            a, b = python.new_state(seed=seed), native.new_state(seed=seed)
            assert a.deal_logs() == b.deal_logs()


def test_a_record_cannot_choose_the_engine() -> None:
    from koloda.records import RecordError, parse_record

    document = {"game": "spades", "options": {"engine": "native"}, "deals": []}
    with pytest.raises(RecordError, match="unknown option engine"):
        parse_record(document)
    assert parse_record({"game": "spades", "deals": []}, engine="native").rules.engine == "native"  # type: ignore[attr-defined]


def _play_until_error(state: Any, rng: random.Random) -> str | None:
    """Random checked play until the game ends (None) or an error is raised (its text)."""
    while not state.is_over:
        legal = state.legal_actions()
        try:
            state.apply(legal[rng.randrange(len(legal))])
        except IllegalActionError as error:
            return str(error)
    return None


@pytest.mark.parametrize("restocks", ["none", "short", "wrong"])
def test_a_records_restocks_are_checked_alike_on_both_engines(restocks: str) -> None:
    # rule: H-11: a record's restock must be the discard pile below its top card; one that
    # is missing, wrong or left over is the same error on both engines
    python, native = (
        load_game("hundred_one", e, players=2, hand_size=17) for e in ("python", "native")
    )
    deck = list(python.deck.cards)
    random.Random(4).shuffle(deck)
    hands, starter, stock = (deck[:17], deck[17:34]), deck[34], deck[35:]
    given = {"none": [], "short": [deck[:1]], "wrong": [deck[:3]]}[restocks]
    errors = []
    for rules in (python, native):
        state = rules.state_from_deal(hands, starter, stock, restocks=given)
        errors.append(_play_until_error(state, random.Random(7)))
    assert errors[0] is not None and "(H-11)" in errors[0]
    assert errors[0] == errors[1]


def test_native_states_deal_from_any_shuffler() -> None:
    """An unseeded shuffler (the operating system's generator) and a shuffler of another
    kind deal and reshuffle through Python; the game stays whole."""

    class Reversing(Shuffler):
        def shuffled(self, items: Any, index: int) -> list[Any]:
            return list(reversed(super().shuffled(items, index)))

    rules = load_game("hundred_one", engine="native", players=3)
    python = load_game("hundred_one", players=3)
    for shuffler in (Shuffler(), Reversing(11)):
        state = rules.empty_state(0)
        reference = python.empty_state(0)
        state.resume_dealing(shuffler)
        reference.resume_dealing(shuffler)
        rng = random.Random(3)
        while not state.is_over:
            assert state.card_count() == 36 or not state.in_deal
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state.apply_unchecked(action)
            if shuffler.is_seeded:
                reference.apply_unchecked(action)
        assert max(state.totals) >= 101
        if shuffler.is_seeded:
            assert state.deal_logs() == reference.deal_logs()


def test_a_missing_native_module_falls_back_to_python_with_one_note() -> None:
    """Without a built ``koloda._native`` the default is the Python engine, with a note;
    asking for the native engine then is an error that says why."""
    import subprocess
    import sys

    program = (
        "import sys; sys.modules['koloda._native'] = None\n"
        "import warnings; warnings.simplefilter('always')\n"
        "from koloda import load_game, OptionError\n"
        "print(load_game('king').engine)\n"
        "try:\n    load_game('king', engine='native')\n"
        "except OptionError as error:\n    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "KOLODA_ENGINE": ""},
    )
    assert done.stdout.splitlines()[0] == "python"
    assert "king: the native engine is not built" in done.stdout
    assert done.stderr.count("the native engine is not built") == 1
    assert "using the Python engine" in done.stderr


def test_the_default_engine_comes_from_the_environment() -> None:
    import subprocess
    import sys

    program = "from koloda import load_game; print(load_game('tressette').engine)"
    for engine in ("python", "native"):
        done = subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "KOLODA_ENGINE": engine},
        )
        assert done.stdout.strip() == engine
