"""Every sheet made from the sample event, for the rendering tests and the screenshots.

Run ``python -m tests.printing.samples OUTDIR`` to write each sheet as a
PDF and as PNG pages (pdftoppm) to look at.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from arbiter_app.core.crosstable import round_robin_grid, swiss_crosstable
from arbiter_app.core.lots import physical_toss, seeded_draw
from arbiter_app.core.model import Event, System
from arbiter_app.core.playoff.results import final_placings, prize_table
from arbiter_app.core.prizes import PrizeFund
from arbiter_app.core.standings import Standings, compute_standings
from arbiter_app.exports.bracket import bracket_sheet
from arbiter_app.exports.lots import RecordedDraw, protocol_sheet
from arbiter_app.exports.pairings import pairings_sheet, result_slips_sheet, round_from_event
from arbiter_app.exports.playoff import (
    armageddon_cards_sheet,
    schedule_sheet,
    stage_pairings_sheet,
)
from arbiter_app.exports.prizes import prizes_sheet
from arbiter_app.exports.sheet import Paper, Sheet
from arbiter_app.exports.standings import (
    round_robin_sheet,
    standings_sheet,
    swiss_crosstable_sheet,
)
from tests.exports.playoff_sample import played_playoff
from tests.exports.samples import NAMES, RATINGS, sample_event
from tests.support.compact import event_from_rows


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


def _final() -> tuple[Event, Standings]:
    event = replace(sample_event(), planned_rounds=3)
    return event, compute_standings(event, ("BH/C1", "BH", "SB", "WIN"))


def _standings() -> Sheet:
    return standings_sheet(*_final())


def _crosstable() -> Sheet:
    event, table = _final()
    return swiss_crosstable_sheet(event, swiss_crosstable(event, table), table)


BERGER_6 = (
    ((1, 6), (2, 5), (3, 4)),
    ((6, 4), (5, 3), (1, 2)),
    ((2, 6), (3, 1), (4, 5)),
    ((6, 5), (1, 4), (2, 3)),
    ((3, 6), (4, 2), (5, 1)),
)
"""FIDE Berger table for six players (C.05 Annex 1): (white, black) per board."""


def berger_rows() -> dict[int, list[str]]:
    """A six-player round robin: the lower number wins when the sum is odd, else a draw."""
    rows: dict[int, list[str]] = {t: [] for t in range(1, 7)}
    for games in BERGER_6:
        for w, b in games:
            if (w + b) % 2:
                sw, sb = ("+", "-") if w < b else ("-", "+")
            else:
                sw = sb = "="
            rows[w].append(f"{sw}W{b}")
            rows[b].append(f"{sb}B{w}")
    return rows


def _round_robin() -> Sheet:
    names = dict(NAMES)
    names[5] = "Ольга Смирнова"
    event = event_from_rows(berger_rows(), names=names, ratings=RATINGS, system=System.ROUND_ROBIN)
    event = replace(event, info=replace(event.info, name="Brno Masters — round robin"))
    table = compute_standings(event, ("DE", "WIN", "SB", "KS"))
    return round_robin_sheet(event, round_robin_grid(event, table))


def _prizes() -> Sheet:
    state = played_playoff()
    standings = [(1, 1, 3), (3, 1, 3), (4, 1, 3), (5, 4, 4), (2, 5, 6), (6, 5, 6)]
    rows, prizes = prize_table(
        state.regulation,
        final_placings(state, standings),
        NAMES,
        PrizeFund.of(37500, 25000, 20000, 15000, 12500, 10000),
    )
    return prizes_sheet(sample_event(), state, rows, prizes)


SHEETS: dict[str, Callable[[], Sheet]] = {
    "playoff-schedule": lambda: schedule_sheet(sample_event(), played_playoff()),
    "playoff-pairings": lambda: stage_pairings_sheet(sample_event(), played_playoff()),
    "armageddon": lambda: armageddon_cards_sheet(sample_event(), played_playoff()),
    "bracket": lambda: bracket_sheet(sample_event(), played_playoff()),
    "prizes": _prizes,
    "standings": _standings,
    "crosstable": _crosstable,
    "round-robin": _round_robin,
    "pairings": lambda: pairings_sheet(round_from_event(sample_event(), 3)),
    "slips": lambda: result_slips_sheet(round_from_event(sample_event(), 3)),
    "lots": _lots,
}


def main(argv: list[str]) -> int:
    from arbiter_app.printing import write_pdf

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
