"""Output that any terminal can show: where the output's encoding cannot say a character
(``PYTHONIOENCODING=cp1251`` or ``ascii``), suit symbols fall back to letters (``Q♥`` →
``QH``) and typographic punctuation to plain (issue 15, bug 3)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from typing import TextIO

FALLBACK = str.maketrans(
    {
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
)


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
    """A text stream that writes to ``target()`` (looked up at each write, so that a
    replaced ``sys.stdout`` is followed) whatever its encoding can say."""

    def __init__(self, target: Callable[[], TextIO]) -> None:
        super().__init__()
        self.target = target

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.target(), "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        stream = self.target()
        stream.write(plain_text(text, self.encoding))
        return len(text)

    def flush(self) -> None:
        self.target().flush()

    def isatty(self) -> bool:
        return self.target().isatty()

    def fileno(self) -> int:
        return self.target().fileno()


stdout = SafeOutput(lambda: sys.stdout)
stderr = SafeOutput(lambda: sys.stderr)


def is_unicode(stream: TextIO | SafeOutput) -> bool:
    """The stream's encoding is a Unicode one (it can say every character)."""
    return (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "").startswith("utf")
