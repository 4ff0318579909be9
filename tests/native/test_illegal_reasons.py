"""Why an action is illegal, as the native engine says it (Rust's ``check``), against the
Python reference engine's ``illegal_reason``: the same words in every phase of every game,
for cards, the other action codes, Spades' exchanges and numbers that are no action at all;
and the error a checked apply raises, with the IDs of the rules it breaks."""

from __future__ import annotations

import random
from typing import Any

import pytest
from native_options import OPTION_SETS

from koloda import IllegalActionError, load_game
from koloda.core.cards import cards_in

CARDS = [card for card in range(64) if card & 15 < 13]
OTHER_CODES = [*range(64, 90), -1, -(1 << 40), 1 << 62, 1 << 70]
DISCARD_BASE, GIVE_BASE = 1 << 18, 1 << 19


def _triples(state: Any, rng: random.Random) -> list[int]:
    """Spades exchange codes around the hand of the seat to act: three of its cards, two of
    them and one it does not hold, three it does not hold, and packs out of order."""
    seat = state.to_act_seat
    if seat is None or seat < 0:
        return []
    hand = list(cards_in(state.hands[seat]))
    others = [card for card in CARDS if card not in hand]
    picks = []
    for own in (3, 2, 1, 0):
        if len(hand) >= own:
            cards = sorted(rng.sample(hand, own) + rng.sample(others, 3 - own))
            picks.append(cards)
    codes = []
    for a, b, c in picks:
        packed = a << 12 | b << 6 | c
        codes += [packed, c << 12 | b << 6 | a]
    return [base + code for base in (DISCARD_BASE, GIVE_BASE) for code in codes]


def _compare(python: Any, native: Any, rng: random.Random, where: str) -> int:
    candidates = CARDS + OTHER_CODES + _triples(python, rng)
    for action in candidates:
        left, right = python.illegal_reason(action), native.illegal_reason(action)
        assert left == right, f"{where}, action {action}: {left!r} != {right!r}"
    return len(candidates)


def _lockstep(game: str, options: dict[str, Any], seed: int, every: int) -> tuple[int, set[str]]:
    """Plays one seeded game on both engines, comparing the reasons of every candidate at
    every ``every``-th decision and at the end; the comparisons made and the reasons seen."""
    python_rules = load_game(game, **options)
    native_rules = load_game(game, engine="native", **options)
    first_dealer = seed % python_rules.num_seats
    a = python_rules.new_state(seed=seed, first_dealer=first_dealer)
    b = native_rules.new_state(seed=seed, first_dealer=first_dealer)
    rng = random.Random(f"{game}/{seed}")
    compared, reasons = 0, set()
    step = 0
    while not a.is_over and step < 2_000:
        if step % every == 0:
            compared += _compare(a, b, rng, f"{game} {options} seed {seed} decision {step}")
            reasons.update(r for r in map(b.illegal_reason, CARDS + OTHER_CODES) if r)
        legal = a.legal_actions()
        action = legal[rng.randrange(len(legal))]
        a.apply_unchecked(action)
        b.apply_unchecked(action)
        step += 1
    compared += _compare(a, b, rng, f"{game} {options} seed {seed} at the end")
    return compared, reasons


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_native_reasons_are_the_python_engines_words(game: str) -> None:
    # rule: S-4, S-6, S-7, S-10, S-11, S-12
    # rule: K-5, K-8, K-9, K-14, K-17, K-18, K-23, K-24, K-25
    # rule: T-5
    # rule: H-4, H-6, H-7, H-8, H-10
    compared, reasons = 0, set()
    sets = OPTION_SETS[game]
    for index in range(0, len(sets), max(1, len(sets) // 8)):
        done, seen = _lockstep(game, sets[index], seed=index, every=5)
        compared += done
        reasons |= seen
    assert compared > 10_000
    assert len(reasons) > 20  # many different reasons (cards and seats vary the words)


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_a_checked_apply_raises_rusts_reason_and_its_rules(game: str) -> None:
    rules = load_game(game, engine="native", **OPTION_SETS[game][0])
    python = load_game(game, **OPTION_SETS[game][0])
    state, reference = rules.new_state(seed=3), python.new_state(seed=3)
    rng = random.Random(game)
    cited = 0
    for _ in range(200):
        if state.is_over:
            break
        legal = set(state.legal_actions())
        action = rng.choice([c for c in CARDS + OTHER_CODES if c not in legal])
        before = repr(state), state.legal_actions()
        with pytest.raises(IllegalActionError) as raised:
            state.apply(action)
        with pytest.raises(IllegalActionError) as expected:
            reference.apply(action)
        error = raised.value
        assert str(error) == str(expected.value)
        assert error.reason == state.illegal_reason(action)
        assert (repr(state), state.legal_actions()) == before  # nothing changed
        if error.rule is not None:
            assert error.reason.endswith(f"({error.rule})")
            cited += 1
        choice = rng.choice(sorted(legal))
        state.apply(choice)
        reference.apply(choice)
    assert cited > 0
