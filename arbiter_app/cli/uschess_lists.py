"""``ratings import|find|info|check --uschess``: US Chess member lists on the command line.

The FIDE commands of :mod:`arbiter_app.cli.ratings` with ``--uschess`` land here; the
lists themselves are :mod:`arbiter_app.store.member_db`'s.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from arbiter_app.core.uschess_members import SYSTEMS, Member, membership_alerts
from arbiter_app.core.words import count
from arbiter_app.session.member_lookup import NONE_YET
from arbiter_app.store.member_db import MemberDatabase, MemberList


def run_import(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    with MemberDatabase.open() as db:
        report = db.import_file(args.list_file, month=args.month)
    seconds = time.perf_counter() - started
    listed = report.imported
    print(
        f"imported {count(listed.members, 'member', thousands=True)}: {listed.title}, "
        f"from {args.list_file.name} "
        f"in {seconds:.1f} s"
    )
    if report.replaced is not None:
        print(f"it replaces the same list imported on {report.replaced.imported[:10]}")
    for problem in report.problems:
        print(f"left out: {problem}")
    return 0


def line(listed: MemberList, m: Member) -> str:
    """``12345678  DOE, JANE  OK  expires 2027-03-31  regular 1834  quick 1210P12 …``."""
    expires = f"expires {m.expires.isoformat()}" if m.expires else "no expiry"
    ratings = "  ".join(f"{s} {m.rating_text(s)}" for s in SYSTEMS)
    return f"{m.member_id}  {m.name:<28} {m.state or '--':<2}  {expires}  {ratings}"


def as_json(listed: MemberList, m: Member) -> dict[str, object]:
    return {
        "member_id": m.member_id,
        "name": m.name,
        "state": m.state,
        "expires": m.expires.isoformat() if m.expires else None,
        "ratings": {
            s: {"rating": m.rating(s), "provisional_games": getattr(m, f"{s}_games")}
            for s in SYSTEMS
        },
        "list": listed.title,
    }


def run_find(args: argparse.Namespace) -> int:
    with MemberDatabase.open() as db:
        if not db.lists():
            print(NONE_YET)
            return 1
        found = db.search(args.text, max(1, args.limit))
    if args.json:
        print(json.dumps([as_json(*f) for f in found], indent=2))
        return 0 if found else 1
    if not found:
        print(f"nobody on the imported member lists matches {args.text!r}")
        return 1
    for f in found:
        print(line(*f))
    return 0


def run_info() -> None:
    """The member lists imported (nothing is printed when there are none)."""
    with MemberDatabase.open() as db:
        lists = db.lists()
    for x in lists:
        members = count(x.members, "member", thousands=True)
        print(f"{x.title}: {members}, from {x.file}, imported {x.imported[:10]}")


def run_check(args: argparse.Namespace) -> int:
    """Level-2 notices for the event's players: IDs on no list, memberships expired
    before the event's last day."""
    from arbiter_app.session import Session

    with Session.open(args.file, readonly=True) as session:
        events = []
        for section in session.sections:
            with session.selected(section.number):
                events.append(session.event)
    players = [(p.tpn, p.name, p.national_id.strip()) for e in events for p in e.players]
    info = events[0].info
    with MemberDatabase.open() as db:
        if not db.lists():
            print(NONE_YET)
            return 1
        members = {}
        for _, _, member_id in players:
            if member_id:
                found = db.by_id(member_id)
                members[member_id] = found[1] if found else None
    alerts = membership_alerts(players, members, info.end_date or info.start_date)
    for alert in alerts:
        print(f"notice: {alert}")
    checked = sum(1 for p in players if p[2])
    without = len(players) - checked
    print(
        f"{count(checked, 'player')} with a US Chess ID checked, "
        f"{count(len(alerts), 'notice')}"
        + ("" if not without else f"; {count(without, 'player')} without an ID")
    )
    return 0


def member_fields(session: Any, member_id: str) -> tuple[dict[str, object], list[str]]:
    """The fields of the player with US Chess ID *member_id* and the level-2 notices
    (:func:`arbiter_app.session.member_lookup.member_fields`)."""
    from arbiter_app.session.member_lookup import member_fields as fields_of

    rating_type = str(session.state.setting("rating_type") or "")
    return fields_of(session.event.info, rating_type, member_id)
