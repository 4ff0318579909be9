"""``koloda.envs.VectorEnv``: N games stepped together. Its tensors and masks are the AEC
environment's for the same deals and actions, its rewards are the ones the AEC environment
pays, finished games restart, and no tensor depends on another seat's hidden cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import numpy as np
from envs_variants import IDS, VARIANTS, variant_id

from koloda.envs import VectorEnv
from koloda.envs.pettingzoo import env as aec_env


def random_actions(mask: Any, rng: np.random.Generator) -> Any:
    """A uniformly random legal index for each game of the batch."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_the_batch_matches_the_aec_environment(game: str, options: dict[str, Any]) -> None:
    """Game i of the batch and an AEC environment reset with seed + i see the same tensors,
    masks and rewards after every decision, through the end of the first game and into the
    next one (the vector env runs on the native engine where there is one, the AEC env on
    the Python engine)."""
    num_envs, seed = 3, 40
    vector = VectorEnv(game, num_envs, seed=seed, deals=1, **options)
    aecs = [aec_env(game, deals=1, **options) for _ in range(num_envs)]
    for i, aec in enumerate(aecs):
        aec.reset(seed=seed + i)
    obs, mask = vector.reset()
    assert obs.shape == (num_envs, vector.observation_size) and obs.dtype == np.float32
    assert mask.shape == (num_envs, vector.num_actions) and mask.dtype == np.bool_
    rng = np.random.default_rng(7)
    totals = np.zeros((num_envs, vector.num_seats))
    finished = np.zeros(num_envs, dtype=bool)
    steps = 0
    while not finished.all() or steps < 20:
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            assert agent == f"player_{vector.seats[i]}"
            seen = aec.observe(agent)
            assert np.array_equal(obs[i], seen["observation"])
            assert np.array_equal(mask[i], seen["action_mask"].astype(bool))
        actions = random_actions(mask, rng)
        obs, mask, rewards, dones = vector.step(actions)
        steps += 1
        for i, aec in enumerate(aecs):
            aec.step(int(actions[i]))
            paid = [aec.rewards[f"player_{s}"] for s in range(vector.num_seats)]
            assert np.allclose(rewards[i], paid)
            totals[i] += rewards[i]
            if dones[i]:
                assert all(aec.terminations.values())
                finished[i] = True
                aec.reset()  # its next reset deals what the vector env deals next
            else:
                assert not any(aec.terminations.values())
    assert vector.games.min() >= 2  # every game restarted by itself
    assert np.abs(totals).sum() > 0  # deals were scored


def test_rewards_of_whole_games_are_zero_sum() -> None:
    vector = VectorEnv("spades", 4, seed=3, reward="game", deals=1)
    _, mask = vector.reset()
    rng = np.random.default_rng(1)
    ended = 0
    while ended < 6:
        _, mask, rewards, dones = vector.step(random_actions(mask, rng))
        assert np.allclose(rewards.sum(axis=1), 0.0)
        assert not rewards[~dones].any()  # whole-game rewards come only at the end
        for row in rewards[dones]:  # a side beats the two others and ties with a partner
            assert np.allclose(sorted(row), [-2 / 3, -2 / 3, 2 / 3, 2 / 3]) or not row.any()
        ended += int(dones.sum())


def test_no_tensor_depends_on_another_seats_hidden_cards() -> None:
    """Deal the other seats' hidden cards anew from the acting seat's view: its tensor
    stays the same (native Spades, King and 101, and Tressette on the Python fallback)."""
    for game in ("spades", "king", "tressette", "hundred_one"):
        vector = VectorEnv(game, 2, seed=11, deals=1)
        obs, mask = vector.reset()
        rng = np.random.default_rng(2)
        changed = 0
        for step in range(40):
            if step % 4 == 0:
                for i in range(vector.num_envs):
                    state = vector.matches[i].state
                    seat = int(vector.seats[i])
                    view = state.view(seat)
                    sampled = vector.rules.sample_state(view, random.Random(step + i))
                    if (
                        sampled.view((seat + 1) % vector.num_seats).to_json()
                        != state.view((seat + 1) % vector.num_seats).to_json()
                    ):
                        changed += 1
                    assert np.array_equal(vector.encoder.encode(sampled.view(seat)), obs[i])
            obs, mask, _, _ = vector.step(random_actions(mask, rng))
        assert changed > 0, game


def test_engines_and_fallback() -> None:
    assert VectorEnv("spades", 1).engine == "native"
    assert VectorEnv("hundred_one", 1).engine in ("native", "python")
    assert VectorEnv("spades", 1, engine="python").engine == "python"


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    vector = VectorEnv("king", 2, seed=5)
    obs, mask = vector.reset()
    bad = np.array([int(np.flatnonzero(~mask[0])[0]), int(np.flatnonzero(mask[1])[0])])
    with pytest.raises(ValueError, match="illegal"):
        vector.step(bad)
    with pytest.raises(ValueError, match="shape"):
        vector.step(np.zeros(3, dtype=np.int64))
    again, _, _, _ = vector.step(np.array([int(np.flatnonzero(row)[0]) for row in mask]))
    assert again.shape == obs.shape


def test_same_seed_same_games() -> None:
    first, second = VectorEnv("tressette", 3, seed=9), VectorEnv("tressette", 3, seed=9)
    a, mask = first.reset()
    b, _ = second.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert np.array_equal(a, b)
        actions = random_actions(mask, rng)
        a, mask, _, _ = first.step(actions)
        b, _, _, _ = second.step(actions)


@pytest.mark.parametrize(
    "options",
    [{}, {"double_nil": False}, {"nil_exchange": False, "bags_penalty": False, "target": 200}],
    ids=["default", "no-double-nil", "no-exchange"],
)
def test_native_spades_batch_encodes_what_python_encodes(options: dict[str, Any]) -> None:
    """The Rust encoder of the batch path writes the Python encoder's floats and masks for
    every position, the nil exchange's (its triples in the slots) and whole games included,
    and steps the slot it was given; no position is left to Python."""
    from koloda.games.spades.state import PHASE_DISCARD, PHASE_GIVE

    vector = VectorEnv("spades", 8, seed=21, **options)
    assert vector._batch is not None
    encoded_in_python: list[int] = []
    observe = vector._observe

    def counting(i: int) -> None:
        encoded_in_python.append(i)
        observe(i)

    vector._observe = counting  # type: ignore[method-assign]
    obs, mask = vector.reset()
    rng = np.random.default_rng(3)
    exchanges = 0
    for _ in range(400):
        for i, match in enumerate(vector.matches):
            state = match.state
            view = state.view(int(vector.seats[i]))
            assert np.array_equal(obs[i], vector.encoder.encode(view))
            assert np.array_equal(mask[i], vector.actions.mask(state.legal_actions()) == 1)
            exchanges += state.phase in (PHASE_DISCARD, PHASE_GIVE)
        actions = random_actions(mask, rng)
        expected = [
            vector.actions.code_of(int(a), m.state.legal_actions())
            for a, m in zip(actions, vector.matches, strict=True)
        ]
        before = [m.state.clone() for m in vector.matches]
        obs, mask, _, _ = vector.step(actions)
        for state, code, match in zip(before, expected, vector.matches, strict=True):
            state.apply(code)
            if match.state.deal_index == state.deal_index and not match.state.is_over:
                assert match.state.view(0).to_json() == state.view(0).to_json()
    assert not encoded_in_python
    assert (exchanges > 0) == options.get("nil_exchange", True)


@pytest.mark.parametrize("variant", ["classic", "order", "three"])
def test_native_king_batch_encodes_what_python_encodes(variant: str) -> None:
    """King's batch path: the Rust tensors and masks are the Python encoder's through the
    trump calls, the orders and the play of whole deals, and none is left to Python."""
    vector = VectorEnv("king", 4, seed=8, variant=variant, deals=2)
    assert vector._batch is not None
    encoded_in_python: list[int] = []
    observe = vector._observe

    def counting(i: int) -> None:
        encoded_in_python.append(i)
        observe(i)

    vector._observe = counting  # type: ignore[method-assign]
    obs, mask = vector.reset()
    rng = np.random.default_rng(4)
    phases = set()
    for _ in range(150):
        for i, match in enumerate(vector.matches):
            state = match.state
            view = state.view(int(vector.seats[i]))
            assert np.array_equal(obs[i], vector.encoder.encode(view))
            assert np.array_equal(mask[i], vector.actions.mask(state.legal_actions()) == 1)
            phases.add(state.phase)
        obs, mask, _, _ = vector.step(random_actions(mask, rng))
    assert not encoded_in_python
    if variant != "classic":  # the classic program's first deals are all negative
        assert len(phases) >= 2  # the order and trump decisions, and the play


HUNDRED_ONE_VARIANTS = [options for game, options in VARIANTS if game == "hundred_one"]


def _hundred_one_fields(state: Any) -> tuple[Any, ...]:
    """Everything a native 101 state holds that decides what comes next."""
    return (
        state.phase,
        state.to_act_seat,
        state.deal_number,
        state.dealer,
        state.hands,
        state.stock,
        state.pile,
        state.top,
        state.suit,
        state.drawn,
        state.epoch,
        state.log,
        state.restocks,
        state.totals,
    )


@pytest.mark.parametrize(
    "options", HUNDRED_ONE_VARIANTS, ids=[f"players={o['players']}" for o in HUNDRED_ONE_VARIANTS]
)
def test_native_hundred_one_batch_encodes_what_python_encodes(options: dict[str, Any]) -> None:
    """101's batch path: through draws, named suits, reshuffles of the discard pile, ends
    of hands and whole games, every row's tensor and mask are the Python encoder's, none is
    left to Python, and each batch step leaves the state ``apply`` leaves (the next hand
    dealt from the same seeded shuffle, the reshuffled stock the same)."""
    from koloda.games.hundred_one.state import PHASE_AFTER_DRAW, PHASE_NAME_SUIT

    vector = VectorEnv("hundred_one", 8, seed=5, **options)
    assert vector._batch is not None
    encoded_in_python: list[int] = []
    observe = vector._observe

    def counting(i: int) -> None:
        encoded_in_python.append(i)
        observe(i)

    vector._observe = counting  # type: ignore[method-assign]
    obs, mask = vector.reset()
    rng = np.random.default_rng(6)
    phases: set[int] = set()
    restocked = hands_ended = games_ended = 0
    for _ in range(500):
        for i, match in enumerate(vector.matches):
            state = match.state
            view = state.view(int(vector.seats[i]))
            assert np.array_equal(obs[i], vector.encoder.encode(view))
            assert np.array_equal(mask[i], vector.actions.mask(state.legal_actions()) == 1)
            phases.add(state.phase)
        actions = vector.sample(rng)
        expected = [
            vector.actions.code_of(int(a), m.state.legal_actions())
            for a, m in zip(actions, vector.matches, strict=True)
        ]
        before = [m.state.clone() for m in vector.matches]
        obs, mask, _, dones = vector.step(actions)
        for state, code, match, done in zip(before, expected, vector.matches, dones, strict=True):
            epoch, deal = state.epoch, state.deal_number
            state.apply(code)
            restocked += state.epoch > epoch and state.deal_number == deal
            if done:
                assert state.is_over
                games_ended += 1
            else:
                assert _hundred_one_fields(match.state) == _hundred_one_fields(state)
                hands_ended += state.deal_number > deal
    assert not encoded_in_python
    assert {PHASE_AFTER_DRAW, PHASE_NAME_SUIT} <= phases
    assert restocked > 0 and hands_ended > 0 and games_ended > 0


def test_native_hundred_one_batch_without_a_seed() -> None:
    """Unseeded, the batch step reshuffles the discard pile by calling the state's
    shuffler (the system's randomness), records the new stocks as ``apply`` does, and
    still encodes every row as Python does."""
    vector = VectorEnv("hundred_one", 4, players=6, voluntary_draw=True)
    assert vector._batch is not None
    vector.reset()
    rng = np.random.default_rng(8)
    restocked = 0
    for _ in range(300):
        obs, mask, _, _ = vector.step(vector.sample(rng))
        for i, match in enumerate(vector.matches):
            state = match.state
            assert np.array_equal(obs[i], vector.encoder.encode(state.view(int(vector.seats[i]))))
            assert np.array_equal(mask[i], vector.actions.mask(state.legal_actions()) == 1)
            assert len(state.restocks) == state.epoch
            restocked += state.epoch
            assert state.card_count() == 36
    assert restocked > 0


def test_native_hundred_one_batch_raises_what_the_shuffler_raises() -> None:
    """A shuffler that fails in the middle of a batch step (a reshuffle of the discard
    pile) makes ``step`` raise its error, as ``apply`` would."""
    from koloda.core.dealing import Shuffler
    from koloda.games.hundred_one.actions import DRAW
    from koloda.games.hundred_one.state import PHASE_PLAY

    class Failing(Shuffler):
        def shuffled(self, items: Any, index: int) -> list[Any]:
            raise RuntimeError("no shuffle today")

    vector = VectorEnv("hundred_one", 1, seed=2, players=3, voluntary_draw=True)
    vector.reset()
    state = vector.matches[0].state
    rng = np.random.default_rng(9)
    while state.phase != PHASE_PLAY or len(state.pile) < 2:
        vector.step(vector.sample(rng))
        state = vector.matches[0].state
    state.stock = []  # the next draw must reshuffle the pile
    state.shuffler = Failing()
    draw = vector.actions.index_of(DRAW, state.legal_actions())
    with pytest.raises(RuntimeError, match="no shuffle today"):
        vector.step(np.array([draw]))


TRESSETTE_VARIANTS = [options for game, options in VARIANTS if game == "tressette"] + [
    {"card_points": "pooled", "hearts_special": False}
]


def declaring_deal(rules: Any) -> list[list[int]]:
    """Hands that declare every kind: seat 0 the whole hearts suit (a long run under either
    ``long_run``), seat 1 the 3 2 A of the three other suits (three Бабы, three triples)."""
    from koloda.core.cards import ACE, HEARTS, KING, SPADES, SUITS, THREE, TWO, make_card

    deck = list(rules.deck.cards)
    first = [card for card in deck if card >> 4 == HEARTS]
    second = [
        make_card(rank, suit) for suit in SUITS if suit != HEARTS for rank in (THREE, TWO, ACE)
    ] + [make_card(KING, SPADES)]
    rest = [card for card in deck if card not in first and card not in second]
    return [first, second, rest[:10], rest[10:]]


@pytest.mark.parametrize(
    "options", TRESSETTE_VARIANTS, ids=[variant_id(("tressette", o)) for o in TRESSETTE_VARIANTS]
)
def test_native_tressette_batch_encodes_what_python_encodes(options: dict[str, Any]) -> None:
    """Tressette's batch path: the Rust tensors and masks are the Python encoder's through
    whole groups — declarations of every kind with their cards, no game won yet, one and two
    (a list the encoder reads per side; three, where a group's third game is won before its
    last deal ends), the ends of deals and of groups — and none is left to Python."""
    from koloda.core.dealing import Shuffler

    vector = VectorEnv("tressette", 4, seed=8, **options)
    assert vector._batch is not None
    encoded_in_python: list[int] = []
    observe = vector._observe

    def counting(i: int) -> None:
        encoded_in_python.append(i)
        observe(i)

    vector._observe = counting  # type: ignore[method-assign]
    vector.reset()
    crafted = vector.rules.state_from_deal(declaring_deal(vector.rules))
    crafted.shuffler = Shuffler("crafted")  # the deals after it come from a seed
    vector.matches[0].state = crafted
    vector._observe_all()
    obs, mask = vector._obs, vector._mask.copy()
    rng = np.random.default_rng(4)
    kinds: set[str] = set()
    games: set[int] = set()
    ended = 0
    for _ in range(700):
        for i, match in enumerate(vector.matches):
            state = match.state
            view = state.view(int(vector.seats[i]))
            assert np.array_equal(obs[i], vector.encoder.encode(view))
            assert np.array_equal(mask[i], vector.actions.mask(state.legal_actions()) == 1)
            kinds.update(d.kind for seat in view.declarations for d in seat)
            games.add(len(view.games))
        obs, mask, _, dones = vector.step(vector.sample(rng))
        ended += int(dones.sum())
    assert not encoded_in_python
    assert kinds == {"baba", "long_run", "triple"}
    assert games >= {0, 1, 2}
    if options.get("card_points") != "pooled":  # points in play: a third game won mid-deal
        assert 3 in games
    assert ended > 0  # whole groups ended and restarted


@pytest.mark.parametrize("native", [True, False], ids=["native", "numpy"])
def test_sample_picks_each_legal_action_alike(native: bool, monkeypatch: Any) -> None:
    """``sample`` takes the floor(u * count)-th legal index of each game: every draw is
    legal, the k evenly spaced draws of a game with k legal actions hit each of them once,
    and the native and numpy ways agree."""
    import koloda.envs.vector as vector_module

    if not native:
        monkeypatch.setattr(vector_module, "_native_sample", None)
    vector = VectorEnv("spades", 16, seed=3)
    _, mask = vector.reset()
    rng = np.random.default_rng(5)
    for _ in range(60):
        actions = vector.sample(rng)
        assert mask[np.arange(16), actions].all()
        _, mask, _, _ = vector.step(actions)
    legal = np.flatnonzero(mask[0])
    k = len(legal)
    rows = np.repeat(mask[:1], k, axis=0)
    picks = vector_module.sample_masked(rows, (np.arange(k) + 0.5) / k)
    assert sorted(picks.tolist()) == legal.tolist()
    nothing = np.zeros((2, mask.shape[1]), dtype=np.bool_)
    assert vector_module.sample_masked(nothing, np.array([0.1, 0.9])).tolist() == [-1, -1]
