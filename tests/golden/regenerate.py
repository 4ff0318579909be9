"""Golden playthroughs: one seeded game of each game and main variant, written out as text.

Each file under tests/golden/ holds every deal's cards, every decision (the seat, its legal
actions, the action taken and what that seat's view showed), the events it caused, and the
scores. A seed deals the cards and a seeded ``random.Random`` picks each decision among the
legal actions, so the text depends only on the rules: tests/core/test_golden.py plays each
game again on the engine under test (native, and Python with ``KOLODA_ENGINE=python``) and
compares. A change of behaviour shows up as a readable diff.

After a deliberate change of the rules' behaviour, regenerate the files and read the diff::

    .venv/bin/python tests/golden/regenerate.py            # on the default engine
    KOLODA_ENGINE=python .venv/bin/python tests/golden/regenerate.py
"""

from __future__ import annotations

import json
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules, AnyState
from koloda.core.events import Event
from koloda.core.registry import load_rules

GOLDEN = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    """One golden game: a file name, the game and options, and how much of it is played."""

    name: str
    game: str
    options: dict[str, Any]
    about: str
    """What part of the game the file holds, for its header."""
    deals: int | None = None
    """Stop after this many complete deals (None: play the game to its end)."""
    seed: str = field(default="")

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.name}.txt"

    @property
    def deal_seed(self) -> str:
        return self.seed or f"golden-{self.name}"


CASES = [
    Case("king-classic", "king", {"variant": "classic"}, "the whole game"),
    Case(
        "king-order",
        "king",
        {"variant": "order"},
        "the first 4 deals (a whole game of the order variant is 60 deals)",
        deals=4,
    ),
    Case(
        "king-three",
        "king",
        {"variant": "three"},
        "the first 4 deals (a whole game of three players is 45 deals)",
        deals=4,
    ),
    Case(
        "spades",
        "spades",
        {"max_deals": 2},
        "a whole game ended by the option max_deals=2 (random players seldom reach 500)",
    ),
    Case("hundred_one", "hundred_one", {}, "the whole game, four players"),
    Case(
        "hundred_one-two",
        "hundred_one",
        {"players": 2},
        "the whole game, two players",
    ),
    Case(
        "tressette",
        "tressette",
        {},
        "the first 4 deals of a group (a group lasts until three games of 21 are won)",
        deals=4,
    ),
]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


LONG = 30
"""Legal actions beyond this many (Spades' exchanges of three cards) are written as their
number, the first and the last."""


def _legal_text(legal: list[str]) -> str:
    if len(legal) <= LONG:
        return " ".join(legal)
    return f"{len(legal)} legal actions: {legal[0]} … {legal[-1]}"


def _change(key: str, old: Any, new: Any) -> tuple[str, Any]:
    """How a changed value is written: a list that only grew gives ``key+`` and what was added,
    one that only lost items gives ``key-`` and what it lost, anything else ``key`` and the
    new value."""
    if isinstance(old, list) and isinstance(new, list):
        if len(new) > len(old) and new[: len(old)] == old:
            return f"{key}+", new[len(old) :]
        lost = _lost(old, new)
        if lost:
            return f"{key}-", lost
    return key, new


def _lost(old: list[Any], new: list[Any]) -> list[Any]:
    """What ``old`` lost to become ``new``, if ``new`` is ``old`` with some items taken out
    (an empty list otherwise)."""
    lost: list[Any] = []
    rest = iter(new)
    pending = next(rest, _END)
    for item in old:
        if pending is not _END and item == pending:
            pending = next(rest, _END)
        else:
            lost.append(item)
    return lost if pending is _END and len(new) < len(old) else []


_END = object()


def _view_line(view: dict[str, Any], before: dict[str, Any] | None) -> str:
    """The seat's view: whole at its first decision of a deal, else what changed since its
    previous decision (``view~``)."""
    if before is None:
        return f"    view {_json(view)}"
    changed = dict(_change(k, before.get(k), v) for k, v in view.items() if before.get(k) != v)
    gone = sorted(set(before) - set(view))
    return f"    view~ {_json(changed)}" + (f" gone {_json(gone)}" if gone else "")


class Writer:
    """Plays one case and writes it down."""

    def __init__(self, case: Case, engine: str | None) -> None:
        self.case = case
        self.rules: AnyRules = load_rules(case.game, case.options, engine)
        self.state: AnyState = self.rules.empty_state()
        self.rng = random.Random(case.deal_seed)
        self.lines: list[str] = []
        self.views: dict[int, dict[str, Any]] = {}
        self.deals_shown = 0
        self.deals_scored = 0

    def header(self) -> None:
        case = self.case
        self.lines += [
            f"# Golden playthrough: {case.game}, {case.about}.",
            f"# The cards come from the seed {case.deal_seed!r}; each decision is the legal",
            f"# action that random.Random({case.deal_seed!r}) picks.",
            "# Written by tests/golden/regenerate.py, compared on both engines by",
            "# tests/core/test_golden.py. A decision's line gives its number, the seat, the legal",
            "# actions (more than 30: their number, first and last) and the action taken. Below",
            "# it: that seat's view without its legal actions, whole at its first decision of a",
            "# deal, then only what changed since its previous decision (view~; key+ lists what",
            "# a list gained, key- what it lost), and the events the action caused. Each deal",
            "# begins with its cards and ends with its scores.",
            f"game {case.game}",
            f"options {_json(self.rules.options_json())}",
        ]

    def new_deals(self) -> None:
        logs = self.state.deal_logs()
        while self.deals_shown < len(logs):
            setup = self.rules.setup_to_json(logs[self.deals_shown].setup)
            dealer = setup.pop("dealer")
            self.lines.append("")
            self.lines.append(f"== deal {self.deals_shown}, dealer {dealer}")
            for seat, hand in enumerate(setup.pop("hands")):
                self.lines.append(f"hand {seat}: {' '.join(hand)}")
            for key, value in setup.items():
                if key != "restocks":
                    self.lines.append(f"{key}: {_json(value)}")
            self.deals_shown += 1
            self.views.clear()

    def scores(self) -> None:
        while self.deals_scored < len(self.state.deal_scores()):
            results = self.rules.deal_results_json(self.state, self.deals_scored)
            restocks = self.rules.setup_to_json(self.state.deal_logs()[self.deals_scored].setup)
            for stock in restocks.get("restocks", []):
                self.lines.append(f"restock of deal {self.deals_scored}: {' '.join(stock)}")
            self.lines.append(f"== deal {self.deals_scored} scores {_json(results)}")
            self.deals_scored += 1

    def decide(self, number: int) -> None:
        state, rules = self.state, self.rules
        seat = state.to_act
        assert seat is not None, "a game not over has a seat to act"
        legal = [rules.format_action(a) for a in state.legal_actions()]
        action = self.rng.choice(state.legal_actions())
        self.lines.append(
            f"{number} seat {seat} [{_legal_text(legal)}] {rules.format_action(action)}"
        )
        view = state.view(seat).to_json()
        view.pop("legal_actions", None)  # the decision's line gives them
        self.lines.append(_view_line(view, self.views.get(seat)))
        self.views[seat] = view
        self.events(state.apply(action))

    def events(self, events: list[Event]) -> None:
        for event in events:
            self.lines.append(f"    {_json(event.to_json())}")

    def play(self) -> str:
        """The game as ``rules.new_state(seed)`` deals it, with the first deal's opening."""
        self.header()
        opening = self.state.resume_dealing(Shuffler(self.case.deal_seed))
        self.new_deals()
        self.events(opening)
        number = 0
        while not self.state.is_over:
            if self.case.deals is not None and self.deals_scored >= self.case.deals:
                break
            self.new_deals()
            self.decide(number)
            number += 1
            self.scores()
        self.lines.append("")
        self.lines.append(f"results {_json(self.rules.results_json(self.state))}")
        return "\n".join(self.lines) + "\n"


def playthrough(case: Case, engine: str | None = None) -> str:
    """The golden text of ``case`` played on ``engine`` (default: the default engine)."""
    return Writer(case, engine).play()


def write_atomically(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    with partial.open("w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)


def main() -> int:
    for case in CASES:
        text = playthrough(case)
        changed = not case.path.exists() or case.path.read_text(encoding="utf-8") != text
        write_atomically(case.path, text)
        print(f"{case.path.name}: {'written' if changed else 'unchanged'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
