"""Records, for every registered game and variant: a game written as a record, sent as JSON,
read and replayed is the same game (deals, scores, outcome, who is to act, every seat's view)
and writes the same record again; its results document says the same and replays too; a game
saved mid-deal comes back where it stood (the same views and actions) and plays on from a new
seed, as a resumed game does; a record cut after a complete deal replays to a game waiting
for its next deal; a finished game's record says it is finished and replays to the same
outcome; a record whose cards are written as people also write them (T for 10, suit symbols,
small letters) reads as the same game; a record with an action the game cannot read, or one
the rules do not allow there, is refused in one line naming the action (and the legal
ones); every deal of a record comes from the seed its table committed to."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from game_variants import Variant
from random_play import advance, random_state

from koloda.core.dealing import Shuffler
from koloda.records import RecordError, parse_record, record_from_state, replay, results_document
from koloda.records.fairness import deal_seed, proof, verify

DEALS = 3
"""Deals each recorded game plays at most (a Spades game to 500 may never end at random)."""
FINISH_DEALS = 60
"""Deals a random game plays at most on its way to its end (a King game with ordering has
60; a Spades game to 500 may never end at random)."""


def through_json(document: dict[str, Any]) -> Any:
    return parse_record(json.loads(json.dumps(document)))


def views(state: Any) -> list[Any]:
    return [state.view(seat) for seat in range(state.rules.num_seats)]


def test_a_record_replays_to_the_same_game(variant: Variant) -> None:
    rules = variant.rules()
    for seed in range(2):
        first_dealer = seed % rules.num_seats
        state = random_state(rules, seed, first_dealer=first_dealer, deals=DEALS)
        document = record_from_state(rules, state, first_dealer=first_dealer)
        record = through_json(document)
        again = replay(record)
        assert record_from_state(record.rules, again, first_dealer=first_dealer) == document
        assert again.deal_scores() == state.deal_scores() and views(again) == views(state)
        assert (again.is_over, again.to_act) == (state.is_over, state.to_act)
        if state.is_over:
            assert again.outcome() == state.outcome()
        results = results_document(record, again)
        assert results == results_document(record, state)
        assert results["finished"] is state.is_over
        scored = [d["scores"] for d in results["deals"] if "scores" in d]
        assert scored == [list(s) for s in state.deal_scores()]
        assert replay(through_json(results)).deal_scores() == state.deal_scores()


def test_a_game_saved_mid_deal_resumes_where_it_stood(variant: Variant) -> None:
    rules = variant.rules()
    for seed in range(2):
        state = random_state(rules, seed, steps=3 + seed * 7)
        if state.is_over:
            continue
        names = [f"P{seat}" for seat in range(rules.num_seats)]
        record = through_json(record_from_state(rules, state, players=names))
        again = replay(record)
        assert not again.is_over and again.to_act == state.to_act
        assert list(again.legal_actions()) == list(state.legal_actions())
        assert views(again) == views(state)
        results = results_document(record, again)
        assert results["finished"] is False and results["players"] == names
        # the rest of the game comes from a new seed, as when a saved game is resumed
        again.resume_dealing(Shuffler(f"resumed/{seed}"))
        deal = again.deal_index
        advance(again, random.Random(seed), deals=1)
        assert again.is_over or again.deal_index > deal


def test_a_record_cut_after_a_deal_waits_for_the_next(variant: Variant) -> None:
    rules = variant.rules()
    for seed in range(2):
        state = random_state(rules, seed, deals=1)
        document = record_from_state(rules, state)
        document["deals"] = document["deals"][:1]
        record = through_json(document)
        again = replay(record)
        assert again.deal_scores() == state.deal_scores()[:1]
        if again.is_over:  # a game of one deal
            continue
        assert again.awaiting_deal and again.to_act is None and not again.legal_actions()
        results = results_document(record, again)
        assert results["finished"] is False and results["to_act"] is None


def test_a_finished_games_record_replays_to_its_outcome(variant: Variant) -> None:
    rules = variant.rules()
    finished = 0
    for seed in range(2):
        first_dealer = seed % rules.num_seats
        state = random_state(rules, seed, first_dealer=first_dealer, deals=FINISH_DEALS)
        if not state.is_over:  # a Spades game to 500 at random
            continue
        finished += 1
        record = through_json(record_from_state(rules, state, first_dealer=first_dealer))
        again = replay(record)
        assert again.is_over and again.outcome() == state.outcome()
        assert again.deal_scores() == state.deal_scores() and views(again) == views(state)
        results = results_document(record, again)
        assert results["finished"] is True and "to_act" not in results
        assert results == results_document(record, state)
        sides = len(state.deal_scores()[0])
        assert len(results["totals"]) == sides
        assert results["winner"] and set(results["winner"]) <= set(range(sides))
    if not finished:
        pytest.skip(f"no random game ended within {FINISH_DEALS} deals")


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def respelled(value: Any, turn: list[int]) -> Any:
    """Every card in a record's deals written another way in turn: ``10H`` as ``TH``, ``10♥``
    or ``10h``; other words as they are."""
    if isinstance(value, list):
        return [respelled(item, turn) for item in value]
    if isinstance(value, dict):
        return {key: respelled(item, turn) for key, item in value.items()}
    if not isinstance(value, str) or value[-1:] not in SYMBOLS or not value[:-1]:
        return value
    rank, suit = value[:-1], value[-1]
    if rank not in {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}:
        return value
    turn[0] += 1
    return [
        ("T" if rank == "10" else rank) + suit,
        rank + SYMBOLS[suit],
        rank + suit.lower(),
    ][turn[0] % 3]


def test_cards_written_as_people_write_them_read_as_the_same_game(variant: Variant) -> None:
    rules = variant.rules()
    document = record_from_state(rules, random_state(rules, 2, deals=1, steps=40))
    turn = [0]
    written = {**document, "deals": respelled(document["deals"], turn)}
    assert turn[0] and written != document
    assert record_from_state(rules, replay(through_json(written))) == document


def test_every_deal_comes_from_the_committed_seed(variant: Variant) -> None:
    """A game dealt from the seed a table committed to verifies (``koloda verify``), to its end
    or to its sixtieth deal; two cards changed between hands in its second deal are caught."""
    rules = variant.rules()
    seed = f"fair/{variant.id}"
    state = rules.new_state(seed=deal_seed(seed, []), first_dealer=1 % rules.num_seats)
    advance(state, random.Random(seed), deals=FINISH_DEALS)
    document = json.loads(json.dumps(record_from_state(rules, state)))
    document["fairness"] = proof(seed)
    assert verify(parse_record(document)) == []
    hands = document["deals"][1]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    problems = verify(parse_record(document))
    assert problems and problems[0].startswith("deal 2: "), problems


def test_an_illegal_action_is_refused_in_one_line_naming_the_legal_ones(variant: Variant) -> None:
    rules = variant.rules()
    refused = 0
    for seed in range(4):
        state = random_state(rules, seed, steps=3 + seed * 7)
        legal = set(state.legal_actions())
        illegal = [card for card in rules.info.deck.cards if card not in legal]
        if state.to_act is None or not illegal:
            continue
        document = record_from_state(rules, state)
        deal, actions = len(document["deals"]) - 1, document["deals"][-1]["actions"]
        text = rules.format_action(illegal[seed % len(illegal)])
        actions.append(text)
        with pytest.raises(RecordError) as error:
            replay(through_json(document))
        message = str(error.value)
        assert "\n" not in message
        assert message.startswith(f"deal {deal}, action {len(actions) - 1} ({text}): ")
        named = message.rpartition("legal: ")[2].split(", ")
        assert sorted(named) == sorted(rules.format_action(action) for action in legal)
        refused += 1
    assert refused, "no position offered an illegal card"


def test_an_unreadable_action_is_refused_in_one_line(variant: Variant) -> None:
    rules = variant.rules()
    document = record_from_state(rules, random_state(rules, 1, steps=8))
    deal = document["deals"][0]
    deal["actions"][2] = "??"
    with pytest.raises(RecordError) as error:
        replay(parse_record(document))
    message = str(error.value)
    assert "\n" not in message and message.startswith("deal 0, action 2 (??)")
