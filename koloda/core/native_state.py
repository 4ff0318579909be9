"""The one Python wrapper of the native engine's games (``koloda._native``): what every game's
native state and rules share around its Rust core. The core gives plain data (dicts of
named fields, tuples: ``native/src/python/bridge.rs``) and reads the options by the Python
engine's own names and values, so a game's ``native.py`` says only where it truly differs:
its positions as the core takes them, and its own events and view fields. The differential
test (``tests/native``) proves both engines equal decision by decision.
A game's native rules subclass its Python rules (whose ``rules.py`` proves them an engine
``Rules``), so the type checker holds every override here to them.

- ``NativeState``, listed after the game's Rust core class (``class NativeKingState(KingCore,
  NativeDealing)``, so the core's own attributes come first, among them ``illegal_reason``,
  Rust's reasons): creation, the deal bookkeeping both engines share
  (``state_base.DealBookkeeping``), the score sheet (``SUMMARY`` made from each line's
  fields), events as objects (``EVENTS``: a maker by the event's kind) and views (``VIEW``
  made from the fields of the core's ``_view``);
- ``NativeDealing``: the deals of the whole-deck trick games (King, Spades, Tressette): the
  deals given, their records and logs;
- ``NativeRules``, listed before the game's Python rules class: ``engine``, empty states,
  the native seeded deal, the batch ``playouts``, a Python state loaded whole
  (``from_python``, the game's ``POSITION``), sampling and the search's parts;
- ``NativeAnalysis`` (the trick games'): the post-game analysis's values in Rust (the core
  class's ``analysis`` and ``analysis_dealt``).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from koloda.core.cards import Card
from koloda.core.dealing import Shuffler
from koloda.core.engine import DealLog, DealSetup, Seat
from koloda.core.errors import DealError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.state_base import DealBookkeeping

_MASK64 = (1 << 64) - 1

EventMakers = Mapping[str, "Callable[..., Event] | str"]
"""Each event kind's maker, called with the native event's fields by name (sequences as
tuples); a string names a method of the state instead (an event that needs the state)."""

COMMON_EVENTS: Mapping[str, Callable[..., Event]] = {
    "card": CardPlayed,
    "trick": TrickTaken,
    "scored": DealScored,
    "over": GameOver,
}
"""The events the games share, by the kind the native engine gives them."""


@functools.cache
def _native() -> Any:
    """The extension module (not a game's: the core imports no game), imported once."""
    return importlib.import_module("koloda._native")


class NativeState(DealBookkeeping):
    """What every native state adds to its Rust core (see the module's text)."""

    EVENTS: ClassVar[EventMakers] = COMMON_EVENTS
    VIEW: ClassVar[Callable[..., Any]]
    """The game's view class, made from the fields of the core's view (``_view``)."""
    SUMMARY: ClassVar[Callable[..., Any]]
    """The score sheet's line (the game's ``DealSummary``), made from a native line's fields."""

    if TYPE_CHECKING:  # the Rust core's members, as read here (the deal's are the base's)

        @property
        def to_act(self) -> int | None: ...

        def _configure(self, options: Any, first_dealer: int) -> None: ...

        def _sheet_count(self) -> int: ...

        def _sheet_lines(self, start: int) -> Sequence[Any]: ...

        def _view(self, seat: int) -> dict[str, Any]: ...

    @classmethod
    def create(cls, rules: Any, first_dealer: Seat, shuffler: Shuffler | None) -> Any:
        """A new game of ``rules`` awaiting its first deal by ``first_dealer``."""
        n = rules.num_seats
        if not 0 <= first_dealer < n:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{n - 1}")
        state = cls()
        state._configure(rules.native_options(), first_dealer)
        state.rules = rules
        state.shuffler = shuffler
        return state

    def _summaries(self, lines: Sequence[Any]) -> Sequence[Any]:
        """The score sheet's lines as the game's objects, from the core's (a list, or a
        tuple where the Python engine's sheet is one)."""
        return [self.SUMMARY(**line) for line in lines]

    @property
    def sheet(self) -> Sequence[Any]:
        """The score sheet: one summary per finished deal (read from the core once)."""
        cache: Any = self.__dict__.get("_sheet")
        count = self._sheet_count()
        if cache is None or len(cache) > count:
            cache = self._summaries(())
        if len(cache) < count:
            cache = cache + self._summaries(self._sheet_lines(len(cache)))
            self.__dict__["_sheet"] = cache
        return cast("Sequence[Any]", cache)

    def _events(self, raw: Sequence[dict[str, Any]]) -> list[Event]:
        """The event objects of the native engine's (dicts of their fields with their
        ``kind``), by ``EVENTS``."""
        events: list[Event] = []
        for fields in raw:
            kind = fields.pop("kind")
            make = self.EVENTS.get(kind)
            if make is None:
                raise ValueError(f"unknown native event {kind!r}")
            if isinstance(make, str):
                make = cast("Callable[..., Event]", getattr(self, make))
            events.append(make(**fields))
        return events

    def _view_extra(self, fields: dict[str, Any]) -> dict[str, Any]:
        """The view's fields beyond the core's and the score sheet (the game's own)."""
        return {}

    def view(self, seat: Seat) -> Any:
        """Everything ``seat`` may know now (computed natively), and nothing else."""
        n = self.rules.num_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
        fields = self._view(seat)
        extra = self._view_extra(fields)
        return self.VIEW(seat=seat, **fields, sheet=tuple(self.sheet), **extra)

    def _repr_fields(self) -> str:
        return f"totals={getattr(self, 'totals', None)}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, {self._repr_fields()})"
        )


def _deal_log(record: dict[str, Any]) -> DealLog:
    """A native deal record (dealer, dealt, actions) as a deal log."""
    dealt = tuple(tuple(hand) for hand in record["dealt"])
    return DealLog(DealSetup(record["dealer"], dealt), tuple(record["actions"]))


def fields_of(record: Any) -> dict[str, Any]:
    """A dataclass's fields by name, shallow (``dataclasses.asdict`` copies every value
    deeply, which the sampling of positions cannot afford)."""
    return {field.name: getattr(record, field.name) for field in dataclasses.fields(record)}


def attributes(source: Any, names: str) -> dict[str, Any]:
    """The attributes of a Python-engine state named in ``names`` (separated by spaces) as
    its native position holds them: as they are (the core reads any sequence, a list as a
    tuple)."""
    return {name: getattr(source, name) for name in _split(names)}


@functools.cache
def _split(names: str) -> tuple[str, ...]:
    """The names of ``names`` (a game's one string of them), split once."""
    return tuple(names.split())


def or_none(code: int) -> int | None:
    """A Python-engine state's code of a seat, card or suit (-1: none) as a position holds
    it."""
    return None if code < 0 else code


def trick_fields(source: Any) -> dict[str, Any]:
    """The card play of a Python-engine trick-game state as its native position holds it
    (its ``card_play``)."""
    return {
        "plays": tuple(source.history),
        "trick_count": source.trick_count,
        "lead_suit": source.lead_suit,
        "trick_leader": or_none(source.trick_leader),
        "tricks": tuple(source.tricks),
        "tricks_played": source.tricks_played,
    }


class NativeDealing(NativeState):
    """The deal bookkeeping of a native whole-deck state (King, Spades, Tressette)."""

    if TYPE_CHECKING:

        @property
        def dealt(self) -> Sequence[Sequence[int]]: ...

        @property
        def history(self) -> list[int]: ...

        @property
        def trick_count(self) -> int: ...

        def _current_record(self) -> dict[str, Any]: ...

        def _completed(self, start: int) -> Sequence[Any]: ...

        def _deal(self, hands: list[list[int]]) -> Any: ...

        def _apply_events(self, action: int) -> tuple[list[Any], bool]: ...

    @property
    def plays(self) -> list[int]:
        """Every card of this deal in play order, as ``seat << 6 | card``."""
        return self.history

    def seated_plays(self) -> list[tuple[Seat, Card]]:
        """Every card played in this deal with the seat that played it."""
        return [(play >> 6, play & 63) for play in self.history]

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, led first."""
        history = self.history
        return [play & 63 for play in history[len(history) - self.trick_count :]]

    def _deal_hands(self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None) -> None:
        """Deals ``hands`` in the core and says so in ``events``, with what the deal says."""
        started = self._deal_started(hands)
        raw = self._deal([list(hand) for hand in hands])
        if events is not None:
            events.append(started)
            events.extend(self._events(raw))

    def _deal_started(self, hands: tuple[tuple[int, ...], ...]) -> Event:
        """The event that starts the deal about to be dealt (a game may announce it its way)."""
        return DealStarted(self.deal_number, self.dealer, hands)

    def apply(self, action: int) -> list[Event]:
        """Apply a decision after checking it; an illegal one raises IllegalActionError
        with the reason the native rules give and the legal actions, and changes nothing."""
        raw, due = self._apply_events(action)
        events = self._events(raw)
        if due and self.shuffler is not None:
            self._deal_next(self.shuffler, events)
        return events

    @property
    def completed(self) -> list[DealLog]:
        """The finished deals' logs."""
        return [_deal_log(record) for record in self._completed(0)]

    def _finished_logs(self) -> list[DealLog]:
        return self.completed

    def _deal_from_shuffler(self) -> None:
        """Called by the native ``apply_unchecked`` when a deal ends and a shuffler deals."""
        if self.shuffler is not None:
            self._deal_next(self.shuffler, None)

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        self._deal_hands(self.rules.deal_hands(shuffler, self.deal_number), events)

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        self.rules.check_hands(setup.hands, self.deal_number)
        self._deal_hands(setup.hands, events)

    def current_log(self) -> DealLog:
        return _deal_log(self._current_record())


class NativeRules:
    """What every game's rules on the native engine add to its Python rules (see the
    module's text): listed first, ``class NativeKingRules(NativeRules, KingRules)``."""

    engine = "native"
    STATE: ClassVar[Any]
    """The game's native state class."""
    POSITION: ClassVar[Callable[[Any], dict[str, Any]]]
    """A Python-engine state's position as the native engine takes it (the game's
    ``position``)."""
    SAMPLE: ClassVar[Callable[..., Any]]
    """The Python engine's ``sample_state(rules, view, rng, ...)`` of the game."""

    def native_options(self) -> dict[str, Any]:
        """The options as the native engine takes them: the dict of their fields, which it
        reads by the same names and values and checks. Made once: every new state, sampled
        ones too, is set up from it."""
        made: dict[str, Any] | None = self.__dict__.get("_native_options")
        if made is None:
            rules: Any = self
            made = self.__dict__["_native_options"] = fields_of(rules.options)
        return made

    def deal_hands(self, shuffler: Shuffler, deal: int) -> tuple[tuple[Card, ...], ...]:
        """The Python engine's deal, bit for bit (the core ``Shuffler``'s seeded BLAKE2b
        shuffle, computed natively); unseeded shuffles come from the core as they are."""
        rules: Any = self
        if shuffler.seed is None or type(shuffler) is not Shuffler:
            dealt: tuple[tuple[Card, ...], ...] = cast(Any, super()).deal_hands(shuffler, deal)
            return dealt
        cards = _native().seeded_shuffle(f"{shuffler.seed}", deal, list(rules.deck.cards))
        size = rules.hand_size
        return tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(rules.num_seats))

    def empty_state(self, first_dealer: Seat = 0) -> Any:
        """A new game awaiting its first deal, its rules running in Rust."""
        return self.STATE.create(self, first_dealer, None)

    def sample_state(self, view: Any, rng: random.Random, **given: Any) -> Any:
        """The Python engine's sampling (the same constraints, the same draws; ``given``
        goes to it too: Spades' ``first_card``), loaded into a native state."""
        return self.from_python(type(self).SAMPLE(self, view, rng, **given))

    def from_python(self, source: Any) -> Any:
        """A native state in exactly the position of a Python-engine state."""
        rules: Any = self
        state = self.empty_state(source.first_dealer % rules.num_seats)
        state._load(type(self).POSITION(source))
        return state

    def playouts(self, games: int, seed: int = 0, deal_limit: int = 0) -> dict[str, Any]:
        """``games`` whole games of uniformly random decisions, dealt and played in Rust
        (deals from a fast seeded generator, not the ``Shuffler``): a dict with ``games``,
        ``decisions``, ``deals``, ``total_points`` and the game's own counts.
        A ``deal_limit`` (0: none) stops a game after that many deals (``unfinished``
        counts those games); ``outcomes`` sums each seat's outcome over the games.
        """
        if games < 0 or deal_limit < 0:
            raise ValueError("games and deal_limit must be 0 or more")
        played: dict[str, Any] = self.STATE.playouts(
            self.native_options(), games, seed & _MASK64, deal_limit
        )
        return played


Knowledge = tuple[int, list[tuple[int, int, int, int]], list[tuple[int, int, int]]]
"""A seat's knowledge of the unseen cards: ``unseen, places, limits`` as
``koloda.bots.search.native`` reads them."""


class NativeAnalysis:
    """The post-game analysis's valuing in Rust, for the rules of the trick games
    (``koloda.bots.analysis`` looks for ``analysis_values``)."""

    STATE: ClassVar[Any]

    def analysis_values(
        self, samples: Sequence[Any], seat: int, exact_cards: int
    ) -> list[tuple[int, float]] | None:
        """Each legal action of ``seat``'s decision with its mean value in points over the
        sampled positions, natively, as ``PIMCBot.values`` in points values it on the same
        positions (``koloda.bots.analysis``); None where a playout meets a decision the
        native heuristic does not make."""
        values: list[tuple[int, float]] | None = self.STATE.analysis(
            list(samples), seat, exact_cards
        )
        return values

    def analysis_values_dealt(
        self, root: Any, seat: int, knowledge: Knowledge, samples: int, seed: int, exact_cards: int
    ) -> list[tuple[int, float]] | None:
        """As ``analysis_values`` over ``samples`` positions of the card play dealt natively
        from ``root`` by the seat's ``knowledge`` of the unseen cards, from ``seed``."""
        unseen, places, limits = knowledge
        values: list[tuple[int, float]] | None = root.analysis_dealt(
            seat, unseen, places, samples, seed, exact_cards, limits
        )
        return values
