"""What one seat may know of a game of King, and full states sampled from that knowledge."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.core.cards import (
    HEARTS,
    SUIT_MASK,
    Card,
    CardSet,
    cards_in,
    format_card,
    format_suit,
)
from koloda.core.engine import Action, Seat
from koloda.core.sampling import InconsistentViewError, deal_unseen
from koloda.games.king.actions import (
    HEART_LEAD_BANNED,
    KING_MUST_GO,
    ORDER_BASE,
    POSITIVE,
    TRUMP_BASE,
    TRUMP_LAST,
    Contract,
    contract_key,
)
from koloda.games.king.scoring import HEARTS_MASK, KING_OF_HEARTS, KING_OF_HEARTS_BIT
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


def _exclusions(view: KingView) -> dict[Seat, CardSet]:
    """Cards each seat cannot hold, from how it played (voids and forced cards).

    Not following the led suit shows a void (K-5); not trumping then shows no trumps (K-17);
    not discarding K♥ then shows he lacks it (K-9); leading a heart under K-8, or a trump as a
    non-caller under K-18, shows he held nothing else.
    """
    excluded: dict[Seat, CardSet] = {s: 0 for s in range(view.num_seats)}
    contract = view.contract
    trump = view.trump
    n = view.num_seats
    for index, (seat, card) in enumerate(view.plays):
        position = index % n
        if position == 0:
            lead_suit = card >> 4
            if contract in HEART_LEAD_BANNED and lead_suit == HEARTS:
                excluded[seat] |= ~HEARTS_MASK & ((1 << 64) - 1)
            if (
                contract == POSITIVE
                and trump is not None
                and lead_suit == trump
                and seat != view.declarer
            ):
                excluded[seat] |= ~SUIT_MASK[trump] & ((1 << 64) - 1)
            continue
        lead_suit = view.plays[index - position][1] >> 4
        if card >> 4 != lead_suit:
            excluded[seat] |= SUIT_MASK[lead_suit]
            if contract == POSITIVE and trump is not None and card >> 4 != trump:
                excluded[seat] |= SUIT_MASK[trump]
            if contract in KING_MUST_GO and card != KING_OF_HEARTS:
                excluded[seat] |= KING_OF_HEARTS_BIT
    return excluded


def sample_state(rules: KingRules, view: KingView, rng: random.Random) -> KingState:
    """A full state that agrees with everything ``view`` shows; the unseen cards are dealt
    at random among the seats that may hold them."""
    state = KingState(rules, view.dealer, None)  # searches end with this deal
    state.deal_number = view.deal
    state.dealer = view.dealer
    state.totals = list(view.totals)
    state.sheet = list(view.sheet)
    state.rows = view.rows
    if view.phase in (PHASE_AWAIT_DEAL, PHASE_OVER):
        state.phase = view.phase
        return state

    n = view.num_seats
    seat = view.seat
    played: CardSet = 0
    played_by: list[list[Card]] = [[] for _ in range(n)]
    for who, card in view.plays:
        played |= 1 << card
        played_by[who].append(card)
    own: CardSet = 0
    for card in view.dealt:
        own |= 1 << card
    unseen = cards_in(rules.deck_mask & ~own & ~played)
    needs = {s: view.hand_sizes[s] for s in range(n) if s != seat}
    own_unknown = view.hand_sizes[seat] - len(view.hand)
    if own_unknown:
        needs[seat] = own_unknown
    excluded = _exclusions(view)
    if rules.options.king_forced_on_heart_lead and view.contract in KING_MUST_GO:
        excluded = _heart_lead_exclusions(view, excluded)
    excluded[seat] |= own  # never deal a seat's known cards to itself twice
    must: dict[Seat, CardSet] = {}
    caller = view.declarer
    if view.by_last and caller is not None and caller != seat and view.trump is not None:
        trump_mask = SUIT_MASK[view.trump]
        if not any(c & ~15 == view.trump << 4 for c in played_by[caller]):
            must[caller] = trump_mask  # K-15: the caller's last card was a trump
    try:
        sampled = deal_unseen(unseen, needs, excluded, rng, must)
    except InconsistentViewError as error:
        raise InconsistentViewError(f"deal {view.deal}: {error}") from None

    hands: list[tuple[Card, ...]] = []
    for s in range(n):
        if s == seat:
            hands.append((*view.dealt, *sampled.get(s, ())))
            continue
        cards = [*played_by[s], *sampled[s]]
        if s == caller and view.by_last and view.trump is not None:
            trumps = [c for c in cards if c >> 4 == view.trump]
            if trumps:
                last = trumps[-1]
                cards.remove(last)
                cards.append(last)
        hands.append(tuple(cards))
    state._deal(tuple(hands), None)
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
    for _, card in view.plays:
        state._play(card, None)
    return state


def _heart_lead_exclusions(view: KingView, excluded: dict[Seat, CardSet]) -> dict[Seat, CardSet]:
    """K-9 option: a heart led by another forces K♥ out, so following without it shows
    the follower lacks it."""
    n = view.num_seats
    for index, (seat, card) in enumerate(view.plays):
        position = index % n
        if position and view.plays[index - position][1] >> 4 == HEARTS and card != KING_OF_HEARTS:
            excluded[seat] |= KING_OF_HEARTS_BIT
    return excluded
