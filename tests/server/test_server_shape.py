"""The server's code stays in small parts: no function over 80 lines and no class over 300
lines anywhere in koloda/server (the app is put together from routers, the tables' manager
from its parts)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import koloda.server

SERVER = Path(koloda.server.__file__).resolve().parent
MAX_FUNCTION = 80
MAX_CLASS = 300


def too_long(source: str, name: str) -> list[str]:
    """Each function over ``MAX_FUNCTION`` lines and class over ``MAX_CLASS`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            limit = MAX_FUNCTION
        elif isinstance(node, ast.ClassDef):
            limit = MAX_CLASS
        else:
            continue
        assert node.end_lineno is not None
        lines = node.end_lineno - node.lineno + 1
        if lines > limit:
            found.append(f"{name}:{node.lineno} {node.name} has {lines} lines (> {limit})")
    return found


def modules() -> list[Path]:
    return sorted(SERVER.rglob("*.py"))


def test_the_server_has_its_modules() -> None:
    names = {path.relative_to(SERVER).as_posix() for path in modules()}
    assert {"app.py", "tables.py", "actor.py", "routes/play.py"} <= names


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(SERVER).as_posix())
def test_no_function_or_class_of_the_server_is_too_long(path: Path) -> None:
    assert too_long(path.read_text(encoding="utf-8"), path.name) == []


def test_the_check_finds_a_long_function_and_a_long_class() -> None:
    body = "".join(f"    x = {n}\n" for n in range(MAX_FUNCTION))
    function = f"def long():\n{body}"
    assert too_long(function, "f.py") == [f"f.py:1 long has {MAX_FUNCTION + 1} lines (> 80)"]
    assert too_long(function.replace(f"    x = {MAX_FUNCTION - 1}\n", ""), "f.py") == []
    methods = "".join(f"    async def m{n}(self):\n        pass\n" for n in range(MAX_CLASS // 2))
    found = too_long(f"class Big:\n{methods}", "c.py")
    assert found == [f"c.py:1 Big has {MAX_CLASS + 1} lines (> 300)"]
