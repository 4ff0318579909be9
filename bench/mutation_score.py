"""The mutation score of the last `make mutation` run, per module and overall.

Reads mutmut's result files under ``mutants/`` and the reasoned list of surviving mutants in
``tests/mutation_survivors.md``. A survivor listed there as ``equivalent`` cannot change the
program's behaviour and leaves the count; any other survivor counts as killed when
``mutation_recheck.py`` killed it in a fresh interpreter (mutants in code that runs at import
time, which mutmut cannot switch on). The score is killed over
non-equivalent mutants. ``--markdown`` prints the table for the survivors file.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED_CODES = {1, 3, 36, 24, -24, 152, 255, 37}
TIMEOUT_CODES = {36, 24, -24, 152, 255}
"""mutmut's codes for a mutant stopped at its time limit. On a loaded machine a mutant that
changes nothing can outrun the limit too, so a timed-out mutant listed as equivalent in the
survivors file counts as equivalent, not killed."""
RECHECK_KILLED = {1, 2, 3, 4}
"""pytest's exit codes for failed tests, an interrupted run, an internal or a start-up error
(a mutant that breaks the import stops pytest before any test runs)."""
NAME = re.compile(r"`(koloda\.[\w.]+__mutmut_\d+)`")


def listed_survivors(path: Path) -> dict[str, str]:
    """Mutant name -> verdict (``equivalent``) from the table rows of the survivors file."""
    verdicts: dict[str, str] = {}
    if not path.exists():
        return verdicts
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        match = NAME.search(cells[1])
        if match:
            verdicts[match.group(1)] = cells[2]
    return verdicts


def main() -> int:
    verdicts = listed_survivors(ROOT / "tests" / "mutation_survivors.md")
    recheck_path = ROOT / "mutants" / "mutmut-recheck.json"
    rechecked: dict[str, int] = (
        json.loads(recheck_path.read_text(encoding="utf-8")) if recheck_path.exists() else {}
    )
    rows: dict[str, Counter[str]] = {}
    unexplained: list[str] = []
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        module = str(meta.relative_to(ROOT / "mutants"))[: -len(".meta")]
        tally: Counter[str] = Counter()
        for name, code in data.get("exit_code_by_key", {}).items():
            if code is None:
                tally["unchecked"] += 1
                continue
            tally["mutants"] += 1
            verdict = verdicts.get(name)
            if code in TIMEOUT_CODES and verdict == "equivalent":
                tally["equivalent"] += 1
            elif code in KILLED_CODES:
                tally["killed"] += 1
            elif code == 0 and rechecked.get(name, 0) in RECHECK_KILLED:
                tally["killed"] += 1
                tally["fresh"] += 1
            elif verdict == "equivalent":
                tally["equivalent"] += 1
            else:
                tally["unexplained"] += 1
                unexplained.append(f"{name} ({'no tests' if code in (5, 33) else 'survived'})")
        if tally["mutants"]:
            rows[module] = tally
    if not rows:
        print("no mutation results: run `make mutation` first")
        return 1
    total: Counter[str] = Counter()
    if "--markdown" in sys.argv:
        print("| module | mutants | killed | fresh | equivalent | unexplained | score |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for module, tally in [*rows.items(), ("overall", sum(rows.values(), Counter()))]:
            considered = tally["mutants"] - tally["equivalent"]
            score = 100.0 * tally["killed"] / considered if considered else 100.0
            print(
                f"| {module} | {tally['mutants']} | {tally['killed']} | {tally['fresh']} "
                f"| {tally['equivalent']} | {tally['unexplained']} | {score:.1f}% |"
            )
        return 0
    header = (
        f"{'module':44} {'mutants':>7} {'killed':>7} {'fresh':>6} {'equiv':>6} {'unexpl':>7}"
        f" {'score':>7}"
    )
    print(header)
    for module, tally in rows.items():
        total.update(tally)
        print(line_for(module, tally))
    print(line_for("overall", total))
    if total["unchecked"]:
        print(f"{total['unchecked']} mutants of these modules not run yet")
    for name in unexplained:
        print("unexplained:", name)
    return 0


def line_for(label: str, tally: Counter[str]) -> str:
    considered = tally["mutants"] - tally["equivalent"]
    score = 100.0 * tally["killed"] / considered if considered else 100.0
    return (
        f"{label:44} {tally['mutants']:7} {tally['killed']:7} {tally['fresh']:6} "
        f"{tally['equivalent']:6} "
        f"{tally['unexplained']:7} {score:6.1f}%"
    )


if __name__ == "__main__":
    sys.exit(main())
