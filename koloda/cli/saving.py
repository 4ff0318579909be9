"""A save that failed, said in the player's words: the line mode and the full-screen table
tell the same thing."""

from __future__ import annotations

import errno
from pathlib import Path

from koloda.core.files import WriteError
from koloda.i18n import Speaker


def save_failure(words: Speaker, key: str, path: Path, error: WriteError) -> str:
    """``key`` (``cli.save_failed`` while the game goes on, ``cli.not_saved`` when leaving)
    with the file and the reason: the catalogue's words for a full disk, a file that may not
    be changed and the like, else the system's own."""
    name = errno.errorcode.get(error.code) if error.code is not None else None
    said = words.catalogue.get(f"cli.write_reason.{name}") if name else None
    reason = said if isinstance(said, str) else error.reason
    return words.say(key, path=str(path), reason=reason)
