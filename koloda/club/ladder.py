"""The bot ladder: the bot levels' ratings in a game's rated preset, so that a level's number
(``hard (1740)``) means what a player's does.

Every two levels play a duplicate match of the same seeded deals, and the ratings are fitted
from the head-to-head results deal by deal, as ``koloda.club.fitting`` does for the arena
too (``play_pairs``, ``fit``): the club's own OpenSkill update, the anchor (the first level
named) moved to show 1500, so that a new player is taken to be as strong as it until games
say otherwise. In the card room a
level starts from these figures and its rated games move it from there
(``koloda.server.ratings_service``).

The unit is a deal, not a game: a stronger bot wins a game more surely than a deal, so the
gaps a ladder finds are likely smaller than whole games' would be; σ says how sure each
figure is.

The ratings are written as a JSON document (``LADDER_FORMAT``): per rating key
(``ratings.rating_key``), the game, the preset, the run's deals and seed, the anchor and
each level's rating. The club's shipped figures are ``bot_ratings.json`` beside this module.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from koloda.bots.base import make_bot
from koloda.club.fitting import fit, play_pairs
from koloda.club.ratings import (
    BETA,
    MU,
    SIGMA,
    TAU,
    Rating,
    RatingError,
    rated_presets,
    rating_key,
)
from koloda.core.engine import AnyRules
from koloda.core.files import write_atomic
from koloda.core.lobby import Preset
from koloda.core.registry import load_game

LADDER_FORMAT = "koloda-bot-ratings"
"""The ``format`` of a ladder's document."""
LADDER_VERSION = 1
DEFAULT_LEVELS = ("easy", "normal", "hard")
SHIPPED = "bot_ratings.json"
"""The club's figures, in this package."""


@dataclass(frozen=True, slots=True)
class LadderRun:
    """What a ladder plays: the game's rated preset, the levels (the first the anchor), how
    many duplicate deals each pair plays, and the seed of the deals."""

    game: str
    preset: Preset
    levels: tuple[str, ...]
    deals: int
    seed: str = "0"

    @property
    def key(self) -> str:
        return rating_key(self.game, self.preset)

    def rules(self) -> AnyRules:
        """The preset's rules."""
        return load_game(self.game, **dict(self.preset.options))


def ladder_run(
    game: str, levels: Sequence[str], deals: int, seed: str = "0", preset: str | None = None
) -> LadderRun:
    """The run asked for, checked before anything is played: a rated preset of ``game``
    (the first unless ``preset`` names one), two or more different bots that exist, one
    deal or more. Anything else is a RatingError (or the registry's OptionError)."""
    presets = rated_presets(game)
    if not presets:
        raise RatingError(f"{game} has no rated preset")
    chosen = presets[0] if preset is None else next((p for p in presets if p.id == preset), None)
    if chosen is None:
        names = ", ".join(p.id for p in presets)
        raise RatingError(f"{preset!r} is no rated preset of {game} (rated: {names})")
    if len(levels) < 2:
        raise RatingError("a ladder needs at least two levels")
    if len(set(levels)) != len(levels):
        raise RatingError("a level is named twice")
    if deals < 1:
        raise RatingError("a ladder needs at least one deal")
    run = LadderRun(game, chosen, tuple(levels), deals, seed)
    rules = run.rules()
    for level in levels:
        make_bot(level, rules)
    return run


def play_ladder(
    run: LadderRun, on_deal: Callable[[str, str, int], None] | None = None
) -> dict[str, Rating]:
    """Each level's rating from the run's duplicate matches, the anchor at a new player's
    μ. ``on_deal(first, second, index)`` is told of every duplicate deal played."""
    pairs = play_pairs(run.rules(), run.levels, run.deals, run.seed, on_deal)
    return fit(run.levels, pairs)


def entry(run: LadderRun, ratings: Mapping[str, Rating]) -> dict[str, Any]:
    """One rating key's part of a ladder document."""
    return {
        "game": run.game,
        "preset": run.preset.id,
        "options": dict(run.preset.options),
        "deals": run.deals,
        "seed": run.seed,
        "anchor": run.levels[0],
        "levels": {level: ratings[level].to_json() for level in run.levels},
    }


def empty_document() -> dict[str, Any]:
    """A ladder document with no ratings yet, naming the model and its parameters."""
    return {
        "format": LADDER_FORMAT,
        "version": LADDER_VERSION,
        "model": {"name": "PlackettLuce", "mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU},
        "ratings": {},
    }


def check_document(data: Any) -> dict[str, Any]:
    """``data`` if it is a ladder document whose every rating reads, else a RatingError."""
    if not isinstance(data, dict) or data.get("format") != LADDER_FORMAT:
        raise RatingError(f"not a ladder's ratings (format {LADDER_FORMAT!r})")
    if data.get("version") != LADDER_VERSION:
        raise RatingError(f"a ladder's ratings of version {data.get('version')!r}, not 1")
    ratings = data.get("ratings")
    if not isinstance(ratings, dict):
        raise RatingError("a ladder's ratings need an object 'ratings'")
    for key, item in ratings.items():
        levels = item.get("levels") if isinstance(item, dict) else None
        if not isinstance(levels, dict) or not levels:
            raise RatingError(f"the ratings of {key!r} name no levels")
        for rating in levels.values():
            Rating.from_json(rating)
    return data


def read_document(path: Path) -> dict[str, Any]:
    """The ladder document in ``path``; a missing one is empty, an unreadable one a
    RatingError."""
    if not path.exists():
        return empty_document()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RatingError(f"cannot read {path}: {error}") from None
    return check_document(data)


def write_entry(path: Path, run: LadderRun, ratings: Mapping[str, Rating]) -> None:
    """Put the run's ratings into the ladder document at ``path`` (its other keys kept),
    written atomically."""
    document = read_document(path)
    document["ratings"][run.key] = entry(run, ratings)
    document["ratings"] = dict(sorted(document["ratings"].items()))
    write_atomic(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")


def shipped_ratings() -> dict[str, dict[str, Rating]]:
    """The bot levels' ratings the club ships: per rating key, each level's rating."""
    text = resources.files(__package__ or "koloda.club").joinpath(SHIPPED).read_text("utf-8")
    document = check_document(json.loads(text))
    return {
        key: {level: Rating.from_json(r) for level, r in item["levels"].items()}
        for key, item in document["ratings"].items()
    }


def bot_rating(key: str, level: str) -> Rating:
    """A bot level's starting rating under ``key``: the shipped figure, or a new player's
    rating where the ladder has none."""
    return shipped_ratings().get(key, {}).get(level, Rating())
