"""Issue 27, point 3: one file, one lock, whatever the path.

Two writer processes open one event through two names (a hard link, a symbolic
link, a rename while open). The second is refused with a reason, and every write
the first acknowledged is in the file: none lost, no duplicate journal entry.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
from arbiter_app.store import FileLocked, NotAnArbiterFile
from tests.support.sessions import small_event

ROOT = Path(__file__).resolve().parents[2]
WRITES = 6

WRITER = """
import sys
from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
from arbiter_app.store import FileLocked
tag = sys.argv[2]
try:
    session = Session.open(sys.argv[1])
except FileLocked as exc:
    print("refused:", exc, flush=True)
    sys.exit(0)
print("ready", flush=True)
sys.stdin.readline()
for i in range(int(sys.argv[3])):
    session.run(EditPlayer(tpn=1 + i % 4, name=f"{tag} {i}"))
    entry = session.journal()[-1]
    print("ack", entry.seq, entry.hash, flush=True)
session.close()
print("closed", flush=True)
"""

pytestmark = pytest.mark.skipif(os.name != "posix", reason="links and flock: POSIX")


def _writer(path: Path, tag: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), tag, str(WRITES)],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _link(event: Path, kind: str) -> Path:
    other = event.parent / "elsewhere" / "alias.arbiter"
    other.parent.mkdir()
    if kind == "hard":
        os.link(event, other)
    else:
        other.symlink_to(event)
    return other


@pytest.mark.parametrize("kind", ["hard", "symbolic"])
def test_two_writers_through_a_link_lose_no_acknowledged_write(tmp_path: Path, kind: str) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    alias = _link(event, kind)
    first = _writer(event, "first")
    assert first.stdout is not None
    opened = {"first": first.stdout.readline().strip()}
    second = _writer(alias, "second")
    assert second.stdout is not None
    opened["second"] = second.stdout.readline()
    # Both opened before either wrote: both would write, were the lock one per name.
    acknowledged: list[str] = []
    for proc in (first, second):
        out, err = proc.communicate("go\n", timeout=120)
        assert proc.returncode == 0, err
        acknowledged += [line[4:] for line in out.splitlines() if line.startswith("ack ")]
    assert opened["first"] == "ready"
    # A symbolic link is followed: the refusal names the file it leads to.
    named = "alias.arbiter" if kind == "hard" else "e.arbiter"
    assert opened["second"].startswith(f"refused: {named}: already open for writing")
    assert "read-only" in opened["second"]
    if kind == "hard":  # (a symbolic link leads to the file's own name lock, with its holder)
        assert "under another name" in opened["second"]
    with Session.open(event, readonly=True) as session:
        kept = {f"{e.seq} {e.hash}" for e in session.journal()}
        assert session.verify() == []
    assert len(acknowledged) == WRITES
    assert set(acknowledged) <= kept


def test_a_file_renamed_while_open_is_still_locked(tmp_path: Path) -> None:
    event = tmp_path / "e.arbiter"
    with small_event(event):
        moved = tmp_path / "moved.arbiter"
        os.link(event, moved)
        os.unlink(event)
        with pytest.raises(FileLocked, match=r"moved\.arbiter: already open for writing"):
            Session.open(moved)


def test_a_symbolic_link_loop_is_refused(tmp_path: Path) -> None:
    a, b = tmp_path / "a.arbiter", tmp_path / "b.arbiter"
    a.symlink_to(b)
    b.symlink_to(a)
    for readonly in (False, True):
        with pytest.raises(NotAnArbiterFile, match=r"a\.arbiter: .*loop"):
            Session.open(a, readonly=readonly)


def test_a_writer_through_a_symbolic_link_works_on_the_file_itself(tmp_path: Path) -> None:
    """Followed, not refused: the link's event is the file's, its companions beside the file."""
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    alias = _link(event, "symbolic")
    with Session.open(alias) as session:
        session.run(EditPlayer(tpn=1, name="Eve"))
        assert not (alias.parent / "alias.arbiter.lock").exists()
        assert (tmp_path / "e.arbiter.lock").exists()
    with Session.open(event, readonly=True) as session:
        assert "Eve" in {p.name for p in session.event.players}


def test_without_a_lock_on_the_file_itself_a_hard_linked_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the system has no open-file-description lock (Windows, macOS), a second name
    cannot be seen from the first: a file with several names is not opened for writing."""
    from arbiter_app.store import locking

    monkeypatch.setattr(locking, "_ofd_available", lambda: False)
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    with Session.open(event) as session:  # one name: as before
        session.run(EditPlayer(tpn=1, name="One Name"))
    os.link(event, tmp_path / "alias.arbiter")
    with pytest.raises(FileLocked, match=r"e\.arbiter: the file has 2 names \(hard links\)"):
        Session.open(event)
    with Session.open(event, readonly=True) as session:
        assert session.event.player(1).name == "One Name"


HOLD = """
import sys
from pathlib import Path
from arbiter_app.store.locking import WriteLock
lock = WriteLock(Path(sys.argv[1]))
lock.acquire()
print("held", flush=True)
sys.stdin.readline()
lock.release()
"""


def test_a_file_held_for_writing_is_seen_under_any_name(tmp_path: Path) -> None:
    from arbiter_app.store.locking import held_for_writing

    event = tmp_path / "e.arbiter"
    small_event(event).close()
    alias = tmp_path / "standings.csv"
    os.link(event, alias)
    assert not held_for_writing(alias)
    with subprocess.Popen(
        [sys.executable, "-c", HOLD, str(event)],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        assert held_for_writing(event) and held_for_writing(alias)
        proc.communicate("done\n", timeout=60)
    assert not held_for_writing(alias)
