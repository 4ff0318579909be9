"""What one seat may know of a group of Tressette, and full states sampled from that knowledge.

A seat knows its own hand, every card played in the current deal, every declaration with
the cards that show it (T-7..T-11, T-19: public), and the score.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.core.cards import SUIT_MASK, Card, CardSet, cards_in, cardset, format_card
from koloda.core.engine import Action, Seat
from koloda.core.sampling import HiddenCards, InconsistentViewError, Place, deal_hidden, per_view
from koloda.games.tressette.declarations import Declaration, hidden_constraints
from koloda.games.tressette.state import (
    NUM_SEATS,
    PHASE_NAMES,
    PHASE_PLAY,
    DealSummary,
    TressetteState,
    WonGame,
)

if TYPE_CHECKING:
    from koloda.games.tressette.rules import TressetteRules


@dataclass(frozen=True)
class TressetteView:
    """Everything seat ``seat`` may know, and nothing else."""

    seat: Seat
    phase: int
    deal: int
    dealer: Seat
    first_dealer: Seat
    leader: Seat
    """Who led the first trick of the deal (T-4)."""
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]
    """The seat's own cards as dealt (its initial hand)."""
    hand_sizes: tuple[int, ...]
    plays: tuple[tuple[Seat, Card], ...]
    """Every card played in this deal, in order, with who played it."""
    trick_leader: Seat | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, ...]
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    declarations: tuple[tuple[Declaration, ...], ...]
    """Every seat's declarations this deal, with their cards (public)."""
    points: tuple[int, int]
    """Each side's points toward the game in progress."""
    deal_points: tuple[int, int]
    """The points each side has earned in this deal so far."""
    games: tuple[WonGame, ...]
    totals: tuple[int, int]
    """Per side: the values of the games it won."""
    settled_points: tuple[int, int]
    """Each side's points toward the game in progress when this deal began."""
    settled_games: int
    """How many games were won before this deal began."""
    sheet: tuple[DealSummary, ...]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def in_deal(self) -> bool:
        """A deal is being played (every phase but "between deals" and "over")."""
        return 0 < self.phase < len(PHASE_NAMES) - 1

    @property
    def is_over(self) -> bool:
        return self.phase_name == "over"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "tressette",
            "seat": self.seat,
            "phase": self.phase_name,
            "deal": self.deal,
            "dealer": self.dealer,
            "leader": self.leader,
            "hand": [format_card(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "plays": [{"seat": s, "card": format_card(c)} for s, c in self.plays],
            "trick": [{"seat": s, "card": format_card(c)} for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            "to_act": self.to_act,
            "legal_actions": [format_card(c) for c in self.legal_actions],
            "declarations": [[d.to_json() for d in seat] for seat in self.declarations],
            "points": list(self.points),
            "deal_points": list(self.deal_points),
            "games": [g.to_json() for g in self.games],
            "totals": list(self.totals),
            "finished": self.is_over,
        }


def view_of(state: TressetteState, seat: Seat) -> TressetteView:
    if not 0 <= seat < NUM_SEATS:
        raise ValueError(f"seat {seat} is not a seat 0..{NUM_SEATS - 1}")
    in_deal = state.phase == PHASE_PLAY
    dealt: tuple[Card, ...] = state.dealt[seat] if in_deal else ()
    plays = tuple(state.seated_plays()) if in_deal else ()
    count = state.trick_count if in_deal else 0
    return TressetteView(
        seat=seat,
        phase=state.phase,
        deal=state.deal_number,
        dealer=state.dealer,
        first_dealer=state.first_dealer,
        leader=state.leader,
        hand=cards_in(state.hands[seat]) if in_deal else (),
        dealt=dealt,
        hand_sizes=tuple(h.bit_count() for h in state.hands) if in_deal else (0,) * NUM_SEATS,
        plays=plays,
        trick_leader=state.trick_leader if in_deal else None,
        trick=plays[len(plays) - count :] if count else (),
        tricks_won=tuple(state.tricks) if in_deal else (0,) * NUM_SEATS,
        to_act=state.to_act,
        legal_actions=state.legal_actions() if state.to_act_seat == seat else (),
        declarations=state.declarations if in_deal else ((),) * NUM_SEATS,
        points=(state.points[0], state.points[1]),
        deal_points=(state.deal_points[0], state.deal_points[1]) if in_deal else (0, 0),
        games=tuple(state.games),
        totals=(state.totals[0], state.totals[1]),
        settled_points=state.settled_points,
        settled_games=state.settled_games,
        sheet=tuple(state.sheet),
    )


def _voids(view: TressetteView) -> list[CardSet]:
    """T-5: a seat that did not follow the led suit holds none of it."""
    voids = [0] * NUM_SEATS
    for index, (seat, card) in enumerate(view.plays):
        position = index % NUM_SEATS
        if position:
            lead_suit = view.plays[index - position][1] >> 4
            if card >> 4 != lead_suit:
                voids[seat] |= SUIT_MASK[lead_suit]
    return voids


@per_view
def hidden_cards(rules: TressetteRules, view: TressetteView) -> HiddenCards:
    """What ``view`` knows of the cards it has not seen: one place per seat, its initial
    hand. Another seat holds the cards it played and declared (T-7..T-11, public) and as many
    unseen ones as it still holds; its declarations cap some sets of its hand and exclude
    cards (``declarations.hidden_constraints``), and it holds none of a suit it did not
    follow (T-5)."""
    seat = view.seat
    played_mask = [0] * NUM_SEATS
    for who, card in view.plays:
        played_mask[who] |= 1 << card
    unseen = rules.deck_mask & ~cardset(view.dealt)
    for mask in played_mask:
        unseen &= ~mask
    voids = _voids(view)
    places = []
    for other in range(NUM_SEATS):
        if other == seat:
            places.append(Place(0))
            continue
        constraints = hidden_constraints(view.declarations[other], rules.options.long_run)
        held = constraints.held & ~played_mask[other]  # declared and not yet played
        unseen &= ~held
        places.append(
            Place(
                view.hand_sizes[other] - held.bit_count(),
                constraints.excluded | voids[other],
                played_mask[other] | held,
                at_most=constraints.caps,
            )
        )
    return HiddenCards(unseen, tuple(places))


def sample_state(rules: TressetteRules, view: TressetteView, rng: random.Random) -> TressetteState:
    """A full state that agrees with everything ``view`` shows: the unseen cards are dealt at
    random among the seats that may hold them, so that each seat's initial hand gives exactly
    the declarations it made and its play never broke T-5."""
    state = TressetteState(
        rules, view.first_dealer, None
    )  # no next deal: searches end with this one
    state.deal_number = view.deal
    state.dealer = view.dealer
    state.leader = view.leader
    state.sheet = list(view.sheet)
    state.settled_points = view.settled_points
    state.settled_games = view.settled_games
    if view.phase != PHASE_PLAY:
        state.phase = view.phase
        state.is_over = view.is_over
        state.games = list(view.games)
        state.totals = list(view.totals)
        state.points = list(view.points)
        return state
    state.games = list(view.games[: view.settled_games])
    for game in state.games:
        state.totals[game.winner] += game.value
    state.points = list(view.settled_points)

    hidden = hidden_cards(rules, view)
    try:
        dealt = deal_hidden(hidden, rng)
    except InconsistentViewError as error:
        raise InconsistentViewError(f"deal {view.deal}: {error}") from None
    played_by: list[list[Card]] = [[] for _ in range(NUM_SEATS)]
    for who, card in view.plays:
        played_by[who].append(card)
    hands: list[tuple[Card, ...]] = []
    for s, place in enumerate(hidden.places):
        if s == view.seat:
            hands.append(view.dealt)
        else:
            held = cards_in(place.known & ~cardset(played_by[s]))
            hands.append((*played_by[s], *held, *cards_in(dealt[s])))
    state._deal(tuple(hands), None)
    for _, card in view.plays:
        state._play(card)
    return state
