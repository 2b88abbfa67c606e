"""Issue 27, point 2: a stale or foreign journal beside the file is never applied.

SQLite applies whatever rollback journal (``-journal``) or write-ahead log
(``-wal``) it finds beside a database. One left there by a crash of *another*
file, or by the event's previous life (a file since replaced by a backup, or
deleted and made anew by an import), would roll a foreign past into the event.
Such a leftover is set aside (renamed ``…-journal.stale-…``), said on standard
error, and the event opened as it was; a leftover the event's own crash left is
still applied (every acknowledged action is kept).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer, EnterResult
from tests.support.cli import run
from tests.support.sessions import content_sha256, small_event

Capture = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "trf" / "open-2024.trf16.trf"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

HOT_JOURNAL = """
import os, signal, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = DELETE").fetchall()
conn.execute("PRAGMA cache_size = 1")  # the pages spill into the file before the commit
conn.execute("BEGIN IMMEDIATE")
conn.execute("UPDATE journal SET actor = 'crashed'")
conn.execute("CREATE TABLE filler(x)")
conn.execute("INSERT INTO filler SELECT zeroblob(3000) FROM (WITH RECURSIVE c(i) AS "
             "(SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300) SELECT i FROM c)")
os.kill(os.getpid(), signal.SIGKILL)
"""

CRASH_AFTER_WRITES = """
import os, signal, sys
from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
session = Session.open(sys.argv[1])
for i in range(int(sys.argv[2])):
    session.run(EditPlayer(tpn=1 + i % 4, name=f"Later {i}"))
print(len(session.journal()), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _python(code: str, *argv: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, argv)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _other_event(path: Path) -> None:
    with small_event(path) as session:
        session.run(EditPlayer(tpn=2, name="Someone Else"))
        session.run(EnterResult(round=2, board=2, result="1-0"))


def _journal(path: Path) -> list[tuple[int, str]]:
    with Session.open(path, readonly=True) as session:
        assert session.verify() == []
        return [(e.seq, e.hash) for e in session.journal()]


def _stale(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".stale" in p.name)


def test_verify_does_not_roll_a_foreign_journal_into_the_event(
    tmp_path: Path, capsys: Capture
) -> None:
    event, other = tmp_path / "e.arbiter", tmp_path / "other.arbiter"
    small_event(event).close()
    _other_event(other)
    _python(HOT_JOURNAL, other)
    assert Path(f"{other}-journal").stat().st_size > 0  # the crash left it hot
    shutil.copyfile(f"{other}-journal", f"{event}-journal")
    before, digest = _journal_of_copy(event), content_sha256(event)
    code, out, err = run(capsys, "verify", str(event))
    assert code == 0 and ": ok (" in out, (out, err)
    assert "e.arbiter-journal" in err and "not applied" in err and "set aside" in err
    assert content_sha256(event) == digest
    assert not Path(f"{event}-journal").exists()
    assert _stale(tmp_path) and _stale(tmp_path)[0].startswith("e.arbiter-journal.stale-")
    assert _journal(event) == before


def _journal_of_copy(path: Path) -> list[tuple[int, str]]:
    """The journal of *path* alone (its companions left out)."""
    alone = path.with_name("alone-" + path.name)
    shutil.copyfile(path, alone)
    try:
        return _journal(alone)
    finally:
        alone.unlink()


def test_the_events_own_crash_journal_is_still_rolled_back(tmp_path: Path) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    before = _journal(event)
    _python(HOT_JOURNAL, event)
    assert Path(f"{event}-journal").stat().st_size > 0
    with Session.open(event, readonly=True) as session:
        assert session.file_warnings and "rolled back" in session.file_warnings[0]
        assert [(e.seq, e.hash) for e in session.journal()] == before
        assert {e.actor for e in session.journal()} != {"crashed"}
    assert _stale(tmp_path) == []


def test_a_log_beside_a_file_closed_whole_is_not_applied(tmp_path: Path, capsys: Capture) -> None:
    """An event closed by Arbiter is one file in rollback-journal mode; a write-ahead log
    beside it is never its own (here: another event's, left by a crash)."""
    event, other = tmp_path / "e.arbiter", tmp_path / "other.arbiter"
    small_event(event).close()
    _other_event(other)
    _python(CRASH_AFTER_WRITES, other, 3)
    assert Path(f"{other}-wal").stat().st_size > 0
    shutil.copyfile(f"{other}-wal", f"{event}-wal")
    before, digest = _journal_of_copy(event), content_sha256(event)
    code, out, err = run(capsys, "verify", str(event))
    assert code == 0 and ": ok (" in out, (out, err)
    assert "e.arbiter-wal" in err and "not applied" in err
    assert content_sha256(event) == digest
    assert _journal(event) == before


def test_restoring_a_backup_gives_exactly_the_backup(tmp_path: Path, capsys: Capture) -> None:
    event, backup = tmp_path / "e.arbiter", tmp_path / "backup.arbiter"
    small_event(event).close()
    code, _, _ = run(capsys, "copy", str(event), "-o", str(backup))
    assert code == 0
    wanted = _journal(backup)
    # The event goes on, and its program is killed: its log stays beside it.
    lines = _python(CRASH_AFTER_WRITES, event, 3).stdout.split()
    assert lines and int(lines[0]) == len(wanted) + 3
    assert Path(f"{event}-wal").stat().st_size > 0
    code, _, err = run(capsys, "copy", str(backup), "-o", str(event), "--overwrite")
    assert code == 0, err
    assert "e.arbiter-wal" in err and "set aside" in err
    assert not Path(f"{event}-wal").exists() and _stale(tmp_path)
    assert _journal(event) == wanted
    with Session.open(event, readonly=True) as session:
        assert session.file_warnings == ()
        assert "Later 0" not in {p.name for p in session.event.players}


def test_an_import_into_a_name_with_a_stale_log_is_one_event(
    tmp_path: Path, capsys: Capture
) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    _python(CRASH_AFTER_WRITES, event, 2)
    assert Path(f"{event}-wal").stat().st_size > 0
    event.unlink()  # the old event is gone; its log stays
    source = tmp_path / "open.trf"
    shutil.copyfile(TRF, source)
    code, _, err = run(capsys, "import", str(source), "-o", str(event), "--confirm", "all")
    assert code == 0, err
    assert "e.arbiter-wal" in err and "set aside" in err
    assert not Path(f"{event}-wal").exists() and _stale(tmp_path)
    with Session.open(event, readonly=True) as session:
        assert session.verify() == []
        names = {p.name for p in session.event.players}
        assert not names & {"Ann", "Ben", "Later 0", "Later 1"}
        assert session.journal()[0].command == "create_event"
        assert len(session.journal()) <= 3


def test_a_genuine_log_with_saved_actions_is_applied(tmp_path: Path) -> None:
    """A crash after a commit and before the log was folded into the file: the action was
    saved (SQLite's commit is in the log), so it is there when the event opens."""
    from arbiter_app.store.write_points import KILL_AT, TRACE

    event = tmp_path / "e.arbiter"
    small_event(event).close()
    before = len(_journal(event))
    trace = tmp_path / "trace.txt"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(KILL_AT, None)
    script = (
        "import sys\nfrom arbiter_app.session import Session\n"
        "from arbiter_app.session.commands import EditPlayer\n"
        "s = Session.open(sys.argv[1])\ns.run(EditPlayer(tpn=1, name='Saved'))\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(event)],
        env={**env, TRACE: str(trace)},
        check=True,
        timeout=120,
    )
    points = trace.read_text(encoding="utf-8").splitlines()
    committed = next(i for i, p in enumerate(points, 1) if p.endswith(": committed"))
    crashed = tmp_path / "again.arbiter"
    shutil.copyfile(event, crashed)
    done = subprocess.run(
        [sys.executable, "-c", script, str(crashed)],
        env={**env, KILL_AT: str(committed)},
        timeout=120,
    )
    assert done.returncode == -signal.SIGKILL
    assert Path(f"{crashed}-wal").stat().st_size > 0
    with Session.open(crashed, readonly=True) as session:
        assert len(session.journal()) == before + 2
        assert session.event.player(1).name == "Saved"
    assert _stale(tmp_path) == []


def test_a_foreign_log_on_read_only_media_is_left_there_and_not_applied(
    tmp_path: Path, capsys: Capture
) -> None:
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("read-only media are made here by remounting a tmpfs, which needs root")
    event, other = tmp_path / "e.arbiter", tmp_path / "other.arbiter"
    small_event(event).close()
    _other_event(other)
    _python(CRASH_AFTER_WRITES, other, 3)
    before = _journal_of_copy(event)
    cd = tmp_path / "cd"
    cd.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1024k", "tmpfs", str(cd)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        shutil.copyfile(event, cd / "e.arbiter")
        shutil.copyfile(f"{other}-wal", cd / "e.arbiter-wal")
        subprocess.run(["mount", "-o", "remount,ro", str(cd)], check=True)
        code, out, err = run(capsys, "verify", str(cd / "e.arbiter"))
        assert code == 0 and ": ok (" in out, err
        assert "e.arbiter-wal" in err and "not applied" in err and "stays there" in err
        assert _journal(cd / "e.arbiter") == before
        assert sorted(p.name for p in cd.iterdir()) == ["e.arbiter", "e.arbiter-wal"]
    finally:
        subprocess.run(["umount", "-l", str(cd)], check=False)


def test_a_killed_copy_leaves_nothing_the_next_copy_keeps(tmp_path: Path) -> None:
    """Issue 27, point 8: a copy killed before it was moved into place leaves its hidden
    file; the next copy into that name clears it (under the name's write lock)."""
    from arbiter_app.store.write_points import KILL_AT, TRACE

    event, usb = tmp_path / "e.arbiter", tmp_path / "usb.arbiter"
    small_event(event).close()
    env = {k: v for k, v in os.environ.items() if k not in (KILL_AT, TRACE)}
    env["PYTHONPATH"] = str(ROOT)
    argv = [sys.executable, "-m", "arbiter_app", "copy", str(event), "-o", str(usb)]
    killed = subprocess.run(argv, env={**env, KILL_AT: "1"}, capture_output=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL
    assert not usb.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    assert _journal(usb) == _journal(event)


def _garbage(seed: int, suffix: str, page_size: int) -> bytes:
    """A leftover of random bytes, often with a valid magic number and page size first."""
    import random
    import struct

    rng = random.Random(seed)
    body = rng.randbytes(rng.choice([0, 7, 31, 100, 600, 5000, 20000]))
    if rng.random() < 0.7:
        if suffix == "-wal":
            head = struct.pack(">4I", 0x377F0682 + rng.randint(0, 1), 3007000, page_size, 0)
        else:
            head = bytes.fromhex("d9d505f920a163d7") + struct.pack(
                ">5I", rng.randint(0, 5), 7, 21, 512, page_size
            )
        body = head + body
    return body


@pytest.mark.parametrize("suffix", ["-wal", "-journal"])
def test_a_garbage_leftover_never_ends_in_a_traceback(tmp_path: Path, suffix: str) -> None:
    """Crafted leftovers (random bytes behind a valid header) are judged without an error
    of Arbiter's own: the event opens as it was, or is refused with a StoreError."""
    from arbiter_app.store import StoreError

    event = tmp_path / "e.arbiter"
    small_event(event).close()
    page_size = int.from_bytes(event.read_bytes()[16:18], "big")
    before = _journal_of_copy(event)
    pristine = event.read_bytes()
    for seed in range(60):
        event.write_bytes(pristine)
        Path(f"{event}{suffix}").write_bytes(_garbage(seed, suffix, page_size))
        for readonly in (True, False):
            try:
                with Session.open(event, readonly=readonly) as session:
                    assert [(e.seq, e.hash) for e in session.journal()] == before, seed
            except StoreError:
                pass
        for leftover in tmp_path.glob("e.arbiter-*"):
            leftover.unlink()
