"""The table on a terminal that shows only ASCII (``LANG=C``, ``PYTHONIOENCODING=ascii``, the
Linux console): every symbol of the screen (suits, frames, arrows, dashes, scroll bars)
becomes an ASCII character of the same width, so the table keeps its shape and shows no
``?`` boxes: ``Q♥`` reads ``QH``, a framed card ``+---+``."""

from __future__ import annotations

import codecs
from collections.abc import Mapping

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from koloda.cli.output import FALLBACK_TEXT

ONE_CELL = str.maketrans(
    {
        **{symbol: text for symbol, text in FALLBACK_TEXT.items() if len(text) == 1},
        "…": ".",
        "·": "|",
        "⇄": "x",
        "↑": "^",
        "↓": "v",
        "─": "-",
        "━": "-",
        "│": "|",
        "┃": "|",
        "▏": "|",
        "▕": "|",
        "▎": "|",
        "▍": "|",
        "▌": "|",
        "▐": "|",
        "┌": "+",
        "┐": "+",
        "└": "+",
        "┘": "+",
        "╭": "+",
        "╮": "+",
        "╰": "+",
        "╯": "+",
        "├": "+",
        "┤": "+",
        "┬": "+",
        "┴": "+",
        "┼": "+",
        "▁": "_",
        "▂": "_",
        "▃": "=",
        "▄": "=",
        "▅": "#",
        "▆": "#",
        "▇": "#",
        "█": "#",
        "▔": "-",
        "\xa0": " ",
    }
)

SYMBOL_LESS_TERMINALS = ("linux", "vt100", "vt102", "vt220", "cons25", "dumb")
"""Terminals whose fonts lack the suit symbols and box drawing."""


def is_utf8(encoding: str | None) -> bool:
    try:
        return codecs.lookup(encoding or "ascii").name.startswith("utf")
    except LookupError:
        return False


def locale_charset_is_utf8(environ: Mapping[str, str]) -> bool:
    """Whether the locale the person set (``LC_ALL``, ``LC_CTYPE``, ``LANG``, the first
    given) speaks UTF-8; Python's own ``LC_CTYPE=C.UTF-8`` (set over ``LANG=C``) does not
    count, and no locale at all gives the benefit of the doubt."""
    lang = environ.get("LANG", "")
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environ.get(name, "")
        if name == "LC_CTYPE" and value == "C.UTF-8" and lang:
            continue  # Python coerced the C locale (PEP 538): the terminal is still LANG's
        if value:
            return "utf-8" in value.lower() or "utf8" in value.lower()
    return True


def wants_ascii(environ: Mapping[str, str], encoding: str | None) -> bool:
    """Whether the screen should be drawn in ASCII: the output cannot encode Unicode, the
    locale is not UTF-8, or the terminal is the Linux console (or one of its kind)."""
    if environ.get("KOLODA_ASCII", "") not in ("", "0"):
        return True
    term = environ.get("TERM", "")
    return (
        not is_utf8(encoding)
        or not locale_charset_is_utf8(environ)
        or term in SYMBOL_LESS_TERMINALS
    )


def to_ascii(text: str) -> str:
    """``text`` with every symbol as one ASCII character; other letters (Cyrillic) kept."""
    return text.translate(ONE_CELL)


class AsciiFilter(LineFilter):
    """Draws the whole screen (frames and scroll bars too) through ``to_ascii``."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment
            if segment.text.isascii()
            else Segment(to_ascii(segment.text), segment.style, segment.control)
            for segment in segments
        ]
