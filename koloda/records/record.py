"""Game records (docs/records.md): one JSON document per game, replayed exactly.

``replay`` rebuilds the game state from a record, checking every deal and action; any error is
a ``RecordError`` whose message is one line naming the deal, the action's index, the action
and the legal actions at that point.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from koloda.core.engine import AnyRules, AnyState
from koloda.core.errors import IllegalActionError, KolodaError
from koloda.core.files import write_atomic
from koloda.core.registry import available_games, game_plugin, load_rules

RECORD_FORMAT = "koloda-record/1"
_TOP_KEYS = {
    "format",
    "game",
    "options",
    "players",
    "first_dealer",
    "deals",
    # results written by `replay --json`; accepted (and recomputed) on input
    "totals",
    "finished",
    "winner",
    "loser",
    "settlement",
    "games",
    "carry",
    "to_act",
    # a table's proof that its deals come from the seed it committed to (records.fairness)
    "fairness",
    # a game played at a study table, every hand face up (the card room's practice)
    "open_hands",
}


class RecordError(KolodaError, ValueError):
    """A record that cannot be read or replayed; the message is one line."""


@dataclass
class Record:
    """A parsed record: the rules it names and its raw deals."""

    rules: AnyRules
    document: dict[str, Any]
    players: list[str] | None
    first_dealer: int
    deals: list[dict[str, Any]] = field(default_factory=list)


def parse_record(document: Any, engine: str | None = None) -> Record:
    """Check a record's top level and load its rules (on ``engine``); deals are checked by
    ``replay``."""
    if not isinstance(document, dict):
        raise RecordError("a record is a JSON object")
    if document.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"unknown record format {document.get('format')!r}; {RECORD_FORMAT}")
    unknown = sorted(set(document) - _TOP_KEYS)
    if unknown:
        raise RecordError(f"unknown key(s) in record: {', '.join(json.dumps(k) for k in unknown)}")
    game = document.get("game")
    if game not in available_games():
        raise RecordError(f"unknown game {game!r}; games: {', '.join(available_games())}")
    options = document.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object")
    players = document.get("players")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError("'players' must be a list of names")
    options = _options_with_players(game, options, players)
    try:
        rules = load_rules(game, options, engine)
    except KolodaError as error:
        raise RecordError(str(error)) from None
    if players is not None and len(players) != rules.num_seats:
        raise RecordError(f"{len(players)} players named for {rules.num_seats} seats")
    first_dealer = document.get("first_dealer", 0)
    if not isinstance(first_dealer, int) or not 0 <= first_dealer < rules.num_seats:
        raise RecordError(f"'first_dealer' must be a seat 0..{rules.num_seats - 1}")
    deals = document.get("deals", [])
    if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
        raise RecordError("'deals' must be a list of objects")
    return Record(rules, document, players, first_dealer, deals)


def _options_with_players(
    game: str, options: dict[str, Any], players: list[str] | None
) -> dict[str, Any]:
    """Where the game's seat-count option (101's ``players``) is left out, the number of
    names sets it (docs/records.md, "players")."""
    option = game_plugin(game).seats_option
    if option is not None and option not in options and players is not None:
        return {**options, option: len(players)}
    return options


def load_record(path: str | Path) -> Record:
    """Read and parse a record file; malformed JSON is a RecordError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a record: not UTF-8 text") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"malformed JSON in {path}: {error.msg} at line {error.lineno}") from None
    return parse_record(document)


def save_record(path: str | Path, document: dict[str, Any]) -> None:
    """Write a record whole (``koloda.core.files``): the file holds this record or, when the
    write fails with a ``WriteError``, the one it held before."""
    write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1))


def replay(record: Record) -> AnyState:
    """The state a record reaches, every deal and action checked."""
    rules = record.rules
    state: AnyState = rules.empty_state(record.first_dealer)
    for index, deal in enumerate(record.deals):
        if state.is_over:
            raise RecordError(f"deal {index}: the game was already over")
        if not state.awaiting_deal:
            raise RecordError(
                f"deal {index - 1}: the deal is not finished, yet deal {index} follows"
            )
        try:
            setup = rules.setup_from_json(deal)
            state.start_deal(setup)
        except KolodaError as error:
            message = str(error)
            if not message.startswith("deal "):
                message = f"deal {index}: {message}"
            raise RecordError(message) from None
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"deal {index}: 'actions' must be a list")
        for position, text in enumerate(actions):
            where = f"deal {index}, action {position} ({text})"
            if not isinstance(text, str):
                raise RecordError(f"deal {index}, action {position}: actions are strings")
            try:
                action = rules.parse_action(text)
            except KolodaError as error:
                raise RecordError(f"{where}: {error}; {_legal_text(rules, state)}") from None
            try:
                state.apply(action)
            except IllegalActionError as error:
                legal = ", ".join(error.legal) if error.legal else "none"
                raise RecordError(f"{where}: {error.reason}; legal: {legal}") from None
    return state


def _legal_text(rules: AnyRules, state: AnyState) -> str:
    legal = [rules.format_action(a) for a in state.legal_actions()]
    return "legal: " + (", ".join(legal) if legal else "none")


def record_from_state(
    rules: AnyRules,
    state: AnyState,
    players: list[str] | None = None,
    first_dealer: int | None = None,
) -> dict[str, Any]:
    """The record of a game as played so far (a saved game when unfinished).

    The first dealer is that of the first deal; ``first_dealer`` is needed only for a game
    that has not dealt yet.
    """
    logs = state.deal_logs()
    if logs:
        first_dealer = logs[0].setup.dealer
    document: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": rules.name,
        "options": rules.options_json(),
    }
    if players is not None:
        document["players"] = list(players)
    document["first_dealer"] = first_dealer or 0
    document["deals"] = [
        {
            **rules.setup_to_json(log.setup),
            "actions": [rules.format_action(a) for a in log.actions],
        }
        for log in logs
    ]
    return document


def results_document(record: Record, state: AnyState) -> dict[str, Any]:
    """The record printed back with results, as ``koloda replay --json`` prints it."""
    rules = record.rules
    document = record_from_state(rules, state, record.players, record.first_dealer)
    document["options"] = dict(record.document.get("options", {})) or rules.options_json()
    complete = len(state.deal_scores())
    for index, deal in enumerate(document["deals"]):
        if index < complete:
            deal.update(rules.deal_results_json(state, index))
    document.update(rules.results_json(state))
    return document
