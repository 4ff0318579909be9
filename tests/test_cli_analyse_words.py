"""``koloda analyse`` speaks to the person about the person's own decisions ("Analysis of
your decisions", "Разбор ваших решений"), of a bot by its name, and names the cards of its
values as the table shows them (``Д♠``), not in the record's notation (``QS``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from koloda.core.registry import load_game
from koloda.records import record_from_state, save_record

runner = CliRunner()


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rules = load_game("king")
    state = rules.new_state(seed="words", first_dealer=0)
    rng = random.Random(3)
    while len(state.deal_scores()) < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    path = tmp_path_factory.mktemp("analyse") / "king.json"
    save_record(path, record_from_state(rules, state, ["Вы", "Random-1", "Random-2", "Random-3"]))
    return path


def analyse(record: Path, *args: str) -> str:
    from koloda.cli.main import app

    base = ["analyse", str(record), "--deal", "2", "--samples", "2", "--top", "1"]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Analysis of your decisions: "), ("ru", "Разбор ваших решений: ")],
)
def test_the_person_s_own_decisions(record: Path, lang: str, title: str) -> None:
    said = analyse(record, "--lang", lang)
    assert said.startswith(title), said
    values = [line for line in said.splitlines() if line.strip().startswith(("values", "оценки"))]
    assert values, said
    assert not re.search(r"\b(10|[2-9TJQKA])[SHDC]\b", values[0]), values[0]
    assert re.search("[♠♥♦♣]", values[0])


def test_a_bot_s_decisions_by_its_name(record: Path) -> None:
    assert analyse(record, "--seat", "1").startswith("Analysis of Random-1's decisions: ")
    assert analyse(record, "--seat", "1", "--lang", "ru").startswith(
        "Разбор решений игрока Случайный-1: "
    )
