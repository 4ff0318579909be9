"""A game package's one entry: its rules and the adapters it provides.

Each game package declares ``PLUGIN`` in its ``__init__``; the registry (``core.registry``)
lists the packages. Adapters are named as ``"module:attribute"`` and imported only when
asked for, so loading a game's rules never imports its bots. A fifth game touches nothing
outside its own package and one registry line.
"""

from __future__ import annotations

import importlib
import os
import random
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from koloda.core.engine import Action, AnyRules, S, V_contra
from koloda.core.errors import OptionError

ENGINES = ("python", "native")
"""The engines a game may run on: the Python reference and the Rust crate's."""
ENGINE_VARIABLE = "KOLODA_ENGINE"
"""The environment variable that chooses the default engine (``python`` or ``native``)."""


def native_engine_error() -> str | None:
    """Why the native engine (the extension module ``koloda._native``) cannot be used, or
    None when it can."""
    try:
        importlib.import_module("koloda._native")
    except ImportError as error:
        return str(error)
    return None


def default_engine() -> str:
    """The engine ``load_game`` uses unless told: ``$KOLODA_ENGINE`` if set, else the native
    one (every game is native and the differential test proves it equal to the Python
    reference). Without a built ``koloda._native`` it is the Python engine, with one note."""
    chosen = os.environ.get(ENGINE_VARIABLE, "").strip() or "native"
    if chosen not in ENGINES:
        warnings.warn(
            f"{ENGINE_VARIABLE}={chosen!r} is not an engine ({', '.join(ENGINES)}): "
            "using the native engine",
            RuntimeWarning,
            stacklevel=2,
        )
        chosen = "native"
    if chosen == "native":
        error = native_engine_error()
        if error is not None:
            warnings.warn(
                f"koloda: the native engine is not built ({error}); using the Python engine "
                "(install the package with the Rust toolchain to build it)",
                RuntimeWarning,
                stacklevel=2,
            )
            return "python"
    return chosen


DEFAULT_ENGINE = default_engine()
"""The engine ``load_game`` uses unless told (``default_engine``, read once at import)."""


class HeuristicPolicy(Protocol):
    """A game's heuristic: a decent club player's choice from a view alone."""

    def __call__(self, rules: Any, view: Any, rng: random.Random, /) -> Action: ...


class BeliefModel(Protocol[S, V_contra]):
    """Weighs sampled deals (states ``S``) by how well they explain the others' public play
    seen in a view ``V_contra``."""

    def prepare(self, view: V_contra) -> Any:
        """What the model reads once from the view (its public history, in its own form)."""
        ...

    def weight(self, prepared: Any, sample: S, rng: random.Random) -> float:
        """How likely the others' public actions are if ``sample`` is the truth (unnormalised)."""
        ...

    def vary(self, sample: S, rng: random.Random) -> S:
        """Another deal as likely as ``sample`` (used when a deal is drawn more than once)."""
        ...


@dataclass(frozen=True, slots=True)
class SearchSupport(Generic[S]):
    """What a trick game offers an exact search of the rest of a deal."""

    cards_in_play: Callable[[S], int]
    """Cards still in the players' hands while cards are being played, else -1."""
    position_key: Callable[[S], Hashable]
    """What the rest of the deal depends on (a transposition-table key)."""
    exact_cards: int = 12
    """At most this many cards left in hands before the search solves a deal exactly."""
    search_card_play_only: bool = False
    """Non-card decisions (bids, exchanges) are left to the heuristic: searching them by
    sampled deals would read the hidden hands they are about."""


class TrickPlayState(Protocol):
    """What an exact search reads of a trick game's state."""

    @property
    def hands(self) -> Sequence[int]: ...

    @property
    def phase_name(self) -> str: ...

    @property
    def trick(self) -> Sequence[int]: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def tricks(self) -> Sequence[int]: ...


def trick_position(state: TrickPlayState) -> tuple[Hashable, ...]:
    """What the rest of a trick game's deal depends on, at the least: the hands, the trick in
    progress, the mover and the tricks each seat has taken (a game adds what it scores by)."""
    return (tuple(state.hands), tuple(state.trick), state.to_act, tuple(state.tricks))


def cards_in_play(state: TrickPlayState) -> int:
    """The cards left in the players' hands while cards are played (``play``), else -1."""
    if state.phase_name != "play":
        return -1
    return sum(hand.bit_count() for hand in state.hands)


def load_reference(reference: str) -> Any:
    """The object named by ``"package.module:attribute"``."""
    module_name, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


@dataclass(frozen=True, slots=True)
class NativeTuning:
    """How the native searches of a trick game's card play (ISMCTS, PIMC) play it: the
    game's plugin says so (``native_search``), its native rules do the rest."""

    hidden_cards: str
    """``"module:function"``: the game's ``hidden_cards(rules, view)``: what a seat knows of
    the unseen cards."""
    exact_cards: int = 16
    """``hard`` solves a deal exactly once this many cards are left in the hands."""
    lookahead: bool = False
    """``hard``'s playouts look one card ahead at the seat's turns (``NativePIMCBot``)."""
    beliefs: bool = False
    """``hard`` weighs its deals by the others' decisions before the card play (Spades'
    bids; the rules' ``sample_state(view, rng, first_card=True)`` gives the position at
    the deal's first card)."""


@dataclass(frozen=True, slots=True)
class NativeSearch:
    """What the native searches (``koloda.bots.search.native_ismcts``, ``native_pimc``)
    need of a game whose card play they search."""

    rules: AnyRules
    """The game's rules of the same options on the native engine."""
    ismcts: Callable[..., Mapping[str, Any]]
    """The Rust ISMCTS over the card play (the native state class's ``ismcts``)."""
    pimc: Callable[..., Mapping[str, Any]]
    """The Rust PIMC over the card play (the native state class's ``pimc``)."""
    hidden_cards: Callable[[Any, Any], Any]
    """The game's ``hidden_cards(rules, view)`` (``NativeTuning``)."""
    tuning: NativeTuning
    """How ``hard`` plays the game (exact cards, lookahead, beliefs)."""


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """A game as the registry knows it: how to make its rules and where its adapters are."""

    name: str
    rules: str
    """``"module:function"``: ``function(**options)`` makes the game's rules object."""
    heuristic: str
    """``"module:function"``: the heuristic policy (``HeuristicPolicy``)."""
    beliefs: str | None = None
    """``"module:Class"``: ``Class(rules)`` is the game's belief model, if it has one."""
    search: str | None = None
    """``"module:attribute"``: the game's ``SearchSupport``, for trick games."""
    words: str | None = None
    """The package whose ``words/<lang>.json`` hold the game's own words for people (its
    contracts, events, sheet): merged into each language's catalogue."""
    seats_option: str | None = None
    """The option that sets the number of seats, which a record's player names may imply
    when it is left out (101's ``players``)."""
    native_rules: str | None = None
    """``"module:class"``: the same rules on the native engine (``koloda._native``), for a
    game the Rust crate implements and the differential test proves equal; made from the
    options the reference rules (``rules``) checked."""
    native_search: NativeTuning | None = None
    """How the native searches of the trick games' card play (ISMCTS, PIMC) play the game,
    on its native rules (``native_rules``); None: they do not."""
    native_pimc: str | None = None
    """``"module:Class"``: a game's own PIMC in native code, where its search is not the
    trick games' (``Class(rules, samples=, milliseconds=, name=)``, a bot)."""
    native_ismcts: str | None = None
    """``"module:Class"``: a game's own ISMCTS in native code (``Class(rules, iterations=,
    milliseconds=, name=)``, a bot): its ``hard``, ``ismcts-native`` and, on the real hands,
    its ``cheater``."""

    display: str | None = None
    """The module that draws the game in the terminal: ``describe(rules, view, words)`` and,
    where the game has them, ``deal_breakdown`` and ``HELP_KEYS``. None: the generic display
    of any game (``koloda.cli.display.generic``)."""
    lobby: str | None = None
    """``"module:attribute"``: what the lobby shows of the game beyond its options dataclass
    (its presets and the options' shapes: when one applies, the numbers it may be). None:
    one preset, the game on its default options."""
    web: str | None = None
    """The package whose ``web/`` folder holds the game's browser modules (``board.js``: its
    scoreboard), which the card room serves and loads by the game's name. None: the generic
    board."""
    help: str | None = None
    """The package whose ``help/<lang>.md`` is the game's player page (how to play it), which
    ``/help/<lang>/<game>`` and the documentation site show. None: the game has none."""
    vector: str | None = None
    """``"module:function"``: ``function(rules, encoder)`` gives the native batch path of
    ``VectorEnv`` for these rules (their states stepped and encoded in Rust), or None."""
    lesson: str | None = None
    """The module of the game's first game with a teacher (its seeded deal and the teacher's
    words, ``koloda.learn.lesson_of``), which ``/learn/<game>`` and ``koloda learn`` play.
    None: the game has none yet."""
    unrated: tuple[str, ...] = ()
    """Actions (in notation) the analysis never suggests, because a search by sampled deals
    overrates them (Spades' nil bids: a sampled deal shows the bidder's cards)."""

    @property
    def engines(self) -> tuple[str, ...]:
        """The engines this game can run on: always ``python``, and ``native`` if built."""
        return ("python", "native") if self.native_rules is not None else ("python",)

    def make_rules(self, engine: str | None = None, **options: Any) -> AnyRules:
        """The game's rules on ``engine`` (``python``, the reference, or ``native``); by
        default ``DEFAULT_ENGINE``, or ``python`` for a game with no native engine."""
        if engine is None:
            engine = DEFAULT_ENGINE if DEFAULT_ENGINE in self.engines else "python"
        if engine not in ENGINES:
            raise OptionError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
        rules: AnyRules = load_reference(self.rules)(**options)
        if engine == "native":
            if self.native_rules is None:
                raise OptionError(f"{self.name}: no native engine yet (engines: python)")
            error = native_engine_error()
            if error is not None:
                raise OptionError(f"{self.name}: the native engine is not built ({error})")
            checked: Any = rules  # every game's rules object keeps its checked options
            native: AnyRules = load_reference(self.native_rules)(checked.options)
            return native
        return rules

    def heuristic_policy(self) -> HeuristicPolicy:
        policy: HeuristicPolicy = load_reference(self.heuristic)
        return policy

    def belief_model(self, rules: AnyRules) -> BeliefModel[Any, Any] | None:
        if self.beliefs is None:
            return None
        model: BeliefModel[Any, Any] = load_reference(self.beliefs)(rules)
        return model

    def native_search_parts(self, rules: AnyRules) -> NativeSearch | None:
        """What the native searches need of the game (``native_search``), or None."""
        tuning = self.native_search
        if tuning is None or self.native_rules is None:
            return None
        native_class = load_reference(self.native_rules)
        given: Any = rules  # the game's own rules, with its options
        native = given if isinstance(given, native_class) else native_class(given.options)
        state = native_class.STATE
        hidden_cards = load_reference(tuning.hidden_cards)
        return NativeSearch(native, state.ismcts, state.pimc, hidden_cards, tuning)

    def native_pimc_bot(
        self, rules: AnyRules, samples: int | None, milliseconds: float | None, name: str
    ) -> Any | None:
        """The game's own native PIMC bot (``native_pimc``), or None."""
        if self.native_pimc is None:
            return None
        return load_reference(self.native_pimc)(
            rules, samples=samples, milliseconds=milliseconds, name=name
        )

    def native_ismcts_bot(
        self, rules: AnyRules, iterations: int | None, milliseconds: float | None, name: str
    ) -> Any | None:
        """The game's own native ISMCTS bot (``native_ismcts``), or None."""
        if self.native_ismcts is None:
            return None
        return load_reference(self.native_ismcts)(
            rules, iterations=iterations, milliseconds=milliseconds, name=name
        )

    def search_support(self) -> SearchSupport[Any] | None:
        if self.search is None:
            return None
        support: SearchSupport[Any] = load_reference(self.search)
        return support
