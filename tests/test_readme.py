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
