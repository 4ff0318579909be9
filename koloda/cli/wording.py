"""The terminal calls its player "You": sentences about him take the second person."""

from __future__ import annotations

import re

_YOU_VERB = re.compile(r"^You (\w+)\b")


def second_person(line: str) -> str:
    """``You plays 7♠`` → ``You play 7♠``, ``You passes`` → ``You pass``."""
    match = _YOU_VERB.match(line)
    if match is None:
        return line
    verb = match.group(1)
    if verb.endswith(("sses", "shes", "ches", "xes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"You {verb}{line[match.end() :]}"
