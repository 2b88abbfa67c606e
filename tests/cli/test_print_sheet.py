"""``arbiter-app print``: arguments and the errors a user can make."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main


def test_unknown_kind_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "event.xlsx"
    f.write_text("x")
    code = main(["print", str(f), "pairings", "-o", str(tmp_path / "out.pdf")])
    assert code == 2
    err = capsys.readouterr().err
    assert "event.xlsx" in err and "unknown kind of file '.xlsx'" in err
    assert not (tmp_path / "out.pdf").exists()


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["print", str(tmp_path / "nope.trf"), "slips", "-o", str(tmp_path / "o.pdf")])
    assert code == 2
    assert "nope.trf: no such file" in capsys.readouterr().err


def test_round_numbers_start_at_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["print", "x.trf", "pairings", "--round", "0", "-o", str(tmp_path / "o.pdf")])
    assert code == 2
    assert "rounds are numbered from 1" in capsys.readouterr().err


def test_unknown_sheet_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["print", "x.trf", "wallpaper", "-o", "o.pdf"])
    assert exc.value.code == 2
    assert "invalid choice: 'wallpaper'" in capsys.readouterr().err
