"""Issue 27, point 7: a byte-order mark followed by a byte that is not UTF-8.

Python counts the position of the bad byte from the end of the mark; taken as a position
in the whole file it cut a character in two, and every text importer raised a
``UnicodeDecodeError`` instead of its refusal. Each importer now names the file, the
line and the column of the bad byte (tests/data/crafted holds the minimised inputs)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.errors import InputError, utf8_text
from arbiter_app.core.players_csv import decode_players_csv
from tests.support.sessions import small_event

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted"
BOM = b"\xef\xbb\xbf"


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (BOM + b"\xff", 1, 1),
        (BOM + b"ab\xff", 1, 3),
        (BOM + b"ab\n\xc3c", 2, 1),
        (BOM + b"\xc3\xa9\xc3\xa9x\n\xe2\x82", 2, 1),
        (BOM + b"\xc3\xa9t\xe9", 1, 3),
        (b"\xef\xbb", 1, 1),  # a mark cut short
        (b"ab\xff", 1, 3),
    ],
)
def test_the_bad_byte_is_named_where_it_is(data: bytes, line: int, column: int) -> None:
    for decode in (lambda d: utf8_text(d, "f.txt"), lambda d: decode_players_csv(d, "f.txt")):
        with pytest.raises(InputError) as refused:
            decode(data)
        (issue,) = refused.value.issues
        assert (issue.source, issue.line, issue.column) == ("f.txt", line, column)
        assert "not UTF-8 text" in issue.message


def test_a_mark_and_good_text_is_read_without_the_mark() -> None:
    assert utf8_text(BOM + "Šťastný".encode(), "f.txt") == "Šťastný"


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_every_text_importer_refuses_it_by_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "e.arbiter"
    small_event(event).close()
    csv = shutil.copy(DATA / "bom_then_bad_byte.csv", tmp_path / "list.csv")
    trf = shutil.copy(DATA / "bom_then_bad_byte.trf", tmp_path / "e.trf")
    pgn = tmp_path / "games.pgn"
    pgn.write_bytes(BOM + b'[Event "Play\xe9off"]\n')
    regulation = tmp_path / "regulation.json"
    regulation.write_bytes(BOM + b'{"name": "Cup\xff"}')
    cases = [
        (["player", "import", str(event), "--csv", str(csv)], f"{csv}:2:6"),
        (["import", str(trf), "-o", str(tmp_path / "new.arbiter")], f"{trf}:1:11"),
        (["standings", str(trf)], f"{trf}:1:11"),
        (["import-pgn", str(event), str(pgn)], f"{pgn}:1:13"),
        (
            ["playoff", "start", str(event), "--regulation-file", str(regulation)],
            f"{regulation}:1:14",
        ),
    ]
    for argv, where in cases:
        err = _refused(argv, capsys)
        assert f"{where}: not UTF-8 text" in err, (argv, err)
    assert not (tmp_path / "new.arbiter").exists()
