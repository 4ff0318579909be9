"""The player pages at ``/help``: how to play each game, the card room, the terminal table,
saving and analysis, in English and Russian.

The pages are Markdown files shipped in the package (``help_pages/<lang>/<page>.md``), the
same files the documentation site shows under ``docs/players``; the server renders them with
the ``markdown`` library, so ``/help`` works offline and from a wheel."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import markdown
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from koloda.core.registry import available_games
from koloda.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue
from koloda.server.catalog import game_lobby

TOPICS: tuple[str, ...] = ("card_room", "terminal", "saving", "analysis")
"""The pages that are no game's, in the order of the pages' list (after the games')."""


def game_pages() -> tuple[str, ...]:
    """The games this installation has whose page the package ships (``help_pages/<lang>/
    <game>.md``), in the lobby's order: the most played first."""
    shipped = resources.files("koloda.server").joinpath("help_pages", DEFAULT_LANGUAGE)
    games = [game for game in available_games() if shipped.joinpath(f"{game}.md").is_file()]
    return tuple(sorted(games, key=lambda game: (game_lobby(game).rank, game)))


PAGES: tuple[str, ...] = ("index", *game_pages(), *TOPICS)
"""Every player page, in the order of the pages' list; each exists in every language."""

PAGE_LINK = re.compile(r'href="([a-z_]+)\.md(#[^"]*)?"')

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class HelpPage:
    title: str
    body: str


def page_source(lang: str, page: str) -> str:
    """The Markdown of one page (``lang`` in LANGUAGES, ``page`` in PAGES)."""
    path = resources.files("koloda.server").joinpath("help_pages", lang, f"{page}.md")
    return path.read_text(encoding="utf-8")


def page_url(lang: str, page: str) -> str:
    return f"/help/{lang}/" if page == "index" else f"/help/{lang}/{page}"


def _link(match: re.Match[str]) -> str:
    """A link to another page's Markdown file becomes a link to the page, relative to
    ``/help/<lang>/``."""
    page, anchor = match.group(1), match.group(2) or ""
    return f'href="{"./" if page == "index" else page}{anchor}"'


@cache
def rendered(lang: str, page: str) -> HelpPage:
    source = page_source(lang, page)
    heading = re.search(r"^# (.+)$", source, flags=re.MULTILINE)
    title = heading.group(1).strip() if heading else page
    body = markdown.markdown(source, extensions=["tables", "fenced_code"], output_format="html")
    # code and tables may scroll sideways on a phone: they take the keyboard's focus to do so
    body = body.replace("<pre>", '<pre tabindex="0">').replace("<table>", '<table tabindex="0">')
    return HelpPage(title=title, body=PAGE_LINK.sub(_link, body))


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
        for name in PAGES
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
    if page not in PAGES:
        return HTMLResponse(document(lang, "index", found=False), status_code=404)
    return HTMLResponse(document(lang, page))
