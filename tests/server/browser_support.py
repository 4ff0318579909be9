"""Helpers of the browser tests: Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from koloda.i18n import catalogue_json

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium (Playwright cannot download a browser here)."""
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no /usr/bin/chromium")


def shots_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``KOLODA_SCREENSHOTS`` when set (to look at them), else the
    test's temporary folder."""
    folder = Path(os.environ.get("KOLODA_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def wait_until(page: Any, expression: str, seconds: float = 10) -> None:
    """Poll ``expression`` in the page (``wait_for_function`` would need ``eval``, which the
    pages' Content-Security-Policy forbids, as it should)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(20)


def page_errors(page: Any) -> list[str]:
    """The page's script errors and the resources its Content-Security-Policy blocked (a
    blocked script or style breaks a page silently), collected as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return errors


def english_left(text: str) -> list[str]:
    """The English words of the catalogue (other in Russian) that are whole lines of
    ``text``, or that it holds when they are long (a sentence left untranslated)."""
    english, russian = catalogue_json("en"), catalogue_json("ru")
    lines = {line.strip() for line in text.split("\n")}
    return sorted(
        value
        for key, value in english.items()
        if isinstance(value, str)
        and len(value) > 3
        and value != russian.get(key)
        and any(c.isalpha() for c in value)
        and "{" not in value
        and (value in lines or (len(value) > 30 and value in text))
    )
