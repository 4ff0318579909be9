"""MkDocs hook: interactive examples in docstrings (``>>>`` lines and their output) are shown
as code, not as Markdown quotes, in the Python API reference."""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

PROMPT = re.compile(r"^(\s*)>>> ")
FENCE = re.compile(r"^\s*(```|~~~)")


class DoctestBlocks(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = False
        i = 0
        while i < len(lines):
            if FENCE.match(lines[i]):
                fenced = not fenced
            match = None if fenced else PROMPT.match(lines[i])
            if not match:
                out.append(lines[i])
                i += 1
                continue
            indent = match.group(1)
            block: list[str] = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i].removeprefix(indent))
                i += 1
            out += ["", f"{indent}```pycon", *(indent + line for line in block), f"{indent}```", ""]
        return out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(DoctestBlocks(md), "doctest_blocks", 35)


def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestExtension())
    return config
