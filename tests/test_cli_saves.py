"""Every file Koloda writes is written whole or not at all (``koloda.core.files``): a save
that fails (a full disk, a file that cannot be replaced) keeps the previous save as it was,
is said in one line, and the game goes on or the command exits non-zero; never a
traceback, never a hidden card."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.core.files import WriteError, atomic_file, write_atomic
from koloda.records import load_record, replay

runner = CliRunner()
FULL = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def leftovers(folder: Path) -> list[str]:
    """Temporary files a write left behind."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def disk_full_after(monkeypatch: pytest.MonkeyPatch, good: int) -> None:
    """The disk is full after ``good`` more files have been synced (``os.fsync`` fails)."""
    real = os.fsync
    left = [good]

    def fsync(fd: int) -> None:
        if left[0] <= 0:
            raise FULL
        left[0] -= 1
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.fixture
def immutable() -> Iterator[Callable[[Path], None]]:
    """Make a file that cannot be replaced (``chattr +i``), undone after the test."""
    made: list[Path] = []

    def make(path: Path) -> None:
        if shutil.which("chattr") is None:
            pytest.skip("no chattr here")
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip("this file system or user cannot make a file immutable")
        made.append(path)

    yield make
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], check=False)


# ----- the helper -----------------------------------------------------------------------------


def test_a_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "new" / "folder" / "g.json"
    write_atomic(target, "первая")
    assert target.read_text(encoding="utf-8") == "первая"
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask  # as open() would make it
    with atomic_file(target) as file:
        file.write("a line\n")
        assert target.read_text(encoding="utf-8") == "первая"  # not yet replaced
    assert target.read_text(encoding="utf-8") == "a line\n"
    target.chmod(0o600)
    write_atomic(target, b"\x89PNG\r\n")
    assert target.read_bytes() == b"\x89PNG\r\n"
    assert target.stat().st_mode & 0o777 == 0o600  # a private file stays private
    assert leftovers(target.parent) == []


def break_fsync(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    disk_full_after(monkeypatch, 0)


def break_write(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    def write(fd: int, data: Any) -> int:
        raise FULL

    monkeypatch.setattr(os, "write", write)


def folder_in_the_way(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    target.unlink()
    target.mkdir()
    (target / "inside").write_text("kept")


@pytest.mark.parametrize("breaking", [break_fsync, break_write, folder_in_the_way])
def test_a_failed_write_keeps_what_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, breaking: Any
) -> None:
    target = tmp_path / "g.json"
    target.write_text("old save")
    breaking(monkeypatch, target)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    with pytest.raises(WriteError) as failure:
        write_atomic(target, "new save")
    monkeypatch.undo()
    message = str(failure.value)
    assert message.startswith(f"cannot write {target}: ") and "\n" not in message
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
    if target.is_file():
        assert target.read_text() == "old save"
    else:
        assert (target / "inside").read_text() == "kept"


def test_a_file_that_cannot_be_replaced(tmp_path: Path, immutable: Any) -> None:
    target = tmp_path / "g.json"
    target.write_text("old save")
    immutable(target)
    with pytest.raises(WriteError, match="Operation not permitted"):
        write_atomic(target, "new save")
    assert target.read_text() == "old save"
    assert leftovers(tmp_path) == []


def test_a_folder_that_cannot_be_written(tmp_path: Path, immutable: Any) -> None:
    """A read-only folder (made immutable: the tests may run as root, whom permissions do
    not stop): no temporary file can be made beside the save."""
    folder = tmp_path / "saves"
    folder.mkdir()
    target = folder / "g.json"
    target.write_text("old save")
    immutable(folder)
    with pytest.raises(WriteError, match="Operation not permitted"):
        write_atomic(target, "new save")
    assert target.read_text() == "old save"
    assert [p.name for p in folder.iterdir()] == ["g.json"]


def test_only_regular_files_are_replaced(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="it is not a regular file"):
        write_atomic("/dev/null", "never")
    assert Path("/dev/null").is_char_device()
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_an_interrupted_write_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "records.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_file(target) as file:
        file.write("half\n")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert leftovers(tmp_path) == []


# ----- the line mode ---------------------------------------------------------------------------


def saved_game(tmp_path: Path) -> Path:
    save = tmp_path / "g.json"
    args = ["play", "king", "--seed", "4", "--bots", "random", "--save", str(save)]
    first = runner.invoke(app, args, input="quit\n")
    assert first.exit_code == 0, first.output
    return save


def hidden_hands(save: Path) -> list[str]:
    """How each other seat's hand of the first deal would read if it were printed."""
    deal = json.loads(save.read_text())["deals"][0]
    return [" ".join(hand) for seat, hand in enumerate(deal["hands"]) if seat != 0]


def assert_no_traceback_nor_hands(output: str, save: Path) -> None:
    assert "Traceback" not in output and "hands" not in output
    for hand in hidden_hands(save):
        assert hand not in output


def test_line_mode_save_that_fails_keeps_the_last_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = saved_game(tmp_path)
    before = save.read_bytes()
    disk_full_after(monkeypatch, 0)
    result = runner.invoke(app, ["play", "--resume", str(save)], input="quit\n")
    monkeypatch.undo()
    assert result.exit_code == 1, result.output
    assert save.read_bytes() == before
    assert leftovers(tmp_path) == []
    said = [line for line in result.output.splitlines() if "could not be saved" in line]
    assert len(said) == 2, result.output  # when it failed, and when leaving
    assert f"The game could not be saved to {save}: the disk is full." in said[-1]
    assert "record saved to" not in result.output and "game saved to" not in result.output
    assert_no_traceback_nor_hands(result.output, save)


def test_line_mode_goes_on_and_saves_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = saved_game(tmp_path)
    state = replay(load_record(save))
    card = state.legal_actions()[0]  # the person is first to act after the bots' tricks
    typed = f"{load_record(save).rules.format_action(card)}\nquit\n"
    real = os.fsync
    calls = [0]

    def full_once(fd: int) -> None:
        calls[0] += 1
        if calls[0] == 1:
            raise FULL
        real(fd)

    monkeypatch.setattr(os, "fsync", full_once)
    result = runner.invoke(app, ["play", "--resume", str(save)], input=typed)
    monkeypatch.undo()
    assert result.exit_code == 0, result.output
    assert "could not be saved" in result.output
    assert f"The game is saved again to {save}." in result.output
    assert "game saved to" in result.output
    played = replay(load_record(save))
    assert len(played.deal_logs()[0].actions) > len(state.deal_logs()[0].actions)
    assert leftovers(tmp_path) == []


def test_russian_save_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = saved_game(tmp_path)
    disk_full_after(monkeypatch, 0)
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "ru"], input="quit\n")
    monkeypatch.undo()
    assert result.exit_code == 1
    assert f"Не удалось сохранить игру в {save}: на диске нет места." in result.output


# ----- simulate and tournament outputs ----------------------------------------------------------


def test_simulate_records_are_written_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = tmp_path / "games.jsonl"
    records.write_text("earlier\n")
    args = ["simulate", "hundred_one", "-n", "2", "--seed", "1", "--records", str(records)]
    disk_full_after(monkeypatch, 0)
    failed = runner.invoke(app, args)
    monkeypatch.undo()
    assert failed.exit_code == 1
    lines = [line for line in failed.output.splitlines() if line.strip()]
    assert lines == [
        f"error: cannot write {records}: No space left on device; nothing was changed there"
    ]
    assert records.read_text() == "earlier\n"
    assert leftovers(tmp_path) == []
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    assert len(records.read_text().splitlines()) == 2


def test_the_tournament_plot_is_written_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "means.png"
    plot.write_bytes(b"older picture")
    args = ["tournament", "king", "--bots", "random,random", "--deals", "2", "--plot", str(plot)]
    disk_full_after(monkeypatch, 0)
    failed = runner.invoke(app, args)
    monkeypatch.undo()
    assert failed.exit_code == 1
    assert "random" in failed.output  # the match's results are printed before
    assert f"error: cannot write {plot}: No space left on device" in failed.output
    assert plot.read_bytes() == b"older picture"
    assert leftovers(tmp_path) == []  # a picture that is written: tests/bots/test_bots_tournament
