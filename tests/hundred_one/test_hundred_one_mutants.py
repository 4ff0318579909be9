"""101's action codes and rules, checked where the broader suite leaves a change unnoticed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hundred_one_helpers import deal, legal, rules_for
from plain_data import as_tuples
from random_play import advance, play

from koloda.core.cards import cardset, parse_card, parse_cards
from koloda.core.dealing import Shuffler
from koloda.core.decks import DECK_36
from koloda.core.engine import DealSetup
from koloda.core.errors import DealError
from koloda.core.events import CardPlayed, DealScored, DealStarted, GameOver
from koloda.games.hundred_one.actions import (
    DRAW,
    DREW,
    NOTHING,
    PASS,
    RESTOCK,
    SUIT_ACTIONS,
    SUIT_BASE,
    is_card_action,
    is_suit_action,
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
from koloda.games.hundred_one.native import (
    NativeHundredOneRules,
    position,
    records,
)
from koloda.games.hundred_one.options import HundredOneOptions
from koloda.games.hundred_one.scoring import (
    deal_scores,
    hand_penalty,
    is_game_over,
    losers,
    penalty_table,
    places,
    winners,
)
from koloda.games.hundred_one.state import (
    _LEGAL_CACHE,
    PHASE_PLAY,
    HundredOneSetup,
    HundredOneState,
    RestockError,
    _legal_from_mask,
)


@pytest.mark.python_engine
def test_card_and_suit_actions_are_told_apart() -> None:
    """About the Python reference's action codes (``actions.is_card_action``,
    ``is_suit_action``)."""
    # rule: H-4 H-6
    assert is_card_action(0) and is_card_action(SUIT_BASE - 1)
    assert not is_card_action(-1) and not is_card_action(SUIT_BASE)
    assert all(is_suit_action(a) for a in SUIT_ACTIONS)
    assert not is_suit_action(SUIT_BASE - 1) and not is_suit_action(SUIT_BASE + 4)
    assert not is_suit_action(DRAW) and not is_suit_action(PASS)
    assert not any(is_card_action(a) for a in SUIT_ACTIONS)


def tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The penalty tables of ``plus_40`` and ``instead_40``, built when a test runs."""
    plus_40 = penalty_table(HundredOneOptions())
    return plus_40, penalty_table(HundredOneOptions(queen_in_hand="instead_40"))


@pytest.mark.python_engine
def test_penalty_of_every_card() -> None:
    """About the Python reference's ``scoring.penalty_table``; test_hundred_one_rules.py
    scores hands on both engines."""
    # rule: H-13 H-15
    plus_40, instead_40 = tables()
    expected = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "Q": 43, "K": 4, "A": 11}
    for rank, points in expected.items():
        for suit in "SHDC":
            assert plus_40[parse_card(rank + suit)] == points
            assert instead_40[parse_card(rank + suit)] == (40 if rank == "Q" else points)
    assert sum(plus_40) == 4 * (6 + 7 + 8 + 9 + 10 + 2 + 43 + 4 + 11)
    assert len(plus_40) == 64
    assert plus_40[parse_card("5S")] == plus_40[parse_card("2H")] == 0


@pytest.mark.python_engine
def test_hand_scores() -> None:
    """About the Python reference's scorer (``scoring.hand_penalty``, ``deal_scores``);
    test_hundred_one_rules.py scores hands on both engines."""
    # rule: H-13 H-14 H-15
    plus_40, instead_40 = tables()
    hands = [0, cardset(parse_cards("AS 10H")), cardset(parse_cards("QD 6C JS")), 0]
    assert hand_penalty(hands[1], plus_40) == 21
    assert hand_penalty(hands[2], plus_40) == 51
    assert hand_penalty(hands[2], instead_40) == 48
    assert deal_scores(hands, 0, parse_card("9S"), plus_40) == (0, 21, 51, 0)
    assert deal_scores(hands, 0, parse_card("QS"), plus_40) == (-30, 21, 51, 0)
    assert deal_scores(hands, 3, parse_card("QH"), instead_40) == (0, 21, 48, -30)


@pytest.mark.python_engine
def test_end_of_game_and_places() -> None:
    """About the Python reference's ``scoring.is_game_over``, ``losers``, ``winners`` and
    ``places``; test_exactly_101_ends_the_game and test_every_player_at_101_loses play the
    rule on both engines."""
    # rule: H-16
    assert not is_game_over((100, 40, -30))
    assert is_game_over((101, 40, -30))
    assert is_game_over((40, 120, 101))
    assert losers((101, 40, 120)) == [0, 2]  # every seat at 101 or more has lost
    assert losers((120, 40, 120)) == [0, 2]
    assert winners((101, 40, 120, 40)) == [1, 3]
    assert winners((101, -30, 120, 40)) == [1]
    assert places((101, 40, 120, 40)) == [3, 1, 4, 1]
    assert places((5, 6, 7)) == [1, 2, 3]


@pytest.mark.python_engine
def test_every_seat_at_101_or_more_has_lost() -> None:
    """About the Python reference's ``scoring.losers``; test_every_player_at_101_loses plays
    the rule on both engines."""
    # rule: H-16
    assert losers((105, 102, 40, 30)) == [0, 1]


# ----- the state: hand-built deals, refusals and events -----------------------------------

# Two players, 17 cards each, one card in the stock (6H): seat 1 plays 10S, seat 0 JS, seat 1
# draws 6H and passes, seat 0 plays KS; seat 1 must then draw from a reshuffled pile (H-11).
SMALL = "10S 8H 9H 10H AH 6D 7D 8D 9D 10D AD 6C 7C 8C 9C 10C AC"
BIG = "6S 7S 8S JS QS KS AS QH QD QC JH JD JC KH KD KC 7H"


def test_a_records_restocks_are_the_pile_below_its_top_given_when_needed_and_all_used(
    engine: str,
) -> None:
    # rule: H-11
    state = deal([BIG, SMALL], "9S", "6H", restocks=("10S 9S 8S",), engine=engine)
    play(state, "10S JS draw pass KS")
    with pytest.raises(RestockError) as wrong:
        play(state, "draw")
    assert (wrong.value.action, wrong.value.legal) == ("draw", ())
    assert wrong.value.reason == (
        "restock 0 of the record is not the discard pile below its top card (9S 10S JS) (H-11)"
    )
    state = deal(
        [BIG, SMALL], "9S", "6H", engine=engine
    )  # given cards, no seed: no reshuffle of its own
    play(state, "10S JS draw pass KS")
    with pytest.raises(RestockError) as missing:
        play(state, "draw")
    assert (missing.value.action, missing.value.legal) == ("draw", ())
    assert missing.value.reason == (
        "the discard pile must be reshuffled (restock 0) but the record gives no such "
        "restock (H-11)"
    )
    state = deal(["KH", "6S"], "9S", "AS", restocks=("10S 9S",), engine=engine)
    with pytest.raises(RestockError) as unused:
        play(state, "6S")  # seat 1 goes out before any reshuffle
    assert (unused.value.action, unused.value.legal) == ("6S", ())
    assert (
        unused.value.reason == "the hand is over after 0 restock(s) but the record gives 1 (H-11)"
    )


def test_a_deal_needs_a_starter_and_a_stock_and_reports_its_start(engine: str) -> None:
    # rule: H-2 H-7
    rules = rules_for(players=3, hand_size=3, engine=engine)
    state = rules.empty_state(first_dealer=0)
    hands = tuple(tuple(parse_cards(h)) for h in ("KH 9D AC", "8S QC QD", "JS 9C 10D"))
    with pytest.raises(DealError) as plain:
        state.start_deal(DealSetup(0, hands))
    assert str(plain.value) == "deal 0: a 101 deal needs a starter and a stock"
    starter = parse_card("7S")
    used = {starter, *(c for h in hands for c in h)}
    stock = tuple(c for c in DECK_36.cards if c not in used)
    with pytest.raises(DealError) as twice:
        state.start_deal(HundredOneSetup(0, hands, starter, (parse_card("8S"), *stock[1:])))
    assert str(twice.value) == "deal 0: 8S is dealt twice"
    events = state.start_deal(HundredOneSetup(0, hands, starter, stock))
    (started,) = [e for e in events if isinstance(e, DealStarted)]
    assert (started.deal, started.dealer, started.hands) == (0, 0, hands)
    # H-7: the starter 7 makes the first player (seat 1) draw two cards and lose his turn
    assert events[1:] == [
        StarterTurned(starter),
        CardDrawn(1, stock[0], True),  # the stock is given top card first
        CardDrawn(1, stock[1], True),
        TurnSkipped(1),
    ]
    assert state.to_act == 2


def test_no_decision_is_due_between_deals_nor_once_the_game_is_over(engine: str) -> None:
    # rule: H-16
    rules = rules_for(players=2, engine=engine)
    state = rules.empty_state(first_dealer=1)
    for action in (parse_card("9S"), DRAW, PASS, SUIT_BASE):
        assert state.illegal_reason(action) == "no decision is due between deals"
    state.resume_dealing(Shuffler(3))
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert max(state.totals) >= 101
    for action in (parse_card("9S"), DRAW, PASS, SUIT_BASE):
        assert state.illegal_reason(action) == "the game is over"


def test_a_python_state_carries_over_to_the_native_engine() -> None:
    # rule: H-8 H-11
    python = deal([BIG, SMALL], "9S", "6H", restocks=("10S 9S JS",), engine="python")
    play(python, "10S JS draw pass")
    native = rules_for(players=2, hand_size=17, engine="native")
    assert isinstance(native, NativeHundredOneRules)
    state = native.from_python(python)  # dealt from given cards, not from a shuffled deck
    assert [state.view(s) for s in range(2)] == [python.view(s) for s in range(2)]
    for text in ("KS", "draw", "10S"):  # seat 1 draws from the given restock and plays 10S
        python.apply(python.rules.parse_action(text))
        state.apply(native.parse_action(text))
    assert [state.view(s) for s in range(2)] == [python.view(s) for s in range(2)]
    assert state.deal_logs() == python.deal_logs()
    # the native engine samples through the Python engine's sampling and carries it over
    view = state.view(0)
    sampled = native.sample_state(view, random.Random(5))
    assert sampled.view(0) == view


def test_a_native_position_is_the_python_one_and_one_of_another_table_is_refused() -> None:
    python = deal([BIG, SMALL], "9S", "6H", restocks=("10S 9S JS",), engine="python")
    play(python, "10S JS draw")
    native = rules_for(players=2, hand_size=17, engine="native")
    assert isinstance(native, NativeHundredOneRules)
    state = native.from_python(python)
    given = as_tuples(position(python))
    assert given["setup"] is not None and given["dealt_cards"] is None  # a given hand
    assert given["restocks"] == (tuple(parse_cards("10S 9S JS")),)
    assert state._position() == given
    for wrong in (
        {"hands": (*given["hands"], 0)},  # three seats' hands for two
        {"dealer": 2},
        {"top": 64},
        {"dealt_cards": tuple(range(3))},  # a deck of three cards, and a setup too
    ):
        with pytest.raises(ValueError, match="does not fit"):
            state._load({**given, **wrong})
        assert state._position() == given  # nothing changed
    options = native.native_options()
    for bad in ({"players": 7}, {"hand_size": 18}, {"draw_seven": 5}):
        with pytest.raises(ValueError):
            state._configure({**options, **bad}, 0)
    assert state._position() == given


def test_the_records_of_finished_hands_load_whole_or_not_at_all() -> None:
    # the native state takes a Python state's finished hands (dealt from a shuffled deck) as
    # records and gives the same logs; a record that does not fit the table is refused and
    # changes nothing
    python: Any = rules_for(players=3, engine="python").new_state(seed="records")
    advance(python, random.Random(2), deals=2)
    assert len(python.completed) == 2
    native = rules_for(players=3, engine="native")
    state = native.from_python(python)
    assert state.deal_logs() == python.deal_logs()
    given, done = as_tuples(position(python)), records(python)
    assert [record["dealt_cards"] is not None for record in done] == [True, True]
    for wrong in ({"dealer": 3}, {"dealt_cards": (1, 2, 3)}, {"restocks": ((0,),)}):
        with pytest.raises(ValueError, match="record does not fit"):
            state._load(given, [done[0], {**done[1], **wrong}])
        assert state.deal_logs() == python.deal_logs() and state._position() == given


def reasons(state: HundredOneState, *actions: int | str) -> list[str | None]:
    """Why each action (a code or record notation) is refused now (None: it is legal)."""
    rules = state.rules
    return [
        state.illegal_reason(a if isinstance(a, int) else rules.parse_action(a)) for a in actions
    ]


def test_why_a_card_a_draw_a_pass_or_a_suit_is_refused(engine: str) -> None:
    # rule: H-4 H-6 H-8 H-10
    state = deal(["KH 9D AC", "8S QC QD", "JS 9C 10D"], "9S", "6H", engine=engine)  # seat 1 on 9S
    assert reasons(state, PASS, DRAW, SUIT_BASE, SUIT_BASE + 3) == [
        "pass only after drawing a card (H-8)",
        "a player holding a playable card other than a queen must play (H-10)",
        "a suit is named only after a queen (H-6)",
        "a suit is named only after a queen (H-6)",
    ]
    assert reasons(state, SUIT_BASE + 4, -1) == ["not an action of 101"] * 2
    assert parse_card("2S") == 0  # card code 0, in no 36-card deck
    assert reasons(state, 0, "KH", "7S", "8S") == [
        "2S is not in the hand of seat 1",
        "KH is not in the hand of seat 1",
        "7S is not in the hand of seat 1",  # the card below his 8S
        None,
    ]
    queen = state.clone()
    play(queen, "QD")
    assert reasons(queen, "8S", DRAW) == ["a suit must be named after a queen (H-6, H-7)"] * 2
    play(queen, "suit:C")  # seat 2 on the named clubs
    assert reasons(queen, "JS", "10D", "9C") == [
        "JS is neither of the named suit C nor a queen (H-6)",
        "10D is neither of the named suit C nor a queen (H-6)",
        None,
    ]
    play(state, "8S")  # seat 2 on 8S
    assert reasons(state, "9C", "10D") == [
        "9C matches neither the suit nor the rank of 8S (H-4)",
        "10D matches neither the suit nor the rank of 8S (H-4)",
    ]
    play(state, "JS draw")  # seat 0 draws 6H, which does not go on JS
    assert reasons(state, "6H", "KH", 0, DRAW, SUIT_BASE, PASS) == [
        "the drawn 6H does not match the top card (H-4, H-8)",
        "after a draw only the drawn card may be played (H-8)",
        "after a draw only the drawn card may be played (H-8)",
        "after a draw: play the drawn card if it matches, or pass (H-8)",
        "after a draw: play the drawn card if it matches, or pass (H-8)",
        None,
    ]


def test_legal_actions_are_the_playable_cards_then_draw(engine: str) -> None:
    # rule: H-4 H-8 H-10
    state = deal(["KH 9D AC", "8S QC QD", "JS 9C 10D"], "9S", "6H", engine=engine)
    assert legal(state) == ["8S", "QD", "QC"]  # H-10: he holds 8S, so he may not draw
    play(state, "8S JS")
    assert legal(state) == ["draw"]  # seat 0 holds nothing that goes on JS


@pytest.mark.python_engine
def test_legal_actions_from_a_cold_cache_are_the_playable_cards_then_draw() -> None:
    """About the Python reference's cache of legal actions (``state._LEGAL_CACHE``,
    ``_legal_from_mask``), which the native engine has not."""
    # rule: H-4 H-8 H-10
    _LEGAL_CACHE.clear()  # the cache only keeps what the same computation gave before
    hand = cardset(parse_cards("8S QC QD 6H"))
    cards = tuple(sorted(parse_cards("8S QC QD 6H")))
    assert _legal_from_mask(hand) == cards
    assert _legal_from_mask(hand | 1 << DRAW) == (*cards, DRAW)
    assert _legal_from_mask(1 << DRAW) == (DRAW,)
    state = deal(["KH 9D AC", "8S QC QD", "JS 9C 10D"], "9S", "6H", engine="python")
    _LEGAL_CACHE.clear()
    assert legal(state) == ["8S", "QD", "QC"]
    play(state, "8S JS")
    _LEGAL_CACHE.clear()
    assert legal(state) == ["draw"]


def test_a_pile_of_two_cards_restocks_the_one_below_its_top(engine: str) -> None:
    # rule: H-11 H-9
    state = deal([BIG, SMALL], "9S", "6H", restocks=("9S",), voluntary_draw=True, engine=engine)
    play(state, "10S draw pass")  # seat 0 takes the only card of the stock
    assert state.stock == [] and state.pile == [parse_card("9S"), parse_card("10S")]
    events = play(state, "draw")
    assert events == [Restocked(1), CardDrawn(1, parse_card("9S"), False)]
    assert state.pile == [parse_card("10S")] and state.epoch == 1
    assert legal(state) == ["9S", "pass"]


def test_a_seeded_game_reshuffles_alike_on_both_engines() -> None:
    # rule: H-11
    games = []
    for engine in ("python", "native"):
        rules = rules_for(players=2, voluntary_draw=True, engine=engine)
        state = rules.new_state(seed=1)
        rng = random.Random(1)
        while not state.is_over:
            legal_now = state.legal_actions()
            state.apply(legal_now[rng.randrange(len(legal_now))])
        games.append(state.deal_logs())
    python, native = games
    assert [len(log.setup.restocks) for log in python] == [4, 15]  # type: ignore[attr-defined]
    assert python == native  # the same reshuffles: seed, deal and epoch pick each one


def test_the_public_log_names_the_seat_of_every_entry(engine: str) -> None:
    # rule: H-6 H-8
    state = deal(["KH 9D AC", "8S QC QD", "JS 9C 10D"], "9S", "6H", engine=engine)
    events = play(state, "QD suit:C")
    assert events == [CardPlayed(1, parse_card("QD")), SuitNamed(1, 3)]
    play(state, "9C 9D draw")  # on 9D seat 1 holds only a queen: he may draw (H-9)
    assert play(state, "pass") == [Passed(1)]  # the drawn 6H does not go on 9D
    expected = [
        1 << 8 | parse_card("QD"),
        1 << 8 | SUIT_BASE + 3,
        2 << 8 | parse_card("9C"),
        0 << 8 | parse_card("9D"),
        1 << 8 | DRAW,
        1 << 8 | DREW,
        1 << 8 | PASS,
    ]
    assert [state.view(seat).log for seat in range(3)] == [tuple(expected)] * 3
    assert state.rules.parse_action("suit:C") == SUIT_BASE + 3


def test_a_game_awaiting_its_first_deal_shows_nothing_dealt_and_can_be_cloned(engine: str) -> None:
    # rule: H-2 H-3
    rules = rules_for(players=3, hand_size=3, engine=engine)
    state = rules.empty_state(first_dealer=0)
    copy = state.clone()
    hands = tuple(tuple(parse_cards(h)) for h in ("KH 9D AC", "8S QC QD", "JS 9C 10D"))
    starter, top = parse_card("9S"), parse_card("6H")
    rest = [c for c in DECK_36.cards if c not in {starter, top, *(c for h in hands for c in h)}]
    for each in (state, copy):
        for seat in range(3):
            view = each.view(seat)
            assert (view.phase, view.deal, view.dealer, view.to_act) == (0, 0, 0, None)
            assert (view.hand, view.hand_sizes, view.stock_size, view.pile) == ((), (0,) * 3, 0, ())
            assert (view.starter, view.top, view.suit, view.drawn) == (None, None, None, None)
            assert (view.log, view.legal_actions, view.totals, view.sheet) == ((), (), (0,) * 3, ())
        assert each.card_count() == 0 and each.deal_logs() == [] and each.legal_actions() == ()
        assert each.to_act is None and not each.is_over and each.awaiting_deal
        assert each.outcome() == (0.0, 0.0, 0.0)
        each.start_deal(HundredOneSetup(0, hands, starter, (top, *rest)))
        assert each.card_count() == 36
        play(each, "8S JS draw pass QD suit:C 9C 9D QC")  # seat 1 goes out on a queen (H-14)
    assert copy.sheet == state.sheet and copy.totals == state.totals == [21, -30, 10]
    assert copy.deal_logs() == state.deal_logs() and len(state.deal_logs()) == 1


def test_a_sampled_state_plays_on_and_reshuffles_to_the_end_of_the_hand(engine: str) -> None:
    # rule: H-11 H-12
    state = deal([BIG, SMALL], "9S", "6H", seed=7, engine=engine)
    play(state, "10S JS draw pass KS")
    view = state.view(1)
    sampled = state.rules.sample_state(view, random.Random(3))
    assert sampled.view(1) == view
    events = sampled.apply(DRAW)  # the stock is empty: the pile below KS is reshuffled
    assert Restocked(3) in events and sampled.epoch == 1
    while sampled.deal_number == 0:
        sampled.apply(sampled.legal_actions()[0])
    assert len(sampled.sheet) == 1 and sum(sampled.totals) > 0
    first = sampled.deal_logs()[0]
    assert len(first.setup.restocks) >= 1  # type: ignore[attr-defined]


def test_hands_are_numbered_scored_and_reported_in_order(engine: str) -> None:
    # rule: H-3 H-13 H-16
    rules = rules_for(players=2, engine=engine)
    state = rules.empty_state(first_dealer=1)
    events = state.resume_dealing(Shuffler(3))
    while not state.is_over:
        events += state.apply(state.legal_actions()[0])
    hands = len(state.sheet)
    assert hands == state.deal_number == 5
    assert [line.deal for line in state.sheet] == list(range(hands))
    assert [line.dealer for line in state.sheet] == [1, 0, 1, 0, 1]  # H-3: the deal rotates
    scored = [(e.deal, e.scores) for e in events if isinstance(e, DealScored)]
    assert scored == [(line.deal, line.scores) for line in state.sheet]
    started = [e for e in events if isinstance(e, DealStarted)]
    assert [(e.deal, e.dealer) for e in started] == [(n.deal, n.dealer) for n in state.sheet]
    logs = state.deal_logs()
    assert [e.hands for e in started] == [log.setup.hands for log in logs]
    turned = [e.card for e in events if isinstance(e, StarterTurned)]
    assert turned == [log.setup.starter for log in logs]  # type: ignore[attr-defined]
    (over,) = [e for e in events if isinstance(e, GameOver)]
    assert over.totals == state.outcome() == tuple(-float(t) for t in state.totals)
    assert over.winners == tuple(winners(state.totals))


def test_the_first_dealer_must_be_a_seat(engine: str) -> None:
    # rule: H-1 H-3
    for players in (2, 3, 6):
        rules = rules_for(players=players, engine=engine)
        for seat in (-1, players):
            with pytest.raises(DealError) as refused:
                rules.empty_state(first_dealer=seat)
            assert str(refused.value) == f"first dealer {seat} is not a seat 0..{players - 1}"
        for seat in (0, players - 1):
            state = rules.empty_state(first_dealer=seat)
            assert (state.first_dealer, state.dealer, state.num_seats) == (seat, seat, players)


def test_a_forced_draw_with_nothing_left_still_costs_the_turn(engine: str) -> None:
    # rule: H-5 H-11
    state = deal(
        [BIG, SMALL], "9S", "6H", restocks=("9S", "10S"), voluntary_draw=True, engine=engine
    )
    play(state, "10S draw pass draw pass")  # the stock is empty, the pile holds 10S alone
    events = play(state, "7S")  # seat 1 must draw two: 10S from a restock, then nothing
    assert events == [
        CardPlayed(0, parse_card("7S")),
        Restocked(1),
        CardDrawn(1, parse_card("10S"), True),
        NothingToDraw(1),
        TurnSkipped(1),
    ]
    assert state.view(0).log[-3:] == (RESTOCK, 1 << 8 | DREW, 1 << 8 | NOTHING)
    assert state.to_act == 0 and state.stock == [] and state.pile == [parse_card("7S")]


def test_with_nothing_to_draw_the_turn_goes_round_the_table(engine: str) -> None:
    # rule: H-11 H-9
    state = deal([BIG, SMALL], "9S", "6H", voluntary_draw=True, engine=engine)
    play(state, "draw pass")  # seat 1 takes 6H, the only card of the stock
    for seat in (0, 1, 0):
        assert state.to_act == seat
        assert play(state, "draw") == [NothingToDraw(seat)]  # no stock, nothing under 9S
    assert state.to_act == 1 and state.phase == PHASE_PLAY


def test_a_queen_starter_carries_over_to_the_native_engine() -> None:
    # rule: H-7 H-6
    python = deal(["KH 9D AC", "8S QC 7D", "JS 9C 10D"], "QD", "6H", engine="python")
    assert python.to_act == 0 and legal(python) == ["suit:S", "suit:H", "suit:D", "suit:C"]
    native = rules_for(players=3, hand_size=3, engine="native")
    assert isinstance(native, NativeHundredOneRules)
    state = native.from_python(python)  # the dealer names the suit of the queen starter
    assert [state.view(s) for s in range(3)] == [python.view(s) for s in range(3)]
    for text in ("suit:D", "7D", "9D"):  # seat 2 draws two for the 7 and loses his turn
        python.apply(python.rules.parse_action(text))
        state.apply(native.parse_action(text))
    assert [state.view(s) for s in range(3)] == [python.view(s) for s in range(3)]
