"""What one seat may know of a game of Spades, and full states sampled from that knowledge.

A seat sees its own cards only once it has picked them up (S-6), every bid and decision of the
auction, the contents of a discard or gift only if it made it or received it (S-7), every card
played, and the score sheet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.core.cards import SUIT_MASK, Card, CardSet, cards_in, format_card
from koloda.core.engine import Action, Seat
from koloda.core.sampling import HiddenCards, InconsistentViewError, Place, deal_hidden, per_view
from koloda.games.spades.actions import (
    BID_BASE,
    DISCARD_BASE,
    DISCARD_HIDDEN,
    GIVE_BASE,
    GIVE_HIDDEN,
    NO_BID,
    bid_text,
    is_nil_bid,
    pack,
    triple_mask,
)
from koloda.games.spades.state import (
    NON_SPADES,
    PHASE_AWAIT_DEAL,
    PHASE_NAMES,
    PHASE_OVER,
    DealSummary,
    SpadesState,
)

if TYPE_CHECKING:
    from koloda.games.spades.rules import SpadesRules


@dataclass(frozen=True)
class SpadesView:
    """Everything seat ``seat`` may know, and nothing else."""

    seat: Seat
    phase: int
    deal: int
    dealer: Seat
    hand: tuple[Card, ...]
    """The seat's own cards, once it has picked them up (S-6); empty before."""
    hand_sizes: tuple[int, ...]
    picked_up: tuple[bool, ...]
    """Who has looked at his cards (or bid double nil and picked them up)."""
    bids: tuple[int, ...]
    """Each seat's bid: -1 none yet, 0 nil, 1..13, 14 double nil."""
    auction: tuple[tuple[Seat, Action], ...]
    """Every decision before the play, in order; a discard or gift whose cards this seat
    does not know is ``DISCARD_HIDDEN`` / ``GIVE_HIDDEN``."""
    sent: tuple[Card, ...]
    """The cards this seat discarded or gave in this hand's exchange (S-7)."""
    received: tuple[Card, ...]
    """The cards this seat got in the exchange."""
    on_table: tuple[int, ...]
    """How many discarded cards of each seat lie face down awaiting the partner (S-7)."""
    plays: tuple[tuple[Seat, Card], ...]
    trick_leader: Seat | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, ...]
    spades_broken: bool
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    totals: tuple[int, int]
    bags: tuple[int, int]
    sheet: tuple[DealSummary, ...]
    winners: tuple[int, ...]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def in_deal(self) -> bool:
        """A deal is being played (every phase but "between deals" and "over")."""
        return 0 < self.phase < len(PHASE_NAMES) - 1

    @property
    def partner(self) -> Seat:
        return self.seat ^ 2

    @property
    def side(self) -> int:
        return self.seat & 1

    def to_json(self) -> dict[str, Any]:
        from koloda.games.spades.notation import format_action

        return {
            "seat": self.seat,
            "phase": self.phase_name,
            "deal": self.deal,
            "dealer": self.dealer,
            "hand": [format_card(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "picked_up": list(self.picked_up),
            "bids": [None if b == NO_BID else bid_text(b) for b in self.bids],
            "auction": [{"seat": s, "action": format_action(a)} for s, a in self.auction],
            "sent": [format_card(c) for c in self.sent],
            "received": [format_card(c) for c in self.received],
            "on_table": list(self.on_table),
            "trick": [{"seat": s, "card": format_card(c)} for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            "spades_broken": self.spades_broken,
            "to_act": self.to_act,
            "legal_actions": [format_action(a) for a in self.legal_actions],
            "totals": list(self.totals),
            "bags": list(self.bags),
        }


def _visible_auction(state: SpadesState, seat: Seat) -> tuple[tuple[Seat, Action], ...]:
    out = []
    for who, action in zip(state.pre_seats, state.pre_actions, strict=True):
        if action >= GIVE_BASE:
            if seat != who and seat != who ^ 2:
                action = GIVE_HIDDEN
        elif action >= DISCARD_BASE:
            exchanged = bool(state.sent[who])  # the partner took the discards
            if seat != who and not (seat == who ^ 2 and exchanged):
                action = DISCARD_HIDDEN
        out.append((who, action))
    return tuple(out)


def view_of(state: SpadesState, seat: Seat) -> SpadesView:
    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is not a seat 0..3")
    in_deal = state.in_deal
    hand: tuple[Card, ...] = ()
    if in_deal and state.picked_up[seat]:
        hand = cards_in(state.hands[seat])
    plays = tuple((p >> 6, p & 63) for p in state.plays)
    trick_len = len(state.trick)
    sent = state.sent[seat] or state.pending[seat]
    return SpadesView(
        seat=seat,
        phase=state.phase,
        deal=state.deal_number,
        dealer=state.dealer,
        hand=hand,
        hand_sizes=tuple(h.bit_count() for h in state.hands) if in_deal else (0, 0, 0, 0),
        picked_up=tuple(state.picked_up) if in_deal else (False,) * 4,
        bids=tuple(state.bids) if in_deal else (NO_BID,) * 4,
        auction=_visible_auction(state, seat) if in_deal else (),
        sent=cards_in(sent) if in_deal else (),
        received=cards_in(state.received[seat]) if in_deal else (),
        on_table=tuple(p.bit_count() for p in state.pending) if in_deal else (0, 0, 0, 0),
        plays=plays if in_deal else (),
        trick_leader=state.trick_leader if in_deal and state.trick_leader >= 0 else None,
        trick=plays[len(plays) - trick_len :] if trick_len else (),
        tricks_won=tuple(state.tricks) if in_deal else (0, 0, 0, 0),
        spades_broken=state.broken and in_deal,
        to_act=state.to_act,
        legal_actions=tuple(state.legal_actions()) if state.to_act_seat == seat else (),
        totals=(state.totals[0], state.totals[1]),
        bags=(state.bags[0], state.bags[1]),
        sheet=tuple(state.sheet),
        winners=state.winners,
    )


def _exclusions(view: SpadesView, broken_by_any: bool) -> list[CardSet]:
    """Cards each seat cannot hold now, from how it played.

    Not following the led suit shows a void (S-12); leading a spade before spades were
    broken shows the leader held nothing else (S-11).
    """
    excluded = [0, 0, 0, 0]
    broken = False
    lead_suit = 0
    for index, (seat, card) in enumerate(view.plays):
        suit = card >> 4
        if index % 4 == 0:
            lead_suit = suit
            if suit == 0 and not broken:
                excluded[seat] |= NON_SPADES
        elif suit != lead_suit:
            excluded[seat] |= SUIT_MASK[lead_suit]
        if suit == 0 and (broken_by_any or lead_suit != 0):
            broken = True
    return excluded


@dataclass
class _Exchange:
    """One nil bidder's discard as the viewer knows it."""

    nil_seat: Seat
    discard: CardSet  # 0 when unknown to the viewer
    gift: CardSet  # 0 when unknown or not given
    status: str  # "exchanged", "pending" or "returned"


def _exchanges(view: SpadesView) -> list[_Exchange]:
    found: dict[Seat, _Exchange] = {}
    for who, action in view.auction:
        if DISCARD_BASE <= action < GIVE_BASE:
            mask = 0 if action == DISCARD_HIDDEN else triple_mask(action - DISCARD_BASE)
            found[who] = _Exchange(who, mask, 0, "pending")
        elif action >= GIVE_BASE:
            record = found[who ^ 2]
            record.status = "exchanged"
            record.gift = 0 if action == GIVE_HIDDEN else triple_mask(action - GIVE_BASE)
        elif action >= BID_BASE and is_nil_bid(action - BID_BASE):
            record_of_partner = found.get(who ^ 2)
            if record_of_partner is not None and record_of_partner.status == "pending":
                record_of_partner.status = "returned"  # S-7 reading, S-8
    return list(found.values())


def hidden_cards(rules: SpadesRules, view: SpadesView) -> HiddenCards:
    """What ``view`` knows of the cards it has not seen: one place per seat (the cards it
    holds now), then one per nil bidder's discard lying face down unseen (S-7)."""
    return _hidden(rules, view)[0]


@per_view
def _hidden(
    rules: SpadesRules, view: SpadesView
) -> tuple[HiddenCards, list[_Exchange], dict[Seat, CardSet], list[Seat]]:
    """The hidden cards, the exchanges, the face-down discards the seat knows, and whose
    face-down discards are places of the hidden cards (in order, after the four seats)."""
    seat = view.seat
    played = 0
    for _, card in view.plays:
        played |= 1 << card
    own: CardSet = 0
    for card in view.hand:
        own |= 1 << card
    exchanges = _exchanges(view)
    known = [0, 0, 0, 0]
    known[seat] = own
    table: dict[Seat, CardSet] = {}
    for record in exchanges:
        nil_seat, giver = record.nil_seat, record.nil_seat ^ 2
        if record.status == "exchanged" and seat == nil_seat:
            known[giver] |= record.discard & ~played
        elif record.status == "exchanged" and seat == giver:
            known[nil_seat] |= record.gift & ~played
        elif record.status == "pending" and record.discard:
            table[nil_seat] = record.discard
    taken = played | known[0] | known[1] | known[2] | known[3]
    for mask in table.values():
        taken |= mask
    excluded = _exclusions(view, rules.options.spades_broken_by == "any_spade")
    places = [
        Place(view.hand_sizes[s] - known[s].bit_count(), excluded[s], known[s]) for s in range(4)
    ]
    face_down = [r.nil_seat for r in exchanges if r.status == "pending" and not r.discard]
    places.extend(Place(view.on_table[nil_seat]) for nil_seat in face_down)
    return HiddenCards(rules.deck_mask & ~taken, tuple(places)), exchanges, table, face_down


def sample_state(
    rules: SpadesRules, view: SpadesView, rng: random.Random, first_card: bool = False
) -> SpadesState:
    """A full state that agrees with everything ``view`` shows; the unseen cards (and the
    exchanges the seat did not take part in) are dealt at random. With ``first_card``, the
    same deal just before the first card of the play the view shows."""
    first_dealer = (view.dealer - view.deal) & 3
    state = SpadesState(rules, first_dealer, None)  # searches end with this deal
    state.deal_number = view.deal
    state.dealer = view.dealer
    state.totals = list(view.totals)
    state.bags = list(view.bags)
    state.sheet = list(view.sheet)
    state.winners = view.winners
    if view.phase in (PHASE_AWAIT_DEAL, PHASE_OVER):
        state.phase = view.phase
        state.is_over = view.phase == PHASE_OVER
        return state

    hidden, exchanges, known_on_table, face_down = _hidden(rules, view)
    table = dict(known_on_table)
    try:
        dealt = deal_hidden(hidden, rng)
    except InconsistentViewError as error:
        raise InconsistentViewError(f"deal {view.deal}: {error}") from None
    holding = [hidden.places[s].known | dealt[s] for s in range(4)]
    for who, card in view.plays:
        holding[who] |= 1 << card
    for nil_seat, cards in zip(face_down, dealt[4:], strict=True):
        table[nil_seat] = cards
    original = holding[:]
    discards: dict[Seat, CardSet] = {}
    gifts: dict[Seat, CardSet] = {}
    for record in exchanges:
        nil_seat, giver = record.nil_seat, record.nil_seat ^ 2
        if record.status == "exchanged":
            gift = record.gift or _pick_three(holding[nil_seat], rng)
            discard = record.discard or _pick_three(holding[giver], rng)
            original[nil_seat] = holding[nil_seat] & ~gift | discard
            original[giver] = holding[giver] & ~discard | gift
            gifts[giver] = gift
        elif record.status == "pending":
            discard = table[nil_seat]
            original[nil_seat] = holding[nil_seat] | discard
        else:
            discard = record.discard or _pick_three(holding[nil_seat], rng)
        discards[nil_seat] = discard
    state._deal(tuple(cards_in(mask) for mask in original), None)
    for who, action in view.auction:
        if action == DISCARD_HIDDEN:
            action = DISCARD_BASE + pack(cards_in(discards[who]))
        elif action == GIVE_HIDDEN:
            action = GIVE_BASE + pack(cards_in(gifts[who]))
        state._apply(action, None)
    for _, card in () if first_card else view.plays:
        state._play(card, None)
    return state


def _pick_three(mask: CardSet, rng: random.Random) -> CardSet:
    out = 0
    for card in rng.sample(cards_in(mask), 3):
        out |= 1 << card
    return out
