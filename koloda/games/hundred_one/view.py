"""What one seat may know of a game of 101, and full states sampled from that knowledge.

Everything in a hand of 101 is public except which cards are where face down: the players'
hands, the order of the stock, and which card each draw took. A view therefore carries the
public log of the hand; ``sample_state`` reads from it what the table knows of every hidden
card (``public_knowledge``) and deals the unseen cards accordingly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.core.cards import QUEEN, CardSet, cards_in, format_card, format_suit
from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, Seat
from koloda.core.sampling import HiddenCards, InconsistentViewError, Place, deal_hidden, per_view
from koloda.games.hundred_one.actions import DRAW, DREW, PASS, RESTOCK, SUIT_BASE
from koloda.games.hundred_one.scoring import QUEENS
from koloda.games.hundred_one.state import (
    DECK_MASK,
    FOLLOW,
    NAMED_FOLLOW,
    PHASE_AFTER_DRAW,
    PHASE_AWAIT_DEAL,
    PHASE_NAME_SUIT,
    PHASE_NAMES,
    PHASE_OVER,
    DealSummary,
    HundredOneSetup,
    HundredOneState,
)

if TYPE_CHECKING:
    from koloda.games.hundred_one.rules import HundredOneRules


@dataclass(frozen=True)
class HundredOneView:
    """Everything seat ``seat`` may know, and nothing else."""

    seat: Seat
    num_seats: int
    phase: int
    deal: int
    dealer: Seat
    hand: tuple[int, ...]
    """The seat's own cards, lowest code first (cards it drew included)."""
    hand_sizes: tuple[int, ...]
    starter: int | None
    top: int | None
    """The top card of the discard pile."""
    suit: int | None
    """The suit to follow: the top card's, or the suit named after a queen (None while the
    suit is being named)."""
    named: bool
    """True when ``suit`` was named after a queen (H-6, H-7)."""
    stock_size: int
    pile: tuple[int, ...]
    """The discard pile, bottom card first (every card in it was played face up)."""
    epoch: int
    """How many times the discard pile was reshuffled into the stock this hand (H-11)."""
    drawn: int | None
    """The card this seat just drew and may still play (H-8), else None."""
    log: tuple[int, ...]
    """The public log of the hand (``seat << 8 | code``, see ``actions``)."""
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    totals: tuple[int, ...]
    sheet: tuple[DealSummary, ...]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def in_deal(self) -> bool:
        return self.phase not in (PHASE_AWAIT_DEAL, PHASE_OVER)

    def to_json(self) -> dict[str, Any]:
        def card(c: int | None) -> str | None:
            return None if c is None else format_card(c)

        return {
            "seat": self.seat,
            "phase": self.phase_name,
            "deal": self.deal,
            "dealer": self.dealer,
            "hand": [format_card(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "top": card(self.top),
            "suit": None if self.suit is None else format_suit(self.suit),
            "named": self.named,
            "stock_size": self.stock_size,
            "pile_size": len(self.pile),
            "drawn": card(self.drawn),
            "to_act": self.to_act,
            "totals": list(self.totals),
        }


def view_of(state: HundredOneState, seat: Seat) -> HundredOneView:
    n = state.num_seats
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
    phase = state.phase
    in_deal = phase not in (PHASE_AWAIT_DEAL, PHASE_OVER)
    to_act = state.to_act_seat
    if not in_deal:
        return HundredOneView(
            seat=seat,
            num_seats=n,
            phase=phase,
            deal=state.deal_number,
            dealer=state.dealer,
            hand=(),
            hand_sizes=(0,) * n,
            starter=None,
            top=None,
            suit=None,
            named=False,
            stock_size=0,
            pile=(),
            epoch=0,
            drawn=None,
            log=(),
            to_act=None,
            legal_actions=(),
            totals=tuple(state.totals),
            sheet=state.sheet,
        )
    naming = phase == PHASE_NAME_SUIT
    return HundredOneView(
        seat=seat,
        num_seats=n,
        phase=phase,
        deal=state.deal_number,
        dealer=state.dealer,
        hand=cards_in(state.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        starter=state.starter,
        top=state.top,
        suit=None if naming else state.suit,
        named=not naming and state.top & 15 == QUEEN,
        stock_size=len(state.stock),
        pile=tuple(state.pile),
        epoch=state.epoch,
        drawn=state.drawn if phase == PHASE_AFTER_DRAW and to_act == seat else None,
        log=tuple(state.log),
        to_act=to_act,
        legal_actions=state.legal_actions() if to_act == seat else (),
        totals=tuple(state.totals),
        sheet=state.sheet,
    )


# ----- what the table knows of the hidden cards ---------------------------------------------


def public_knowledge(
    view: HundredOneView, hand_size: int, voluntary_draw: bool
) -> tuple[list[list[int]], int]:
    """For every seat, one mask per card in his hand: the cards it may be; and the mask of
    cards the stock may hold.

    Read from the public log: a card dealt or drawn cannot be a card seen elsewhere while
    he held it (every card played is excluded from the cards then held); a draw from a new
    stock takes one of the reshuffled cards (H-11); a player who drew by choice held no
    playable card but queens (H-10, unless ``voluntary_draw``); a card played right after a
    draw is the drawn card (H-8). When a player plays from his hand, which of his cards it
    was is unknown: the most constrained card that may be it is taken, so the masks left
    describe one world consistent with everything seen.
    """
    n = view.num_seats
    starter = view.starter
    assert starter is not None
    starter_bit = 1 << starter
    slots: list[list[int]] = [[DECK_MASK & ~starter_bit] * hand_size for _ in range(n)]
    pool = DECK_MASK & ~starter_bit
    pile = [starter]
    follow = QUEENS if starter & 15 == QUEEN else FOLLOW[starter]
    choosing = -1  # the seat that drew by choice and has not yet ended his turn
    just_drew = -1  # the seat whose last mask is a card he drew by choice
    for entry in view.log:
        who = entry >> 8
        code = entry & 255
        if code < SUIT_BASE:
            held = slots[who]
            if just_drew == who:
                held.pop()  # H-8: the drawn card, played at once
            else:
                best = -1
                best_size = 99
                for i, mask in enumerate(held):
                    if mask >> code & 1:
                        size = mask.bit_count()
                        if size < best_size:
                            best, best_size = i, size
                held.pop(best)
            just_drew = choosing = -1
            cleared = ~(1 << code)
            for masks in slots:
                for i in range(len(masks)):
                    masks[i] &= cleared
            pool &= cleared
            pile.append(code)
            follow = FOLLOW[code] if code & 15 != QUEEN else QUEENS
        elif code < SUIT_BASE + 4:
            follow = NAMED_FOLLOW[code - SUIT_BASE]
        elif code == DRAW:
            if not voluntary_draw:
                banned = ~(follow & ~QUEENS)  # H-10: he had no playable card but queens
                held = slots[who]
                for i in range(len(held)):
                    held[i] &= banned
            choosing = who
        elif code == DREW:
            slots[who].append(pool)
            just_drew = who if choosing == who else -1
        elif code == RESTOCK:
            pool = 0
            for card in pile[:-1]:
                pool |= 1 << card
            del pile[:-1]
        elif code == PASS:
            just_drew = choosing = -1
    return slots, pool


def hidden_cards(rules: HundredOneRules, view: HundredOneView) -> HiddenCards:
    """What ``view`` knows of the cards it has not seen (``public_knowledge``): for every
    seat, a place for each group of its cards that may be the same cards (the card a seat
    has just drawn and may still play is a place of its own; the viewer's place holds its
    own hand and gets no unseen card), then the stock."""
    return _hidden(rules, view)[0]


@per_view
def _hidden(
    rules: HundredOneRules, view: HundredOneView
) -> tuple[HiddenCards, list[tuple[Seat, bool]]]:
    """The hidden cards, and for each place but the stock: its seat and whether it is the
    card that seat just drew."""
    own: CardSet = 0
    for card in view.hand:
        own |= 1 << card
    public: CardSet = 0
    for card in view.pile:
        public |= 1 << card
    unseen = DECK_MASK & ~own & ~public
    slots, pool = public_knowledge(view, rules.hand_size, rules.options.voluntary_draw)
    seat = view.seat
    if any(len(slots[s]) != view.hand_sizes[s] for s in range(view.num_seats) if s != seat):
        slots = [[DECK_MASK] * size for size in view.hand_sizes]  # pragma: no cover
    places = []
    owners: list[tuple[Seat, bool]] = []
    for s, masks in enumerate(slots):
        if s == seat:
            places.append(Place(0, known=own))
            owners.append((s, False))
            continue
        drawn = view.phase == PHASE_AFTER_DRAW and view.to_act == s
        groups: dict[CardSet, int] = {}
        for mask in masks[:-1] if drawn else masks:
            groups[mask & unseen] = groups.get(mask & unseen, 0) + 1
        for mask, size in groups.items():
            places.append(Place(size, unseen & ~mask))
            owners.append((s, False))
        if drawn:  # public_knowledge keeps the card he just took last
            places.append(Place(1, unseen & ~masks[-1]))
            owners.append((s, True))
    places.append(Place(view.stock_size, unseen & ~pool))
    return HiddenCards(unseen, tuple(places)), owners


def _relaxed(hidden: HiddenCards, keep_stock: bool) -> HiddenCards:
    """The same places with the hands' constraints dropped (and the stock's unless kept)."""
    *hands, stock = hidden.places
    places = [Place(p.size, known=p.known) for p in hands]
    places.append(stock if keep_stock else Place(stock.size))
    return HiddenCards(hidden.unseen, tuple(places))


def sample_state(
    rules: HundredOneRules, view: HundredOneView, rng: random.Random
) -> HundredOneState:
    """A full state that agrees with everything ``view`` shows: the seat's own cards, the
    public history of the hand, every hand's size and what each draw by choice revealed;
    the unseen cards are dealt among the other hands and the stock (in random order)."""
    first_dealer = view.sheet[0].dealer if view.sheet else view.dealer
    state = HundredOneState(rules, first_dealer, Shuffler(rng.getrandbits(64)))
    state.deal_number = view.deal
    state.dealer = view.dealer
    state.totals = list(view.totals)
    state.sheet = view.sheet
    state.phase = view.phase
    if not view.in_deal:
        return state
    hidden, owners = _hidden(rules, view)
    try:
        try:
            dealt = deal_hidden(hidden, rng)
        except InconsistentViewError:  # the masks of one world were too strict
            try:
                dealt = deal_hidden(_relaxed(hidden, keep_stock=True), rng)
            except InconsistentViewError:  # pragma: no cover
                dealt = deal_hidden(_relaxed(hidden, keep_stock=False), rng)
    except InconsistentViewError as error:
        raise InconsistentViewError(f"deal {view.deal}: {error}") from None
    hands = [0] * view.num_seats
    drawn = view.drawn if view.drawn is not None else -1
    for (s, just_drawn), place, cards in zip(owners, hidden.places[:-1], dealt[:-1], strict=True):
        hands[s] |= place.known | cards
        if just_drawn:
            drawn = cards.bit_length() - 1
    stock = list(cards_in(dealt[-1]))
    rng.shuffle(stock)
    assert view.starter is not None and view.top is not None
    state.setup = HundredOneSetup(
        view.dealer,
        tuple(cards_in(h) for h in hands),
        view.starter,
        tuple(reversed(stock)),
    )
    state.starter = view.starter
    state.hands = hands
    state.stock = stock
    state.pile = list(view.pile)
    state.top = view.top
    if view.phase == PHASE_NAME_SUIT:
        state.suit = view.top >> 4
        state.follow = QUEENS
    else:
        assert view.suit is not None
        state.suit = view.suit
        state.follow = NAMED_FOLLOW[view.suit] if view.named else FOLLOW[view.top]
    state.drawn = drawn
    state.epoch = view.epoch
    state.log = list(view.log)
    state.to_act_seat = -1 if view.to_act is None else view.to_act
    return state
