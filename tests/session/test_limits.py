"""Limits with clear messages, and one check of a player's fields for every way in.

The limits (core.limits) come from TRF record 001 and the sheets: 9,999 players,
99 rounds, a name of 33 characters, no control or format characters. Each way a
player gets in is tried here: the session's commands (what the window and the API
call), the command line, a CSV list, a TRF file, an imported event.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.limits import MAX_IMPORT_BYTES, MAX_PLAYERS, MAX_ROUNDS
from arbiter_app.core.players_csv import parse_players_csv
from arbiter_app.core.trf import parse_trf
from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import (
    AddPlayer,
    EditPlayer,
    EditSettings,
    ImportEvent,
    ImportPlayers,
)
from tests.support.sessions import small_event

REFUSED_NAMES = [
    ("Ann\nBerg", "contains U+000A (a control character)"),
    ("Ann\u202eBerg", "contains U+202E (right-to-left override)"),
    ("Ann\x00Berg", "contains U+0000 (a control character)"),
    ("Ann\u2066Berg", "contains U+2066 (left-to-right isolate)"),
    ("A" * 10_000, "is 10,000 characters long; at most 33 fit"),
]


@pytest.fixture
def empty(tmp_path: Path) -> Session:
    return Session.create(tmp_path / "e.arbiter", name="E", system="swiss", rounds=5, durable=False)


@pytest.mark.parametrize(("name", "said"), REFUSED_NAMES)
def test_the_session_refuses_a_name_no_sheet_can_hold(empty: Session, name: str, said: str) -> None:
    """What the window and the API send: add_player, late entries, edits, lists."""
    with empty as session:
        journal = session.journal()
        with pytest.raises(ArbiterError, match=re.escape(f"the name {said}")):
            session.run(AddPlayer(name=name))
        with pytest.raises(ArbiterError, match=re.escape(f"player 1 of the list: the name {said}")):
            session.run(ImportPlayers(players=[{"name": name}]))
        tpn = session.run(AddPlayer(name="Ann")).value
        with pytest.raises(ArbiterError, match=re.escape(f"the name {said}")):
            session.run(EditPlayer(tpn=tpn, name=name))
        assert [e.command for e in session.journal()] == [
            *(e.command for e in journal),
            "add_player",
        ]
        assert session.event.player(tpn).name == "Ann"


def test_names_in_scripts_that_need_joiners_are_kept(empty: Session) -> None:
    with empty as session:
        tpn = session.run(AddPlayer(name="می\u200cخواهم")).value
        assert session.event.player(tpn).name == "می\u200cخواهم"


@pytest.mark.parametrize(("name", "said"), REFUSED_NAMES[:2])
def test_the_command_line_refuses_it_with_a_message(
    tmp_path: Path, name: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    before = path.read_bytes()
    assert main(["player", "add", str(path), "--name", name, "--late", "not-paired"]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err) < 300  # the name is not echoed back whole
    assert path.read_bytes() == before


@pytest.mark.parametrize("fide_id", ["\u00b2", "12\u00b3", "\u0663\u0664", "12a"])
def test_a_fide_id_is_a_number_of_ascii_digits(
    empty: Session, tmp_path: Path, fide_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A superscript two is a digit to Python's isdigit but no number to int(): found by the
    fuzz campaign (``player add --fide-id ²`` crashed in the custom lists' look-up). TRF-26
    record 001 writes the FIDE id in columns 58-68 as a number."""
    with pytest.raises(ArbiterError, match=r"the FIDE id .* is not a number"):
        empty.run(AddPlayer(name="Ann", fide_id=fide_id))
    assert empty.event.players == ()
    path = tmp_path / "cli.arbiter"
    Session.create(path, name="E", system="swiss", rounds=5, durable=False).close()
    code = main(["player", "add", str(path), "--name", "Ann", "--fide-id", fide_id])
    assert code == 2
    assert "is not a number" in capsys.readouterr().err
    empty.run(AddPlayer(name="Ann", fide_id="1503014"))
    assert empty.event.players[0].fide_id == "1503014"


def test_a_csv_list_and_a_trf_file_are_checked_the_same_way() -> None:
    with pytest.raises(InputError) as csv_refusal:
        parse_players_csv('name\n"Ann\u202eBerg"\n', "list.csv")
    assert "list.csv:2:1: name" in str(csv_refusal.value)
    assert "contains U+202E (right-to-left override)" in str(csv_refusal.value)
    line = "001    1 m    Ann\u202eBerg".ljust(89)
    with pytest.raises(InputError) as trf_refusal:
        parse_trf(f"012 Open\n{line}\n", "event.trf")
    assert "event.trf:2:15: player 1: the name contains U+202E (right-to-left override)" in str(
        trf_refusal.value
    )


def test_an_imported_event_is_checked_as_players_added_one_by_one(empty: Session) -> None:
    document = parse_trf("012 Open\n" + "001    1 m    Ann".ljust(89) + "\n")
    data = event_to_json(document.event)
    data["players"][0]["name"] = "Ann\x07"
    with (
        empty as session,
        pytest.raises(ArbiterError, match="player 1: the name contains U\\+0007"),
    ):
        session.run(ImportEvent(event=data))


def test_players_are_limited_to_four_digits_of_pairing_number(empty: Session) -> None:
    with empty as session:
        players = [{"name": f"Player {i}"} for i in range(1, MAX_PLAYERS + 2)]
        with pytest.raises(ArbiterError, match=r"at most 9,999 players .* this would make 10,000"):
            session.run(ImportPlayers(players=players))
        session.run(ImportPlayers(players=players[:MAX_PLAYERS]))
        with pytest.raises(ArbiterError, match="at most 9,999 players"):
            session.run(AddPlayer(name="One too many"))
        assert len(session.event.players) == MAX_PLAYERS


def test_rounds_and_the_event_header_are_limited(empty: Session) -> None:
    with empty as session:
        with pytest.raises(ArbiterError, match=f"at most {MAX_ROUNDS} rounds, not 100"):
            session.run(EditSettings(rounds=MAX_ROUNDS + 1))
        with pytest.raises(ArbiterError, match="the event's name is 1,000,000 characters long"):
            session.run(EditSettings(info={"name": "x" * 1_000_000}))
        with pytest.raises(ArbiterError, match="the city contains U\\+202E"):
            session.run(EditSettings(info={"city": "Oslo\u202e"}))
        session.run(EditSettings(rounds=MAX_ROUNDS))
    with pytest.raises(ArbiterError, match="at most 99 rounds"):
        Session.create(empty.path.with_name("r.arbiter"), name="R", system="swiss", rounds=500)
    assert not empty.path.with_name("r.arbiter").exists()


def test_a_50000_player_trf_names_the_line_past_the_limit() -> None:
    lines = ["012 Huge"]
    lines += [f"001 {n % 10_000:>4} m    Player {n}".ljust(89) for n in range(1, 50_001)]
    lines[10_000] = "001 10000 m    Player 10000".ljust(89)  # what a program past 9,999 writes
    with pytest.raises(InputError) as refused:
        parse_trf("\n".join(lines) + "\n", "huge.trf")
    issues = refused.value.issues
    assert str(issues[0]) == (
        "huge.trf:10001:5: the pairing number 10000 runs past columns 5-8: a TRF starting "
        "rank has four digits (at most 9,999 players)"
    )
    assert str(issues[1]) == (
        "huge.trf:10002:5: an event holds at most 9,999 players (the four digits of a TRF "
        "starting rank); this would make 10,000"
    )
    assert len(issues) == 2  # read no further than the limit


def test_an_input_file_too_big_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 100 MB player list (the tester's: 4.2 million players, 9.5 GB of memory) is refused
    from its size alone; a sparse file makes the size without the disk."""
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    big = tmp_path / "players.csv"
    with open(big, "wb") as handle:
        handle.write(b"name\n")
        handle.truncate(100 * 1024 * 1024)
    started = time.perf_counter()
    assert main(["player", "import", str(event), "--csv", str(big)]) == 2
    assert time.perf_counter() - started < 5  # far from the minutes a full read would take
    err = capsys.readouterr().err
    assert "the file is 100.0 MB; an input file is at most 16 MB" in err
    for argv in (["import", str(big), "-o", str(tmp_path / "n.arbiter")], ["pair", str(big), "-c"]):
        assert main(argv) == 2
        assert "an input file is at most 16 MB" in capsys.readouterr().err
    assert not (tmp_path / "n.arbiter").exists()


def test_a_file_at_the_limit_is_read(tmp_path: Path) -> None:
    from arbiter_app.sheets.files import read_bounded

    path = tmp_path / "edge.csv"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, limit=10) == b"x" * 10
    with pytest.raises(ArbiterError, match="an input file is at most"):
        read_bounded(path, limit=9)
    assert MAX_IMPORT_BYTES == 16 * 1024 * 1024
    if os.path.exists("/dev/zero"):  # a device that never ends is refused unread (issue 27)
        with pytest.raises(ArbiterError, match="is a device or socket, not a file"):
            read_bounded(Path("/dev/zero"), limit=1000)
