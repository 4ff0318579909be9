"""MkDocs hook: the player pages of the games, from the games' own packages.

``docs/players`` links to the package's shared pages (``koloda/server/help_pages``); each game
with a page (its plug-in's ``help``) adds ``players/<lang>/<game>.md`` from its package's
``help/<lang>.md``, and the index lists the games as ``/help`` does. The site and the server
show the same files: their ``cards`` blocks become the same pictures of cards
(``koloda/server/help_cards.py``), styled by the card room's ``help_cards.css``."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.structure.files import File, Files

from koloda.core.registry import game_plugin
from koloda.i18n import LANGUAGES, catalogue_json
from koloda.server.help import game_pages, with_games
from koloda.server.help_cards import with_card_pictures

FOLDER = "players"
"""The site's folder of the player pages (``docs/players``)."""
CARDS_CSS = "assets/help_cards.css"
"""Where the site keeps the pictures' style (the card room's ``static/help_cards.css``)."""
SCRIPTS = "assets/cards"
"""Where the site keeps the card room's modules that draw the faces (``static/``)."""
MODULES = ("help_cards.js", "cards.js", "i18n.js", "words.js")
CARD_WORDS = ("rank.", "suit.", "card.")
"""The catalogue's words the faces need (the corner indices: В Д К Т in Russian)."""


def static(name: str) -> Path:
    """A file of the card room's ``static/``."""
    return Path(str(resources.files("koloda.server").joinpath("static", name)))


def catalogues_script() -> str:
    """What the card room serves as ``/i18n/catalogues.js``, with only the cards' words; and
    the page's language kept before the modules run (``help_cards.js`` gives it back)."""
    words = {
        lang: {k: v for k, v in catalogue_json(lang).items() if k.startswith(CARD_WORDS)}
        for lang in LANGUAGES
    }
    return (
        f"const CATALOGUES = {json.dumps(words, ensure_ascii=False)};\n"
        "document.documentElement.dataset.lang = document.documentElement.lang;\n"
    )


def on_config(config: Any) -> Any:
    if CARDS_CSS not in config.extra_css:
        config.extra_css.append(CARDS_CSS)
    scripts = [str(script) for script in config.extra_javascript]
    if f"{SCRIPTS}/catalogues.js" not in scripts:
        config.extra_javascript.append(f"{SCRIPTS}/catalogues.js")
        module = ExtraScriptValue(f"{SCRIPTS}/help_cards.js")
        module.type = "module"
        config.extra_javascript.append(module)
    return config


def game_page_paths() -> dict[str, Path]:
    """Each game's page on the site (``players/<lang>/<game>.md``) and its file."""
    found = {}
    for game in game_pages():
        package = game_plugin(game).help
        if package is None:
            continue
        for lang in LANGUAGES:
            path = Path(str(resources.files(package).joinpath("help", f"{lang}.md")))
            if path.is_file():
                found[f"{FOLDER}/{lang}/{game}.md"] = path
    return found


def on_files(files: Files, config: Any) -> Files:
    for uri, path in game_page_paths().items():
        files.append(File.generated(config, uri, abs_src_path=str(path)))
    files.append(File.generated(config, CARDS_CSS, abs_src_path=str(static("help_cards.css"))))
    for name in MODULES:
        files.append(File.generated(config, f"{SCRIPTS}/{name}", abs_src_path=str(static(name))))
    files.append(File.generated(config, f"{SCRIPTS}/catalogues.js", content=catalogues_script()))
    return files


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    parts = page.file.src_uri.split("/")
    if len(parts) == 3 and parts[0] == FOLDER and parts[1] in LANGUAGES:
        return with_card_pictures(with_games(markdown, parts[1]), parts[1])
    return markdown


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    """``mkdocs serve`` builds the site again when a game's page changes."""
    for path in game_page_paths().values():
        server.watch(str(path))
    return server
