"""Issue 27, point 5: every reading command says that a journal was edited outside Arbiter.

``log`` always did; ``standings``, ``status``, ``explain``, ``print`` and
``section list`` said nothing, because the command line listened for opened files
only when the session was loaded before the command ran, and those load it inside
the command. Each runs here as the arbiter runs it: a fresh ``arbiter-app`` process.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.sessions import small_event

ROOT = Path(__file__).resolve().parents[2]
WARNING = "the journal does not verify: journal entry 2 (add_player) was edited"


@pytest.fixture(scope="module")
def tampered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tampered") / "e.arbiter"
    small_event(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE journal SET actor = 'someone else' WHERE seq = 2")
    conn.close()
    return path


READING = [
    ["standings", "{f}"],
    ["status", "{f}"],
    ["explain", "{f}", "--player", "1", "--tiebreak", "BH"],
    ["print", "{f}", "standings", "-o", "{d}/standings.pdf"],
    ["section", "list", "{f}"],
    ["log", "{f}"],
    ["export", "{f}", "--format", "csv", "-o", "{d}/standings.csv"],
    ["settings", "{f}"],
    ["pairing", "forbidden", "{f}"],
    ["tour", "{f}"],
    ["report", "{f}"],
    ["player", "list", "{f}"],
    ["pair", "{f}", "-c"],
    ["copy", "{f}", "-o", "{d}/copy.arbiter", "--overwrite"],
]


@pytest.mark.parametrize(
    "argv", READING, ids=[" ".join(w for w in a[:2] if "{" not in w) for a in READING]
)
def test_every_reading_command_says_the_journal_was_edited(tampered: Path, argv: list[str]) -> None:
    args = [a.format(f=tampered, d=tampered.parent) for a in argv]
    done = subprocess.run(
        [sys.executable, "-m", "arbiter_app", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"},
    )
    # (report and pair -c exit 1 when the report lacks something or a pairing differs)
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    assert f"arbiter-app: warning: e.arbiter: {WARNING}" in done.stderr
    assert done.stderr.count("does not verify") == 1


def test_serve_says_the_journal_was_edited(tampered: Path) -> None:
    """The players' page server opens the file too, and says so before it serves."""
    process = subprocess.Popen(
        [sys.executable, "-m", "arbiter_app", "serve", str(tampered), "--port", "0", "--quiet"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        serving = process.stdout.readline()  # the server is up once it says where
        assert serving.startswith("Serving the players' page of Spring Open")
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
    assert f"arbiter-app: warning: e.arbiter: {WARNING}" in err
