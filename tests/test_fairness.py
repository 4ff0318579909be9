"""Provably fair dealing: ``koloda verify`` checks a record against the seed its table
committed to (that every game's deals come from it is checked by the conformance suite), the
players' randomness is mixed into every deal, and the shuffle puts every card in every place
equally often."""

from __future__ import annotations

import json
import math
from pathlib import Path
from random import Random
from typing import Any

import pytest
from random_play import advance
from typer.testing import CliRunner

from koloda import load_game
from koloda.cli.main import app
from koloda.core.dealing import Shuffler
from koloda.core.decks import DECK_36
from koloda.records import RecordError, parse_record, record_from_state
from koloda.records.fairness import commitment, deal_seed, proof, verify

runner = CliRunner()


def finished_record(
    game: str, seed: str, entropy: list[str | None] | None = None
) -> dict[str, Any]:
    options: dict[str, Any] = {"max_deals": 2} if game == "spades" else {}
    rules = load_game(game, **options)
    dealt_from = deal_seed(seed, entropy or [])
    state = advance(
        rules.new_state(seed=dealt_from, first_dealer=1 % rules.num_seats), Random(seed)
    )
    document = json.loads(json.dumps(record_from_state(rules, state)))
    document["fairness"] = proof(seed, entropy or [])
    return document


def test_changed_cards_or_another_seed_are_caught() -> None:
    document = finished_record("hundred_one", "fair/101")
    tampered = json.loads(json.dumps(document))
    deal = tampered["deals"][1]
    deal["stock"][0], deal["stock"][-1] = deal["stock"][-1], deal["stock"][0]
    problems = verify(parse_record(tampered))
    assert any(p.startswith("deal 2:") for p in problems), problems
    assert verify(parse_record(document), seed="another seed")[0] == (
        "the seed is not the one the table committed to"
    )
    document["fairness"]["commitment"] = commitment("another seed")
    assert "committed" in verify(parse_record(document))[0]


def test_koloda_verify(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    document = finished_record("king", "fair/cli")
    path.write_text(json.dumps(document))
    good = runner.invoke(app, ["verify", str(path)])
    assert good.exit_code == 0, good.output
    assert good.output.startswith("fair: all 15 deal(s)")
    assert commitment("fair/cli") in good.output
    hands = document["deals"][3]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    path.write_text(json.dumps(document))
    bad = runner.invoke(app, ["verify", str(path)])
    assert bad.exit_code == 1
    assert "deal 4" in bad.output
    del document["fairness"]
    path.write_text(json.dumps(document))
    unproven = runner.invoke(app, ["verify", str(path)])
    assert unproven.exit_code == 2
    assert "carries no fairness proof" in unproven.output


def test_the_players_randomness_is_mixed_into_every_deal(tmp_path: Path) -> None:
    entropy = ["a1b2", None, "c3-d4_e5", None]
    assert deal_seed("s", []) == deal_seed("s", [None] * 4) == "s"  # nobody gave any
    assert deal_seed("s", entropy) != deal_seed("s", ["a1b2", None, "c3-d4_e6", None])
    assert deal_seed("s", entropy) != deal_seed("s", [None, "a1b2", "c3-d4_e5", None])
    assert "entropy" not in proof("s") and proof("s", entropy)["entropy"] == entropy
    document = finished_record("spades", "fair/mixed", entropy)
    assert verify(parse_record(document)) == []
    without = json.loads(json.dumps(document))
    del without["fairness"]["entropy"]  # the seed alone deals other cards
    assert verify(parse_record(without))[0].startswith("deal 1: ")
    changed = json.loads(json.dumps(document))
    changed["fairness"]["entropy"][2] = "c3-d4_e6"
    assert verify(parse_record(changed))[0].startswith("deal 1: ")
    for bad in (["a b", None, None, None], ["a1"], "a1", [1, None, None, None]):
        document["fairness"]["entropy"] = bad
        with pytest.raises(RecordError, match="entropy"):
            verify(parse_record(document))
    document["fairness"]["entropy"] = entropy
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(document))
    good = runner.invoke(app, ["verify", str(path)])
    assert good.exit_code == 0, good.output
    assert good.output.strip().endswith("and the randomness of seat(s) 0, 2")


def chi_square_of_places(deals: int) -> tuple[float, int]:
    """Shuffles of the 36-card deck from table-like seeds: how far the count of each card in
    each place is from even (Pearson's statistic and its degrees of freedom)."""
    size = len(DECK_36)
    counts = [[0] * size for _ in range(size)]
    index = {card: i for i, card in enumerate(DECK_36.cards)}
    for deal in range(deals):
        shuffled = Shuffler(f"chi/{deal}").shuffled(DECK_36.cards, deal % 15)
        for place, card in enumerate(shuffled):
            counts[index[card]][place] += 1
    expected = deals / size
    statistic = sum((c - expected) ** 2 / expected for row in counts for c in row)
    return statistic, (size - 1) ** 2


def _upper_tail(statistic: float, freedom: int) -> float:
    from scipy.stats import chi2

    return float(chi2.sf(statistic, freedom))


def test_every_card_is_equally_likely_in_every_place() -> None:
    statistic, freedom = chi_square_of_places(20_000)
    # an honest shuffle passes at the 0.1% level (the seeds are fixed: the test is repeatable)
    assert _upper_tail(statistic, freedom) > 0.001, (statistic, freedom)
    assert abs(statistic - freedom) < 6 * math.sqrt(2 * freedom)


@pytest.mark.slow
def test_every_card_is_equally_likely_in_every_place_100k() -> None:
    statistic, freedom = chi_square_of_places(100_000)
    assert _upper_tail(statistic, freedom) > 0.001, (statistic, freedom)
