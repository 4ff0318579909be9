"""Files written whole or not at all: every file Koloda writes (game records, saves, the
records of ``simulate``, plots) goes through ``atomic_file``.

The text goes to a temporary file beside the target, is flushed and synced to the disk, and
only then renamed over the target, and the folder is synced so that the rename survives a
power cut. A write that fails (a full disk, a folder that cannot be written, a file that
cannot be replaced) removes the temporary file, leaves the target as it was and raises a
``WriteError`` whose message is one line naming the file and the reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from koloda.core.errors import KolodaError


class WriteError(KolodaError, OSError):
    """A file could not be written; the target is unchanged. The message is one line
    (``cannot write saves/g.json: No space left on device``); ``path`` and ``reason`` (the
    system's words) are its parts, ``code`` the system's error number."""

    def __init__(self, path: Path, error: OSError) -> None:
        self.path = path
        self.reason = error.strerror or str(error)
        self.code = error.errno
        """The system's error number (``errno.ENOSPC``), or None."""
        super().__init__(f"cannot write {path}: {self.reason}")


@contextlib.contextmanager
def atomic_file(path: str | Path) -> Iterator[IO[str]]:
    """A text file (UTF-8) to write ``path`` through: what is written replaces ``path`` when
    the block ends without an error, else nothing does."""
    with (
        _replacing(Path(path)) as handle,
        os.fdopen(handle, "w", encoding="utf-8", closefd=False) as file,
    ):
        yield file
        file.flush()


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` whole (text in UTF-8), or raise ``WriteError`` and
    leave it as it was."""
    view = memoryview(data.encode("utf-8") if isinstance(data, str) else data)
    with _replacing(Path(path)) as handle:
        while view:
            view = view[os.write(handle, view) :]


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[int]:
    """A temporary file's descriptor beside ``path``; once the block is done it is synced
    and renamed over ``path``. On any error the temporary file is removed."""
    if path.is_symlink():
        path = path.resolve()  # the file it points to is replaced, the link stays
    if path.exists() and not path.is_file():
        # a folder, a device (/dev/full), a pipe: not a file to replace
        raise WriteError(path, OSError(errno.EEXIST, "it is not a regular file"))
    folder = path.parent
    temporary = folder / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # the mode a new file gets (0o666 less the umask), as open() gives it
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)  # Windows
        handle = os.open(temporary, flags, 0o666)
    except OSError as error:
        raise WriteError(path, error) from None
    try:
        try:
            if path.exists():  # a file replaced keeps its permissions
                os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
            yield handle
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        if isinstance(error, OSError) and not isinstance(error, WriteError):
            raise WriteError(path, error) from None
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform can open a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a folder; its renames are journalled by the file system
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems cannot sync a folder; the file itself is on the disk
    finally:
        os.close(handle)
