"""``arbiter-app copy FILE -o COPY``: a whole copy, also while a window has the file open."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.commands import CorrectResult, EnterResult
from tests.support.sessions import folder_snapshot, small_event


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_copy_while_the_file_is_open_for_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "open.arbiter"
    with small_event(path) as window:  # the window holds the write lock all day
        window.run(EnterResult(round=2, board=2, result="1-0"))
        code, out, err = run(capsys, "copy", str(path), "-o", str(tmp_path / "usb.arbiter"))
        assert (code, err) == (0, "")
        count = len(window.journal())
        assert out.strip() == (
            f"copied {path} to {tmp_path / 'usb.arbiter'}: Spring Open, {count} journal entries"
        )
        window.run(CorrectResult(round=2, board=2, result="0-1"))  # the window goes on
        with Session.open(tmp_path / "usb.arbiter") as copy:
            assert len(copy.journal()) == count
            assert copy.verify() == []
    code, out, _ = run(capsys, "verify", str(tmp_path / "usb.arbiter"))
    assert code == 0 and f"ok ({count} journal entries" in out


@pytest.mark.parametrize(
    ("output", "extra", "message"),
    [
        ("open.arbiter", ("--overwrite",), "that is the event's own file"),
        ("other.arbiter", (), "exists already; choose another name"),
        ("copy.txt", (), "ends in .arbiter"),
        ("missing/copy.arbiter", (), "does not exist"),
    ],
)
def test_copy_refuses_with_a_reason_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    output: str,
    extra: tuple[str, ...],
    message: str,
) -> None:
    path = tmp_path / "open.arbiter"
    small_event(path).close()
    (tmp_path / "other.arbiter").write_bytes(b"the organiser's file")
    before = folder_snapshot(tmp_path)
    code, out, err = run(capsys, "copy", str(path), "-o", str(tmp_path / output), *extra)
    assert code == 2 and out == ""
    assert message in err
    assert folder_snapshot(tmp_path) == before


def test_copy_of_a_file_that_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys, "copy", str(tmp_path / "no.arbiter"), "-o", str(tmp_path / "c.arbiter")
    )
    assert code == 2 and "no.arbiter: no such file" in err
    assert not (tmp_path / "c.arbiter").exists()


def test_overwrite_replaces_an_older_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "open.arbiter"
    small_event(path).close()
    old = tmp_path / "usb.arbiter"
    assert run(capsys, "copy", str(path), "-o", str(old))[0] == 0
    with Session.open(path) as session:
        session.run(EnterResult(round=2, board=2, result="1-0"))
        count = len(session.journal())
    assert run(capsys, "copy", str(path), "-o", str(old), "--overwrite")[0] == 0
    with Session.open(old, readonly=True) as copy:
        assert len(copy.journal()) == count
