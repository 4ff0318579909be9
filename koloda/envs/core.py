"""What the research environments share: a game's fixed action space, the observation tensor
built from one seat's view, and a match that plays a game deal by deal with rewards.

Everything here reads only the engine protocol, ``rules.info`` and the seats' views, so it
works for every game the registry knows without asking which game it is.

Action space (indices ``0 .. num_actions - 1``)
    ``0..63``       cards: the index is the card's code (``suit * 16 + rank``); cards outside
                    the game's deck are never legal.
    ``64..64+K-1``  the game's other decisions with codes below ``SCAN_LIMIT`` (bids, contracts,
                    trump, a named suit, draw, pass…), found once per game by the round trip
                    ``parse_action(format_action(code)) == code``, in increasing code order.
    ``64+K..``      ``DECISION_SLOTS`` slots for decisions whose codes are larger (Spades'
                    nil exchange: three cards in one action): slot ``i`` is the ``i``-th of the
                    currently legal such codes in increasing order.

Observation (float32, ``observation_size`` values; ``N`` seats, relative seat ``r`` is the
seat ``r`` places after the observer, 0 being the observer; ``D = K``)
    ``[64]``        own hand (card codes)
    ``[N * 64]``    cards each relative seat has played this deal (seen plays)
    ``[N * 64]``    the current trick, by relative seat of who played each card
    ``[64]``        every other card the view shows (a discard pile, declared cards,
                    cards passed or received, a card just drawn…)
    ``[N * D]``     the public non-card decisions of this deal by relative seat (bids, …)
    ``[5 * N]``     one-hot relative seat of ``to_act``, ``dealer``, ``leader``,
                    ``declarer``, ``trick_leader`` (all zero when the view has none)
    ``[F]``         every other fact of the view (phase, contract, trump, named suit, hand
                    sizes, tricks won, scores, bags…), each at a named place of its own:
                    lists with an item per seat are named by relative seat (per side: own
                    side first); a number is one feature (``tricks_won[1]``) that adds
                    ``sign(x) * log1p(|x|) / log(1001)``, any other value one feature per
                    value (``phase=play``, ``trump=H``) that adds 1. The facts are the ones
                    met in ``LAYOUT_GAMES`` seeded random games of the game with its options
                    (``fact_layout``); a value never met there adds to its fact's
                    ``<path>=<other>``, a fact never met to ``<other fact>`` or
                    ``<other number>``. ``ObservationEncoder.feature_names`` names every
                    place of the tensor.
    The whole vector is clipped to ``[-OBS_BOUND, OBS_BOUND]``.

The tensor is a function of ``state.view(seat)`` alone: a state resampled from that view
(``rules.sample_state``) gives the same tensor (``tests/envs``).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from koloda.core.errors import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the observation tensors", "research") from missing

from koloda.core.cards import format_card, parse_card
from koloda.core.engine import Action, AnyRules, AnyState, View
from koloda.core.info import CARD_ACTIONS, DealReward
from koloda.core.registry import load_game

SCAN_LIMIT = 4096
"""Non-card action codes below this are listed one by one in the action space."""
DECISION_SLOTS = 512
"""Slots for the legal decisions whose codes are at least ``SCAN_LIMIT``."""
LAYOUT_GAMES = 3
"""Seeded random games whose views make a game's layout of facts (``fact_layout``)."""
LAYOUT_DECISIONS = 400
"""The decisions of each of those games whose views are read (every seat's)."""
OTHER = "<other>"
OTHER_FACT = "<other fact>"
OTHER_NUMBER = "<other number>"
OBS_BOUND = 16.0
SEAT_KEYS = ("to_act", "dealer", "leader", "declarer", "trick_leader")
"""Top-level view facts that name a seat (encoded one-hot, relative to the observer)."""
_CARD_KEYS = ("hand", "plays", "trick")
_SKIPPED = ("seat", "game", "legal_actions", "num_seats")
_LOG_SCALE = math.log(1001.0)

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
MaskArray = npt.NDArray[np.int8]


_SCANNED: dict[tuple[str, str], tuple[int, ...]] = {}


def _scanned_codes(rules: AnyRules) -> tuple[int, ...]:
    """The non-card codes below ``SCAN_LIMIT`` that the game's notation reads back."""
    key = _rules_key(rules)
    if key in _SCANNED:
        return _SCANNED[key]
    codes = []
    for code in range(CARD_ACTIONS, SCAN_LIMIT):
        try:
            if rules.parse_action(rules.format_action(code)) == code:
                codes.append(code)
        except Exception:  # a code the notation does not know is no action of the game
            continue
    _SCANNED[key] = found = tuple(codes)
    return found


def _rules_key(rules: AnyRules) -> tuple[str, str]:
    """A game with its options, as the key of what is computed once for them."""
    return rules.info.name, json.dumps(rules.options_json(), sort_keys=True)


@lru_cache(maxsize=4096)
def _card_of(text: str) -> int | None:
    try:
        return parse_card(text)
    except Exception:
        return None


def _squash(value: float) -> float:
    return math.copysign(math.log1p(abs(value)), value) / _LOG_SCALE


class ActionSpace:
    """The fixed action space of one game with its options (see the module docstring)."""

    def __init__(self, rules: AnyRules) -> None:
        self.rules = rules
        self.codes: tuple[int, ...] = _scanned_codes(rules)
        self._index = {code: CARD_ACTIONS + i for i, code in enumerate(self.codes)}
        self.slot_base = CARD_ACTIONS + len(self.codes)
        self.num_actions = self.slot_base + DECISION_SLOTS

    def _large(self, legal: Sequence[Action]) -> list[Action]:
        return sorted(a for a in legal if a >= CARD_ACTIONS and a not in self._index)

    def index_of(self, code: Action, legal: Sequence[Action]) -> int:
        """The index of action ``code`` when ``legal`` are the legal actions."""
        if 0 <= code < CARD_ACTIONS:
            return code
        if code in self._index:
            return self._index[code]
        large = self._large(legal)
        slot = large.index(code)
        if slot >= DECISION_SLOTS:
            raise ValueError(f"more than {DECISION_SLOTS} large decisions are legal")
        return self.slot_base + slot

    def code_of(self, index: int, legal: Sequence[Action]) -> Action:
        """The action code of ``index`` when ``legal`` are the legal actions (the index
        need not be legal; a slot beyond the legal large decisions is ``-1``)."""
        if 0 <= index < self.slot_base:
            return index if index < CARD_ACTIONS else self.codes[index - CARD_ACTIONS]
        large = self._large(legal)
        slot = index - self.slot_base
        return large[slot] if 0 <= slot < len(large) else -1

    def mask(self, legal: Sequence[Action]) -> MaskArray:
        """1 at the index of every legal action."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        for index in self.indices(legal):
            out[index] = 1
        return out

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The indices of the legal actions, in the order of ``legal``."""
        out = []
        slots: dict[Action, int] | None = None
        for code in legal:
            if 0 <= code < CARD_ACTIONS:
                out.append(code)
            elif code in self._index:
                out.append(self._index[code])
            else:
                if slots is None:
                    slots = {large: slot for slot, large in enumerate(self._large(legal))}
                slot = slots[code]
                if slot >= DECISION_SLOTS:
                    raise ValueError(f"more than {DECISION_SLOTS} large decisions are legal")
                out.append(self.slot_base + slot)
        return out


class ObservationEncoder:
    """The observation tensor of a seat's view (layout in the module docstring)."""

    def __init__(
        self, rules: AnyRules, actions: ActionSpace, layout: Sequence[str] | None = None
    ) -> None:
        self.rules = rules
        self.actions = actions
        info = rules.info
        self.num_seats = n = info.num_seats
        self.sides = info.sides
        self.decisions = len(actions.codes)
        self.off_hand = 0
        self.off_played = 64
        self.off_trick = self.off_played + n * 64
        self.off_other = self.off_trick + n * 64
        self.off_decisions = self.off_other + 64
        self.off_roles = self.off_decisions + n * self.decisions
        self.off_facts = self.off_roles + len(SEAT_KEYS) * n
        if layout is None:
            layout = fact_layout(rules, actions)
        self.facts: dict[str, int] = {name: i for i, name in enumerate(layout)}
        """Each named fact's place in the facts part (``<path>=<value>`` or a number's
        ``<path>``)."""
        self.size = self.off_facts + len(layout)

    def encode(self, view: View) -> FloatArray:
        out = np.zeros(self.size, dtype=np.float32)
        data = view.to_json()
        seat = view.seat
        n = self.num_seats

        def rel(other: Any) -> int | None:
            return (other - seat) % n if isinstance(other, int) and 0 <= other < n else None

        for text in data.get("hand", ()):
            card = _card_of(text)
            if card is not None:
                out[self.off_hand + card] = 1.0
        plays: Any = data.get("plays")
        pairs: list[tuple[int, int]] = []
        if plays is not None:
            pairs = [(p["seat"], c) for p in plays if (c := _card_of(p["card"])) is not None]
        else:
            pairs = [(s, c) for s, c in getattr(view, "plays", ())]
        for who, card in pairs:
            r = rel(who)
            if r is not None:
                out[self.off_played + r * 64 + card] = 1.0
        for card in getattr(view, "pile", ()):  # a discard pile the view shows face up
            if isinstance(card, int) and 0 <= card < CARD_ACTIONS:
                out[self.off_other + card] = 1.0
        for item in data.get("trick", ()):
            card, r = _card_of(item["card"]), rel(item["seat"])
            if card is not None and r is not None:
                out[self.off_trick + r * 64 + card] = 1.0
                out[self.off_played + r * 64 + card] = 1.0
        for k, key in enumerate(SEAT_KEYS):
            r = rel(data.get(key))
            if r is not None:
                out[self.off_roles + k * n + r] = 1.0
        for key, value in data.items():
            if key in _CARD_KEYS or key in _SKIPPED or key in SEAT_KEYS:
                continue
            rotated = self._relative(value, seat)
            if rotated is None:
                self._fact(out, key, value, rel)
            else:
                for r, item in enumerate(rotated):
                    self._fact(out, f"{key}[{r}]", item, rel)
        np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
        return out

    def _relative(self, value: Any, seat: int) -> list[Any] | None:
        """A list with an item per seat rotated to relative seats (a list per side: own
        side first); None for anything else (a list of items that name their seat too)."""
        n = self.num_seats
        if not isinstance(value, list) or any(
            isinstance(item, dict) and "seat" in item for item in value
        ):
            return None
        if len(value) == n:
            return [value[(seat + r) % n] for r in range(n)]
        if len(self.sides) < n and len(value) == len(self.sides):
            own = next(i for i, side in enumerate(self.sides) if seat in side)
            return [value[(own + r) % len(value)] for r in range(len(value))]
        return None

    def _fact(self, out: FloatArray, path: str, value: Any, rel: Any) -> None:
        if isinstance(value, dict):
            who = value.get("seat")
            action = value.get("action")
            r = rel(who) if who is not None else None
            if r is not None and isinstance(action, str) and self._decision(out, r, action):
                return
            for key, item in value.items():
                if key == "seat":
                    item = r
                self._fact(out, f"{path}.{key}", item, rel)
            return
        if isinstance(value, list):
            for item in value:
                self._fact(out, f"{path}[]", item, rel)
            return
        if isinstance(value, bool) or value is None:
            out[self._place(path, str(value))] += 1.0
        elif isinstance(value, int | float):
            out[self._place(path, None)] += _squash(float(value))
        else:
            text = str(value)
            card = _card_of(text)
            if card is not None:
                out[self.off_other + card] = 1.0
            else:
                out[self._place(path, text)] += 1.0

    def _place(self, path: str, value: str | None) -> int:
        """The index of the fact ``path=value`` (``value`` None: the number at ``path``)."""
        facts = self.facts
        if value is None:
            index = facts.get(path, facts.get(OTHER_NUMBER))
        else:
            index = facts.get(f"{path}={value}", facts.get(f"{path}={OTHER}"))
            if index is None:
                index = facts.get(OTHER_FACT)
        if index is None:  # only while the layout is being found
            return self.off_facts
        return self.off_facts + index

    @property
    def feature_names(self) -> list[str]:
        """The name of every place of the tensor, in order (``hand:AS``, ``played[1]:10H``,
        ``trick[2]:QD``, ``other:7C``, ``decision[0]:bid:3``, ``role:dealer[1]``, the facts'
        names)."""
        n = self.num_seats
        cards = [_card_name(c) for c in range(CARD_ACTIONS)]
        names = [f"hand:{c}" for c in cards]
        names += [f"played[{r}]:{c}" for r in range(n) for c in cards]
        names += [f"trick[{r}]:{c}" for r in range(n) for c in cards]
        names += [f"other:{c}" for c in cards]
        decisions = [self.rules.format_action(code) for code in self.actions.codes]
        names += [f"decision[{r}]:{d}" for r in range(n) for d in decisions]
        names += [f"role:{key}[{r}]" for key in SEAT_KEYS for r in range(n)]
        names += list(self.facts)
        return names

    def _decision(self, out: FloatArray, r: int, text: str) -> bool:
        """Mark a public decision of relative seat ``r``; False when it is no known one."""
        try:
            code = self.rules.parse_action(text)
        except Exception:
            return False
        if code < CARD_ACTIONS or code not in self.actions._index:
            return False
        index = self.actions._index[code] - CARD_ACTIONS
        out[self.off_decisions + r * self.decisions + index] = 1.0
        return True


class _Recorder(ObservationEncoder):
    """An encoder that writes nothing of the facts but notes their names."""

    def __init__(self, rules: AnyRules, actions: ActionSpace) -> None:
        super().__init__(rules, actions, layout=())
        self.size += 1  # one place that every fact is written to
        self.values: dict[str, set[str]] = {}
        self.numbers: set[str] = set()

    def _place(self, path: str, value: str | None) -> int:
        if value is None:
            self.numbers.add(path)
        else:
            self.values.setdefault(path, set()).add(value)
        return self.off_facts


def fact_layout(rules: AnyRules, actions: ActionSpace) -> tuple[str, ...]:
    """The named facts of the observation of these rules: every fact met in the views of
    ``LAYOUT_GAMES`` seeded random games (their first ``LAYOUT_DECISIONS`` decisions each,
    after each decision the view of the next seat in turn), numbers by path, other values
    by ``path=value`` with ``path=<other>`` beside them, then ``<other fact>`` and
    ``<other number>``; sorted, the same in every process."""
    key = _rules_key(rules)
    if key in _LAYOUTS:
        return _LAYOUTS[key]
    recorder = _Recorder(rules, actions)
    seats = range(rules.info.num_seats)
    for game in range(LAYOUT_GAMES):
        state = rules.new_state(seed=f"layout:{game}")
        rng = random.Random(game)
        for decision in range(LAYOUT_DECISIONS):
            recorder.encode(state.view(decision % len(seats)))  # each seat in turn
            if state.is_over:
                break
            state.apply(rng.choice(list(state.legal_actions())))
    names = sorted(recorder.numbers)
    for path in sorted(recorder.values):
        names += [f"{path}={value}" for value in sorted(recorder.values[path])]
        names.append(f"{path}={OTHER}")
    names += [OTHER_FACT, OTHER_NUMBER]
    _LAYOUTS[key] = layout = tuple(names)
    return layout


_LAYOUTS: dict[tuple[str, str], tuple[str, ...]] = {}


def _card_name(code: int) -> str:
    """A card code's name (``10H``), or ``#code`` for a code that is no card."""
    try:
        name = format_card(code)
    except (IndexError, KeyError):
        return f"#{code}"
    return name if _card_of(name) == code else f"#{code}"


DEAL_CAP = 50
"""The most deals an episode plays: a whole game (``deals=0``, every interface's default)
ends after this many deals if it has not ended by then (Spades under weak play need never
reach its target), and the points of the deals played decide it."""
UNBOUNDED_DEAL_DECISIONS = 2000
"""The decisions counted for one deal of a game whose deals have no bound (101 reshuffles its
pile), for the cap of an episode's decisions."""
UNBOUNDED_DEAL_REWARD = 4.0
"""The bound of one deal's reward (each seat's is clipped to it) for a game whose deal points
have no bound (Spades with ``both_nil_failure="lose_score"``)."""


def deal_reward_bound(rules: AnyRules) -> float:
    """The most one finished deal pays any seat in absolute value (``rules.info.rewards``):
    from the game's bounds of one deal's points, or ``UNBOUNDED_DEAL_REWARD`` (and clipped to
    it) when the points have none."""
    utility = rules.info.utility
    if utility.reward is DealReward.SHARE_OF_DEAL:
        return 2.0
    width = utility.deal_max - utility.deal_min
    if not math.isfinite(width):
        return UNBOUNDED_DEAL_REWARD
    return width / utility.scale


def reward_bounds(rules: AnyRules) -> tuple[float, float]:
    """The lowest and highest ``game_reward`` a seat can get: partners share a result, so
    in a partnership game of four the best is +2/3, not +1."""
    info = rules.info
    n = info.num_seats
    partners = max(len(side) for side in info.sides) - 1
    best = (n - 1 - partners) / (n - 1)
    return -best, best


def deal_limit(deals: int) -> int:
    """How many deals an episode with the option ``deals`` plays at most (0: the whole
    game, capped at ``DEAL_CAP``)."""
    if deals < 0:
        raise ValueError("deals must be 0 (the whole game) or a number of deals")
    return deals if deals > 0 else DEAL_CAP


def decision_limit(rules: AnyRules, deals: int) -> int:
    """The most decisions an episode with the option ``deals`` asks for."""
    per_deal = rules.info.max_decisions_per_deal or UNBOUNDED_DEAL_DECISIONS
    return deal_limit(deals) * per_deal


def final_reward(rules: AnyRules, state: AnyState) -> tuple[float, ...]:
    """The ``game_reward`` of a game that ended (by its ``outcome``) or was stopped after
    some deals (by the points of those deals, oriented by ``rules.info``)."""
    if state.is_over:
        return game_reward(state.outcome())
    info = rules.info
    points = [0.0] * info.num_seats
    for scores in state.deal_scores():
        for seat, value in enumerate(info.seat_points(scores)):
            points[seat] += value
    return game_reward(points)


def game_reward(outcome: Sequence[float]) -> tuple[float, ...]:
    """A whole game's reward per seat, zero-sum: the seats one beat minus the seats that
    beat one, over the others (partners, who share a result, tie: ``reward_bounds``)."""
    n = len(outcome)
    return tuple(
        (sum(o < mine for o in outcome) - sum(o > mine for o in outcome)) / (n - 1)
        for mine in outcome
    )


@dataclass
class Match:
    """One game played deal by deal for an environment: rewards per deal or per game, a
    bounded number of deals and decisions, and the action space and observations of every
    seat."""

    rules: AnyRules
    reward: str = "deal"
    """``deal``: each finished deal pays ``rules.info.rewards(scores)`` (clipped to
    ``deal_reward_bound``); ``game``: the end pays ``game_reward`` of the outcome."""
    deals: int = 0
    """End the episode after this many deals; 0: the whole game, ended after ``DEAL_CAP``
    deals if it has not ended by then."""
    state: AnyState = field(init=False)
    actions: ActionSpace = field(init=False)
    encoder: ObservationEncoder = field(init=False)

    def __post_init__(self) -> None:
        if self.reward not in ("deal", "game"):
            raise ValueError(f"reward must be 'deal' or 'game', not {self.reward!r}")
        self.deal_limit = deal_limit(self.deals)
        self.decision_limit = decision_limit(self.rules, self.deals)
        self.reward_bound = deal_reward_bound(self.rules)
        self.actions = ActionSpace(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.actions)
        self.state = self.rules.new_state(seed=0)
        self._scored = 0
        self.decisions = 0
        """Decisions taken since the reset (an environment that applies actions to the
        state itself counts them here)."""
        self._forfeited = False

    @property
    def num_seats(self) -> int:
        return self.rules.info.num_seats

    def reset(self, seed: int | str | None) -> None:
        self.state = self.rules.new_state(seed=seed)
        self._scored = 0
        self.decisions = 0
        self._forfeited = False

    def forfeit(self) -> None:
        """End the match now (an environment's learner broke the rules)."""
        self._forfeited = True

    @property
    def deals_left(self) -> int:
        """Deals still to be played, counting the one in progress, at most."""
        return max(self.deal_limit - self._scored, 0)

    @property
    def is_over(self) -> bool:
        if self._forfeited or self.state.is_over:
            return True
        return self._scored >= self.deal_limit or self.decisions >= self.decision_limit

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.state.to_act

    def legal(self) -> Sequence[Action]:
        return () if self.is_over else self.state.legal_actions()

    def observe(self, seat: int) -> FloatArray:
        return self.encoder.encode(self.state.view(seat))

    def mask(self, seat: int) -> MaskArray:
        if seat != self.to_act:
            return np.zeros(self.actions.num_actions, dtype=np.int8)
        return self.actions.mask(self.legal())

    def step_index(self, index: int) -> tuple[float, ...]:
        """Apply the action at ``index`` (an illegal one raises); the rewards it paid."""
        code = self.actions.code_of(index, self.legal())
        return self.step_code(code)

    def step_code(self, code: Action) -> tuple[float, ...]:
        self.state.apply(code)
        self.decisions += 1
        return self._rewards()

    def _rewards(self) -> tuple[float, ...]:
        """What the deals finished since the last call paid each seat."""
        return self._pay(self.state.deal_scores()[self._scored :])

    def _pay(self, finished: Sequence[tuple[int, ...]]) -> tuple[float, ...]:
        """What the newly finished deals with these points paid each seat (the vector
        environment's native path hands over the points itself)."""
        paid = [0.0] * self.num_seats
        info = self.rules.info
        bound = self.reward_bound
        for scores in finished:
            if self._scored >= self.deal_limit:
                break
            if self.reward == "deal":
                for s, value in enumerate(info.rewards(tuple(scores))):
                    paid[s] += min(max(value, -bound), bound)
            self._scored += 1
        if self.reward == "game" and self.is_over:
            paid = list(final_reward(self.rules, self.state))
        return tuple(paid)

    def render(self) -> str:
        """The table as text: the deal, who acts, each seat's cards and the scores."""
        state = self.state
        lines = [f"{self.rules.name}, deal {state.deal_index + 1}"]
        to_act = self.to_act
        lines.append("game over" if self.is_over else f"to act: seat {to_act}")
        for seat in range(self.num_seats if to_act is not None else 0):
            data = state.view(seat).to_json()
            hand = " ".join(data.get("hand", ()))
            trick = " ".join(
                item["card"] for item in data.get("trick", ()) if item.get("seat") == seat
            )
            mark = "*" if seat == to_act else " "
            lines.append(f"{mark} seat {seat}: {hand}" + (f"   plays {trick}" if trick else ""))
        lines.append("outcome: " + " ".join(f"{x:g}" for x in state.outcome()))
        if to_act is not None:
            legal = [self.rules.format_action(a) for a in self.legal()]
            lines.append("legal: " + " ".join(legal[:40]) + (" …" if len(legal) > 40 else ""))
        return "\n".join(lines)


def make_match(game: str, reward: str = "deal", deals: int = 0, **options: Any) -> Match:
    """A match of ``game`` with the game's ``options`` (an unknown option is an error)."""
    return Match(load_game(game, **options), reward=reward, deals=deals)
