"""A game of 101 in progress: every hand until somebody reaches 101 (H-16).

Hands are bitmasks, the stock and the discard pile are lists with their top card last. The
hot path (``legal_actions``, ``apply_unchecked``, ``clone``) touches only ints and short
lists. Besides the decisions, the state keeps a public log of the hand (``seat << 8 | code``,
see ``actions``) from which views and ``sample_state`` learn what every seat may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from koloda.core.cards import (
    ACE,
    QUEEN,
    SEVEN,
    SIX,
    SUIT_MASK,
    SUITS,
    CardSet,
    cards_in,
    format_card,
    format_suit,
    make_card,
)
from koloda.core.decks import DECK_36
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver
from koloda.core.state_base import DealtGameState
from koloda.games.hundred_one.actions import (
    DRAW,
    DREW,
    NOTHING,
    PASS,
    RESTOCK,
    SUIT_ACTIONS,
    SUIT_BASE,
)
from koloda.games.hundred_one.events import (
    CardDrawn,
    NothingToDraw,
    Passed,
    Restocked,
    StarterTurned,
    SuitNamed,
    TurnSkipped,
)
from koloda.games.hundred_one.scoring import QUEENS, deal_scores, is_game_over, winners

if TYPE_CHECKING:
    from koloda.core.dealing import Shuffler
    from koloda.games.hundred_one.rules import HundredOneRules
    from koloda.games.hundred_one.view import HundredOneView

PHASE_AWAIT_DEAL, PHASE_PLAY, PHASE_AFTER_DRAW, PHASE_NAME_SUIT, PHASE_OVER = range(5)
PHASE_NAMES = ("between_deals", "play", "after_draw", "name_suit", "over")

DECK_MASK: CardSet = DECK_36.mask
SUIT36: tuple[CardSet, ...] = tuple(SUIT_MASK[s] & DECK_MASK for s in SUITS)
RANK36: tuple[CardSet, ...] = tuple(
    sum(1 << make_card(r, s) for s in SUITS) & DECK_MASK for r in range(13)
)
FOLLOW: tuple[CardSet, ...] = tuple(
    SUIT36[c >> 4] | RANK36[c & 15] | QUEENS if c & 15 < 13 else 0 for c in range(64)
)
"""H-4, H-6: the cards that may go on card ``c`` (its suit, its rank, any queen)."""
NAMED_FOLLOW: tuple[CardSet, ...] = tuple(SUIT36[s] | QUEENS for s in SUITS)
"""H-6: after a queen and a named suit: that suit or another queen."""

_DRAW_FLAG = 1 << DRAW
_LEGAL_CACHE: dict[int, tuple[Action, ...]] = {}
_PASS_ONLY: tuple[Action, ...] = (PASS,)
_PLAY_OR_PASS: tuple[tuple[Action, ...], ...] = tuple((c, PASS) for c in range(64))


def _legal_from_mask(key: int) -> tuple[Action, ...]:
    actions = _LEGAL_CACHE.get(key)
    if actions is None:
        cards = cards_in(key & ((1 << 64) - 1))
        actions = (*cards, DRAW) if key & _DRAW_FLAG else cards
        _LEGAL_CACHE[key] = actions
    return actions


_Finished = tuple[
    "HundredOneSetup | None",
    "tuple[int, ...] | None",
    int,
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
]


class RestockError(IllegalActionError):
    """A record's restock that is not the discard pile below its top card, or is missing."""


def restock_mismatch(used: int, below: Sequence[int]) -> RestockError:
    return RestockError(
        "draw",
        f"restock {used} of the record is not the discard pile below its top card "
        f"({' '.join(format_card(c) for c in below)}) (H-11)",
        [],
    )


def restock_missing(used: int) -> RestockError:
    return RestockError(
        "draw",
        f"the discard pile must be reshuffled (restock {used}) but the record gives no such "
        "restock (H-11)",
        [],
    )


def restocks_unused(used: int, given: int, last_card: int) -> RestockError:
    return RestockError(
        format_card(last_card),
        f"the hand is over after {used} restock(s) but the record gives {given} (H-11)",
        [],
    )


@dataclass(frozen=True)
class HundredOneSetup(DealSetup):
    """What chance decided for one hand of 101 (docs/records.md): besides the dealer and the
    hands in dealt order, the starter, the stock (top card first) and every new stock made
    by a reshuffle (top card first, in order)."""

    starter: int = -1
    stock: tuple[int, ...] = ()
    restocks: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class DealSummary:
    """One line of the score sheet: a finished hand."""

    deal: int
    dealer: Seat
    out: Seat
    out_on_queen: bool
    scores: tuple[int, ...]


class HundredOneState(DealtGameState):
    """The full state of one game of 101. Create it through ``HundredOneRules``."""

    rules: HundredOneRules
    _n: int
    _next: tuple[Seat, ...]
    _voluntary: bool
    _effect: tuple[int, ...]
    _penalties: tuple[int, ...]
    hands: list[CardSet]
    stock: list[int]
    pile: list[int]
    top: int
    suit: int
    follow: CardSet
    drawn: int
    epoch: int
    log: list[int]
    setup: HundredOneSetup | None
    dealt_cards: tuple[int, ...] | None
    """The shuffled deck of a self-dealt hand, its setup built from it when asked."""
    starter: int
    restocks: tuple[tuple[int, ...], ...]
    restocks_used: int
    completed: tuple[_Finished, ...]
    """Each finished hand: its setup (or shuffled deck and dealer), restocks and log."""
    sheet: tuple[DealSummary, ...]
    totals: list[int]

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "H-3"

    def __init__(
        self, rules: HundredOneRules, first_dealer: Seat, shuffler: Shuffler | None
    ) -> None:
        n = rules.num_seats
        if not 0 <= first_dealer < n:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{n - 1}")
        options = rules.options
        self.rules = rules
        self._n = n
        self._next = tuple((s + 1) % n for s in range(n))
        self._voluntary = options.voluntary_draw
        effect = [-1] * 16
        effect[SIX] = options.draw_six
        effect[SEVEN] = options.draw_seven
        effect[ACE] = 0
        self._effect = tuple(effect)
        self._penalties = rules.penalties
        self.shuffler = shuffler
        self.first_dealer = first_dealer
        self.phase = PHASE_AWAIT_DEAL
        self.deal_number = 0
        self.dealer = first_dealer
        self.to_act_seat = -1
        self.hands = [0] * n
        self.stock = []
        self.pile = []
        self.top = -1
        self.suit = -1
        self.follow = 0
        self.drawn = -1
        self.epoch = 0
        self.log = []
        self.setup = None
        self.dealt_cards = None
        self.starter = -1
        self.restocks = ()
        self.restocks_used = 0
        self.completed = ()
        self.sheet = ()
        self.totals = [0] * n

    # ----- protocol properties -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def num_seats(self) -> int:
        return self._n

    # ----- legal actions -------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, lowest code first, as an immutable (shared) tuple."""
        phase = self.phase
        if phase == PHASE_PLAY:
            playable = self.hands[self.to_act_seat] & self.follow  # H-4, H-6
            if not playable & ~QUEENS or self._voluntary:
                playable |= _DRAW_FLAG  # H-8, H-9 (else H-10: he must play)
            actions = _LEGAL_CACHE.get(playable)
            return actions if actions is not None else _legal_from_mask(playable)
        if phase == PHASE_AFTER_DRAW:
            drawn = self.drawn
            if self.follow >> drawn & 1:
                return _PLAY_OR_PASS[drawn]  # H-8: play the drawn card at once, or pass
            return _PASS_ONLY
        if phase == PHASE_NAME_SUIT:
            return SUIT_ACTIONS
        return ()

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        phase = self.phase
        if phase == PHASE_OVER:
            return "the game is over"
        if phase == PHASE_AWAIT_DEAL:
            return "no decision is due between deals"
        if self.is_legal(action):
            return None
        seat = self.to_act_seat
        if phase == PHASE_NAME_SUIT:
            return "a suit must be named after a queen (H-6, H-7)"
        if phase == PHASE_AFTER_DRAW:
            if 0 <= action < 64 and action != self.drawn:
                return "after a draw only the drawn card may be played (H-8)"
            if action == self.drawn:
                return f"the drawn {format_card(action)} does not match the top card (H-4, H-8)"
            return "after a draw: play the drawn card if it matches, or pass (H-8)"
        if action == PASS:
            return "pass only after drawing a card (H-8)"
        if action == DRAW:
            return "a player holding a playable card other than a queen must play (H-10)"
        if SUIT_BASE <= action < SUIT_BASE + 4:
            return "a suit is named only after a queen (H-6)"
        if not 0 <= action < 64:
            return "not an action of 101"
        if not self.hands[seat] >> action & 1:
            return f"{format_card(action)} is not in the hand of seat {seat}"
        if self.top & 15 == QUEEN:
            return (
                f"{format_card(action)} is neither of the named suit "
                f"{format_suit(self.suit)} nor a queen (H-6)"
            )
        return (
            f"{format_card(action)} matches neither the suit nor the rank of "
            f"{format_card(self.top)} (H-4)"
        )

    # ----- applying actions ----------------------------------------------------------------

    def _step(self, action: Action, events: list[Event] | None = None) -> None:
        """Apply a legal action; with ``events``, record them."""
        seat = self.to_act_seat
        if action >= 64:
            if action == PASS:  # H-8: he keeps the drawn card
                self.log.append(seat << 8 | PASS)
                if events is not None:
                    events.append(Passed(seat))
                self.phase = PHASE_PLAY
                self.to_act_seat = self._next[seat]
            elif action == DRAW:
                self._draw_turn(events)
            else:
                self._name_suit(action - SUIT_BASE, events)
            return
        card = action  # H-4, H-6: play a card
        hand = self.hands[seat] ^ (1 << card)
        self.hands[seat] = hand
        self.pile.append(card)
        self.log.append(seat << 8 | card)
        self.top = card
        if events is not None:
            events.append(CardPlayed(seat, card))
        if not hand:
            self._finish_deal(seat, card, events)  # H-12: no effect, no suit named
            return
        rank = card & 15
        if rank == QUEEN:
            self.phase = PHASE_NAME_SUIT  # H-6: the same seat names a suit
            return
        self.suit = card >> 4
        self.follow = FOLLOW[card]
        self.phase = PHASE_PLAY
        following = self._next[seat]
        draws = self._effect[rank]
        if draws < 0:
            self.to_act_seat = following
            return
        stock = self.stock
        if events is None and len(stock) >= draws:  # H-5, the fast path of _skip
            hands = self.hands
            mask = hands[following]
            log = self.log
            for _ in range(draws):
                mask |= 1 << stock.pop()
                log.append(following << 8 | DREW)
            hands[following] = mask
            self.to_act_seat = self._next[following]
            return
        self._skip(following, draws, events)  # H-5

    def _skip(self, seat: Seat, draws: int, events: list[Event] | None) -> None:
        """H-5, H-7, H-11: ``seat`` draws ``draws`` cards and loses his turn."""
        for _ in range(draws):
            card = self._take(seat, events)
            if card < 0:
                break
            if events is not None:
                events.append(CardDrawn(seat, card, True))
        if events is not None:
            events.append(TurnSkipped(seat))
        self.to_act_seat = seat + 1 if seat + 1 < self._n else 0

    def _take(self, seat: Seat, events: list[Event] | None) -> int:
        """One card from the stock into ``seat``'s hand (restocking if needed), or -1."""
        if not self.stock and not self._restock(events):
            self.log.append(seat << 8 | NOTHING)
            if events is not None:
                events.append(NothingToDraw(seat))
            return -1
        card = self.stock.pop()
        self.hands[seat] |= 1 << card
        self.log.append(seat << 8 | DREW)
        return card

    def _restock(self, events: list[Event] | None) -> bool:
        """H-11: the discard pile but its top card, shuffled, becomes the stock."""
        pile = self.pile
        if len(pile) < 2:
            return False
        below = pile[:-1]
        if self.restocks_used < len(self.restocks):
            new_stock = self.restocks[self.restocks_used]
            if sorted(new_stock) != sorted(below):
                raise restock_mismatch(self.restocks_used, below)
        elif self.shuffler is not None:
            index = (self.deal_number + 1) << 32 | self.epoch
            new_stock = tuple(self.shuffler.shuffled(below, index))
            self.restocks = (*self.restocks, new_stock)
        else:
            raise restock_missing(self.restocks_used)
        self.restocks_used += 1
        self.epoch += 1
        self.stock = list(reversed(new_stock))
        del pile[:-1]
        self.log.append(RESTOCK)
        if events is not None:
            events.append(Restocked(len(new_stock)))
        return True

    def _draw_turn(self, events: list[Event] | None) -> None:
        """H-8: the player draws one card; he may then play it if it matches, or pass."""
        seat = self.to_act_seat
        log = self.log
        log.append(seat << 8 | DRAW)
        stock = self.stock
        if stock:
            card = stock.pop()
            self.hands[seat] |= 1 << card
            log.append(seat << 8 | DREW)
        else:
            card = self._take(seat, events)
        if card < 0:
            self.to_act_seat = seat + 1 if seat + 1 < self._n else 0  # H-11: he passes
            return
        if events is not None:
            events.append(CardDrawn(seat, card, False))
        self.drawn = card
        self.phase = PHASE_AFTER_DRAW

    def _name_suit(self, suit: int, events: list[Event] | None) -> None:
        seat = self.to_act_seat
        self.log.append(seat << 8 | (SUIT_BASE + suit))
        if events is not None:
            events.append(SuitNamed(seat, suit))
        self.suit = suit
        self.follow = NAMED_FOLLOW[suit]
        self.phase = PHASE_PLAY
        # H-6: the queen does not act on the next player; after a queen starter (H-7) the
        # dealer names the suit and the player on his left plays first.
        self.to_act_seat = seat + 1 if seat + 1 < self._n else 0

    # ----- deals ---------------------------------------------------------------------------

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Start the next hand from a given setup (each hand in dealt order)."""
        self._deal(self.rules.check_setup(setup, self.deal_number), events)

    def _deal(self, setup: HundredOneSetup, events: list[Event] | None) -> None:
        masks = []
        for hand in setup.hands:
            mask = 0
            for card in hand:
                mask |= 1 << card
            masks.append(mask)
        self.setup = setup
        self.dealt_cards = None
        self._begin(masks, list(reversed(setup.stock)), setup.starter, setup.restocks, events)

    def _deal_shuffled(self, cards: list[int]) -> None:
        """The fast path of self-dealing: H-2 from a shuffled deck, the setup built lazily."""
        n = self._n
        dealt = n * self.rules.hand_size
        first = self.dealer + 1
        masks = [0] * n
        for i in range(dealt):
            masks[(first + i) % n] |= 1 << cards[i]
        stock = cards[dealt + 1 :]
        stock.reverse()
        self.setup = None
        self.dealt_cards = tuple(cards)
        self._begin(masks, stock, cards[dealt], (), None)

    def _begin(
        self,
        masks: list[CardSet],
        stock: list[int],
        starter: int,
        restocks: tuple[tuple[int, ...], ...],
        events: list[Event] | None,
    ) -> None:
        n = self._n
        self.hands = masks
        self.stock = stock
        self.starter = starter
        self.pile = [starter]
        self.top = starter
        self.suit = starter >> 4
        self.drawn = -1
        self.epoch = 0
        self.restocks = restocks
        self.restocks_used = 0
        self.log = []
        if events is not None:
            events.append(DealStarted(self.deal_number, self.dealer, self.deal_setup().hands))
            events.append(StarterTurned(starter))
        first = (self.dealer + 1) % n  # H-3
        rank = starter & 15
        if rank == QUEEN:
            self.phase = PHASE_NAME_SUIT  # H-7 (reading): the dealer names the suit
            self.follow = QUEENS
            self.to_act_seat = self.dealer
            return
        self.follow = FOLLOW[starter]
        self.phase = PHASE_PLAY
        draws = self._effect[rank]
        if draws < 0:
            self.to_act_seat = first
        else:
            self._skip(first, draws, events)  # H-7: the starter acts on the first player

    def _finish_deal(self, out_seat: Seat, last_card: int, events: list[Event] | None) -> None:
        if self.restocks_used < len(self.restocks):
            raise restocks_unused(self.restocks_used, len(self.restocks), last_card)
        scores = deal_scores(self.hands, out_seat, last_card, self._penalties)
        totals = self.totals
        for seat, points in enumerate(scores):
            totals[seat] += points
        self.completed = (
            *self.completed,
            (self.setup, self.dealt_cards, self.dealer, self.restocks, tuple(self.log)),
        )
        self.sheet = (
            *self.sheet,
            DealSummary(self.deal_number, self.dealer, out_seat, last_card & 15 == QUEEN, scores),
        )
        if events is not None:
            events.append(DealScored(self.deal_number, scores))
        self.dealer = (self.dealer + 1) % self._n  # H-3
        self.deal_number += 1
        self.to_act_seat = -1
        if is_game_over(totals):  # H-16
            self.phase = PHASE_OVER
            if events is not None:
                events.append(GameOver(self.outcome(), tuple(winners(totals))))
            return
        self.phase = PHASE_AWAIT_DEAL
        if self.shuffler is not None:
            self._deal_next(self.shuffler, events)

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        cards = shuffler.shuffled(self.rules.deck.cards, self.deal_number)
        self._deal_shuffled(cards)
        if events is not None:
            events.append(DealStarted(self.deal_number, self.dealer, self.deal_setup().hands))
            events.append(StarterTurned(self.starter))

    def deal_setup(self) -> HundredOneSetup:
        """The setup of the current hand (built from the shuffled deck when self-dealt)."""
        if self.setup is None:
            assert self.dealt_cards is not None
            self.setup = self.rules.setup_from_cards(self.dealt_cards, self.dealer)
        return self.setup

    # ----- copies, views, results ----------------------------------------------------------

    def actions(self) -> tuple[Action, ...]:
        """The decisions of the current hand so far."""
        return _decisions(self.log)

    def current_log(self) -> DealLog:
        return _deal_log(self.deal_setup(), self.log, self.restocks)

    def _finished_logs(self) -> list[DealLog]:
        logs = []
        for setup, cards, dealer, restocks, log in self.completed:
            if setup is None:
                assert cards is not None
                setup = self.rules.setup_from_cards(cards, dealer)
            logs.append(_deal_log(setup, log, restocks))
        return logs

    def outcome(self) -> tuple[float, ...]:
        """Each player's result: minus his running total (fewest penalty points is best)."""
        return tuple(-float(t) for t in self.totals)

    def card_count(self) -> int:
        """Cards in hands, stock and discard pile (36 during a hand)."""
        return sum(h.bit_count() for h in self.hands) + len(self.stock) + len(self.pile)

    def view(self, seat: Seat) -> HundredOneView:
        from koloda.games.hundred_one.view import view_of

        return view_of(self, seat)

    def __repr__(self) -> str:
        return (
            f"HundredOneState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, totals={self.totals})"
        )


def _decisions(log: Sequence[int]) -> tuple[Action, ...]:
    return tuple(e & 255 for e in log if e & 255 < DREW)


def _deal_log(
    setup: HundredOneSetup, log: Sequence[int], restocks: tuple[tuple[int, ...], ...]
) -> DealLog:
    if setup.restocks != restocks:
        setup = HundredOneSetup(setup.dealer, setup.hands, setup.starter, setup.stock, restocks)
    return DealLog(setup, _decisions(log))
