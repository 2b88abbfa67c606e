"""US Chess on the command line: the rating report and its readiness check.

``arbiter-app report FILE --uschess --affiliate A6012345 --chief-td 12345678 --state OK
--zip 73101`` checks the report of every section of the event and names what is
missing or invalid, player by player (exit 1 when something is); ``arbiter-app
export FILE --format uschess -o FOLDER`` with the same options runs the same
check and, when nothing is wrong, writes ``THEXPORT.DBF``, ``TSEXPORT.DBF`` and
``TDEXPORT.DBF`` into FOLDER (:mod:`arbiter_app.exports.uschess_dbf`).

The event file holds the event's name, city, dates, time controls and the
players with their US Chess IDs (``national_id``) and ratings; the affiliate,
the TDs' IDs, the state and ZIP code of the site are given here (the chief
TD's ID is taken from the chief arbiter's entry when it holds an eight-digit
number). The players' states come from the imported US Chess member list
(``ratings import LIST --uschess``), and the same list gives the membership
notices (level 2: the report is written, the notices are printed with it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.uschess_report import (
    RatingReport,
    readiness,
)
from arbiter_app.core.warning_levels import Alert
from arbiter_app.core.words import count

if TYPE_CHECKING:
    pass

EXIT_NOT_READY = 1


def add_header_options(p: argparse.ArgumentParser) -> None:
    """The header fields of the rating report that the event file does not hold."""
    g = p.add_argument_group("US Chess rating report (--format uschess)")
    g.add_argument(
        "--affiliate", default=None, help="the affiliate's ID, A6012345 (default: the event's)"
    )
    g.add_argument(
        "--chief-td",
        default=None,
        help="the chief TD's US Chess ID (default: the event's, else an 8-digit ID in the "
        "chief arbiter's entry)",
    )
    g.add_argument("--assistant-td", default=None, help="the assistant chief TD's US Chess ID")
    g.add_argument(
        "--other-td",
        action="append",
        default=None,
        help="another TD's US Chess ID (repeatable)",
    )
    g.add_argument("--state", default=None, help="the site's state, two letters (OK)")
    g.add_argument("--zip", default=None, help="the site's ZIP code")
    g.add_argument("--city", default=None, help="the site's city (default: the event's city)")


def build_report(path: Path, args: argparse.Namespace) -> tuple[RatingReport, list[Alert]]:
    """The report of every section of the event in *path*, and the membership notices
    (:func:`arbiter_app.session.uschess_report.rating_report`): the options given win
    over the header the event keeps."""
    from arbiter_app.session import Session
    from arbiter_app.session.uschess_report import rating_report
    from arbiter_app.sheets.source import ARBITER_SUFFIX

    if path.suffix.lower() != ARBITER_SUFFIX:
        raise ArbiterError(
            f"{path}: the US Chess rating report is made from a tournament file (.arbiter), "
            "which holds the US Chess IDs and every section (arbiter-app import FILE.trf -o "
            "FILE.arbiter makes one)"
        )
    given = {
        "affiliate": args.affiliate,
        "chief_td": args.chief_td,
        "assistant_td": args.assistant_td,
        "other_tds": args.other_td,
        "city": args.city,
        "state": args.state,
        "zip": args.zip,
    }
    with Session.open(path, readonly=True) as session:
        return rating_report(session, given)


def _print_alerts(alerts: list[Alert]) -> None:
    for alert in alerts:
        print(f"arbiter-app: notice: {alert}", file=sys.stderr)


def run_report(args: argparse.Namespace) -> int:
    report, alerts = build_report(args.file, args)
    problems = readiness(report)
    _print_alerts(alerts)
    players = sum(len(s.players) for s in report.sections)
    if not problems:
        print(
            f"the US Chess rating report is ready: {count(len(report.sections), 'section')}, "
            f"{count(players, 'player')}"
        )
        return 0
    print(f"the US Chess rating report is not ready ({count(len(problems), 'problem')}):")
    for problem in problems:
        print(f"  {problem}")
    return EXIT_NOT_READY


def run_export(args: argparse.Namespace) -> int:
    """``export FILE --format uschess -o FOLDER``."""
    from arbiter_app.exports.uschess_dbf import write_report
    from arbiter_app.session.uschess_report import guarded_folder

    if getattr(args, "section", None):
        raise ArbiterError(
            "the rating report holds every section of the event: leave out --section"
        )
    report, alerts = build_report(args.file, args)
    written = write_report(report, guarded_folder(args.output, args.file))
    _print_alerts(alerts)
    for path in written:
        print(f"wrote {path}")
    return 0
