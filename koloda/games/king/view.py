"""What one seat may know of a game of King, and full states sampled from that knowledge."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.core.cards import SUIT_MASK, Card, CardSet, cards_in, cardset, format_card, format_suit
from koloda.core.engine import Action, Seat
from koloda.core.sampling import (
    HiddenCards,
    InconsistentViewError,
    Place,
    deal_hidden,
    per_view,
    revealed_by_play,
)
from koloda.games.king.actions import (
    ORDER_BASE,
    POSITIVE,
    TRUMP_BASE,
    TRUMP_LAST,
    Contract,
    contract_key,
)
from koloda.games.king.state import (
    PHASE_AWAIT_DEAL,
    PHASE_NAMES,
    PHASE_ORDER,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_TRUMP,
    DealSummary,
    KingState,
)

if TYPE_CHECKING:
    from koloda.games.king.rules import KingRules


@dataclass(frozen=True)
class KingView:
    """Everything seat ``seat`` may know, and nothing else."""

    seat: Seat
    num_seats: int
    variant: str
    phase: int
    deal: int
    dealer: Seat
    contract: Contract | None
    declarer: Seat | None
    """The caller of a positive deal, or the orderer in the order variants."""
    trump: int | None
    by_last: bool
    hand: tuple[Card, ...]
    """The seat's own cards that it has seen (only the first 3 while it calls by preview)."""
    dealt: tuple[Card, ...]
    """The seat's own seen cards in the order they were dealt."""
    hand_sizes: tuple[int, ...]
    plays: tuple[tuple[Seat, Card], ...]
    """Every card played in this deal, in order, with who played it."""
    trick_leader: Seat | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, ...]
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    totals: tuple[int, ...]
    sheet: tuple[DealSummary, ...]
    rows: tuple[tuple[int, ...], ...]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def in_deal(self) -> bool:
        """A deal is being played (every phase but "between deals" and "over")."""
        return 0 < self.phase < len(PHASE_NAMES) - 1

    @property
    def is_preview(self) -> bool:
        """The caller sees only his first 3 cards before naming trump (K-14)."""
        return len(self.hand) < self.hand_sizes[self.seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase_name,
            "deal": self.deal,
            "dealer": self.dealer,
            "contract": None if self.contract is None else contract_key(self.contract),
            "declarer": self.declarer,
            "trump": None if self.trump is None else format_suit(self.trump),
            "by_last": self.by_last,
            "hand": [format_card(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "trick": [{"seat": s, "card": format_card(c)} for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            "to_act": self.to_act,
            "totals": list(self.totals),
        }


def view_of(state: KingState, seat: Seat) -> KingView:
    n = state.rules.num_seats
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
    in_deal = state.in_deal
    dealt: tuple[Card, ...] = state.dealt[seat] if in_deal else ()
    preview = (
        state.phase == PHASE_TRUMP and not state.rules.options.is_ordered
    )  # K-14: nobody holds more than the caller's 3 cards yet
    if preview:
        dealt = dealt[:3] if seat == state.caller else ()
    seen: CardSet = 0
    for card in dealt:
        seen |= 1 << card
    hand = tuple(card for card in sorted(dealt) if state.hands[seat] >> card & 1)
    plays = tuple((p >> 6, p & 63) for p in state.plays) if in_deal else ()
    trick_len = len(state.trick)
    return KingView(
        seat=seat,
        num_seats=n,
        variant=state.rules.options.variant,
        phase=state.phase,
        deal=state.deal_number,
        dealer=state.dealer,
        contract=state.contract if state.contract >= 0 and in_deal else None,
        declarer=state.caller if state.caller >= 0 and in_deal else None,
        trump=state.trump if state.trump >= 0 and in_deal else None,
        by_last=state.by_last and in_deal,
        hand=hand,
        dealt=dealt,
        hand_sizes=tuple(h.bit_count() for h in state.hands) if in_deal else (0,) * n,
        plays=plays,
        trick_leader=state.trick_leader if state.phase == PHASE_PLAY else None,
        trick=plays[len(plays) - trick_len :] if trick_len and in_deal else (),
        tricks_won=tuple(state.tricks) if in_deal else (0,) * n,
        to_act=state.to_act,
        legal_actions=tuple(state.legal_actions()) if state.to_act_seat == seat else (),
        totals=tuple(state.totals),
        sheet=tuple(state.sheet),
        rows=state.rows,
    )


def sample_state(rules: KingRules, view: KingView, rng: random.Random) -> KingState:
    """A full state that agrees with everything ``view`` shows; the unseen cards are dealt
    at random among the seats that may hold them."""
    if view.phase in (PHASE_AWAIT_DEAL, PHASE_OVER):
        state = _table(rules, view)
        state.phase = view.phase
        return state
    try:
        dealt = deal_hidden(hidden_cards(rules, view), rng)
    except InconsistentViewError as error:
        raise InconsistentViewError(f"deal {view.deal}: {error}") from None
    seat = view.seat
    caller = view.declarer
    hands: list[tuple[Card, ...]] = []
    for s, cards in enumerate(_played_by(view)):
        if s == seat:
            hands.append((*view.dealt, *cards_in(dealt[s])))
            continue
        cards.extend(cards_in(dealt[s]))
        if s == caller and view.by_last and view.trump is not None:
            trumps = [c for c in cards if c >> 4 == view.trump]
            if trumps:  # K-15: the caller's last card is a trump
                last = trumps[-1]
                cards.remove(last)
                cards.append(last)
        hands.append(tuple(cards))
    return _replay(rules, view, tuple(hands))


@per_view
def hidden_cards(rules: KingRules, view: KingView) -> HiddenCards:
    """What ``view`` knows of the cards it has not seen, one place per seat: every other
    seat gets as many as it holds, the caller by preview the rest of his own (K-14). A seat
    cannot hold a card that would have made one of its plays illegal (K-5, K-8, K-9, K-17,
    K-18, read through the state's own ``legal_card_mask``); a caller of trump by the last
    card holds a trump (K-15)."""
    seat = view.seat
    own: CardSet = 0
    for card in view.dealt:
        own |= 1 << card
    played_cards = _played_by(view)
    played_by = [cardset(cards) for cards in played_cards]
    played = 0
    for mask in played_by:
        played |= mask
    unseen = rules.deck_mask & ~own & ~played
    excluded = _revealed(rules, view, tuple(map(tuple, played_cards)), unseen)
    places = []
    for s in range(view.num_seats):
        size = view.hand_sizes[s] - len(view.hand) if s == seat else view.hand_sizes[s]
        must: tuple[CardSet, ...] = ()
        if view.by_last and s == view.declarer and s != seat and view.trump is not None:
            must = (SUIT_MASK[view.trump],)
        places.append(Place(size, excluded[s], played_by[s] if s != seat else 0, must))
    return HiddenCards(unseen, tuple(places))


def _played_by(view: KingView) -> list[list[Card]]:
    played_by: list[list[Card]] = [[] for _ in range(view.num_seats)]
    for who, card in view.plays:
        played_by[who].append(card)
    return played_by


def _revealed(
    rules: KingRules, view: KingView, played: tuple[tuple[Card, ...], ...], unseen: CardSet
) -> list[CardSet]:
    """For every seat, the unseen cards its plays show it did not hold: the deal is replayed
    with every hand holding just the cards it plays (``played``), and before each play the
    state's own rules are asked which unseen card, held besides, would have made it illegal."""
    excluded = [0] * view.num_seats
    if not view.plays:
        return excluded
    state = _replay(rules, view, played, stop=True)
    hands = state.hands
    viewer = view.seat
    for seat, card in view.plays:
        if seat != viewer:
            hand = hands[seat]
            excluded[seat] |= revealed_by_play(_legal_with(state, seat, card), unseen)
            hands[seat] = hand
        state._play(card, None)
    return excluded


def _legal_with(state: KingState, seat: Seat, card: Card) -> Callable[[CardSet], bool]:
    """Whether ``seat`` could play ``card`` now had it held the given cards besides its own."""
    hands = state.hands
    hand = hands[seat]

    def is_legal_with(extra: CardSet) -> bool:
        hands[seat] = hand | extra
        return bool(state.legal_card_mask() >> card & 1)

    return is_legal_with


def _table(rules: KingRules, view: KingView) -> KingState:
    """A state at this point of the game with no deal in it yet."""
    state = KingState(rules, view.dealer, None)  # searches end with this deal
    state.deal_number = view.deal
    state.dealer = view.dealer
    state.totals = list(view.totals)
    state.sheet = list(view.sheet)
    state.rows = view.rows
    return state


def _replay(
    rules: KingRules, view: KingView, hands: tuple[tuple[Card, ...], ...], stop: bool = False
) -> KingState:
    """The deal of ``hands`` brought to where ``view`` is: the contract and trump it shows,
    then every card it shows played (with ``stop``, just before the first of them)."""
    state = _table(rules, view)
    state._deal(hands, None)
    if view.phase == PHASE_ORDER:
        return state
    state.contract = view.contract if view.contract is not None else -1
    state.caller = view.declarer if view.declarer is not None else -1
    if view.phase == PHASE_TRUMP:
        state.phase = PHASE_TRUMP
        state.to_act_seat = state.caller
        return state
    state.trump = view.trump if view.trump is not None else -1
    state.by_last = view.by_last
    if view.contract is not None and rules.options.is_ordered:
        state.pre_actions.append(ORDER_BASE + view.contract)
    if view.contract == POSITIVE:
        state.pre_actions.append(TRUMP_LAST if view.by_last else TRUMP_BASE + state.trump)
    leader = view.plays[0][0] if view.plays else view.trick_leader
    assert leader is not None
    state._begin_play(leader)
    if not stop:
        for _, card in view.plays:
            state._play(card, None)
    return state
