"""``ratings import|find|info|check --uschess``: US Chess member lists on the command line.

The FIDE commands of :mod:`arbiter_app.cli.ratings` with ``--uschess`` land here; the
lists themselves are :mod:`arbiter_app.store.member_db`'s.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.uschess_members import SYSTEMS, Member
from arbiter_app.core.words import count
from arbiter_app.session.member_lookup import (
    NONE_YET,
    check_memberships,
    import_member_list,
    imported_words,
)
from arbiter_app.store.member_db import MemberDatabase, MemberList


def run_import(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    report = import_member_list(args.list_file, args.month)
    seconds = time.perf_counter() - started
    print(f"imported {imported_words(report)}, from {args.list_file.name} in {seconds:.1f} s")
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
        try:
            checked = check_memberships(session)
        except RuleError:
            print(NONE_YET)
            return 1
    for alert in checked.alerts:
        print(f"notice: {alert}")
    print(checked.summary)
    return 0


def member_fields(session: Any, member_id: str) -> tuple[dict[str, object], list[str]]:
    """The fields of the player with US Chess ID *member_id* and the level-2 notices
    (:func:`arbiter_app.session.member_lookup.member_fields`)."""
    from arbiter_app.session.member_lookup import member_fields as fields_of

    rating_type = str(session.state.setting("rating_type") or "")
    return fields_of(session.event.info, rating_type, member_id)
