"""Every rule ID of an implemented game (docs/rules/<game>.md) is named by a test: `# rule: K-9`."""

from __future__ import annotations

import re
from pathlib import Path

from koloda import available_games

TESTS = Path(__file__).resolve().parent
RULES = TESTS.parent / "docs" / "rules"
RULE_FILES = {"king": "K", "spades": "S", "hundred_one": "H", "tressette": "T"}


def rule_ids(rules_file: Path, prefix: str) -> set[str]:
    return set(re.findall(rf"\b{prefix}-\d+\b", rules_file.read_text(encoding="utf-8")))


def named_ids() -> set[str]:
    named: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.search(r"#\s*rules?:\s*(.*)", line)
            if match:
                named.update(re.findall(r"\b[KSHT]-\d+\b", match.group(1)))
    return named


def test_every_rule_of_every_implemented_game_is_named_by_a_test() -> None:
    games = available_games()
    assert "king" in games
    named = named_ids()
    missing = {}
    for game in games:
        prefix = RULE_FILES[game]
        ids = rule_ids(RULES / f"{game}.md", prefix)
        assert ids, f"no rule IDs found for {game}"
        lacking = sorted(ids - named, key=lambda i: int(i.split("-")[1]))
        if lacking:
            missing[game] = lacking
    assert not missing, f"rule IDs no test names: {missing}"
