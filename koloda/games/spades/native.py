"""Spades on the native engine (``koloda._native``, the Rust crate in ``native/``).

``load_game("spades", engine="native", ...)`` makes a ``NativeSpadesRules``: the same rules
object as the Python engine's (options, notation, records, score sheet, sampling), whose
states are ``NativeSpadesState``. The state machine — legal actions, every decision, the
exchange, tricks, scoring, the game's end and each seat's view — runs in Rust; this module
adds what the Python protocol asks beyond it: views as ``SpadesView``, events as objects,
errors that cite the rule, deal logs and the score sheet as the Python engine's records.
The differential test (``tests/native``) proves both engines equal decision by decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from koloda._native import (
    SpadesCore,
    analysis_spades,
    analysis_spades_dealt,
    seeded_shuffle,
    spades_playouts,
)
from koloda.core.cards import Card
from koloda.core.dealing import Shuffler
from koloda.core.engine import DealSetup, Rules, Seat
from koloda.core.errors import DealError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.native_state import NativeDealing
from koloda.core.plugin import NativeSearch
from koloda.games.spades.actions import (
    DISCARD_BASE,
    GIVE_BASE,
    TripleActions,
    bid_text,
)
from koloda.games.spades.events import (
    BidMade,
    BlindDealStarted,
    CardsDiscarded,
    CardsExchanged,
    DiscardsReturned,
    HandPickedUp,
    SpadesBroken,
)
from koloda.games.spades.options import SpadesOptions
from koloda.games.spades.rules import SpadesRules
from koloda.games.spades.scoring import SideScore
from koloda.games.spades.state import (
    PHASE_AWAIT_DEAL,
    PHASE_DISCARD,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    SPADES_POWER,
    DealSummary,
)
from koloda.games.spades.view import SpadesView
from koloda.games.spades.view import sample_state as sample_python_state

OptionsTuple = tuple[bool, bool, bool, bool, bool, int, int]


def options_tuple(options: SpadesOptions) -> OptionsTuple:
    """The options in the order the native engine takes them."""
    return (
        options.double_nil,
        options.nil_exchange,
        options.bags_penalty,
        options.both_nil_failure == "lose_score",
        options.spades_broken_by == "any_spade",
        options.target,
        options.max_deals,
    )


def _side(values: Sequence[Any]) -> SideScore:
    return SideScore(*values)


def _summary(line: Sequence[Any]) -> DealSummary:
    deal, dealer, bids, tricks, first, second, totals, exchanges = line
    return DealSummary(
        deal=deal,
        dealer=dealer,
        bids=tuple(bids),
        tricks=tuple(tricks),
        sides=(_side(first), _side(second)),
        totals=(totals[0], totals[1]),
        exchanges=tuple(exchanges),
    )


def _event(raw: tuple[Any, ...]) -> Event:
    """An event object from the native engine's tuple."""
    kind = raw[0]
    if kind == "card":
        return CardPlayed(raw[1], raw[2])
    if kind == "trick":
        return TrickTaken(raw[1], tuple(raw[2]))
    if kind == "broken":
        return SpadesBroken(raw[1])
    if kind == "bid":
        return BidMade(raw[1], bid_text(raw[2]))
    if kind == "picked_up":
        return HandPickedUp(raw[1], tuple(raw[2]))
    if kind == "discarded":
        return CardsDiscarded(raw[1], tuple(raw[2]))
    if kind == "exchanged":
        return CardsExchanged(raw[1], raw[2], tuple(raw[3]), tuple(raw[4]))
    if kind == "returned":
        return DiscardsReturned(raw[1])
    if kind == "scored":
        return DealScored(raw[1], tuple(raw[2]))
    if kind == "over":
        return GameOver(tuple(float(t) for t in raw[1]), tuple(raw[2]))
    raise ValueError(f"unknown native event {raw!r}")


class NativeSpadesState(SpadesCore, NativeDealing):
    """A game of Spades whose rules run in Rust. Create it through ``NativeSpadesRules``."""

    rules: NativeSpadesRules
    shuffler: Shuffler | None

    PHASE_NAMES = PHASE_NAMES
    AWAIT_PHASE = PHASE_AWAIT_DEAL
    OVER_PHASE = PHASE_OVER
    DEALER_RULE = "S-3"
    PLAY_PHASE = PHASE_PLAY
    power = SPADES_POWER
    """The trick power table, as the Python engine keeps it (for hints)."""

    @classmethod
    def create(
        cls, rules: NativeSpadesRules, first_dealer: Seat, shuffler: Shuffler | None
    ) -> NativeSpadesState:
        if not 0 <= first_dealer < 4:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..3")
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

    def _triple_actions(self) -> TripleActions:
        """S-7: the 286 discards or gifts, as the Python engine gives them (lazily)."""
        base = DISCARD_BASE if self.phase == PHASE_DISCARD else GIVE_BASE
        return TripleActions(self.hands[self.to_act_seat], base)

    def _events(self, raw: list[tuple[Any, ...]]) -> list[Event]:
        return [_event(item) for item in raw]

    def _deal_hands(self, hands: tuple[tuple[Card, ...], ...], events: list[Event] | None) -> None:
        self._deal(hands)
        if events is not None:
            started = BlindDealStarted if self.rules.options.double_nil else DealStarted
            events.append(started(self.deal_number, self.dealer, hands))

    def view(self, seat: Seat) -> SpadesView:
        """Everything ``seat`` may know now (computed natively), and nothing else."""
        if not 0 <= seat < 4:
            raise ValueError(f"seat {seat} is not a seat 0..3")
        (
            _,
            phase,
            deal,
            dealer,
            hand,
            hand_sizes,
            picked_up,
            bids,
            auction,
            sent,
            received,
            on_table,
            plays,
            trick_leader,
            trick,
            tricks_won,
            spades_broken,
            to_act,
            legal_actions,
            totals,
            bags,
            winners,
        ) = self._view_fields(seat)
        return SpadesView(
            seat=seat,
            phase=phase,
            deal=deal,
            dealer=dealer,
            hand=hand,
            hand_sizes=hand_sizes,
            picked_up=picked_up,
            bids=bids,
            auction=auction,
            sent=sent,
            received=received,
            on_table=on_table,
            plays=plays,
            trick_leader=trick_leader,
            trick=trick,
            tricks_won=tricks_won,
            spades_broken=spades_broken,
            to_act=to_act,
            legal_actions=legal_actions,
            totals=totals,
            bags=bags,
            sheet=tuple(self.sheet),
            winners=winners,
        )

    def __repr__(self) -> str:
        return (
            f"NativeSpadesState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, totals={self.totals})"
        )


class NativeSpadesRules(SpadesRules):
    """Spades with its options fixed, on the native engine."""

    engine = "native"

    def analysis_values(
        self, samples: Sequence[NativeSpadesState], seat: int, exact_cards: int
    ) -> list[tuple[int, float]] | None:
        """Each legal action of ``seat``'s decision with its mean value in points over the
        sampled positions, natively, as ``PIMCBot.values`` in points values it on the same
        positions (``koloda.bots.analysis``); None where a playout meets a decision the
        native heuristic does not make."""
        return analysis_spades(list(samples), seat, exact_cards)

    def analysis_values_dealt(
        self,
        root: NativeSpadesState,
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
        return analysis_spades_dealt(root, seat, unseen, places, samples, seed, exact_cards, limits)

    def deal_hands(self, shuffler: Shuffler, deal: int) -> tuple[tuple[Card, ...], ...]:
        """The Python engine's deal, bit for bit (the core ``Shuffler``'s seeded BLAKE2b
        shuffle, computed natively); unseeded shuffles come from the core as they are."""
        if shuffler.seed is None or type(shuffler) is not Shuffler:
            return super().deal_hands(shuffler, deal)
        cards = seeded_shuffle(f"{shuffler.seed}", deal, list(self.deck.cards))
        size = self.hand_size
        return tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(self.num_seats))

    def empty_state(self, first_dealer: Seat = 0) -> NativeSpadesState:  # type: ignore[override]
        return NativeSpadesState.create(self, first_dealer, None)

    def new_state(  # type: ignore[override]
        self, seed: int | str | None = None, first_dealer: Seat = 0
    ) -> NativeSpadesState:
        state = self.empty_state(first_dealer)
        state.resume_dealing(Shuffler(seed))
        return state

    def state_from_deal(  # type: ignore[override]
        self, hands: Sequence[Sequence[Card]], dealer: Seat = 0
    ) -> NativeSpadesState:
        state = self.empty_state(dealer)
        state.start_deal(DealSetup(dealer, tuple(tuple(h) for h in hands)))
        return state

    def sample_state(  # type: ignore[override]
        self, view: SpadesView, rng: random.Random, first_card: bool = False
    ) -> NativeSpadesState:
        """The Python engine's sampling (the same constraints, the same draws), replayed
        into a native state; with ``first_card``, just before the first card of the play."""
        sampled = sample_python_state(self, view, rng, first_card)
        first_dealer = (view.dealer - view.deal) & 3
        state = self.empty_state(first_dealer)
        state._restore(
            sampled.deal_number,
            sampled.dealer,
            (sampled.totals[0], sampled.totals[1]),
            (sampled.bags[0], sampled.bags[1]),
            list(sampled.winners),
            PHASE_AWAIT_DEAL if sampled.phase != PHASE_OVER else PHASE_OVER,
            [
                (
                    line.deal,
                    line.dealer,
                    line.bids,
                    line.tricks,
                    tuple(line.sides[0]),
                    tuple(line.sides[1]),
                    line.totals,
                    list(line.exchanges),
                )
                for line in sampled.sheet
            ],
        )
        if sampled.in_deal:
            state._deal(sampled.dealt)
            for action in sampled.current_log().actions:
                state.apply_unchecked(action)
        return state

    def playouts(self, games: int, seed: int = 0, deal_limit: int = 0) -> dict[str, Any]:
        """``games`` whole games of uniformly random decisions, dealt and played in Rust
        (deals from a fast seeded generator, not the ``Shuffler``): a dict with ``games``,
        ``decisions``, ``deals``, ``wins`` (side 0, side 1, shared) and ``total_points``.
        A ``deal_limit`` (0: none) stops a game after that many deals (``unfinished``
        counts those games); ``outcomes`` sums each seat's outcome over the games.
        """
        if games < 0 or deal_limit < 0:
            raise ValueError("games and deal_limit must be 0 or more")
        result: dict[str, Any] = spades_playouts(
            options_tuple(self.options), games, seed & ((1 << 64) - 1), deal_limit
        )
        return result


def make_rules(**options: Any) -> NativeSpadesRules:
    """``load_game("spades", engine="native", **options)``."""
    from koloda.core.options import build_options

    return NativeSpadesRules(build_options(SpadesOptions, "spades", options))


def _conforms(rules: NativeSpadesRules) -> Rules[Any, SpadesView]:
    """Never called: lets the type checker prove the engine protocols are implemented (the
    record hooks take the Python engine's state type, which the native state mirrors)."""
    return rules


def search_parts(rules: Any) -> NativeSearch:
    """What the native searches need for Spades: these rules on the native engine, the Rust
    searches and the view's ``hidden_cards``."""
    from koloda._native import ismcts_spades, pimc_spades
    from koloda.games.spades.view import hidden_cards

    native = rules if isinstance(rules, NativeSpadesRules) else NativeSpadesRules(rules.options)
    # the playouts look one card ahead at the seat's side's turns: +4.6 [-0.9, 10.0] a deal
    # over 300 deals against the same search without (p 0.049); two deep gained +1.3 more
    # over 150 deals (p 0.35) at ten times the cost. The deals are drawn by how well they
    # explain the bids (beliefs): +9.1 [2.5, 15.8] over 300 deals against the same search
    # without (pimc-native:300, p 0.0037); also by the cards played, it lost
    return NativeSearch(
        native, ismcts_spades, pimc_spades, hidden_cards, lookahead=True, beliefs=True
    )
