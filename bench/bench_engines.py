"""Every engine benchmark in one run: ``python bench/bench_engines.py [SECONDS]``.

Each ``bench_<game>.py`` beside this file has ``run(seconds)``; ratios against the OpenSpiel
reference are taken in the same run because these machines are noisy.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    results = {}
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        if path.stem == "bench_engines":
            continue
        module = importlib.import_module(path.stem)
        results[path.stem.removeprefix("bench_")] = module.run(seconds)
        print()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
