"""``arbiter-app standings`` and ``explain`` on real TRF files."""

import json
import subprocess
import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.model import EventInfo
from arbiter_app.core.trf import event_to_trf
from tests.core.tiebreaks.test_uscf import EVENT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def trf(tmp_path: Path) -> Path:
    path = tmp_path / "event.trf"
    path.write_text(event_to_trf(EVENT), encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_with_preset(trf, capsys) -> None:
    code, out, err = run(capsys, "standings", str(trf), "--preset", "uscf")
    assert code == 0, err
    lines = out.splitlines()
    assert "rule set: uscf" in lines[1] and "MM, SOLK, CUM, OPPC" in lines[1]
    body = [line.split() for line in lines[5:11]]
    assert [b[1] for b in body] == ["4", "3", "2", "1", "5", "6"]  # pairing numbers in order


def test_json_keys_are_the_codes_as_given(trf, capsys) -> None:
    code, out, err = run(
        capsys, "standings", str(trf), "--tiebreaks", "mm, Solk", "--format", "json"
    )
    assert code == 0, err
    data = json.loads(out)["standings"]
    assert data[0]["tpn"] == 4 and data[0]["rank"] == 1
    assert data[3]["tiebreaks"] == {"mm": "5.5", "Solk": "9.5"}
    assert data[0]["points"] == "4"


def test_csv(trf, capsys) -> None:
    code, out, _ = run(capsys, "standings", str(trf), "--preset", "uscf", "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Place,No,Title,Name,Federation,FIDE ID,Rating,Points,MM,SOLK,CUM,OPPC,Note"
    assert lines[1].startswith("1,4,,Player 4,")


def test_after_round(trf, capsys) -> None:
    code, out, _ = run(capsys, "standings", str(trf), "--after-round", "2", "--format", "json")
    assert code == 0
    points = {d["tpn"]: d["points"] for d in json.loads(out)["standings"]}
    assert points == {1: "2", 2: "1", 3: "1", 4: "1", 5: "0.5", 6: "0.5"}
    code, _, err = run(capsys, "standings", str(trf), "--after-round", "9")
    assert code == 2 and "rounds 1 to 5 are complete" in err


@pytest.mark.parametrize(
    ("start", "expected"),
    [(date(2025, 6, 1), "fide-2024"), (date(2026, 3, 1), "fide-2026")],
)
def test_default_rules_follow_the_start_date(tmp_path, capsys, start, expected) -> None:
    event = replace(EVENT, rule_set=None, info=EventInfo(name="Open", start_date=start))
    path = tmp_path / "e.trf"
    path.write_text(event_to_trf(event), encoding="utf-8")
    code, out, _ = run(capsys, "standings", str(path))
    assert code == 0 and f"rule set: {expected}" in out
    code, out, _ = run(capsys, "standings", str(path), "--rules", "uscf")
    assert "rule set: uscf" in out


def test_bad_records_name_file_line_and_column(tmp_path, capsys) -> None:
    text = event_to_trf(EVENT).splitlines()
    i = next(n for n, line in enumerate(text) if line.startswith("001"))
    text[i] = text[i][:91] + "ABCD" + text[i][95:]  # round 1 opponent is not a number
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "standings", str(path))
    assert code == 2
    assert f"{path}:{i + 1}:" in err


def test_explain_with_cut(trf, capsys) -> None:
    code, out, err = run(capsys, "explain", str(trf), "--player", "3", "--tiebreak", "MM")
    assert code == 0, err
    assert "MM of player 3 = 10½" in out
    assert "34E1" in out and "[cut]" in out and "plus score" in out


def test_explain_group_dependent_uses_the_tied_group(trf, capsys) -> None:
    code, out, _ = run(
        capsys, "explain", str(trf), "--player", "1", "--tiebreak", "RBT", "--tiebreaks", "RBT,MM"
    )
    assert code == 0
    assert "tied group: 1, 2" in out and "RBT of player 1 = 1" in out


def test_explain_errors(trf, capsys) -> None:
    code, _, err = run(
        capsys,
        "explain",
        str(trf),
        "--player",
        "1",
        "--tiebreak",
        "CUM",
        "--preset",
        "online-swiss",
    )
    assert code == 2
    code, _, err = run(capsys, "explain", str(trf), "--player", "99", "--tiebreak", "MM")
    assert code == 2 and "99" in err
    code, _, err = run(capsys, "explain", str(trf), "--player", "1", "--tiebreak", "ZZZ")
    assert code == 2 and "known" in err


def test_as_a_program(trf) -> None:
    ok = subprocess.run(
        [
            sys.executable,
            "-m",
            "arbiter_app",
            "standings",
            str(trf),
            "--preset",
            "uscf",
            "--format",
            "json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    assert len(json.loads(ok.stdout)["standings"]) == 6
    missing = subprocess.run(
        [sys.executable, "-m", "arbiter_app", "standings", str(trf.with_name("gone.trf"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and "gone.trf: no such file" in missing.stderr


def test_online_swiss_preset_on_the_fide_exercise(tmp_path, capsys) -> None:
    from tests.core.tiebreaks.conftest import reference_event

    path = tmp_path / "swiss16.trf"
    event = reference_event("swiss16-2023")
    path.write_text(event_to_trf(event), encoding="utf-8")
    code, out, err = run(
        capsys, "standings", str(path), "--preset", "online-swiss", "--format", "json"
    )
    assert code == 0, err
    document = json.loads(out)
    data = document["standings"]
    codes = [t["code"] for t in document["tiebreaks"]]
    assert codes == ["BH/C1", "BH", "SB", "WIN", "BWG", "DE/ALL", "ARO/C1"]
    bruno = next(d for d in data if d["tpn"] == 2)
    assert bruno["rank"] == 1 and bruno["tiebreaks"]["BH/C1"] == "12"
    code, out, _ = run(
        capsys,
        "explain",
        str(path),
        "--player",
        "1",
        "--tiebreak",
        "BH/C1",
        "--preset",
        "online-swiss",
    )
    assert code == 0 and "[cut]" in out


def test_city_chess_first_place_waits_for_the_playoff(trf, tmp_path, capsys) -> None:
    """Seed 001_…: a tie for first of the final standings goes to a play-off; the others are
    ranked by 34E. Before the event is final the tie is only shared: no play-off is due."""
    code, out, _ = run(
        capsys, "standings", str(trf), "--preset", "city-chess-ok", "--after-round", "1"
    )
    assert code == 0
    body = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert [(b[0], b[1]) for b in body[:2]] == [("1-2", "1"), ("1-2", "3")]
    assert "play-off" not in out
    short = tmp_path / "one-round.trf"
    short.write_text(event_to_trf(replace(EVENT.truncated(1), planned_rounds=1)), "utf-8")
    code, out, _ = run(capsys, "standings", str(short), "--preset", "city-chess-ok")
    assert code == 0 and "final standings" in out.splitlines()[0]
    body = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert [(b[0], b[1]) for b in body[:2]] == [("1-2*", "1"), ("1-2*", "3")]
    assert "play-off is still to be played" in out
    # without the play-off rule the same tie is simply shared (34E cannot split it after one round)
    code, out, _ = run(capsys, "standings", str(trf), "--preset", "uscf", "--after-round", "1")
    assert [line.split()[0] for line in out.splitlines() if line[:1].isdigit()][:2] == [
        "1-2",
        "1-2",
    ]
    assert "play-off" not in out
