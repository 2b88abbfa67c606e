"""Opening a file reads it with plain SQL; the writing library loads on the first write."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import sys
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
with Session.open(sys.argv[1]) as session:
    session.event
    print("after open:", "sqlite_utils" in sys.modules)
    session.run(AddPlayer(name="Late Reader"))
    print("after a write:", "sqlite_utils" in sys.modules)
    print("players:", len(session.event.players))
"""


def test_sqlite_utils_loads_only_when_the_file_is_written(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    with Session.create(path, name="Club", system="swiss", rounds=3) as session:
        session.run(AddPlayer(name="Ann"))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "after open: False",
        "after a write: True",
        "players: 2",
    ]
    with Session.open(path, readonly=True) as again:
        assert [p.name for p in again.event.players] == ["Ann", "Late Reader"]
        assert again.verify() == []
