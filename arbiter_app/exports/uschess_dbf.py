"""Write the US Chess rating report: ``THEXPORT.DBF``, ``TSEXPORT.DBF``, ``TDEXPORT.DBF``.

The layout and the values are :mod:`arbiter_app.core.uschess_report`'s; this
module only writes them as dBase III tables through the ``dbf`` package
(version byte 03, one 32-byte descriptor per field, the 0D terminator, the
records each behind a one-byte deletion flag, the 1A end-of-file byte; the
code page byte says ASCII). Character fields are left-justified and padded
with spaces, dates are ``YYYYMMDD``.

The three files are written into a fresh folder inside the target first and
renamed into place only once all three are written, so a failure while writing
never leaves one new file beside two old ones.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.core.uschess_report import (
    FORMAT,
    HEADER_FIELDS,
    PROGRAM,
    REPORT_FILES,
    SECTION_FIELDS,
    UNPLAYED,
    Field,
    RatingReport,
    ReportSection,
    detail_fields,
    rating_system,
    readiness,
    us_time_control,
)

FILES = REPORT_FILES

Value = str | date | None


def header_record(report: RatingReport) -> tuple[Value, ...]:
    h = report.header
    return (
        FORMAT,
        PROGRAM,
        "",  # H_EVENT_ID: US Chess assigns it
        h.name,
        str(len(report.sections)),
        h.begin,
        h.end,
        h.affiliate_id,
        h.city,
        h.state,
        h.zipcode,
        h.country,
        h.send_crosstable,
        h.chief_td,
        h.assistant_td,
        ",".join(h.other_tds),
    )


def section_record(report: RatingReport, s: ReportSection) -> tuple[Value, ...]:
    h = report.header
    tc = parse_time_control(s.time_control)
    return (
        "",
        str(s.number),
        s.name,
        rating_system(tc) or "",
        us_time_control(tc),
        h.chief_td,
        h.assistant_td,
        "R" if s.round_robin else "S",
        str(s.rounds),
        str(max((p.number for p in s.players), default=0)),
        h.begin,
        h.end,
        s.scholastic,
        "Y" if s.grand_prix_points else "N",  # S_GR_PRIX: a Grand Prix section
        str(s.grand_prix_points),  # S_GP_PTS: its Grand Prix points
        "N",  # S_FIDE: the FIDE report is the TRF file
    )


def detail_records(report: RatingReport) -> list[tuple[Value, ...]]:
    columns = report.columns
    out: list[tuple[Value, ...]] = []
    for s in report.sections:
        for p in s.players:
            cells = list(p.cells[: s.rounds]) + [UNPLAYED] * (columns - s.rounds)
            rating = "" if p.rating is None else str(p.rating)
            out.append(
                ("", str(s.number), str(p.number), p.member_id, p.name, p.state, rating, *cells)
            )
    return out


def _spec(fields: Sequence[Field]) -> str:
    return "; ".join(f"{f.name} D" if f.kind == "D" else f"{f.name} C({f.width})" for f in fields)


def _write_table(path: Path, fields: Sequence[Field], records: list[tuple[Value, ...]]) -> None:
    import dbf

    table = dbf.Table(str(path), _spec(fields), dbf_type="db3", codepage="ascii")
    table.open(dbf.READ_WRITE)
    try:
        for record in records:
            table.append(record)
    finally:
        table.close()


def write_report(report: RatingReport, folder: Path) -> list[Path]:
    """Write the three files into *folder* (made if need be); ArbiterError, and nothing
    written, when the readiness check finds a problem or the folder cannot be written."""
    problems = readiness(report)
    if problems:
        listed = "\n".join(str(p) for p in problems)
        raise ArbiterError(f"the rating report is not ready:\n{listed}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder, prefix=".uschess-") as staging:
            stage = Path(staging)
            _write_table(stage / FILES[0], HEADER_FIELDS, [header_record(report)])
            _write_table(
                stage / FILES[1],
                SECTION_FIELDS,
                [section_record(report, s) for s in report.sections],
            )
            _write_table(stage / FILES[2], detail_fields(report.columns), detail_records(report))
            written = []
            for name in FILES:
                target = folder / name
                shutil.move(stage / name, target)
                written.append(target)
    except OSError as exc:
        raise ArbiterError(f"{folder}: cannot write the report ({exc.strerror or exc})") from None
    return written
