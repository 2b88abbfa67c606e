"""Issue 27, point 8: what a killed output leaves is cleared by the next one, and a refused
import names the file the arbiter asked for, never its hidden ``.part`` name."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.store import file as store_file
from arbiter_app.store.errors import DiskFull
from tests.support.sessions import small_event

ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "trf" / "open-2024.trf16.trf"


def test_a_killed_exports_hidden_file_is_cleared_by_the_next_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    out = tmp_path / "standings.csv"
    killed = tmp_path / ".standings.csv.0badc0de.part"
    killed.write_bytes(b"Place,No,Na")  # what a kill halfway through a write leaves
    running = tmp_path / ".standings.csv.5eedf00d.part"
    running.write_bytes(b"")
    holder = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)  # an export still writing it
        kept = tmp_path / ".standings.csv.notours.part"
        kept.write_bytes(b"x")
        assert main(["export", str(event), "--format", "csv", "-o", str(out)]) == 0
        capsys.readouterr()
        names = sorted(p.name for p in tmp_path.iterdir())
        assert names == [
            ".standings.csv.5eedf00d.part", ".standings.csv.notours.part", "e.arbiter",
            "standings.csv",
        ]  # fmt: skip
    finally:
        os.close(holder)
    assert out.read_text(encoding="utf-8-sig").startswith("Place,No,")


def test_a_refused_import_names_the_file_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills while the import writes its players: the message names
    ``event.arbiter``, which the arbiter typed, not ``.event.arbiter.part``."""
    real_commit = store_file.EventFile.commit
    commits: list[int] = []

    def full_at_the_second(self: store_file.EventFile, *args: object) -> None:
        commits.append(1)
        if len(commits) == 2:
            raise DiskFull(self.path, "not saved: the disk is full")
        real_commit(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(store_file.EventFile, "commit", full_at_the_second)
    target = tmp_path / "event.arbiter"
    assert main(["import", str(TRF), "-o", str(target), "--confirm"]) == 2
    err = capsys.readouterr().err
    assert "arbiter-app: event.arbiter: not saved: the disk is full" in err
    assert ".part" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []
