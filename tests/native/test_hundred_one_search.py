"""The native search of 101 against the Python one: the rollout's reward, the belief
model's weight of a deal, and PIMC's values (a function of the inputs and the seed)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from koloda import load_game
from koloda._native import (
    hundred_one_belief_weight,
    hundred_one_deal_hidden,
    hundred_one_rollout,
    ismcts_hundred_one,
    pimc_hundred_one,
)
from koloda.bots.search.deal import deal_finished, reward_function
from koloda.core.cards import cards_in
from koloda.core.errors import OptionError
from koloda.games.hundred_one.beliefs import HundredOneBeliefs
from koloda.games.hundred_one.heuristic import choose
from koloda.games.hundred_one.native_search import NativeHundredOneISMCTS, knowledge


def _positions(rules: Any, count: int, noise: float, seed: str) -> list[Any]:
    """Mid-deal positions of seeded games (the heuristic with ``noise`` random moves), each
    with a choice to make."""
    rng = random.Random(seed)
    positions: list[Any] = []
    game = 0
    while len(positions) < count:
        state = rules.new_state(seed=f"{seed}/{game}")
        game += 1
        while not state.is_over and len(positions) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.25:
                positions.append(state.clone())
            if rng.random() < noise:
                state.apply_unchecked(legal[rng.randrange(len(legal))])
            else:
                state.apply_unchecked(state.policy_action())
    return positions


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_native_rollout_scores_the_deal_as_the_python_search(players: int) -> None:
    # rule: H-12, H-13, H-14, H-15
    rules: Any = load_game("hundred_one", engine="native", players=players)
    rewards = reward_function(rules, False)
    rng = random.Random(players)
    compared = 0
    for state in _positions(rules, 300, 0.2, f"rollout/{players}"):
        seat = state.to_act
        deal = state.deal_index
        python = state.clone()
        epoch = python.epoch
        restocked = False
        while not deal_finished(python, deal):
            python.apply_unchecked(choose(rules, python.view(python.to_act), rng))
            restocked = restocked or (python.deal_index == deal and python.epoch != epoch)
        if restocked:
            continue  # the reshuffles come from another generator
        for who in range(players):
            native = hundred_one_rollout(state, who, seed=1)
            assert native == pytest.approx(rewards(python, deal)[who], abs=1e-12)
        compared += 1
        assert hundred_one_rollout(state, seat) == hundred_one_rollout(state, seat)
    assert compared > 100


def _histories(fits: list[list[int]], hand_size: int, cap: int = 2) -> int:
    """How many ways the draws can be given the cards: each draw slot (from ``hand_size``
    on) an item that fits it, every other item dealt (slot 0 fits it; the dealt slots are
    alike, so which one it takes does not matter). Counting stops at ``cap``, and gives
    ``cap`` when the search grows long (a history with many draws: not worth proving)."""
    slots = len(fits)
    nodes = 0

    def count(slot: int, used: int, found: int) -> int:
        nonlocal nodes
        nodes += 1
        if nodes > 2_000:
            return cap
        if slot == slots:
            dealt_ok = all(used >> i & 1 or 0 in fits[i] for i in range(len(fits)))
            return found + dealt_ok
        for item in range(len(fits)):
            if found >= cap:
                break
            if not used >> item & 1 and slot in fits[item]:
                found = count(slot + 1, used | 1 << item, found)
        return found

    return count(hand_size, 0, 0)


def _history_is_unique(model: HundredOneBeliefs, prepared: Any, sample: Any) -> bool:
    """Whether every other player's history has a single assignment of cards to the times
    they came into his hand (so the weight does not depend on the matching's random order),
    as ``HundredOneBeliefs._assign`` builds the choices."""
    end = prepared.length
    for seat, history in prepared.histories.items():
        items = [*history.plays, *((end, c) for c in cards_in(sample.hands[seat]))]
        slots = [-1] * model.hand_size + history.draws
        if len(items) != len(slots):
            return False
        fits = []
        for deadline, card in items:
            low = model._lowest(prepared, card, deadline)
            fits.append(
                [
                    k
                    for k, time in enumerate(slots)
                    if low < time < deadline
                    and not any(
                        time < d < deadline and banned >> card & 1 for d, banned in history.banned
                    )
                ]
            )
        if _histories(fits, model.hand_size) != 1:
            return False
    return True


@pytest.mark.parametrize(
    "options",
    [{"players": 3}, {"players": 4}, {"players": 2, "voluntary_draw": True}, {"players": 6}],
    ids=str,
)
def test_the_native_weight_is_the_python_one(options: dict[str, Any]) -> None:
    # rule: H-8, H-10, H-11
    # where the cards each other player played and holds fit his draws in one way only, the
    # native model's weight of a deal is the Python model's
    rules: Any = load_game("hundred_one", engine="native", **options)
    model = HundredOneBeliefs(rules)
    rng = random.Random(3)
    compared = 0
    seen: set[float] = set()
    for state in _positions(rules, 400, 0.3, f"weights/{options}"):
        seat = state.to_act
        view = state.view(seat)
        prepared = model.prepare(view)
        for sample in [state, *(rules.sample_state(view, rng) for _ in range(4))]:
            if not _history_is_unique(model, prepared, sample):
                continue
            expected = model.weight(prepared, sample, rng)
            native = hundred_one_belief_weight(sample, seat, 0.1, seed=rng.getrandbits(64))
            assert native == pytest.approx(expected, rel=1e-12, abs=1e-300), view.log
            compared += 1
            seen.add(expected)
    assert compared > 200
    assert len(seen) > 20  # deals the others' play explains well and badly


def test_weighed_deals_favour_the_histories_the_heuristic_plays() -> None:
    # in games the heuristic plays, the real deal weighs more than the deals sampled
    # uniformly from the view, on average over positions
    rules: Any = load_game("hundred_one", engine="native")
    rng = random.Random(11)
    above = total = 0
    log_ratio = 0.0
    for state in _positions(rules, 60, 0.0, "favour"):
        seat = state.to_act
        view = state.view(seat)
        truth = hundred_one_belief_weight(state, seat, 0.1, seed=1)
        assert truth > 0.0
        samples = [
            hundred_one_belief_weight(rules.sample_state(view, rng), seat, 0.1, seed=k)
            for k in range(30)
        ]
        mean = sum(samples) / len(samples)
        if mean == truth:
            continue  # nothing to tell the deals apart
        total += 1
        above += truth > mean
        log_ratio += math.log(truth / mean) if mean > 0 else 10.0
    assert total >= 20
    assert above / total > 0.7  # seeded: 50 of 57
    assert log_ratio / total > 0.5  # seeded: 1.87


def test_pimc_values_depend_only_on_the_inputs_and_the_seed() -> None:
    rules: Any = load_game("hundred_one", engine="native", players=4)
    rng = random.Random(5)
    for state in _positions(rules, 10, 0.1, "pimc"):
        view = state.view(state.to_act)
        candidates = [rules.sample_state(view, rng) for _ in range(20)]
        first = pimc_hundred_one(candidates, samples=50, seed=9, epsilon=0.1)
        again = pimc_hundred_one(candidates, samples=50, seed=9, epsilon=0.1)
        assert first == again
        values = first["values"]
        assert [a for a, _ in values] == list(state.legal_actions())
        assert first["samples"] == 50 and 0.0 <= first["effective"] <= 20.0
        assert first["candidates"] == 20
        assert all(-10.0 < v < 10.0 for _, v in values)
        plain = pimc_hundred_one(candidates, samples=30, seed=9)
        assert plain["samples"] == 30 and plain["effective"] == 20.0
        timed = pimc_hundred_one(candidates, milliseconds=5.0, seed=1, epsilon=0.1)
        assert timed["samples"] >= 1
        hidden = knowledge(rules, view)
        dealt = pimc_hundred_one(
            candidates[:1], samples=50, seed=9, epsilon=0.1, hidden=hidden, dealt=200
        )
        assert dealt == pimc_hundred_one(
            candidates[:1], samples=50, seed=9, epsilon=0.1, hidden=hidden, dealt=200
        )
        assert dealt["candidates"] == 201 and dealt["effective"] > 1.0


@pytest.mark.parametrize(
    "options", [{"players": 2}, {"players": 4}, {"players": 6, "hand_size": 5}], ids=str
)
def test_native_deals_agree_with_the_view_as_the_python_samples(options: dict[str, Any]) -> None:
    # rule: H-8, H-10, H-11
    # every native deal keeps the seat's hand, the hand sizes and the stock size, and puts
    # each unseen card only where the view allows it; over many deals each card lands in
    # each place about as often as in the Python engine's samples
    rules: Any = load_game("hundred_one", engine="native", **options)
    rng = random.Random(8)
    for state in _positions(rules, 12, 0.2, f"deal/{options}"):
        seat = state.to_act
        view = state.view(seat)
        unseen, places = knowledge(rules, view)
        allowed = [0] * (rules.num_seats + 1)
        for where, _, excluded in places:
            allowed[where] |= unseen & ~excluded
        native_counts: dict[tuple[int, int], int] = {}
        python_counts: dict[tuple[int, int], int] = {}
        rounds = 400
        for k in range(rounds):
            dealt = hundred_one_deal_hidden(state, (unseen, places), seed=k)
            assert dealt is not None
            hands, stock = dealt
            assert hands[seat] == state.hands[seat]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
            assert len(stock) == len(set(stock)) == len(state.stock)
            assert all(allowed[rules.num_seats] >> card & 1 for card in stock)
            others = sum(1 << c for c in stock) | sum(h for s, h in enumerate(hands) if s != seat)
            truth = sum(1 << c for c in state.stock)
            assert others == truth | sum(h for s, h in enumerate(state.hands) if s != seat)
            for s in range(rules.num_seats):
                if s != seat:
                    assert hands[s] & ~allowed[s] == 0
                    for card in cards_in(hands[s]):
                        native_counts[s, card] = native_counts.get((s, card), 0) + 1
            sample = rules.sample_state(view, rng)
            for s in range(rules.num_seats):
                if s != seat:
                    for card in cards_in(sample.hands[s]):
                        python_counts[s, card] = python_counts.get((s, card), 0) + 1
        for key in native_counts.keys() | python_counts.keys():
            gap = native_counts.get(key, 0) - python_counts.get(key, 0)
            assert abs(gap) / rounds < 0.15, (key, native_counts.get(key), python_counts.get(key))


def test_pimc_refuses_deals_that_disagree_and_empty_budgets() -> None:
    rules: Any = load_game("hundred_one", engine="native", players=3)
    states = _positions(rules, 2, 0.0, "refuse")
    with pytest.raises(ValueError, match="agree"):
        pimc_hundred_one(states, samples=5)
    with pytest.raises(ValueError, match="budget"):
        pimc_hundred_one(states[:1])
    with pytest.raises(ValueError, match="at least one deal"):
        pimc_hundred_one([])
    with pytest.raises(ValueError, match="probability"):
        pimc_hundred_one(states[:1], samples=5, epsilon=2.0)


def test_the_look_ahead_may_take_several_playouts_an_action() -> None:
    # rule: H-8, H-11
    rules: Any = load_game("hundred_one", engine="native", players=4)
    states = _positions(rules, 1, 0.0, "ahead")
    one = pimc_hundred_one(states, samples=30, seed=3, lookahead=True)
    assert one == pimc_hundred_one(states, samples=30, seed=3, lookahead=True, lookahead_rollouts=1)
    three = pimc_hundred_one(states, samples=30, seed=3, lookahead=True, lookahead_rollouts=3)
    assert three == pimc_hundred_one(
        states, samples=30, seed=3, lookahead=True, lookahead_rollouts=3
    )
    assert three["samples"] == 30 and three["values"] != one["values"]
    with pytest.raises(ValueError, match="lookahead_rollouts"):
        pimc_hundred_one(states, samples=5, lookahead=True, lookahead_rollouts=0)


def test_the_ismcts_refuses_bad_input_in_one_line() -> None:
    rules: Any = load_game("hundred_one", engine="native", players=3)
    states = _positions(rules, 2, 0.0, "refuse-ismcts")
    with pytest.raises(ValueError, match="agree"):
        ismcts_hundred_one(states, iterations=5)
    with pytest.raises(ValueError, match="budget"):
        ismcts_hundred_one(states[:1])
    with pytest.raises(ValueError, match="at least one"):
        ismcts_hundred_one(states[:1], iterations=0)
    with pytest.raises(ValueError, match="exploration"):
        ismcts_hundred_one(states[:1], iterations=5, exploration=-1.0)
    with pytest.raises(ValueError, match="probability"):
        ismcts_hundred_one(states[:1], iterations=5, epsilon=2.0)
    with pytest.raises(ValueError, match="out of range"):
        ismcts_hundred_one(states[:1], iterations=5, lookahead=-1)
    with pytest.raises(ValueError, match="unknown field `iteration`"):
        ismcts_hundred_one(states[:1], iteration=5)
    found = ismcts_hundred_one(states[:1], iterations=50)
    assert found["iterations"] == 50 == sum(visits for _, _, visits in found["values"])
    assert found["candidates"] == 1 and found["nodes"] >= 1


def test_the_ismcts_may_look_ahead_past_its_tree() -> None:
    # rule: H-8, H-11
    rules: Any = load_game("hundred_one", engine="native", players=4)
    states = _positions(rules, 1, 0.0, "ismcts-ahead")
    plain = ismcts_hundred_one(states, iterations=400, seed=2)
    ahead = ismcts_hundred_one(states, iterations=400, seed=2, lookahead=1)
    assert ahead == ismcts_hundred_one(states, iterations=400, seed=2, lookahead=1)
    assert ahead["iterations"] == 400 and ahead["values"] != plain["values"]
    with pytest.raises(OptionError, match="look ahead"):
        NativeHundredOneISMCTS(rules, iterations=5, lookahead=-1)
