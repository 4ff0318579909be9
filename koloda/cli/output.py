"""Output that any terminal can show: where the output's encoding cannot say a character
(``PYTHONIOENCODING=cp1251`` or ``ascii``), suit symbols fall back to letters (``Q♥`` →
``QH``) and typographic punctuation to plain (issue 15, bug 3)."""

from __future__ import annotations

import io
import sys
from typing import TextIO

FALLBACK_TEXT: dict[str, str] = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
    "—": "-",
    "–": "-",
    "−": "-",
    "…": "...",
    "«": '"',
    "»": '"',
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "⇄": "<->",
    "◆": "*",
    "▶": ">",
    "×": "x",
    "·": "-",
}
"""What each symbol becomes where the output cannot say it."""
FALLBACK = str.maketrans(FALLBACK_TEXT)


def plain_text(text: str, encoding: str) -> str:
    """``text`` as ``encoding`` can write it: unchanged when it can, else each character it
    cannot say replaced by its fallback above, or ``?``."""
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        pass
    except LookupError:
        encoding = "ascii"
    out = []
    for char in text:
        try:
            char.encode(encoding)
            out.append(char)
        except UnicodeEncodeError:
            fallback = char.translate(FALLBACK)
            out.append(fallback if fallback != char else "?")
    return "".join(out)


class SafeOutput(io.TextIOBase):
    """A text stream that writes to ``stream`` whatever its encoding can say.

    The stream is fixed until ``follow_streams`` (a command's start) rebinds it, never looked
    up at a write: a progress display replaces ``sys.stderr`` with a proxy that writes
    through the very console writing here, so a look-up at each write made each write go
    round in a loop (``koloda simulate --bots heuristic`` in a terminal never ended)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        self.stream.write(plain_text(text, self.encoding))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()


stdout = SafeOutput(sys.stdout)
stderr = SafeOutput(sys.stderr)


def follow_streams() -> None:
    """Write to the process's ``sys.stdout`` and ``sys.stderr`` as they are now (a command's
    start: a test's runner replaces them for each command)."""
    stdout.stream = sys.stdout
    stderr.stream = sys.stderr


def is_unicode(stream: TextIO | SafeOutput) -> bool:
    """The stream's encoding is a Unicode one (it can say every character)."""
    return (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "").startswith("utf")
