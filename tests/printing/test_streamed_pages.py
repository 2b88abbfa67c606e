"""A long standings sheet printed page by page: the header row on every page, every row whole
on exactly one page, in order, and the columns where the first page has them."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from arbiter_app.exports.sheet import Align, Column, Paper, Paragraph, Sheet, Table
from arbiter_app.printing import write_pdf
from arbiter_app.printing.pages import LONG_TABLE_ROWS
from arbiter_app.sheets.builders import SHEETS
from arbiter_app.sheets.source import load
from tests.printing.conftest import pdf_info, pdf_text, tool
from tests.support.swiss_generator import generate_trf

PLAYERS = 400


def _page_texts(pdf: Path, pages: int) -> list[str]:
    out = []
    for page in range(1, pages + 1):
        args = [tool("pdftotext"), "-layout", "-enc", "UTF-8", "-f", str(page), "-l", str(page)]
        done = subprocess.run([*args, str(pdf), "-"], capture_output=True, check=True)
        out.append(done.stdout.decode("utf-8"))
    return out


def _header_x(pdf: Path, word: str) -> list[float]:
    """Where *word* starts on each page it is on (pdftotext's word boxes)."""
    args = [tool("pdftotext"), "-bbox", str(pdf), "-"]
    boxes = subprocess.run(args, capture_output=True, check=True, text=True).stdout
    found = re.findall(rf'<word xMin="([0-9.]+)"[^>]*>{word}</word>', boxes)
    return [float(x) for x in found]


def test_long_standings_repeat_the_header_and_cut_no_row(tmp_path: Path) -> None:
    trf = tmp_path / "swiss.trf"
    trf.write_text(generate_trf(PLAYERS, 7, 20240401), encoding="utf-8")
    sheet = SHEETS["standings"](load(trf), None)
    (table,) = sheet.tables()
    assert len(table.rows) == PLAYERS > LONG_TABLE_ROWS  # printed in several documents
    out = tmp_path / "standings.pdf"
    pages = write_pdf(sheet, out, Paper.A4)
    assert pages > 5
    assert int(pdf_info(out)["Pages"]) == pages
    seen: list[str] = []
    for number, text in enumerate(_page_texts(out, pages), start=1):
        lines = text.splitlines()
        header = [line.split() for line in lines if line.split()[:3] == ["Place", "No", "Name"]]
        assert header == [["Place", "No", "Name", "Rtg", "Pts"]], f"page {number}"
        # Each row of the table is one line holding all its cells (a row cut between two
        # pages would leave a part on each, or lose its cells).
        names = [line for line in lines if re.search(r"\bPlayer \d{4}\b", line)]
        assert names, f"page {number} has no rows"
        for line in names:
            cells = line.split()
            assert len(cells) == 6, (number, line)
            seen.append(f"{cells[2]} {cells[3]}")
        assert f"Page {number} of {pages}" in text
    # Every player once, in the order of the standings.
    assert seen == [row[2] for row in table.rows]
    # The columns stay where they are on the first page (widths fixed over the whole table).
    for word in ("Rtg", "Pts"):
        xs = _header_x(out, word)
        assert len(xs) == pages and max(xs) - min(xs) < 0.01, (word, xs)
    assert "Final standings" in pdf_text(out)


def test_a_row_of_two_lines_is_never_cut_by_a_page_break(tmp_path: Path) -> None:
    """Rows whose name wraps onto a second line: each row prints whole on one page (Qt alone
    cut such a row at a page break, its first line at the foot of one page and its second at
    the head of the next)."""
    long_name = "with a name long enough to take a second line in its column"
    rows = tuple(
        (str(i), f"Player {i:03d} {long_name if i % 2 == 0 else ''}".strip(), "x")
        for i in range(1, 161)
    )
    columns = (Column("No", Align.RIGHT, 8), Column("Name", Align.LEFT, 22), Column("Note"))
    sheet = Sheet("Wrapped", (Paragraph("Before the table."), Table(columns, rows)), event="Ev")
    out = tmp_path / "wrapped.pdf"
    pages = write_pdf(sheet, out)
    assert pages > 3
    texts = _page_texts(out, pages)
    for number, text in enumerate(texts, start=1):
        flat = " ".join(text.split())
        # Each page holds the first lines and the last lines of the same rows.
        starts = len(re.findall(r"Player \d{3} with", flat))
        ends = flat.count("in its column")
        assert starts == ends, (number, starts, ends)
    whole = " ".join(" ".join(texts).split())
    assert whole.count("second line in its column") == 80
    assert whole.count("Player ") == 160
