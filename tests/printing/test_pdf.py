"""PDF output: paper sizes, every script's names searchable, page numbers, progress."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from arbiter_app.core.lots import seeded_draw
from arbiter_app.exports.lots import RecordedDraw, protocol_sheet
from arbiter_app.exports.pairings import pairings_sheet, result_slips_sheet, round_from_event
from arbiter_app.exports.sheet import Align, Column, Paper, Sheet, Table
from arbiter_app.printing import write_pdf
from tests.exports.samples import NAMES, sample_event
from tests.printing.conftest import pdf_info, pdf_text


@pytest.mark.parametrize(("paper", "size"), [(Paper.A4, "595 x 842"), (Paper.LETTER, "612 x 792")])
def test_paper_sizes(tmp_path: Path, paper: Paper, size: str) -> None:
    out = tmp_path / "p.pdf"
    write_pdf(pairings_sheet(round_from_event(sample_event(), 1)), out, paper)
    assert pdf_info(out)["Page size"].startswith(size)


def test_names_in_every_script_and_results_can_be_found(tmp_path: Path) -> None:
    out = tmp_path / "pairings.pdf"
    write_pdf(pairings_sheet(round_from_event(sample_event(), 2)), out)
    text = pdf_text(out)
    for name in ("Přemysl Ďuriš", "Иван Петров", "李明", "Zoë O'Brien-Łukasiewicz"):
        assert name in text
    # Arabic is stored in visual order; its letters are all there.
    arabic = "".join(ch for ch in text if "\u0600" <= ch <= "\u06ff")
    assert sorted(arabic) == sorted(NAMES[4].replace(" ", ""))
    assert "Pairings — round 2" in text
    for result in ("½-½", "0-1", "1-0"):
        assert unicodedata.normalize("NFKC", result) in text
    assert "Page 1 of 1" in text


def test_slips_have_one_box_per_board_and_page_breaks(tmp_path: Path) -> None:
    from tests.support.compact import event_from_text

    text = "\n".join(f"{i}: +W{i + 1}" if i % 2 else f"{i}: -B{i - 1}" for i in range(1, 19))
    out = tmp_path / "slips.pdf"
    pages = write_pdf(result_slips_sheet(round_from_event(event_from_text(text), 1)), out)
    assert pages == 3  # 9 boards, 4 to a page
    got = pdf_text(out)
    assert got.count("Round 1 · Board") == 9
    assert "Page 3 of 3" in got


def test_protocol_prints_seed_and_article(tmp_path: Path) -> None:
    draw = seeded_draw("Play-off pairing numbers", [1, 2, 3], 20230512, article="GCT 2023 art. 2.3")
    out = tmp_path / "lots.pdf"
    write_pdf(protocol_sheet([RecordedDraw(draw, "18:05")], names=NAMES), out)
    text = pdf_text(out)
    assert "20230512" in text and "GCT 2023 art. 2.3" in text and "18:05" in text


def test_long_list_paginates_with_progress_and_running_header(tmp_path: Path) -> None:
    rows = tuple((str(i), f"Player {i:03d}") for i in range(1, 301))
    sheet = Sheet(
        "Long list",
        (Table((Column("No", Align.RIGHT, 10), Column("Name", Align.LEFT, 90)), rows),),
        event="Big Open",
    )
    calls: list[tuple[int, int]] = []
    out = tmp_path / "long.pdf"
    pages = write_pdf(sheet, out, progress=lambda done, total: calls.append((done, total)))
    assert pages > 3
    assert calls == [(i, pages) for i in range(pages + 1)]
    assert int(pdf_info(out)["Pages"]) == pages
    text = pdf_text(out)
    assert "Player 001" in text and "Player 300" in text
    # Pages after the first repeat the event and title at the top, and the table header.
    assert text.count("Big Open — Long list") == pages - 1
    assert text.count("Name") >= pages


def test_a_table_too_wide_for_the_paper_is_scaled_not_cut(tmp_path: Path) -> None:
    cols = tuple(Column(f"R{i}", Align.CENTER) for i in range(1, 41))
    rows = ((*(f"{i}w½" for i in range(1, 40)), "LASTCOLUMN"),)
    sheet = Sheet("Wide", (Table(cols, rows),))
    out = tmp_path / "wide.pdf"
    write_pdf(sheet, out)
    text = pdf_text(out)
    assert "LASTCOLUMN" in text and "R40" in text


def test_standings_pdf_names_points_rule_set_and_articles(tmp_path: Path) -> None:
    from tests.printing.samples import SHEETS

    out = tmp_path / "standings.pdf"
    write_pdf(SHEETS["standings"](), out)
    text = pdf_text(out)
    flat = " ".join(text.split())
    assert "Final standings" in flat
    for name in ("Přemysl Ďuriš", "Иван Петров", "李明", "Zoë O'Brien-Łukasiewicz"):
        assert name in text
    assert "FIDE C.07 (text in force from 1 April 2024), articles 16.1–16.5" in flat
    # Each tie-break with the article it implements: Buchholz 8.1, Sonneborn-Berger 9.1, wins 7.1.
    for code, article in (("BH/C1", "8.1"), ("SB", "9.1"), ("WIN", "7.1")):
        line = next(part for part in flat.split(". ") if part.startswith(code + " —"))
        assert article in line, line
    # The leader's row: place, number, points and tie-break values, in this order.
    layout = pdf_text(out, layout=True)
    row = next(line for line in layout.splitlines() if "Přemysl Ďuriš" in line)
    # SB has a 2.25 further down: its whole column shows two decimals.
    assert row.split() == [
        "1",
        "1",
        "Přemysl",
        "Ďuriš",
        "2610",
        "21⁄2",
        "31⁄2",
        "41⁄2",
        "4.00",
        "2",
    ]


def test_crosstable_pdf_cells(tmp_path: Path) -> None:
    from tests.printing.samples import SHEETS

    out = tmp_path / "crosstable.pdf"
    write_pdf(SHEETS["crosstable"](), out)
    layout = pdf_text(out, layout=True)
    row = next(line for line in layout.splitlines() if "Иван Петров" in line)
    # The round cells, the points, then the tie-breaks (issue 26).
    assert row.split()[5:9] == ["3b1⁄2", "1w1⁄2", "4b0", "1"]
    assert len(row.split()) > 9
    assert "PAB" in layout and "FPB" in layout and "HPB" in layout


def test_the_same_painting_drives_a_printer(tmp_path: Path) -> None:
    """The GUI prints through QPrinter; here a QPrinter that writes PDF stands for the printer."""
    from PySide6.QtPrintSupport import QPrinter

    from arbiter_app.printing import paint_sheet

    out = tmp_path / "printer.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    pages = paint_sheet(pairings_sheet(round_from_event(sample_event(), 2)), printer, Paper.LETTER)
    del printer
    assert pages == 1
    assert pdf_info(out)["Page size"].startswith("612 x 792")
    assert "Иван Петров" in pdf_text(out)
