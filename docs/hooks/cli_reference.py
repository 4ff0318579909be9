"""MkDocs hook: the command line reference is the commands' own help, made at build time."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

MARKER = "<!-- koloda commands -->"
RUN = "from koloda.cli.main import app; app(prog_name='koloda')"


def command_names() -> list[str]:
    import typer.main

    from koloda.cli.main import app

    group = typer.main.get_command(app)
    return list(getattr(group, "commands", {}))


def help_text(*args: str) -> str:
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args, "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return "\n".join(line.rstrip() for line in done.stdout.strip("\n").splitlines())


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if MARKER not in markdown:
        return markdown
    parts = [f"## `koloda`\n\n```text\n{help_text()}\n```\n"]
    for name in command_names():
        parts.append(f"## `koloda {name}`\n\n```text\n{help_text(name)}\n```\n")
    return markdown.replace(MARKER, "\n".join(parts))
