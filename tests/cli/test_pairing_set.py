"""``arbiter-app pairing set``: a whole round paired by hand, the rules it breaks listed first."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.model import EntryKind
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings
from tests.support.cli import Capture, refused, run
from tests.support.sessions import TickingClock


@pytest.fixture
def five(tmp_path: Path) -> Path:
    """Five players; round 1 played: 1-3 1-0, 4-2 ½, 5 had the pairing-allocated bye."""
    path = tmp_path / "club.arbiter"
    with Session.create(path, name="Club", system="swiss", rounds=4, clock=TickingClock()) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                             ("Eve", 1800)):  # fmt: skip
            s.run(AddPlayer(name=name, rating=rating))
        s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]], byes=[[5, "pairing-bye"]]))
        s.run(EnterResult(round=1, board=1, result="1-0"))
        s.run(EnterResult(round=1, board=2, result="1/2"))
    return path


def boards(path: Path, round_no: int) -> list[tuple[int, int]]:
    with Session.open(path, readonly=True) as s:
        return [(b.white, b.black) for b in s.boards(round_no)]


def test_a_round_that_breaks_no_rule_is_stored(capsys: Capture, five: Path) -> None:
    # It breaks no rule but is not the engine's pairing (2-1, 5-4, 3 has the bye): a
    # whole round given by hand is compared with it at once (FIDE C.02, question 69).
    err = refused(capsys, five, "pairing", "set", str(five), "--round", "2",
                  "--pairs", "4-1, 2-5", "--bye", "3")  # fmt: skip
    assert "level 3" not in err
    assert (
        "The pairing engine pairs round 2: 2 Ben - 1 Ann, 5 Eve - 4 Dee; "
        "3 Cid gets the pairing-allocated bye." in " ".join(err.split())
    )
    code, out, err = run(capsys, "pairing", "set", str(five), "--round", "2",
                         "--pairs", "4-1, 2-5", "--bye", "3",
                         "--confirm=keep-hand-pairing")  # fmt: skip
    assert code == 0, err
    assert out.splitlines() == [
        "round 2: 2 boards",
        "   1     4 Dee  -     1 Ann",
        "   2     2 Ben  -     5 Eve",
        "         3 Cid: pairing-allocated bye",
        "report log: ### MPA @ Round 2: 2-1 5-4 => 2-5 4-1",
    ]
    assert boards(five, 2) == [(4, 1), (2, 5)]
    with Session.open(five, readonly=True) as s:
        entry = s.journal()[-1]
        assert entry.command == "set_pairing"
        assert entry.arguments == {
            "boards": [[4, 1], [2, 5]],
            "byes": [[3, "pairing-bye"]],
            "round": 2,
            "confirm": "keep-hand-pairing",
        }
        assert s.event.entry(3, 2).kind is EntryKind.PAIRING_BYE


def test_q66_a_bye_above_the_lowest_score_it_can_go_to_asks_at_level_3(
    capsys: Capture, five: Path
) -> None:
    """Checklist Q66: round 2 with the bye to 4 (½ point) while 3 (0) could have it and the
    rest be paired: the level-3 question names it (C.04.3 article 2.3.1 [C5])."""
    err = refused(capsys, five, "pairing", "set", str(five), "--round", "2",
                  "--pairs", "5-1, 2-3", "--bye", "4")  # fmt: skip
    lines = err.splitlines()
    assert lines[0].startswith("arbiter-app: level 3 question (")
    assert lines[2] == (
        "  - player 4 gets the pairing-allocated bye on a score of ½ although a player on a "
        "score of 0 can have it with the rest of the round paired (FIDE C.04.3 article 2.3.1 "
        "[C5]: the lowest score the bye can go to)"
    )


def test_the_engines_own_pairing_asks_nothing(capsys: Capture, five: Path) -> None:
    code, out, err = run(capsys, "pairing", "set", str(five), "--round", "2",
                         "--pairs", "2-1,5-4", "--bye", "3")  # fmt: skip
    assert code == 0, err
    assert "report log" not in out
    with Session.open(five, readonly=True) as s:
        assert "confirm" not in s.journal()[-1].arguments


def test_the_rules_broken_come_first_and_need_confirm(capsys: Capture, five: Path) -> None:
    path = str(five)
    # 1 and 3 met in round 1; 4 is left out of round 2.
    err = refused(capsys, five, "pairing", "set", path, "--round", "2", "--pairs", "1-3,2-5")
    lines = err.splitlines()
    assert lines[0].startswith("arbiter-app: level 3 question (")
    assert "Round 2 as given breaks these 2 pairing rules." in lines[1]
    assert any("players 1 and 3 already played each other in round 1 (FIDE C.04.1 b" in x
               for x in lines)  # fmt: skip
    assert any("player 4 is neither paired nor given a bye" in x for x in lines)
    assert lines[-1] == (
        "Nothing was changed. To go ahead, run the command again with --confirm=keep-hand-pairing."
    )
    code, out, _ = run(capsys, "pairing", "set", path, "--round", "2", "--pairs", "1-3,2-5",
                       "--confirm=keep-hand-pairing")  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == "paired by hand although it breaks:"
    assert "already played each other" in out
    assert boards(five, 2) == [(1, 3), (2, 5)]
    with Session.open(five, readonly=True) as s:
        assert s.event.entry(4, 2).kind is EntryKind.NOT_PAIRED
        override = s.state.tables["records"][("pairing-override", "2")]
        assert "C.04.1" in override["value"]


def test_the_last_round_is_paired_again_before_its_results(capsys: Capture, five: Path) -> None:
    path = str(five)
    keep = "--confirm=keep-hand-pairing"
    run(capsys, "pairing", "set", path, "--round", "2", "--pairs", "5-1,2-3", "--bye", "4", keep)
    code, _, _ = run(capsys, "pairing", "set", path, "--round", "2", "--pairs", "1-5,3-2",
                     "--bye", "4", keep)  # fmt: skip
    assert code == 0
    assert boards(five, 2) == [(1, 5), (3, 2)]
    run(capsys, "result", path, "--round", "2", "--board", "1", "1-0")
    err = refused(capsys, five, "pairing", "set", path, "--round", "2", "--pairs", "5-1,2-3",
                  "--bye", "4", "--confirm")  # fmt: skip
    assert "round 2 has results" in err


def test_refusals_say_what_and_where(capsys: Capture, five: Path) -> None:
    path = str(five)
    cases = {
        ("--round", "2", "--pairs", "5-1,2x3"): "--pairs: board 2 is '2x3'; write each board",
        ("--round", "2", "--pairs", " , "): "--pairs: no board given",
        ("--round", "3", "--pairs", "5-1,2-3"): "round 2 must be paired before round 3",
        ("--round", "2", "--pairs", "5-1,1-3"): "player 1 is paired twice in round 2",
        ("--round", "2", "--pairs", "5-9,2-3"): "there is no player with pairing number 9",
        ("--round", "5", "--pairs", "5-1,2-3"): "the event has 4 rounds",
        ("--round", "1", "--pairs", "5-1,2-3"): "round 1 has results",
    }
    for argv, message in cases.items():
        err = refused(capsys, five, "pairing", "set", path, *argv, "--confirm")
        assert message in err, (argv, err)


def test_withdrawn_players_and_requested_byes_are_kept(capsys: Capture, five: Path) -> None:
    path = str(five)
    run(capsys, "player", "withdraw", path, "--player", "2", "--from-round", "2")
    run(capsys, "player", "bye", path, "--player", "4", "--round", "2", "--points", "1/2")
    code, out, err = run(capsys, "pairing", "set", path, "--round", "2", "--pairs", "5-1",
                         "--bye", "3", "--confirm=keep-hand-pairing")  # fmt: skip
    assert code == 0, err
    assert "2 Ben: withdrawn" in out and "4 Dee: half-point bye (requested)" in out
    err = refused(capsys, five, "pairing", "set", path, "--round", "2", "--pairs", "5-2",
                  "--confirm")  # fmt: skip
    assert "player 2 (Ben) withdrew from round 2 and cannot be paired" in err


def test_a_double_swiss_round_is_both_its_games(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "blitz.arbiter"
    run(capsys, "new", str(path), "--name", "Blitz", "--system", "double-swiss", "--rounds", "3")
    for name in ("Ann", "Ben", "Cid", "Dee"):
        run(capsys, "player", "add", str(path), "--name", name)
    code, out, err = run(capsys, "pairing", "set", str(path), "--round", "1", "--pairs", "1-3,4-2",
                         "--confirm=keep-hand-pairing")  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[0] == "round 1 (games 1 and 2): 2 boards"
    assert boards(path, 1) == [(1, 3), (4, 2)]
    assert boards(path, 2) == [(3, 1), (2, 4)]  # colours reversed in the second game
    with Session.open(path, readonly=True) as s:
        assert [e.command for e in s.journal()][-1] == "set_pairing"  # one entry, two games


def test_pairing_change_swaps_players_between_boards(capsys: Capture, five: Path) -> None:
    path = str(five)
    run(capsys, "pairing", "set", path, "--round", "2", "--pairs", "2-1,5-4", "--bye", "3")
    change = ("pairing", "change", path, "--round", "2")
    err = refused(capsys, five, *change, "--board", "1", "2-5")
    assert "player 5 plays on board 2 of round 2; change that board first, or swap" in err
    # 3 leaves the bye for board 1; 1, displaced, takes the bye (FIDE C.02, manual pairing),
    # on a score of 1 where 3 on 0 could have it: a level-3 question (checklist Q66).
    err = refused(capsys, five, *change, "--board", "1", "2-3", "--swap")
    assert (
        "player 1 gets the pairing-allocated bye on a score of 1 although a player on a "
        "score of 0 can have it with the rest of the round paired (FIDE C.04.3 article "
        "2.3.1 [C5]: the lowest score the bye can go to)"
    ) in " ".join(err.split())
    code, out, err = run(capsys, *change, "--board", "1", "2-3", "--swap", "--confirm")
    assert code == 0, err
    assert out.splitlines()[:2] == [
        "round 2 board 1: 2 Ben - 3 Cid",
        "1 Ann: pairing-allocated bye",
    ]
    assert "on a score of 1 although a player on a score of 0 can have it" in out
    # 4 comes from board 2 (and met 2 in round 1); 3, displaced, takes 4's place as Black.
    err = refused(capsys, five, *change, "--board", "1", "2-4", "--swap")
    assert "(board 1: 2 Ben v 4 Dee; board 2: 5 Eve v 3 Cid) breaks this pairing rule" in err
    code, out, err = run(capsys, *change, "--board", "1", "2-4", "--swap", "--confirm")
    assert code == 0, err
    assert "players 2 and 4 already played each other in round 1" in out
    assert out.splitlines()[:2] == [
        "round 2 board 1: 2 Ben - 4 Dee",
        "round 2 board 2: 5 Eve - 3 Cid",
    ]
    assert boards(five, 2) == [(2, 4), (5, 3)]
    with Session.open(five, readonly=True) as s:
        assert s.event.entry(1, 2).kind is EntryKind.PAIRING_BYE
        assert s.journal()[-1].arguments["swap"] is True


def test_q101_a_round_robin_round_that_leaves_pairs_unable_to_meet_asks_first(
    capsys: Capture, tmp_path: Path
) -> None:
    """Checklist Q101 on the command line: rounds 1-3 of a six-player round robin given by
    hand, 1-3 against 4-6 each time, leave two groups of three for the two rounds left."""
    path = tmp_path / "rr.arbiter"
    with Session.create(path, name="RR", system="round-robin", rounds=5, clock=TickingClock()) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                             ("Eve", 1800), ("Fay", 1700)):  # fmt: skip
            s.run(AddPlayer(name=name, rating=rating))
    code, _, err = run(capsys, "player", "number", str(path), "--by", "rating")
    assert code == 0, err
    for round_no, pairs in enumerate(("1-4,2-5,3-6", "5-1,6-2,4-3"), start=1):
        code, _, err = run(capsys, "pairing", "set", str(path), "--round", str(round_no),
                           "--pairs", pairs, "--confirm=keep-hand-pairing")  # fmt: skip
        assert code == 0, err
        for board in (1, 2, 3):
            assert run(capsys, "result", str(path), "1/2", "--round", str(round_no),
                       "--board", str(board))[0] == 0  # fmt: skip
    err = refused(capsys, path, "pairing", "set", str(path), "--round", "3",
                  "--pairs", "1-6,2-4,3-5")  # fmt: skip
    lines = err.splitlines()
    assert lines[0].startswith("arbiter-app: level 3 question (")
    assert lines[1].strip().startswith("Round 3 as given breaks this pairing rule.")
    assert lines[2] == (
        "  - after round 3 the 6 games of the cycle not played yet (1-2, 1-3, 2-3, 4-5, 4-6, "
        "5-6) no longer fit in the 2 rounds left, each round a full one; no full round can "
        "be made of them (FIDE C.05 Annex 1: every pair meets once in each cycle of a round "
        "robin)"
    )
    code, out, err = run(capsys, "pairing", "set", str(path), "--round", "3",
                         "--pairs", "1-6,2-4,3-5", "--confirm=keep-hand-pairing")  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[0] == "paired by hand although it breaks:"
    assert "no longer fit in the 2 rounds left" in out
    assert boards(path, 3) == [(1, 6), (2, 4), (3, 5)]
