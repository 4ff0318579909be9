"""Tressette on the native engine (``koloda._native``, the Rust crate in ``native/``).

``load_game("tressette", engine="native", ...)`` makes a ``NativeTressetteRules``: the Python
engine's rules object (options, notation, records, score sheet, sampling) whose states are
``NativeTressetteState``. The state machine — legal cards, tricks with the trump hearts,
declarations, points the moment they are earned, games of 21 and the group of three — runs
in Rust; this module adds views as ``TressetteView``, events as objects, errors that cite
the rule, deal logs and the score sheet. The differential test (``tests/native``) proves
both engines equal decision by decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from koloda._native import (
    TressetteCore,
    analysis_tressette,
    analysis_tressette_dealt,
    seeded_shuffle,
    tressette_playouts,
)
from koloda.core.cards import Card
from koloda.core.dealing import Shuffler
from koloda.core.engine import DealSetup, Rules, Seat
from koloda.core.errors import DealError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.native_state import NativeDealing
from koloda.core.options import build_options
from koloda.core.plugin import NativeSearch
from koloda.games.tressette.declarations import Declaration, DeclarationKind
from koloda.games.tressette.events import Declared, GameWon, PointsScored
from koloda.games.tressette.options import TressetteOptions
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import POWER_PLAIN, POWER_SPECIAL
from koloda.games.tressette.state import (
    NUM_SEATS,
    PHASE_AWAIT_DEAL,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    DealSummary,
    TressetteState,
    WonGame,
)
from koloda.games.tressette.view import TressetteView
from koloda.games.tressette.view import sample_state as sample_python_state

OptionsTuple = tuple[bool, bool, bool]
DECLARATION_KINDS: tuple[DeclarationKind, ...] = ("baba", "long_run", "triple")
"""The kinds of declarations by the native engine's codes."""
_KIND_CODES = {kind: code for code, kind in enumerate(DECLARATION_KINDS)}


def options_tuple(options: TressetteOptions) -> OptionsTuple:
    """The options in the order the native engine takes them."""
    return (options.hearts_special, options.card_points == "pooled", options.long_run == "ten")


def _declarations(
    raw: Sequence[Sequence[tuple[int, Sequence[int], int]]],
) -> tuple[tuple[Declaration, ...], ...]:
    return tuple(
        tuple(
            Declaration(seat, DECLARATION_KINDS[kind], tuple(cards), points)
            for kind, cards, points in found
        )
        for seat, found in enumerate(raw)
    )


def _declarations_raw(
    declarations: tuple[tuple[Declaration, ...], ...],
) -> list[list[tuple[int, list[int], int]]]:
    return [[(_KIND_CODES[d.kind], list(d.cards), d.points) for d in seat] for seat in declarations]


class NativeTressetteState(TressetteCore, NativeDealing):
    """A group of Tressette whose rules run in Rust. Create it through
    ``NativeTressetteRules``."""

    rules: NativeTressetteRules
    shuffler: Shuffler | None

    PHASE_NAMES = PHASE_NAMES
    AWAIT_PHASE = PHASE_AWAIT_DEAL
    OVER_PHASE = PHASE_OVER
    DEALER_RULE = "T-4"
    PLAY_PHASE = PHASE_PLAY

    @property
    def power(self) -> tuple[int, ...]:
        """The trick power table, as the Python engine keeps it (for hints)."""
        return POWER_SPECIAL if self.rules.options.hearts_special else POWER_PLAIN

    @classmethod
    def create(
        cls, rules: NativeTressetteRules, first_dealer: Seat, shuffler: Shuffler | None
    ) -> NativeTressetteState:
        if not 0 <= first_dealer < NUM_SEATS:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{NUM_SEATS - 1}")
        state = cls()
        state._configure(options_tuple(rules.options), first_dealer)
        state.rules = rules
        state.shuffler = shuffler
        return state

    # ----- protocol properties -------------------------------------------------------------

    @property
    def in_deal(self) -> bool:
        return self.phase == PHASE_PLAY

    @property
    def plays(self) -> list[int]:
        """The cards played in this deal, in order."""
        return self._current_actions()

    @property
    def games(self) -> list[WonGame]:
        return [WonGame(*game) for game in self._games()]

    @property
    def declarations(self) -> tuple[tuple[Declaration, ...], ...]:
        """Every seat's declarations of this deal (T-7..T-11)."""
        return _declarations(self._declarations())

    @property
    def sheet(self) -> list[DealSummary]:
        """The score sheet: one ``DealSummary`` per finished deal."""
        cache: list[DealSummary] | None = self.__dict__.get("_sheet")
        count = self._sheet_count()
        if cache is None or len(cache) > count:
            cache = []
        if len(cache) < count:
            games = self.games
            cache = cache + [
                DealSummary(
                    deal,
                    dealer,
                    _declarations(declarations),
                    tuple(tricks),
                    (sums[0][0], sums[0][1]),
                    (sums[1][0], sums[1][1]),
                    (sums[2][0], sums[2][1]),
                    (sums[3][0], sums[3][1]),
                    tuple(games[first:last]),
                    (after[0], after[1]),
                )
                for (deal, dealer), declarations, tricks, sums, (first, last), after in (
                    self._sheet_lines(len(cache))
                )
            ]
            self.__dict__["_sheet"] = cache
        return cache

    def seated_plays(self) -> list[tuple[Seat, Card]]:
        return [(p >> 6, p & 63) for p in self.history]

    # ----- the protocol beyond the hot path ------------------------------------------------

    def _events(self, raw: list[tuple[Any, ...]]) -> list[Event]:
        events: list[Event] = []
        for item in raw:
            kind = item[0]
            if kind == "card":
                events.append(CardPlayed(item[1], item[2]))
            elif kind == "trick":
                events.append(TrickTaken(item[1], tuple(item[2])))
            elif kind == "declared":
                events.append(Declared(item[1], self.declarations[item[1]]))
            elif kind == "points":
                events.append(PointsScored(item[1], item[2], item[3], tuple(item[4])))
            elif kind == "won":
                events.append(GameWon(*item[1:]))
            elif kind == "scored":
                events.append(DealScored(item[1], tuple(item[2])))
            elif kind == "over":
                events.append(GameOver(tuple(item[1]), tuple(item[2])))
            else:
                raise ValueError(f"unknown native event {item!r}")
        return events

    def _deal_hands(self, hands: tuple[tuple[Card, ...], ...], events: list[Event] | None) -> None:
        deal, dealer = self.deal_number, self.dealer
        raw = self._deal(hands)
        if events is not None:
            events.append(DealStarted(deal, dealer, hands))
            events.extend(self._events(raw))

    def view(self, seat: Seat) -> TressetteView:
        """Everything ``seat`` may know now (computed natively), and nothing else."""
        if not 0 <= seat < NUM_SEATS:
            raise ValueError(f"seat {seat} is not a seat 0..{NUM_SEATS - 1}")
        (
            phase,
            deal,
            dealer,
            first_dealer,
            leader,
            hand,
            dealt,
            hand_sizes,
            plays,
            trick_leader,
            trick,
            tricks_won,
            to_act,
            legal_actions,
            points,
            deal_points,
            totals,
            settled_points,
            settled_games,
        ) = self._view_fields(seat)
        in_deal = phase == PHASE_PLAY
        return TressetteView(
            seat=seat,
            phase=phase,
            deal=deal,
            dealer=dealer,
            first_dealer=first_dealer,
            leader=leader,
            hand=hand,
            dealt=dealt,
            hand_sizes=hand_sizes,
            plays=plays,
            trick_leader=trick_leader,
            trick=trick,
            tricks_won=tricks_won,
            to_act=to_act,
            legal_actions=legal_actions,
            declarations=self.declarations if in_deal else ((),) * NUM_SEATS,
            points=points,
            deal_points=deal_points,
            games=tuple(self.games),
            totals=totals,
            settled_points=settled_points,
            settled_games=settled_games,
            sheet=tuple(self.sheet),
        )

    def __repr__(self) -> str:
        return (
            f"NativeTressetteState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, points={self.points}, games={len(self._games())})"
        )


class NativeTressetteRules(TressetteRules):
    """Tressette with its options fixed, on the native engine."""

    engine = "native"

    def analysis_values(
        self, samples: Sequence[NativeTressetteState], seat: int, exact_cards: int
    ) -> list[tuple[int, float]] | None:
        """Each legal action of ``seat``'s decision with its mean value in points over the
        sampled positions, natively, as ``PIMCBot.values`` in points values it on the same
        positions (``koloda.bots.analysis``); None where a playout meets a decision the
        native heuristic does not make."""
        return analysis_tressette(list(samples), seat, exact_cards)

    def analysis_values_dealt(
        self,
        root: NativeTressetteState,
        seat: int,
        knowledge: tuple[int, list[tuple[int, int, int, int]], list[tuple[int, int, int]]],
        samples: int,
        seed: int,
        exact_cards: int,
    ) -> list[tuple[int, float]] | None:
        """As ``analysis_values`` over ``samples`` positions of the card play dealt natively
        from ``root`` by the seat's ``knowledge`` of the unseen cards (``unseen, places,
        limits`` as ``koloda.bots.search.native`` reads them), from ``seed``."""
        unseen, places, limits = knowledge
        return analysis_tressette_dealt(
            root, seat, unseen, places, samples, seed, exact_cards, limits
        )

    def deal_hands(self, shuffler: Shuffler, deal: int) -> tuple[tuple[Card, ...], ...]:
        """The Python engine's deal, bit for bit (the core ``Shuffler``'s seeded BLAKE2b
        shuffle, computed natively); unseeded shuffles come from the core as they are."""
        if shuffler.seed is None or type(shuffler) is not Shuffler:
            return super().deal_hands(shuffler, deal)
        cards = seeded_shuffle(f"{shuffler.seed}", deal, list(self.deck.cards))
        size = self.hand_size
        return tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(self.num_seats))

    def empty_state(self, first_dealer: Seat = 0) -> NativeTressetteState:  # type: ignore[override]
        return NativeTressetteState.create(self, first_dealer, None)

    def new_state(  # type: ignore[override]
        self, seed: int | str | None = None, first_dealer: Seat = 0
    ) -> NativeTressetteState:
        state = self.empty_state(first_dealer)
        state.resume_dealing(Shuffler(seed))
        return state

    def state_from_deal(  # type: ignore[override]
        self, hands: Sequence[Sequence[Card]], dealer: Seat = 0
    ) -> NativeTressetteState:
        state = self.empty_state(dealer)
        state.start_deal(DealSetup(dealer, tuple(tuple(h) for h in hands)))
        return state

    def sample_state(self, view: TressetteView, rng: random.Random) -> NativeTressetteState:  # type: ignore[override]
        """The Python engine's sampling (the same constraints, the same draws), replayed
        into a native state."""
        return self.from_python(sample_python_state(self, view, rng))

    def from_python(self, source: TressetteState) -> NativeTressetteState:
        """A native state in the position of a Python-engine state: its history, then its
        deal replayed (the declarations scored again, as the deal scored them)."""
        state = self.empty_state(source.first_dealer)
        in_deal = source.phase == PHASE_PLAY
        settled = source.settled_games
        games = source.games[:settled] if in_deal else source.games
        totals = [0, 0]
        for game in games:
            totals[game.winner] += game.value
        lines = []
        first = 0
        for line in source.sheet:
            last = first + len(line.games)
            lines.append(
                (
                    (line.deal, line.dealer),
                    _declarations_raw(line.declarations),
                    tuple(line.tricks),
                    (line.declared, line.card_points, line.bonuses, line.scores),
                    (first, last),
                    line.points_after,
                )
            )
            first = last
        state._restore(
            (
                source.deal_number,
                source.dealer,
                source.leader,
                PHASE_AWAIT_DEAL if in_deal else source.phase,
                source.is_over and not in_deal,
            ),
            [(game.winner, game.value, game.deal) for game in games],
            (totals[0], totals[1]) if in_deal else (source.totals[0], source.totals[1]),
            source.settled_points if in_deal else (source.points[0], source.points[1]),
            source.settled_points,
            settled,
            lines,
        )
        if in_deal:
            state._deal(source.dealt)
            for play in source.history:
                state.apply_unchecked(play & 63)
        return state

    def playouts(self, games: int, seed: int = 0, deal_limit: int = 0) -> dict[str, Any]:
        """``games`` whole groups of uniformly random play, dealt and played in Rust (deals
        from a fast seeded generator, not the ``Shuffler``): a dict with ``games``,
        ``decisions``, ``deals`` and ``total_points`` (the games' values per side, summed).
        A ``deal_limit`` (0: none) stops a game after that many deals (``unfinished``
        counts those games); ``outcomes`` sums each seat's outcome over the games.
        """
        if games < 0 or deal_limit < 0:
            raise ValueError("games and deal_limit must be 0 or more")
        result: dict[str, Any] = tressette_playouts(
            options_tuple(self.options), games, seed & ((1 << 64) - 1), deal_limit
        )
        return result


def make_rules(**options: Any) -> NativeTressetteRules:
    """``load_game("tressette", engine="native", **options)``."""
    return NativeTressetteRules(build_options(TressetteOptions, "tressette", options))


def search_parts(rules: Any) -> NativeSearch:
    """What the native searches need for Tressette: these rules on the native engine, the
    Rust searches and the view's ``hidden_cards``."""
    from koloda._native import ismcts_tressette, pimc_tressette
    from koloda.games.tressette.view import hidden_cards

    native = (
        rules if isinstance(rules, NativeTressetteRules) else NativeTressetteRules(rules.options)
    )
    return NativeSearch(native, ismcts_tressette, pimc_tressette, hidden_cards)


def _conforms(rules: NativeTressetteRules) -> Rules[Any, TressetteView]:
    """Never called: lets the type checker prove the engine protocols are implemented (the
    record hooks take the Python engine's state type, which the native state mirrors)."""
    return rules
