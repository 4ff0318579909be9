"""Ratings: OpenSkill's Weng–Lin Plackett–Luce model over the results of rated games.

A finished game is a ranking of its sides (``GameInfo.sides``: a partnership is a team of
two, every other player a team of one), best first, equal results sharing a place. One
update moves every seat's rating by that ranking (``rate_teams``, the model's defaults:
μ 25, σ 25/3, β 25/6, τ 25/300). A game's result comes either from its finished state
(``state.outcome()``, higher is better) or from a finished record's results
(docs/records.md: ``settlement`` where the game writes one, else ``totals``, turned by the
game's ``utility.sense`` so that higher is better).

What a player sees is one number (``Rating.display``) on the familiar Elo scale: a new
player shows 1500, and between two settled players a gap of 400 means the stronger wins ten
games in eleven, as in Elo. The model's chance that ``i`` beats ``j`` is
``1 / (1 + exp(-(μi - μj) / c))`` with ``c = sqrt(σi² + σj² + 2β²)``; for settled players
(σ small beside β) ``c ≈ β√2``, and the odds of 10:1 need ``μi - μj = β√2 ln 10``, which the
display stretches to 400 points: ``1500 + 400 (μ - 25) / (β √2 ln 10)``, about 29.5 points
a unit of μ. The number is μ itself, not the conservative μ - 3σ: the mark ``provisional``
says instead that it is not yet known well. A rating is provisional while σ is 4 or more
(``PROVISIONAL_SIGMA``): about ±118 display points for one σ, near where other rating
systems drop their mark (a Glicko deviation of 110). Under random results σ falls below 4
after about 50 games of four players or two partnerships and 35 head-to-head games.

Which tables are rated is each game's data: its lobby presets marked ``rated``
(``koloda.core.lobby.Preset``). Each rated preset has a rating of its own (``rating_key``:
the game and the preset), and a table is at a preset when its options are the preset's,
whatever its number of seats where the game lets the players choose it (the plug-in's
``seats_option``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from koloda.core.engine import AnyRules, GameState
from koloda.core.errors import KolodaError
from koloda.core.info import GameInfo
from koloda.core.lobby import Lobby, Preset, default_lobby
from koloda.core.plugin import load_reference
from koloda.core.registry import game_plugin, load_rules
from koloda.extras import require_extra

MU = 25.0
"""A new player's μ (OpenSkill's default)."""
SIGMA = MU / 3
"""A new player's σ (OpenSkill's default)."""
BETA = SIGMA / 2
"""How much one game's performance varies around the skill (OpenSkill's default)."""
TAU = MU / 300
"""What σ grows by before each game, so that a rating can still move (OpenSkill's default)."""
PROVISIONAL_SIGMA = 4.0
"""A rating is provisional while its σ is at least this (about half the starting σ)."""
DISPLAY_BASE = 1500
"""The number a new player (μ 25) shows."""
DISPLAY_PER_MU = 400.0 / (BETA * math.sqrt(2.0) * math.log(10.0))
"""Display points per unit of μ: 400 points are the odds of 10:1 between settled players."""


class RatingError(KolodaError, ValueError):
    """A result that cannot be rated: unfinished, or not of the game's shape."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's (or bot level's) rating in one rated game: the model's mean and
    deviation of the skill."""

    mu: float = MU
    sigma: float = SIGMA

    def display(self) -> int:
        """The one number shown: 1500 for a new player, 400 points for odds of 10:1."""
        return round(DISPLAY_BASE + DISPLAY_PER_MU * (self.mu - MU))

    @property
    def provisional(self) -> bool:
        """Not yet known well: σ is still ``PROVISIONAL_SIGMA`` or more."""
        return self.sigma >= PROVISIONAL_SIGMA

    def label(self) -> str:
        """The number as shown, with ``?`` while it is provisional (``1620?``)."""
        return f"{self.display()}{'?' if self.provisional else ''}"

    def to_json(self) -> dict[str, Any]:
        """The rating as a JSON object: μ, σ, and what is shown of them."""
        return {
            "mu": round(self.mu, 6),
            "sigma": round(self.sigma, 6),
            "display": self.display(),
            "provisional": self.provisional,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        """The rating of ``to_json``'s object (its ``display`` and ``provisional`` are read
        again from μ and σ); a malformed one is a RatingError."""
        try:
            mu, sigma = float(data["mu"]), float(data["sigma"])
        except (KeyError, TypeError, ValueError):
            raise RatingError(f"a rating needs numbers mu and sigma, not {data!r}") from None
        if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
            raise RatingError(f"a rating needs a finite mu and a positive sigma, not {data!r}")
        return cls(mu, sigma)


def ranks_of(scores: Sequence[float]) -> list[int]:
    """Each side's place from its result (higher is better): 0 for the best, equal
    results sharing a place, the next place counting the sides above it (1, 2, 2, 4 as 0,
    1, 1, 3)."""
    return [sum(1 for other in scores if other > score) for score in scores]


def rate_teams(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """One Plackett–Luce update: every team's players' new ratings, teams and players in
    the order given; ``ranks`` are the teams' places (0 best, ties equal)."""
    require_extra("server", "the club's ratings")
    from openskill.models import PlackettLuce

    if len(teams) < 2 or len(ranks) != len(teams) or any(not team for team in teams):
        raise RatingError("a rated game needs two or more teams, each with a place")
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
    given = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    rated = model.rate(given, ranks=[float(rank) for rank in ranks])
    return [[Rating(player.mu, player.sigma) for player in team] for team in rated]


def rate_sides(info: GameInfo, ratings: Sequence[Rating], scores: Sequence[float]) -> list[Rating]:
    """Every seat's new rating after a game whose sides (``info.sides``) had ``scores``
    (higher is better): ``ratings`` and the result are per seat."""
    if len(ratings) != info.num_seats:
        raise RatingError(f"{len(ratings)} ratings for {info.num_seats} seats")
    if len(scores) != len(info.sides):
        raise RatingError(f"{len(scores)} results for {len(info.sides)} sides")
    teams = [[ratings[seat] for seat in side] for side in info.sides]
    rated = rate_teams(teams, ranks_of(scores))
    out = list(ratings)
    for side, team in zip(info.sides, rated, strict=True):
        for seat, rating in zip(side, team, strict=True):
            out[seat] = rating
    return out


def state_scores(info: GameInfo, state: GameState[Any]) -> list[float]:
    """Each side's result in a finished game, from ``state.outcome()``."""
    if not state.is_over:
        raise RatingError("the game is not finished")
    outcome = state.outcome()
    return [float(outcome[side[0]]) for side in info.sides]


def results_scores(info: GameInfo, results: Mapping[str, Any]) -> list[float]:
    """Each side's result in a finished record's results (docs/records.md), higher better:
    its ``settlement`` where the game writes one, else its ``totals``, per seat or side."""
    if results.get("finished") is not True:
        raise RatingError("the record's game is not finished")
    values = results.get("settlement", results.get("totals"))
    if not isinstance(values, list) or len(values) != len(info.sides):
        raise RatingError(f"the results need a total for each of the {len(info.sides)} sides")
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        raise RatingError("the results' totals are not numbers")
    return [float(info.utility.sense * v) for v in values]


def rate_state(rules: AnyRules, state: GameState[Any], ratings: Sequence[Rating]) -> list[Rating]:
    """Every seat's new rating after the finished game ``state``."""
    return rate_sides(rules.info, ratings, state_scores(rules.info, state))


def rate_results(
    info: GameInfo, results: Mapping[str, Any], ratings: Sequence[Rating]
) -> list[Rating]:
    """Every seat's new rating after a finished record whose results are ``results``."""
    return rate_sides(info, ratings, results_scores(info, results))


def game_lobby(game: str) -> Lobby:
    """The lobby of ``game``: its plug-in's, or one preset of its defaults."""
    reference = game_plugin(game).lobby
    if reference is None:
        return default_lobby(game)
    lobby: Lobby = load_reference(reference)
    return lobby


def rated_presets(game: str) -> tuple[Preset, ...]:
    """The presets of ``game`` whose tables are rated, each a rating of its own."""
    return tuple(preset for preset in game_lobby(game).presets if preset.rated)


def rating_key(game: str, preset: Preset) -> str:
    """The name of the rating of a rated preset: ``game:preset``."""
    return f"{game}:{preset.id}"


def _rules_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as the rules write them (the defaults left out), without the number of
    seats where the game lets the table choose it."""
    written = load_rules(game, options, engine="python").options_json()
    seats = game_plugin(game).seats_option
    return {name: value for name, value in written.items() if name != seats}


def rated_preset(game: str, options: Mapping[str, Any]) -> Preset | None:
    """The rated preset a table of ``game`` with ``options`` is at, or None: its options
    are the preset's (the number of seats aside, where the game lets the table choose it)."""
    table = _rules_options(game, options)
    for preset in rated_presets(game):
        if _rules_options(game, preset.options) == table:
            return preset
    return None


@dataclass(frozen=True, slots=True)
class TableTerms:
    """How a table is played, beyond its rules: what makes its game count for ratings."""

    accounts_only: bool
    """Every player is a signed-in account (bots may fill the other seats)."""
    turn_clock: bool
    """Every turn has a clock."""
    hints: bool
    """Players may ask for a hint."""
    undo: bool
    """Players may take a move back."""

    @property
    def rateable(self) -> bool:
        """Accounts only, a turn clock, no hints and no undo."""
        return self.accounts_only and self.turn_clock and not self.hints and not self.undo


def table_rating_key(game: str, options: Mapping[str, Any], terms: TableTerms) -> str | None:
    """The rating a table's games count for, or None when they are not rated: a rated
    preset's options under rated terms."""
    if not terms.rateable:
        return None
    preset = rated_preset(game, options)
    return None if preset is None else rating_key(game, preset)
