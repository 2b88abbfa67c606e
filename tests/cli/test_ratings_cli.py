"""The command line over the FIDE lists: import, find, info, player add --fide-id, check."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditPlayer,
    EditSettings,
    EnterResult,
    RecordPairings,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "ratings"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The combined list of September 2026 and the rapid list of October 2026, zipped as FIDE
    ships them, imported into this test's data folder."""
    combined = tmp_path / "players_list.zip"
    with zipfile.ZipFile(combined, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(DATA / "players_list_foa.txt", "players_list_foa.txt")
    code, out, _ = run(capsys, "ratings", "import", str(combined), "--month", "2026-09")
    assert code == 0
    assert out.startswith(
        "imported 8 players: FIDE combined list (standard, rapid, blitz), September 2026, "
        "from players_list.zip in "
    )
    rapid = tmp_path / "rapid_oct26frl_xml.zip"
    with zipfile.ZipFile(rapid, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(DATA / "rapid_rating_list.xml", "rapid_oct26frl_xml.xml")
    assert run(capsys, "ratings", "import", str(rapid))[0] == 0
    return tmp_path


def test_info_and_find(imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ratings", "info")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("rating database: ")
    assert lines[1].startswith(
        "FIDE rapid list, October 2026: 6 players, from rapid_oct26frl_xml.zip"
    )
    assert lines[2].startswith(
        "FIDE combined list (standard, rapid, blitz), September 2026: 8 players"
    )
    code, out, _ = run(capsys, "ratings", "find", "aasgaard")
    assert code == 0
    assert out.split() == [
        "1503014", "Aasgaard,", "Magne", "GM", "NOR", "M", "1990",
        "standard", "2712", "(Sep", "2026)", "rapid", "2688", "(Oct", "2026)",
        "blitz", "2745", "(Sep", "2026)",
    ]  # fmt: skip
    code, out, _ = run(capsys, "ratings", "find", "Petrova", "--json")
    (found,) = json.loads(out)
    assert found["flag"] == "wi" and found["ratings"]["rapid"] == {
        "rating": 2546,
        "games": 0,
        "k": 10,
        "list": "2026-10",
    }
    assert run(capsys, "ratings", "find", "nobody")[:2] == (
        1,
        "nobody on the imported lists matches 'nobody'\n",
    )


def test_bad_input_is_refused_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "ratings", "find", "x")
    assert code == 1 and "no FIDE list has been imported yet" in out
    with pytest.raises(SystemExit):
        main(["ratings", "import", str(DATA / "players_list_foa.txt"), "--month", "2026-13"])
    assert "a list's month is written 2026-09" in capsys.readouterr().err
    code, _, err = run(capsys, "ratings", "import", str(DATA / "players_list_foa.txt"))
    assert code == 2 and "give it (for the list of September 2026: --month 2026-09)" in err
    code, _, err = run(capsys, "ratings", "import", str(tmp_path / "nothing.zip"))
    assert code == 2 and "no such file" in err


def test_player_add_from_the_list_of_the_events_type(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = imported / "rapid.arbiter"
    with Session.create(event, name="Club Rapid", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"time_control": "G/15+10", "start_date": "2026-09-19"}))
    code, out, _ = run(capsys, "player", "add", str(event), "--fide-id", "24600962")
    assert (code, out) == (
        0,
        "player 1: Lindqvist, Maja (1766, FIDE rapid list, September 2026)\n",
    )
    # No rapid rating on the list: the standard rating stands in, and says so.
    code, out, _ = run(capsys, "player", "add", str(event), "--fide-id", "4100018")
    assert out == (
        "player 1: Kasimov, Rustam (2037, FIDE list of September 2026: standard rating "
        "(no rapid rating))\n"
        "  1 player below moved one number on (now 2): pairing numbers follow the initial "
        "ranking (FIDE C.04.2 article 2.2)\n"
    )
    # A rating typed in wins over the list's, and is recorded as typed in.
    run(capsys, "player", "add", str(event), "--fide-id", "1503014", "--rating", "2650")
    code, _, err = run(capsys, "player", "add", str(event), "--fide-id", "999")
    assert (
        code == 2
        and "FIDE ID 999 cannot be looked up: it is on none of the 2 imported lists" in err
    )
    code, _, err = run(capsys, "player", "add", str(event))
    assert code == 2 and "give the player's --name, or a --fide-id" in err
    with Session.open(event, readonly=True) as s:
        magne, rustam, maja = s.event.players  # numbered by rating (C.04.2)
    assert (maja.title, maja.federation, maja.sex, maja.birth, maja.fide_id) == (
        "WCM", "SWE", "w", "2009", "24600962",
    )  # fmt: skip
    assert maja.rating_source == "fide:rapid:2026-09"
    assert rustam.rating_source == "fide:rapid:2026-09:standard"
    assert (magne.rating, magne.rating_source, magne.name) == (2650, "manual", "Aasgaard, Magne")


def test_check_lists_who_differs_from_the_list_valid_at_the_start(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = imported / "open.arbiter"
    with Session.create(event, name="Open", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"start_date": "2026-09-26"}))
        s.run(AddPlayer(name="Aasgaard, Magne", rating=2712, fide_id="1503014"))
        s.run(AddPlayer(name="Zhu, Wenli", rating=2300, fide_id="13300474"))
        s.run(AddPlayer(name="Guest, Gary", rating=1500))
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert code == 0
    assert out.splitlines() == [
        "Standard ratings against the FIDE list valid at the start, 2026-09-26: "
        "FIDE combined list (standard, rapid, blitz), September 2026.",
        "2 Zhu, Wenli (FIDE ID 13300474): 2300 in the event, 2360 on the FIDE standard list, "
        "September 2026.",
        "1 of the 2 players with a FIDE ID differs from the list. 1 player has no FIDE ID and was "
        "not checked.",
    ]
    with Session.open(event) as s:
        s.run(EditPlayer(tpn=2, rating=2360))
        s.run(EditSettings(info={"start_date": "2026-08-29"}))
    code, out, err = run(capsys, "ratings", "check", str(event))
    assert code == 2 and "no imported list is valid at the event's start (2026-08-29)" in err
    with Session.open(event) as s:
        s.run(EditSettings(info={"start_date": "2026-09-26"}))
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert code == 0 and out.splitlines()[-1].startswith("All 2 players with a FIDE ID have the")


def test_check_says_when_the_list_valid_at_the_start_is_missing(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q137, Q141: the newest list imported (September) is older than the list
    valid at the start (November): the check says so instead of taking it silently."""
    event = imported / "open.arbiter"
    with Session.create(event, name="Open", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"start_date": "2026-11-20"}))
        s.run(AddPlayer(name="Zhu, Wenli", rating=2300, fide_id="13300474"))
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert code == 0
    assert out.splitlines()[1] == (
        "The newest list imported is of September 2026, older than the event's start "
        "(2026-11-20): the list valid at the start is the list of November 2026 (FIDE Rating "
        "Regulations, Official FIDE Rating List), which has not been imported. Import it "
        "and check again before applying any rating."
    )
    # Applying from the older list is a level-3 question.
    code, _, err = run(capsys, "ratings", "check", str(event), "--apply", "all")
    assert code == 2 and "level 3 question" in err and "list of September 2026" in err
    with Session.open(event, readonly=True) as s:
        assert s.event.player(1).rating == 2300
    code, out, _ = run(capsys, "ratings", "check", str(event), "--apply", "1", "--confirm")
    assert code == 0
    assert out.splitlines()[-1] == (
        "  1 Zhu, Wenli: 2300 -> 2360 (FIDE standard list, September 2026)"
    )


def test_check_applies_the_chosen_changes(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q143, Q144: nothing is updated unasked; the arbiter chooses which."""
    event = imported / "open.arbiter"
    with Session.create(event, name="Open", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"start_date": "2026-09-26"}))
        s.run(AddPlayer(name="Aasgaard, Magne", rating=2700, fide_id="1503014"))
        s.run(AddPlayer(name="Zhu, Wenli", rating=2300, fide_id="13300474"))
        s.run(AddPlayer(name="Guest, Gary", rating=1500))
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert "2 of the 2 players with a FIDE ID differ" in out
    code, _, err = run(capsys, "ratings", "check", str(event), "--apply", "3")
    assert code == 2 and "player 3 has the list's rating already, or was not checked" in err
    code, out, _ = run(capsys, "ratings", "check", str(event), "--apply", "2")
    assert code == 0
    assert out.splitlines()[-2:] == [
        "Applied 1 rating from the lists:",
        "  2 Zhu, Wenli: 2300 -> 2360 (FIDE standard list, September 2026)",
    ]
    with Session.open(event, readonly=True) as s:
        magne, wenli, _ = s.event.players
        assert (magne.rating, magne.rating_source) == (2700, "manual")
        assert (wenli.rating, wenli.rating_source) == (2360, "fide:standard:2026-09")
    code, out, _ = run(capsys, "ratings", "check", str(event), "--apply", "all")
    assert out.splitlines()[-1] == (
        "  1 Aasgaard, Magne: 2700 -> 2712 (FIDE standard list, September 2026)"
    )
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert "All 2 players with a FIDE ID have the list's rating." in out


def test_a_national_list_in_the_events_sequence(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q117 (custom lists), Q123-Q126 (a sequence per event, ordered by the
    arbiter), Q127 (the rating taken from the sequence when a player is registered)."""
    csv = imported / "ENG.csv"
    csv.write_text("Ref;Name;Elo;FIDE\nA1;Kasimov, Rustam;2101;4100018\nB7;Newman, Nick;1650;\n")
    code, _, err = run(capsys, "ratings", "import", str(csv), "--list", "ENG")
    assert code == 2 and "give the month of the list ENG" in err
    code, out, _ = run(
        capsys, "ratings", "import", str(csv), "--list", "ENG", "--month", "2026-11",
        "--columns", "id=Ref,rating=Elo,fide_id=FIDE",
    )  # fmt: skip
    assert (code, out) == (0, "imported 2 players: list ENG, November 2026, from ENG.csv\n")
    assert (
        run(capsys, "ratings", "info")[1]
        .splitlines()[-1]
        .startswith("list ENG, November 2026: 2 players, from ENG.csv, imported ")
    )
    event = imported / "rapid.arbiter"
    with Session.create(event, name="Club Rapid", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"time_control": "G/15+10", "start_date": "2026-11-19"}))
    assert run(capsys, "ratings", "lists", str(event))[1] == (
        "Ratings come from, in order: FIDE rapid, FIDE standard, FIDE blitz (the default of a "
        "rapid event: the effective rapid list (rapid, else standard), then the blitz list).\n"
    )
    code, _, err = run(capsys, "ratings", "lists", str(event), "--set", "rapid,rapid")
    assert code == 2 and "the list 'rapid' is named twice" in err
    code, out, _ = run(capsys, "ratings", "lists", str(event), "--set", "rapid,list:ENG,standard")
    assert out == (
        "Ratings come from, in order: FIDE rapid, list ENG, FIDE standard (set for the event).\n"
    )
    # No rapid rating on the FIDE list: the national list comes before FIDE's standard one.
    code, out, _ = run(capsys, "player", "add", str(event), "--fide-id", "4100018")
    assert out.splitlines()[0] == "player 1: Kasimov, Rustam (2101, list ENG, November 2026)"
    with Session.open(event) as s:
        s.run(AddPlayer(name="Newman, Nick", rating=1600, national_id="B7"))
    code, out, _ = run(capsys, "ratings", "check", str(event), "--apply", "2")
    assert out.splitlines()[0] == (
        "Rapid ratings against the lists valid at the start, 2026-11-19: FIDE rapid list, "
        "October 2026; FIDE combined list (standard, rapid, blitz), September 2026; list ENG, "
        "November 2026."
    )
    assert "2 Newman, Nick (ID B7): 1600 in the event, 1650 on the list ENG, November 2026." in out
    assert out.splitlines()[-1] == "  2 Newman, Nick: 1600 -> 1650 (list ENG, November 2026)"
    run(capsys, "ratings", "lists", str(event), "--default")
    with Session.open(event, readonly=True) as s:
        assert s.state.setting("rating_lists") is None


def test_update_imports_every_list_of_a_folder(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q136: every local list updated in one action from the files downloaded:
    FIDE's, and each custom list imported before, with the layout it was declared with."""
    first = imported / "ENG.csv"
    first.write_text("Ref;Name;Elo\nA1;Kasimov, Rustam;2101\n")
    run(
        capsys, "ratings", "import", str(first), "--list", "ENG", "--month", "2026-10",
        "--columns", "id=Ref,rating=Elo",
    )  # fmt: skip
    folder = imported / "downloads"
    folder.mkdir()
    with zipfile.ZipFile(folder / "players_list.zip", "w") as archive:
        archive.write(DATA / "players_list_foa.txt", "players_list_foa.txt")
    (folder / "ENG.csv").write_text("Ref;Name;Elo\nA1;Kasimov, Rustam;2120\nB2;Bo;1500\n")
    (folder / "NAT.csv").write_text("x\n")
    (folder / "notes.pdf").write_text("x\n")
    code, out, _ = run(capsys, "ratings", "update", str(folder), "--month", "2026-11")
    assert code == 0
    assert out.splitlines() == [
        "imported 2 players: list ENG, November 2026, from ENG.csv",
        "skipped NAT.csv: no custom list NAT was imported before (import it once with --list "
        "and its --columns)",
        "imported 8 players: FIDE combined list (standard, rapid, blitz), November 2026, from "
        "players_list.zip",
        "2 lists imported.",
    ]
    (folder / "rapid_rating_list.txt").write_text("not a list\n")
    code, out, _ = run(capsys, "ratings", "update", str(folder), "--month", "2026-11")
    assert code == 2 and "not imported: rapid_rating_list.txt: " in out
    assert out.splitlines()[-1] == "2 lists imported, 1 file not imported."


def test_q138_the_check_after_a_list_update_is_switched_off_and_on(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q138-Q139: 'ratings update FOLDER --event FILE' checks the event after the
    update, as the window checks the open event, unless the event switched that off with
    'settings --no-rating-check'; 'ratings check' runs either way."""
    event = imported / "rapid.arbiter"
    with Session.create(event, name="Club Rapid", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"time_control": "G/15+10", "start_date": "2026-09-19"}))
        s.run(AddPlayer(name="Lindqvist, Maja", fide_id="24600962", rating=1700))
    folder = imported / "downloads"
    folder.mkdir()
    with zipfile.ZipFile(folder / "players_list.zip", "w") as archive:
        archive.write(DATA / "players_list_foa.txt", "players_list_foa.txt")
    # On (the default): the check follows the update.
    code, out, _ = run(capsys, "ratings", "update", str(folder), "--month", "2026-09",
                       "--event", str(event))  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[lines.index("1 list imported.") + 1 :] == [
        "rapid.arbiter:",
        "Rapid ratings against the FIDE list valid at the start, 2026-09-19: FIDE combined "
        "list (standard, rapid, blitz), September 2026.",
        "1 Lindqvist, Maja (FIDE ID 24600962): 1700 in the event, 1766 on the FIDE rapid list, "
        "September 2026.",
        "The player with a FIDE ID differs from the list.",
    ]
    # Off: the settings say so, and the update says the event was not checked.
    code, out, _ = run(capsys, "settings", str(event), "--no-rating-check")
    assert code == 0
    assert "rating check:    not after a list update (switched off; 'ratings check' runs on " in out
    code, out, _ = run(capsys, "ratings", "import", str(folder / "players_list.zip"),
                       "--month", "2026-09", "--event", str(event))  # fmt: skip
    assert code == 0
    assert out.splitlines()[-1] == (
        "rapid.arbiter: The event's ratings were not checked against the lists: the check "
        "after a list update is switched off for this event (FIDE C.02, question 138). A check "
        "asked for still runs ('arbiter-app ratings check FILE', or Ratings ▸ Check players' "
        "ratings… in the window)."
    )
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert "1700 in the event, 1766 on the FIDE rapid list" in out
    # On again.
    run(capsys, "settings", str(event), "--rating-check")
    code, out, _ = run(capsys, "settings", str(event), "--json")
    assert json.loads(out)["rating_check_after_update"] is True
    code, out, _ = run(capsys, "ratings", "update", str(folder), "--month", "2026-09",
                       "--event", str(event))  # fmt: skip
    assert "rapid.arbiter:" in out.splitlines()


def test_ratings_on_the_other_lists_are_shown_and_one_can_be_taken(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q128, Q129: a player not rated on the main list of the sequence is shown
    with the ratings of the other lists, and the arbiter may take one of them."""
    csv = imported / "ENG.csv"
    csv.write_text("Ref;Name;Elo;FIDE\nA1;Kasimov, Rustam;2101;4100018\n")
    run(
        capsys, "ratings", "import", str(csv), "--list", "ENG", "--month", "2026-09",
        "--columns", "id=Ref,rating=Elo,fide_id=FIDE",
    )  # fmt: skip
    event = imported / "blitz.arbiter"
    with Session.create(event, name="Blitz", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"time_control": "G/3+2", "start_date": "2026-09-19"}))
    run(capsys, "ratings", "lists", str(event), "--set", "blitz,list:ENG")
    code, out, _ = run(capsys, "player", "add", str(event), "--fide-id", "4100018")
    assert out.splitlines() == [
        "player 1: Kasimov, Rustam (2101, list ENG, September 2026)",
        "  on the other lists: FIDE standard 2037 (September 2026) (take one with "
        "--rating-from LIST)",
    ]
    # Rated on the main list: nothing more is said.
    code, out, _ = run(capsys, "player", "add", str(event), "--fide-id", "53206878")
    assert out == "player 2: Van Damme, Anna (1502, FIDE blitz list, September 2026)\n"
    code, out, _ = run(
        capsys, "player", "add", str(event), "--fide-id", "1503014", "--rating-from", "standard"
    )
    assert out.splitlines()[0] == (
        "player 1: Aasgaard, Magne (2712, FIDE list of September 2026: standard rating (no "
        "blitz rating))"
    )
    code, _, err = run(
        capsys, "player", "add", str(event), "--fide-id", "1503014", "--rating-from", "elo"
    )
    assert code == 2 and "--rating-from: unknown rating list 'elo'" in err


def test_check_against_the_lists_valid_from_a_given_round(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list valid from a given round: checked against the lists valid on that round's
    date, and applied from that round (the rounds paired keep their ratings)."""
    event = imported / "rapid.arbiter"
    with Session.create(event, name="Rapid", system="swiss", rounds=3, durable=False) as s:
        s.run(
            EditSettings(
                info={
                    "time_control": "G/15+10",
                    "start_date": "2026-09-26",
                    "round_dates": ["2026-09-26", "2026-09-27", "2026-10-03"],
                }
            )
        )
        s.run(AddPlayer(name="Aasgaard, Magne", rating=2688, fide_id="1503014"))
        s.run(AddPlayer(name="Zhu, Wenli", rating=2349, fide_id="13300474"))
        s.run(RecordPairings(round=1, boards=[[1, 2]]))
        s.run(EnterResult(round=1, board=1, result="1-0"))
    october = imported / "rapid_oct26frl_xml.xml"
    october.write_text(
        "<playerslist><player><fideid>1503014</fideid><name>Aasgaard, Magne</name>"
        "<country>NOR</country><sex>M</sex><rating>2671</rating><games>4</games><k>10</k>"
        "<birthday>1990</birthday><flag></flag></player></playerslist>\n"
    )
    assert run(capsys, "ratings", "import", str(october))[0] == 0
    code, out, _ = run(capsys, "ratings", "check", str(event))
    assert out.splitlines()[-1] == "All 2 players with a FIDE ID have the list's rating."
    code, out, _ = run(capsys, "ratings", "check", str(event), "--from-round", "3")
    assert out.splitlines()[:2] == [
        "Rapid ratings against the FIDE lists valid from round 3, 2026-10-03: FIDE rapid list, "
        "October 2026; FIDE combined list (standard, rapid, blitz), September 2026.",
        "1 Aasgaard, Magne (FIDE ID 1503014): 2688 in the event, 2671 on the FIDE rapid list, "
        "October 2026.",
    ]
    code, _, err = run(
        capsys, "ratings", "check", str(event), "--from-round", "3", "--apply", "all"
    )
    assert code == 2 and "once round 2 is paired" in err
    with Session.open(event) as s:
        s.run(RecordPairings(round=2, boards=[[2, 1]]))
    code, out, _ = run(
        capsys, "ratings", "check", str(event), "--from-round", "3", "--apply", "all"
    )
    assert code == 0 and out.splitlines()[-1].startswith("  1 Aasgaard, Magne: 2688 -> 2671")


def test_player_add_from_a_national_list(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checklist Q117, Q127: a player registered by the ID of a national list of the
    sequence, with the rating the sequence gives (FIDE's first when the list gives the
    FIDE ID, and the fields the national list leaves out from FIDE's)."""
    csv = imported / "ENG.csv"
    csv.write_text(
        "id;name;rating;fide_id;sex\nA1;Kasimov, Rustam;2101;4100018;\nB7;Newman, Nick;1650;;M\n"
    )
    run(capsys, "ratings", "import", str(csv), "--list", "ENG", "--month", "2026-09")
    event = imported / "open.arbiter"
    with Session.create(event, name="Open", system="swiss", rounds=5, durable=False) as s:
        s.run(EditSettings(info={"start_date": "2026-09-26"}))
    code, _, err = run(capsys, "player", "add", str(event), "--national-id", "B7")
    assert code == 2 and "names no national or custom list" in err
    run(capsys, "ratings", "lists", str(event), "--set", "standard,list:ENG")
    code, out, _ = run(capsys, "player", "add", str(event), "--national-id", "B7")
    assert out == "player 1: Newman, Nick (1650, list ENG, September 2026)\n"
    code, out, _ = run(capsys, "player", "add", str(event), "--national-id", "A1")
    assert (
        out.splitlines()[0]
        == "player 1: Kasimov, Rustam (2037, FIDE standard list, September 2026)"
    )
    code, _, err = run(capsys, "player", "add", str(event), "--national-id", "ZZ")
    assert code == 2 and "ID ZZ cannot be looked up: it is on no list ENG" in err
    with Session.open(event, readonly=True) as s:
        rustam, nick = s.event.players
    assert (nick.national_id, nick.sex, nick.rating_source) == ("B7", "m", "list:ENG:2026-09")
    assert (rustam.national_id, rustam.fide_id, rustam.federation) == ("A1", "4100018", "UZB")
