"""``arbiter-app print``: arguments and the errors a user can make."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session.commands import EditSettings, RecordPairings

# Printing lays out text with Qt; tests have no display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def test_unknown_kind_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "event.xlsx"
    f.write_text("x")
    code = main(["print", str(f), "pairings", "-o", str(tmp_path / "out.pdf")])
    assert code == 2
    err = capsys.readouterr().err
    assert "event.xlsx" in err and "unknown kind of file '.xlsx'" in err
    assert not (tmp_path / "out.pdf").exists()


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["print", str(tmp_path / "nope.trf"), "slips", "-o", str(tmp_path / "o.pdf")])
    assert code == 2
    assert "nope.trf: no such file" in capsys.readouterr().err


def test_round_numbers_start_at_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["print", "x.trf", "pairings", "--round", "0", "-o", str(tmp_path / "o.pdf")])
    assert code == 2
    assert "rounds are numbered from 1" in capsys.readouterr().err


def test_unknown_sheet_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["print", "x.trf", "wallpaper", "-o", "o.pdf"])
    assert exc.value.code == 2
    assert "invalid choice: 'wallpaper'" in capsys.readouterr().err


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    from arbiter_app.core.trf import event_to_trf
    from tests.exports.samples import sample_event

    path = tmp_path / "open.trf"
    path.write_text(event_to_trf(sample_event()), encoding="utf-8")
    return path


@pytest.mark.parametrize("sheet", ["pairings", "slips", "pairings-by-name", "slips-6", "slips-8"])
def test_print_a_round_from_a_trf_file(
    qapp: object, trf_file: Path, tmp_path: Path, sheet: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.printing.conftest import pdf_info, pdf_text

    out = tmp_path / f"{sheet}.pdf"
    code = main(
        ["print", str(trf_file), sheet, "--round", "2", "--paper", "letter", "-o", str(out)]
    )
    assert code == 0, capsys.readouterr().err
    assert f"wrote {out}" in capsys.readouterr().out
    assert pdf_info(out)["Page size"].startswith("612 x 792")
    text = pdf_text(out)
    assert "Иван Петров" in text and "李明" in text
    assert "round 2" in text


def test_latest_round_is_the_default(qapp: object, trf_file: Path, tmp_path: Path) -> None:
    from tests.printing.conftest import pdf_text

    out = tmp_path / "p.pdf"
    assert main(["print", str(trf_file), "pairings", "-o", str(out)]) == 0
    assert "Pairings — round 3" in pdf_text(out)


def test_round_not_yet_paired(
    trf_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["print", str(trf_file), "pairings", "--round", "4", "-o", str(tmp_path / "o.pdf")])
    assert code == 2
    assert "round 4 has not been paired (3 rounds so far)" in capsys.readouterr().err


def test_headless_command_line_needs_no_display(trf_file: Path, tmp_path: Path) -> None:
    """Run as a program without DISPLAY or QT_QPA_PLATFORM: it must go offscreen by itself."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    out = tmp_path / "slips.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "arbiter_app", "print", str(trf_file), "slips", "-o", str(out)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")


@pytest.fixture
def arbiter_file(trf_file: Path, tmp_path: Path) -> Path:
    """The sample event imported into a tournament file, with round 4 paired but not played."""
    from arbiter_app.session import Session

    target = tmp_path / "open.arbiter"
    assert main(["import", str(trf_file), "-o", str(target), "--confirm"]) == 0
    with Session.open(target) as session:
        session.run(RecordPairings(round=4, boards=[[4, 1], [3, 5], [2, 6]], byes=[]))
        # Round 3 is played: a new tie-break list asks its level-4 question (FIDE C.02).
        session.run(
            EditSettings(tiebreaks=["BH/C1", "BH", "SB"]), confirm="tiebreaks-reorder-standings"
        )
    return target


def test_pairings_of_a_round_not_yet_played(
    qapp: object, arbiter_file: Path, tmp_path: Path
) -> None:
    from tests.printing.conftest import pdf_text

    out = tmp_path / "r4.pdf"
    assert main(["print", str(arbiter_file), "pairings", "-o", str(out)]) == 0
    layout = pdf_text(out, layout=True)
    assert "Pairings — round 4" in layout
    board1 = next(line for line in layout.splitlines() if "Přemysl Ďuriš" in line)
    # Board 1: 4 (2 points) against 1 (2½), no result yet.
    cells = [c for c in board1.replace("\u202b", "").replace("\u202c", "").split() if c]
    assert cells == [
        "1",
        "4",
        "محمد",
        "الأحمد",
        "unr.",
        "2",
        "–",
        "21⁄2",
        "1",
        "Přemysl",
        "Ďuriš",
        "2610",
    ]


@pytest.mark.parametrize("sheet", ["standings", "crosstable", "lots"])
def test_event_sheets_from_a_tournament_file(
    qapp: object, arbiter_file: Path, tmp_path: Path, sheet: str
) -> None:
    from tests.printing.conftest import pdf_text

    out = tmp_path / f"{sheet}.pdf"
    assert main(["print", str(arbiter_file), sheet, "-o", str(out)]) == 0
    text = " ".join(pdf_text(out).split())
    if sheet == "standings":
        # The file's announced tie-breaks head the sheet.
        assert "1. BH/C1 —" in text and "3. SB —" in text
        assert "Standings after round 3" in text
    elif sheet == "crosstable":
        assert "PAB" in text and "Иван Петров" in text
    else:
        assert "No lots have been drawn" in text


def test_every_sheet_is_described_in_the_help() -> None:
    from arbiter_app.cli.print_sheet import SHEET_HELP
    from arbiter_app.sheets.builders import SHEETS

    assert set(SHEET_HELP) == set(SHEETS)


@pytest.mark.parametrize(("paper", "size"), [("a4", "595"), ("letter", "612 x 792")])
def test_the_starting_rank_list_in_pairing_number_order(
    qapp: object, arbiter_file: Path, tmp_path: Path, paper: str, size: str
) -> None:
    """Issue 26: the list posted before round 1, on A4 and on Letter."""
    from arbiter_app.session import Session
    from arbiter_app.session.commands import SetPrizeCategories, SetPrizeFund
    from tests.printing.conftest import pdf_info, pdf_text

    with Session.open(arbiter_file) as session:
        session.run(SetPrizeFund(prizes=["100"]))
        session.run(SetPrizeCategories(categories=["Unrated: unrated: 50"]))
        players = sorted(session.event.players, key=lambda p: p.tpn)
    out = tmp_path / f"starting-{paper}.pdf"
    argv = ["print", str(arbiter_file), "starting-rank", "--paper", paper, "-o", str(out)]
    assert main(argv) == 0
    assert pdf_info(out)["Page size"].startswith(size)
    text = pdf_text(out, layout=True)
    assert "Starting rank" in text and "Category" in text
    # Every player, in pairing-number order, with the rating and the category met.
    numbers = [
        int(line.split()[0])
        for line in text.splitlines()
        if re.match(r"\s*\d+\s", line) and "players" not in line
    ]
    assert numbers == [p.tpn for p in players] and len(players) >= 6
    first = next(line for line in text.splitlines() if "Přemysl Ďuriš" in line)
    assert first.split()[0] == "1" and str(players[0].rating) in first
    unrated = next(p for p in players if not p.rating)
    assert "Unrated" in next(
        line for line in text.splitlines() if line.split()[:1] == [str(unrated.tpn)]
    )
