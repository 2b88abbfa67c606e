"""``arbiter-app section …``, ``quads`` and ``--section NAME`` on the commands about one
tournament: an Open, a Reserve and a ladder of quads in one file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


@pytest.fixture
def saturday(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "saturday.arbiter"
    f = str(path)
    ok(capsys, "new", f, "--name", "Saturday Club", "--system", "swiss", "--rounds", "4")
    # The first section is named after the event until it is renamed.
    ok(capsys, "section", "rename", f, "Saturday Club", "Open")
    ok(capsys, "section", "add", f, "--name", "Reserve", "--system", "swiss", "--rounds", "3")
    ok(capsys, "section", "add", f, "--name", "Quads", "--system", "swiss", "--rounds", "3")
    for section, base, count in (("Open", 2300, 5), ("Reserve", 1500, 4), ("Quads", 1900, 9)):
        for i in range(1, count + 1):
            rating = str(base - 37 * i)
            name = f"{section[0]}{i}"
            ok(capsys, "player", "add", f, "--section", section, "--name", name, "--rating", rating)
    return path


def test_sections_are_listed_added_and_refused(
    saturday: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(saturday)
    assert ok(capsys, "section", "list", f).splitlines() == [
        "Open (Swiss, 4 rounds, 5 players): Registration: 5 players, no round paired yet",
        "Reserve (Swiss, 3 rounds, 4 players): Registration: 4 players, no round paired yet",
        "Quads (Swiss, 3 rounds, 9 players): Registration: 9 players, no round paired yet",
    ]
    listed = json.loads(ok(capsys, "section", "list", f, "--json"))
    assert [(s["name"], s["players"]) for s in listed] == [
        ("Open", 5),
        ("Reserve", 4),
        ("Quads", 9),
    ]
    code, _, err = run(
        capsys, "section", "add", f, "--name", "open", "--system", "swiss", "--rounds", "3"
    )
    assert code == 2
    assert 'a section called "open" already' in err
    code, _, err = run(capsys, "section", "remove", f, "Reserve")
    assert code == 2
    assert '"Reserve" has 4 players: move them to another section first' in err
    ok(capsys, "section", "add", f, "--name", "Blitz", "--system", "round-robin", "--rounds", "5")
    assert 'removed the section "Blitz"' in ok(capsys, "section", "remove", f, "Blitz")


def test_a_command_on_one_tournament_needs_its_section(
    saturday: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(saturday)
    code, out, err = run(capsys, "standings", f)
    assert (code, out) == (2, "")
    assert '3 sections ("Open", "Reserve" and "Quads"): say which one' in err
    assert "--section NAME" in err
    code, _, err = run(capsys, "player", "list", f, "--section", "Blitz")
    assert code == 2
    assert 'no section "Blitz"; its sections are "Open", "Reserve" and "Quads"' in err
    # A section's name is found without regard to case.
    listed = ok(capsys, "player", "list", f, "--section", "reserve")
    assert "R1" in listed and "O1" not in listed


def test_a_player_moves_before_round_1_and_not_after(
    saturday: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(saturday)
    said = ok(capsys, "section", "move", f, "5", "--section", "Open", "--to", "Reserve")
    assert said.strip() == 'moved O5 from "Open" to "Reserve", pairing number 1'
    with Session.open(saturday, readonly=True) as session:
        session.select("Open")
        assert [p.name for p in session.event.players] == ["O1", "O2", "O3", "O4"]
        session.select("Reserve")
        assert next(p.name for p in session.event.players) == "O5"
    ok(capsys, "pair", f, "--section", "Reserve", "--initial-colour", "white")
    code, _, err = run(capsys, "section", "move", f, "1", "--section", "Reserve", "--to", "Open")
    assert code == 2
    assert 'in "Reserve" round 1 is paired already' in err


def test_quads_split_by_rating_and_each_is_a_tournament_of_its_own(
    saturday: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = str(saturday)
    shown = ok(capsys, "quads", f, "--section", "Quads", "--dry-run")
    assert shown.splitlines()[:2] == [
        'the players of "Quads" would make:',
        "Quad 1: 4 players, a round robin of 3 rounds",
    ]
    assert "Quad 2: 5 players, a Swiss of 3 rounds" in shown
    assert "Nothing was changed" in shown
    code, _, err = run(capsys, "quads", f, "--section", "Quads", "--remainder", "house-player")
    assert code == 2 and "9 players leave 1 over" in err
    made = ok(capsys, "quads", f, "--section", "Quads")
    assert "pairing numbers drawn by lot" in made
    names = [s.split(" (")[0] for s in ok(capsys, "section", "list", f).splitlines()]
    assert names == ["Open", "Reserve", "Quad 1", "Quad 2"]
    # A quad pairs by the Berger table, enters results and exports its own TRF.
    paired = ok(capsys, "pair", f, "--section", "Quad 1")
    assert paired.startswith("round 1: 2 boards")
    ok(capsys, "result", f, "--section", "Quad 1", "--round", "1", "--board", "1", "1-0")
    out = tmp_path / "quad1.trf"
    ok(capsys, "export", f, "--section", "Quad 1", "-o", str(out))
    trf = out.read_text(encoding="utf-8")
    assert "012 Saturday Club - Quad 1" in trf
    assert trf.count("\n001 ") == 4
    # The log says where each action was; the split section is gone, named by its number.
    log = ok(capsys, "log", f).splitlines()
    assert " Quad 1: enter_result " in log[-1]
    assert " section 3: section.quads " in log[-3]
    status = ok(capsys, "status", f)
    assert status.count("Registration:") == 3  # Open, Reserve and Quad 2
    assert "Saturday Club - Quad 1 (round robin, 3 rounds, 4 players)" in status
    assert 'can be paired (arbiter-app pair FILE --section "Quad 2")' in status


def test_a_round_completed_in_one_section_is_backed_up_under_its_name(
    saturday: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    ok(capsys, "backups", "--folder", str(usb))
    f = str(saturday)
    ok(capsys, "pair", f, "--section", "Reserve", "--initial-colour", "white")
    ok(capsys, "result", f, "--section", "Reserve", "--round", "1", "--board", "1", "1-0")
    assert list(usb.iterdir()) == []  # board 2 of the Reserve is still playing
    ok(capsys, "result", f, "--section", "Reserve", "--round", "1", "--board", "2", "0-1")
    (copy,) = usb.iterdir()
    assert copy.name.startswith("Saturday Club - Reserve, after round 1 (")
    # The Open has no complete round: its players' section is not backed up again.
    ok(capsys, "player", "add", f, "--section", "Open", "--name", "Late", "--rating", "1800")
    assert len(list(usb.iterdir())) == 1


def test_every_section_exported_to_its_own_trf_file(
    saturday: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = str(saturday)
    out = tmp_path / "saturday.trf"
    said = ok(capsys, "export", f, "--every-section", "-o", str(out))
    assert said.splitlines() == [
        f"wrote {tmp_path / 'saturday-open.trf'}",
        f"wrote {tmp_path / 'saturday-reserve.trf'}",
        f"wrote {tmp_path / 'saturday-quads.trf'}",
    ]
    reserve = (tmp_path / "saturday-reserve.trf").read_text(encoding="utf-8")
    assert "012 Saturday Club - Reserve" in reserve
    assert reserve.count("\n001 ") == 4
    code, _, err = run(capsys, "export", f, "--every-section", "--section", "Open", "-o", str(out))
    assert code == 2 and "leave out --section" in err
