"""``arbiter-app generate`` and ``arbiter-app check`` (FIDE C.02, checklist group Q16-39)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _generate(path: Path, *extra: str) -> None:
    args = ["generate", "-o", str(path), "--players", "16", "--rounds", "5", *extra]
    assert main(args) == 0


def test_q16_39_generate_then_check_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "open.trf"
    _generate(out, "--seed", "8", "--half-byes", "1", "--forfeits", "r2:1", "--baku")
    said = capsys.readouterr().out
    assert said.startswith(f"wrote {out}: seed 8, 16 players, 5 rounds")
    assert main(["check", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == f"{out}: swiss, 5 rounds checked"
    assert "Virtual points from records 250." in text
    assert text.rstrip().endswith("All pairings and standings agree with the rules.")


def test_q16_39_same_seed_byte_identical(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    options = ("--seed", "3", "--zero-byes", "5%", "--unusual", "1", "--trf-version", "TRF-16")
    _generate(a, *options)
    _generate(b, *options)
    _generate(c, "--seed", "4", *options[2:])
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()
    assert "XXR 5" in a.read_text(encoding="utf-8").splitlines()


def test_without_a_seed_one_is_drawn_and_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.trf"
    _generate(out)
    seed = capsys.readouterr().out.split("seed ")[1].split(",")[0]
    first = out.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(f"### Random Tournament Generator: seed {seed},")
    again = tmp_path / "y.trf"
    _generate(again, "--seed", seed)
    assert again.read_bytes() == out.read_bytes()


def test_round_robin_rounds_follow_the_field(tmp_path: Path) -> None:
    out = tmp_path / "rr.trf"
    assert main(["generate", "-o", str(out), "--players", "5", "--system", "round-robin"]) == 0
    assert "192 FIDE_ROUNDROBIN" in out.read_text(encoding="utf-8").splitlines()
    assert main(["check", str(out)]) == 0


def _flip_colours_of_round_2(out: Path) -> int:
    """Player 1's game of round 2 with the colours exchanged on both sides of the board;
    the opponent's number."""
    lines = out.read_text(encoding="utf-8").splitlines()
    start = 91 + 10
    row = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    opponent = int(lines[row][start : start + 4])
    other = next(i for i, line in enumerate(lines) if line.startswith(f"001 {opponent:4d} "))
    for i in (row, other):
        colour = lines[i][start + 5]
        lines[i] = lines[i][: start + 5] + ("b" if colour == "w" else "w") + lines[i][start + 6 :]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return opponent


def test_q16_39_a_broken_copy_exits_1_and_says_the_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "open.trf"
    _generate(out, "--seed", "12")
    opponent = _flip_colours_of_round_2(out)
    capsys.readouterr()
    assert main(["check", str(out)]) == 1
    text = capsys.readouterr().out
    first_line = next(t for t in text.splitlines() if t.startswith("Round "))
    assert first_line.startswith("Round 2: board ")
    assert "(White " in first_line and ", the file has " in first_line
    assert main(["check", str(out), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["agree"] is False
    first = data["findings"][0]
    assert (first["kind"], first["round"]) == ("colour", 2)
    assert first["message"] == first_line
    assert sorted(first["expected"]) == sorted([1, opponent])


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["generate", "--players", "10", "--rounds", "5", "--half-byes", "lots"], "--half-byes"),
        (["generate", "--players", "1", "--rounds", "1"], "at least two players"),
        (
            ["generate", "--players", "10", "--unset", "none"],
            "give the number of rounds of a Swiss, or let the generator draw it",
        ),
        (["generate", "--ratings", "2400,2300", "--players", "3"], "2 ratings given for 3"),
        (["generate", "--ratings", "2400,99999,x"], "'99999'; the list: 'x'"),
        (["generate", "--rating-min", "2500", "--rating-max", "2000"], "above the maximum"),
        (["generate", "--unrated-players", "r2:1"], "not rounds"),
        (["generate", "--players", "10", "--rounds", "5", "--tiebreaks", "BH,XYZ"], "XYZ"),
        (["generate", "--players", "10", "--rounds", "5", "--draw-rate", "x"], "--draw-rate"),
        (
            ["generate", "--players", "8", "--system", "round-robin", "--tiebreaks", "BH"],
            "round robin",
        ),
    ],
)
def test_generate_refuses_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    out = tmp_path / "never.trf"
    assert main([argv[0], "-o", str(out), *argv[1:]]) == 2
    assert says in capsys.readouterr().err
    assert not out.exists()


def test_check_refuses_bad_input_with_file_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Broken\n001 abcd\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert f"{bad}:2:5:" in capsys.readouterr().err
    assert main(["check", str(tmp_path / "missing.trf")]) == 2
    assert "no such file" in capsys.readouterr().err
    good = tmp_path / "good.trf"
    _generate(good, "--seed", "1")
    assert main(["check", str(good), "--tiebreaks", "BH,NOPE"]) == 2
    assert "NOPE" in capsys.readouterr().err
    text = good.read_text(encoding="utf-8").replace("212 PTS,", "212 PTS,QQ,")
    text = text.replace("202 ", "202 QQ,")
    good.write_text(text, encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), start=1) if t.startswith("212"))
    assert main(["check", str(good)]) == 2
    assert f"{good}:{line}:5: record 212: unknown tie-break 'QQ'" in capsys.readouterr().err


def test_a_latin_1_file_is_read_and_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    utf8 = tmp_path / "u.trf"
    _generate(utf8, "--seed", "6")
    text = utf8.read_text(encoding="utf-8").replace("Player 01", "Åsa Jörgs")
    latin = tmp_path / "l.trf"
    latin.write_bytes(text.encode("latin-1"))
    capsys.readouterr()
    assert main(["check", str(latin)]) == 0
    assert "  The file is not UTF-8: read as Latin-1." in capsys.readouterr().out


@pytest.mark.parametrize("command", ["check", "generate"])
def test_q16_39_runs_without_the_window(tmp_path: Path, command: str) -> None:
    """The installed program checks and generates without loading Qt (a fresh interpreter)."""
    trf = tmp_path / "event.trf"
    _generate(trf, "--seed", "2")
    argv = ["check", str(trf)] if command == "check" else [
        "generate", "-o", str(tmp_path / "new.trf"), "--players", "9", "--rounds", "4",
    ]  # fmt: skip
    code = (
        "import sys\n"
        "from arbiter_app.cli import main\n"
        f"status = main({argv!r})\n"
        "qt = sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')\n"
        "print(status, ','.join(qt))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    status, _, loaded = out.stdout.strip().splitlines()[-1].partition(" ")
    assert status == "0"
    assert loaded == "", f"{command} loaded Qt: {loaded}"


def test_q33_check_pairs_again_with_arbiters_own_engine_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check --engine own`` re-pairs with Arbiter's Dutch engine and says so; a colour
    flipped in round 2 is still found there (the cross-engine campaign's code path)."""
    out = tmp_path / "open.trf"
    _generate(out, "--seed", "8", "--half-byes", "1", "--forfeits", "r2:1", "--baku")
    capsys.readouterr()
    assert main(["check", str(out), "--engine", "own"]) == 0
    text = capsys.readouterr().out
    assert "with the FIDE Dutch system (C.04.3) by Arbiter." in text
    assert "by gacrux" not in text
    assert main(["check", str(out)]) == 0
    assert "with the FIDE Dutch system (C.04.3) by gacrux." in capsys.readouterr().out
    _flip_colours_of_round_2(out)
    assert main(["check", str(out), "--engine", "own"]) == 1
    first = next(t for t in capsys.readouterr().out.splitlines() if t.startswith("Round "))
    assert first.startswith("Round 2: board ")
