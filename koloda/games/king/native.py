"""King on the native engine (``koloda._native``, the Rust crate in ``native/``).

``load_game("king", engine="native", ...)`` makes a ``NativeKingRules``: the Python engine's
rules object (options, notation, records, score sheet, sampling) whose states are
``NativeKingState``. The state machine — orders, the trump call, legal cards, tricks, the
early end of a decided deal, scoring, the settlement and each seat's view — runs in Rust;
this module adds views as ``KingView``, events as objects, errors that cite the rule, deal
logs and the score sheet. The differential test (``tests/native``) proves both engines
equal decision by decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from koloda._native import (
    KingCore,
    analysis_king,
    analysis_king_dealt,
    king_playouts,
    seeded_shuffle,
)
from koloda.core.cards import Card
from koloda.core.dealing import Shuffler
from koloda.core.engine import DealSetup, Rules, Seat
from koloda.core.errors import DealError
from koloda.core.events import (
    CardPlayed,
    ContractChosen,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickTaken,
    TrumpNamed,
)
from koloda.core.native_state import NativeDealing
from koloda.core.options import build_options
from koloda.core.plugin import NativeSearch
from koloda.games.king.actions import (
    POSITIVE,
    contract_from_key,
    contract_key,
)
from koloda.games.king.options import KingOptions
from koloda.games.king.rules import KingRules
from koloda.games.king.state import (
    _NO_TRUMP,
    _TRUMP_POWER,
    PHASE_AWAIT_DEAL,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    DealSummary,
    KingState,
)
from koloda.games.king.view import KingView
from koloda.games.king.view import sample_state as sample_python_state

KingOptionsTuple = tuple[int, tuple[int, ...], bool, bool, int, bool, bool]
_VARIANTS = {"classic": 0, "order": 1, "three": 2}
_MASK64 = (1 << 64) - 1


def options_tuple(options: KingOptions) -> KingOptionsTuple:
    """The options in the order the native engine takes them."""
    return (
        _VARIANTS[options.variant],
        tuple(contract_from_key(key) for key in options.negative_order),
        options.king_forced_on_heart_lead,
        options.stop_when_decided,
        options.positive_orders_per_player,
        options.order_scope == "shared",
        options.three_player_balance == "proportional",
    )


def _summary(line: Sequence[Any]) -> DealSummary:
    deal, dealer, contract, declarer, trump, by_last, scores, ended_early = line
    return DealSummary(
        deal=deal,
        dealer=dealer,
        contract=contract,
        declarer=declarer if declarer >= 0 else None,
        trump=trump if trump >= 0 else None,
        by_last=by_last,
        scores=tuple(scores),
        ended_early=ended_early,
    )


def _event(raw: tuple[Any, ...]) -> Event:
    """An event object from the native engine's tuple."""
    kind = raw[0]
    if kind == "card":
        return CardPlayed(raw[1], raw[2])
    if kind == "trick":
        return TrickTaken(raw[1], tuple(raw[2]))
    if kind == "contract":
        return ContractChosen(raw[1], contract_key(raw[2]))
    if kind == "trump":
        return TrumpNamed(raw[1], raw[2], raw[3])
    if kind == "scored":
        return DealScored(raw[1], tuple(raw[2]), raw[3])
    if kind == "over":
        return GameOver(tuple(raw[1]), tuple(raw[2]))
    raise ValueError(f"unknown native event {raw!r}")


class NativeKingState(KingCore, NativeDealing):
    """A game of King whose rules run in Rust. Create it through ``NativeKingRules``."""

    rules: NativeKingRules
    shuffler: Shuffler | None

    PHASE_NAMES = PHASE_NAMES
    AWAIT_PHASE = PHASE_AWAIT_DEAL
    OVER_PHASE = PHASE_OVER
    DEALER_RULE = "K-6, K-21"
    PLAY_PHASE = PHASE_PLAY

    @property
    def power(self) -> tuple[int, ...]:
        """The deal's trick power table, as the Python engine keeps it (for hints)."""
        return _TRUMP_POWER[self.trump] if self.contract == POSITIVE else _NO_TRUMP

    @classmethod
    def create(
        cls, rules: NativeKingRules, first_dealer: Seat, shuffler: Shuffler | None
    ) -> NativeKingState:
        n = rules.num_seats
        if not 0 <= first_dealer < n:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{n - 1}")
        state = cls()
        state._configure(options_tuple(rules.options), first_dealer)
        state.rules = rules
        state.shuffler = shuffler
        return state

    # ----- protocol properties -------------------------------------------------------------

    @property
    def in_deal(self) -> bool:
        return PHASE_AWAIT_DEAL < self.phase < PHASE_OVER

    @property
    def plays(self) -> list[int]:
        """Every card of this deal in play order, as ``seat << 6 | card``."""
        return self.history

    @property
    def sheet(self) -> list[DealSummary]:
        """The score sheet: one ``DealSummary`` per finished deal."""
        cache: list[DealSummary] | None = self.__dict__.get("_sheet")
        count = self._sheet_count()
        if cache is None or len(cache) > count:
            cache = []
        if len(cache) < count:
            cache = cache + [_summary(line) for line in self._sheet_lines(len(cache))]
            self.__dict__["_sheet"] = cache
        return cache

    # ----- the protocol beyond the hot path ------------------------------------------------

    def _events(self, raw: list[tuple[Any, ...]]) -> list[Event]:
        return [_event(item) for item in raw]

    def _deal_hands(self, hands: tuple[tuple[Card, ...], ...], events: list[Event] | None) -> None:
        self._deal([list(hand) for hand in hands])
        if events is not None:
            events.append(DealStarted(self.deal_number, self.dealer, hands))

    def view(self, seat: Seat) -> KingView:
        """Everything ``seat`` may know now (computed natively), and nothing else."""
        n = self.num_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
        (
            phase,
            deal,
            dealer,
            contract,
            declarer,
            trump,
            by_last,
            hand,
            dealt,
            hand_sizes,
            plays,
            trick_leader,
            trick,
            tricks_won,
            to_act,
            legal_actions,
            totals,
            rows,
        ) = self._view_fields(seat)
        return KingView(
            seat=seat,
            num_seats=n,
            variant=self.rules.options.variant,
            phase=phase,
            deal=deal,
            dealer=dealer,
            contract=contract,
            declarer=declarer,
            trump=trump,
            by_last=by_last,
            hand=hand,
            dealt=dealt,
            hand_sizes=hand_sizes,
            plays=plays,
            trick_leader=trick_leader,
            trick=trick,
            tricks_won=tricks_won,
            to_act=to_act,
            legal_actions=legal_actions,
            totals=totals,
            sheet=tuple(self.sheet),
            rows=rows,
        )

    def __repr__(self) -> str:
        return (
            f"NativeKingState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, totals={self.totals})"
        )


class NativeKingRules(KingRules):
    """King with its options fixed, on the native engine."""

    engine = "native"

    def analysis_values(
        self, samples: Sequence[NativeKingState], seat: int, exact_cards: int
    ) -> list[tuple[int, float]] | None:
        """Each legal action of ``seat``'s decision with its mean value in points over the
        sampled positions, natively, as ``PIMCBot.values`` in points values it on the same
        positions (``koloda.bots.analysis``); None where a playout meets a decision the
        native heuristic does not make."""
        return analysis_king(list(samples), seat, exact_cards)

    def analysis_values_dealt(
        self,
        root: NativeKingState,
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
        return analysis_king_dealt(root, seat, unseen, places, samples, seed, exact_cards, limits)

    def deal_hands(self, shuffler: Shuffler, deal: int) -> tuple[tuple[Card, ...], ...]:
        """The Python engine's deal, bit for bit (the core ``Shuffler``'s seeded BLAKE2b
        shuffle, computed natively); unseeded shuffles come from the core as they are."""
        if shuffler.seed is None or type(shuffler) is not Shuffler:
            return super().deal_hands(shuffler, deal)
        cards = seeded_shuffle(f"{shuffler.seed}", deal, list(self.deck.cards))
        size = self.hand_size
        return tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(self.num_seats))

    def empty_state(self, first_dealer: Seat = 0) -> NativeKingState:  # type: ignore[override]
        return NativeKingState.create(self, first_dealer, None)

    def new_state(  # type: ignore[override]
        self, seed: int | str | None = None, first_dealer: Seat = 0
    ) -> NativeKingState:
        state = self.empty_state(first_dealer)
        state.resume_dealing(Shuffler(seed))
        return state

    def state_from_deal(  # type: ignore[override]
        self, hands: Sequence[Sequence[Card]], dealer: Seat = 0
    ) -> NativeKingState:
        state = self.empty_state(dealer)
        state.start_deal(DealSetup(dealer, tuple(tuple(h) for h in hands)))
        return state

    def sample_state(self, view: KingView, rng: random.Random) -> NativeKingState:  # type: ignore[override]
        """The Python engine's sampling (the same constraints, the same draws), loaded into
        a native state."""
        return self.from_python(sample_python_state(self, view, rng))

    def from_python(self, source: KingState) -> NativeKingState:
        """A native state in exactly the position of a Python-engine state."""
        state = self.empty_state(source.first_dealer % self.num_seats)
        n = self.num_seats
        dealt = source.dealt if source.dealt else ((0,) * self.hand_size,) * n
        state._load(
            (
                source.phase,
                source.to_act_seat,
                source.deal_number,
                source.dealer,
                source.contract,
                source.trump,
                source.by_last,
                source.caller,
            ),
            (
                [list(hand) for hand in dealt],
                list(source.hands),
                list(source.pre_actions),
                list(source.taken),
                list(source.last_tricks),
                source.taken_all,
            ),
            (
                list(source.history),
                source.trick_count,
                source.lead_suit,
                source.trick_leader,
                list(source.tricks),
                source.tricks_played,
            ),
            (
                [mask & _MASK64 for mask in source.lead_first],
                source.follow_first & _MASK64,
                source.discard_first & _MASK64,
            ),
            list(source.totals),
            [list(row) for row in source.rows],
            [
                (
                    line.deal,
                    line.dealer,
                    line.contract,
                    -1 if line.declarer is None else line.declarer,
                    -1 if line.trump is None else line.trump,
                    line.by_last,
                    list(line.scores),
                    line.ended_early,
                )
                for line in source.sheet
            ],
        )
        return state

    def playouts(self, games: int, seed: int = 0, deal_limit: int = 0) -> dict[str, Any]:
        """``games`` whole games of uniformly random decisions, dealt and played in Rust
        (deals from a fast seeded generator, not the ``Shuffler``): a dict with ``games``,
        ``decisions``, ``deals`` and ``total_points`` (each seat's settlements summed).
        A ``deal_limit`` (0: none) stops a game after that many deals (``unfinished``
        counts those games); ``outcomes`` sums each seat's outcome over the games.
        """
        if games < 0 or deal_limit < 0:
            raise ValueError("games and deal_limit must be 0 or more")
        result: dict[str, Any] = king_playouts(
            options_tuple(self.options), games, seed & _MASK64, deal_limit
        )
        return result


def make_rules(**options: Any) -> NativeKingRules:
    """``load_game("king", engine="native", **options)``."""
    return NativeKingRules(build_options(KingOptions, "king", options))


def _conforms(rules: NativeKingRules) -> Rules[Any, KingView]:
    """Never called: lets the type checker prove the engine protocols are implemented (the
    record hooks take the Python engine's state type, which the native state mirrors)."""
    return rules


def search_parts(rules: Any) -> NativeSearch:
    """What the native searches need for King: these rules on the native engine, the Rust
    searches and the view's ``hidden_cards``."""
    from koloda._native import ismcts_king, pimc_king
    from koloda.games.king.view import hidden_cards

    native = rules if isinstance(rules, NativeKingRules) else NativeKingRules(rules.options)
    # every seat plays for itself there (max-n, no pruning): solved from 12 cards, 3 tricks;
    # the playouts look one card ahead (measured stronger against hard-python in King)
    return NativeSearch(
        native, ismcts_king, pimc_king, hidden_cards, exact_cards=12, lookahead=True
    )
