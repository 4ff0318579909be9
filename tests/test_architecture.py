"""Imports flow one way (docs/design.md): core <- games <- adapters."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "koloda"
ADAPTERS = (
    "koloda.bots",
    "koloda.cli",
    "koloda.server",
    "koloda.tui",
    "koloda.envs",
    "koloda.records",
    "koloda.i18n",
)
PLUGGED_IN = {
    "display.py": ("koloda.cli.display", "koloda.i18n"),
    "vector.py": ("koloda.envs.core", "koloda.envs.native_batch"),
    "lesson.py": ("koloda.learn",),
}
"""A game's modules that its plug-in names for an adapter (``GamePlugin.display``,
``GamePlugin.vector``, ``GamePlugin.lesson``): imported only when that adapter asks for them,
they may use the adapter's kit."""


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return {name for name in found if name.startswith("koloda")}


def test_core_imports_only_core() -> None:
    for path in (PACKAGE / "core").rglob("*.py"):
        for name in imports_of(path):
            assert name.startswith("koloda.core"), f"{path.name} imports {name}"


def test_games_import_only_core_and_themselves() -> None:
    # the native engine (koloda._native, built from native/) is engine code beneath the
    # games: a game's native module wraps it
    for game_dir in (PACKAGE / "games").iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("__"):
            continue
        own = f"koloda.games.{game_dir.name}"
        for path in game_dir.rglob("*.py"):
            for name in imports_of(path):
                allowed = ("koloda.core", own, "koloda._native", *PLUGGED_IN.get(path.name, ()))
                assert name.startswith(allowed), f"{path} imports {name}"


def test_engine_never_imports_adapters() -> None:
    for sub in ("core", "games"):
        for path in (PACKAGE / sub).rglob("*.py"):
            for name in imports_of(path):
                if sub == "games" and name.startswith(PLUGGED_IN.get(path.name, ())):
                    continue
                assert not name.startswith(ADAPTERS), f"{path} imports adapter {name}"


GAMES = tuple(
    sorted(p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and p.name.isidentifier())
)
"""The games the package has: the folders of ``koloda/games``."""
CARD_WORDS = {
    "spades": {"hearts", "diamonds", "clubs"},
    "king": {"ace", "queen", "jack"},
}
"""Games named as cards are: the suit ``spades`` and the rank ``king``, with the other words of
their kind that say so when they stand beside them."""
CARD_CONSTANTS = {"KING", "SPADES"}
"""The rank and the suit as ``koloda.core.cards`` names them: card words, not games."""
KEY_KINDS = {"suit", "suits", "rank", "ranks"}
"""A catalogue key's segment after one of these names a card (``card.suit.spades``)."""
OWN_PLACES = (PACKAGE / "games", PACKAGE / "core" / "registry.py")
"""Where games are named: their packages, and the registry's one line per game."""
STATIC = PACKAGE / "server" / "static"
TEMPLATES = PACKAGE / "server" / "templates"


def words_of(text: str) -> list[str]:
    """The words of a name or text, in lower case: cut at every character that is no letter
    or digit, at underscores and where a capital starts a word (``NativeKingRules``:
    native, king, rules; ``HUNDRED_ONE_SEATS``: hundred, one, seats)."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", text)]


def names_a_game(text: str) -> str | None:
    """The game ``text`` names, or None: a game is named where its words stand together among
    the text's words (``words_of``), whatever the case: ``koloda.games.king:x``,
    ``lobby.option.spades.target``, ``spades_broken``, ``NativeKingRules``,
    ``TRESSETTE_ORDER``. ``kingdom``, ``TYPE_CHECKING`` and ``thinking`` name none."""
    words = words_of(text)
    for game in GAMES:
        own = game.split("_")
        if any(words[i : i + len(own)] == own for i in range(len(words))):
            return game
    return None


def among_card_words(game: str, siblings: set[str]) -> bool:
    """Whether the literal ``game`` stands as a card word: beside the other words of its kind
    (``("spades", "hearts", "diamonds", "clubs")``)."""
    return bool(CARD_WORDS.get(game, set()) & {sibling.lower() for sibling in siblings})


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (the first statement of a module,
    class or function, or the statement after an assignment, the attribute docstrings)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            if not (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                continue
            owner = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
            first = index == 0 and isinstance(node, owner)
            after = index > 0 and isinstance(body[index - 1], ast.Assign | ast.AnnAssign)
            if first or after:
                found.add(id(statement.value))
    return found


def siblings_of(tree: ast.AST) -> dict[int, set[str]]:
    """For each string constant in a tuple, list, set or dict's keys, the other strings there."""
    out: dict[int, set[str]] = {}
    for node in ast.walk(tree):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if not isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict) or items is None:
            continue
        texts = [i for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
        for item in texts:
            out[id(item)] = {other.value for other in texts if other is not item}
    return out


def identifiers(node: ast.AST) -> list[str]:
    """The names a node binds or reads: variables, attributes, functions, classes, their
    arguments, keywords and imported names."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.Import | ast.ImportFrom):
        names = [alias.name for alias in node.names]
        names += [alias.asname for alias in node.names if alias.asname]
        module = getattr(node, "module", None)
        return [*names, *([module] if module else [])]
    return []


def game_names_in_python(path: Path) -> list[str]:
    """Where a module outside the games names one: a string literal (docstrings aside) or an
    identifier, attribute or import naming a game (``names_a_game``). The card words are no
    game: a literal ``"spades"`` among ``"hearts"``, ``"diamonds"``, ``"clubs"`` is the suit,
    ``"king"`` among ``"ace"``, ``"queen"`` or ``"jack"`` the rank, and the identifiers
    ``KING`` and ``SPADES`` are the card constants (``CARD_CONSTANTS``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped, siblings = docstrings(tree), siblings_of(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            game = names_a_game(node.value)
            if game is None or id(node) in skipped:
                continue
            card = node.value.lower() == game
            if card and among_card_words(game, siblings.get(id(node), set())):
                continue
            found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.value!r}")
        for name in identifiers(node):
            if name not in CARD_CONSTANTS and names_a_game(name) is not None:
                line = getattr(node, "lineno", 0)
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {name}")
    return found


def outside_the_games(pattern: str, root: Path = PACKAGE) -> list[Path]:
    return sorted(
        path
        for path in root.rglob(pattern)
        if not any(path == own or own in path.parents for own in OWN_PLACES)
        and "__pycache__" not in path.parts
    )


def test_no_module_outside_the_games_names_one() -> None:
    """Nothing outside ``koloda/games/<game>/`` (and the registry's line per game) names a
    game: what a game shows comes from its plug-in."""
    assert set(GAMES) >= {"king", "spades", "hundred_one", "tressette"}
    found = [hit for path in outside_the_games("*.py") for hit in game_names_in_python(path)]
    assert not found, "\n".join(found)


def game_keys(entries: dict[str, object]) -> list[str]:
    """The keys of a catalogue that are a game's own words: a segment naming a game
    (``lobby.option.spades.target``, ``ui.spades_broken``) unless a card's kind comes before
    it (``card.suit.spades``)."""
    found = []
    for key in entries:
        segments = key.split(".")
        for before, segment in zip(["", *segments], segments, strict=False):
            if before not in KEY_KINDS and names_a_game(segment) is not None:
                found.append(key)
                break
    return found


def test_the_shared_catalogues_hold_no_game_s_own_words() -> None:
    """A game's words live in its package (``words/``); the shared catalogues hold none."""
    shared = [*(PACKAGE / "i18n").glob("*.json"), *(PACKAGE / "i18n" / "parts").rglob("*.json")]
    assert shared
    found = [
        f"{path.relative_to(PACKAGE.parent)}: {key}"
        for path in shared
        for key in game_keys(json.loads(path.read_text(encoding="utf-8")))
    ]
    assert not found, "\n".join(found)


JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", re.DOTALL)
HTML_COMMENT = re.compile(r"<!--.*?-->|\{#.*?#\}|/\*.*?\*/", re.DOTALL)
QUOTED = re.compile(r"""(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1""")


def game_names_in_page(path: Path) -> list[str]:
    """The quoted texts of a browser module or template, comments stripped, that name a game
    (``names_a_game``); a quoted ``"spades"`` beside a quoted ``"hearts"`` on its line is the
    suit."""
    text = path.read_text(encoding="utf-8")
    text = (JS_COMMENT if path.suffix == ".js" else HTML_COMMENT).sub("", text)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        quoted = [match.group(2) for match in QUOTED.finditer(line)]
        for item in quoted:
            game = names_a_game(item)
            if game is None:
                continue
            if item.lower() == game and among_card_words(game, set(quoted)):
                continue
            found.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {item!r}")
    return found


def test_the_browser_modules_and_templates_quote_no_game() -> None:
    """The card room's browser modules and templates name no game: a game's board and words
    come from its package (``web/``, ``words/``)."""
    pages = [*STATIC.rglob("*.js"), *TEMPLATES.rglob("*.html")]
    assert pages
    found = [hit for path in pages for hit in game_names_in_page(path)]
    assert not found, "\n".join(found)


def test_the_shared_player_pages_are_no_game_s() -> None:
    """A game's player page lives in its package (``help/<lang>.md``); the shared pages of
    ``koloda/server/help_pages`` are named for no game."""
    pages = sorted((PACKAGE / "server" / "help_pages").rglob("*.md"))
    assert pages
    found = [str(path.relative_to(PACKAGE.parent)) for path in pages if names_a_game(path.stem)]
    assert not found, "\n".join(found)


def test_the_rule_tells_a_game_from_a_card() -> None:
    """The check itself: what names a game and what is a card word."""
    assert names_a_game("koloda.games.king.vector:batch") == "king"
    assert names_a_game("lobby.option.hundred_one.players") == "hundred_one"
    assert names_a_game("spades_broken") == "spades"
    assert names_a_game("kingdom") is None and names_a_game("TYPE_CHECKING") is None
    assert names_a_game("one_hundred") is None and names_a_game("thinking") is None
    assert names_a_game("NativeKingRules") == "king" and names_a_game("TRESSETTE_ORDER")
    assert names_a_game("HUNDRED_ONE_SEATS") == "hundred_one"
    assert among_card_words("spades", {"Hearts", "diamonds", "clubs"})
    assert not among_card_words("spades", {"king", "tressette"})
    assert not among_card_words("tressette", {"hearts"})
    assert game_keys({"card.suit.spades": "", "ui.spades_broken": "", "ui.brand": ""}) == [
        "ui.spades_broken"
    ]
    module = ast.parse('SUIT_NAMES = ("spades", "hearts")\nGAME = "spades"\n"""spades"""\n')
    assert len(docstrings(module)) == 1 and len(siblings_of(module)) == 2
