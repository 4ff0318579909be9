"""The OpenSpiel bridge: ``import koloda.envs.openspiel`` registers every Koloda game as an
OpenSpiel Python game, ``pyspiel.load_game("python_koloda_<game>")``.

- Chance: the real deck, card by card, as OpenSpiel's hearts deals: at the start of each deal
  one chance node per card of the deck, whose outcomes are the cards not placed yet (their
  codes, uniform); the deck in that order is what the game's own dealing deals from
  (``DeckOrder``), so a seat's hand never tells the deal. A game whose deals have no bound
  (101, which reshuffles its discard pile into the stock) takes its restocks, and its later
  deals, from a seeded shuffle (``seed`` and the deal's cards): sampled chance there.
- Actions: the index space of ``koloda.envs.core`` (cards are 0..63).
- Observation: the tensor of ``koloda.envs.core`` (the seat's view alone) and its JSON.
- Information state, with perfect recall: the string is everything the seat has seen since
  the start, a line each: ``deal k`` at each deal, every decision by relative seat
  (``2:QS``; ``?`` for a slot decision of another seat, Spades' nil exchange), and the seat's
  view as JSON whenever it changes (its hand dealt, drawn or received, declarations, the
  trick, the scores). The tensor is the observation followed by the decisions of the current
  deal one-hot (``RECALLED`` positions of relative seat and action; a slot decision of
  another seat marks its seat only), which recalls the whole deal in games whose deals are
  bounded; earlier deals count in the tensor through their scores.
- States pickle (``pickle.dumps(state)``): a state is its game and the actions from the start,
  played again when it is loaded; a state resampled for search does not pickle.
- Utility: zero-sum, at the end only: +1 for each seat one beat and -1 for each seat that beat
  one, over the other seats (by ``state.outcome()`` when the game is over, by the points of
  the deals played when ``deals`` or the caps stopped it); partners share a result, so
  ``min_utility``/``max_utility`` are ``koloda.envs.core.reward_bounds`` (±2/3 for two sides
  of two).

Parameters: ``deals`` (int, default 0: the whole game, ended after
``koloda.envs.core.DEAL_CAP`` deals if it has not ended by then; n > 0: the game ends after n
deals; either way after at most ``decision_limit`` decisions, which is
``max_game_length``), ``seed`` (int, mixed into the deal seeds) and ``options`` (a JSON
object of the game's own options, e.g. ``'{"variant": "order"}'``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from koloda.core.errors import MissingExtraError

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the OpenSpiel bridge", "research") from missing

from koloda.core.cards import format_card
from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules
from koloda.core.registry import available_games, load_game
from koloda.envs.core import (
    SCAN_LIMIT,
    ActionSpace,
    ObservationEncoder,
    deal_limit,
    decision_limit,
    final_reward,
    reward_bounds,
)

CHANCE_OUTCOMES = 64
"""The chance outcomes: a card's code (the deck is dealt card by card)."""
UNBOUNDED_RECALL = 256
"""Decisions of a deal the information state tensor recalls when a deal has no bound."""


class DeckOrder(Shuffler):
    """The deck in the order the chance nodes dealt it, for the first deal dealt from it;
    every other shuffle (101's restocks, a later deal of a game that reshuffles) from the
    seed."""

    def __init__(self, order: Sequence[int], seed: str) -> None:
        super().__init__(seed)
        self.order: list[int] | None = list(order)

    def shuffled(self, items: Sequence[Any], index: int) -> list[Any]:
        order = self.order
        if order is not None and sorted(items) == sorted(order):
            self.order = None
            return list(order)
        return super().shuffled(items, index)


def recalled(rules: AnyRules) -> int:
    """How many decisions of a deal the information state tensor recalls."""
    return rules.info.max_decisions_per_deal or UNBOUNDED_RECALL


_MAX_SEATS = 8


def game_name(game: str) -> str:
    return f"python_koloda_{game}"


def _game_type(game: str) -> Any:
    return pyspiel.GameType(
        short_name=game_name(game),
        long_name=f"Python Koloda {game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_SEATS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"deals": 0, "seed": 0, "options": "{}"},
    )


class KolodaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One Koloda game with its options fixed, as OpenSpiel sees it."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = {"deals": 0, "seed": 0, "options": "{}", **(params or {})}
        rules: AnyRules = load_game(game, **json.loads(params["options"]))
        deals = int(params["deals"])
        actions = ActionSpace(rules)
        info = rules.info
        lowest, highest = reward_bounds(rules)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=actions.num_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=info.num_seats,
            min_utility=lowest,
            max_utility=highest,
            utility_sum=0.0,
            max_game_length=decision_limit(rules, deals) + deal_limit(deals),
        )
        # pybind11 keeps attributes only when they are set after the base's __init__
        super().__init__(_game_type(game), game_info, params)
        self.rules = rules
        self.deals = deals
        self.deal_limit = deal_limit(deals)
        self.decision_limit = decision_limit(rules, deals)
        self.seed = int(params["seed"])
        self.actions = actions
        self.encoder = ObservationEncoder(rules, actions)
        self.recalled = recalled(rules)
        self.recall_size = self.recalled * (info.num_seats + actions.num_actions)
        self.shared = _Shared(rules, actions, self.deal_limit, self.decision_limit, self.seed)
        self.koloda_name = game

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load, (self.koloda_name, dict(self.get_parameters())))

    def new_initial_state(self) -> KolodaState:
        return KolodaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KolodaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KolodaObserver(self, perfect_recall)


@dataclass(frozen=True)
class _Shared:
    """What every state of one game reads; OpenSpiel's clone deep-copies a state's
    attributes, and this one is shared rather than copied."""

    rules: AnyRules
    actions: ActionSpace
    deal_limit: int
    decision_limit: int
    seed: int

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The game's deck, read once (every chance node asks for it)."""
        return tuple(self.rules.info.deck.cards)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Inner:
    """The engine's state, copied by its own fast ``clone`` when OpenSpiel clones."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone())


class KolodaState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Koloda game in progress (the engine's state) with OpenSpiel's interface."""

    def __init__(self, game: KolodaGame) -> None:
        super().__init__(game)
        self._koloda = game.shared
        self._inner = _Inner(game.rules.empty_state())
        self._decisions = 0
        self._order: list[int] = []
        """The cards the chance nodes have placed so far in this deal's deck."""
        n = game.rules.info.num_seats
        self._recall: list[list[str]] = [[] for _ in range(n)]
        """What each seat has seen, line by line (the perfect-recall string)."""
        self._seen: list[str | None] = [None] * n
        """Each seat's view as its recall last wrote it."""
        self._deal_moves: list[tuple[int, int, bool]] = []
        """This deal's decisions: the actor, the action's index, whether all see it."""
        self._actions: list[int] = []
        """Every action from the start, chance's too (what a pickled state keeps)."""
        self._resampled = False

    @property
    def inner(self) -> Any:
        """The engine's state."""
        return self._inner.state

    @property
    def _deals_done(self) -> int:
        return len(self.inner.deal_scores())

    def is_terminal(self) -> bool:
        if self.inner.is_over:
            return True
        shared = self._koloda
        return self._deals_done >= shared.deal_limit or self._decisions >= shared.decision_limit

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.inner.awaiting_deal:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.inner.to_act
        if seat is None:  # between deals a dealing state deals by itself
            raise RuntimeError("a Koloda state with no seat to act")
        return int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._koloda.actions.indices(self.inner.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        placed = set(self._order)
        left = [card for card in self._koloda.deck if card not in placed]
        p = 1.0 / len(left)
        return [(card, p) for card in sorted(left)]

    def _apply_action(self, action: int) -> None:
        self._actions.append(action)
        if self.is_chance_node():
            self._place(action)
            return
        shared = self._koloda
        legal = self.inner.legal_actions()
        code = shared.actions.code_of(action, legal)
        seat = self.inner.to_act
        self.inner.apply(code)
        self._decisions += 1
        public = code < SCAN_LIMIT
        self._deal_moves.append((seat, action, public))
        text = shared.rules.format_action(code)
        for other in range(len(self._recall)):
            shown = text if public or other == seat else "?"
            self._recall[other].append(f"{(seat - other) % len(self._recall)}:{shown}")
        self._note_views()
        if self.inner.awaiting_deal:
            self._deal_moves = []

    def _place(self, card: int) -> None:
        """Chance puts ``card`` next in the deck; the last card deals the deal."""
        shared = self._koloda
        if card in self._order or card not in shared.deck:
            raise ValueError(f"card {card} is not left to deal")
        self._order.append(card)
        if len(self._order) < len(shared.deck):
            return
        inner = self.inner
        deal = inner.deal_index
        inner.resume_dealing(DeckOrder(self._order, f"{shared.seed}:{deal}:{self._order}"))
        if shared.rules.info.max_decisions_per_deal is not None:
            inner.shuffler = None  # the next deal is chance's again
        self._order = []
        self._deal_moves = []
        for lines in self._recall:
            lines.append(f"deal {deal}")
        self._note_views()

    def _note_views(self) -> None:
        """Each seat's view, in its recall, whenever it changes (its legal actions aside)."""
        for seat, lines in enumerate(self._recall):
            data = self.inner.view(seat).to_json()
            data.pop("legal_actions", None)
            text = json.dumps(data, sort_keys=True)
            if text != self._seen[seat]:
                self._seen[seat] = text
                lines.append(text)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_card(action)}"
        legal = self.inner.legal_actions() if player == self.inner.to_act else ()
        code = self._koloda.actions.code_of(action, legal)
        if code < 0:
            return f"decision slot {action - self._koloda.actions.slot_base}"
        return self._koloda.rules.format_action(code)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._koloda.rules.info.num_seats
        return list(final_reward(self._koloda.rules, self.inner))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KolodaState:
        """A state the player cannot tell from this one: hidden cards dealt anew (the others'
        recall is theirs in this state, not in the one resampled)."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else None
        rng = random.Random(seed)
        view = self.inner.view(player_id)
        state: KolodaState = self.get_game().new_initial_state()
        state._inner = _Inner(self._koloda.rules.sample_state(view, rng))
        if self._koloda.rules.info.max_decisions_per_deal is not None:
            state.inner.shuffler = None
        state._decisions = self._decisions
        state._recall = [list(lines) for lines in self._recall]
        state._seen = list(self._seen)
        state._deal_moves = list(self._deal_moves)
        state._resampled = True
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        if self._resampled:
            raise TypeError("a state resampled for search cannot be pickled")
        return (_restore, (self.get_game(), list(self._actions)))

    def __str__(self) -> str:
        seats = range(self._koloda.rules.info.num_seats)
        return "\n".join(json.dumps(self.inner.view(s).to_json()) for s in seats)


def _load(game: str, params: dict[str, Any]) -> KolodaGame:
    loaded: KolodaGame = pyspiel.load_game(game_name(game), params)
    return loaded


def _restore(game: KolodaGame, actions: list[int]) -> KolodaState:
    """A pickled state: its game's first state with the same actions."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


class KolodaObserver:
    """OpenSpiel's observer: the tensor and strings of one seat's view."""

    def __init__(self, game: KolodaGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.encoder.size
        extra = game.recall_size if perfect_recall else 0
        self.tensor = np.zeros(size + extra, dtype=np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["recall"] = self.tensor[size:]

    def set_from(self, state: KolodaState, player: int) -> None:
        game = self.game
        size = game.encoder.size
        self.tensor[:size] = game.encoder.encode(state.inner.view(player))
        if not self.perfect_recall:
            return
        recall = self.tensor[size:]
        recall[:] = 0.0
        n = game.num_players()
        width = n + game.actions.num_actions
        for position, (seat, action, public) in enumerate(state._deal_moves[: game.recalled]):
            row = position * width
            recall[row + (seat - player) % n] = 1.0
            if public or seat == player:
                recall[row + n + action] = 1.0

    def string_from(self, state: KolodaState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state._recall[player])
        return json.dumps(state.inner.view(player).to_json(), sort_keys=True)


def _register(game: str) -> type[KolodaGame]:
    """Register ``game`` with OpenSpiel under a class of its own (OpenSpiel keeps the class;
    a registered function would be freed without the GIL when Python exits)."""

    def __init__(self: KolodaGame, params: dict[str, Any] | None = None) -> None:
        KolodaGame.__init__(self, game, params)

    cls = type(f"Koloda_{game}_Game", (KolodaGame,), {"__init__": __init__})
    pyspiel.register_game(_game_type(game), cls)
    return cls


GAMES: dict[str, type[KolodaGame]] = {game: _register(game) for game in available_games()}
"""The registered game classes by Koloda name."""
