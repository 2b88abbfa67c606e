"""A Chess960 round's starting position on its printed sheets, and its draw in the protocol
of the drawing of lots (FIDE Laws of Chess, Guidelines II; FIDE C.02 checklist Q222)."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.exports.html import sheet_to_html
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    DrawChess960Position,
    EditSettings,
    RecordPairings,
)
from arbiter_app.sheets.builders import lots, pairings, pairings_by_name, slips
from arbiter_app.sheets.source import load


def _event(path: Path, *, chess960: bool = True) -> None:
    with Session.create(path, name="Freestyle", system="swiss", rounds=5, durable=False) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
            s.run(AddPlayer(name=name, rating=rating))
        if chess960:
            s.run(EditSettings(variant="chess960"))
        s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
        s.run(RecordPairings(round=2, boards=[[3, 2], [1, 4]]))
        if chess960:
            s.run(DrawChess960Position(round=1, number=312, witnesses=["J. Ortiz"]))
            s.run(DrawChess960Position(round=2))


def test_the_pairing_sheet_and_slips_print_the_rounds_position(tmp_path: Path) -> None:
    path = tmp_path / "960.arbiter"
    _event(path)
    src = load(path)
    for build in (pairings, pairings_by_name, slips):
        sheet = build(src, 1)
        assert (
            "Chess960 position",
            "312: NBQRBKRN (files a to h; Black opposite)",
        ) in sheet.header, build.__name__
    assert src.chess960 is not None
    second = src.chess960[2]
    assert (
        "Chess960 position",
        f"{second.number}: {second.back_rank} (files a to h; Black opposite)",
    ) in pairings(src, 2).header


def test_a_round_not_drawn_says_so_and_standard_chess_says_nothing(tmp_path: Path) -> None:
    path = tmp_path / "960.arbiter"
    _event(path)
    with Session.open(path) as s:
        s.undo()
    assert ("Chess960 position", "not drawn yet") in pairings(load(path), 2).header
    classic = tmp_path / "classic.arbiter"
    _event(classic, chess960=False)
    header = pairings(load(classic), 1).header
    assert all(label != "Chess960 position" for label, _ in header)


def test_the_protocol_of_lots_prints_both_draws(tmp_path: Path) -> None:
    path = tmp_path / "960.arbiter"
    _event(path)
    src = load(path)
    html = sheet_to_html(lots(src, None))
    assert "Chess960 starting position of round 1" in html
    assert "Chess960 position 312 (NBQRBKRN); every board of round 1 starts from it." in html
    assert "the 960 Chess960 starting positions, numbered 0 to 959 (Scharnagl)" in html
    assert "J. Ortiz" in html
    assert src.chess960 is not None
    with Session.open(path, readonly=True) as s:
        seed = s.journal()[-1].seed
    assert f"seed {seed}" in html
    assert "a number below 960 from SHA-256 of the seed" in html
