"""Running ``arbiter-app`` in process, for the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main
from tests.support.sessions import content_sha256

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """The exit status, standard output and standard error of one command."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: Capture, path: Path, *argv: str) -> str:
    """The command exits with status 2 and leaves the file's contents as they were;
    returns what it printed on standard error."""
    digest = content_sha256(path)
    code, out, err = run(capsys, *argv)
    assert code == 2, out
    assert content_sha256(path) == digest
    return err
