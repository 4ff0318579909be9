"""The store's writer in a process of its own, fed through a pipe by the event loop.

Every acknowledged action waits for its commit, so the writer is on the path of every move. As
a thread it competed with the event loop for the interpreter lock: the database driver gives
the lock up around each statement and the disk flush, and each time it wanted it back it
waited for the loop's switch interval, so a commit of a few milliseconds took hundreds under
load. In its own process it never waits for the loop, and the loop only pickles the pending
writes, once per turn of the loop, and reads the answers when they arrive (both on
non-blocking pipes, without a thread).

The writer commits whatever has arrived in one transaction (group commit: many tables'
actions share a disk flush) and answers with the numbers of the writes it committed, or why it
failed. If the server process dies, the writer finishes what it has read and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import pickle
import select
import signal
import struct
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

HEADER = struct.Struct("!I")
"""Each message on the pipes: its length, then its pickle."""

READ_SIZE = 1 << 20

READY = "ready"
"""The writer's first message: its database is open, writes may come."""
START_SECONDS = 120.0


class StoreWriterError(RuntimeError):
    """The writer process could not commit (its reason), or is gone. ``transient``: the same
    write may succeed later (a full disk, an I/O error, a lost database connection, a writer
    that died), not a write the database refuses as such (a broken constraint)."""

    def __init__(self, reason: str, transient: bool = False) -> None:
        super().__init__(reason)
        self.transient = transient


def is_transient(failure: BaseException) -> bool:
    """Whether a failed commit may succeed when tried again: the database or the disk failed,
    not the write."""
    from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, ProgrammingError

    if isinstance(failure, DBAPIError):
        return not isinstance(failure, IntegrityError | ProgrammingError | DataError)
    return isinstance(failure, OSError)


def frame(payload: Any) -> bytes:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


class Frames:
    """Reassembles the messages of a byte stream."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[Any]:
        self._buffer += data
        messages = []
        start = 0
        while len(self._buffer) - start >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buffer, start)
            end = start + HEADER.size + size
            if end > len(self._buffer):
                break
            messages.append(pickle.loads(self._buffer[start + HEADER.size : end]))
            start = end
        del self._buffer[:start]
        return messages


# ----- the writer process -------------------------------------------------------------------


def serve_writes(url: str, fsync: bool, jobs: Connection, answers: Connection) -> None:
    """The writer process: commit each arrival of writes in one transaction, answer, repeat
    until the server closes its end."""
    from koloda.server.store import copy_log_periodically, make_engine, write_batch

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when its writer stops
    # A file grown past the process's size limit is a failed write (EFBIG), as a full disk is
    # (ENOSPC): the commit fails and is tried again, rather than the writer being killed.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    engine = make_engine(url, fsync)
    stopping = threading.Event()
    if url.startswith("sqlite"):
        threading.Thread(target=copy_log_periodically, args=(engine, stopping), daemon=True).start()
    source, sink = jobs.fileno(), answers.fileno()
    with contextlib.suppress(OSError):
        _write_all(sink, frame(READY))
    frames = Frames()
    open_ = True
    try:
        while open_:
            arrived, open_ = _read_arrivals(source, frames)
            if not arrived:
                continue
            numbers = [number for number, _ in arrived]
            error: str | None = None
            transient = False
            try:
                write_batch(engine, [job for _, job in arrived])
            except Exception as failure:  # every waiting caller hears of it
                error = f"{type(failure).__name__}: {_first_line(failure)}"
                transient = is_transient(failure)
            with contextlib.suppress(OSError):  # a server that died hears nothing
                _write_all(sink, frame((numbers, error, transient)))
    finally:
        stopping.set()
        engine.dispose()


def _first_line(failure: BaseException) -> str:
    """A failure's message without the statement and parameters a driver adds after it."""
    lines = str(failure).strip().splitlines()
    return lines[0] if lines else type(failure).__name__


def _read_arrivals(source: int, frames: Frames) -> tuple[list[tuple[int, Any]], bool]:
    """Wait for writes, then take every one already in the pipe; and whether it is still
    open."""
    arrived: list[tuple[int, Any]] = []
    block = True
    while block or select.select([source], [], [], 0)[0]:
        block = False
        data = os.read(source, READ_SIZE)
        if not data:
            return arrived, False
        for batch in frames.feed(data):
            arrived.extend(batch)
        if not arrived:
            block = True  # only part of a message so far
    return arrived, True


def _write_all(sink: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(sink, view) :]


# ----- the server's end ---------------------------------------------------------------------


class StoreWriter:
    """Starts the writer process and hands it writes from one event loop: ``submit`` returns
    once the write is committed."""

    def __init__(self, url: str, fsync: bool) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        jobs_end, self._jobs = context.Pipe(duplex=False)
        self._answers, answers_end = context.Pipe(duplex=False)
        self.process = context.Process(
            target=serve_writes,
            args=(url, fsync, jobs_end, answers_end),
            name="koloda-store-writer",
            daemon=True,
        )
        self.process.start()
        jobs_end.close()
        answers_end.close()
        self._ready = False
        self._numbers = itertools.count()
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self._pending: list[tuple[int, Any]] = []
        self._out = bytearray()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._frames = Frames()
        self._gone: str | None = None
        self.commits = 0

    def wait_ready(self) -> None:
        """Wait until the writer has opened the database (the first write then waits for no
        process to start); raises ``StoreWriterError`` when it could not."""
        if self._ready:
            return
        frames = Frames()
        deadline = time.monotonic() + START_SECONDS
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._answers.fileno()], [], [], left)[0]:
                break
            data = os.read(self._answers.fileno(), READ_SIZE)
            if not data:
                break
            if frames.feed(data) == [READY]:
                self._ready = True
                os.set_blocking(self._jobs.fileno(), False)
                os.set_blocking(self._answers.fileno(), False)
                return
        self.process.kill()
        self.process.join()
        raise StoreWriterError("the store's writer did not start", transient=True)

    async def submit(self, job: Any) -> None:
        if self._gone is not None:
            raise StoreWriterError(self._gone, transient=True)
        if not self._ready:
            await asyncio.to_thread(self.wait_ready)
        loop = self._attach()
        number = next(self._numbers)
        future: asyncio.Future[None] = loop.create_future()
        self._waiting[number] = future
        if not self._pending:
            loop.call_soon(self._send_pending)  # once a turn of the loop, all that came
        self._pending.append((number, job))
        await future

    @property
    def gone(self) -> bool:
        """The writer process stopped: a new one must take its place."""
        return self._gone is not None

    def _attach(self) -> asyncio.AbstractEventLoop:
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._loop = loop
            loop.add_reader(self._answers.fileno(), self._read_answers)
        elif self._loop is not loop:
            raise RuntimeError("the store's writes come from one event loop")
        return loop

    def _send_pending(self) -> None:
        pending, self._pending = self._pending, []
        if not pending or self._gone is not None:
            return
        had_output = bool(self._out)
        self._out += frame(pending)
        if not had_output:
            self._send_out()

    def _send_out(self) -> None:
        try:
            sent = os.write(self._jobs.fileno(), self._out)
        except BlockingIOError:
            sent = 0
        except OSError as error:
            self._fail(f"the store's writer is gone ({error})")
            return
        del self._out[:sent]
        assert self._loop is not None
        if self._out:
            self._loop.add_writer(self._jobs.fileno(), self._send_more)

    def _send_more(self) -> None:
        assert self._loop is not None
        self._loop.remove_writer(self._jobs.fileno())
        self._send_out()

    def _read_answers(self) -> None:
        try:
            data = os.read(self._answers.fileno(), READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._fail("the store's writer stopped")
            return
        for numbers, error, transient in self._frames.feed(data):
            self.commits += 1
            for number in numbers:
                future = self._waiting.pop(number, None)
                if future is None or future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(StoreWriterError(error, transient))

    def _fail(self, reason: str) -> None:
        """The writer is gone: every waiting write fails, and so will later ones."""
        self._gone = reason
        self._detach()
        waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(StoreWriterError(reason, transient=True))

    def _detach(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._answers.fileno())
            self._loop.remove_writer(self._jobs.fileno())
        self._loop = None

    async def aclose(self) -> None:
        """Stop from the loop that wrote: let the writer finish, then wait for it to exit."""
        self._detach()
        await asyncio.to_thread(self.close)

    def close(self) -> None:
        """Stop: the writer commits what it has, sees the pipe closed and exits. Call it
        after every write was answered, from outside the writing loop (or after
        ``aclose``'s detaching)."""
        loop = self._loop
        in_loop = False
        with contextlib.suppress(RuntimeError):
            in_loop = asyncio.get_running_loop() is loop
        if in_loop or (loop is not None and not loop.is_running()):
            self._detach()
        elif loop is not None:
            done = threading.Event()

            def detach() -> None:
                self._detach()
                done.set()

            loop.call_soon_threadsafe(detach)
            done.wait(5)
        if self._out:  # what the loop could not send yet
            os.set_blocking(self._jobs.fileno(), True)
            with contextlib.suppress(OSError):
                _write_all(self._jobs.fileno(), bytes(self._out))
            self._out.clear()
        self._jobs.close()
        self.process.join(timeout=30)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self._answers.close()
