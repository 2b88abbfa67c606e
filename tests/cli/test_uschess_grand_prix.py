"""A section's US Chess Grand Prix points (TSEXPORT.DBF's S_GR_PRIX and S_GP_PTS): kept in
the event per section (``settings FILE --section S --grand-prix-points N``, the event
settings' US Chess report group) and written to the report, read back with dbfread."""

from __future__ import annotations

from pathlib import Path

import pytest
from dbfread import DBF

from tests.cli.test_uschess_cli import HEADER, ok, play, saturday  # noqa: F401 (a fixture)
from tests.support.cli import run

Capture = pytest.CaptureFixture[str]


def test_a_grand_prix_section_is_written_with_its_points(
    saturday: Path,  # noqa: F811 (the fixture imported above)
    capsys: Capture,
) -> None:
    f = str(saturday)
    ok(capsys, "settings", f, "--section", "Open", "--grand-prix-points", "20")
    shown = ok(capsys, "settings", f, "--section", "Open")
    assert "Grand Prix points 20" in shown
    play(capsys, f, "Open", 3, ["1-0", "1/2", "0-1"])
    play(capsys, f, "Reserve", 2, ["+-", "1-0", "1/2"])
    folder = saturday.parent / "report"
    ok(capsys, "export", f, "--format", "uschess", "-o", str(folder), *HEADER)
    rows = list(DBF(str(folder / "TSEXPORT.DBF"), encoding="ascii"))
    assert [(r["S_SEC_NAME"], r["S_GR_PRIX"], r["S_GP_PTS"]) for r in rows] == [
        ("Open", "Y", "20"),
        ("Reserve", "N", "0"),
    ]
    # The header is the event's: a section's points are not among its fields.
    (h,) = list(DBF(str(folder / "THEXPORT.DBF"), encoding="ascii"))
    assert "20" not in {str(v) for v in h.values()}


def test_grand_prix_points_beyond_the_fields_width_are_refused(
    saturday: Path,  # noqa: F811 (the fixture imported above)
    capsys: Capture,
) -> None:
    code, _, err = run(capsys, "settings", str(saturday), "--section", "Open",
                       "--grand-prix-points", "1000")  # fmt: skip
    assert code != 0
    assert "Grand Prix points are a whole number from 0 to 999" in err
