"""The player pages at ``/help``: how to play each game, the card room, the terminal table,
saving and analysis, in English and Russian.

The pages are Markdown files shipped in the packages: a game's page is its plug-in's
(``help/<lang>.md`` in the package its ``help`` names), the others are this package's
(``help_pages/<lang>/<page>.md``). The documentation site shows the same files under
``players/`` (``docs/hooks/player_pages.py``). The server renders them with the ``markdown``
library, so ``/help`` works offline and from a wheel."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import markdown
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from koloda.core.errors import OptionError
from koloda.core.registry import available_games, game_plugin
from koloda.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue
from koloda.server.catalog import game_lobby

TOPICS: tuple[str, ...] = ("card_room", "terminal", "saving", "analysis")
"""The pages that are no game's, in the order of the pages' list (after the games')."""
GAMES_MARKER = "<!-- koloda games -->"
"""Where the index page lists the games (``games_list``)."""
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
"""A page's front matter: ``key: value`` lines between two ``---`` lines at its top (a game's
page says its ``summary`` there, which the index shows beside its name)."""
HEADING = re.compile(r"^# (.+)$", re.MULTILINE)

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class HelpPage:
    title: str
    body: str


@cache
def shipped_text(package: str, *parts: str) -> str | None:
    """The text of the file at ``parts`` in ``package``, or None where there is none."""
    try:
        file = resources.files(package)
        for part in parts:
            file = file.joinpath(part)
        return file.read_text(encoding="utf-8") if file.is_file() else None
    except (ModuleNotFoundError, OSError):
        return None


def game_page_text(game: str, lang: str) -> str | None:
    """The Markdown file of ``game``'s page in ``lang`` (else in English) from the package its
    plug-in names (``help``), or None: an unknown game, or one with no page."""
    try:
        package = game_plugin(game).help
    except OptionError:
        return None
    if package is None:
        return None
    for name in dict.fromkeys((lang, DEFAULT_LANGUAGE)):
        text = shipped_text(package, "help", f"{name}.md")
        if text is not None:
            return text
    return None


def game_pages() -> tuple[str, ...]:
    """The games this installation has whose plug-in ships a page, in the lobby's order: the
    most played first."""
    games = [game for game in available_games() if game_page_text(game, DEFAULT_LANGUAGE)]
    return tuple(sorted(games, key=lambda game: (game_lobby(game).rank, game)))


def pages() -> tuple[str, ...]:
    """Every player page, in the order of the pages' list; each exists in every language."""
    return ("index", *game_pages(), *TOPICS)


def split_front_matter(text: str) -> tuple[dict[str, str], str]:
    """A page's front matter (``FRONT_MATTER``; a value goes on in the indented lines below
    its key) and the Markdown after it."""
    found = FRONT_MATTER.match(text)
    if found is None:
        return {}, text
    meta: dict[str, list[str]] = {}
    key = ""
    for line in found.group(1).splitlines():
        if line[:1].isspace() and key:
            meta[key].append(line.strip())
        elif ":" in line:
            key, _, value = line.partition(":")
            key = key.strip()
            meta[key] = [value.strip()]
    body = text[found.end() :].lstrip("\n")
    return {key: " ".join(filter(None, words)) for key, words in meta.items()}, body


def title_of(source: str, page: str) -> str:
    """A page's title: its first heading, else its name."""
    heading = HEADING.search(source)
    return heading.group(1).strip() if heading else page


def games_list(lang: str) -> str:
    """The games' pages as the index lists them, in Markdown: each game's title, linked to
    its page, and the ``summary`` its page gives."""
    lines = []
    for game in game_pages():
        meta, source = split_front_matter(game_page_text(game, lang) or "")
        summary = meta.get("summary")
        link = f"- [{title_of(source, game)}]({game}.md)"
        lines.append(f"{link}: {summary}" if summary else link)
    return "\n".join(lines)


def with_games(source: str, lang: str) -> str:
    """A page's Markdown with the games listed where it says so (``GAMES_MARKER``)."""
    return source.replace(GAMES_MARKER, games_list(lang)) if GAMES_MARKER in source else source


def page_source(lang: str, page: str) -> str:
    """The Markdown of one page (``lang`` in LANGUAGES, ``page`` in ``pages()``), front matter
    aside and the games listed."""
    if page in ("index", *TOPICS):
        text = shipped_text("koloda.server", "help_pages", lang, f"{page}.md")
    else:
        text = game_page_text(page, lang)
    return with_games(split_front_matter(text or "")[1], lang)


PAGE_LINK = re.compile(r'href="([a-z_]+)\.md(#[^"]*)?"')


def page_url(lang: str, page: str) -> str:
    return f"/help/{lang}/" if page == "index" else f"/help/{lang}/{page}"


def _link(match: re.Match[str]) -> str:
    """A link to another page's Markdown file becomes a link to the page, relative to
    ``/help/<lang>/``."""
    page, anchor = match.group(1), match.group(2) or ""
    return f'href="{"./" if page == "index" else page}{anchor}"'


def rendered(lang: str, page: str) -> HelpPage:
    return render(page_source(lang, page), page)


@cache
def render(source: str, page: str) -> HelpPage:
    """A page's title and HTML from its Markdown."""
    body = markdown.markdown(source, extensions=["tables", "fenced_code"], output_format="html")
    # code and tables may scroll sideways on a phone: they take the keyboard's focus to do so
    body = body.replace("<pre>", '<pre tabindex="0">').replace("<table>", '<table tabindex="0">')
    return HelpPage(title=title_of(source, page), body=PAGE_LINK.sub(_link, body))


def preferred_language(request: Request) -> str:
    """The first language of Accept-Language that the pages have, else English."""
    for part in request.headers.get("accept-language", "").split(","):
        lang = part.split(";")[0].strip().lower()[:2]
        if lang in LANGUAGES:
            return lang
    return DEFAULT_LANGUAGE


def word(lang: str, key: str, *args: str) -> str:
    entry = catalogue(lang).get(key)
    text = entry if isinstance(entry, str) else key
    return text.format(*args)


def document(lang: str, page: str, found: bool = True) -> str:
    """The whole HTML page: a header, the list of pages, and the page itself."""
    shown = rendered(lang, page)
    other = next(other for other in LANGUAGES if other != lang)
    items = "".join(
        f'<li><a href="{page_url(lang, name)}"'
        + (' aria-current="page"' if name == page and found else "")
        + f">{html.escape(rendered(lang, name).title)}</a></li>"
        for name in pages()
    )
    not_found = html.escape(word(lang, "guide.not_found"))
    missing = "" if found else f'<p class="missing">{not_found}</p>'
    title = shown.title if found else word(lang, "guide.title")
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · {html.escape(word(lang, "ui.brand"))}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/help.css">
<link rel="icon" href="data:,">
</head>
<body>
<header class="bar">
  <a class="brand" href="/">{html.escape(word(lang, "ui.brand"))}</a>
  <span class="grow"><a href="/">{html.escape(word(lang, "guide.back"))}</a></span>
  <a class="other-language" lang="{other}" hreflang="{other}" href="{page_url(other, page)}">{
        html.escape(word(lang, "guide.other_language"))
    }</a>
</header>
<main class="help">
<nav class="help-pages" aria-label="{html.escape(word(lang, "guide.pages"))}"><ul>{items}</ul></nav>
<article class="help-page">{missing}{shown.body if found else ""}</article>
</main>
</body>
</html>
"""


@router.get("/help")
async def help_root(request: Request) -> RedirectResponse:
    return RedirectResponse(f"/help/{preferred_language(request)}/", status_code=307)


@router.get("/help/{lang}")
async def help_language(lang: str) -> RedirectResponse:
    return RedirectResponse(f"/help/{lang if lang in LANGUAGES else DEFAULT_LANGUAGE}/", 307)


@router.get("/help/{lang}/", response_class=HTMLResponse)
async def help_index(lang: str) -> HTMLResponse:
    return help_response(lang, "index")


@router.get("/help/{lang}/{page}", response_class=HTMLResponse)
async def help_page(lang: str, page: str) -> HTMLResponse:
    return help_response(lang, page)


def help_response(lang: str, page: str) -> HTMLResponse:
    """A page in its language; an unknown language or page is a 404 that lists the pages."""
    if lang not in LANGUAGES:
        return HTMLResponse(document(DEFAULT_LANGUAGE, "index", found=False), status_code=404)
    if page not in pages():
        return HTMLResponse(document(lang, "index", found=False), status_code=404)
    return HTMLResponse(document(lang, page))
