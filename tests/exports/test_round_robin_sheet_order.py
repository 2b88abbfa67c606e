"""The printed round-robin crosstable is in pairing-number order, like the panel."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.sheets.builders import SHEETS
from arbiter_app.sheets.source import load

SAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "samples"
    / "gct-classical-three-way-tie.trf"
)


def test_rows_by_pairing_number_places_from_the_standings() -> None:
    src = load(SAMPLE)
    sheet = SHEETS["crosstable"](src, None)
    grid = sheet.tables()[0]
    by_number = [p.name for p in sorted(src.event.players, key=lambda p: p.tpn)]
    assert [row[2] for row in grid.rows] == by_number
    places = {row[2]: row[0] for row in grid.rows}
    # The three tied for first keep their shared place wherever their number puts them.
    tied = [p.name for p in src.event.players if p.tpn in (1, 3, 7)]
    assert [places[name] for name in tied] == ["1-3", "1-3", "1-3"]
