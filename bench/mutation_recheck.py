"""Re-run, each in a fresh interpreter, the surviving mutants not explained as equivalent.

mutmut imports the package once and forks a worker per mutant, switching the mutant on only
after the import; a mutant in a function that builds a module-level table (``_LANES``,
``POWER_PLAIN``, the decks) therefore never runs. mutmut also runs for each mutant only the
tests it once saw reach the function, which goes stale when a test changes. This script runs
the whole mutation test selection for every survivor not listed in
``tests/mutation_survivors.md``, with the mutant switched on from the start
(``MUTANT_UNDER_TEST``), and stores the exit codes in ``mutants/mutmut-recheck.json`` for
``mutation_score.py``. ``--import-only`` limits it to the functions called at import; other
arguments are globs of mutant names to limit it to (``'koloda.games.tressette.state*'``).
"""

from __future__ import annotations

import ast
import fnmatch
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "mutants" / "mutmut-recheck.json"
TIMEOUT_SECONDS = 300


def names_called_at_import(package: Path) -> set[str]:
    """Names of functions called by module-level or class-level statements of the package."""
    names: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(statement, ast.ClassDef):
                visit(statement.body)
                continue
            for node in ast.walk(statement):
                if isinstance(node, ast.Call):
                    if isinstance(node.func, ast.Name):
                        names.add(node.func.id)
                    elif isinstance(node.func, ast.Attribute):
                        names.add(node.func.attr)

    for path in package.rglob("*.py"):
        visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return names


def function_of(mutant: str) -> str:
    """``koloda.core.cards.x__lane_table__mutmut_3`` -> ``_lane_table``."""
    local = mutant.rsplit(".", 1)[1]
    local = re.sub(r"__mutmut_\d+$", "", local)
    return local.split("ǁ")[-1] if "ǁ" in local else local[2:]


def main() -> int:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    selection = config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    at_import = names_called_at_import(ROOT / "koloda")
    patterns = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    survivors: list[str] = []
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data.get("exit_code_by_key", {}).items():
            if code != 0 or (patterns and not any(fnmatch.fnmatch(name, p) for p in patterns)):
                continue
            if function_of(name) in at_import or "--import-only" not in sys.argv:
                survivors.append(name)
    listed = (ROOT / "tests" / "mutation_survivors.md").read_text(encoding="utf-8")
    survivors = [name for name in survivors if f"`{name}`" not in listed]
    results: dict[str, int] = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for name in survivors:
        if results.get(name, 0) != 0:
            continue
        env = dict(os.environ, MUTANT_UNDER_TEST=name, PYTEST_ADDOPTS="-p tests.mutation_order")
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
        try:
            code = subprocess.run(
                [*command, *selection],
                cwd=ROOT / "mutants",
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=TIMEOUT_SECONDS,
            ).returncode
        except subprocess.TimeoutExpired:
            code = 36
        results[name] = code
        print(f"{'killed  ' if code else 'survived'} {name}", flush=True)
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
