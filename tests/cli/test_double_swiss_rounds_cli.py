"""In both double Swiss systems the arbiter's round is the match ``pair`` pairs, not the
game column the file keeps: a bye asked for round 2 is a bye in games 3 and 4, round 4 of
a 3-round event does not exist, and the state and the standings say "round 1 of 3, game 1"
where a match is half played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import Capture, run


def _event(capsys: Capture, tmp_path: Path, system: str) -> str:
    file = str(tmp_path / "ds.arbiter")
    code, _, err = run(capsys, "new", file, "--name", "DS", "--system", system, "--rounds", "3")
    assert code == 0, err
    for i in range(1, 7):
        code, _, err = run(capsys, "player", "add", file, "--name", f"P{i}",
                           "--rating", str(2400 - 10 * i))  # fmt: skip
        assert code == 0, err
    return file


def _pair(capsys: Capture, file: str) -> list[str]:
    code, out, err = run(capsys, "pair", file, "--initial-colour", "white")
    assert code == 0, err
    return out.splitlines()


def _finish(capsys: Capture, file: str, round_no: int, boards: int) -> None:
    """Both games of match *round_no* drawn on every board."""
    for game in (2 * round_no - 1, 2 * round_no):
        for board in range(1, boards + 1):
            code, _, err = run(capsys, "result", file, "--round", str(game), "--board",
                               str(board), "1/2")  # fmt: skip
            assert code == 0, err


@pytest.mark.parametrize("system", ["fide-double-swiss", "double-swiss"])
def test_a_bye_asked_for_round_2_is_a_bye_in_the_second_match(
    capsys: Capture, tmp_path: Path, system: str
) -> None:
    file = _event(capsys, tmp_path, system)
    code, out, err = run(capsys, "player", "bye", file, "6", "--round", "2", "--points", "1/2",
                         "--confirm")  # fmt: skip
    assert code == 0, err
    assert (
        out.splitlines()[0] == "player 6 P6: half-point bye requested for round 2 (games 3 and 4)"
    )
    code, out, err = run(capsys, "player", "list", file, "--json")
    assert code == 0, err
    asked = {row["tpn"]: row["bye_requests"] for row in json.loads(out)}
    assert asked[6] == [{"round": 2, "kind": "half-bye"}]
    first = _pair(capsys, file)
    assert first[0] == "round 1 (games 1 and 2): 3 boards"
    assert not any("requested" in line for line in first), first
    _finish(capsys, file, 1, 3)
    second = _pair(capsys, file)
    assert second[0] == "round 2 (games 3 and 4): 2 boards"
    assert any("6 P6: half-point bye (requested)" in line for line in second), second


@pytest.mark.parametrize("system", ["fide-double-swiss", "double-swiss"])
def test_a_round_past_the_last_match_is_refused_in_rounds(
    capsys: Capture, tmp_path: Path, system: str
) -> None:
    file = _event(capsys, tmp_path, system)
    code, _, err = run(capsys, "player", "bye", file, "5", "--round", "4", "--points", "1/2")
    assert code != 0
    assert "the event has 3 rounds: there is no round 4 to ask a bye for" in err
    code, _, err = run(capsys, "player", "absent", file, "4", "--round", "4")
    assert code != 0
    assert "the event has 3 rounds: there is no round 4" in err
    # Round 3 is the last match: games 5 and 6.
    code, out, err = run(capsys, "player", "absent", file, "4", "--round", "3")
    assert code == 0, err
    assert out.startswith("round 3 (games 5 and 6): 4 P4 absent, not paired")
    code, out, err = run(capsys, "player", "list", file, "--json")
    assert code == 0, err
    assert {row["tpn"]: row["absent_rounds"] for row in json.loads(out)}[4] == [3]


def test_a_withdrawal_from_round_2_keeps_the_first_match_and_leaves_the_second(
    capsys: Capture, tmp_path: Path
) -> None:
    file = _event(capsys, tmp_path, "fide-double-swiss")
    code, out, err = run(capsys, "player", "withdraw", file, "--player", "3", "--from-round", "2")
    assert code == 0, err
    first = _pair(capsys, file)
    assert any(" 3 P3 " in f" {line} " for line in first[1:4]), first
    _finish(capsys, file, 1, 3)
    second = _pair(capsys, file)
    boards = [line for line in second[1:] if " - " in line]
    assert len(boards) == 2 and not any(" P3 " in f"{line} " for line in boards), second
    assert any("3 P3: withdrawn" in line for line in second), second
    code, out, err = run(capsys, "player", "list", file)
    assert code == 0, err
    assert "withdrawn from round 2" in out
    # A request in a paired match is refused in the arbiter's words.
    code, _, err = run(capsys, "player", "bye", file, "1", "--round", "2", "--points", "1/2")
    assert code != 0
    assert "round 2 (games 3 and 4) is paired already" in err


def test_a_range_of_byes_names_matches(capsys: Capture, tmp_path: Path) -> None:
    file = _event(capsys, tmp_path, "fide-double-swiss")
    code, out, err = run(capsys, "player", "bye", file, "2", "--rounds", "2-3", "--points", "0",
                         "--confirm")  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[0] == "player 2 P2: zero-point bye requested for rounds 2-3"
    code, out, err = run(capsys, "player", "list", file, "--json")
    assert code == 0, err
    asked = {row["tpn"]: row["bye_requests"] for row in json.loads(out)}
    assert asked[2] == [{"round": 2, "kind": "zero-bye"}, {"round": 3, "kind": "zero-bye"}]
    # Neither request touches the first match.
    first = _pair(capsys, file)
    assert first[0] == "round 1 (games 1 and 2): 3 boards", first


def test_a_late_entry_names_what_it_gets_in_each_game_missed(
    capsys: Capture, tmp_path: Path
) -> None:
    file = _event(capsys, tmp_path, "fide-double-swiss")
    _pair(capsys, file)
    code, _, err = run(capsys, "player", "add", file, "--name", "Late", "--late", "half-bye")
    assert code == 0, err  # one kind for every game missed
    code, _, err = run(capsys, "player", "add", file, "--name", "Later", "--late",
                       "zero-bye,half-bye,half-bye")  # fmt: skip
    assert code != 0
    assert "each of the 2 games paired already" in err
    code, _, err = run(capsys, "player", "add", file, "--name", "Later", "--late",
                       "zero-bye,halfbye")  # fmt: skip
    assert code != 0
    assert "round 1, game 2: a missed round is one of" in err


def test_the_state_and_the_standings_count_matches_and_name_the_game(
    capsys: Capture, tmp_path: Path
) -> None:
    file = _event(capsys, tmp_path, "fide-double-swiss")
    _pair(capsys, file)
    code, out, err = run(capsys, "status", file)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "DS (FIDE Double-Swiss, 3 rounds, 6 players)"
    assert lines[1] == (
        "Round 1 of 3 in progress: game 1: boards 1, 2 and 3 still lack a result; "
        "game 2: boards 1, 2 and 3 still lack a result."
    )
    for board in (1, 2, 3):
        code, _, err = run(capsys, "result", file, "--round", "1", "--board", str(board), "1-0")
        assert code == 0, err
    code, out, err = run(capsys, "status", file)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "Round 1 of 3 in progress: game 2: boards 1, 2 and 3 still lack a result."
    assert lines[2].startswith("Standings: after round 1, game 1; --provisional shows round 1 ")
    assert "Next round: In round 1, game 2, boards 1, 2 and 3 still lack a result" in out
    code, out, err = run(capsys, "standings", file)
    assert code == 0, err
    assert out.splitlines()[0] == "DS: standings after round 1 of 3, game 1"
    for board in (1, 2, 3):
        code, _, err = run(capsys, "result", file, "--round", "2", "--board", str(board), "1/2")
        assert code == 0, err
    code, out, err = run(capsys, "status", file)
    assert code == 0, err
    assert out.splitlines()[1:3] == ["Round 1 of 3 complete.", "Standings: after round 1."]
    code, out, err = run(capsys, "standings", file)
    assert code == 0, err
    assert out.splitlines()[0] == "DS: standings after round 1 of 3"


def test_the_sheets_name_the_round_and_the_game(capsys: Capture, tmp_path: Path) -> None:
    from tests.printing.conftest import pdf_text

    file = _event(capsys, tmp_path, "fide-double-swiss")
    _pair(capsys, file)
    _finish(capsys, file, 1, 3)
    pdf = tmp_path / "pairings.pdf"
    code, out, err = run(capsys, "print", file, "pairings", "--round", "2", "-o", str(pdf))
    assert code == 0, err
    assert out.startswith(f"wrote {pdf}: Pairings — round 1, game 2, 1 page")
    text = pdf_text(pdf)
    assert "Round 1 of 3, game 2" in text
    crosstable = tmp_path / "crosstable.pdf"
    code, _, err = run(capsys, "print", file, "crosstable", "-o", str(crosstable))
    assert code == 0, err
    text = pdf_text(crosstable)
    assert "1 (2 games)" in text
    assert "1.1" in text and "1.2" in text


def test_a_trf_report_keeps_the_match_of_a_bye_and_its_import_counts_matches(
    capsys: Capture, tmp_path: Path
) -> None:
    file = _event(capsys, tmp_path, "fide-double-swiss")
    _pair(capsys, file)
    _finish(capsys, file, 1, 3)
    code, _, err = run(capsys, "player", "bye", file, "6", "--round", "2", "--points", "1/2",
                       "--confirm")  # fmt: skip
    assert code == 0, err
    trf = tmp_path / "ds.trf"
    code, _, err = run(capsys, "export", file, "--format", "trf", "-o", str(trf))
    assert code == 0, err
    # Record 240 names the first game of the match (game 3: round 2).
    assert "240 H 003    6" in trf.read_text(encoding="utf-8").splitlines()
    back = tmp_path / "back.arbiter"
    code, out, err = run(capsys, "import", str(trf), "-o", str(back), "--confirm")
    assert code == 0, err
    assert out.startswith(
        f"imported ds.trf into {back}: 6 players, 1 round (2 games); bye requests for round 2"
    )
    code, out, err = run(capsys, "player", "list", str(back), "--json")
    assert code == 0, err
    asked = {row["tpn"]: row["bye_requests"] for row in json.loads(out)}
    assert asked[6] == [{"round": 2, "kind": "half-bye"}]


def test_the_sheets_print_the_game_played_now(capsys: Capture, tmp_path: Path) -> None:
    """Without --round, the pairings printed for a match just paired are its game 1 (the
    match's White has White, C.04.5 article 4.4), then game 2 once game 1 is played."""
    file = _event(capsys, tmp_path, "fide-double-swiss")
    _pair(capsys, file)
    pdf = tmp_path / "now.pdf"
    code, out, err = run(capsys, "print", file, "pairings", "-o", str(pdf))
    assert code == 0, err
    assert out.startswith(f"wrote {pdf}: Pairings — round 1, game 1,")
    for board in (1, 2, 3):
        code, _, err = run(capsys, "result", file, "--round", "1", "--board", str(board), "1-0")
        assert code == 0, err
    code, out, err = run(capsys, "print", file, "pairings", "-o", str(pdf))
    assert code == 0, err
    assert out.startswith(f"wrote {pdf}: Pairings — round 1, game 2,")
