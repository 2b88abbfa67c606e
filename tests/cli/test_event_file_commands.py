"""The headless commands over a tournament file: new, player add, result, undo, redo, log,
verify, import and export."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.trf import event_to_trf, parse_trf
from arbiter_app.session import Session, load_event
from arbiter_app.session.commands import RecordPairings
from tests.support.compact import event_from_csv
from tests.support.sessions import sha256

ROOT = Path(__file__).resolve().parents[2]
FIDE = ROOT / "tests" / "data" / "fide" / "swiss16-2023"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "open.arbiter"
    code, out, _ = run(
        capsys, "new", str(path), "--name", "City Open", "--system", "swiss", "--rounds", "5"
    )
    assert code == 0
    assert out.strip() == f"created {path}: City Open, swiss, 5 rounds"
    for name, rating in (("Ann", "2200"), ("Ben", "2100"), ("Cid", "2000"), ("Dee", "1900")):
        assert run(capsys, "player", "add", str(path), "--name", name, "--rating", rating)[0] == 0
    with Session.open(path) as session:  # the pairing engine's part
        session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    return path


def test_new_with_a_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "okc.arbiter"
    code, _, _ = run(
        capsys,
        "new",
        str(path),
        "--name",
        "OKC",
        "--system",
        "round-robin",
        "--rounds",
        "7",
        "--preset",
        "city-chess-ok",
    )
    assert code == 0
    with Session.open(path, readonly=True) as session:
        assert session.settings.tiebreaks == ("MM", "SOLK", "CUM", "OPPC")
        assert session.settings.playoff == "city-chess-ok"
        assert session.event.planned_rounds == 7


def test_new_refuses_an_existing_file(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    digest = sha256(event_file)
    code, _, err = run(
        capsys, "new", str(event_file), "--name", "X", "--system", "swiss", "--rounds", "3"
    )
    assert code == 2
    assert "open.arbiter: a file of that name exists already" in err
    assert sha256(event_file) == digest


def test_player_add_prints_the_pairing_number(
    event_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "player", "add", str(event_file), "--name", "Eve")
    assert code == 2 and "late entry" in err
    code, out, _ = run(
        capsys,
        "player",
        "add",
        str(event_file),
        "--name",
        "Eve",
        "--rating",
        "2050",
        "--title",
        "WFM",
        "--federation",
        "CAN",
        "--fide-id",
        "2601234",
        "--late",
        "half-bye",
    )
    # C.04.2 articles 2.4-2.5: the late 2050 takes her place in the ranking, number 3.
    assert code == 0 and out.splitlines()[0] == "player 3: Eve (2050)"
    assert "2 players below moved one number on (now 4-5)" in out
    event = load_event(event_file)
    eve = event.player(3)
    assert (eve.title, eve.federation, eve.fide_id) == ("WFM", "CAN", "2601234")
    assert [p.name for p in event.players] == ["Ann", "Ben", "Eve", "Cid", "Dee"]


def test_results_undo_redo_log_verify(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(event_file)
    code, out, _ = run(capsys, "result", f, "--round", "1", "--board", "1", "1-0")
    assert (code, out.strip()) == (0, "round 1 board 1: Ann - Cid 1-0")
    code, out, _ = run(capsys, "result", f, "--round", "1", "--board", "2", "--", "-+")
    assert (code, out.strip()) == (0, "round 1 board 2: Dee - Ben -+")
    code, _, err = run(capsys, "result", f, "--round", "1", "--board", "2", "½-½")
    assert code == 2 and "correct it instead" in err
    code, out, _ = run(capsys, "result", f, "--round", "1", "--board", "2", "--correct", "½-½")
    assert code == 0 and out.strip().endswith("1/2-1/2")
    assert load_event(event_file).scores() == {1: 1, 2: 0.5, 3: 0, 4: 0.5}
    code, out, _ = run(capsys, "undo", f)
    assert (code, out.strip()) == (0, "undone: 9 correct_result")
    code, out, _ = run(capsys, "result", f, "--round", "1", "--board", "2", "--correct", "--", "--")
    assert code == 0 and out.strip().endswith("--")
    assert load_event(event_file).scores()[2] == 0
    assert run(capsys, "undo", f)[0] == 0
    assert load_event(event_file).scores()[2] == 1
    code, out, _ = run(capsys, "redo", f)
    assert (code, out.strip()) == (0, "redone: 11 correct_result")
    code, _, err = run(capsys, "redo", f)
    assert code == 2 and "nothing to redo" in err
    code, out, _ = run(capsys, "log", f)
    lines = out.splitlines()
    assert len(lines) == 13
    assert " create_event " in lines[0] and lines[0].lstrip().startswith("1 ")
    assert lines[8].split()[2] == "correct_result" and lines[8].endswith("(undone)")
    assert [line.split()[2] for line in lines[9:]] == ["undo", "correct_result", "undo", "redo"]
    code, out, _ = run(capsys, "verify", f)
    assert code == 0 and "ok (13 journal entries" in out


def test_verify_reports_a_tampered_file(
    event_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = sqlite3.connect(event_file)
    conn.execute("UPDATE journal SET time = '2020-01-01T00:00:00.000+00:00' WHERE seq = 2")
    conn.commit()
    conn.close()
    code, out, _ = run(capsys, "verify", str(event_file))
    assert code == 1
    assert "problem: journal entry 2 (add_player) was edited" in out


def test_errors_are_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.arbiter"
    text.write_text("hello\n")
    code, _, err = run(capsys, "undo", str(text))
    assert code == 2
    assert err.strip() == (
        "arbiter-app: notes.arbiter: not an Arbiter tournament file (not an SQLite database)"
    )
    code, _, err = run(capsys, "log", str(tmp_path / "missing.arbiter"))
    assert code == 2 and "missing.arbiter: no such file" in err


def test_import_and_export_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = event_from_csv(FIDE / "crosstable.csv", FIDE / "players.csv")
    trf = tmp_path / "swiss16.trf"
    trf.write_text(event_to_trf(original), encoding="utf-8")
    target = tmp_path / "swiss16.arbiter"
    code, out, _ = run(capsys, "import", str(trf), "-o", str(target))
    assert code == 0
    assert out.strip() == f"imported swiss16.trf into {target}: 16 players, 5 rounds"
    imported = load_event(target)
    assert imported.scores() == original.scores()
    assert imported.entries == parse_trf(trf.read_text(), "t").event.entries
    with Session.open(target) as session:
        assert len(session.boards(1)) == 8
        assert session.verify() == []
    exported = tmp_path / "back.trf"
    code, _, _ = run(capsys, "export", str(target), "--format", "trf", "-o", str(exported))
    assert code == 0
    assert parse_trf(exported.read_text(), "back").event == parse_trf(trf.read_text(), "t").event
    # A second import over the same file is refused and changes nothing.
    digest = sha256(target)
    code, _, err = run(capsys, "import", str(trf), "-o", str(target))
    assert code == 2 and "exists already" in err
    assert sha256(target) == digest


def test_a_bad_trf_file_creates_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "bad.trf"
    trf.write_text("001 this is not a player record\n", encoding="utf-8")
    code, _, err = run(capsys, "import", str(trf), "-o", str(tmp_path / "bad.arbiter"))
    assert code == 2
    assert "bad.trf" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.trf"]


def test_the_command_runs_as_a_module(event_file: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "arbiter_app", "log", str(event_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "record_pairings" in out.stdout


def test_player_number_by_rating_and_by_lot(tmp_path, capsys) -> None:
    """Pairing numbers by rating (FIDE C.04.2 B) or by a recorded lot, from the command line."""
    from arbiter_app.cli import main
    from arbiter_app.session import Session

    f = str(tmp_path / "n.arbiter")
    assert main(["new", f, "--name", "N", "--system", "swiss", "--rounds", "3"]) == 0
    for name, rating in (("Low", "1500"), ("Top", "2400"), ("Mid", "1800")):
        assert main(["player", "add", f, "--name", name, "--rating", rating]) == 0
    capsys.readouterr()
    assert main(["player", "number", f, "--by", "rating"]) == 0
    with Session.open(f, readonly=True) as s:
        assert [p.name for p in s.event.players] == ["Top", "Mid", "Low"]
    assert main(["player", "number", f, "--by", "lot"]) == 0
    assert "drawn by lot from seed" in capsys.readouterr().out
    with Session.open(f, readonly=True) as s:
        assert s.journal()[-1].seed is not None
        assert sorted(p.name for p in s.event.players) == ["Low", "Mid", "Top"]
