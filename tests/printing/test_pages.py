"""Every sheet, on both papers, rendered to an image: nothing in the margins, nothing blank."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from arbiter_app.exports.sheet import Paper
from arbiter_app.printing import write_pdf
from arbiter_app.printing.pdf import MARGIN_MM
from tests.printing.conftest import tool
from tests.printing.samples import SHEETS

DPI = 30


def _pages(pdf: Path) -> list[tuple[int, int, bytes]]:
    """The pages as 8-bit grey images (width, height, pixels) via pdftoppm's PGM output."""
    prefix = pdf.with_suffix("")
    subprocess.run([tool("pdftoppm"), "-gray", "-r", str(DPI), str(pdf), str(prefix)], check=True)
    pages = []
    for path in sorted(pdf.parent.glob(prefix.name + "-*.pgm")):
        data = path.read_bytes()
        # P5 header: magic, width, height, maxval, each followed by whitespace.
        fields = data.split(maxsplit=4)
        assert fields[0] == b"P5"
        width, height = int(fields[1]), int(fields[2])
        pixels = fields[4][-width * height :]
        pages.append((width, height, pixels))
    return pages


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("name", sorted(SHEETS))
def test_sheet_stays_inside_the_margins(tmp_path: Path, name: str, paper: Paper) -> None:
    pdf = tmp_path / f"{name}.pdf"
    write_pdf(SHEETS[name](), pdf, paper)
    pages = _pages(pdf)
    assert pages
    margin = int(MARGIN_MM / 25.4 * DPI) - 2
    for number, (w, h, px) in enumerate(pages, start=1):
        dark = [(i % w, i // w) for i, v in enumerate(px) if v < 160]
        assert len(dark) > 200, f"{name} page {number} is (nearly) blank"
        outside = [
            (x, y)
            for x, y in dark
            if x < margin or x >= w - margin or y < margin or y >= h - margin
        ]
        assert not outside, f"{name} page {number}: ink in the margin at {outside[:3]}"
