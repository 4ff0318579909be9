"""King's negative deals: hand-built deals with hand-computed penalties."""

from __future__ import annotations

import pytest
from king_helpers import DEAL_B, PLAY_B
from random_play import legal_texts, play, setup

from koloda import load_game
from koloda.core.errors import IllegalActionError
from koloda.core.events import TrickTaken
from koloda.games.king.actions import CONTRACT_KEYS, NEGATIVE_CONTRACTS

NEGATIVE_KEYS = [CONTRACT_KEYS[c] for c in NEGATIVE_CONTRACTS]


def first(contract: str) -> list[str]:
    """A negative_order with ``contract`` first (K-11)."""
    return [contract, *(k for k in NEGATIVE_KEYS if k != contract)]


def deal_b(contract: str, **options: object):  # type: ignore[no-untyped-def]
    rules = load_game("king", negative_order=first(contract), **options)
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *DEAL_B))
    return state


def test_no_tricks_deal_b() -> None:
    # rule: K-7 K-4 K-5 K-19 K-1 K-2
    state = deal_b("no_tricks")
    assert state.to_act == 0  # left of dealer 3 leads (K-4, K-1)
    winners = []
    for trick in PLAY_B:
        winners += [e.seat for e in play(state, trick) if isinstance(e, TrickTaken)]
    # AS, KS (no trump: the highest card of the led suit wins), then JD, AD, KD, QD, QH, JH.
    assert winners == [0, 0, 2, 2, 2, 2, 2, 2]
    assert state.sheet[0].scores == (-4, 0, -12, 0)  # 2 points a trick


def test_each_contract_deal_b() -> None:
    # rule: K-7 K-10 K-3 K-12
    expected = {
        "no_jacks": (0, 0, -16, 0),  # JD, JC, JS, JH all to seat 2
        "no_queens": (0, 0, -16, 0),  # QS, QD, QC, QH all to seat 2
        "no_hearts": (-4, 0, -12, 0),  # 9H 10H to seat 0, six hearts to seat 2
        "last_two": (0, 0, -16, 0),  # tricks 7 and 8 to seat 2
    }
    for contract, scores in expected.items():
        state = deal_b(contract, stop_when_decided=False)
        for trick in PLAY_B:
            play(state, trick)
        assert state.sheet[0].scores == scores, contract
        assert sum(scores) == -16  # K-10


def test_decided_deal_stops_early_with_the_same_scores() -> None:
    # rule: K-12
    state = deal_b("no_queens")
    for trick in PLAY_B[:7]:
        play(state, trick)
    # the 4th queen (QH) fell in trick 7: the deal is over, one trick early
    assert len(state.sheet) == 1 and state.sheet[0].ended_early
    assert state.sheet[0].scores == (0, 0, -16, 0)
    assert len(state.deal_logs()[0].actions) == 28
    # no_tricks and last_two are always played out
    state = deal_b("last_two")
    for trick in PLAY_B[:7]:
        play(state, trick)
    assert not state.sheet


def test_king_of_hearts_must_be_discarded() -> None:
    # rule: K-9 K-12 K-3
    state = deal_b("no_king")
    for trick in PLAY_B[:4]:
        play(state, trick)
    play(state, "KD JC QS")
    # seat 1 is void in diamonds and holds K♥: it must go now, not A♥
    assert legal_texts(state) == {"KH"}
    with pytest.raises(IllegalActionError, match=r"K♥ must be discarded.*K-9"):
        state.apply(state.rules.parse_action("AH"))
    play(state, "KH")
    assert state.sheet[0].scores == (0, 0, -16, 0)
    assert state.sheet[0].ended_early  # K-12: nothing left to decide


def test_king_not_forced_on_a_heart_lead_by_default() -> None:
    # rule: K-9
    rules = load_game("king", negative_order=first("no_king"))
    state = rules.empty_state(first_dealer=3)
    state.start_deal(
        setup(
            3,
            "7H 8H 9H 10H JH QH AS KS",
            "KH AH 7S 8S 9S 10S JS QS",
            "7D 8D 9D 10D JD QD KD AD",
            "7C 8C 9C 10C JC QC KC AC",
        )
    )
    play(state, "AS")  # seat 0 may not lead a heart while holding spades (K-8)
    assert "KH" not in legal_texts(state)  # seat 1 can follow spades: K♥ stays
    play(state, "7S 7D 7C")
    assert state.to_act == 0
    play(state, "KS 8S 8D 8C 7H")  # seat 0 (only hearts left) leads 7H
    assert legal_texts(state) == {"KH", "AH"}  # any heart follows a heart lead
    forced = load_game("king", negative_order=first("no_king"), king_forced_on_heart_lead=True)
    state2 = forced.empty_state(first_dealer=3)
    state2.start_deal(state.deal_logs()[0].setup)
    play(state2, "AS 7S 7D 7C KS 8S 8D 8C 7H")
    assert legal_texts(state2) == {"KH"}


def test_heart_lead_banned_while_holding_other_suits() -> None:
    # rule: K-8
    for contract in ("no_hearts", "no_king", "erelash"):
        rules = load_game("king", negative_order=first(contract))
        state = rules.empty_state(first_dealer=3)
        state.start_deal(
            setup(
                3,
                "7H 8H 9H 10H JH QH AS KS",
                "KH AH 7S 8S 9S 10S JS QS",
                "7D 8D 9D 10D JD QD KD AD",
                "7C 8C 9C 10C JC QC KC AC",
            )
        )
        assert legal_texts(state) == {"AS", "KS"}, contract
        with pytest.raises(IllegalActionError, match="K-8"):
            state.apply(state.rules.parse_action("7H"))
    rules = load_game("king", negative_order=first("no_tricks"))
    state = rules.empty_state(first_dealer=3)
    state.start_deal(
        setup(
            3,
            "7H 8H 9H 10H JH QH AS KS",
            "KH AH 7S 8S 9S 10S JS QS",
            "7D 8D 9D 10D JD QD KD AD",
            "7C 8C 9C 10C JC QC KC AC",
        )
    )
    assert "7H" in legal_texts(state)  # no such restriction in no_tricks


def test_erelash_deal_b() -> None:
    # rule: K-7 K-9 K-10
    state = deal_b("erelash")
    for trick in PLAY_B[:4]:
        play(state, trick)
    play(state, "KD JC QS KH")  # K♥ forced out in trick 5
    play(state, "QD QC JS AH")
    play(state, "QH KC 7H 9S")
    play(state, "JH AC 8H 10S")
    # seat 0: 2 tricks (4) + 9H 10H (4) = 8.
    # seat 2: 6 tricks (12) + 4 jacks (16) + 4 queens (16) + 6 hearts (12) + last two (16)
    #         + K♥ (16) = 88.
    assert state.sheet[0].scores == (-8, 0, -88, 0)


def test_follow_suit_is_enforced() -> None:
    # rule: K-5
    state = deal_b("no_tricks")
    play(state, "AS")
    assert legal_texts(state) == {"7S", "8S", "9S", "10S"}
    with pytest.raises(IllegalActionError, match=r"must follow suit S") as error:
        state.apply(state.rules.parse_action("AH"))
    assert set(error.value.legal) == {"7S", "8S", "9S", "10S"}
    play(state, "7S")
    assert len(legal_texts(state)) == 8  # seat 2 is void in spades: anything goes
    with pytest.raises(IllegalActionError, match="not in the hand"):
        state.apply(state.rules.parse_action("AS"))
