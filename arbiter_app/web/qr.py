"""The players' page's address as a QR code: inline SVG for the page, PNG for the wall.

A phone's camera opens the page from the code, so nobody types an address. The code is
made by segno (ISO/IEC 18004) with error correction level M, which still reads with
15 % of it torn or covered (a sheet on a wall gets pinned, folded, stained).
"""

from __future__ import annotations

import io

import segno

from arbiter_app.exports.sheet import Fields, Heading, Paragraph, Picture, Sheet

ERROR_LEVEL = "m"
QUIET_ZONE = 4
"""Modules of light margin around the code, the width ISO/IEC 18004 asks for."""

SHEET_CODE_MM = 135.0
"""How wide the code prints on the wall sheet: read from two or three metres away."""


def qr_svg(url: str, *, scale: int = 6) -> str:
    """The code of *url* as an ``<svg>`` element to put inline in a page (no file, no
    script: the page needs nothing from elsewhere)."""
    code = segno.make(url, error=ERROR_LEVEL, micro=False)
    # Without width and height (a viewBox instead) the page's style sizes it to the screen.
    svg: str = code.svg_inline(scale=scale, border=QUIET_ZONE, title=url, omitsize=True)
    return svg


def qr_png(url: str, *, scale: int = 16) -> bytes:
    """The code of *url* as a PNG image (the printed sheet's picture)."""
    code = segno.make(url, error=ERROR_LEVEL, micro=False)
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=scale, border=QUIET_ZONE)
    return buffer.getvalue()


def address_sheet(url: str, event: str, sections: tuple[str, ...] = ()) -> Sheet:
    """The sheet for the wall: the page's address in large type and its QR code."""
    blocks: list[Heading | Paragraph | Picture | Fields] = [
        Heading("Scan the code with your phone's camera, or type the address", 2),
        Picture(qr_png(url), SHEET_CODE_MM, f"QR code of {url}", caption=url),
        Paragraph(
            "The round's pairings, where you play (find your name), the standings and the "
            "crosstable, and the play-off when there is one. The page follows the event by "
            "itself: no need to reload it."
        ),
        Paragraph(
            "Your phone must be on the venue's network. The page only shows the event; "
            "results are given to the arbiter, as always."
        ),
    ]
    if len(sections) > 1:
        blocks.append(Fields((("Sections", ", ".join(sections)),)))
    return Sheet(
        title="Pairings and standings on your phone",
        blocks=tuple(blocks),
        event=event,
        footer=f"The players' page: {url}",
    )
