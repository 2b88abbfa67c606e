"""``arbiter-app check`` on a file that does not say how many rounds its event has
(no record 142 or XXR), and ``--rounds`` (FIDE C.04.3 article 1.8; checklist Q35)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main


def _without_142(tmp_path: Path, seed: str) -> Path:
    whole = tmp_path / "whole.trf"
    assert (
        main(
            [
                *("generate", "-o", str(whole), "--players", "12", "--rounds", "7"),
                *("--seed", seed, "--unset", "none"),
            ]
        )
        == 0
    )
    lines = whole.read_text(encoding="utf-8").splitlines()
    assert "142 7" in lines
    bare = tmp_path / "bare.trf"
    bare.write_text("\n".join(x for x in lines if not x.startswith("142")) + "\n", encoding="utf-8")
    return bare


def test_q35_the_assumption_is_said_and_the_file_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = _without_142(tmp_path, "1")
    capsys.readouterr()
    assert main(["check", str(bare)]) == 0
    text = capsys.readouterr().out
    assert (
        "  The file does not say how many rounds the event has (no record 142 or XXR): no "
        "round is taken as the last, so every round is checked without the final round's "
        "exceptions for topscorers (FIDE C.04.3 article 1.8, criteria C3, C10, C11); the "
        "command line's --rounds gives the number.\n"
    ) in text
    assert text.rstrip().endswith("All pairings and standings agree with the rules.")


def test_q35_rounds_makes_the_last_round_the_final_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = _without_142(tmp_path, "11")
    capsys.readouterr()
    # Round 7 was paired as the final round: the file ends there, so it is taken as such.
    assert main(["check", str(bare)]) == 0
    text = capsys.readouterr().out
    assert (
        "so it is taken as the final round (--rounds gives the event's number of rounds)." in text
    )
    assert main(["check", str(bare), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["eventRounds"] is None
    # Told that the event has more rounds, round 7 is not the final one, and differs.
    assert main(["check", str(bare), "--rounds", "8"]) == 1
    assert "in round 7." in capsys.readouterr().out
    assert main(["check", str(bare), "--rounds", "7", "--json"]) == 0
    told = json.loads(capsys.readouterr().out)
    assert told["eventRounds"] == 7 and told["agree"] is True
    assert "the event has 7 rounds, as the command line says" in told["notes"]


def test_rounds_fewer_than_the_file_holds_or_not_a_number_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = _without_142(tmp_path, "1")
    capsys.readouterr()
    assert main(["check", str(bare), "--rounds", "3"]) == 2
    assert "the file holds 7 rounds: the event cannot have had 3 rounds" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["check", str(bare), "--rounds", "0"])
    assert exc.value.code == 2
    assert "'0' is not a number of rounds (1 or more)" in capsys.readouterr().err
