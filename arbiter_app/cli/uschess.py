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
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import EventInfo
from arbiter_app.core.uschess_members import Member, membership_alerts
from arbiter_app.core.uschess_report import (
    RatingReport,
    ReportHeader,
    readiness,
    section_of,
)
from arbiter_app.core.warning_levels import Alert
from arbiter_app.core.words import count

if TYPE_CHECKING:
    from arbiter_app.session import Session

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
        kept = kept_report_header(session)
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
    given = {
        "affiliate": args.affiliate,
        "chief_td": args.chief_td,
        "assistant_td": args.assistant_td,
        "other_tds": args.other_td,
        "city": args.city,
        "state": args.state,
        "zip": args.zip,
    }
    # The options given on the command line win over what the event keeps.
    values = {**kept, **{k: v for k, v in given.items() if v is not None}}
    header = report_header(name, info, values)
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


def kept_report_header(session: Session) -> dict[str, Any]:
    """The report's header fields the event keeps (``settings --affiliate …``): every
    section's, the first section's first where two differ."""
    kept: dict[str, Any] = {}
    for section in reversed(session.sections):
        with session.selected(section.number):
            kept.update({k: v for k, v in session.settings.uschess_report.items() if v})
    return kept


def report_header(name: str, info: EventInfo, values: Mapping[str, Any]) -> ReportHeader:
    """The ``THEXPORT.DBF`` header of the event *name* with *info*, from the kept or given
    *values*; the chief TD's ID, when none is given, is an eight-digit number in the chief
    arbiter's entry."""
    chief = values.get("chief_td")
    if not chief:
        found = _ID_IN_TEXT.search(info.chief_arbiter)
        chief = found.group(1) if found else ""
    city = values.get("city")
    return ReportHeader(
        name=name,
        begin=info.start_date,
        end=info.end_date,
        affiliate_id=str(values.get("affiliate") or "").strip().upper(),
        city=str(info.city if city is None else city).strip(),
        state=str(values.get("state") or "").strip().upper(),
        zipcode=str(values.get("zip") or "").strip(),
        chief_td=str(chief).strip(),
        assistant_td=str(values.get("assistant_td") or "").strip(),
        other_tds=tuple(str(t).strip() for t in values.get("other_tds") or ()),
        country=str(values.get("country") or "USA").strip(),
        send_crosstable=str(values.get("send_crosstable") or "N").strip().upper(),
    )


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
