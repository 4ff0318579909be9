"""The day of a deal of the day: which day it is (UTC, from an injectable clock), the day's
seed for a game (an HMAC of the server's secret and the date, so that nobody can work it
out, and every process on one database derives the same one), its commitment, and how many
deals the day's set holds for a game."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from koloda.bots import make_bot
from koloda.core.registry import available_games, load_rules
from koloda.records.fairness import commitment
from koloda.server.catalog import game_lobby

Clock = Callable[[], dt.datetime]
"""The current time, timezone-aware (tests give their own)."""

SET_SECONDS = 12 * 60
"""A day's set is sized to about twelve minutes of a person's play (10-20 minutes)."""
SECONDS_PER_DECISION = 8.0
"""A person's decision at the card room, roughly: looking at the hand, the trick and the
sheet, then a click (bots answer at once)."""
SECONDS_PER_DEAL = 25.0
"""Between deals: the deal's score read, the "next deal" click, the new hand sorted."""
BOT = "bot:normal"
"""The bots at every other seat: one fixed level, the same for everyone."""
PERSON_SEAT = 0


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def day_of(moment: dt.datetime) -> dt.date:
    """The UTC day of a moment: a day opens at 00:00 UTC and closes at the next midnight."""
    return moment.astimezone(dt.UTC).date()


def closes_at(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)


def parse_day(text: str) -> dt.date | None:
    """A day written ``YYYY-MM-DD`` (None for anything else)."""
    try:
        return dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def day_seed(secret: str, day: dt.date, game: str) -> str:
    """The seed a game's deals of ``day`` come from: the HMAC of the server's secret over the
    date and the game (hex)."""
    message = f"koloda-daily:{day.isoformat()}:{game}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True)
class DailyGame:
    """A game's deal of the day: its standard preset and the size of the day's set."""

    game: str
    preset: str
    options: dict[str, Any]
    num_seats: int
    deals: int
    seconds: int
    """The set's estimated length of play."""

    def seats(self) -> list[str]:
        """The table's seats: the person at seat 0, the day's bots at the others."""
        return ["human" if s == PERSON_SEAT else BOT for s in range(self.num_seats)]


def decisions_per_deal(game: str, options: dict[str, Any], deals: int = 3) -> float:
    """A seat's decisions in one deal, on average over the first ``deals`` of a game the
    normal bots play from a fixed seed (quick: no search)."""
    rules = load_rules(game, options)
    state = rules.new_state(seed="koloda-daily-measure", first_dealer=0)
    bots = [make_bot("normal", rules) for _ in range(rules.num_seats)]
    rng = random.Random(0)
    made = 0
    while not state.is_over and len(state.deal_scores()) < deals:
        seat = state.to_act
        assert seat is not None
        made += seat == PERSON_SEAT
        state.apply(bots[seat].choose(state.view(seat), rng))
    return made / max(1, len(state.deal_scores()))


@cache
def daily_game(game: str) -> DailyGame:
    """A game's deal of the day: its first (standard) preset, and as many deals as fit in
    ``SET_SECONDS`` of a person's play, fewer than a program's whole length (the set ends
    before the game does)."""
    preset = game_lobby(game).presets[0]
    options = dict(preset.options)
    rules = load_rules(game, options)
    per_deal = decisions_per_deal(game, options) * SECONDS_PER_DECISION + SECONDS_PER_DEAL
    deals = max(1, round(SET_SECONDS / per_deal))
    if rules.info.program_length:
        deals = min(deals, rules.info.program_length - 1)
    return DailyGame(
        game=game,
        preset=preset.id,
        options=rules.options_json(),
        num_seats=rules.num_seats,
        deals=deals,
        seconds=round(deals * per_deal),
    )


def daily_games() -> list[DailyGame]:
    """Every game's deal of the day, in the lobby's order of games."""
    ranked = sorted(available_games(), key=lambda name: (game_lobby(name).rank, name))
    return [daily_game(name) for name in ranked]


def day_commitment(secret: str, day: dt.date, game: str) -> str:
    """What is published when the day opens: the SHA-256 of the day's seed (as a table's)."""
    return commitment(day_seed(secret, day, game))
