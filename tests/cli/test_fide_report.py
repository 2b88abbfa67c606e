"""The FIDE rating report: ``export --format trf`` from an event run on the command line, read back
by FIDE's reference reader (gacrux), and ``report FILE``, what it still lacks."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from gacrux.trf2json import trf2json

from arbiter_app.cli import main
from arbiter_app.core.model import Colour, EntryKind, Outcome
from arbiter_app.core.trf.report import TRF26_RECORDS
from arbiter_app.sheets.builders import standings_of
from arbiter_app.sheets.source import load

ROUND_DATES = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]
PLAYERS = [
    ("Smith, Ann", "2210", "m", "1990/01/02"),
    ("Jones, Ben", "2150", "m", "1988/05/03"),
    ("Brown, Cid", "2085", "m", "1975/07/04"),
    ("White, Dee", "1990", "w", "2001/02/05"),
    ("Black, Eve", "1920", "w", "1999/11/06"),
    ("Green, Fay", "1850", "w", "2005/03/07"),
    ("Gray, Gus", "1800", "m", "1966/09/08"),
    ("Kent, Kim", "", "w", "2010/12/09"),  # a new player: unrated, FIDE ID given
]
RESULTS = ["1-0", "1/2", "0-1", "1/2"]


def _run(*argv: str) -> None:
    assert main(list(argv)) == 0, argv


def _build(path: Path, *, rounds: int = 4, disqualify: int | None = None) -> Path:
    """An eight-player FIDE Swiss run from registration to its last round on the command line."""
    f = str(path)
    _run("new", f, "--name", "Autumn Open", "--system", "swiss", "--rounds", "4")
    _run("settings", f, "--preset", "fide-swiss")
    for number, (name, rating, sex, birth) in enumerate(PLAYERS, start=1):
        extra = ["--rating", rating] if rating else []
        _run(
            "player", "add", f, "--name", name, *extra, "--sex", sex, "--birth", birth,
            "--federation", "ESP", "--fide-id", str(2200000 + number),
        )  # fmt: skip
    _run(
        "settings", f, "--city", "Madrid", "--federation", "ESP", "--start-date", "2026-11-20",
        "--end-date", "2026-11-23", "--chief-arbiter", "Ruiz, Ana", "--time-control", "5400+30",
        "--round-dates", ",".join(ROUND_DATES),
    )  # fmt: skip
    for round_no in range(1, rounds + 1):
        _run("pair", f, *(["--initial-colour", "white"] if round_no == 1 else []))
        for board in range(1, 5):
            result = RESULTS[(round_no + board) % 4]
            code = main(["result", f, "--round", str(round_no), "--board", str(board), result])
            assert code in (0, 2)  # a board the round does not have (a bye): refused
        if disqualify is not None and round_no == 2:
            _run("player", "disqualify", f, "--player", str(disqualify), "--confirm")
    return path


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished event with player 7 disqualified after round 2 (so a pairing-allocated bye)."""
    return _build(tmp_path_factory.mktemp("report") / "open.arbiter", disqualify=7)


def _export(event: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    capsys.readouterr()
    assert main(["export", str(event), "--format", "trf", "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8"), capsys.readouterr().err


def test_round_dates_from_the_command_line_are_record_132(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``settings --round-dates`` takes ISO dates; record 132 has them as YY/MM/DD in columns
    92-99, 102-109, … (TRF-26). It used to refuse: "round 1's date '2026-11-20' is longer
    than YY/MM/DD"."""
    text, _ = _export(finished, tmp_path / "open.trf", capsys)
    line = next(x for x in text.splitlines() if x.startswith("132"))
    assert [line[91 + 10 * k : 99 + 10 * k] for k in range(4)] == [
        "26/11/20",
        "26/11/21",
        "26/11/22",
        "26/11/23",
    ]


def test_the_report_holds_only_trf26_records_and_says_what_it_leaves_out(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No ``ARB`` record (TRF-26 defines none): the disqualification is said in a note, the
    disqualified player keeps his games with rank 0, and record 182 names the program that
    paired the event."""
    text, err = _export(finished, tmp_path / "open.trf", capsys)
    tags = {line[:3] for line in text.splitlines() if line.strip()}
    assert tags <= TRF26_RECORDS | {"###"}, tags - TRF26_RECORDS
    assert "\n182 Arbiter\n" in text
    gus = next(x for x in text.splitlines() if x.startswith("001    7"))
    assert gus[85:89] == "   0" and gus[91:99].strip() and not gus[111:].strip()
    assert "note: open.trf: disqualified players (7): TRF-26 has no record" in err


def test_check_finds_nothing_wrong_with_the_report(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The checker once read the report's own ``ARB DISQUALIFIED`` as an absence from every
    round and re-paired rounds the player had played: false findings on a clean event."""
    out = tmp_path / "open.trf"
    text, _ = _export(finished, out, capsys)
    assert main(["check", str(out)]) == 0, capsys.readouterr().out
    # A file that does say so (an older Arbiter's report) is checked the same.
    older = tmp_path / "older.trf"
    ranked = [
        x[:85] + "   8" + x[89:] if x.startswith("001    7") else x for x in text.splitlines()
    ]
    older.write_text("\n".join([*ranked, "ARB DISQUALIFIED 7"]) + "\n", encoding="utf-8")
    assert main(["check", str(older)]) == 0, capsys.readouterr().out


def _gacrux(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    reader = trf2json()
    reader.parse_file(text, 0)
    assert reader.chessjson["status"]["code"] < 400, reader.chessjson["status"]
    return reader.chessjson["event"], reader.get_tournament(1)


_LETTER = {Outcome.WIN: "W", Outcome.DRAW: "D", Outcome.LOSS: "L"}


def test_fides_reference_reader_reads_every_value_back(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """gacrux's TRF reader (FIDE's reference implementation) gets from the report exactly the
    event's values: its header, every player's name, rating, FIDE ID, federation, sex, birth,
    points and rank, and every game of every round with its colours and result."""
    text, _ = _export(finished, tmp_path / "open.trf", capsys)
    info, tournament = _gacrux(text)
    src = load(finished)
    event = src.event
    standings = standings_of(src)

    head = info["eventInfo"]
    assert (head["fullName"], head["site"], head["federation"]) == ("Autumn Open", "Madrid", "ESP")
    assert (head["startDate"], head["endDate"]) == ("2026-11-20", "2026-11-23")
    assert [r["startTime"] for r in tournament["rounds"]] == ROUND_DATES
    assert tournament["numRounds"] == 4 and tournament["pairingcontrollerid"] == "Arbiter"
    assert tournament["timeControl"]["description"] == "5400+30"

    profiles = {p["id"]: p for p in info["profiles"]}
    places = {row.tpn: row.rank for row in standings.rows}
    scores = {p.tpn: event.score(p.tpn) for p in event.players}
    for competitor in tournament["competitors"]:
        player = event.player(competitor["cid"])
        profile = profiles[competitor["profileId"]]
        assert profile["fideName"] == player.name
        assert profile["fideId"] == int(player.fide_id)
        assert profile["federation"] == player.federation and profile["sex"] == player.sex
        assert profile["birth"] == player.birth.replace("/", "-")
        rating = competitor["rating"]["rating"] if competitor["rating"] else None
        assert rating == player.rating
        assert competitor["gamePoints"] == Decimal(str(float(scores[player.tpn])))
        assert competitor["rank"] == places.get(player.tpn, 0)

    theirs = set()
    for game in tournament["gameList"]:
        white, black = game["white"], game["black"]
        side = (white["cid"], white.get("result"), black["cid"] if black else 0)
        theirs.add((game["round"], *side, black.get("result") if black else None))
    ours = set()
    for rnd, tpn, entry in event.iter_games():
        if entry.kind is EntryKind.GAME and entry.colour is Colour.WHITE:
            assert entry.outcome is not None and entry.opponent is not None
            opposite = _LETTER[entry.outcome.opposite]
            ours.add((rnd, tpn, _LETTER[entry.outcome], entry.opponent, opposite))
        elif entry.kind is EntryKind.PAIRING_BYE:
            ours.add((rnd, tpn, "P", 0, None))
    assert theirs == ours
    assert len(ours) == 4 + 4 + 4 + 4  # four boards a round; a bye once player 7 is out
    # Nothing is missing: the readiness check is clean.
    assert main(["report", str(finished)]) == 0, capsys.readouterr().out


def test_an_export_during_a_round_says_which_pairings_it_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round in progress is not in the report (TRF has no code for a game not yet played);
    the export says so instead of dropping its pairings without a word, and ``report``
    lists the round among what the report lacks."""
    event = _build(tmp_path / "open.arbiter", rounds=2)
    _run("pair", str(event))
    _run("result", str(event), "--round", "3", "--board", "1", "1-0")
    text, err = _export(event, tmp_path / "open.trf", capsys)
    assert "note: open.trf: round 3 is in progress: its pairings are not in the report" in err
    assert all(len(x.rstrip()) <= 109 for x in text.splitlines() if x.startswith("001"))
    assert main(["report", str(event)]) == 1
    out = capsys.readouterr().out
    assert "round 3 is in progress: 3 boards without a result (2, 3, 4)" in out
    assert "round 4 of 4 not played yet" in out


def test_report_lists_what_is_missing_player_by_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``report FILE`` exits 1 and names each missing item: the event's records, then each
    player's (FIDE ID, federation, a new player's sex and date of birth); 0 once complete."""
    f = str(tmp_path / "club.arbiter")
    _run("new", f, "--name", "Club Open", "--system", "swiss", "--rounds", "1")
    _run("player", "add", f, "--name", "Smith, Ann", "--rating", "2210", "--fide-id", "1501")
    _run("player", "add", f, "--name", "Kent, Kim")
    _run("pair", f, "--initial-colour", "white")
    _run("result", f, "--round", "1", "--board", "1", "1-0")
    capsys.readouterr()
    assert main(["report", f, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    missing = [(m["record"], m["player"], m["what"]) for m in data["missing"]]
    event_records = [m[0] for m in missing if m[1] is None]
    assert event_records == ["022", "032", "042", "052", "102", "122", "132"]
    assert [m[2] for m in missing if m[1] == 1] == ["no federation (columns 54-56; FID for none)"]
    assert [m[2] for m in missing if m[1] == 2] == [
        "no FIDE ID (columns 58-68)",
        "no federation (columns 54-56; FID for none)",
        "new player without sex (column 10: m or w)",
        "new player without a date of birth (columns 70-79)",
    ]
    _run(
        "settings", f, "--city", "Oslo", "--federation", "NOR", "--start-date", "2026-11-20",
        "--end-date", "2026-11-20", "--chief-arbiter", "Berg, Ola", "--time-control", "G/90+30",
        "--round-dates", "2026-11-20",
    )  # fmt: skip
    _run("player", "edit", f, "--player", "1", "--federation", "NOR")
    _run(
        "player", "edit", f, "--player", "2", "--federation", "NOR", "--fide-id", "1502",
        "--sex", "w", "--birth", "2010/12/09",
    )  # fmt: skip
    capsys.readouterr()
    assert main(["report", f]) == 0
    assert "the FIDE rating report is ready to send" in capsys.readouterr().out


LONG_DATES = ["2026-11-20", "2026-11-27", "2026-12-04", "2026-12-11"]


@pytest.fixture(scope="module")
def long_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The finished event, its rounds a week apart: from 20 November to 11 December."""
    path = _build(tmp_path_factory.mktemp("long") / "league.arbiter")
    _run("settings", str(path), "--end-date", "2026-12-11", "--round-dates", ",".join(LONG_DATES))
    return path


def test_report_flags_an_event_over_30_days_with_its_rating_periods(
    long_event: Path, finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FIDE C.02 Q210-Q216: the flag, each round's rating period, the report by period, and
    the advice against rating tie-breaks (FIDE C.07 article 10: ARO/C1 is in fide-swiss)."""
    capsys.readouterr()
    assert main(["report", str(long_event)]) == 0  # nothing missing: a notice, not a gap
    out = capsys.readouterr().out
    assert "over 30 days" not in out  # 20 November to 11 December: 22 days
    assert main(["report", str(long_event), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["over_30_days"] is False and data["rating_periods"] == {}
    _run("settings", str(long_event), "--end-date", "2026-12-21")
    capsys.readouterr()
    assert main(["report", str(long_event), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["over_30_days"] is True and data["ready"] is True
    assert main(["report", str(long_event)]) == 0
    assert "An event over 30 days (FIDE C.02; FIDE C.07 article 10):" in capsys.readouterr().out
    assert data["rating_periods"] == {
        "1": "2026-11",
        "2": "2026-11",
        "3": "2026-12",
        "4": "2026-12",
    }
    notices = data["long_event"]
    assert notices[0].startswith("The event lasts 32 days (2026-11-20 to 2026-12-21)")
    assert "send the rating report period by period" in notices[2]
    assert "(ARO/C1)" in notices[3] and "FIDE C.07 article 10" in notices[3]
    # The export says it too, one note a notice (nothing of it goes into the report).
    _, err = _export(long_event, tmp_path / "league.trf", capsys)
    assert f"note: league.trf: {notices[0]}" in err.splitlines()
    assert f"note: league.trf: {notices[2]}" in err.splitlines()
    # A short event says nothing of it.
    assert main(["report", str(finished), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["over_30_days"] is False and data["long_event"] == [] and not data["rating_periods"]


def test_each_rating_period_exports_its_own_report_read_back_by_fides_reader(
    long_event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``export --format trf --period YYYY-MM``: the rounds dated in that month only, numbered
    from 1, a tournament of its own (FIDE's rating officers: each period's report holds only
    the games to rate in it); gacrux reads back every game of those rounds."""
    event = load(long_event).event
    for month, rounds in (("2026-11", (1, 2)), ("2026-12", (3, 4))):
        out = tmp_path / f"league-{month}.trf"
        capsys.readouterr()
        assert main(["export", str(long_event), "--format", "trf", "--period", month,
                     "-o", str(out)]) == 0  # fmt: skip
        err = capsys.readouterr().err
        assert f"the event's rounds {rounds[0]}-{rounds[1]}, numbered from 1" in err
        _, tournament = _gacrux(out.read_text(encoding="utf-8"))
        assert tournament["numRounds"] == 2
        assert [r["startTime"] for r in tournament["rounds"]] == [LONG_DATES[r - 1] for r in rounds]
        theirs = {
            (g["round"], g["white"]["cid"], g["black"]["cid"] if g["black"] else 0)
            for g in tournament["gameList"]
        }
        ours = set()
        for rnd, tpn, entry in event.iter_games():
            if rnd in rounds and entry.kind is EntryKind.GAME and entry.colour is Colour.WHITE:
                ours.add((rounds.index(rnd) + 1, tpn, entry.opponent))
            elif rnd in rounds and entry.kind is EntryKind.PAIRING_BYE:
                ours.add((rounds.index(rnd) + 1, tpn, 0))
        assert theirs == ours and len(ours) == 8
    assert main(["export", str(long_event), "--format", "trf", "--period", "2026-10",
                 "-o", str(tmp_path / "none.trf")]) == 2  # fmt: skip
    assert "no round is dated in October 2026" in capsys.readouterr().err
    assert not (tmp_path / "none.trf").exists()
    assert main(["export", str(long_event), "--format", "csv", "--period", "2026-11",
                 "-o", str(tmp_path / "x.csv")]) == 2  # fmt: skip
    assert "--period writes one rating period's FIDE rating report" in capsys.readouterr().err
