"""Export and print the standings and the play-off sheets, from the same read models as the screen.

The renderers are :mod:`arbiter_app.exports` (pure: text or a sheet); the
printer and the PDF writer are :mod:`arbiter_app.printing`. This module
picks the renderer from the file's suffix and writes the file, saying plainly
what went wrong when it cannot.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtGui import QPagedPaintDevice

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.playoff.results import decided_order
from arbiter_app.exports.csv_export import rows_to_csv
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.json_export import standings_to_json
from arbiter_app.exports.playoff import stage_pairings_sheet
from arbiter_app.exports.sheet import Sheet
from arbiter_app.exports.standings import standings_csv_rows, standings_sheet
from arbiter_app.printing import ProgressCallback, paint_sheet, write_pdf
from arbiter_app.store.journal import anchor
from arbiter_app.store.outputs import pdf_whole, write_output
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.playoff_adapter import shown_standings

STANDINGS_FILTERS = (
    "Spreadsheet (*.csv)",
    "Web page (*.html)",
    "JSON (*.json)",
    "PDF (*.pdf)",
)


def standings_print_sheet(document: EventDocument) -> Sheet:
    """The standings sheet of the open event, play-off places marked."""
    table = shown_standings(document)
    if table.standings is None:
        raise ArbiterError("there are no standings to print")
    state = document.playoff_state()
    decided = decided_order(state) if state is not None else ()
    article = state.regulation.places_article if state is not None else ""
    sheet = standings_sheet(
        document.tournament, table.standings, decided=decided, decided_article=article
    )
    # The journal's head in the footer, as on every sheet the command line prints (issue 27).
    entries = document.session.journal()
    return replace(sheet, journal_head=anchor(entries[-1] if entries else None))


def playoff_sheet(document: EventDocument) -> Sheet:
    """The pairings of the play-off's stages and a score sheet per game still to play:
    what the "print" step asks for."""
    from dataclasses import replace

    from arbiter_app.exports.scoresheet import scoresheets_sheet
    from arbiter_app.exports.sheet import PageBreak

    state = document.playoff_state()
    if state is None:
        raise ArbiterError("this event has no play-off to print")
    pairings = stage_pairings_sheet(document.tournament, state)
    scores = scoresheets_sheet(document.tournament, state)
    return replace(
        pairings,
        title="Play-off pairings and score sheets",
        blocks=(*pairings.blocks, PageBreak(), *scores.blocks),
    )


def export_standings(
    document: EventDocument, path: Path, progress: ProgressCallback | None = None
) -> None:
    """Write the standings as CSV, HTML, JSON or PDF, chosen by *path*'s suffix.

    *progress* is told of each PDF page laid out (done, total).
    """
    suffix = path.suffix.lower()
    event = document.tournament
    table = shown_standings(document)
    if table.standings is None:
        raise ArbiterError("there are no standings to export")
    # Through the command line's guard (issue 27): never over the open event or any file
    # Arbiter has open, written aside and moved into place when whole.
    sources = [document.path] if document.path is not None else []
    if suffix == ".pdf":
        sheet = standings_print_sheet(document)

        def pdf(part: Path) -> None:
            write_pdf(sheet, part, progress=progress)

        write_output(path, pdf, sources=sources, check=pdf_whole)
        return
    if suffix == ".csv":
        text = rows_to_csv(*standings_csv_rows(event, table.standings))
    elif suffix in (".html", ".htm"):
        text = sheet_to_html(standings_print_sheet(document))
    elif suffix == ".json":
        text = standings_to_json(event, table.standings)
    else:
        raise ArbiterError(f"cannot export to {path.name}: use .csv, .html, .json or .pdf")
    write_output(path, text, sources=sources)


def print_sheet(sheet: Sheet, device: QPagedPaintDevice) -> int:
    """Paint *sheet* on a printer (or any paged device); returns the page count."""
    return paint_sheet(sheet, device)
