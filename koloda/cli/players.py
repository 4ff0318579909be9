"""Who sits where in a terminal game: the human seat, the bots and the names a record keeps.

A record (docs/records.md) keeps only the players' names, so the names say who played: a bot is
named by its level and seat (``Hard-2``), the person by anything else (``You``). Resuming a
saved game reads the names back, so the person gets his own seat and the bots their levels
(issue 15, bug 1); names that say nothing of the kind (a record from elsewhere) keep the
seat and bots given on the command line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from koloda.bots import AnyBot, make_bot
from koloda.bots.base import sees_everything
from koloda.core.engine import AnyRules
from koloda.core.errors import KolodaError
from koloda.i18n import Speaker, upper_first

_BOT_NAME = re.compile(r"(?P<level>[A-Za-z][\w:.-]*)-(?P<seat>\d+)")

DEFAULT_BOTS = "normal"


@dataclass
class Seating:
    """The person's seat, a bot for every seat (the person's unused) and the names."""

    seat: int
    bots: list[AnyBot]
    names: list[str]


def bot_name(bot: AnyBot, seat: int) -> str:
    """The name a bot plays under: its level and seat (``Normal-1``)."""
    return f"{bot.name.capitalize()}-{seat}"


def shown_names(names: Sequence[str], lang: str) -> list[str]:
    """The names as the table shows them in ``lang``: a bot's level in that language
    (``Средний-1`` for ``Normal-1``) where the language has one word for it; the record keeps
    the names as they are."""
    words = Speaker(lang, [])
    shown = []
    for seat, name in enumerate(names):
        level = bot_level(name, seat)
        word = words.catalogue.get(f"bot.{level}") if level is not None else None
        if isinstance(word, str) and word.isalpha():
            name = f"{upper_first(word)}-{seat}"
        shown.append(name)
    return shown


def bot_level(name: str, seat: int) -> str | None:
    """The bot level a player name says (``Hard-2`` at seat 2 → ``hard``), or None."""
    match = _BOT_NAME.fullmatch(name)
    if match is None or int(match.group("seat")) != seat:
        return None
    return match.group("level").lower()


def make_bots(rules: AnyRules, names: str, count: int) -> list[AnyBot]:
    """One bot per seat from ``"normal"`` or ``"random,hard,normal,easy"``; KolodaError
    when a name is unknown or the count does not fit."""
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if len(chosen) == 1:
        chosen *= count
    if len(chosen) != count:
        raise KolodaError(f"{len(chosen)} bots named for {count} seats")
    for name in chosen:
        if sees_everything(name):  # a ceiling for measurements, not an opponent
            raise KolodaError(f"bot {name!r} reads every hand: not at a table with a person")
    return [make_bot(name, rules) for name in chosen]


def new_seating(rules: AnyRules, seat: int, bots: str, lang: str = "en") -> Seating:
    """A new game: the person at ``seat``, the bots ``bots`` elsewhere."""
    if not 0 <= seat < rules.num_seats:
        raise KolodaError(f"seat must be 0..{rules.num_seats - 1}")
    players = make_bots(rules, bots, rules.num_seats)
    you = Speaker(lang, []).word("ui.you_name")
    names = [you if s == seat else bot_name(players[s], s) for s in range(rules.num_seats)]
    return Seating(seat, players, names)


def saved_seating(
    rules: AnyRules,
    names: list[str] | None,
    seat: int | None,
    bots: str | None,
    lang: str = "en",
) -> Seating:
    """A resumed game: the seat and bot levels its names say, unless given anew (``seat``,
    ``bots``); the record's names are kept."""
    if names is None:
        return new_seating(rules, seat or 0, bots or DEFAULT_BOTS, lang)
    levels = [bot_level(name, s) for s, name in enumerate(names)]
    people = [s for s, level in enumerate(levels) if level is None]
    if seat is None:
        seat = people[0] if len(people) == 1 else 0
    if not 0 <= seat < rules.num_seats:
        raise KolodaError(f"seat must be 0..{rules.num_seats - 1}")
    if bots is not None:
        players = make_bots(rules, bots, rules.num_seats)
    else:
        players = []
        for level in levels:
            try:
                players.append(make_bot(level or DEFAULT_BOTS, rules))
            except KolodaError:
                players.append(make_bot(DEFAULT_BOTS, rules))
    kept = list(names)
    if bots is not None:
        kept = [
            name if s == seat or levels[s] is None else bot_name(players[s], s)
            for s, name in enumerate(kept)
        ]
    if levels[seat] is not None:
        # the person takes a seat a bot had: he plays under his own name there
        kept[seat] = Speaker(lang, []).word("ui.you_name")
    return Seating(seat, players, kept)
