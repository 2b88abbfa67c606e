"""The points where the store writes to the disk, numbered for the crash tests.

Every place that changes a tournament file on disk (a transaction's rows
written but not yet committed, a commit, the log folded back into the file,
a new file moved into place) calls :func:`reached` with a label. Normally
that does nothing. When the environment variable :data:`KILL_AT` holds a
number *N*, the process kills itself (SIGKILL, no clean-up of any kind) at
the *N*-th point it reaches, so a test can stop a command at each of its write
points in turn, deterministically, and check what a crash there leaves behind:
no file or a whole one, a state equal to the journal's replay, and a command
that can be run again. When :data:`TRACE` names a file, each point's label is
appended to it as a line (how a test learns how many points a command has).
"""

from __future__ import annotations

import os
import signal

KILL_AT = "ARBITER_KILL_AT_WRITE"
"""Kill the process at this write point (1 is the first)."""

TRACE = "ARBITER_TRACE_WRITES"
"""Append each write point's label to this file."""

_reached = 0


def reached(label: str) -> None:
    """Count one write point; kill the process here if the test asked for this one."""
    global _reached
    kill_at = os.environ.get(KILL_AT)
    trace = os.environ.get(TRACE)
    if not kill_at and not trace:
        return
    _reached += 1
    if trace:
        with open(trace, "a", encoding="utf-8") as out:
            out.write(f"{_reached} {label}\n")
    if kill_at and kill_at.isdecimal() and int(kill_at) == _reached:
        os.kill(os.getpid(), signal.SIGKILL)
