"""Shuffling: cryptographically strong, reproducible from a seed when one is given.

With a seed, the deck of deal ``i`` is shuffled from a BLAKE2b stream keyed by the seed and
``i``, so a game, a tournament or a test can be replayed exactly. Without a seed the shuffle
draws from ``secrets`` (the operating system's generator), as real play requires.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


class _SeededStream:
    """Uniform integers from a keyed BLAKE2b counter stream."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._pool = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = hashlib.blake2b(self._counter.to_bytes(8, "little"), key=self._key).digest()
            self._pool += block
            self._counter += 1
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling (no modulo bias)."""
        bits = max(1, (n - 1).bit_length())
        nbytes = (bits + 7) // 8
        while True:
            value = int.from_bytes(self._bytes(nbytes), "little") & ((1 << bits) - 1)
            if value < n:
                return value


class Shuffler:
    """Shuffles decks, one independent shuffle per deal index."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    @property
    def is_seeded(self) -> bool:
        return self.seed is not None

    def shuffled(self, items: Sequence[T], index: int) -> list[T]:
        """A uniformly random permutation of ``items`` for deal ``index``."""
        out = list(items)
        below: Callable[[int], int]
        if self.seed is None:
            below = secrets.randbelow
        else:
            key = hashlib.blake2b(f"koloda:{self.seed}:{index}".encode()).digest()[:32]
            below = _SeededStream(key).below
        for i in range(len(out) - 1, 0, -1):
            j = below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
