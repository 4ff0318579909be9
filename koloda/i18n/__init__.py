"""Words for people, one catalogue per language (``en.json``, ``ru.json``) shared by the
terminal and the web table. An adapter package: it reads the engine's presentation data
(``koloda.core.presentation``, events' phrases); the engine never imports it."""

from koloda.i18n.catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue, catalogue, catalogue_json
from koloda.i18n.words import PUBLIC, Speaker, describe, number_text, upper_first

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "PUBLIC",
    "Catalogue",
    "Speaker",
    "catalogue",
    "catalogue_json",
    "describe",
    "number_text",
    "upper_first",
]
