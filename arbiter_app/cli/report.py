"""``arbiter-app report FILE``: is the FIDE rating report ready to send?

Lists what the report (``arbiter-app export FILE --format trf``) still lacks:
the event's records FIDE's rating server needs (city, federation, dates, chief
arbiter, time control, round dates: TRF-26's mandatory fields for rating), the
rounds not yet played or finished, then player by player the FIDE ID, the
federation, and the sex and date of birth of new (unrated) players, which FIDE
registers them with (:mod:`arbiter_app.core.trf.readiness`). It then says what
the report will leave out (what the ``.arbiter`` file keeps and TRF-26 has no
record for), and the results corrected for the rating report only (FIDE C.04.2
article 4.3: the report rates them, the standings keep the results played).
An event whose days span more than 30 days is flagged, with the rating period
each round falls in and what that asks of the report and of the rating
tie-breaks (:mod:`arbiter_app.core.rating_periods`; FIDE C.02, FIDE C.07
article 10); the window shows the same check (:mod:`arbiter_app.sheets.readiness`)::

    arbiter-app report open.arbiter
    arbiter-app report open.arbiter --json

Exit status: 0 when nothing is missing, 1 when something is, 2 when the file
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from arbiter_app.cli.uschess import add_header_options, run_report
from arbiter_app.sheets.readiness import check, json_data, text_lines
from arbiter_app.sheets.source import load

EXIT_READY = 0
EXIT_MISSING = 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "report",
        help="what the FIDE rating report still lacks, player by player (exit 1 when something)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    p.add_argument("--json", action="store_true", help="write the check as JSON")
    p.add_argument(
        "--uschess",
        action="store_true",
        help="the US Chess rating report (three DBF files) instead of FIDE's",
    )
    add_header_options(p)
    p.set_defaults(handler=_either)


def _either(args: argparse.Namespace) -> int:
    """FIDE's report by default; US Chess's with ``--uschess`` (one command, two federations)."""
    return run_report(args) if args.uschess else run(args)


def run(args: argparse.Namespace) -> int:
    src = load(args.file)
    found = check(src)
    if args.json:
        data = json_data(src, found, str(args.file))
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write("\n".join(text_lines(src, found, str(args.file))) + "\n")
    return EXIT_READY if found.ready else EXIT_MISSING
