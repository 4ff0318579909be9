"""The player pages at /help: a page per game and per topic in English and Russian, served
from the Markdown shipped in the packages (a game's page in its own package, the others in
``koloda/server/help_pages``; the same files as the site's players pages), linked from the
lobby and the table in the page's language."""

from __future__ import annotations

import importlib.util
import re
from importlib import resources
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from browser_support import needs_chromium, shots_dir, wait_until
from plugin_games import registered
from server_support import ServerThread, create_table

from koloda import available_games
from koloda.core.registry import game_plugin
from koloda.i18n import LANGUAGES
from koloda.server.help import TOPICS, game_options, page_url, pages, rendered, split_front_matter
from koloda.server.help_cards import CardBlockError, with_card_pictures

TOPIC_FILES = resources.files("koloda.server").joinpath("help_pages")
ROOT = Path(__file__).resolve().parents[2]


def page_text(lang: str, page: str) -> str:
    """The file of a page as shipped: a game's from its plug-in's package, another from
    ``help_pages``."""
    if page in ("index", *TOPICS):
        return TOPIC_FILES.joinpath(lang, f"{page}.md").read_text(encoding="utf-8")
    package = game_plugin(page).help
    assert package is not None, page
    return resources.files(package).joinpath("help", f"{lang}.md").read_text(encoding="utf-8")


def get(server: ServerThread, path: str, **headers: str) -> httpx.Response:
    return httpx.get(server.url + path, headers=headers, follow_redirects=False)


def links_of(html: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]*)"', html)


def test_every_page_is_in_every_language_and_every_game_has_one() -> None:
    for lang in LANGUAGES:
        files = {p.name.removesuffix(".md") for p in TOPIC_FILES.joinpath(lang).iterdir()}
        assert files == {"index", *TOPICS}, lang
        for game in available_games():
            package = game_plugin(game).help
            assert package is not None, game
            assert resources.files(package).joinpath("help", f"{lang}.md").is_file(), game
    assert set(available_games()) <= set(pages())


def test_the_player_pages_speak_plainly_without_rule_ids() -> None:
    for lang in LANGUAGES:
        for page in pages():
            text = page_text(lang, page)
            assert not re.findall(r"\b[KSHT]-\d+\b", text), (lang, page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_served_with_its_title_and_every_link_answers(
    server: ServerThread, lang: str
) -> None:
    for page in pages():
        answer = get(server, page_url(lang, page))
        assert answer.status_code == 200, (page, answer.text)
        html = answer.text
        assert f'<html lang="{lang}">' in html
        title = re.findall(r"^# (.+)$", page_text(lang, page), flags=re.MULTILINE)[0]
        assert f"<h1>{title}</h1>" in html, page
        assert 'src="http' not in html and 'rel="stylesheet" href="http' not in html  # offline
        base = httpx.URL(server.url + page_url(lang, page))
        for href in links_of(html):
            if href.startswith("http"):
                continue  # the server's own address, written out in the card room's page
            target = base.join(href)
            assert get(server, target.raw_path.decode()).status_code == 200, (page, href)


def test_a_game_page_says_the_game_in_its_language(server: ServerThread) -> None:
    assert "<h1>King</h1>" in get(server, "/help/en/king").text
    assert "<h1>Кинг</h1>" in get(server, "/help/ru/king").text
    russian = get(server, "/help/ru/hundred_one").text
    assert "Сто одно" in russian and "How to play" not in russian
    assert '<a class="brand" href="/">Колода</a>' in russian
    # the other language's twin of the same page is one click away
    assert 'href="/help/en/hundred_one"' in russian
    # a game's page leads to its first game with the teacher; the other pages do not
    assert '<a class="button" href="/learn/hundred_one">' in russian
    assert "A first game with the teacher: King" in get(server, "/help/en/king").text
    assert "/learn/" not in get(server, "/help/en/card_room").text


def test_the_index_lists_every_game_from_its_own_page(server: ServerThread) -> None:
    for lang in LANGUAGES:
        index = TOPIC_FILES.joinpath(lang, "index.md").read_text(encoding="utf-8")
        html = get(server, page_url(lang, "index")).text
        games = html.split('<article class="help-page">', 1)[1].split("</ul>")[0]  # 1st list
        links = re.findall(r'<li><a href="([a-z_]+)">([^<]+)</a>: ([^<]+)</li>', games)
        assert [href for href, _, _ in links] == [p for p in pages() if p in available_games()]
        for game, title, summary in links:
            assert f"]({game}.md)" not in index, game  # listed from the registry, not by hand
            meta, source = split_front_matter(page_text(lang, game))
            assert f"# {html_unescape(title)}\n" in source, game
            assert " ".join(html_unescape(summary).split()) == meta["summary"], game


def html_unescape(text: str) -> str:
    return text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


def test_a_game_page_s_front_matter_reads_as_yaml_does() -> None:
    """The site reads a page's front matter as YAML; the server reads it by
    ``split_front_matter``: the two agree on every game's page."""
    yaml = pytest.importorskip("yaml")
    for lang in LANGUAGES:
        for game in available_games():
            text = page_text(lang, game)
            meta, source = split_front_matter(text)
            assert meta == yaml.safe_load(text.split("---\n")[1]), (lang, game)
            assert meta["summary"] and source.startswith("# "), (lang, game)
    assert split_front_matter("# Plain\n") == ({}, "# Plain\n")


def test_a_registered_game_s_page_comes_from_its_package(server: ServerThread) -> None:
    assert get(server, "/help/en/duel").status_code == 404
    with registered("duel"):
        assert "duel" in pages()
        english, russian = get(server, "/help/en/duel"), get(server, "/help/ru/duel")
        assert english.status_code == russian.status_code == 200
        assert "<h1>Duel</h1>" in english.text and "<h1>Дуэль</h1>" in russian.text
        assert '<a href="/help/en/duel" aria-current="page">Duel</a>' in english.text
        index = get(server, "/help/en/").text
        assert '<a href="duel">Duel</a>: two players, eight cards.' in index
    assert get(server, "/help/en/duel").status_code == 404
    assert "duel" not in get(server, "/help/en/").text


def site_hook() -> ModuleType:
    """The documentation site's hook that adds the games' pages (``docs/hooks``)."""
    pytest.importorskip("mkdocs")  # the docs extra
    spec = importlib.util.spec_from_file_location(
        "player_pages", ROOT / "docs/hooks/player_pages.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_shows_each_game_s_page_from_its_package_in_the_nav() -> None:
    hook = site_hook()
    paths: dict[str, Path] = hook.game_page_paths()
    assert set(paths) == {f"players/{lang}/{g}.md" for lang in LANGUAGES for g in available_games()}
    for uri, path in paths.items():
        lang, game = uri.removesuffix(".md").split("/")[1:]
        assert path.read_text(encoding="utf-8") == page_text(lang, game), uri
        assert not (ROOT / "docs" / uri).exists(), uri  # one copy: the package's
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert all(f": {uri}\n" in nav for uri in paths), "every game's page is in the nav"
    for lang in LANGUAGES:
        index = SimpleNamespace(file=SimpleNamespace(src_uri=f"players/{lang}/index.md"))
        shown = hook.on_page_markdown(page_text(lang, "index"), index)
        assert all(f"]({game}.md): " in shown for game in available_games()), lang
        other = SimpleNamespace(file=SimpleNamespace(src_uri="bots.md"))
        assert hook.on_page_markdown("<!-- koloda games -->", other) == "<!-- koloda games -->"


def test_help_goes_to_the_readers_language(server: ServerThread) -> None:
    ru = get(server, "/help", **{"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
    assert ru.status_code == 307 and ru.headers["location"] == "/help/ru/"
    en = get(server, "/help", **{"Accept-Language": "de-DE,fr;q=0.5"})
    assert en.headers["location"] == "/help/en/"
    assert get(server, "/help/ru").headers["location"] == "/help/ru/"


@pytest.mark.parametrize("path", ["/help/en/chess", "/help/de/king", "/help/en/KING"])
def test_an_unknown_page_is_a_404_that_lists_the_pages(server: ServerThread, path: str) -> None:
    answer = get(server, path)
    assert answer.status_code == 404
    assert 'href="/help/en/king"' in answer.text


@pytest.mark.parametrize(
    "path", ["/help/en/..%2Fhelp.py", "/help/..%2F..%2Fapp.py", "/help/en/.md"]
)
def test_no_file_but_a_page_is_ever_served(server: ServerThread, path: str) -> None:
    answer = get(server, path)
    assert answer.status_code == 404
    assert "import" not in answer.text


@needs_chromium
def test_the_lobby_and_the_table_link_to_how_to_play_their_game(
    server: ServerThread, browser: Any
) -> None:
    created = create_table(
        server.url, "spades", {}, ["human", "bot:random", "bot:random", "bot:random"]
    )
    token = created["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.wait_for_selector("#presets input")
    page.select_option("#game", "tressette")
    wait_until(page, "document.getElementById('how-to-play').href.endsWith('/help/en/tressette')")
    assert page.inner_text("#how-to-play") == "How to play Tressette"
    page.click(".langs button[data-lang=ru]")
    wait_until(page, "document.getElementById('how-to-play').href.endsWith('/help/ru/tressette')")
    assert page.inner_text("#how-to-play") == "Как играть в Тресетте"

    page.goto(f"{server.url}/t/{created['table_id']}?token={token}")
    wait_until(page, "document.getElementById('how-to-play').href.endsWith('/help/ru/spades')")
    assert page.inner_text("#how-to-play") == "Как играть в Спейдс (пики)"
    href = page.get_attribute("#how-to-play", "href")
    answer = get(server, href)
    assert answer.status_code == 200 and "<h1>Спейдс</h1>" in answer.text
    assert not errors, errors
    context.close()


@needs_chromium
@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("ru", (390, 844))])
def test_the_help_pages_pass_an_accessibility_audit_and_fit_a_phone(
    server: ServerThread, browser: Any, lang: str, size: tuple[int, int]
) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    found: list[dict[str, Any]] = []
    marked = f"/help/{lang}/tressette?options=" + quote('{"card_points": "pooled"}')
    for name in (*(page_url(lang, n) for n in ("index", "spades", "terminal")), marked):
        page.goto(server.url + name)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= size[0], f"{name} scrolls sideways: {wide} px in {size[0]}"
        found += axe.Axe().run(page).response["violations"]
    bad = [(v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, bad
    context.close()


# ----- pictures of cards -------------------------------------------------------------------


def card_names(html: str) -> list[str]:
    """The text alternatives of a page's pictures of cards."""
    return re.findall(r'<span class="cards" role="img" aria-label="([^"]+)">', html)


def test_the_games_pages_show_example_cards_named_in_words(server: ServerThread) -> None:
    for lang in LANGUAGES:
        for game in available_games():
            html = get(server, page_url(lang, game)).text
            assert html.count('<figure class="cards-example"') >= 2, (lang, game)
            assert '<script type="module" src="/static/help_cards.js">' in html
    english = card_names(get(server, "/help/en/spades").text)
    assert "East (no hearts): three of spades, takes the trick" in english
    assert "West: ace of hearts" in english
    russian = card_names(get(server, "/help/ru/spades").text)
    assert "Восток (червей нет): тройка пик, берёт взятку" in russian
    assert "Север (партнёр): король червей" in russian
    hand = card_names(get(server, "/help/ru/hundred_one").text)
    assert "У вас: девятка червей, можно положить; король треф, можно положить; " in hand[1]
    faces = get(server, "/help/ru/king").text
    assert '<span class="card suit-D marked" data-card="KD"><span class="rank">К</span>' in faces


def test_a_cards_block_is_a_figure_or_one_clear_line() -> None:
    shown = with_card_pictures("Text\n\n```cards\ncaption: Look\nNorth: QS* 10h\n```\n", "en")
    assert 'aria-label="North: queen of spades, takes the trick; ten of hearts"' in shown
    assert "<figcaption>Look</figcaption>" in shown and "```" not in shown
    for bad, said in [
        ("North: QX", "not a card: 'QX'"),
        ("North 10H", "a cards line is 'label: cards'"),
        ("North:", "no cards in 'North:'"),
        ("caption: only", "a cards block shows no cards"),
    ]:
        with pytest.raises(CardBlockError, match=re.escape(said)):
            with_card_pictures(f"```cards\n{bad}\n```", "en")


# ----- the rules in force at a table ---------------------------------------------------------


def marks(html: str) -> list[tuple[str, str, bool]]:
    """Each marked element's option, values and whether it is marked as in force."""
    found = re.findall(r' data-option="([a-z_]+)=([^"]*)"( class="in-force")?', html)
    return [(name, values, bool(on)) for name, values, on in found]


def test_every_mark_names_an_option_of_its_game_and_values_it_may_take() -> None:
    for lang in LANGUAGES:
        for game in available_games():
            options = {o["name"]: o for o in game_options(game)}
            found = marks(rendered(lang, game).body)
            assert found, (lang, game)
            for name, values, _ in found:
                option = options[name]
                for value in values.split(","):
                    if option["type"] == "choice":
                        assert value in option["choices"], (lang, game, name, value)
                    elif option["type"] == "bool":
                        assert value in ("true", "false"), (lang, game, name, value)
                    else:
                        assert int(value) >= 0, (lang, game, name, value)
            # the twins mark the same things
            assert found == marks(rendered(LANGUAGES[0], game).body), (lang, game)


def test_given_options_are_marked_and_summed_up(server: ServerThread) -> None:
    answer = get(server, '/help/en/king?options={"variant":"three"}')
    assert answer.status_code == 200
    html = answer.text
    assert '<h2 id="at-table">The rules at this table: King for three</h2>' in html
    assert "<li>Variant: <strong>for three players</strong></li>" in html
    assert "Balancing the score for three: <strong>the king of hearts counts 24</strong>" in html
    assert "Order of the penalty deals" not in html  # the classic game's option only
    on = {(name, values) for name, values, marked in marks(html) if marked}
    assert ("variant", "three") in on and ("variant", "order,three") in on
    assert ("three_player_balance", "king24") in on
    assert ("variant", "classic") not in on and ("three_player_balance", "proportional") not in on
    assert ("stop_when_decided", "true") in on  # a default is in force too
    assert '<span class="in-force-tag">At this table</span>' in html
    # the twin in the other language keeps the options
    assert 'href="/help/ru/king?options=%7B%22variant%22%3A%22three%22%7D"' in html
    russian = get(server, '/help/ru/spades?options={"bags_penalty":true,"target":300}').text
    assert '<h2 id="at-table">Правила за этим столом</h2>' in russian  # no preset's rules
    assert "<li>Игра до: <strong>300 очков</strong></li>" in russian
    on = {(name, values) for name, values, marked in marks(russian) if marked}
    assert ("bags_penalty", "true") in on and ("target", "200,300,1000") in on
    assert ("target", "500") not in on


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ('{"variant":"four"}', "king: "),
        ('{"colour":"red"}', "king: unknown option colour"),
        ("variant=three", "Expecting value"),
        ("[1]", "options are a JSON object"),
    ],
)
def test_options_the_game_refuses_are_a_400_in_one_line(
    server: ServerThread, query: str, said: str
) -> None:
    answer = get(server, f"/help/en/king?options={query}")
    assert answer.status_code == 400
    assert answer.text.startswith(said) and answer.text.count("\n") == 1, answer.text


def test_a_table_s_rules_are_marked_and_an_unknown_table_is_the_plain_page(
    server: ServerThread,
) -> None:
    created = create_table(server.url, "king", {"variant": "three"}, ["human"] + ["bot:random"] * 2)
    table = created["table_id"]
    there = get(server, f"/help/ru/table/{table}")
    assert there.status_code == 307
    assert there.headers["location"] == f"/help/ru/king?table={table}"
    html = get(server, there.headers["location"]).text
    assert "<li>Вариант: <strong>на троих</strong></li>" in html
    assert ("variant", "three", True) in marks(html)
    for plain in (f"/help/en/king?table=nope{table}", f"/help/en/spades?table={table}"):
        answer = get(server, plain)
        assert answer.status_code == 200 and 'class="at-table"' not in answer.text, plain
        assert 'class="in-force"' not in answer.text
    assert get(server, "/help/en/table/nope").headers["location"] == "/help/en/"


@needs_chromium
def test_the_table_s_rules_link_opens_its_game_s_page_with_its_rules_marked(
    server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    created = create_table(server.url, "king", {"variant": "three"}, ["human"] + ["bot:random"] * 2)
    table, token = created["table_id"], created["seats"][0]["token"]
    shots = shots_dir(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/t/{table}?token={token}")
    for lang, rules in (("en", "Rules"), ("ru", "Правила")):
        if lang == "ru":
            page.click(".langs button[data-lang=ru]")
        wait_until(page, f"document.getElementById('table-rules').textContent === '{rules}'")
        assert page.get_attribute("#table-rules", "target") == "_blank"
        with page.expect_popup() as opened:
            page.click("#table-rules")
        shown = opened.value
        shown.on("pageerror", lambda error: errors.append(str(error)))
        shown.wait_for_selector(".cards-example .card.drawn svg")
        assert shown.url == f"{server.url}/help/{lang}/king?table={table}"
        assert shown.evaluate("document.documentElement.lang") == lang
        assert shown.locator(".at-table li").count() >= 3
        assert shown.locator('[data-option="variant=three"].in-force').count() == 2
        shown.screenshot(path=str(shots / f"help-king-three-{lang}-1280.png"), full_page=True)
        shown.set_viewport_size({"width": 390, "height": 844})
        wide = shown.evaluate("document.documentElement.scrollWidth")
        assert wide <= 390, f"the page scrolls sideways on a phone: {wide} px"
        shown.screenshot(path=str(shots / f"help-king-three-{lang}-390.png"), full_page=True)
        shown.close()
    page.screenshot(path=str(shots / "table-rules-link-ru-1280.png"))
    assert not errors, errors
    context.close()


def test_the_site_draws_the_same_pictures_of_cards() -> None:
    hook = site_hook()
    page = SimpleNamespace(file=SimpleNamespace(src_uri="players/ru/spades.md"))
    shown = hook.on_page_markdown(page_text("ru", "spades"), page)
    assert "```cards" not in shown
    assert 'aria-label="Восток (червей нет): тройка пик, берёт взятку"' in shown
    config = SimpleNamespace(extra_css=[], extra_javascript=[])
    hook.on_config(config)
    hook.on_config(config)  # once only
    assert config.extra_css == ["assets/help_cards.css"]
    scripts = [(str(s), getattr(s, "type", "")) for s in config.extra_javascript]
    assert scripts == [("assets/cards/catalogues.js", ""), ("assets/cards/help_cards.js", "module")]
    words = hook.catalogues_script()
    assert words.startswith("const CATALOGUES = ") and '"short": "Д"' in words
    assert "lobby." not in words  # the cards' words only
