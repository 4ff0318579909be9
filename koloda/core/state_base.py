"""The template of every game's state: fields declared once, one rule path, derived clones.

A state class declares its fields once, as annotations in its body (``hands: list[CardSet]``).
The template (``StateTemplate``, the metaclass of ``DealtGameState``) turns them into
``__slots__`` and reads from each annotation how ``clone`` copies the field:

- ``list[list[...]]``: a list of lists, both levels copied;
- ``list[...]``: a list copied shallowly (its items are ints or immutable records);
- anything else: an immutable value (int, bool, tuple, frozen record) or a shared object
  (the rules, the shuffler), copied by reference.

Mutable containers other than lists (dicts, sets) and optional lists are refused at class
creation, so a field can never be shared by mistake between a state and its clone. From the
fields the template generates a ``clone`` specialised to the class with ``exec``, as
dataclasses generate ``__init__``: it is as fast as a hand-written one. Annotations a base
class needs only for typing (fields every game owns with its own type) go under
``if TYPE_CHECKING:``; re-annotating a base's field in a subclass narrows its type and may
change its kind, but adds no slot.

Every decision, checked or not, runs the game's ``_step(action, events)``: ``apply`` checks
it first and records events, ``apply_unchecked`` is ``_step`` itself with no events.
A game's state keeps ``phase`` (0 means between deals) and ``to_act_seat`` (-1 for nobody),
and names its phases in ``PHASE_NAMES``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import Event

PHASE_BETWEEN_DEALS = 0

VALUE, LIST, NESTED = "value", "list", "nested"
"""How ``clone`` copies a field: by reference, a shallow list copy, a list of lists."""

_REFUSED = ("dict[", "set[", "bytearray", "deque[", "defaultdict[")


def field_kind(owner: str, name: str, annotation: object) -> str:
    """The kind (``VALUE``, ``LIST`` or ``NESTED``) of a field from its annotation."""
    text = annotation if isinstance(annotation, str) else repr(annotation)
    text = text.replace(" ", "").removeprefix("builtins.")
    if text.startswith(_REFUSED):
        raise TypeError(f"{owner}.{name}: clone copies lists only, not {text}")
    if not text.startswith("list["):
        return VALUE
    depth = 0
    for index, char in enumerate(text):
        depth += (char == "[") - (char == "]")
        if depth == 0 and char == "]" and index != len(text) - 1:
            raise TypeError(f"{owner}.{name}: {text} cannot be cloned; use a list or a tuple alone")
    return NESTED if text.startswith("list[list[") else LIST


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _clone_source(fields: dict[str, str]) -> str:
    lines = ["def clone(self):", "    other = _new(cls)"]
    for name, kind in fields.items():
        if kind == NESTED:
            lines.append(f"    other.{name} = [inner[:] for inner in self.{name}]")
        elif kind == LIST:
            lines.append(f"    other.{name} = self.{name}[:]")
        else:
            lines.append(f"    other.{name} = self.{name}")
    lines.append("    return other")
    return "\n".join(lines)


class StateTemplate(type):
    """Builds a state class from its declared fields: slots, ``FIELDS`` and ``clone``."""

    def __new__(
        mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> StateTemplate:
        inherited: dict[str, str] = {}
        for base in reversed(bases):
            inherited.update(getattr(base, "FIELDS", {}))
        own: dict[str, str] = {}
        for field, annotation in namespace.get("__annotations__", {}).items():
            if _is_class_var(annotation):
                continue
            if field in namespace:
                raise TypeError(f"{name}.{field}: a field has no class value (use ClassVar)")
            if field.startswith("__"):
                raise TypeError(f"{name}.{field}: a field name may not be mangled")
            own[field] = field_kind(name, field, annotation)
        if "__slots__" in namespace:
            raise TypeError(f"{name}: declare fields as annotations, not __slots__")
        if "clone" in namespace:
            raise TypeError(f"{name}: clone is derived from the fields, not written by hand")
        if "apply_unchecked" in namespace and any(isinstance(b, StateTemplate) for b in bases):
            raise TypeError(f"{name}: apply_unchecked is _step; give the rules in _step")
        namespace["__slots__"] = tuple(f for f in own if f not in inherited)
        fields = {**inherited, **own}
        namespace["FIELDS"] = fields
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        scope: dict[str, Any] = {"_new": object.__new__, "cls": cls}
        exec(_clone_source(fields), scope)
        clone: Callable[[Any], Any] = scope["clone"]
        clone.__qualname__ = f"{name}.clone"
        clone.__doc__ = "A copy sharing nothing mutable (generated from ``FIELDS``)."
        cls.clone = clone  # type: ignore[attr-defined]
        cls.apply_unchecked = cls._step  # type: ignore[attr-defined]  # the same rule code
        return cls


class DealBookkeeping:
    """The deal bookkeeping of every game's state, on either engine (``DealtGameState`` and
    the native states of ``koloda.core.native_state``): the phase's meaning (0: between
    deals, the last: over), deals given or dealt from a shuffler, the deal logs and scores.
    A state gives ``_start`` (a given deal's cards checked and dealt), ``_deal_next`` (a
    deal from a shuffler), ``current_log`` and ``_finished_logs``."""

    __slots__ = ()

    PHASE_NAMES: ClassVar[tuple[str, ...]]
    DEALER_RULE: ClassVar[str]
    """The rule that says who deals, cited when a deal names another dealer."""

    if TYPE_CHECKING:
        rules: Any

        @property
        def shuffler(self) -> Shuffler | None: ...

        @shuffler.setter
        def shuffler(self, value: Shuffler | None) -> None: ...

        @property
        def sheet(self) -> Sequence[Any]:
            """The score sheet: one line (with its ``scores``) per finished deal."""

        @property
        def phase(self) -> int: ...

        @property
        def deal_number(self) -> int: ...

        @property
        def dealer(self) -> int: ...

    @property
    def awaiting_deal(self) -> bool:
        return self.phase == PHASE_BETWEEN_DEALS

    @property
    def deal_index(self) -> int:
        return self.deal_number

    @property
    def next_dealer(self) -> Seat:
        return self.dealer

    @property
    def in_deal(self) -> bool:
        """A deal is being played: every phase but "between deals" (first) and "over" (last)."""
        return 0 < self.phase < len(self.PHASE_NAMES) - 1

    @property
    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]

    def current_log(self) -> DealLog:
        """The deal in progress: its setup and the decisions so far."""
        raise NotImplementedError

    def _finished_logs(self) -> list[DealLog]:
        """Every finished deal's setup and decisions, in order."""
        raise NotImplementedError

    def deal_logs(self) -> list[DealLog]:
        logs = self._finished_logs()
        if self.in_deal:
            logs.append(self.current_log())
        return logs

    def deal_scores(self) -> list[tuple[int, ...]]:
        return [line.scores for line in self.sheet]

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        """Deal the next deal (``deal_number``) from ``shuffler``."""
        raise NotImplementedError

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Check the cards of ``setup`` against the deck and deal them."""
        raise NotImplementedError

    def start_deal(self, setup: DealSetup) -> list[Event]:
        """Start the next deal from given cards (records, tests, duplicate tournaments);
        a deal out of turn, by the wrong dealer or with a broken deck is a DealError."""
        if self.phase != PHASE_BETWEEN_DEALS:
            over = self.phase == len(self.PHASE_NAMES) - 1
            raise DealError(
                f"deal {self.deal_number}: "
                + ("the game is over" if over else "cannot start a deal while one is being played")
            )
        if setup.dealer != self.dealer:
            raise DealError(
                f"deal {self.deal_number}: dealer must be seat {self.dealer}, "
                f"not {setup.dealer} ({self.DEALER_RULE})"
            )
        events: list[Event] = []
        self._start(setup, events)
        return events

    def resume_dealing(self, shuffler: Shuffler) -> list[Event]:
        """Deal further deals from ``shuffler`` (a resumed saved game); deals now if due."""
        self.shuffler = shuffler
        events: list[Event] = []
        if self.phase == PHASE_BETWEEN_DEALS:
            self._deal_next(shuffler, events)
        return events


class DealtGameState(DealBookkeeping, metaclass=StateTemplate):
    """What every game's state shares: the protocol's bookkeeping and the checked ``apply``."""

    FIELDS: ClassVar[dict[str, str]]
    """Every field (slot) of the class and how ``clone`` copies it."""

    rules: Any
    shuffler: Shuffler | None
    first_dealer: int
    phase: int
    to_act_seat: int
    deal_number: int
    dealer: int

    if TYPE_CHECKING:

        def clone(self) -> Self:
            """A copy sharing nothing mutable; generated for each class from ``FIELDS``."""

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision comes next, or None between deals and when over."""
        return None if self.to_act_seat < 0 else self.to_act_seat

    def legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (citing the rule), or None when it is legal."""
        raise NotImplementedError

    def _step(self, action: Action, events: list[Event] | None = None) -> None:
        """The game's rules for one legal decision, recording events when ``events`` is a
        list: the only code that changes a state for a decision."""
        raise NotImplementedError

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for search: the caller guarantees the action is legal.

        Each class binds this name to its ``_step`` itself (one call less per decision)."""
        self._step(action, None)

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision after checking it; an illegal one raises IllegalActionError
        with the reason and the legal actions, and changes nothing."""
        reason = self.illegal_reason(action)
        if reason is not None:
            rules = self.rules
            raise IllegalActionError(
                rules.format_action(action),
                reason,
                [rules.format_action(a) for a in self.legal_actions()],
            )
        events: list[Event] = []
        self._step(action, events)
        return events


class WholeDeckState(DealtGameState):
    """A trick game's state: every deal hands out the whole deck (``WholeDeckRules``)."""

    if TYPE_CHECKING:
        completed: Sequence[Any]

    def _deal(self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None) -> None:
        """Give out ``hands`` (in seat order) and start the deal."""
        raise NotImplementedError

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        self._deal(self.rules.deal_hands(shuffler, self.deal_number), events)

    def _finished_logs(self) -> list[DealLog]:
        return list(self.completed)
