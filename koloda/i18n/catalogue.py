"""The catalogues: one JSON file of words per language (``en.json``, ``ru.json``), shared by
the terminal and the web table, with CLDR plural rules (Babel here, ``Intl.PluralRules`` in
the browser)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale

from koloda.core.registry import available_games, game_plugin

LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT_LANGUAGE = "en"

Entry = str | dict[str, str]
"""A text (``"{seat} passes"``), or a dict of variants: ``text``/``you`` (the second person
for the reader), plural categories (``one``, ``few``, ``many``, ``other``) or grammatical
forms (``nom``, ``acc``, ``ins``, ``gen``, ``dat``, ``short``, ``plural``)."""


class Catalogue:
    """The words of one language."""

    def __init__(self, lang: str, entries: dict[str, Entry]) -> None:
        self.lang = lang
        self.entries = entries
        self._locale = Locale.parse(lang)

    def get(self, key: str) -> Entry | None:
        return self.entries.get(key)

    def plural_category(self, number: float) -> str:
        """The CLDR plural category of ``number`` in this language: one, few, many, other."""
        return str(self._locale.plural_form(abs(number)))

    def plural(self, key: str, number: float) -> str | None:
        """The form of the word ``key`` that goes with ``number`` (1 взятка, 5 взяток)."""
        entry = self.entries.get(key)
        if not isinstance(entry, dict):
            return entry
        return entry.get(self.plural_category(number), entry.get("other"))


@cache
def catalogue_json(lang: str) -> dict[str, Any]:
    """The catalogue of ``lang`` as stored, served to the browser as it is: the words every
    game shares (``koloda/i18n/<lang>.json`` and, by page, ``koloda/i18n/parts/<part>/<lang>.json``)
    and each game's own, which its package keeps
    (``words/<lang>.json`` and ``words/<part>/<lang>.json``, named by its plug-in). A key
    said twice is an error."""
    shared = resources.files("koloda.i18n")
    data = _read(shared.joinpath(f"{lang}.json"))
    parts = sorted(p.name for p in shared.joinpath("parts").iterdir() if p.is_dir())
    for part in parts:
        _add(data, _read(shared.joinpath("parts", part, f"{lang}.json")), f"the {part} words")
    for game in available_games():
        package = game_plugin(game).words
        if package is None:
            continue
        _add_game_words(data, resources.files(package).joinpath("words"), lang, game)
    return data


def _add_game_words(data: dict[str, Any], words: Traversable, lang: str, game: str) -> None:
    """A game's words: ``words/<lang>.json`` and, by page, ``words/<part>/<lang>.json``
    (``lobby``, ``table``, ``terminal``), each optional."""
    files = [words.joinpath(f"{lang}.json")]
    files += sorted((p.joinpath(f"{lang}.json") for p in words.iterdir() if p.is_dir()), key=str)
    for file in files:
        if file.is_file():
            _add(data, _read(file), game)


def _add(data: dict[str, Any], own: dict[str, Any], whose: str) -> None:
    twice = sorted(set(own) & set(data))
    if twice:
        raise ValueError(f"{whose}'s words say again what is said elsewhere: {twice}")
    data.update(own)


def _read(path: Traversable) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of a language (``en``, ``ru``); unknown languages get English."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    return Catalogue(lang, catalogue_json(lang))
