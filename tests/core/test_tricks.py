"""The shared trick kernel: power tables, the winning play, follow suit and the game masks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from koloda import load_game
from koloda.core.cards import HEARTS, SPADES, SUIT_MASK, cardset, parse_card, parse_cards
from koloda.core.decks import ACE_HIGH
from koloda.core.events import Event
from koloda.core.tricks import TRUMP_BONUS, TrickGameState, trick_power
from koloda.games.tressette.scoring import TRESSETTE_ORDER, TRUMP_HEARTS, trick_winner_index


class _Table(TrickGameState):
    """A bare trick game for the kernel alone: cards only, the last trick's cards kept."""

    PLAY_PHASE = 1
    taken: int

    def _trick_taken(self, winner: int, cards: int, events: list[Event] | None) -> None:
        self.taken = cards


def _table(hands: list[str], power: tuple[int, ...] | None = None, **masks: Any) -> _Table:
    table = _Table()
    table.num_seats = len(hands)
    table.power = power or trick_power(ACE_HIGH)
    table._new_tricks([cardset(parse_cards(h)) for h in hands], 0)
    table.phase = 1
    table.to_act_seat = 0
    for name, value in masks.items():
        setattr(table, name, value)
    return table


def taker(power: tuple[int, ...], cards: list[int], leader: int = 0) -> int:
    """Who takes a trick of these cards (led first by ``leader``)."""
    hands = [0, 0, 0, 0]
    for index, card in enumerate(cards):
        hands[(leader + index) % 4] = 1 << card
    table = _table(["", "", "", ""], power)
    table.hands = hands
    table.to_act_seat = leader
    for card in cards:
        table.apply_unchecked(card)
    assert table.tricks_played == 1 and table.trick_leader == table.to_act_seat
    return table.trick_leader


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    # rule: K-5 — follow suit; the highest card of the led suit takes the trick
    power = trick_power(ACE_HIGH)
    assert taker(power, parse_cards("10H AS KH 2H")) == 2
    assert taker(power, parse_cards("2C AD AH AS"), leader=3) == 3


def test_any_trump_beats_the_led_suit() -> None:
    # rule: S-12 — the highest spade wins, else the highest card of the led suit
    power = trick_power(ACE_HIGH, SUIT_MASK[SPADES])
    assert taker(power, parse_cards("AH 2S KH 3S"), leader=1) == 0
    assert taker(power, parse_cards("AS KS QS JS")) == 0


def test_tressette_power_matches_its_own_trick_rule() -> None:
    # rule: T-6 — with the hearts option the trump hearts beat any other suit
    rng = random.Random(5)
    deck = [c for c in range(64) if (c & 15) not in (6, 7, 8) and (c & 15) < 13]
    for special in (False, True):
        power = trick_power(TRESSETTE_ORDER, TRUMP_HEARTS if special else 0)
        for _ in range(300):
            cards = rng.sample(deck, 4)
            leader = rng.randrange(4)
            expected = (leader + trick_winner_index(cards, special)) % 4
            assert taker(power, cards, leader) == expected


def test_power_table_layout() -> None:
    power = trick_power(ACE_HIGH, SUIT_MASK[HEARTS])
    ace_spades, two_hearts = parse_card("AS"), parse_card("2H")
    assert power[SPADES << 8 | 2 << 6 | ace_spades] == 13  # led suit: rank strength
    assert power[HEARTS << 8 | 1 << 6 | ace_spades] == 0  # off suit
    assert power[SPADES << 8 | 3 << 6 | two_hearts] == TRUMP_BONUS + 1  # any trump
    assert trick_power(ACE_HIGH) is trick_power(ACE_HIGH)  # cached: shared by every state


HANDS = ["AH 2H 3S", "KH 4C 5S", "2D 3D 4D", "QS 9H 5D"]


def test_follow_suit_when_able() -> None:
    # rule: T-5 — follow the led suit if able, otherwise any card
    table = _table(HANDS)
    assert table.legal_card_mask() == cardset(parse_cards("AH 2H 3S"))
    table.apply_unchecked(parse_card("2H"))
    assert table.trick == [parse_card("2H")] and table.to_act_seat == 1
    assert table.legal_card_mask() == cardset(parse_cards("KH"))
    assert table.legal_cards() == (parse_card("KH"),)
    table.apply_unchecked(parse_card("KH"))
    assert table.legal_card_mask() == cardset(parse_cards("2D 3D 4D"))  # void: anything
    table.apply_unchecked(parse_card("3D"))
    table.apply_unchecked(parse_card("9H"))  # K of hearts takes it
    assert table.trick == [] and table.trick_leader == table.to_act_seat == 1
    assert table.tricks == [0, 1, 0, 0] and table.tricks_played == 1
    assert table.last_trick() == tuple(parse_cards("2H KH 3D 9H"))
    assert table.taken == cardset(parse_cards("2H KH 3D 9H"))
    assert table.seated_plays()[1] == (1, parse_card("KH"))
    assert table.hands[1] == cardset(parse_cards("4C 5S"))


def test_game_masks_narrow_the_choice() -> None:
    # rule: K-8 — a lead restriction given as data: no heart lead while holding another suit
    table = _table(HANDS, lead_first=(~SUIT_MASK[HEARTS],) * 4)
    assert table.legal_card_mask() == cardset(parse_cards("3S"))
    only_hearts = _table(["AH 2H", "KH 4C", "2D 3D", "QS 9H"], lead_first=(~SUIT_MASK[HEARTS],) * 4)
    assert only_hearts.legal_card_mask() == cardset(parse_cards("AH 2H"))
    # rule: K-9 — K♥ first when following hearts (option) and when void
    king = cardset(parse_cards("KH"))
    table = _table(["2H", "KH QH 4C", "2D", "QS"], follow_first=king, discard_first=king)
    table.apply_unchecked(parse_card("2H"))
    assert table.legal_card_mask() == king
    # rule: K-17 — void in the led suit, he must trump
    table = _table(["2C", "KH 4H 5S", "2D", "QS"], discard_first=SUIT_MASK[HEARTS])
    table.apply_unchecked(parse_card("2C"))
    assert table.legal_card_mask() == cardset(parse_cards("KH 4H"))


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("king", {"variant": "classic"}),
        ("king", {"variant": "three"}),
        ("spades", {}),
        ("tressette", {}),
    ],
)
def test_every_trick_game_counts_its_tricks_through_the_kernel(
    game: str, options: dict[str, Any]
) -> None:
    rules = load_game(game, "python", **options)
    state = rules.new_state(seed=2)
    rng = random.Random(2)
    for _ in range(300):
        assert isinstance(state, TrickGameState)
        if state.in_deal and state.phase_name == "play":
            assert sum(state.tricks) == state.tricks_played
            assert len(state.history) == state.tricks_played * state.num_seats + state.trick_count
            assert cardset(state.legal_actions()) == state.legal_card_mask()
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
