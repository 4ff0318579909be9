"""The catalogues: one JSON file of words per language (``en.json``, ``ru.json``), shared by
the terminal and the web table, with CLDR plural rules (Babel here, ``Intl.PluralRules`` in
the browser)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale

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


def catalogue_json(lang: str) -> dict[str, Any]:
    """The raw catalogue of ``lang`` as stored (served to the browser as it is)."""
    text = resources.files("koloda.i18n").joinpath(f"{lang}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of a language (``en``, ``ru``); unknown languages get English."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    return Catalogue(lang, catalogue_json(lang))
