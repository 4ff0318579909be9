"""King's variants: the order table (47.а), three players (47.б), options."""

from __future__ import annotations

from collections import Counter

import pytest
from random_play import legal_texts, play, play_lowest, setup

from koloda import load_game
from koloda.core.errors import IllegalActionError, OptionError
from koloda.games.king.actions import CONTRACT_KEYS, NEGATIVE_CONTRACTS, POSITIVE
from koloda.games.king.scoring import settlement

FOUR_SUITS = (
    "7S 8S 9S 10S JS QS KS AS",
    "7H 8H 9H 10H JH QH KH AH",
    "7D 8D 9D 10D JD QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
)


def test_variant_fixes_the_number_of_seats() -> None:
    # rule: K-0 K-1
    assert load_game("king").num_seats == 4
    assert load_game("king", variant="order").num_seats == 4
    assert load_game("king", variant="three").num_seats == 3
    with pytest.raises(OptionError, match="variant"):
        load_game("king", variant="five")
    with pytest.raises(OptionError, match="unknown option colour"):
        load_game("king", colour="red")
    with pytest.raises(OptionError, match="negative_order"):
        load_game("king", negative_order=["no_tricks"])


def test_order_variant_orderer_sees_all_cards_and_leads() -> None:
    # rule: K-23
    rules = load_game("king", variant="order")
    state = rules.empty_state(first_dealer=2)
    state.start_deal(setup(2, *FOUR_SUITS))
    assert state.to_act == 3  # left of the dealer
    assert len(state.view(3).hand) == 8  # he has seen all his cards
    assert legal_texts(state) == {f"order:{k}" for k in CONTRACT_KEYS}
    play(state, "order:positive")
    assert legal_texts(state) == {"trump:S", "trump:H", "trump:D", "trump:C"}
    with pytest.raises(IllegalActionError, match="by the last"):
        state.apply(rules.parse_action("trump:last"))
    play(state, "trump:H")
    assert state.to_act == 3  # the orderer leads
    assert state.view(0).declarer == 3


def test_order_table_each_game_once_positive_eight_times() -> None:
    # rule: K-24 K-25
    rules = load_game("king", variant="order")
    state = rules.new_state(seed=5)
    orders: dict[int, Counter[int]] = {s: Counter() for s in range(4)}
    while not state.is_over:
        if state.phase_name == "order":
            seat = state.to_act
            assert seat is not None
            row = state.rows[seat]
            legal = {a - 64 for a in state.legal_actions()}
            assert legal == {c for c in range(8) if row[c] > 0}  # K-25: only open games
            for contract, count in orders[seat].items():
                if contract != POSITIVE:
                    assert count == 1 and contract not in legal  # never twice
        before = len(state.sheet)
        state.apply(state.legal_actions()[0])
        if len(state.sheet) > before:
            line = state.sheet[-1]
            assert line.declarer is not None
            orders[line.declarer][line.contract] += 1
    assert len(state.sheet) == 60  # 4 players x 15 games
    for seat in range(4):
        assert orders[seat] == Counter({**dict.fromkeys(NEGATIVE_CONTRACTS, 1), POSITIVE: 8})
    assert sum(state.totals) == 0


def test_order_table_refuses_a_game_already_ordered() -> None:
    # rule: K-25 K-24
    rules = load_game("king", variant="order", positive_orders_per_player=1)
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *FOUR_SUITS))
    play(state, "order:no_tricks")
    play_lowest(state)
    for dealer in (0, 1, 2):
        state.start_deal(setup(dealer, *FOUR_SUITS))
        play(state, "order:no_tricks")  # the other players' rows still have it
        play_lowest(state)
    state.start_deal(setup(3, *FOUR_SUITS))
    assert state.to_act == 0
    with pytest.raises(IllegalActionError, match="no longer open"):
        state.apply(rules.parse_action("order:no_tricks"))
    assert "order:no_tricks" not in legal_texts(state)
    assert len(state.sheet) == 4


def test_shared_order_table() -> None:
    # rule: K-24
    rules = load_game("king", variant="order", order_scope="shared")
    state = rules.new_state(seed=9)
    contracts = []
    while not state.is_over:
        before = len(state.sheet)
        state.apply(state.legal_actions()[-1])
        if len(state.sheet) > before:
            contracts.append(state.sheet[-1].contract)
    assert len(contracts) == 15
    assert Counter(contracts) == Counter({**dict.fromkeys(NEGATIVE_CONTRACTS, 1), POSITIVE: 8})
    assert sum(state.totals) == 0


def test_three_players_deck_and_rates() -> None:
    # rule: K-26
    rules = load_game("king", variant="three")
    assert (rules.num_seats, rules.hand_size, len(rules.deck)) == (3, 10, 30)
    totals = {CONTRACT_KEYS[c]: rules.deal_total(c) for c in range(8)}
    assert totals == {
        "no_tricks": -20,
        "no_jacks": -20,
        "no_queens": -20,
        "no_hearts": -16,
        "last_two": -20,
        "no_king": -24,
        "erelash": -120,
        "positive": 30,
    }
    state = rules.empty_state(first_dealer=0)
    state.start_deal(
        setup(
            0,
            "7S 8S 9S 10S JS QS KS 7C 8C 9C",
            "7H 8H 9H 10H JH QH KH AH 10C JC",
            "7D 8D 9D 10D JD QD KD AD QC KC",
        )
    )
    play(state, "order:no_jacks")
    play_lowest(state)
    # seat 1 leads 7H; nobody else has hearts; he takes every trick while hearts last.
    scores = state.sheet[0].scores
    assert sum(scores) == -20 and all(s % 5 == 0 for s in scores)


@pytest.mark.parametrize(("balance", "king"), [("king24", 24), ("proportional", 20)])
def test_three_player_king_of_hearts_value(balance: str, king: int) -> None:
    # rule: K-27 K-9
    rules = load_game("king", variant="three", three_player_balance=balance)
    state = rules.empty_state(first_dealer=0)
    state.start_deal(
        setup(
            0,
            "7H 8H 9H 10H JH QH KH AH 10C JC",
            "7S 8S 9S 10S JS QS KS 7C 8C 9C",
            "7D 8D 9D 10D JD QD KD AD QC KC",
        )
    )
    play(state, "order:no_king 7S")  # seat 1 leads; seat 2 void in spades plays any
    play(state, "7D")
    assert legal_texts(state) == {"KH"}  # seat 0 is void in spades: K♥ must go
    play(state, "KH")
    assert state.sheet[0].scores == (0, -king, 0)


def test_proportional_settlement_by_hand() -> None:
    # rule: K-27
    assert settlement((-60, 20, 40), proportional=True) == (-60.0, 20.0, 40.0)
    # seat 0 and 1 pay 50 + 10 = 60, all to the only winner
    assert settlement((-50, -10, 30), proportional=True) == (-50.0, -10.0, 60.0)
    # paid 30, shared 1:2 among the two with a plus
    assert settlement((-30, 8, 16), proportional=True) == (-30.0, 10.0, 20.0)
    assert settlement((-20, 0, 10), proportional=True) == (-20.0, 0.0, 20.0)
    assert settlement((0, 0, 0), proportional=True) == (0.0, 0.0, 0.0)
    assert settlement((-5, -3, 0), proportional=True) == (0.0, 0.0, 0.0)
    assert settlement((-30, 8, 16), proportional=False) == (-30.0, 8.0, 16.0)


def test_three_player_game_totals_balance() -> None:
    # rule: K-27 K-26
    for balance in ("king24", "proportional"):
        rules = load_game("king", variant="three", three_player_balance=balance)
        state = rules.new_state(seed=balance)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        assert len(state.sheet) == 45
        penalty = -sum(sum(line.scores) for line in state.sheet if line.contract != POSITIVE)
        positive = sum(sum(line.scores) for line in state.sheet if line.contract == POSITIVE)
        assert positive == 3 * 240
        assert penalty == 3 * (240 if balance == "king24" else 232)
        result = state.outcome()
        assert abs(sum(result)) < 1e-9 or balance == "king24"
        if balance == "proportional":
            losers = [s for s in range(3) if state.totals[s] < 0]
            for s in losers:
                assert result[s] == state.totals[s]
            assert abs(sum(result)) < 1e-9
