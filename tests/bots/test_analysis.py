"""Post-game analysis (``koloda analyse``): a planted blunder is the costliest decision, a
forced move loses nothing, the values come from the seat's own view, and the same seed gives
the same analysis. Spades' nil and double nil are never suggested, a nil that was bid is
still valued, and 101 is judged by its search over the seat's information sets."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from koloda import load_game
from koloda.bots import make_bot
from koloda.bots.analysis import analyse, costliest, decision_json
from koloda.cli.main import app
from koloda.core.cards import ACE, KING, parse_card
from koloda.games.spades.actions import BID_BASE, NIL
from koloda.records import parse_record, record_from_state

KING_OF_HEARTS = parse_card("KH")
runner = CliRunner()

NO_KING_FIRST = [
    "no_king",
    "no_tricks",
    "no_jacks",
    "no_queens",
    "no_hearts",
    "last_two",
    "erelash",
]
HANDS = [  # dealt by seat 0; seat 1 leads (K-4)
    ["AC", "7C", "7S", "8S", "7D", "8D", "7H", "8H"],
    ["AS", "KS", "9C", "8C", "KC", "9D", "10D", "9H"],
    ["10C", "JC", "QC", "JS", "QS", "JD", "QD", "10H"],
    ["9S", "10S", "KH", "AD", "KD", "AH", "QH", "JH"],
]
PLAYED = [
    "AS",
    "JS",
    "9S",
    "7S",  # seat 0 may play either spade: neither takes the trick
    "KS",
    "QS",
    "10S",
    "8S",  # seat 0's last spade: forced
    "9C",
    "10C",
    "KH",  # seat 3 has no club and must drop K♥ (K-9)
    "AC",  # the blunder: the ace takes K♥ (16 points, K-7); 7♣ would duck
]
BLUNDER = len(PLAYED) - 1


def blunder_record() -> dict[str, Any]:
    """A "no K♥" deal (the first, by K-11's agreed order) with a planted blunder by seat 0:
    last to a club trick on which K♥ was dropped, it wins the trick with A♣ although 7♣
    would let seat 2's 10♣ take K♥ instead."""
    return {
        "format": "koloda-record/1",
        "game": "king",
        "options": {"negative_order": NO_KING_FIRST},
        "first_dealer": 0,
        "deals": [{"dealer": 0, "hands": [list(h) for h in HANDS], "actions": list(PLAYED)}],
    }


def test_the_planted_blunder_is_the_costliest_decision() -> None:
    # rule: K-9 (K♥ dropped on a trick its holder cannot follow)
    record = parse_record(blunder_record())
    decisions = analyse(record.rules, record, seat=0, samples=8)
    assert [d.move for d in decisions] == [3, 7, BLUNDER]
    free, forced, blunder = decisions
    assert free.loss == 0 and not free.forced  # either spade: the same
    assert forced.forced and forced.loss == 0 and forced.values == {}
    assert costliest(decisions) == [blunder]
    assert blunder.chosen == parse_card("AC") and blunder.best == parse_card("7C")
    assert blunder.loss == 16.0  # taking K♥ costs 16; ducking gives it to seat 2
    shown = decision_json(record.rules, blunder)
    assert shown["chosen"] == "AC" and shown["best"] == "7C" and shown["loss"] == 16.0


def test_forced_moves_lose_nothing_and_the_seed_repeats_the_analysis() -> None:
    rules = load_game("spades", max_deals=1)
    bots = [make_bot("heuristic", rules) for _ in range(4)]
    state = rules.new_state(seed="analysis")
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), rng))
    record = parse_record(json.loads(json.dumps(record_from_state(rules, state))))
    first = analyse(rules, record, seat=2, samples=4, seed=5)
    again = analyse(rules, record, seat=2, samples=4, seed=5)
    assert [d.values for d in first] == [d.values for d in again]
    forced = [d for d in first if d.forced]
    assert forced and all(d.loss == 0 for d in forced)  # the last card is always forced
    assert all(d.seat == 2 and d.view.seat == 2 for d in first)  # that seat's view only


def test_koloda_analyse(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blunder_record()))
    done = runner.invoke(app, ["analyse", str(path), "--samples", "4", "--top", "1"])
    assert done.exit_code == 0, done.output
    assert f"1. deal 1, move {BLUNDER + 1} of the deal: A♣ instead of 7♣, 16.0 points lost" in (
        done.output
    )
    assert "K♥" in done.output  # the position: the trick on the table
    as_json = runner.invoke(app, ["analyse", str(path), "--samples", "4", "--json"])
    assert as_json.exit_code == 0
    assert [d["loss"] for d in json.loads(as_json.output)] == [0.0, 0.0, 16.0]
    russian = runner.invoke(app, ["analyse", str(path), "--samples", "4", "--lang", "ru"])
    assert "Т♣ вместо 7♣, потеряно очков: 16.0" in russian.output
    for bad, says in (
        (["--seat", "4"], "--seat"),
        (["--deal", "2"], "--deal"),
        (["--samples", "0"], "--samples"),
    ):
        refused = runner.invoke(app, ["analyse", str(path), *bad])
        assert refused.exit_code == 2 and says in refused.output
    illegal = blunder_record()
    illegal["deals"][0]["actions"][3] = "7H"  # seat 0 holds spades: it must follow (K-5)
    path.write_text(json.dumps(illegal))
    refused = runner.invoke(app, ["analyse", str(path)])
    assert refused.exit_code == 2 and "7H" in refused.output and "Traceback" not in refused.output
    path.write_text("{not json")
    assert runner.invoke(app, ["analyse", str(path)]).exit_code == 2


def test_koloda_analyse_names_other_actions_as_the_table_does(tmp_path: Path) -> None:
    """101's draws, passes and suits are said in words (``Draw``, ``Взять карту``), not in the
    record's notation."""
    rules = load_game("hundred_one", players=3)
    bots = [make_bot("random", rules) for _ in range(3)]
    state = rules.new_state(seed="analysis words")
    rng = random.Random(3)
    while not state.is_over and len(state.deal_scores()) < 1:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), rng))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_from_state(rules, state)))
    said = {"en": ("Draw", "Keep and pass"), "ru": ("Взять карту", "Оставить и пас")}
    for lang, (draw, pass_) in said.items():
        args = ["analyse", str(path), "--samples", "2", "--top", "40", "--lang", lang]
        done = runner.invoke(app, args)
        assert done.exit_code == 0, done.output
        ranked = [line for line in done.output.splitlines() if re.match(r"\d+\. ", line)]
        assert any(draw in line or pass_ in line for line in ranked), done.output
        notation = re.compile(r"(: |instead of |вместо )(draw|pass|suit:)")
        assert not any(notation.search(line) for line in ranked), ranked


def test_the_cheater_reads_the_real_deal_and_no_table_offers_it() -> None:
    from koloda.bots.base import decide, sees_everything
    from koloda.cli.players import make_bots
    from koloda.core.errors import KolodaError

    record = parse_record(blunder_record())
    rules = record.rules
    state = rules.empty_state(0)
    state.start_deal(rules.setup_from_json(record.deals[0]))
    for text in PLAYED[:BLUNDER]:
        state.apply(rules.parse_action(text))
    cheater = make_bot("cheater:4", rules)
    assert sees_everything("cheater:4") and not sees_everything("hard")
    # knowing where K♥ is, it ducks under the trick that holds it
    assert decide(cheater, state, random.Random(0)) == parse_card("7C")
    try:
        make_bots(rules, "cheater", 4)
    except KolodaError as error:
        assert "reads every hand" in str(error)
    else:
        raise AssertionError("koloda play must not seat the cheater")
    result = runner.invoke(app, ["simulate", "spades", "-n", "1", "--bots", "cheater:2,random"])
    assert result.exit_code == 2  # two names for four seats
    done = runner.invoke(
        app,
        [
            "simulate",
            "spades",
            "-n",
            "1",
            "--seed",
            "1",
            "--deal-limit",
            "1",
            "--json",
            "--bots",
            "cheater:2,random,cheater:2,random",
        ],
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["bots"][0] == "cheater:2"


def two_aces_and_a_king_bids(count: int) -> list[tuple[dict[str, Any], int]]:
    """Saved Spades games that stop right after a seat holding two aces and a king has bid
    as the heuristic bids (a number), with that seat: the first ``count`` of a seeded run."""
    rules = load_game("spades", max_deals=1)
    heuristic = make_bot("heuristic", rules)
    found: list[tuple[dict[str, Any], int]] = []
    for k in range(200):
        state = rules.new_state(seed=f"two aces {k}")
        rng = random.Random(k)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = heuristic.choose(view, rng)
            state.apply(action)
            ranks = [card & 15 for card in view.hand]
            if rules.format_action(action).startswith("bid:") and ranks.count(ACE) >= 2:
                if KING in ranks and action != BID_BASE + NIL:
                    found.append((record_from_state(rules, state), seat))
                break
        if len(found) == count:
            return found
    raise AssertionError("too few hands with two aces and a king")


def test_hands_with_two_aces_and_a_king_are_never_told_nil_was_better() -> None:
    """The playouts that value a bid let a nil through nearly always (their defenders never
    try to set one): nil and double nil are never suggested instead of the bid made."""
    for document, seat in two_aces_and_a_king_bids(4):
        record = parse_record(document)
        decisions = analyse(record.rules, record, seat, samples=4)
        look, bid = decisions[-2:]  # the last two decisions of the seat: look, then bid
        assert record.rules.format_action(look.chosen) == "look"
        for decision in (look, bid):
            shown = decision_json(record.rules, decision)
            assert shown["best"] not in ("bid:nil", "bid:double_nil"), shown
            assert not {"bid:nil", "bid:double_nil"} & set(shown["values"]), shown


def test_a_nil_bid_holding_the_ace_of_spades_is_told_it_cost_points() -> None:
    """Seat 0, first to bid, holds A♠ K♠ Q♠ J♠ 10♠ and three more aces and bids nil: even
    after passing three cards (S-7) it must take tricks; the analysis says what nil cost."""
    strong = ["AS", "KS", "QS", "JS", "10S", "AH", "KH", "QH", "AD", "KD", "AC", "KC", "QC"]
    rest = [
        f"{rank}{suit}"
        for suit in "SHDC"
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
        if f"{rank}{suit}" not in strong
    ]
    hands = [strong, rest[0::3], rest[1::3], rest[2::3]]
    document = {
        "format": "koloda-record/1",
        "game": "spades",
        "options": {},
        "first_dealer": 0,
        "deals": [{"dealer": 0, "hands": hands, "actions": ["look", "bid:nil"]}],
    }
    record = parse_record(document)
    look, nil = analyse(record.rules, record, seat=0, samples=8)
    shown = decision_json(record.rules, nil)
    assert shown["chosen"] == "bid:nil" and shown["best"].startswith("bid:")
    assert shown["best"] not in ("bid:nil", "bid:double_nil")
    assert shown["loss"] > 100  # the nil fails (-100) where a number bid makes its tricks
    assert costliest([look, nil]) == [nil]


def heuristic_game(game: str, seed: int) -> dict[str, Any]:
    """A whole game played by the heuristic at every seat, from a seed."""
    rules = load_game(game)
    bots = [make_bot("heuristic", rules) for _ in range(rules.num_seats)]
    state = rules.new_state(seed=f"timing {seed}")
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), rng))
    return record_from_state(rules, state)


def test_a_suit_named_in_101_is_judged_by_the_search_over_what_the_seat_knows() -> None:
    """101 is valued by its own ISMCTS over the seat's information sets (``hard``'s search):
    PIMC's playouts, which make the seat's later decisions by the heuristic, called this
    ♠ named on a queen a mistake of 6.4 points against ♥; the ISMCTS names ♠ as well."""
    record = parse_record(heuristic_game("hundred_one", 102))
    named = next(d for d in analyse(record.rules, record, seat=0, deals={0}) if d.number == 7)
    assert record.rules.format_action(named.chosen) == "suit:S"
    assert make_bot("hard:100000", record.rules).choose(named.view, random.Random(0)) == (
        named.chosen
    )
    assert named.best == named.chosen and named.loss == 0
