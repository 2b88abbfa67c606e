"""Real TRF files through the command line: import, standings, pair, export, compare.

Each file of tests/data/trf/real/ is imported into a tournament file; its
standings are the file's own points; exported as TRF it is the file again,
byte for byte. The README lists every way an export of an imported file can
differ from the file ("What an export of an imported file changes"); each
item is made to happen here, and the export is checked to differ in that and
nothing else.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.trf import parse_trf
from arbiter_app.session import Session
from arbiter_app.session.commands import EditPlayer
from tests.support.real_trf import FILES, REAL, RealFile, points_column

README = Path(__file__).resolve().parents[2] / "README.md"


def _import(source: Path, target: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Import *source* (confirmed: real files differ from the Dutch pairing, for reasons
    ``known_differences`` names or none) and return what the import printed."""
    assert main(["import", str(source), "-o", str(target), "--confirm"]) == 0
    return capsys.readouterr().out


def _import_lines(out: str) -> list[str]:
    """The ``### Import`` lines an import printed (FIDE C.02, question 55)."""
    return [x.removeprefix("report log: ") for x in out.splitlines() if "### Import" in x]


def _export(event: Path, out: Path, *extra: str) -> bytes:
    assert main(["export", str(event), "--format", "trf", *extra, "-o", str(out)]) == 0
    return out.read_bytes()


@pytest.mark.parametrize("real", FILES, ids=[f.name for f in FILES])
def test_import_standings_export(
    real: RealFile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "event.arbiter"
    logged = _import_lines(_import(real.path, event, capsys))
    assert main(["standings", str(event), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    points = points_column(real.document(), real.text())
    assert {row["tpn"]: Fraction(row["points"]) for row in rows} == {
        t: Fraction(p) for t, p in points.items()
    }
    # The file back, with a line for each round that differs from the Dutch pairing.
    added = "".join(line + real.document().newline for line in logged).encode("utf-8")
    assert _export(event, tmp_path / "back.trf") == real.path.read_bytes() + added


def test_a_pending_request_is_imported_as_a_request_and_honoured_by_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """bbp-dutch-2025-c5: ``0000 - Z`` for player 4 in round 3, the round to pair."""
    event = tmp_path / "c5.arbiter"
    out = _import(REAL / "bbp-dutch-2025-c5.trf", event, capsys)
    assert out.strip().endswith("6 players, 2 rounds; bye requests for round 3")
    assert main(["standings", str(event)]) == 0
    assert "standings after round 2" in capsys.readouterr().out
    assert main(["pair", str(event)]) == 0
    printed = capsys.readouterr().out
    # bbpPairings' expected pairing of round 3: 1-5, 3-2, bye 6; player 4 stays out.
    assert re.search(r"1 Test0001 Player0001  -\s+5 Test0005", printed)
    assert re.search(r"3 Test0003 Player0003  -\s+2 Test0002", printed)
    assert "6 Test0006 Player0006: pairing-allocated bye" in printed
    assert "4 Test0004 Player0004: zero-point bye (requested)" in printed


# -- the README's list ------------------------------------------------------------------


def _readme_items() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("### What an export of an imported file changes", 1)[1]
    section = section.split("\n## ", 1)[0]
    return re.findall(r"^- \*\*(.+?)\*\*", section, flags=re.MULTILINE)


def _lines(data: bytes) -> list[str]:
    return data.decode("utf-8").splitlines()


def _changed(
    before: list[str], after: list[str], *, imports: bool = False
) -> tuple[list[str], list[str]]:
    """Lines only in *before*, lines only in *after* (order kept); the ``### Import`` lines
    of rounds that are not the Dutch pairing are a case of their own, left out unless
    *imports*."""
    after = [x for x in after if imports or not x.startswith("### Import @")]
    return [x for x in before if x not in after], [x for x in after if x not in before]


Case = Callable[[Path, pytest.CaptureFixture[str]], None]


def _byte_order_mark(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = (REAL / "bbp-dutch-2025-c9.trf").read_bytes()
    source = tmp / "bom.trf"
    source.write_bytes(b"\xef\xbb\xbf" + original)
    _import(source, tmp / "e.arbiter", capsys)
    assert _export(tmp / "e.arbiter", tmp / "out.trf") == original


def _last_line_end(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = (REAL / "bbp-dutch-2025-c9.trf").read_bytes()
    source = tmp / "open.trf"
    source.write_bytes(original.rstrip(b"\n"))
    _import(source, tmp / "e.arbiter", capsys)
    assert _export(tmp / "e.arbiter", tmp / "out.trf") == original


def _points_and_counts(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (REAL / "tbs-held-round-robin.trf").read_text(encoding="utf-8").splitlines()
    wrong = [x.replace("062 6", "062 7") for x in lines]
    wrong[4] = wrong[4][:80] + " 9.5" + wrong[4][84:]  # player 1: 3.5 in the file
    source = tmp / "wrong.trf"
    source.write_text("\n".join(wrong) + "\n", encoding="utf-8")
    assert main(["import", str(source), "-o", str(tmp / "e.arbiter")]) == 0
    warned = capsys.readouterr().err
    assert "wrong.trf:5:81: player 1's points column says 9.5" in warned
    assert "wrong.trf:3:5: record 062 says '7' players, the file has 6" in warned
    assert _lines(_export(tmp / "e.arbiter", tmp / "out.trf")) == lines


def _trf26_records(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (REAL / "tbs-no-colour-preference.trf").read_text(encoding="utf-8").splitlines()
    lacking = [x for x in lines if x[:3] not in ("152", "162", "192")]
    source = tmp / "lacking.trf"
    source.write_text("\n".join(lacking) + "\n", encoding="utf-8")
    _import(source, tmp / "e.arbiter", capsys)
    gone, added = _changed(lacking, _lines(_export(tmp / "e.arbiter", tmp / "out.trf")))
    # 152 as round 1 shows it (player 1 had Black), the default points, Arbiter's Dutch code.
    assert (gone, added) == (
        [],
        ["152 B", "162  W 1.0    D 0.5    L 0.0    A 0.0", "192 FIDE_DUTCH"],
    )


def _arbiter_records(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = REAL / "lichess-2020-06-26.trf"
    _import(source, tmp / "e.arbiter", capsys)
    with Session.open(tmp / "e.arbiter") as session:
        session.run(EditPlayer(tpn=3, national_rating=1650, national_id="GER-12345"))
    before = _lines(source.read_bytes())
    gone, added = _changed(before, _lines(_export(tmp / "e.arbiter", tmp / "out.trf")))
    # TRF-16 has no national rating record, and the report writes none of Arbiter's own:
    # the file is unchanged and the export says what it left out.
    assert (gone, added) == ([], [])
    assert "note: out.trf: national ratings and numbers of players 3: TRF-16 has no" in (
        capsys.readouterr().err
    )


def _changes_made(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = REAL / "lichess-2020-06-26.trf"
    _import(source, tmp / "e.arbiter", capsys)
    with Session.open(tmp / "e.arbiter") as session:
        session.run(EditPlayer(tpn=9, rating=1500))
    before = _lines(source.read_bytes())
    gone, added = _changed(before, _lines(_export(tmp / "e.arbiter", tmp / "out.trf")))
    # The rated players' count (072 was 0) and player 9's record, now in Arbiter's layout
    # (``0000 - U`` for the file's blank opponent, a rank where the file left none).
    assert [x[:8] for x in gone] == ["072 0", "001    9"]
    assert [x[:8] for x in added] == ["072 1", "001    9"]
    assert added[1][48:52] == "1500" and added[1][:48] == gone[1][:48]
    again = parse_trf((tmp / "out.trf").read_text(encoding="utf-8")).event
    original = parse_trf(source.read_text(encoding="utf-8")).event
    assert again.entries == original.entries  # the same rounds, read back
    assert [p.rating for p in again.players] == [None] * 8 + [1500]
    # A tie-break list: new standings, so the rank column (blank in the file) is filled down.
    ranked_path = tmp / "ranked.trf"
    args = ["--format", "trf", "--tiebreaks", "BH", "-o", str(ranked_path)]
    assert main(["export", str(tmp / "e.arbiter"), *args]) == 0
    ranked = [x for x in _lines(ranked_path.read_bytes()) if x.startswith("001")]
    assert [x[85:89].strip() for x in ranked] == ["1", "1", "3", "3", "3", "6", "7", "8", "9"]


def _another_version(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = REAL / "lichess-2020-05-29.trf"
    _import(source, tmp / "e.arbiter", capsys)
    out = _export(tmp / "e.arbiter", tmp / "out.trf", "--trf-version", "TRF-26")
    gone, added = _changed(_lines(source.read_bytes()), _lines(out))
    assert gone == ["XXR 10", "XXC white1"]
    assert added == [
        "142 10",
        "152 W",
        "162  W 1.0    D 0.5    L 0.0    A 0.0",
        "192 FIDE_DUTCH",
    ]


def _character_set(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter_app.app import import_trf
    from arbiter_app.ui.document import untitled_session

    text = (REAL / "madrid-san-viator-2018.trf").read_text(encoding="utf-8")
    text = text.replace("Lopez Guitian, Juan J.", "López Guitián, Juan J.")
    source = tmp / "latin1.trf"
    source.write_bytes(text.encode("latin-1"))
    imported = import_trf(source)
    assert "read as Latin-1" in imported.warnings[0]
    session = untitled_session(
        imported.event, source.name, document=imported.document, confirm=True
    )
    session.save_as(tmp / "e.arbiter")
    session.close()
    written = _export(tmp / "e.arbiter", tmp / "out.trf").decode("utf-8")
    assert written.startswith(text)
    assert [x[:22] for x in written.removeprefix(text).splitlines()] == [
        "### Import @ Round 1: ",
        "### Import @ Round 7: ",
    ]


def _rounds_not_the_dutch_pairing(tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE's tie-break server's 9-round Swiss: rounds 3, 6, 7 and 9 are not the Dutch
    pairing (``arbiter-app check`` flags the same rounds); the import asks, then logs them."""
    source = REAL / "tbs-held-swiss-9.trf"
    before = _lines(source.read_bytes())
    assert main(["import", str(source), "-o", str(tmp / "asked.arbiter")]) == 2
    assert "4 rounds of the file differ from the Dutch pairing" in capsys.readouterr().err
    _import(source, tmp / "e.arbiter", capsys)
    written = _lines(_export(tmp / "e.arbiter", tmp / "out.trf"))
    gone, added = _changed(before, written, imports=True)
    assert gone == []
    assert added == [
        "### Import @ Round 3: 1 of 7 boards differs from the Dutch pairing (FIDE C.04.3)",
        "### Import @ Round 6: 5 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
        "### Import @ Round 7: 1 of 8 boards differs from the Dutch pairing (FIDE C.04.3)",
        "### Import @ Round 9: 2 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
    ]


CASES: dict[str, Case] = {
    "Byte-order mark": _byte_order_mark,
    "Last line end": _last_line_end,
    "Points and player counts that disagree with the results": _points_and_counts,
    "TRF-26 records the file lacked": _trf26_records,
    "What the report cannot hold": _arbiter_records,
    "Changes made to the event": _changes_made,
    "Another TRF version": _another_version,
    "Character set": _character_set,
    "Rounds that are not the Dutch pairing": _rounds_not_the_dutch_pairing,
}


def test_the_readme_lists_exactly_the_differences_tested_here() -> None:
    assert _readme_items() == list(CASES)


@pytest.mark.parametrize("name", list(CASES))
def test_each_listed_difference_and_nothing_else(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    CASES[name](tmp_path, capsys)
