"""The play-off kit printed from a tournament file, and its games exported as PGN.

A four-player round robin ends with three players tied for first; the GCT
2023 rapid & blitz play-off (seed 000_… section 2) is run from the command
line: a blitz round robin whose games are all drawn, then an Armageddon
knockout with one bye by lot, colours by coin toss, draw odds to Black.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

pytest.importorskip("arbiter_app.core.playoff")

from arbiter_app.cli import main
from arbiter_app.exports.pgn import read_pgn_results

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _step(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    import json

    assert main([*argv, "--json"]) == 0, capsys.readouterr().err
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


@pytest.fixture
def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    from tests.support.playoff_events import three_tied_for_first

    path = tmp_path / "rapid.arbiter"
    three_tied_for_first(path).close()
    f = str(path)
    step = _step(
        capsys,
        "playoff",
        "start",
        f,
        "--regulation",
        "gct-2023-rapid-blitz",
        "--last-game-end",
        "2023-05-12T18:00",
        "--at",
        "2023-05-12T18:20",
    )
    for _ in range(40):
        code = step["step"]
        if code == "done":
            break
        if code == "draw-lots":
            players = list(step["players"])  # type: ignore[call-overload]
            outcome = ",".join(str(p) for p in reversed(players))
            step = _step(capsys, "playoff", "draw", f, "--outcome", outcome, "--witness", "Ann Lee")
        elif code == "toss":
            winner = max(step["players"])  # type: ignore[type-var]
            step = _step(
                capsys,
                "playoff",
                "toss",
                f,
                "--winner",
                str(winner),
                "--choice",
                "black",
                "--witness",
                "Ann Lee",
            )
        elif code == "print":
            step = _step(capsys, "playoff", "printed", f)
        elif code == "play":
            for g in step["games"]:  # type: ignore[attr-defined]
                result = (
                    "1-0"
                    if g["armageddon"] and g["white"] > g["black"]
                    else ("0-1" if g["armageddon"] else "1/2-1/2")
                )
                step = _step(capsys, "playoff", "result", f, g["id"], result)
        else:
            raise AssertionError(step)
    assert step["step"] == "done", step
    assert main(["prizes", f, "--set", "37500", "25000", "20000", "15000"]) == 0
    capsys.readouterr()
    return path


SHEETS = {
    "playoff-schedule": ["Play-off schedule", "3.1.3", "2.3.2", "G/5+3"],
    "playoff-pairings": ["Play-off pairings", "round robin 1", "Armageddon knockout round 1"],
    "armageddon": ["Armageddon game cards", "a draw counts as a win for Black", "2.5.2", "2.5.3"],
    "bracket": ["Play-off bracket", "Armageddon knockout", "bye"],
    "prizes": ["Prizes and tour points", "5,000.00 USD", "article 2.6"],
    "lots": ["Protocol of the drawing of lots", "physical draw at the venue", "Ann Lee"],
    "standings": ["Final standings", "Cid"],
}


@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_every_playoff_sheet_prints(
    qapp: object, played: Path, tmp_path: Path, sheet: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.printing.conftest import pdf_text

    out = tmp_path / f"{sheet}.pdf"
    assert main(["print", str(played), sheet, "-o", str(out)]) == 0, capsys.readouterr().err
    text = " ".join(pdf_text(out).split())
    for expected in SHEETS[sheet]:
        assert expected in text, (sheet, expected)


def test_pgn_of_the_playoff_reads_back(played: Path, tmp_path: Path) -> None:
    out = tmp_path / "playoff.pgn"
    assert main(["export", str(played), "--format", "pgn", "-o", str(out)]) == 0
    games = read_pgn_results(out.read_text(encoding="utf-8"))
    rr = [g for g in games if not g.armageddon]
    arm = [g for g in games if g.armageddon]
    assert len(rr) == 3 and all(g.result == "1/2-1/2" for g in rr)
    assert {g.time_control for g in rr} == {"300+3"}
    assert len(arm) == 2 and all(g.time_control == "W300+2@61-B240+2@61" for g in arm)
    assert all(g.stage for g in games)
    assert io.StringIO(out.read_text()).read().count('[Armageddon "') == 2


def test_sheets_without_a_playoff_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.playoff_events import three_tied_for_first

    path = tmp_path / "none.arbiter"
    three_tied_for_first(path).close()
    code = main(["print", str(path), "bracket", "-o", str(tmp_path / "b.pdf")])
    assert code == 2
    assert "no play-off has been started" in capsys.readouterr().err


def test_exports_follow_the_playoff(played: Path, tmp_path: Path) -> None:
    """Standings exports put the play-off winner first, as the printed standings do."""
    import csv
    import json

    html = tmp_path / "s.html"
    assert main(["export", str(played), "--format", "html", "-o", str(html)]) == 0
    text = html.read_text(encoding="utf-8")
    assert "* place decided by the play-off (article 2.1)" in text
    doc = tmp_path / "s.json"
    assert main(["export", str(played), "--format", "json", "-o", str(doc)]) == 0
    rows = json.loads(doc.read_text(encoding="utf-8"))["standings"]
    table = tmp_path / "s.csv"
    assert main(["export", str(played), "--format", "csv", "-o", str(table)]) == 0
    with table.open(encoding="utf-8-sig", newline="") as fh:
        csv_rows = list(csv.DictReader(fh))
    assert rows[0]["place"] == "1" and csv_rows[0]["Place"] == "1"
    assert rows[0]["tpn"] == int(csv_rows[0]["No"])
    assert [r["place"] for r in rows[1:3]] == ["2-3", "2-3"]
