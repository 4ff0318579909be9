"""The bot ladder: its fit of head-to-head results, its anchor, the runs it refuses, its
document, and the club's shipped figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plugin_games import registered

from koloda.club.ladder import (
    LADDER_FORMAT,
    bot_rating,
    check_document,
    empty_document,
    fit,
    ladder_run,
    play_ladder,
    read_document,
    shipped_ratings,
    write_entry,
)
from koloda.club.ratings import MU, Rating, RatingError, rated_presets, rating_key
from koloda.core.errors import OptionError
from koloda.core.registry import available_games

pytest.importorskip("openskill")


def test_a_level_that_wins_every_deal_rates_above_and_the_anchor_stays_put() -> None:
    wins = ("weak", "strong", [0.0] * 8, [5.0] * 8)
    ratings = fit(["weak", "strong"], [wins])
    assert ratings["weak"].mu == pytest.approx(MU)
    assert ratings["strong"].mu > ratings["weak"].mu
    assert ratings["strong"].display() > ratings["weak"].display() + 100
    assert ratings["strong"].sigma < Rating().sigma

    anchored_on_the_strong = fit(["strong", "weak"], [wins])
    assert anchored_on_the_strong["strong"].mu == pytest.approx(MU)
    gap = ratings["strong"].mu - ratings["weak"].mu
    assert anchored_on_the_strong["strong"].mu - anchored_on_the_strong["weak"].mu == (
        pytest.approx(gap)
    )


def test_tied_deals_leave_two_levels_level_and_three_levels_order() -> None:
    tied = fit(["a", "b"], [("a", "b", [1.0, 2.0], [1.0, 2.0])])
    assert tied["a"].mu == pytest.approx(tied["b"].mu)
    three = fit(
        ["low", "mid", "top"],
        [
            ("low", "mid", [0.0] * 6, [1.0] * 6),
            ("low", "top", [0.0] * 6, [1.0] * 6),
            ("mid", "top", [0.0] * 6, [1.0] * 6),
        ],
    )
    assert three["low"].mu < three["mid"].mu < three["top"].mu


def test_a_tiny_ladder_plays_and_rates_each_level() -> None:
    run = ladder_run("king", ["random", "normal"], 1, seed="7")
    told: list[tuple[str, str, int]] = []
    ratings = play_ladder(run, lambda a, b, index: told.append((a, b, index)))
    assert told == [("random", "normal", 0)]
    assert set(ratings) == {"random", "normal"}
    assert ratings["random"].mu == pytest.approx(MU)
    assert all(r.sigma < Rating().sigma for r in ratings.values())
    assert run.key == "king:king_classic"


@pytest.mark.parametrize(
    ("game", "levels", "deals", "preset"),
    [
        ("king", ["easy"], 1, None),
        ("king", ["easy", "easy"], 1, None),
        ("king", ["easy", "normal"], 0, None),
        ("king", ["easy", "normal"], 1, "king_three"),
    ],
)
def test_a_bad_run_is_refused_before_anything_is_played(
    game: str, levels: list[str], deals: int, preset: str | None
) -> None:
    with pytest.raises(RatingError):
        ladder_run(game, levels, deals, preset=preset)


def test_an_unknown_bot_or_game_is_refused() -> None:
    with pytest.raises(OptionError):
        ladder_run("king", ["easy", "nobody"], 1)
    with pytest.raises(OptionError):
        ladder_run("whist", ["easy", "normal"], 1)


def test_a_game_that_rates_no_preset_has_no_ladder() -> None:
    with registered("duel"), pytest.raises(RatingError, match="no rated preset"):
        ladder_run("duel", ["easy", "normal"], 1)


def test_the_document_keeps_the_other_keys_and_refuses_what_is_no_ladder(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    first = ladder_run("king", ["random", "easy"], 1)
    second = ladder_run("tressette", ["random", "easy"], 1)
    write_entry(path, first, {"random": Rating(), "easy": Rating(30.0, 5.0)})
    write_entry(path, second, {"random": Rating(), "easy": Rating(28.0, 3.0)})
    document = check_document(json.loads(path.read_text(encoding="utf-8")))
    assert set(document["ratings"]) == {first.key, second.key}
    assert document["ratings"][second.key]["levels"]["easy"]["provisional"] is False
    assert document["ratings"][first.key]["anchor"] == "random"

    (tmp_path / "other.json").write_text('{"format": "koloda-record"}', encoding="utf-8")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    for name in ("other.json", "broken.json"):
        with pytest.raises(RatingError):
            read_document(tmp_path / name)
    bad = empty_document() | {"ratings": {"x": {"levels": {"easy": {"mu": 1}}}}}
    with pytest.raises(RatingError):
        check_document(bad)
    assert read_document(tmp_path / "missing.json")["format"] == LADDER_FORMAT


def test_the_shipped_figures_cover_every_rated_preset_honestly() -> None:
    shipped = shipped_ratings()
    keys = {rating_key(g, p) for g in available_games() for p in rated_presets(g)}
    assert keys <= set(shipped)
    from importlib import resources

    text = resources.files("koloda.club").joinpath("bot_ratings.json").read_text("utf-8")
    document = check_document(json.loads(text))
    for key, item in document["ratings"].items():
        assert set(item["levels"]) >= {"easy", "normal", "hard"}, key
        for level, data in item["levels"].items():
            rating = shipped[key][level]
            assert data["display"] == rating.display(), (key, level)
            assert data["provisional"] == rating.provisional, (key, level)
        assert item["levels"][item["anchor"]]["mu"] == pytest.approx(MU)
    assert bot_rating("king:king_classic", "hard") == shipped["king:king_classic"]["hard"]
    assert bot_rating("nowhere:nothing", "hard") == Rating()
