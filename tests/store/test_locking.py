"""One writer per file: a second process is refused with a clear message and may read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
from arbiter_app.store import EventFile, FileLocked, OpenedReadOnly
from tests.support.sessions import sha256, small_event

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys
from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
session = Session.open(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
session.run(EditPlayer(tpn=1, name="Ann Changed"))
session.close()
print("closed", flush=True)
"""

OPENER = """
import sys
from arbiter_app.store import FileLocked
from arbiter_app.session import Session
try:
    Session.open(sys.argv[1])
except FileLocked as exc:
    print("refused:", exc)
else:
    print("opened")
with Session.open(sys.argv[1], readonly=True) as s:
    print("read:", s.event.player(1).name)
"""


def _python(code: str, path: Path, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, str(path)],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,  # type: ignore[call-overload]
    )


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    return path


def test_a_second_process_cannot_write_but_can_read(event_path: Path) -> None:
    with _python(HOLDER, event_path) as holder:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "ready"
        digest = sha256(event_path)
        # Another process: refused for writing, allowed to read.
        other = subprocess.run(
            [sys.executable, "-c", OPENER, str(event_path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert other.returncode == 0, other.stderr
        lines = other.stdout.splitlines()
        assert lines[0].startswith("refused: spring.arbiter: already open for writing")
        assert "pid" in lines[0] and "read-only" in lines[0]
        assert lines[1] == "read: Ann"
        assert sha256(event_path) == digest
        # This process too.
        with pytest.raises(FileLocked, match="already open for writing"):
            EventFile.open(event_path)
        assert sha256(event_path) == digest
        # The holder still writes; then it closes and releases the lock.
        holder.stdin.write("go\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "closed"
        assert holder.wait(timeout=60) == 0
    with Session.open(event_path) as session:
        assert session.event.player(1).name == "Ann Changed"
        assert session.verify() == []


def test_a_killed_writer_leaves_no_lock_behind(event_path: Path) -> None:
    with _python(HOLDER, event_path) as holder:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "ready"
        holder.kill()
        holder.wait(timeout=60)
    with Session.open(event_path) as session:
        assert len(session.event.players) == 4


def test_a_second_open_in_the_same_process_is_refused(event_path: Path) -> None:
    with Session.open(event_path) as first:
        digest = sha256(event_path)
        with pytest.raises(FileLocked):
            Session.open(event_path)
        assert sha256(event_path) == digest
        first.run(EditPlayer(tpn=2, rating=2150))
    with Session.open(event_path) as again:
        assert again.event.player(2).rating == 2150


def test_a_read_only_session_refuses_every_change(event_path: Path) -> None:
    digest = sha256(event_path)
    with Session.open(event_path, readonly=True) as session:
        for action in (
            lambda: session.run(EditPlayer(tpn=1, name="X")),
            session.undo,
            session.redo,
        ):
            with pytest.raises(OpenedReadOnly, match="read-only"):
                action()
    assert sha256(event_path) == digest
    assert not event_path.with_name("spring.arbiter.lock").exists()
