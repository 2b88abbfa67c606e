"""arbiter-app player import FILE --csv LIST: all players or none, problems with their place."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.session import Session
from tests.support.sessions import content_sha256, folder_snapshot


@pytest.fixture
def event_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "open.arbiter"
    assert main(["new", str(path), "--name", "Open", "--system", "swiss", "--rounds", "5"]) == 0
    capsys.readouterr()
    return path


def test_import_a_semicolon_list(
    event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "players.csv"
    listing.write_bytes(
        "\ufeffName;Elo;Fed;FIDE ID\r\nBerg, Ola;2105;NOR;1500100\r\nÅs, Kari;1980;nor;\r\n".encode()
    )
    assert main(["player", "import", str(event_file), "--csv", str(listing)]) == 0
    out = capsys.readouterr().out
    assert (
        out.strip() == "imported 2 players from players.csv into open.arbiter (pairing numbers 1-2)"
    )
    with Session.open(event_file, readonly=True) as session:
        players = session.event.players
        assert [(p.name, p.rating, p.federation, p.fide_id) for p in players] == [
            ("Berg, Ola", 2105, "NOR", "1500100"),
            ("Ås, Kari", 1980, "NOR", ""),
        ]
        assert session.journal()[-1].arguments["source"] == "players.csv"


def test_a_bad_list_writes_nothing_and_says_where(
    event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "players.csv"
    listing.write_text("name,rating\nAnn,2000\nBen,2000\nCid,x\nDee,1900\nEve,1800\nFay,abc\n")
    before = folder_snapshot(tmp_path)
    assert main(["player", "import", str(event_file), "--csv", str(listing)]) == 2
    err = capsys.readouterr().err
    assert "players.csv:4:2: rating 'x': a rating is a whole number" in err
    assert "players.csv:7:2: rating 'abc': a rating is a whole number" in err
    assert folder_snapshot(tmp_path) == before


def test_not_utf8_and_missing_list(
    event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "latin1.csv"
    listing.write_bytes("name\nÅse\n".encode("latin-1"))
    before = folder_snapshot(tmp_path)
    assert main(["player", "import", str(event_file), "--csv", str(listing)]) == 2
    assert "latin1.csv:2:1: not UTF-8" in capsys.readouterr().err
    assert main(["player", "import", str(event_file), "--csv", str(tmp_path / "no.csv")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert folder_snapshot(tmp_path) == before


def test_a_list_clashing_with_the_event_is_refused(
    event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["player", "add", str(event_file), "--name", "Ann", "--fide-id", "42"]) == 0
    listing = tmp_path / "players.csv"
    listing.write_text("name,fide_id\nBen,42\n")
    capsys.readouterr()
    before = content_sha256(event_file)
    with Session.open(event_file, readonly=True) as session:
        journal = session.journal()
    assert main(["player", "import", str(event_file), "--csv", str(listing)]) == 2
    assert "FIDE ID 42 belongs to player 1 (Ann) already" in capsys.readouterr().err
    # The file was opened for writing (only its change counter moves), nothing else changed.
    assert content_sha256(event_file) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["open.arbiter", "players.csv"]
    with Session.open(event_file, readonly=True) as session:
        assert session.journal() == journal
