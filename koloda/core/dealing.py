"""Shuffling: cryptographically strong, reproducible from a seed when one is given.

A shuffle draws 64-bit words from a strong source: with a seed, a BLAKE2b stream keyed by the
seed and the deal index (so games, tournaments and tests replay exactly); without one, the
operating system's generator (``os.urandom``, what ``secrets`` uses), as real play requires.
Each word picks a position by Lemire's multiply-shift with rejection, so every permutation is
exactly equally likely.
"""

from __future__ import annotations

import hashlib
import os
import struct
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def _seeded_words(seed: int | str, index: int, count: int) -> list[int]:
    key = hashlib.blake2b(f"koloda:{seed}:{index}".encode()).digest()[:32]
    blocks = (count + 7) // 8
    data = b"".join(
        hashlib.blake2b(block.to_bytes(8, "little"), key=key).digest() for block in range(blocks)
    )
    return list(struct.unpack(f"<{blocks * 8}Q", data))


def _system_words(count: int) -> list[int]:
    return list(struct.unpack(f"<{count}Q", os.urandom(8 * count)))


class Shuffler:
    """Shuffles decks, one independent shuffle per deal index."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    @property
    def is_seeded(self) -> bool:
        return self.seed is not None

    def shuffled(self, items: Sequence[T], index: int) -> list[T]:
        """A uniformly random permutation of ``items`` for deal ``index`` (Fisher–Yates)."""
        out = list(items)
        size = len(out)
        if self.seed is None:
            words = _system_words(size + 8)
        else:
            words = _seeded_words(self.seed, index, size + 8)
        # Fast path: a word whose low half is at least its bound is always accepted by
        # Lemire's test; all of them are but with probability ~size²/2⁶⁴.
        for i, word in zip(range(size - 1, 0, -1), words, strict=False):
            product = word * (i + 1)
            if product & _MASK64 <= i:
                break  # rare: take the exact path below from the start
            j = product >> 64
            out[i], out[j] = out[j], out[i]
        else:
            return out
        out = list(items)
        position = 0
        attempt = 0
        for i in range(size - 1, 0, -1):
            bound = i + 1
            while True:
                if position == len(words):  # rejections used up the spare words
                    attempt += 1
                    words = (
                        _system_words(size)
                        if self.seed is None
                        else _seeded_words(f"{self.seed}#{attempt}", index, size)
                    )
                    position = 0
                product = words[position] * bound
                position += 1
                low = product & _MASK64
                if low >= bound or low >= (1 << 64) % bound:  # Lemire: exact uniformity
                    break
            j = product >> 64
            out[i], out[j] = out[j], out[i]
        return out
