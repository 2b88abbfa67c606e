"""Every sheet made from the sample event, for the rendering tests and the screenshots.

Run ``python -m tests.ui.printing.samples OUTDIR`` to write each sheet as a
PDF and as PNG pages (pdftoppm) to look at.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from arbiter_app.core.lots import physical_toss, seeded_draw
from arbiter_app.exports.lots import RecordedDraw, protocol_sheet
from arbiter_app.exports.pairings import pairings_sheet, result_slips_sheet, round_from_event
from arbiter_app.exports.sheet import Paper, Sheet
from tests.exports.samples import NAMES, sample_event


def _lots() -> Sheet:
    draw = seeded_draw(
        "Play-off pairing numbers (round robin of the tied players)",
        [1, 4, 3],
        20240505,
        witnesses=("Petra Svobodová", "Omar Haddad"),
        article="GCT 2023 art. 2.3",
    )
    toss = physical_toss(
        "Armageddon colours: the toss winner chooses",
        [1, 4],
        4,
        witnesses=("Petra Svobodová",),
        article="GCT 2023 art. 2.5.3",
    )
    ev = sample_event()
    return protocol_sheet(
        [RecordedDraw(draw, "2024-05-05 18:05 CEST"), RecordedDraw(toss, "2024-05-05 18:52 CEST")],
        event=ev.name,
        names=NAMES,
        chief_arbiter=ev.info.chief_arbiter,
    )


SHEETS: dict[str, Callable[[], Sheet]] = {
    "pairings": lambda: pairings_sheet(round_from_event(sample_event(), 3)),
    "slips": lambda: result_slips_sheet(round_from_event(sample_event(), 3)),
    "lots": _lots,
}


def main(argv: list[str]) -> int:
    from arbiter_app.ui.printing import write_pdf

    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for name, build in SHEETS.items():
        for paper in Paper:
            pdf = out / f"{name}-{paper.value}.pdf"
            write_pdf(build(), pdf, paper)
            subprocess.run(
                ["pdftoppm", "-r", "70", "-png", str(pdf), str(pdf.with_suffix(""))], check=True
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
