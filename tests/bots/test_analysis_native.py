"""The analysis's native valuing (``koloda.bots.analysis.native_pimc``) against its Python
reference (``PIMCBot`` in points): on the same sampled deal every legal action of every
kind of decision (Spades' look, bids, discard and gift, King's order and trump, cards early
and in the exact endgame) gets the same value to the last bit; the natively dealt deals of
the card play give values within sampling noise of the Python sampler's; a decision the
native side cannot value falls back to the Python one from the same generator."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from koloda import load_game
from koloda.bots import make_bot
from koloda.bots.analysis import analyse, positions, valuer
from koloda.bots.search.native import position
from koloda.bots.search.pimc import PIMCBot
from koloda.core.engine import AnyRules
from koloda.core.registry import plugin_of
from koloda.records import parse_record, record_from_state
from koloda.records.record import Record

CLUB_SPADES = {
    "double_nil": False,
    "nil_exchange": False,
    "bags_penalty": True,
    "spades_broken_by": "any_spade",
}


def normal_game(game: str, seed: str, **options: Any) -> Record:
    """A seeded whole game played by ``normal`` at every seat."""
    rules = load_game(game, engine="native", **options)
    bots = [make_bot("normal", rules) for _ in range(rules.num_seats)]
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), rng))
    return parse_record(record_from_state(rules, state), engine="native")


def kind(rules: AnyRules, action: int, cards_left: int) -> str:
    """What a decision is: its notation's word, or a card early or in the endgame."""
    if not rules.info.is_card_action(action):
        return rules.format_action(action).split(":")[0]
    return "endgame" if cards_left <= 12 else "card"


def decisions(record: Record, per_kind: int) -> Iterator[tuple[str, Any]]:
    """The views of the first ``per_kind`` decisions with a choice of each kind in the first
    four deals, any seat."""
    rules = record.rules
    seen: dict[str, int] = {}
    for seat in range(rules.num_seats):
        for _, deal, _, state, chosen in positions(rules, record, seat):
            if deal >= 4:
                break
            view = state.view(seat)
            if len(view.legal_actions) < 2:
                continue
            left = sum(hand.bit_count() for hand in getattr(state, "hands", ()))
            what = kind(rules, chosen, left)
            if seen.get(what, 0) < per_kind:
                seen[what] = seen.get(what, 0) + 1
                yield what, view


@pytest.mark.parametrize(
    ("game", "options", "kinds"),
    [
        ("spades", {}, {"look", "bid", "discard", "give", "card", "endgame"}),
        ("spades", CLUB_SPADES, {"bid", "card", "endgame"}),
        ("king", {"variant": "order"}, {"order", "trump", "card", "endgame"}),
        ("king", {"variant": "three"}, {"order", "card", "endgame"}),
        ("tressette", {}, {"card", "endgame"}),
    ],
)
def test_native_values_are_the_python_ones_on_the_same_deal(
    game: str, options: dict[str, Any], kinds: set[str]
) -> None:
    # rule: S-7 (the exchange's discards and gifts are valued by playouts through it)
    record = normal_game(game, f"analysis native {game}", **options)
    rules: Any = record.rules  # the native engine's: with ``analysis_values``
    reference = PIMCBot(rules, samples=1, in_points=True)
    found = set()
    for number, (what, view) in enumerate(decisions(record, 2)):
        sample = rules.sample_state(view, random.Random(number))
        native = dict(rules.analysis_values([sample], view.seat, reference.exact_cards))
        python = reference.values(view, random.Random(0), truth=sample)
        assert native == python, (what, rules.format_action(view.legal_actions[0]))
        found.add(what)
    assert kinds <= found


def test_dealt_card_values_agree_with_the_python_sampler_within_noise() -> None:
    """A card decision mid-deal valued on 60 deals each way, one deal at a time: the native
    dealer's deals and ``sample_state``'s give each card's mean within four standard errors
    of the other's (the streams differ: the native deals come from a seed drawn from the
    decision's generator)."""
    for game, options in (("tressette", {}), ("spades", CLUB_SPADES)):
        record = normal_game(game, f"analysis noise {game}", **options)
        rules: Any = record.rules
        reference = PIMCBot(rules, samples=1, in_points=True)
        parts = plugin_of(rules).native_search_parts(rules)
        assert parts is not None
        view = next(
            v for what, v in decisions(record, 20) if what == "card" and len(v.legal_actions) > 3
        )
        native: list[dict[int, float]] = []
        python: list[dict[int, float]] = []
        for index in range(60):
            rng = random.Random(index)
            root, unseen, places, limits = position(parts, view, rng)
            values = rules.analysis_values_dealt(
                root, view.seat, (unseen, places, limits), 1, index, reference.exact_cards
            )
            native.append(dict(values))
            python.append(reference.values(view, random.Random(1000 + index)))
        for action in view.legal_actions:
            ours = [values[action] for values in native]
            theirs = [values[action] for values in python]
            error = math.sqrt(
                (statistics.pvariance(ours) + statistics.pvariance(theirs)) / len(ours)
            )
            gap = abs(statistics.fmean(ours) - statistics.fmean(theirs))
            assert gap <= 4 * error + 1e-9, (game, rules.format_action(action), gap, error)


def test_a_decision_the_native_side_cannot_value_is_valued_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = normal_game("king", "analysis fallback", variant="order")
    rules = record.rules
    native = analyse(rules, record, seat=1, samples=4, seed=3, deals={0})
    assert native == analyse(rules, record, seat=1, samples=4, seed=3, deals={0})
    python = analyse(rules, record, seat=1, samples=4, seed=3, deals={0}, native=False)
    assert [d.values.keys() for d in native] == [d.values.keys() for d in python]
    monkeypatch.setattr(type(rules), "analysis_values", lambda *_: None)
    monkeypatch.setattr(type(rules), "analysis_values_dealt", lambda *_: None)
    fallen = analyse(rules, record, seat=1, samples=4, seed=3, deals={0})
    assert [d.values for d in fallen] == [d.values for d in python]


def test_the_python_engine_is_valued_by_the_python_search() -> None:
    rules = load_game("tressette", engine="python")
    assert not hasattr(rules, "analysis_values")
    view = rules.new_state(seed="python engine").view(0)
    search = valuer(rules, 2)
    assert search(view, random.Random(0)) == PIMCBot(rules, samples=2, in_points=True).values(
        view, random.Random(0)
    )
