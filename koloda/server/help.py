"""The player pages at ``/help``: how to play each game, the card room, the terminal table,
saving and analysis, in English and Russian.

The pages are Markdown files shipped in the packages: a game's page is its plug-in's
(``help/<lang>.md`` in the package its ``help`` names), the others are this package's
(``help_pages/<lang>/<page>.md``). The documentation site shows the same files under
``players/`` (``docs/hooks/player_pages.py``). The server renders them with the ``markdown``
library, so ``/help`` works offline and from a wheel."""

from __future__ import annotations

import asyncio
import html
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlencode

import markdown
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from sqlalchemy import select

from koloda.core.errors import KolodaError, OptionError
from koloda.core.registry import available_games, game_plugin, load_rules
from koloda.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue
from koloda.server.catalog import game_lobby, games_catalog
from koloda.server.help_cards import with_card_pictures
from koloda.server.store import tables_table

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
    return render(with_card_pictures(page_source(lang, page), lang), page)


@cache
def render(source: str, page: str) -> HelpPage:
    """A page's title and HTML from its Markdown (an attribute list, ``{: data-option=...}``,
    marks what an option changes: ``highlighted``)."""
    body = markdown.markdown(
        source, extensions=["tables", "fenced_code", "attr_list"], output_format="html"
    )
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


def lesson_link(lang: str, page: str, title: str) -> str:
    """A game page's link to its first game with the teacher (``/learn/<game>``), if it has
    one; nothing on the other pages."""
    if page not in game_pages() or game_plugin(page).lesson is None:
        return ""
    label = html.escape(word(lang, "learn.link_label", title))
    return f'<p class="lesson-link"><a class="button" href="/learn/{page}">{label}</a></p>'


def word(lang: str, key: str, *args: str) -> str:
    entry = catalogue(lang).get(key)
    text = entry if isinstance(entry, str) else key
    return text.format(*args)


@dataclass(frozen=True)
class Setting:
    """The rules in force at a table: every option of its game with its value (the table's,
    else the default), and the options that apply with these values (the lobby's
    ``shown_when``)."""

    game: str
    values: dict[str, Any]
    applies: frozenset[str]


def game_options(game: str) -> list[dict[str, Any]]:
    """The options of ``game`` as the lobby offers them (``/api/games``)."""
    options: list[dict[str, Any]] = next(
        (entry["options"] for entry in games_catalog() if entry["game"] == game), []
    )
    return options


def setting_of(game: str, given: dict[str, Any]) -> Setting:
    """The rules in force with the options ``given``; options the game refuses are a
    ``KolodaError`` (or ``ValueError``, ``TypeError``) in one line."""
    load_rules(game, given, engine="python")
    options = game_options(game)
    values = {o["name"]: given.get(o["name"], o["default"]) for o in options}
    applies = frozenset(
        o["name"]
        for o in options
        if all(values.get(name) in allowed for name, allowed in o["shown_when"].items())
    )
    return Setting(game, values, applies)


def option_text(value: Any) -> str:
    """An option's value as a page's marks write it: ``true``, ``three``, ``500``."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


OPTION_MARK = re.compile(r'<(p|li|h[2-4])((?: [^>]*)?) data-option="([a-z_]+)=([^"]*)"([^>]*)>')
"""An element a page marks as what an option's value does: ``{: data-option="name=value" }``
(several values: ``name=a,b``)."""


def in_force(setting: Setting, name: str, values: str) -> bool:
    """Whether the option ``name`` applies at the table and has one of ``values``."""
    if name not in setting.applies:
        return False
    return option_text(setting.values.get(name)) in values.split(",")


def highlighted(body: str, setting: Setting, lang: str) -> str:
    """A page's HTML with what is in force at the table marked: the class ``in-force`` and
    the words "at this table" at the start of each marked element whose option has the
    marked value."""
    tag = html.escape(word(lang, "guide.in_force"))

    def mark(found: re.Match[str]) -> str:
        if not in_force(setting, found.group(3), found.group(4)):
            return found.group(0)
        start = found.group(0)[:-1]
        return f'{start} class="in-force"><span class="in-force-tag">{tag}</span> '

    return OPTION_MARK.sub(mark, body)


def value_words(lang: str, game: str, option: dict[str, Any], value: Any) -> str:
    """An option's value in words, as the lobby says it."""
    key = f"lobby.option.{game}.{option['name']}.{option_text(value)}"
    if catalogue(lang).get(key) is not None:
        return word(lang, key)
    if isinstance(value, bool):
        return word(lang, "guide.yes" if value else "guide.no")
    if isinstance(value, list) and option.get("words"):
        return ", ".join(word(lang, f"{option['words']}{item}") for item in value)
    if option.get("unit"):
        unit = catalogue(lang).plural(f"lobby.unit.{option['unit']}", value)
        return f"{value} {unit}" if unit else str(value)
    return str(value)


def preset_of(setting: Setting) -> str | None:
    """The lobby's preset whose rules are the table's (as the lobby names a table), or None:
    the table's own rules."""
    defaults = {o["name"]: o["default"] for o in game_options(setting.game)}
    for preset in game_lobby(setting.game).presets:
        rules = {**defaults, **preset.options}
        if all(json.dumps(rules[name]) == json.dumps(v) for name, v in setting.values.items()):
            return preset.id
    return None


def setting_summary(lang: str, setting: Setting) -> str:
    """The box at the top of a game's page for a table: every option in force, in words."""
    items = "".join(
        f"<li>{html.escape(word(lang, 'lobby.option.' + setting.game + '.' + o['name']))}: "
        f"<strong>{html.escape(value_words(lang, setting.game, o, setting.values[o['name']]))}"
        "</strong></li>"
        for o in game_options(setting.game)
        if o["name"] in setting.applies
    )
    heading = html.escape(word(lang, "guide.at_this_table"))
    preset = preset_of(setting)
    if preset is not None:
        heading += f": {html.escape(word(lang, f'lobby.preset.{preset}'))}"
    note = html.escape(word(lang, "guide.highlighted"))
    return (
        f'<aside class="at-table" aria-labelledby="at-table"><h2 id="at-table">{heading}</h2>'
        f"<ul>{items}</ul><p>{note}</p></aside>"
    )


CARD_SCRIPTS = """
<script src="/i18n/catalogues.js"></script>
<script type="module" src="/static/help_cards.js"></script>"""
"""The scripts that draw a page's cards with the card room's faces (``static/help_cards.js``)."""


def document(
    lang: str, page: str, found: bool = True, setting: Setting | None = None, query: str = ""
) -> str:
    """The whole HTML page: a header, the list of pages, and the page itself."""
    shown = rendered(lang, page)
    other = next(other for other in LANGUAGES if other != lang)
    twin = page_url(other, page) + html.escape(query)
    items = "".join(
        f'<li><a href="{page_url(lang, name)}"'
        + (' aria-current="page"' if name == page and found else "")
        + f">{html.escape(rendered(lang, name).title)}</a></li>"
        for name in pages()
    )
    not_found = html.escape(word(lang, "guide.not_found"))
    missing = "" if found else f'<p class="missing">{not_found}</p>'
    body = shown.body if found else ""
    if setting is not None:
        missing = setting_summary(lang, setting)
        body = highlighted(body, setting, lang)
    title = shown.title if found else word(lang, "guide.title")
    if found:
        body = lesson_link(lang, page, shown.title) + body
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · {html.escape(word(lang, "ui.brand"))}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/help.css">
<link rel="stylesheet" href="/static/help_cards.css">
<link rel="icon" href="data:,">
</head>
<body data-lang="{lang}">
<header class="bar">
  <a class="brand" href="/">{html.escape(word(lang, "ui.brand"))}</a>
  <span class="grow"><a href="/">{html.escape(word(lang, "guide.back"))}</a></span>
  <a class="other-language" lang="{other}" hreflang="{other}" href="{twin}">{
        html.escape(word(lang, "guide.other_language"))
    }</a>
</header>
<main class="help">
<nav class="help-pages" aria-label="{html.escape(word(lang, "guide.pages"))}"><ul>{items}</ul></nav>
<article class="help-page">{missing}{body}</article>
</main>{CARD_SCRIPTS if "cards-example" in body else ""}
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


@router.get("/help/{lang}/table/{table_id}")
async def help_for_table(request: Request, lang: str, table_id: str) -> RedirectResponse:
    """The page of a table's game with the rules in force there; a table that is not known
    leads to the pages' list."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    stored = await stored_options(request, table_id)
    if stored is None or stored[0] not in game_pages():
        return RedirectResponse(f"/help/{lang}/", status_code=307)
    query = urlencode({"table": table_id})
    return RedirectResponse(f"/help/{lang}/{stored[0]}?{query}", status_code=307)


@router.get("/help/{lang}/{page}", response_class=HTMLResponse)
async def help_page(
    request: Request, lang: str, page: str, table: str | None = None, options: str | None = None
) -> Response:
    """A page; a game's page with the rules in force at a table (``table``: its id) or with
    given options (``options``: a JSON object) marked. An unknown table is the plain page;
    options the game refuses are a 400 in one line."""
    if lang not in LANGUAGES or page not in game_pages():
        return help_response(lang, page)
    setting = None
    if options is not None:
        try:
            given = json.loads(options)
            if not isinstance(given, dict):
                raise ValueError('options are a JSON object, as {"variant": "three"}')
            setting = setting_of(page, given)
        except (KolodaError, ValueError, TypeError) as error:
            return PlainTextResponse(f"{str(error).splitlines()[0]}\n", status_code=400)
        query = "?" + urlencode({"options": options})
    elif table:
        setting = await table_setting(request, page, table)
        query = "?" + urlencode({"table": table}) if setting is not None else ""
    if setting is None:
        return help_response(lang, page)
    return HTMLResponse(document(lang, page, setting=setting, query=query))


async def stored_options(request: Request, table_id: str) -> tuple[str, dict[str, Any]] | None:
    """A stored table's game and options, or None: no such table (or no store)."""
    store = getattr(request.app.state, "store", None)
    if store is None or not 0 < len(table_id) <= 64:
        return None
    columns = select(tables_table.c.game, tables_table.c.options)

    def read() -> tuple[str, dict[str, Any]] | None:
        with store.engine.connect() as connection:
            row = connection.execute(columns.where(tables_table.c.id == table_id)).first()
        return None if row is None else (str(row.game), dict(row.options or {}))

    return await asyncio.to_thread(read)


async def table_setting(request: Request, game: str, table_id: str) -> Setting | None:
    """The rules in force at a stored table of ``game``, or None (no such table of it)."""
    stored = await stored_options(request, table_id)
    if stored is None or stored[0] != game:
        return None
    try:
        return setting_of(game, stored[1])
    except (KolodaError, ValueError, TypeError):
        return None


def help_response(lang: str, page: str) -> HTMLResponse:
    """A page in its language; an unknown language or page is a 404 that lists the pages."""
    if lang not in LANGUAGES:
        return HTMLResponse(document(DEFAULT_LANGUAGE, "index", found=False), status_code=404)
    if page not in pages():
        return HTMLResponse(document(lang, "index", found=False), status_code=404)
    return HTMLResponse(document(lang, page))
