"""The store's writer process: group commits, errors to every waiting write, a writer that
dies (and is replaced), and a server killed with its writer still committing what it had
read."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from server_support import alive

from koloda.server.store import ActionWrite, NewTable, Store
from koloda.server.writer import StoreWriterError


def new_table(table_id: str) -> NewTable:
    return NewTable(
        id=table_id,
        game="king",
        options={},
        seats=["human"] * 4,
        token_hashes=[None] * 4,
        seed="seed",
        first_dealer=0,
        setups=[(0, {"hands": [["QH"], ["KH"], ["AH"], ["JH"]]})],
    )


def action(table_id: str, seq: int) -> ActionWrite:
    return ActionWrite(table_id=table_id, seq=seq, deal_index=0, action=f"A{seq}", setups=[])


def test_writes_from_many_tables_are_committed_in_the_writer_process(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'k.db'}")
    try:
        assert store._writer.process.pid != os.getpid() and store._writer.process.is_alive()

        async def play() -> None:
            await asyncio.gather(*(store.create(new_table(f"t{i}")) for i in range(20)))
            await asyncio.gather(
                *(store.append(action(f"t{i}", seq)) for i in range(20) for seq in range(10))
            )
            await store.aclose()

        asyncio.run(play())
        for i in range(20):
            loaded = store.load(f"t{i}")
            assert loaded is not None
            assert loaded.version == 10
            assert loaded.actions == [(0, f"A{seq}") for seq in range(10)]
            assert loaded.setups == [{"hands": [["QH"], ["KH"], ["AH"], ["JH"]]}]
        # group commit: 220 writes submitted at once share far fewer transactions
        assert 2 <= store.commits < 50
    finally:
        store.close()


def test_a_failed_commit_is_an_error_for_each_of_its_writes_and_the_next_ones_go_on(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'k.db'}")

    async def play() -> str:
        await store.create(new_table("t"))
        await store.append(action("t", 0))
        with pytest.raises(StoreWriterError) as refused:
            await store.append(action("t", 0))  # the same action number again
        await store.append(action("t", 1))
        await store.aclose()
        return str(refused.value)

    try:
        reason = asyncio.run(play())
        assert "IntegrityError" in reason
        loaded = store.load("t")
        assert loaded is not None and loaded.actions == [(0, "A0"), (0, "A1")]
    finally:
        store.close()


def test_when_the_writer_dies_a_new_one_takes_the_waiting_write(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'k.db'}")
    heard: list[str] = []

    async def play() -> tuple[int | None, int | None]:
        await store.create(new_table("t"))
        first = store.writer_pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        await asyncio.wait_for(store.append(action("t", 0), heard.append), timeout=30)
        await store.append(action("t", 1))
        with pytest.raises(StoreWriterError) as refused:  # not the store's fault: no retry
            await store.append(action("t", 1))
        assert not refused.value.transient and "IntegrityError" in str(refused.value)
        await store.aclose()
        return first, store.writer_pid

    try:
        first, second = asyncio.run(play())
        assert second not in (None, first)
        assert len(heard) == 1 and "writer" in heard[0]
        loaded = store.load("t")
        assert loaded is not None and loaded.actions == [(0, "A0"), (0, "A1")]
        assert store.failing is None
    finally:
        store.close()


SERVER = textwrap.dedent(
    """
    import asyncio, sys, time
    from koloda.server.store import ActionWrite, NewTable, Store

    async def main() -> None:
        store = Store(sys.argv[1])
        await store.create(NewTable("t", "king", {}, ["human"] * 4, [None] * 4, "s", 0, []))
        for seq in range(5):
            await store.append(ActionWrite("t", seq, 0, f"A{seq}", []))
        print(store._writer.process.pid, flush=True)
        time.sleep(60)

    if __name__ == "__main__":
        asyncio.run(main())
    """
)


def test_a_killed_server_keeps_its_acknowledged_writes_and_leaves_no_writer(
    tmp_path: Path,
) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    url = f"sqlite:///{tmp_path / 'k.db'}"
    server = subprocess.Popen([sys.executable, str(script), url], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    writer_pid = int(server.stdout.readline())
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)
    deadline = time.monotonic() + 10
    while alive(writer_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(writer_pid), "the writer outlived its server"
    store = Store(url)
    try:
        loaded = store.load("t")
        assert loaded is not None and loaded.actions == [(0, f"A{seq}") for seq in range(5)]
    finally:
        store.close()
