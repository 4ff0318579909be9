"""The club's ratings: OpenSkill's Plackett–Luce update checked against the model's formulas
worked by hand, every registered game's finished results rated, the display and its
provisional mark, and which tables are rated."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest
from plugin_games import TEST_GAMES, registered
from random_play import advance

from koloda.bots.base import decide, make_bot
from koloda.club.ratings import (
    BETA,
    MU,
    PROVISIONAL_SIGMA,
    SIGMA,
    TAU,
    Rating,
    RatingError,
    TableTerms,
    ranks_of,
    rate_results,
    rate_sides,
    rate_state,
    rate_teams,
    rated_preset,
    rated_presets,
    table_rating_key,
)
from koloda.core.engine import AnyRules, AnyState
from koloda.core.registry import available_games, game_plugin, load_game

pytest.importorskip("openskill")

# The model's constants, as OpenSkill's defaults give them (Weng and Lin 2011, Algorithm 4).
HAND_MU = 25.0
HAND_SIGMA = 25.0 / 3.0
HAND_BETA = 25.0 / 6.0
HAND_TAU = 25.0 / 300.0


def test_the_module_uses_the_openskill_defaults() -> None:
    assert pytest.approx((HAND_MU, HAND_SIGMA, HAND_BETA, HAND_TAU)) == (MU, SIGMA, BETA, TAU)


def test_a_partnership_win_moves_each_partner_by_the_hand_computed_amount() -> None:
    """Two partnerships of new players, the first side wins. Before the game each σ grows by
    τ: s² = σ² + τ². A team's μ and σ² are its players' sums (50, 2s²);
    c² = Σ over teams of (σ_team² + β²) = 2(2s² + β²). Each side's chance of winning is
    e^(50/c) / (2 e^(50/c)) = 1/2, so the winner's Ω = (1 - 1/2) σ_team²/c, the loser's
    -(1/2) σ_team²/c, and both Δ = (1/2)(1/2) σ_team²/c² · γ with γ = σ_team/c. A player
    moves by (s²/σ_team²)·Ω = ±s²/(2c) and σ becomes s·√(1 - (s²/σ_team²)·Δ)."""
    s2 = HAND_SIGMA**2 + HAND_TAU**2
    team_s2 = 2 * s2
    c = math.sqrt(2 * (team_s2 + HAND_BETA**2))
    step = s2 / (2 * c)
    delta = 0.25 * team_s2 / c**2 * (math.sqrt(team_s2) / c)
    sigma = math.sqrt(s2) * math.sqrt(1 - (s2 / team_s2) * delta)

    info = load_game("spades").info  # sides (0, 2) and (1, 3)
    rated = rate_sides(info, [Rating()] * 4, [520.0, 310.0])

    for seat, rating in enumerate(rated):
        expected_mu = HAND_MU + step if seat in (0, 2) else HAND_MU - step
        assert rating.mu == pytest.approx(expected_mu, abs=1e-9)
        assert rating.sigma == pytest.approx(sigma, abs=1e-9)
    assert rated[0].mu - HAND_MU == pytest.approx(1.9643, abs=1e-4)  # 69.4514 / (2 · 17.6785)


def test_a_four_player_ranking_with_a_tie_moves_each_by_the_hand_computed_amount() -> None:
    """Four new players end first, second equal, second equal, last (places 0, 1, 1, 3).
    Each is a team of one: s² = σ² + τ², c² = 4(s² + β²); all μ are equal, so every
    e^(μ/c) is the same and each chance is 1 over the number of players placed at or below
    the place q: 1/4 at q = first, 1/3 at the tied place (A = 2 players share it), 1 at last.
    Ω sums, over the places q no worse than one's own, (1 - p)/A for one's own and -p/A for
    another's; Δ sums p(1 - p)/A:
      first:  Ω = 3/4,                    Δ = 3/16
      tied:   Ω = -1/4 + (2/3)/2 - (1/3)/2 = -1/12,   Δ = 3/16 + 2·(1/3)(2/3)/2
      last:   Ω = -1/4 - (1/3)/2 - (1/3)/2 = -7/12,   Δ = 3/16 + 2·(1/3)(2/3)/2
    and μ moves by s²Ω/c, σ becomes s·√(1 - Δ s²/c² · s/c)."""
    s2 = HAND_SIGMA**2 + HAND_TAU**2
    c = math.sqrt(4 * (s2 + HAND_BETA**2))
    omegas = [3 / 4, -1 / 12, -1 / 12, -7 / 12]
    deltas = [3 / 16, 3 / 16 + 2 / 9, 3 / 16 + 2 / 9, 3 / 16 + 2 / 9]

    info = load_game("king").info  # four players, each for himself
    rated = rate_sides(info, [Rating()] * 4, [40.0, 10.0, 10.0, -60.0])

    for rating, omega, delta in zip(rated, omegas, deltas, strict=True):
        assert rating.mu == pytest.approx(HAND_MU + s2 * omega / c, abs=1e-9)
        shrink = delta * s2 / c**2 * (math.sqrt(s2) / c)
        assert rating.sigma == pytest.approx(math.sqrt(s2) * math.sqrt(1 - shrink), abs=1e-9)
    assert sum(r.mu for r in rated) == pytest.approx(4 * HAND_MU)  # the Ω sum to zero
    assert rated[1] == rated[2]


def test_places_count_the_sides_above() -> None:
    assert ranks_of([40.0, 10.0, 10.0, -60.0]) == [0, 1, 1, 3]
    assert ranks_of([-3.0, 5.0]) == [1, 0]
    assert ranks_of([7.0, 7.0]) == [0, 0]


def test_the_update_keeps_the_teams_and_players_in_order() -> None:
    strong, weak = Rating(30.0, 3.0), Rating(20.0, 3.0)
    (a,), (b,) = rate_teams([[strong], [weak]], [1, 0])  # the weaker won
    assert a.mu < strong.mu and b.mu > weak.mu
    with pytest.raises(RatingError):
        rate_teams([[strong]], [0])
    with pytest.raises(RatingError):
        rate_teams([[strong], [weak]], [0])


def finished_game(rules: AnyRules, seed: int) -> AnyState:
    """A seeded game played by random choices; one that random players do not finish in
    sixty deals (a game to a target they may never reach) is played on by the heuristic."""
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    advance(state, rng, deals=60)
    bot = make_bot("normal", rules)
    while not state.is_over:
        state.apply(decide(bot, state, rng))
    return state


def every_game() -> Iterator[str]:
    """Every registered game, then each test game (registered while it is played)."""
    yield from available_games()
    yield from TEST_GAMES


@pytest.mark.parametrize("game", list(every_game()))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_finished_game_rates_every_seat_by_its_side(game: str, seed: int) -> None:
    with registered(game) if game in TEST_GAMES else _nothing():
        rules = load_game(game)
        info = rules.info
        state = finished_game(rules, seed)
        before = [Rating(MU + seat, SIGMA - seat / 10) for seat in range(info.num_seats)]
        after = rate_state(rules, state, before)
        from_record = rate_results(info, rules.results_json(state), before)

    assert after == pytest.approx(from_record)
    assert all(a.sigma < b.sigma for a, b in zip(after, before, strict=True))
    outcome = state.outcome()
    best = max(outcome)
    worst = min(outcome)
    for seat, (a, b) in enumerate(zip(after, before, strict=True)):
        if outcome[seat] == best and best != worst:
            assert a.mu > b.mu, f"seat {seat} won and lost rating"
        if outcome[seat] == worst and best != worst:
            assert a.mu < b.mu, f"seat {seat} came last and gained rating"
    for side in info.sides:  # partners share a result, so move in the same direction
        moves = {math.copysign(1.0, after[s].mu - before[s].mu) for s in side}
        assert len(moves) == 1


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_an_unfinished_game_is_not_rated() -> None:
    rules = load_game("king")
    state = rules.new_state(seed=3)
    advance(state, random.Random(3), deals=2)
    with pytest.raises(RatingError):
        rate_state(rules, state, [Rating()] * 4)
    with pytest.raises(RatingError):
        rate_results(rules.info, rules.results_json(state), [Rating()] * 4)
    with pytest.raises(RatingError):
        rate_results(rules.info, {"finished": True, "totals": [1, 2]}, [Rating()] * 4)
    with pytest.raises(RatingError):
        rate_sides(rules.info, [Rating()] * 3, [1.0, 2.0, 3.0, 4.0])


def test_penalty_points_rank_the_fewest_first() -> None:
    info = load_game("hundred_one").info  # utility.sense -1: totals are penalties
    results = {"finished": True, "totals": [12, 101, 40, 40]}
    rated = rate_results(info, results, [Rating()] * 4)
    assert rated[0].mu > rated[2].mu > rated[1].mu
    assert rated[2].mu == pytest.approx(rated[3].mu)


def test_a_new_player_shows_1500_and_400_points_are_odds_of_ten_to_one() -> None:
    assert Rating().display() == 1500
    stronger = Rating(MU + HAND_BETA * math.sqrt(2) * math.log(10), 1e-6)  # odds of 10:1
    assert stronger.display() == 1900
    c = math.sqrt(stronger.sigma**2 + 1e-12 + 2 * HAND_BETA**2)
    chance = 1 / (1 + math.exp(-(stronger.mu - MU) / c))
    assert chance == pytest.approx(10 / 11, abs=1e-6)
    assert Rating(MU - 1, 2).display() < 1500 < Rating(MU + 1, 2).display()


def test_provisional_until_sigma_falls_below_the_threshold() -> None:
    assert Rating().provisional and Rating().label() == "1500?"
    assert Rating(MU, PROVISIONAL_SIGMA).provisional
    assert not Rating(MU, PROVISIONAL_SIGMA - 1e-9).provisional
    assert Rating(MU, PROVISIONAL_SIGMA - 1e-9).label() == "1500"

    player, other = Rating(), Rating()
    flipped = None
    for game in range(500):
        (player,), (other,) = rate_teams([[player], [other]], [game % 2, 1 - game % 2])
        if not player.provisional:
            flipped = game
            break
    assert flipped is not None and flipped > 5
    assert player.sigma < PROVISIONAL_SIGMA


def test_a_rating_reads_back_from_its_json() -> None:
    rating = Rating(27.5, 3.25)
    data = rating.to_json()
    assert data["display"] == rating.display() and data["provisional"] is False
    assert Rating.from_json(data) == rating
    for bad in ({}, {"mu": "x", "sigma": 1}, {"mu": 1, "sigma": 0}, {"mu": math.inf, "sigma": 1}):
        with pytest.raises(RatingError):
            Rating.from_json(bad)


def test_every_game_with_a_lobby_rates_a_preset_and_its_tables() -> None:
    for game in available_games():
        presets = rated_presets(game)
        if game_plugin(game).lobby is None:
            continue
        assert presets, f"{game} rates no preset"
        for preset in presets:
            assert rated_preset(game, dict(preset.options)) == preset


def test_which_tables_are_rated() -> None:
    rated = TableTerms(accounts_only=True, turn_clock=True, hints=False, undo=False)
    assert table_rating_key("king", {"variant": "classic"}, rated) == "king:king_classic"
    assert table_rating_key("king", {}, rated) == "king:king_classic"  # classic: the default
    assert table_rating_key("king", {"variant": "order"}, rated) == "king:king_order"
    assert table_rating_key("king", {"variant": "three"}, rated) is None
    assert table_rating_key("spades", {}, rated) is None  # the rules' defaults: unrated
    assert table_rating_key("hundred_one", {"players": 3}, rated) == "hundred_one:hundred_one"
    assert table_rating_key("hundred_one", {"hand_size": 4}, rated) is None
    for terms in (
        TableTerms(accounts_only=False, turn_clock=True, hints=False, undo=False),
        TableTerms(accounts_only=True, turn_clock=False, hints=False, undo=False),
        TableTerms(accounts_only=True, turn_clock=True, hints=True, undo=False),
        TableTerms(accounts_only=True, turn_clock=True, hints=False, undo=True),
    ):
        assert table_rating_key("king", {"variant": "classic"}, terms) is None
