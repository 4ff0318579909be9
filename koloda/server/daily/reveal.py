"""A closed day of the deal of the day: how the field played each deal (the most common
first play, the best result), and each attempt's record with the revealed seed and its
replay's seats. Blocking: the routes run these in a thread."""

from __future__ import annotations

import collections
import datetime as dt
from typing import Any

from koloda.core.registry import load_rules
from koloda.records import record_from_state
from koloda.records.fairness import FAIRNESS_KEY, proof
from koloda.server.daily import store as daily_store
from koloda.server.daily.days import PERSON_SEAT, DailyGame, day_seed
from koloda.server.daily.service import DailyService


def lines(service: DailyService, day: dt.date, game: DailyGame) -> list[dict[str, Any]]:
    """How the field played each deal, once the day is closed (blocking; made once): the
    most common first card or call of the person's seat, and the best result with the
    attempt that made it."""
    key = (day.isoformat(), game.game)
    if key not in service.lines_made:
        service.lines_made[key] = _make_lines(service, day, game)
    return service.lines_made[key]


def _make_lines(service: DailyService, day: dt.date, game: DailyGame) -> list[dict[str, Any]]:
    """Per deal: the most common play at each of the person's decisions (among those who
    reached it), and the line of the best result of a signed-in player."""
    counts: list[list[collections.Counter[str]]] = [[] for _ in range(game.deals)]
    best: list[tuple[int, str, list[str]] | None] = [None] * game.deals
    for attempt in daily_store.attempts(service.engine, day.isoformat(), game.game):
        decisions = _decisions(service, attempt, game)
        for deal, line in enumerate(decisions):
            while len(counts[deal]) < len(line):
                counts[deal].append(collections.Counter())
            for index, text in enumerate(line):
                counts[deal][index][text] += 1
        for deal, points in enumerate(attempt.points[: len(decisions)]):
            found = best[deal]
            if attempt.account_id and (found is None or points > found[0]):
                best[deal] = (points, attempt.name or "", decisions[deal])
    return [_line(deal, counts[deal], best[deal]) for deal in range(game.deals)]


def _line(
    deal: int, counts: list[collections.Counter[str]], best: tuple[int, str, list[str]] | None
) -> dict[str, Any]:
    common = [counter.most_common(1)[0] for counter in counts]
    return {
        "deal": deal,
        "common": common[0][0] if common else None,
        "common_players": common[0][1] if common else 0,
        "common_line": [text for text, _ in common],
        "best_points": None if best is None else best[0],
        "best_name": None if best is None else best[1],
        "best_line": [] if best is None else best[2],
    }


def _decisions(
    service: DailyService, attempt: daily_store.Attempt, game: DailyGame
) -> list[list[str]]:
    """The person's decisions in each deal of the set he finished."""
    stored = service.manager.store.load(attempt.table_id)
    if stored is None:
        return []
    rules = load_rules(stored.game, stored.options)
    state = rules.empty_state(stored.first_dealer)
    by_deal: dict[int, list[str]] = collections.defaultdict(list)
    for deal, action in stored.actions:
        by_deal[deal].append(action)
    lines = []
    for deal, setup in enumerate(stored.setups[: min(game.deals, attempt.deals_done)]):
        state.start_deal(rules.setup_from_json(setup))
        line = []
        for text in by_deal.get(deal, []):
            if state.to_act == PERSON_SEAT:
                line.append(text)
            state.apply(rules.parse_action(text))
        lines.append(line)
    return lines


def tables(service: DailyService, day: dt.date, game: DailyGame) -> list[str]:
    """The tables of the day's attempts (blocking; the page lists them once closed)."""
    return [a.table_id for a in daily_store.attempts(service.engine, day.isoformat(), game.game)]


def seats(service: DailyService, table_id: str) -> list[dict[str, Any]] | None:
    """Who sat where at an attempt's table (``{kind, name}``), for its replay."""
    stored = service.manager.store.load(table_id)
    if stored is None:
        return None
    names = (stored.seating or {}).get("names") or [None] * len(stored.seats)
    return [{"kind": k, "name": n} for k, n in zip(stored.seats, names, strict=False)]


def record(
    service: DailyService, day: dt.date, game: DailyGame, table_id: str
) -> dict[str, Any] | None:
    """An attempt's record of the set, with the day's revealed seed (blocking; closed
    days only): ``koloda verify`` checks its deals."""
    attempt = daily_store.attempt_at(service.engine, table_id)
    if attempt is None or attempt.day != day.isoformat() or attempt.game != game.game:
        return None
    stored = service.manager.store.load(table_id)
    if stored is None:
        return None
    rules = load_rules(stored.game, stored.options)
    state = rules.empty_state(stored.first_dealer)
    by_deal: dict[int, list[str]] = collections.defaultdict(list)
    for deal, action in stored.actions:
        by_deal[deal].append(action)
    for deal in range(min(attempt.deals_done, len(stored.setups))):
        state.start_deal(rules.setup_from_json(stored.setups[deal]))
        for text in by_deal.get(deal, []):
            state.apply(rules.parse_action(text))
    document = record_from_state(rules, state, first_dealer=stored.first_dealer)
    document["options"] = stored.options
    document[FAIRNESS_KEY] = proof(day_seed(service.secret(), day, game.game))
    return document
