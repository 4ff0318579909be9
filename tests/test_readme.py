"""The README is a short front door whose links and examples work, and the documentation
pages' interactive examples run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
EXAMPLE_PAGES = [README, ROOT / "docs" / "design.md"]
"""The pages with interactive (``>>>``) examples."""


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=lambda p: p.name)
def test_examples_run_as_written(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_readme_is_at_most_200_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines"


def test_every_link_and_picture_of_the_readme_is_in_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if not re.match(r"[a-z]+://", t)]
    assert len(local) > 20
    missing = [t for t in local if not (ROOT / t).is_file()]
    assert not missing, f"the README points at files that are not there: {missing}"


PROJECT_FILES = ["koloda", "tests", "bench", "examples", "native/src", "Makefile", "pyproject.toml"]
SUFFIXES = {".py", ".md", ".toml", ".rs", ".js", ".html", ".json", ""}


def project_texts() -> list[tuple[Path, str]]:
    found: list[tuple[Path, str]] = []
    for name in PROJECT_FILES:
        top = ROOT / name
        paths = [top] if top.is_file() else [p for p in top.rglob("*") if p.is_file()]
        for path in paths:
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                found.append((path, path.read_text(encoding="utf-8", errors="replace")))
    return found


def test_the_repository_stands_alone() -> None:
    # nothing refers to a folder beside the repository, and every page of docs/ the code
    # cites is there
    outside = re.compile(
        r"\.\./shared|\bshared/(?:rules|records|protocol|DESIGN)|parent\s*/\s*\"shared\""
    )
    bare_rules = re.compile(r"(?<![/\w])rules/[\w<>]+\.md")  # they are docs/rules/<game>.md
    cited = re.compile(r"\bdocs/[\w/.-]+\.(?:md|json)\b")
    strays, missing = [], []
    for path, text in project_texts():
        if path == Path(__file__):
            continue
        strays += [f"{path.relative_to(ROOT)}: {m}" for m in outside.findall(text)]
        if path.suffix != ".rs":  # the Rust comments keep the short form, rules/<game>.md
            strays += [f"{path.relative_to(ROOT)}: {m}" for m in bare_rules.findall(text)]
        missing += [
            f"{path.relative_to(ROOT)}: {m}"
            for m in cited.findall(text)
            if not (ROOT / m).is_file()
        ]
    assert not strays, strays
    assert not missing, missing
