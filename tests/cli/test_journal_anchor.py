"""Issue 27, point 5: the evidence of tampering survives a write, and the journal's head is
kept outside the file (every sheet's footer, every backup's name), so that a journal whose
hash chain was rebuilt consistently, which verifies by itself, is caught against them."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from datetime import datetime
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.backups import write_backup
from arbiter_app.sheets.builders import SHEETS
from arbiter_app.sheets.source import load
from arbiter_app.store.journal import ANCHOR_DIGITS, BROKEN_MARK, anchor, entry_hash
from tests.support.sessions import small_event


def _rechain(path: Path, *, edit: str, from_seq: int, head: bool = True) -> None:
    """Edit the journal with *edit* (SQL) and recompute every hash from entry *from_seq*
    on, and (*head*) the file's recorded head: the rewrite a careful forger makes."""
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(edit)
        rows = conn.execute(
            "SELECT seq, time, actor, command, args, seed, prev_hash FROM journal ORDER BY seq"
        ).fetchall()
        prev = None
        for seq, time, actor, command, args, seed, prev_hash in rows:
            if seq < from_seq:
                prev = conn.execute("SELECT hash FROM journal WHERE seq = ?", (seq,)).fetchone()[0]
                continue
            digest = entry_hash(prev or prev_hash, seq, time, actor, command, args, seed)
            conn.execute(
                "UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?",
                (prev or prev_hash, digest, seq),
            )
            prev = digest
        if head:
            conn.execute("UPDATE meta SET value = ? WHERE key = 'journal_head'", (prev,))
    conn.close()


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- the evidence survives a write -------------------------------------------------------


LAST = 10
"""The last entry of :func:`small_event`'s journal."""


def test_one_write_keeps_the_evidence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    # The last result turned round, its entry given a hash of its own: the chain holds;
    # only the head the file recorded tells, and the first write moves that head on.
    _rechain(
        path,
        edit=f"UPDATE journal SET args = replace(args, '0-1', '1-0') WHERE seq = {LAST}",
        from_seq=LAST,
        head=False,
    )

    code, _, err = _run(["status", str(path)], capsys)
    assert code == 0
    assert "the last journal entry is not the one the file recorded" in err

    code, _, err = _run(["result", str(path), "1-0", "--round", "2", "--board", "2"], capsys)
    assert code == 0, err

    # After the write the chain and the head agree again; the file still says what was found.
    code, _, err = _run(["status", str(path)], capsys)
    assert code == 0
    assert "e.arbiter: the journal was found changed outside Arbiter on 2026-" in err
    assert "(the last journal entry is not the one the file recorded)" in err
    code, out, _ = _run(["verify", str(path)], capsys)
    assert code == 1
    assert "problem: the journal was found changed outside Arbiter" in out

    conn = sqlite3.connect(path)
    mark = json.loads(
        conn.execute("SELECT value FROM meta WHERE key = ?", (BROKEN_MARK,)).fetchone()[0]
    )
    conn.close()
    assert mark["problem"] == "the last journal entry is not the one the file recorded"


def test_the_mark_goes_with_every_copy(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM journal WHERE seq = (SELECT max(seq) FROM journal)")
    conn.close()
    with Session.open(path) as session:
        assert any("does not verify" in w for w in session.file_warnings)
        session.undo()
        folder = tmp_path / "usb"
        folder.mkdir()
        report = write_backup(session, folder, "after round 1", lambda: datetime(2026, 3, 14))
    assert report.path is not None
    with Session.open(report.path, readonly=True) as copy:
        assert copy.verify()[-1].startswith("the journal was found changed outside Arbiter")
        assert any(
            f"(the journal has {LAST - 1} entries but the file recorded {LAST})" in w
            for w in copy.file_warnings
        )


def test_a_sound_file_gets_no_mark(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    with Session.open(path) as session:
        session.undo()
        assert session.verify() == []
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT 1 FROM meta WHERE key = ?", (BROKEN_MARK,)).fetchone() is None
    conn.close()


# -- the head kept outside the file ------------------------------------------------------


def test_every_sheet_carries_the_journal_head(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    with small_event(path) as session:
        head = anchor(session.journal()[-1])
    assert head.startswith(f"{LAST}-") and len(head) == 3 + ANCHOR_DIGITS
    source = load(path)
    for name, build in SHEETS.items():
        if name.startswith(("playoff", "armageddon", "bracket", "prizes")):
            continue  # (this event has no play-off nor prize fund: refused with a reason)
        assert build(source, None).journal_head == head, name


def test_the_printed_footer_shows_the_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    path = tmp_path / "e.arbiter"
    with small_event(path) as session:
        head = anchor(session.journal()[-1])
    pdf = tmp_path / "standings.pdf"
    code, _, err = _run(["print", str(path), "standings", "-o", str(pdf)], capsys)
    assert code == 0, err
    text = subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True).stdout
    assert f"Journal {head} · Page 1 of 1" in text


def test_a_backup_is_named_with_the_head(tmp_path: Path) -> None:
    path = tmp_path / "e.arbiter"
    folder = tmp_path / "usb"
    folder.mkdir()
    with small_event(path) as session:
        report = write_backup(session, folder, "after round 1", lambda: datetime(2026, 3, 14))
        head = anchor(session.journal()[-1])
    assert report.path is not None
    assert report.path.name == (
        f"Spring Open, after round 1 (2026-03-14 00.00.00, journal {head}).arbiter"
    )


@pytest.fixture
def forged(tmp_path: Path) -> tuple[Path, str, Path]:
    """An event, the head a sheet printed and a backup taken, then its journal rewritten
    consistently from entry 2 on (another arbiter's name on the second player's entry)."""
    path = tmp_path / "e.arbiter"
    folder = tmp_path / "usb"
    folder.mkdir()
    with small_event(path) as session:
        printed = anchor(session.journal()[-1])
        report = write_backup(session, folder, "after round 1", lambda: datetime(2026, 3, 14))
    assert report.path is not None
    _rechain(path, edit="UPDATE journal SET actor = 'Someone Else' WHERE seq = 2", from_seq=2)
    return path, printed, report.path


def test_a_consistent_rewrite_verifies_by_itself(
    forged: tuple[Path, str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = forged
    code, out, err = _run(["verify", str(path)], capsys)
    assert code == 0, out
    assert f"ok ({LAST} journal entries, chain intact" in out
    assert "warning" not in err


def test_the_printed_head_catches_a_consistent_rewrite(
    forged: tuple[Path, str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, printed, _ = forged
    code, out, _ = _run(["verify", str(path), "--head", printed], capsys)
    assert code == 1
    assert (
        f"problem: against the head {printed}: journal entry {LAST} (enter_result) is not the "
        "one the head recorded" in out
    )
    assert f"rewritten at entry {LAST} or before it" in out


def test_the_backup_catches_a_consistent_rewrite_naming_the_first_entry(
    forged: tuple[Path, str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, backup = forged
    code, out, _ = _run(["verify", str(path), "--against", str(backup)], capsys)
    assert code == 1
    assert (
        f"problem: against the backup {backup.name}: journal entry 2 (add_player) differs "
        "from the backup's (actor): the journal was rewritten from entry 2 on" in out
    )


def test_a_rewritten_backup_is_caught_by_its_own_name(
    forged: tuple[Path, str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, backup = forged
    _rechain(backup, edit="UPDATE journal SET actor = 'Someone Else' WHERE seq = 2", from_seq=2)
    code, out, _ = _run(["verify", str(path), "--against", str(backup)], capsys)
    assert code == 1
    assert f"problem: the backup {backup.name} itself: journal entry {LAST}" in out


def test_the_file_goes_on_from_its_backup_and_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.arbiter"
    folder = tmp_path / "usb"
    folder.mkdir()
    with small_event(path) as session:
        printed = anchor(session.journal()[-1])
        report = write_backup(session, folder, "after round 1", lambda: datetime(2026, 3, 14))
    assert report.path is not None
    code, _, err = _run(["result", str(path), "1-0", "--round", "2", "--board", "2"], capsys)
    assert code == 0, err
    code, out, _ = _run(
        ["verify", str(path), "--head", printed, "--against", str(report.path)], capsys
    )
    assert code == 0, out
    assert f"matches the head {printed} and the backup {report.path.name})" in out


def test_a_head_that_is_not_one_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    code, out, _ = _run(["verify", str(path), "--head", "yesterday"], capsys)
    assert code == 1
    assert "'yesterday' is not a journal head" in out


def test_the_html_export_shows_the_head_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.arbiter"
    with small_event(path) as session:
        head = anchor(session.journal()[-1])
    page = tmp_path / "standings.html"
    code, _, err = _run(["export", str(path), "--format", "html", "-o", str(page)], capsys)
    assert code == 0, err
    assert f"Journal {head}</p>" in page.read_text(encoding="utf-8")
