"""Make the README's and the site's screenshots: the card room in Chromium (Playwright) and
the terminal table in tmux, rendered to SVG by rich.

    .venv/bin/python docs/images/screenshots.py

Needs the dev, server and tui extras, Debian's Chromium and tmux."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))


def card_room(lang: str, out: Path, size: tuple[int, int]) -> None:
    """A King table at the bottom seat's turn, three bots around it."""
    from browser_support import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright
    from server_support import ServerThread, create_table

    with tempfile.TemporaryDirectory() as folder:
        server = ServerThread(f"sqlite:///{folder}/koloda.db", bot_delay=0.3).start()
        try:
            created = create_table(
                server.url, "king", {}, ["human", "bot:normal", "bot:normal", "bot:normal"]
            )
            token = created["seats"][0]["token"]
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=ARGS
                )
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.add_init_script(f"localStorage.setItem('koloda.lang', '{lang}')")
                page.goto(f"{server.url}/t/{created['table_id']}?token={token}")
                for _ in range(3):  # play a few tricks: cards on the felt, a log
                    page.wait_for_selector("#hand button:not([disabled])", timeout=30_000)
                    page.click("#hand button:not([disabled])")
                    time.sleep(1.5)
                page.wait_for_selector("#hand button:not([disabled])", timeout=30_000)
                time.sleep(1.0)
                page.screenshot(path=str(out))
                browser.close()
        finally:
            server.stop()


def terminal(out: Path, width: int = 100, height: int = 30) -> None:
    """`koloda play king` in tmux after a few cards, its screen as an SVG."""
    from rich.console import Console
    from rich.text import Text

    socket = ["-L", f"koloda-shots-{os.getpid()}"]
    with tempfile.TemporaryDirectory() as folder:
        command = f"{sys.executable} -m koloda play king --seed 7 --save {folder}/game.json"
        tmux = ["tmux", *socket]
        subprocess.run(
            [*tmux, "new-session", "-d", "-s", "shot", "-x", str(width), "-y", str(height)],
            check=True,
            env={**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"},
        )
        try:
            subprocess.run([*tmux, "send-keys", "-t", "shot", command, "Enter"], check=True)
            time.sleep(6)
            for _ in range(3):
                subprocess.run([*tmux, "send-keys", "-t", "shot", "Enter"], check=True)
                time.sleep(3)
            screen = subprocess.run(
                [*tmux, "capture-pane", "-e", "-p", "-t", "shot"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            subprocess.run([*tmux, "send-keys", "-t", "shot", "C-q"], check=False)
            time.sleep(1)
        finally:
            subprocess.run([*tmux, "kill-server"], check=False)
    console = Console(record=True, width=width, force_terminal=True, color_system="truecolor")
    console.print(Text.from_ansi(screen.rstrip("\n")), end="")
    console.save_svg(str(out), title="koloda play king")


def main() -> None:
    if shutil.which("tmux"):
        terminal(HERE / "terminal.svg")
    card_room("en", HERE / "card_room.png", (1280, 800))


if __name__ == "__main__":
    main()
