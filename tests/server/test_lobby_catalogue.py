"""The lobby's data: every option of every game said in a sentence in both languages, with a
label for each value, only where it applies; presets that make the tables they name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from plugin_games import registered
from server_support import ServerThread

from koloda.core.registry import load_game
from koloda.i18n import LANGUAGES, catalogue_json
from koloda.server.catalog import game_lobby, games_catalog, presets

STATIC = Path(__file__).resolve().parents[2] / "koloda" / "server" / "static"
PLURAL_FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many", "other"}}


def lobby_words(lang: str) -> dict[str, Any]:
    return {k: v for k, v in catalogue_json(lang).items() if k.startswith("lobby.")}


def test_both_languages_have_the_same_lobby_words() -> None:
    english, russian = lobby_words("en"), lobby_words("ru")
    assert english and set(english) == set(russian)
    for key, text in english.items():
        if isinstance(text, dict):  # plural forms
            assert set(text) == PLURAL_FORMS["en"], key
            assert set(russian[key]) == PLURAL_FORMS["ru"], key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_is_said_in_a_sentence_with_every_value_named(lang: str) -> None:
    words = catalogue_json(lang)
    for game in games_catalog():
        for option in game["options"]:
            key = f"lobby.option.{game['game']}.{option['name']}"
            assert isinstance(words.get(key), str), f"{lang}: no words for {key}"
            assert isinstance(words.get(key + ".help"), str), f"{lang}: no help for {key}"
            for value in option.get("choices", []):
                assert isinstance(words.get(f"{key}.{value}"), str), f"{lang}: {key}.{value}"
            if option["type"] == "int":
                assert option.get("values"), f"{key} is a number typed in, not chosen"
                assert isinstance(words.get(f"lobby.unit.{option['unit']}"), dict)
            if option["type"] == "order":
                for item in option["default"]:
                    assert isinstance(words.get(option["words"] + item), (str, dict)), item
            assert option["type"] != "list", f"{key} would be a comma text box"


def test_the_russian_lobby_names_no_option_by_its_key() -> None:
    """Raw values (``per_player``, ``king24``) and rule IDs stay out of the sentences."""
    raw = {
        str(value)
        for game in games_catalog()
        for option in game["options"]
        for value in option.get("choices", [])
        if re.search(r"[_\d]", str(value))  # "seven" and "shared" are words, "king24" is not
    }
    for lang in LANGUAGES:
        for key, text in lobby_words(lang).items():
            said = " ".join(text.values()) if isinstance(text, dict) else text
            assert not re.search(r"\b[KSHT]-\d+", said), key
            for value in raw:
                assert not re.search(rf"\b{re.escape(value)}\b", said), (key, value)
    russian = lobby_words("ru")
    latin = {k: v for k, v in russian.items() if isinstance(v, str) and re.search("[A-Za-z]", v)}
    assert not latin, latin


def test_the_russian_option_help_lives_in_the_catalogue() -> None:
    assert "OPTION_HELP_RU" not in (STATIC / "i18n.js").read_text(encoding="utf-8")
    assert "OPTION_HELP_RU" not in (STATIC / "lobby.js").read_text(encoding="utf-8")


def test_options_name_their_rules_and_apply_only_where_the_rules_say() -> None:
    games = {g["game"]: g for g in games_catalog()}
    king = {o["name"]: o for o in games["king"]["options"]}
    # rule: K-24
    assert king["order_scope"]["shown_when"] == {"variant": ["order", "three"]}
    assert king["order_scope"]["rules"] == ["K-24"]
    # rule: K-27
    assert king["three_player_balance"]["shown_when"] == {"variant": ["three"]}
    # rule: K-11
    assert king["negative_order"]["shown_when"] == {"variant": ["classic"]}
    assert king["negative_order"]["type"] == "order"
    assert king["king_forced_on_heart_lead"]["shown_when"] == {}
    spades = {o["name"]: o for o in games["spades"]["options"]}
    assert spades["nil_exchange"]["rules"] == ["S-7", "S-9"] and spades["max_deals"]["rules"] == []
    for game in games:
        names = {o["name"]: o for o in games[game]["options"]}
        for name, shape in game_lobby(game).shapes.items():
            assert name in names, (game, name)
            for deciding, allowed in shape.shown_when.items():
                assert set(allowed) <= set(names[deciding]["choices"]), (game, name)
            for value in shape.values:
                load_game(game, **{name: value})  # every value offered is playable


def test_presets_make_the_games_they_name() -> None:
    made = {p["id"]: load_game(p["game"], **p["options"]) for p in presets()}
    assert list(made)[:3] == ["king_classic", "king_order", "king_three"]
    assert made["king_three"].num_seats == 3
    spades, book = made["spades"].options_json(), made["spades_nil"].options_json()
    # rules: S-6, S-7, S-13
    assert spades == {
        "double_nil": False,
        "nil_exchange": False,
        "bags_penalty": True,
        "spades_broken_by": "any_spade",
    }
    assert book == {}, "the book's Spades: double nil and the exchange, no bags"
    words = {lang: catalogue_json(lang) for lang in LANGUAGES}
    for preset in presets():
        for lang in LANGUAGES:
            assert isinstance(words[lang].get(f"lobby.preset.{preset['id']}"), str)
            assert isinstance(words[lang].get(f"lobby.preset.{preset['id']}.help"), str)
    options = {(r.name, tuple(sorted(r.options_json().items(), key=str))) for r in made.values()}
    assert len(options) == len(made), "two presets make the same table"


def test_the_server_serves_presets_and_option_shapes(server: ServerThread) -> None:
    served = httpx.get(f"{server.url}/api/presets").json()
    assert served == presets()
    games = {g["game"]: g for g in httpx.get(f"{server.url}/api/games").json()}
    assert games["king"]["presets"] == ["king_classic", "king_order", "king_three"]
    players = next(o for o in games["hundred_one"]["options"] if o["name"] == "players")
    assert players["values"] == [2, 3, 4, 5, 6] and players["unit"] == "players"


def test_a_game_without_a_lobby_of_its_own_offers_its_defaults_after_the_others() -> None:
    """Duel's plug-in names no lobby: one preset, Duel on its defaults, named in its words."""
    games_catalog.cache_clear()
    try:
        with registered("duel"):
            offered = presets()
            duel = next(g for g in games_catalog() if g["game"] == "duel")
            words = {lang: catalogue_json(lang) for lang in LANGUAGES}
        assert offered[-1] == {"id": "duel", "game": "duel", "options": {}}
        assert [p["id"] for p in offered[:3]] == ["king_classic", "king_order", "king_three"]
        assert duel["presets"] == ["duel"] and duel["options"] == []
        for lang in LANGUAGES:
            assert isinstance(words[lang].get("lobby.preset.duel.help"), str), lang
    finally:
        games_catalog.cache_clear()
