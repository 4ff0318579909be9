"""The state template: fields declared once, clones derived from them, one rule path.

``clone`` must copy every field of every game's state and share nothing mutable: checked in
positions of every phase of every game, walking every list a field holds (through lists and
tuples) and mutating the clone's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from koloda import load_game
from koloda.core.dealing import Shuffler
from koloda.core.errors import IllegalActionError
from koloda.core.state_base import LIST, NESTED, VALUE, DealtGameState, field_kind

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("king", {"variant": "classic"}),
    ("king", {"variant": "order"}),
    ("king", {"variant": "three"}),
    ("spades", {"max_deals": 4}),
    ("spades", {"max_deals": 3, "double_nil": False, "nil_exchange": False}),
    ("tressette", {}),
    ("tressette", {"card_points": "pooled", "hearts_special": False}),
    ("hundred_one", {"players": 2}),
    ("hundred_one", {"players": 4}),
]


def _slots(cls: type) -> set[str]:
    names: set[str] = set()
    for klass in cls.__mro__:
        names.update(klass.__dict__.get("__slots__", ()))
    return names


def _lists(value: object, found: list[list[Any]]) -> None:
    """Every list reachable from ``value`` through lists and tuples (named ones too)."""
    if isinstance(value, list):
        found.append(value)
        for item in value:
            _lists(item, found)
    elif isinstance(value, tuple):
        for item in value:
            _lists(item, found)


def _frozen(value: object) -> object:
    """``value`` with its lists turned to tuples: a snapshot compared after mutations."""
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_frozen(item) for item in value))
    return value


def check_clone(state: Any) -> None:
    cls = type(state)
    assert set(cls.FIELDS) == _slots(cls), "FIELDS must name every slot"
    before = {name: _frozen(getattr(state, name)) for name in cls.FIELDS}
    copy = state.clone()
    assert type(copy) is cls
    originals: dict[int, str] = {}
    for name in cls.FIELDS:
        assert hasattr(copy, name), f"clone leaves {cls.__name__}.{name} unset"
        assert _frozen(getattr(copy, name)) == before[name], f"{name} differs in the clone"
        found: list[list[Any]] = []
        _lists(getattr(state, name), found)
        originals.update((id(lst), name) for lst in found)
    for name in cls.FIELDS:
        found = []
        _lists(getattr(copy, name), found)
        for lst in found:
            assert id(lst) not in originals, f"clone shares a list of {cls.__name__}.{name}"
        for lst in found:
            lst.append(-99)  # mutate every list the clone holds
    after = {name: _frozen(getattr(state, name)) for name in cls.FIELDS}
    assert after == before, "mutating the clone changed the original"


def _positions(game: str, options: dict[str, Any], seed: int) -> dict[int, list[Any]]:
    """Positions of every phase of a seeded random game, by phase."""
    rules = load_game(game, "python", **options)
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    by_phase: dict[int, list[Any]] = {}
    deals_seen = -1
    while not state.is_over:
        if rng.random() < 0.05 or state.phase not in by_phase:
            by_phase.setdefault(state.phase, []).append(state.clone())
        if state.deal_number != deals_seen and state.deal_number % 2 == 1:
            deals_seen = state.deal_number
            waiting = state.clone()  # the same game, waiting for its next deal
            waiting.shuffler = None
            try:
                while not waiting.awaiting_deal and not waiting.is_over:
                    legal = waiting.legal_actions()
                    waiting.apply_unchecked(legal[rng.randrange(len(legal))])
            except IllegalActionError:
                pass  # 101: a reshuffle (H-11) needs the shuffler
            else:
                by_phase.setdefault(waiting.phase, []).append(waiting)
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    by_phase.setdefault(state.phase, []).append(state)
    return by_phase


@pytest.mark.parametrize("game", sorted({game for game, _ in GAMES}))
def test_clone_copies_every_field_in_every_phase(game: str) -> None:
    seen: set[str] = set()
    phase_names: tuple[str, ...] = ()
    for options in (options for name, options in GAMES if name == game):
        for seed in range(2):
            for states in _positions(game, options, seed).values():
                for state in states:
                    phase_names = state.PHASE_NAMES
                    seen.add(state.phase_name)
                    check_clone(state)
    missing = set(phase_names) - seen
    if game == "spades":
        missing -= {"discard", "give"}  # see test_spades_exchange_phases_are_cloned
    assert not missing, f"no position in phase {missing}"


def test_spades_exchange_phases_are_cloned() -> None:
    """S-7 positions, reached by seat 0 bidding nil on purpose."""
    rules = load_game("spades", "python")
    state = rules.new_state(seed=3)
    rng = random.Random(3)
    phases: set[str] = set()
    for _ in range(400):
        if state.is_over:
            break
        legal = state.legal_actions()
        wanted = ("look", "bid:nil") if state.to_act == 0 else ("look", "bid:3")
        chosen = [a for a in legal if rules.format_action(a) in wanted]
        action = chosen[0] if chosen else legal[rng.randrange(len(legal))]
        phases.add(state.phase_name)
        check_clone(state)
        state.apply_unchecked(action)
    assert {"discard", "give"} <= phases


def test_apply_unchecked_is_the_rule_step_of_every_game() -> None:
    for game, options in GAMES:
        cls = type(load_game(game, "python", **options).empty_state())
        assert cls.apply_unchecked is cls._step  # type: ignore[comparison-overlap]
        assert cls.clone.__qualname__ == f"{cls.__name__}.clone"  # generated for the class


def test_the_checked_and_unchecked_paths_agree() -> None:
    for game, options in GAMES:
        rules = load_game(game, "python", **options)
        checked, unchecked = rules.new_state(seed=11), rules.new_state(seed=11)
        rng = random.Random(11)
        for _ in range(500):
            if checked.is_over:
                break
            legal = checked.legal_actions()
            action = legal[rng.randrange(len(legal))]
            checked.apply(action)
            unchecked.apply_unchecked(action)
            for name in type(checked).FIELDS:
                # two shufflers of one seed; 101 builds a self-dealt hand's setup when asked
                if name not in ("shuffler", "setup", "completed"):
                    assert _frozen(getattr(checked, name)) == _frozen(getattr(unchecked, name))
            assert checked.deal_logs() == unchecked.deal_logs()


def test_field_kinds_follow_the_annotations() -> None:
    assert field_kind("S", "a", "int") == VALUE
    assert field_kind("S", "a", "tuple[tuple[int, ...], ...]") == VALUE
    assert field_kind("S", "a", "HundredOneSetup | None") == VALUE
    assert field_kind("S", "a", "list[CardSet]") == LIST
    assert field_kind("S", "a", "list[tuple[int, list[int]]]") == LIST
    assert field_kind("S", "a", "list[list[int]]") == NESTED
    assert field_kind("S", "a", list[int]) == LIST
    for refused in ("dict[int, int]", "set[int]", "list[int] | None", "bytearray"):
        with pytest.raises(TypeError):
            field_kind("S", "a", refused)


def test_the_template_builds_slots_and_clone_from_annotations() -> None:
    class Toy(DealtGameState):
        count: int
        cards: list[int]
        rows: list[list[int]]

    toy = Toy()
    assert Toy.FIELDS["count"] == VALUE and Toy.FIELDS["rows"] == NESTED
    assert set(Toy.__slots__) == {"count", "cards", "rows"}
    with pytest.raises(AttributeError):
        toy.other = 1  # type: ignore[attr-defined]  # slots: no stray attributes
    toy.rules, toy.shuffler, toy.first_dealer = None, Shuffler(1), 0
    toy.phase = toy.to_act_seat = toy.deal_number = toy.dealer = 0
    toy.count, toy.cards, toy.rows = 3, [1, 2], [[1], [2, 3]]
    copy = toy.clone()
    copy.cards.append(3)
    copy.rows[1].append(4)
    assert toy.cards == [1, 2] and toy.rows == [[1], [2, 3]] and copy.count == 3

    class Narrower(Toy):
        count: bool  # re-declared: a narrower type, no new slot

    assert Narrower.__slots__ == ()


@pytest.mark.parametrize(
    "body",
    [
        "class Bad(DealtGameState):\n    table: dict[int, int]\n",
        "class Bad(DealtGameState):\n    cards: list[int] | None\n",
        "class Bad(DealtGameState):\n    count: int = 0\n",
        "class Bad(DealtGameState):\n    __slots__ = ('count',)\n",
        "class Bad(DealtGameState):\n    def clone(self):\n        return self\n",
        "class Bad(DealtGameState):\n    def apply_unchecked(self, action):\n        pass\n",
    ],
)
def test_the_template_refuses_what_clone_could_not_copy(body: str) -> None:
    with pytest.raises(TypeError):
        exec(body, {"DealtGameState": DealtGameState})
