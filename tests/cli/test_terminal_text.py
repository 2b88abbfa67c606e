"""Issue 27, points 6 and 8: names holding escape codes or a right-to-left override reach
the terminal as their codes, never raw, whatever prints them (a crafted event file, a FIDE
rating list); JSON stays the same value."""

from __future__ import annotations

import json
import sqlite3
import zipfile
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.limits import terminal_text
from tests.support.sessions import small_event

DATA = Path(__file__).resolve().parents[1] / "data" / "ratings"
HOSTILE = "Ann\x1b[2J\x1b]0;pwned\x07\u202eevil\x9b31m\rX"
RAW = ("\x1b", "\x07", "\u202e", "\x9b", "\r")


def _clean(text: str) -> None:
    text = text.replace("\r\n", "\n")  # (a CSV's rows end so)
    for char in RAW:
        assert char not in text, repr(char)


def test_terminal_text_writes_codes_and_keeps_what_is_fine() -> None:
    assert terminal_text(HOSTILE) == (
        "Ann\\u001b[2J\\u001b]0;pwned\\u0007\\u202eevil\\u009b31m\\u000dX"
    )
    fine = "Émile Ñúñez\u200d\tمحمد\u200f\nZoë\r\n"
    assert terminal_text(fine) == fine


@pytest.fixture
def hostile_event(tmp_path: Path) -> Path:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE players SET name = ? WHERE tpn = 1", (HOSTILE,))
    conn.close()
    return path


COMMANDS = [
    ["standings", "{f}"],
    ["standings", "{f}", "--format", "csv"],
    ["explain", "{f}", "--player", "1", "--tiebreak", "BH"],
    ["player", "list", "{f}"],
    ["status", "{f}"],
    ["player", "withdraw", "{f}", "--player", "1", "--from-round", "9"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_names_from_a_file_reach_the_terminal_as_codes(
    hostile_event: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    main([a.format(f=hostile_event) for a in argv])
    out, err = capsys.readouterr()
    _clean(out)
    _clean(err)
    assert "Ann" in out + err or argv[0] == "status"


def test_json_keeps_the_name_as_it_is(
    hostile_event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", str(hostile_event), "--player", "1", "--tiebreak", "BH", "--json"]) == 0
    out = capsys.readouterr().out
    _clean(out)
    assert json.loads(out)["name"] == HOSTILE


def test_a_fide_list_name_with_an_override_prints_as_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (DATA / "players_list_foa.txt").read_text(encoding="utf-8").splitlines(True)
    # The second player's name turned round by an override, the column widths kept.
    lines[2] = lines[2].replace("Petrova, Judita ", "Petrova,\u202eatiduJ ")
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text("".join(lines), encoding="utf-8")
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(listing, "players_list_foa.txt")
    assert main(["ratings", "import", str(archive), "--month", "2026-09"]) == 0
    capsys.readouterr()
    assert main(["ratings", "find", "700070"]) == 0
    out = capsys.readouterr().out
    _clean(out)
    assert "Petrova,\\u202eatiduJ" in out
