"""``player checkin``, ``player absent``, ``player bye --rounds`` and ``player add --late``
chosen round by round: each one session command, refused with its reason."""

from __future__ import annotations

import json
from pathlib import Path

from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.model import EntryKind
from arbiter_app.exports.sheet import Table
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings, EnterResult
from arbiter_app.sheets.builders import SHEETS
from arbiter_app.sheets.source import load
from tests.support.cli import Capture, refused, run
from tests.support.sessions import TickingClock, small_event


def fresh(path: Path, *, policy: str = "fide") -> Path:
    with Session.create(
        path, name="Club", system="swiss", rounds=5, clock=TickingClock(), durable=False
    ) as session:
        if policy != "fide":
            session.run(EditSettings(bye_policy=policy))
        for name in ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay"):
            session.run(AddPlayer(name=name))
    return path


def last_command(path: Path) -> tuple[str, dict[str, object]]:
    with Session.open(path, readonly=True) as session:
        entry = session.journal()[-1]
    return entry.command, entry.arguments


def test_check_in_then_pair_round_one(capsys: Capture, tmp_path: Path) -> None:
    path = fresh(tmp_path / "club.arbiter")
    code, out, _ = run(capsys, "player", "checkin", str(path), "1", "2", "3", "5")
    assert code == 0
    assert out.splitlines() == [
        "checked in: 1 Ann, 2 Ben, 3 Cid, 5 Eve",
        "4 of 6 players checked in",
    ]
    assert last_command(path) == ("check_in", {"players": [1, 2, 3, 5], "present": True})
    code, out, _ = run(capsys, "player", "checkin", str(path), "5", "--undo")
    assert out.splitlines()[-1] == "3 of 6 players checked in"
    code, out, _ = run(capsys, "player", "list", str(path))
    assert "Present" in out.splitlines()[0] and "3 of 6 players checked in" in out
    listed = json.loads(run(capsys, "player", "list", str(path), "--json")[1])
    assert [p["present"] for p in listed] == [True, True, True, False, False, False]
    code, out, _ = run(capsys, "pair", str(path), "--initial-colour", "white")
    assert code == 0, out
    # Why each is out of the round, in the pairing's own words.
    for line in ("4 Dee", "5 Eve", "6 Fay"):
        said = next(x for x in out.splitlines() if line in x)
        assert said.endswith("did not check in before round 1: not paired, 0 points"), said
    with Session.open(path, readonly=True) as session:
        kinds = [session.event.entry(t, 1).kind for t in (4, 5, 6)]
        on_board = {t for (r, _), g in session.state.tables["boards"].items() if r == 1
                    for t in (g["white"], g["black"])}  # fmt: skip
    assert kinds == [EntryKind.NOT_PAIRED] * 3
    assert on_board == {1, 2} or on_board <= {1, 2, 3}
    err = refused(capsys, path, "player", "checkin", str(path), "4")
    assert "check-in is closed: round 1 is paired already" in err


def test_absent_for_a_coming_round_and_back(capsys: Capture, tmp_path: Path) -> None:
    path = fresh(tmp_path / "club.arbiter", policy="uscf-28l")
    code, out, _ = run(capsys, "player", "absent", str(path), "--round", "2", "4", "6")
    assert code == 0
    assert out.strip() == (
        "round 2: 4 Dee, 6 Fay absent, not paired: a half-point bye each (US Chess 22C, 22C1)"
    )
    assert last_command(path) == ("mark_absent", {"round": 2, "players": [4, 6], "absent": True})
    code, out, _ = run(capsys, "player", "list", str(path))
    assert "round 2 (absent, half-point bye)" in out
    code, out, _ = run(capsys, "player", "absent", str(path), "--round", "2", "6", "--undo")
    assert out.strip() == "round 2: 6 Fay no longer absent"
    err = refused(capsys, path, "player", "absent", str(path), "--round", "2", "6", "--undo")
    assert "player 6 is not marked absent for round 2" in err


def test_absent_refused_once_the_player_is_paired(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    err = refused(capsys, path, "player", "absent", str(path), "--round", "2", "3")
    assert "player 3 is paired on board 2 of round 2 already" in err


def test_byes_for_a_range_of_rounds(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    err = refused(capsys, path, "player", "bye", str(path), "2", "--rounds", "2-4",
                  "--points", "0")  # fmt: skip
    assert "round 2 is paired already" in err
    err = refused(capsys, path, "player", "bye", str(path), "2", "--rounds", "4-6",
                  "--points", "0")  # fmt: skip
    assert "the event has 5 rounds: there is no round 6" in err
    err = refused(capsys, path, "player", "bye", str(path), "2", "--rounds", "3-5",
                  "--points", "1/2")  # fmt: skip
    assert "would have 3 half-point byes (rounds 3-5)" in err
    code, out, _ = run(capsys, "player", "bye", str(path), "2", "--rounds", "3-5",
                       "--points", "1/2", "--confirm")  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == "player 2 Ben: half-point bye requested for rounds 3-5"
    assert last_command(path)[0] == "requested_byes"
    code, out, _ = run(capsys, "player", "bye", str(path), "--player", "2", "--rounds", "4,5",
                       "--cancel")  # fmt: skip
    assert out.strip() == "player 2 Ben: the bye requests for rounds 4-5 are cancelled"


def test_a_late_entry_round_by_round_and_by_default(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "spring.arbiter"
    with small_event(path) as session:
        session.run(EnterResult(round=2, board=2, result="1/2"))
    code, out, _ = run(capsys, "player", "add", str(path), "--name", "Ivy",
                       "--late", "zero-bye,full-bye")  # fmt: skip
    assert code == 0, out
    with Session.open(path, readonly=True) as session:
        ivy = next(p for p in session.event.players if p.name == "Ivy")
        kinds = [e.kind for e in session.event.entries_of(ivy.tpn)]
    assert kinds == [EntryKind.ZERO_BYE, EntryKind.FULL_BYE]
    trf = tmp_path / "spring.trf"
    code, out, _ = run(capsys, "export", str(path), "--format", "trf", "-o", str(trf))
    text = trf.read_text(encoding="utf-8")
    ivy_line = next(line for line in text.splitlines() if line.startswith("001") and "Ivy" in line)
    assert ivy_line.rstrip().endswith("0000 - Z  0000 - F")
    # The crosstable says the same: a zero-point bye, then a full-point bye.
    crosstable = SHEETS["crosstable"](load(path), None)
    rows = [r for b in crosstable.blocks if isinstance(b, Table) for r in b.rows]
    ivy_row = next(r for r in rows if "Ivy" in r)
    assert ivy_row[-3:] == ("ZPB", "FPB", "1")
    # US Chess: half-point byes by default (28K), no full point for a round missed (22B).
    with Session.open(path) as session:
        # In FIDE mode the US Chess bye rule leaves FIDE mode (level 4, question 43).
        session.run(EditSettings(bye_policy="uscf-28l"), confirm=[LEAVE_TOKEN])
    code, out, _ = run(capsys, "player", "add", str(path), "--name", "Jo", "--late")
    with Session.open(path, readonly=True) as session:
        jo = next(p for p in session.event.players if p.name == "Jo")
        assert [e.kind for e in session.event.entries_of(jo.tpn)] == [EntryKind.HALF_BYE] * 2
    err = refused(capsys, path, "player", "add", str(path), "--name", "Kim", "--late", "full-bye")
    assert "US Chess gives a full-point bye only to the odd player of a round (22B)" in err
