"""The ``learned`` bot: each game's shipped network plays legal moves on both engines, the
same move for the same view; a tiny training run lowers its loss and repeats itself for a
seed; a short duplicate match shows it beats ``random`` (the long matches against ``easy``,
whose figures are in docs/research/learned.md, run with ``-m slow``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from koloda.bots import bots_for, make_bot
from koloda.bots.learned import LearnedBot, weights_bytes
from koloda.bots.learned.bench import main as bench_main
from koloda.bots.learned.model import Network
from koloda.bots.learned.train import Settings, train
from koloda.bots.tournament import deal_state, duplicate_match
from koloda.core.errors import OptionError
from koloda.core.registry import load_game

GAMES = ("hundred_one", "king", "spades", "tressette")


@pytest.mark.parametrize("game", GAMES)
def test_shipped_weights_play_legal_moves_on_each_engine(game: str, engine: str) -> None:
    rules = load_game(game, engine=engine)
    bot = make_bot("learned", rules)
    assert bot.name == "learned"
    state, deal = deal_state(rules, "learned", 0)
    rng = random.Random(0)
    moves = 0
    while state.deal_index == deal and not state.is_over:
        assert state.to_act is not None
        view = state.view(state.to_act)
        action = bot.choose(view, rng)
        assert action in view.legal_actions
        assert bot.choose(view, random.Random(99)) == action  # no randomness
        state.apply(action)  # apply() checks legality
        moves += 1
    assert moves > 1


def test_weights_are_small_and_name_how_they_were_made() -> None:
    for game in GAMES:
        data = weights_bytes(load_game(game))
        assert len(data) < 1_000_000
        about = Network.from_bytes(data).about
        assert about["game"] == game
        assert about["method"] == "imitation of normal"


def test_other_options_are_refused_and_not_offered() -> None:
    rules = load_game("king", variant="order")
    with pytest.raises(OptionError, match="options it was trained on"):
        make_bot("learned", rules)
    assert "learned" not in bots_for(rules)
    assert "learned" in bots_for(load_game("king"))


def test_a_missing_feature_reads_as_zero() -> None:
    rules = load_game("tressette")
    network = Network.from_bytes(weights_bytes(rules))
    network.features[0] = "a fact no view has"
    bot = LearnedBot(rules, network.to_bytes())
    assert bot._present[0] == 0.0 and bot._present[1:].all()
    state, _ = deal_state(rules, "learned", 1)
    assert state.to_act is not None
    assert bot.choose(state.view(state.to_act), random.Random(0)) in state.legal_actions()


def tiny() -> Settings:
    return Settings(
        "tressette", steps=150, seed=5, hidden=(24,), envs=16, batch=64, fresh=32,
        buffer=2048, rate=3e-3, scan=200,
    )  # fmt: skip


def test_a_tiny_training_run_lowers_its_loss_and_repeats_for_a_seed() -> None:
    first, log = train(tiny())
    assert np.mean(log.losses[-30:]) < 0.8 * np.mean(log.losses[:5])
    again, _ = train(tiny())
    for (w1, b1), (w2, b2) in zip(first.layers, again.layers, strict=True):
        assert np.array_equal(w1, w2) and np.array_equal(b1, b2)
    loaded = Network.from_bytes(first.to_bytes())
    rounded = first.rounded()
    assert all(np.array_equal(a, b) for a, b in zip(loaded.params(), rounded.params(), strict=True))
    assert loaded.about == first.about and loaded.features == first.features


def test_learned_beats_random_in_a_short_duplicate_match() -> None:
    result = duplicate_match(load_game("spades"), ["learned", "random"], 30, seed="test")
    summary = result.summary()
    assert summary["difference"]["mean"] > 0
    assert summary["p_value"] < 0.01


def test_bench_prints_a_row_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["tressette", "--against", "random:3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("| tressette | random | 3 |")
    assert bench_main(["tressette", "--against", "random"]) == 2
    assert "opponent:deals" in capsys.readouterr().err


EASY_DEALS = {"hundred_one": 1000, "king": 1000, "spades": 1000, "tressette": 1000}
"""The deals of the match against ``easy`` (the docs' table plays the same, seed
``learned``; here the seed is the test's own)."""


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_learned_beats_random_and_easy(game: str) -> None:
    rules = load_game(game)
    for opponent, deals in (("random", 200), ("easy", EASY_DEALS[game])):
        summary = duplicate_match(rules, ["learned", opponent], deals, seed="slow").summary()
        assert summary["p_value"] < 0.01, (opponent, summary)
