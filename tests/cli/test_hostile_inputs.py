"""Issue 27, point 7: inputs that gave tracebacks each end in a typed refusal naming the
file, the line where there is one, and what is wrong."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.playoff import PRESETS
from tests.support.playoff_events import three_tied_for_first
from tests.support.sessions import small_event

DATA = Path(__file__).resolve().parents[1] / "data"


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


# -- the time control 4/0+0:1 ----------------------------------------------------------


def test_a_period_with_no_time_is_refused_when_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    err = _refused(["settings", str(event), "--time-control", "4/0+0:1"], capsys)
    assert "'4/0+0:1': period '4/0+0' gives no time for its 4 moves" in err
    err = _refused(["settings", str(event), "--time-control", "40/0, SD/30"], capsys)
    assert "'40/0' gives no time for its 40 moves" in err


def test_a_file_that_saved_it_is_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An older version saved 4/0+0:1 and every later ``settings FILE`` crashed: the file's
    text is shown as written; a clock whose bonuses differ by period, in FIDE's encoding."""
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    conn = sqlite3.connect(event)
    with conn:
        conn.execute(
            "UPDATE settings SET value = json_set(value, '$.time_control', '4/0+0:1') "
            "WHERE key = 'info'"
        )
    conn.close()
    assert main(["settings", str(event)]) == 0
    assert "time control:    4/0+0:1\n" in capsys.readouterr().out
    assert main(["settings", str(event), "--time-control", "40/5400+30:1800"]) == 0
    capsys.readouterr()
    assert main(["settings", str(event)]) == 0
    assert "time control:    FIDE 40/5400+30:1800\n" in capsys.readouterr().out


# -- a regulation's numbers ------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            lambda d: d["schedule"].update(gap_minutes=9_999_999_999),
            "the minutes after the last game (gap_minutes) is 9999999999; it is 0 to 10,080",
        ),
        (
            lambda d: d.update(places=[10**4299]),
            "3.1.1: a place decided is a number of 4,300 digits; it is 1 to 9,999",
        ),
        (
            lambda d: d["stages"][0].update(repeat=10**30),
            "stage 1: repeat is a number of 31 digits; it is 1 to 99",
        ),
    ],
    ids=["gap_minutes", "place", "repeat"],
)
def test_a_regulation_with_numbers_no_event_uses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: object, said: str
) -> None:
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    data = PRESETS["gct-2023-rapid-blitz"].to_json()
    change(data)  # type: ignore[operator]
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(data), encoding="utf-8")
    err = _refused(["playoff", "start", str(event), "--regulation-file", str(rules)], capsys)
    assert said in err


def test_a_regulation_with_a_number_of_4301_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    three_tied_for_first(event).close()
    text = json.dumps(PRESETS["gct-2023-rapid-blitz"].to_json())
    rules = tmp_path / "rules.json"
    rules.write_text(text.replace('"places": [1]', '"places": [' + "7" * 4301 + "]"))
    err = _refused(["playoff", "start", str(event), "--regulation-file", str(rules)], capsys)
    assert f"{rules}: not a regulation: a number of more than 4,300 digits" in err


# -- over-long names -------------------------------------------------------------------


def test_over_long_path_names_are_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    long = "n" * 300
    deep = "d/" * 3000
    for argv in (
        ["standings", str(tmp_path / f"{long}.trf")],
        ["standings", str(tmp_path / f"{deep}x.arbiter")],
        ["export", str(event), "--format", "csv", "-o", str(tmp_path / f"{long}.csv")],
        ["print", str(event), "standings", "-o", str(tmp_path / f"{long}.pdf")],
        ["copy", str(event), "-o", str(tmp_path / f"{long}.arbiter")],
        ["new", str(tmp_path / f"{long}.arbiter"), "--name", "X", "--system", "swiss",
         "--rounds", "3"],
    ):  # fmt: skip
        err = _refused(argv, capsys)
        assert "the name is too long for this computer's file system" in err, argv
        assert " characters): " in err  # the path is cut to what can be read
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.arbiter"]


# -- a section named with a slash -------------------------------------------------------


def test_every_section_names_its_files_without_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    for name in ("U/18", "../../up", "U 18"):
        add = ["section", "add", str(event), "--name", name, "--system", "swiss", "--rounds", "3"]
        assert main(add) == 0
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    argv = [
        "export",
        str(event),
        "--format",
        "csv",
        "--every-section",
        "-o",
        str(out_dir / "a.csv"),
    ]
    assert main(argv) == 0, capsys.readouterr().err
    assert sorted(p.name for p in out_dir.iterdir()) == [
        "a-spring-open.csv", "a-u-18-4.csv", "a-u-18.csv", "a-up.csv",
    ]  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.arbiter", "out"]


# -- a rating list's numbers ------------------------------------------------------------


@pytest.mark.parametrize("tag", ["fideid", "rating", "games", "birthday"])
@pytest.mark.parametrize("digits", [25, 5000])
def test_an_oversized_integer_in_an_xml_list_leaves_its_player_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tag: str, digits: int
) -> None:
    xml = (DATA / "ratings" / "rapid_rating_list.xml").read_text(encoding="utf-8")
    xml = re.sub(rf"<{tag}>\d+</{tag}>", f"<{tag}>{'9' * digits}</{tag}>", xml, count=1)
    listing = tmp_path / "rapid_oct26frl_xml.xml"
    listing.write_text(xml, encoding="utf-8")
    assert main(["ratings", "import", str(listing)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("imported 5 players")
    assert (
        "rapid_oct26frl_xml.xml:3: left out: '999999999999…' is not a whole number of at "
        "most 12 digits" in captured.out + captured.err
    )


# -- a TRF line of megabytes -----------------------------------------------------------


@pytest.mark.parametrize("record", ["001", "012 ", "XXR ", "132 "])
def test_a_trf_line_of_15_megabytes_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: str
) -> None:
    """It took 185 seconds and 3.6 GB (a problem for each of its "rounds"); now the line is
    refused by its length, before any field of it is read (timings: tests/benchmarks)."""
    text = (DATA / "trf" / "open-2024.trf16.trf").read_text(encoding="utf-8")
    trf = tmp_path / "long.trf"
    trf.write_text(text + record + " 1 w 1" * 2_500_000 + "\n", encoding="utf-8")
    line = text.count("\n") + 1
    err = _refused(["standings", str(trf)], capsys)
    assert err.count("\n") == 1
    assert f"{trf}:{line}:4097: the line is 15,000,00" in err
    assert "a TRF line holds at most 4,096 (a player of 99 rounds takes 1,079)" in err


# -- import-pgn of thousands of games ---------------------------------------------------


class _CountedText(str):
    """A text that counts how often it is split into lines (the quadratic step)."""

    splits = 0

    def splitlines(self, keepends: bool = False) -> list[str]:
        type(self).splits += 1
        return super().splitlines(keepends)


def test_reading_a_pgn_splits_its_text_once_whatever_its_games() -> None:
    """16,000 games took 90-100 seconds: every game looked for its first tag line by
    splitting the whole text again. The text is split once (the timing of 4,000 and
    16,000 games is in tests/benchmarks)."""
    from datetime import date

    from arbiter_app.exports.pgn import PlayoffGame, games_to_pgn, read_pgn_results

    games = [
        PlayoffGame("Play-off", "Oslo", date(2025, 5, 4), f"{i}.1", "Ann", "Ben", "1-0", "600+5")
        for i in range(1, 301)
    ]
    text = _CountedText(games_to_pgn(games))
    read = read_pgn_results(text, source="g.pgn")
    assert [g.round for g in read] == [f"{i}.1" for i in range(1, 301)]
    assert _CountedText.splits == 1


def test_each_refused_pgn_game_still_names_its_own_first_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from arbiter_app.core.errors import InputError
    from arbiter_app.exports.pgn import read_pgn_results

    text = (
        '[White "Ann"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
        '[White "Cid"]\n[Black "?"]\n[Result "1-0"]\n\n1. d4 1-0\n\n'
        '\n\n[White "Dee"]\n[Result "*"]\n\n*\n'
    )
    with pytest.raises(InputError) as refused:
        read_pgn_results(text, source="g.pgn")
    assert [(i.line, i.message) for i in refused.value.issues] == [
        (7, "game 2: no Black player"),
        (15, "game 3: no Black player"),
        (15, "game 3: result '*' is not 1-0, 0-1 or 1/2-1/2"),
    ]
