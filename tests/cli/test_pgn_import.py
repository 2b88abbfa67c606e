"""``arbiter-app import-pgn FILE GAMES.pgn``: play-off results from PGN, all or nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from arbiter_app.session.playoff_commands import stored_playoff
from tests.support.playoff_events import three_tied_for_first

NAMES = {1: "Ann", 2: "Ben", 3: "Cid"}


@pytest.fixture
def waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A GCT rapid & blitz play-off whose three-player round robin is paired, not played."""
    path = tmp_path / "rapid.arbiter"
    three_tied_for_first(path).close()
    f = str(path)
    assert main(["playoff", "start", f, "--regulation", "gct-2023-rapid-blitz"]) == 0
    assert main(["playoff", "draw", f, "--outcome", "3,1,2"]) == 0
    assert main(["playoff", "printed", f]) == 0
    capsys.readouterr()
    return path


def _pending(path: Path) -> list[tuple[str, int, int]]:
    with Session.open(path, readonly=True) as session:
        state = stored_playoff(session.state)
    assert state is not None
    return [(g.spec.id, g.spec.white, g.spec.black) for g in state.games() if g.result is None]


def _pgn(games: list[tuple[str, str, str]]) -> str:
    return "\n".join(
        f'[Event "Play-off"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{r}"]\n\n{r}\n'
        for w, b, r in games
    )


def _results(path: Path) -> dict[str, str | None]:
    with Session.open(path, readonly=True) as session:
        state = stored_playoff(session.state)
    assert state is not None
    return {g.spec.id: g.result for g in state.games()}


def test_a_whole_round_robin_from_one_file(
    waiting: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _pending(waiting)
    assert len(games) == 3
    # Names in another case and spacing still match; the file's order does not matter.
    lines = [(NAMES[w].upper(), f" {NAMES[b]} ", "1/2-1/2") for _, w, b in reversed(games)]
    pgn = tmp_path / "rr.pgn"
    pgn.write_text(_pgn(lines), encoding="utf-8")
    assert main(["import-pgn", str(waiting), str(pgn)]) == 0
    assert "recorded 3 play-off results" in capsys.readouterr().out
    assert set(_results(waiting).values()) == {"1/2-1/2"}
    # Importing the same file again records nothing new.
    assert main(["import-pgn", str(waiting), str(pgn)]) == 0
    assert "recorded 0 play-off results" in capsys.readouterr().out
    assert main(["playoff", "next", str(waiting), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["step"] == "draw-lots"  # 2.4.1: knockout byes


def test_a_game_that_fits_nothing_records_nothing(
    waiting: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (gid, w, b), *_ = _pending(waiting)
    pgn = tmp_path / "bad.pgn"
    pgn.write_text(_pgn([(NAMES[w], NAMES[b], "1-0"), ("Dee", "Ann", "0-1")]), encoding="utf-8")
    with Session.open(waiting, readonly=True) as session:
        before = len(session.journal())
    assert main(["import-pgn", str(waiting), str(pgn)]) == 2
    err = capsys.readouterr().err
    assert "game 2 (Dee – Ann" in err and "not a play-off game waiting for a result" in err
    assert _results(waiting)[gid] is None
    with Session.open(waiting, readonly=True) as session:
        assert len(session.journal()) == before


def test_a_different_result_than_recorded_is_refused(
    waiting: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (gid, w, b), *_ = _pending(waiting)
    assert main(["playoff", "result", str(waiting), gid, "1-0"]) == 0
    pgn = tmp_path / "other.pgn"
    pgn.write_text(_pgn([(NAMES[w], NAMES[b], "0-1")]), encoding="utf-8")
    assert main(["import-pgn", str(waiting), str(pgn)]) == 2
    assert f"the play-off has 1-0 for game {gid}, the file says 0-1" in capsys.readouterr().err


def test_unreadable_pgn_is_reported_with_its_line(
    waiting: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pgn = tmp_path / "broken.pgn"
    pgn.write_text('[White "Ann"]\n[Black "Ben"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    assert main(["import-pgn", str(waiting), str(pgn)]) == 2
    assert "broken.pgn:1: game 1: result '*'" in capsys.readouterr().err
