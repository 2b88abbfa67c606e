"""Crash safety: a writer killed at any moment leaves every reported action and no half action.

A child process (forked, so it starts at once) runs the scripted actions
of :mod:`tests.session.crash_script`, writing ``done N`` to a pipe after each
commit; it is killed with SIGKILL at a random moment. The file is then
reopened: SQLite's integrity check passes, every action the child reported is
in the journal in order (at most one more, committed just before the kill,
before it could report), and the stored state equals a replay of the journal,
so no action is half there.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from arbiter_app.session import Session, load_event
from arbiter_app.session.replay import replay
from tests.session.crash_script import ROUNDS, run, script

RUNS = 20
PARALLEL = 4
SEED = 20260314

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="fork and SIGKILL are POSIX"),
]


def _fork(path: Path, seed: int) -> tuple[int, int]:
    """Start the scripted writer in a child process; return its pid and the pipe to read."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the script, never return into pytest
        os.close(read_end)
        code = 0
        try:
            run(str(path), seed, lambda line: os.write(write_end, f"{line}\n".encode()))
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    return pid, read_end


def _read_all(fd: int) -> str:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode()


def _wait_ready(fd: int) -> None:
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        assert byte, "the child stopped before it was ready"
        line += byte
    assert line == b"ready\n"


def _check(path: Path, seed: int, reported: int, where: str) -> None:
    actions = script(seed)
    # A reader (say, the standings on a projector) sees the committed state before any recovery.
    seen_by_reader = load_event(path)
    with Session.open(path, durable=False) as session:  # opening completes crash recovery
        assert session.event == seen_by_reader, where
        assert session._file.integrity_check() == "ok", where
        journal = session.journal()[1:]  # entry 1 created the event
        assert reported <= len(journal) <= reported + 1, where
        for entry, (command, args) in zip(journal, actions, strict=False):
            assert entry.command == command, where
            if command not in ("undo", "redo"):
                assert entry.arguments == json.loads(json.dumps(args)), where
        assert session.rows == replay(session.journal()), where
        assert session.verify() == [], where


def test_killing_the_writer_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    runs = [(i, SEED + i, rng.uniform(0.0, 2.0)) for i in range(RUNS)]
    reported_counts: list[int] = []
    for start in range(0, RUNS, PARALLEL):
        children = []
        for index, seed, delay in runs[start : start + PARALLEL]:
            path = tmp_path / f"crash{index}.arbiter"
            Session.create(path, name=f"Crash {index}", system="swiss", rounds=ROUNDS).close()
            pid, fd = _fork(path, seed)
            _wait_ready(fd)
            children.append((pid, fd, path, seed, delay, time.monotonic()))
        for pid, fd, path, seed, delay, began in children:
            time.sleep(max(0.0, began + delay - time.monotonic()))
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            assert os.WIFSIGNALED(status), "the child finished (or failed) before the kill"
            done = [line for line in _read_all(fd).splitlines() if line.startswith("done ")]
            reported = len(done)
            assert [int(line.split()[1]) for line in done] == list(range(reported))
            reported_counts.append(reported)
            where = f"seed {seed}, killed {delay:.3f} s in, after {reported} reported actions"
            _check(path, seed, reported, where)
    # The moments differ: the kills landed at many different points of the script.
    assert len(set(reported_counts)) >= RUNS // 2, reported_counts
