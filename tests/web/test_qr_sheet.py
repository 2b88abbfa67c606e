"""The wall sheet of the players' page: ``arbiter-app print FILE players-page-qr --url URL``."""

from __future__ import annotations

import base64
import re
import struct
from pathlib import Path

import pytest
import segno

from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.sheet import Picture
from arbiter_app.web.qr import QUIET_ZONE, address_sheet, qr_png, qr_svg
from tests.support.cli import run

URL = "http://192.168.1.20:8080/"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_code_holds_the_address_with_its_quiet_zone() -> None:
    modules = segno.make(URL, error="m", micro=False).symbol_size(scale=1, border=QUIET_ZONE)
    assert _png_size(qr_png(URL, scale=3)) == (modules[0] * 3, modules[1] * 3)
    svg = qr_svg(URL)
    assert f'viewBox="0 0 {modules[0] * 6} {modules[1] * 6}"' in svg
    assert f"<title>{URL}</title>" in svg


def test_the_sheet_shows_the_address_and_the_code(club_file: Path) -> None:
    sheet = address_sheet(URL, "Riverside Club Championship", ("Open", "Reserve"))
    (picture,) = [b for b in sheet.blocks if isinstance(b, Picture)]
    assert picture.caption == URL
    text = sheet_to_html(sheet)
    encoded = re.search(r'<img src="data:image/png;base64,([^"]+)" width="(\d+)"', text)
    assert encoded is not None
    assert base64.b64decode(encoded.group(1)) == picture.png
    assert int(encoded.group(2)) == round(picture.side_mm * 96 / 25.4)
    assert re.search(rf'<p class="caption" align="center" style="[^"]*">{URL}</p>', text)
    assert "Open, Reserve" in text


def test_print_writes_the_wall_sheet_as_a_pdf_with_the_picture(
    capsys: pytest.CaptureFixture[str], club_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "qr.pdf"
    code, printed, err = run(
        capsys, "print", str(club_file), "players-page-qr", "--url", URL, "-o", str(out)
    )
    assert code == 0, err
    assert "Pairings and standings on your phone, 1 page" in printed
    assert f"the address on it: {URL}" in printed
    assert b"/Subtype /Image" in out.read_bytes()


def test_an_address_that_is_not_a_web_address_is_refused(
    capsys: pytest.CaptureFixture[str], club_file: Path, tmp_path: Path
) -> None:
    code, _, err = run(
        capsys, "print", str(club_file), "players-page-qr", "--url", "192.168.1.20:8080",
        "-o", str(tmp_path / "qr.pdf"),
    )  # fmt: skip
    assert code == 2
    assert "the address starts with http://" in err
    assert not (tmp_path / "qr.pdf").exists()
