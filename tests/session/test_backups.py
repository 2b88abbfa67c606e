"""Automatic backups: a whole, dated copy of the event each time a round is complete."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.backups import BackupReport, RoundBackups, attach_backups, backup_copy
from arbiter_app.session.commands import AddPlayer, EnterResult, SetPairingNumbers
from arbiter_app.session.pairing import pair_next_round
from arbiter_app.store.backups import set_backup_folder
from arbiter_app.store.journal import anchor
from tests.support.sessions import TickingClock


def _moments() -> TickingClock:
    return TickingClock(datetime(2026, 11, 23, 10, 0))


def _round_robin(path: Path) -> Session:
    session = Session.create(
        path, name="Club RR", system="round-robin", rounds=3, clock=TickingClock(), durable=False
    )
    for name in ("Ann", "Ben", "Cid", "Dee"):
        session.run(AddPlayer(name=name))
    session.run(SetPairingNumbers(by="order", order=[1, 2, 3, 4]))
    pair_next_round(session)
    return session


def _watch(session: Session, folder: Path | None) -> tuple[RoundBackups, list[BackupReport]]:
    reports: list[BackupReport] = []
    return RoundBackups(session, reports.append, lambda: folder, _moments()), reports


def test_the_round_that_becomes_complete_is_backed_up_whole(tmp_path: Path) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    with _round_robin(tmp_path / "rr.arbiter") as session:
        _, reports = _watch(session, usb)
        session.run(EnterResult(round=1, board=1, result="1-0"))
        assert reports == []  # board 2 is still playing
        session.run(EnterResult(round=1, board=2, result="1/2"))
        assert [r.what for r in reports] == ["after round 1"]
        copy = reports[0].path
        head = anchor(session.journal()[-1])
        assert copy == usb / f"Club RR, after round 1 (2026-11-23 10.00.00, journal {head}).arbiter"
        assert reports[0].text == f"Backup after round 1 written to {copy}."
        hashes = [e.hash for e in session.journal()]
    with Session.open(copy, readonly=True) as restored:
        assert [e.hash for e in restored.journal()] == hashes
        assert restored.event_state.complete == 1
        assert restored.verify() == []


def test_a_round_made_complete_again_after_an_undo_is_backed_up_again(tmp_path: Path) -> None:
    with _round_robin(tmp_path / "rr.arbiter") as session:
        _, reports = _watch(session, tmp_path)
        session.run(EnterResult(round=1, board=1, result="1-0"))
        session.run(EnterResult(round=1, board=2, result="0-1"))
        session.undo()
        assert len(reports) == 1
        session.redo()
        assert [r.what for r in reports] == ["after round 1", "after round 1"]
        assert reports[0].path != reports[1].path  # each backup keeps its own moment


def test_the_last_round_is_named_so(tmp_path: Path) -> None:
    with _round_robin(tmp_path / "rr.arbiter") as session:
        _, reports = _watch(session, tmp_path)
        for round_no in (1, 2, 3):
            if round_no > 1:
                pair_next_round(session)
            for board in (1, 2):
                session.run(EnterResult(round=round_no, board=board, result="1/2"))
        assert [r.what for r in reports] == [
            "after round 1",
            "after round 2",
            "after the last round",
        ]


def test_a_missing_folder_never_stops_the_result_and_is_reported(tmp_path: Path) -> None:
    with _round_robin(tmp_path / "rr.arbiter") as session:
        _, reports = _watch(session, tmp_path / "pulled-out")
        session.run(EnterResult(round=1, board=1, result="1-0"))
        session.run(EnterResult(round=1, board=2, result="1-0"))
        assert session.event_state.complete == 1
        assert reports[0].path is None
        assert reports[0].text == (
            f"The backup after round 1 could not be written: the backup folder "
            f"{tmp_path / 'pulled-out'} is not there."
        )


def test_without_a_chosen_folder_nothing_is_written_or_watched(tmp_path: Path) -> None:
    with _round_robin(tmp_path / "rr.arbiter") as session:
        assert attach_backups(session, print) is None
        assert backup_copy(session) is None
        _, reports = _watch(session, None)
        session.run(EnterResult(round=1, board=1, result="1-0"))
        session.run(EnterResult(round=1, board=2, result="1-0"))
        assert reports == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rr.arbiter"]


def test_a_copy_goes_to_the_chosen_folder_too(tmp_path: Path) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    set_backup_folder(usb)
    with _round_robin(tmp_path / "rr.arbiter") as session:
        report = backup_copy(session)
    assert report is not None and report.path is not None
    assert report.path.parent == usb.resolve() and report.path.name.startswith("Club RR, copy (")
