"""``arbiter-app backups``: the command line backs up a round it completes, as the window does."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.session import Session
from tests.support.cli import run
from tests.support.sessions import small_event


def test_choosing_the_folder_and_a_result_that_completes_a_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    assert run(capsys, "backups") == (
        0,
        "No backup folder is chosen: no automatic backups are made.\n",
        "",
    )
    code, out, _ = run(capsys, "backups", "--folder", str(usb))
    assert code == 0 and out == (
        f"After each complete round a dated copy of the event goes to {usb.resolve()}.\n"
    )
    event = tmp_path / "open.arbiter"
    small_event(event).close()  # round 2: board 1 played, board 2 still playing
    code, out, err = run(capsys, "result", str(event), "--round", "2", "--board", "2", "1-0")
    assert code == 0 and "round 2 board 2" in out
    (copy,) = usb.iterdir()
    assert copy.name.startswith("Spring Open, after round 2 (")
    assert err == f"arbiter-app: Backup after round 2 written to {usb.resolve() / copy.name}.\n"
    with Session.open(copy, readonly=True) as restored, Session.open(event, readonly=True) as kept:
        assert [e.hash for e in restored.journal()] == [e.hash for e in kept.journal()]
    # Reading commands never write a backup; --off stops them.
    run(capsys, "standings", str(event))
    assert len(list(usb.iterdir())) == 1
    assert run(capsys, "backups", "--off")[1].startswith("No backup folder is chosen")


def test_a_folder_that_is_not_there_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "backups", "--folder", str(tmp_path / "stick"))
    assert (
        code == 2 and err == f"arbiter-app: the backup folder {tmp_path / 'stick'} does not exist\n"
    )
