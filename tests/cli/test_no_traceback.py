"""The inputs issue 13 found tracebacks with: each now ends in exit 0 or 2 with a message.

Every case runs the command line in process: an exception escaping ``main`` fails the
test with its traceback, exactly what the arbiter would have seen.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.model import Colour
from arbiter_app.core.pairing.boards import PairingError
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
from arbiter_app.core.playoff import PRESETS, Regulation
from arbiter_app.session import Session
from tests.support.playoff_events import three_tied_for_first

ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "trf" / "open-2024.trf16.trf"


def test_a_trf_date_with_a_huge_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = TRF.read_text(encoding="utf-8").splitlines()
    lines = ["042 2024/01/99999999999999999999" if s.startswith("042") else s for s in lines]
    source = tmp_path / "date.trf"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["import", str(source), "-o", str(tmp_path / "e.arbiter")])
    err = capsys.readouterr().err
    assert code in (0, 2)
    assert "Traceback" not in err
    if code == 2:
        assert f"{source}:4:5: record 042" in err


@pytest.mark.parametrize("code", ["BH/C" + "9" * 4000, "AROC" + "1" * 4000, "KS/L-" + "2" * 21])
def test_a_tiebreak_code_with_a_huge_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    """Found by the soak: a TRF record 202 whose cut had 5,001 digits stopped Python's int()
    with a ValueError; a modifier's number has at most twenty digits, else it is malformed.
    (A line of more than 4,096 characters is refused whole since issue 27: 4,000 digits.)"""
    lines = TRF.read_text(encoding="utf-8").splitlines()
    lines = [s for s in lines if not s.startswith("202")] + [f"202 {code}"]
    source = tmp_path / "cut.trf"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["import", str(source), "-o", str(tmp_path / "e.arbiter")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{source}:{len(lines)}:" in err and "record 202" in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("b1)$1", "b.pgn:1: game 1: the move text cannot be read"),
        ("1. e4 (e5 $1) ) $2 *", "b.pgn:1: game 1:"),
        ("1. e4 $" + "1" * 5000 + " *", "b.pgn:1: game 1: the move text cannot be read"),
    ],
    ids=["a NAG before any move", "a parenthesis closed twice", "a NAG of 5,000 digits"],
)
def test_pgn_move_text_that_trips_python_chess(
    tmp_path: Path, text: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    pgn = tmp_path / "b.pgn"
    pgn.write_text(text, encoding="utf-8")
    assert main(["import-pgn", str(event), str(pgn)]) == 2
    assert said.replace("b.pgn", str(pgn)) in capsys.readouterr().err


def test_a_pgn_date_with_a_huge_day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    pgn = tmp_path / "d.pgn"
    pgn.write_text(
        '[Event "x"]\n[Date "2025.05.9999999999"]\n[White "Ann"]\n[Black "Ben"]\n'
        '[Result "1-0"]\n\n1. e4 1-0\n',
        encoding="utf-8",
    )
    # The file is read (the date is no date, not a crash); then there is no play-off yet.
    assert main(["import-pgn", str(event), str(pgn)]) == 2
    assert "no play-off has been started" in capsys.readouterr().err


def test_a_custom_regulation_whose_clock_has_no_us_notation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``W5-B4+5``: Black alone has an increment. The parser accepts it; every place that
    shows it must too (in the FIDE encoding, since US notation has no word for it)."""
    data = PRESETS["gct-2023-rapid-blitz"].to_json()
    data["name"] = "odd-clock"
    for fmt in data["stages"][0]["formats"]:
        fmt["time_control"] = "W5-B4+5"
    regulation = Regulation.from_json(data)
    rules = tmp_path / "odd.json"
    rules.write_text(json.dumps(regulation.to_json()), encoding="utf-8")
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    f = str(event)
    assert main(["playoff", "start", f, "--regulation-file", str(rules)]) == 0
    assert main(["playoff", "draw", f, "--outcome", "3,1,2"]) == 0
    assert main(["playoff", "printed", f]) == 0
    capsys.readouterr()
    assert main(["playoff", "next", f]) == 0
    assert "W5-B4+5" in capsys.readouterr().out
    assert main(["print", f, "playoff-pairings", "-o", str(tmp_path / "p.pdf")]) == 0
    assert (tmp_path / "p.pdf").stat().st_size > 0


@pytest.mark.parametrize("system", ["swiss", "double-swiss"])
def test_pairing_a_swiss_with_no_players(
    tmp_path: Path, system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.arbiter"
    Session.create(path, name="Empty", system=system, rounds=3, durable=False).close()
    assert main(["pair", str(path), "--initial-colour", "white"]) == 2
    # The event's state refuses it first; the pairing engine would refuse it too (below).
    assert "Round 1 needs at least two players; 0 players are registered." in (
        capsys.readouterr().err
    )
    with Session.open(path, readonly=True) as session:
        event = session.event
    with pytest.raises(PairingError, match="no player is there to be paired"):
        pair_round(event, 1, SwissOptions(initial_colour=Colour.WHITE))


def test_a_regulation_file_that_is_not_json_names_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    rules = tmp_path / "bad.json"
    rules.write_text('{\n  "name": "x",\n  oops\n}\n', encoding="utf-8")
    assert main(["playoff", "start", str(event), "--regulation-file", str(rules)]) == 2
    assert f"{rules}:3:3: not JSON" in capsys.readouterr().err


def test_several_play_off_results_must_come_in_pairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    assert main(["playoff", "result", str(event), "G1", "1-0", "G2"]) == 2
    assert "'G2' has no partner" in capsys.readouterr().err
