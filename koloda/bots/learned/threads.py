"""One BLAS thread while a network trains: its matrices are small, and OpenBLAS's threads,
waking for each product on two busy cores, made a step five times slower than one thread.

``one_blas_thread()`` sets OpenBLAS's thread count to one for its block and restores it
after, through the library numpy has loaded (found in ``/proc/self/maps``); where there is
no such library or no such file it does nothing. A process started for training alone sets
``OPENBLAS_NUM_THREADS`` before numpy loads instead (``koloda.bots.learned.train``).
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

_PREFIXES = ("scipy_openblas_", "openblas_")
_SUFFIXES = ("64_", "")


@cache
def _openblas() -> tuple[ctypes._CFuncPtr, ctypes._CFuncPtr] | None:  # type: ignore[name-defined]
    """OpenBLAS's (set, get) thread-count functions, or None."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8")
    except OSError:
        return None
    paths = {line.split()[-1] for line in maps.splitlines() if "openblas" in line.lower()}
    for path in sorted(paths):
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for prefix in _PREFIXES:
            for suffix in _SUFFIXES:
                setter = getattr(library, f"{prefix}set_num_threads{suffix}", None)
                getter = getattr(library, f"{prefix}get_num_threads{suffix}", None)
                if setter is not None and getter is not None:
                    return setter, getter
    return None


@contextmanager
def one_blas_thread() -> Iterator[None]:
    functions = _openblas()
    if functions is None:
        yield
        return
    setter, getter = functions
    before = int(getter())
    setter(1)
    try:
        yield
    finally:
        setter(before)
