"""The US Chess rating report of an open event: every section, the header the event keeps
(``settings --affiliate …``; the event settings dialog's "US Chess report" group) under
the values given for this report, and the membership notices of the imported lists.

One procedure for the command line (``report --uschess``, ``export --format uschess``)
and the window (File ▸ Export US Chess rating report…), so both check and write the
same report.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter_app.core.model import EventInfo
from arbiter_app.core.uschess_members import Member, membership_alerts
from arbiter_app.core.uschess_report import (
    REPORT_FILES,
    RatingReport,
    ReportHeader,
    grand_prix_points,
    section_of,
)
from arbiter_app.core.warning_levels import Alert

if TYPE_CHECKING:
    from arbiter_app.session.session import Session

_ID_IN_TEXT = re.compile(r"(?<!\d)(\d{8})(?!\d)")


def kept_report_header(session: Session) -> dict[str, Any]:
    """The report's header fields the event keeps: every section's, the first section's
    first where two differ (a section's Grand Prix points are its own, not the header's)."""
    kept: dict[str, Any] = {}
    for section in reversed(session.sections):
        with session.selected(section.number):
            kept.update(
                {
                    k: v
                    for k, v in session.settings.uschess_report.items()
                    if v and k != "grand_prix_points"
                }
            )
    return kept


def report_header(name: str, info: EventInfo, values: Mapping[str, Any]) -> ReportHeader:
    """The ``THEXPORT.DBF`` header of the event *name* with *info*, from *values*; the chief
    TD's ID, when none is given, is an eight-digit number in the chief arbiter's entry."""
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
        city=str(city if city else info.city).strip(),
        state=str(values.get("state") or "").strip().upper(),
        zipcode=str(values.get("zip") or "").strip(),
        chief_td=str(chief).strip(),
        assistant_td=str(values.get("assistant_td") or "").strip(),
        other_tds=tuple(str(t).strip() for t in values.get("other_tds") or ()),
        country=str(values.get("country") or "USA").strip(),
        send_crosstable=str(values.get("send_crosstable") or "N").strip().upper(),
    )


def rating_report(
    session: Session, given: Mapping[str, Any] | None = None
) -> tuple[RatingReport, list[Alert]]:
    """The report of every section of *session*'s event, and the membership notices
    (level 2, US Chess rule 23C). *given* are header values that win over the kept ones
    (the command line's options; None values are not given)."""
    from arbiter_app.session.event_rows import event_name

    kept = kept_report_header(session)
    events = []
    name = ""
    for number, section in enumerate(session.sections, start=1):
        with session.selected(section.number):
            event = session.event
            pending = tuple(
                (r, b.number)
                for r in range(1, event.rounds + 1)
                for b in session.boards(r)
                if b.result is None
            )
            points = grand_prix_points(session.settings.uschess_report.get("grand_prix_points"))
            events.append((number, section.name, event, pending, points))
            # The event's own name: a section's event is titled "Event - Section".
            name = event_name(session.state)
    info = events[0][2].info
    ids = sorted({p.national_id.strip() for _, _, e, *_ in events for p in e.players} - {""})
    members = _members(ids)
    states = {i: m.state for i, m in members.items() if m is not None}
    values = {**kept, **{k: v for k, v in (given or {}).items() if v is not None}}
    header = report_header(name, info, values)
    sections = tuple(
        section_of(n, section_name, event, states, pending, points)
        for n, section_name, event, pending, points in events
    )
    alerts: list[Alert] = []
    if members:
        players = [
            (p.tpn, p.name, p.national_id.strip()) for _, _, e, *_ in events for p in e.players
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


def guarded_folder(folder: Path, event_file: Path | None) -> Path:
    """*folder*, once none of the report's three files there would replace an event file
    or a file open in Arbiter (:func:`arbiter_app.store.outputs.check_output`); the
    folder is made when it does not exist yet."""
    from arbiter_app.store.outputs import check_output

    if folder.is_dir():
        for name in REPORT_FILES:
            check_output(folder / name, sources=[event_file] if event_file else [])
    return folder
