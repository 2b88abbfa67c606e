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
import re
import sys
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.uschess_members import Member, membership_alerts
from arbiter_app.core.uschess_report import (
    RatingReport,
    ReportHeader,
    readiness,
    section_of,
)
from arbiter_app.core.warning_levels import Alert
from arbiter_app.core.words import count

EXIT_NOT_READY = 1


def add_header_options(p: argparse.ArgumentParser) -> None:
    """The header fields of the rating report that the event file does not hold."""
    g = p.add_argument_group("US Chess rating report (--format uschess)")
    g.add_argument("--affiliate", default="", help="the affiliate's ID, A6012345")
    g.add_argument(
        "--chief-td",
        default=None,
        help="the chief TD's US Chess ID (default: an 8-digit ID in the chief arbiter's entry)",
    )
    g.add_argument("--assistant-td", default="", help="the assistant chief TD's US Chess ID")
    g.add_argument(
        "--other-td", action="append", default=[], help="another TD's US Chess ID (repeatable)"
    )
    g.add_argument("--state", default="", help="the site's state, two letters (OK)")
    g.add_argument("--zip", default="", help="the site's ZIP code")
    g.add_argument("--city", default=None, help="the site's city (default: the event's city)")


_ID_IN_TEXT = re.compile(r"(?<!\d)(\d{8})(?!\d)")


def build_report(path: Path, args: argparse.Namespace) -> tuple[RatingReport, list[Alert]]:
    """The report of every section of the event in *path*, and the membership notices."""
    from arbiter_app.session import Session
    from arbiter_app.session.event_rows import event_name
    from arbiter_app.sheets.source import ARBITER_SUFFIX

    if path.suffix.lower() != ARBITER_SUFFIX:
        raise ArbiterError(
            f"{path}: the US Chess rating report is made from a tournament file (.arbiter), "
            "which holds the US Chess IDs and every section (arbiter-app import FILE.trf -o "
            "FILE.arbiter makes one)"
        )
    with Session.open(path, readonly=True) as session:
        events = []
        for number, section in enumerate(session.sections, start=1):
            with session.selected(section.number):
                event = session.event
                pending = tuple(
                    (r, b.number)
                    for r in range(1, event.rounds + 1)
                    for b in session.boards(r)
                    if b.result is None
                )
                events.append((number, section.name, event, pending))
                # The event's own name: a section's event is titled "Event - Section".
                name = event_name(session.state)
    info = events[0][2].info
    ids = sorted({p.national_id.strip() for _, _, e, _ in events for p in e.players} - {""})
    members = _members(ids)
    states = {i: m.state for i, m in members.items() if m is not None}
    chief = args.chief_td
    if chief is None:
        found = _ID_IN_TEXT.search(info.chief_arbiter)
        chief = found.group(1) if found else ""
    header = ReportHeader(
        name=name,
        begin=info.start_date,
        end=info.end_date,
        affiliate_id=args.affiliate.strip().upper(),
        city=(info.city if args.city is None else args.city).strip(),
        state=args.state.strip().upper(),
        zipcode=args.zip.strip(),
        chief_td=chief.strip(),
        assistant_td=args.assistant_td.strip(),
        other_tds=tuple(t.strip() for t in args.other_td),
    )
    sections = tuple(
        section_of(n, name, event, states, pending) for n, name, event, pending in events
    )
    alerts: list[Alert] = []
    if members:
        players = [
            (p.tpn, p.name, p.national_id.strip()) for _, _, e, _ in events for p in e.players
        ]
        alerts = membership_alerts(players, members, info.end_date or info.start_date)
    return RatingReport(header, sections), alerts


def _members(ids: list[str]) -> dict[str, Member | None]:
    """What the imported member lists hold for *ids*; nothing when no list is imported."""
    from arbiter_app.store.member_db import MemberDatabase

    with MemberDatabase.open() as db:
        if not db.lists():
            return {}
        out: dict[str, Member | None] = {}
        for i in ids:
            found = db.by_id(i)
            out[i] = found[1] if found else None
        return out


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

    if getattr(args, "section", None):
        raise ArbiterError(
            "the rating report holds every section of the event: leave out --section"
        )
    report, alerts = build_report(args.file, args)
    written = write_report(report, args.output)
    _print_alerts(alerts)
    for path in written:
        print(f"wrote {path}")
    return 0
