"""US Chess members looked up for an event: the fields a registration takes from the
imported member lists, and the notices of US Chess rule 23C.

The rating is the one of the event's rating system (rule 5C: the system of its time
control; without one, its rating type); a provisional rating is marked in its source.
A membership that expires before the event's last day, or an ID on no imported list,
is a level-2 notice: the player is registered, the arbiter is told. One home for the
command line (``player add --uschess-id``) and the window (the Add player dialog's US
Chess look-up); so are importing a member list and checking the event's players against
the lists (``ratings import|check --uschess`` and the window's Ratings menu).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.model import EventInfo
from arbiter_app.core.timecontrol import parse
from arbiter_app.core.uschess_members import (
    BLITZ,
    QUICK,
    REGULAR,
    Member,
    membership_alerts,
    player_fields,
    system_for,
)
from arbiter_app.core.uschess_report import rating_system
from arbiter_app.core.warning_levels import Alert
from arbiter_app.core.words import count
from arbiter_app.store.member_db import MemberDatabase, MemberImport, MemberList

if TYPE_CHECKING:
    from arbiter_app.session import Session

NONE_YET = (
    "no US Chess member list has been imported yet (Ratings ▸ Import US Chess member list… "
    "in the window; arbiter-app ratings import LIST --uschess)"
)


def system_of(time_control: str, rating_type: str = "") -> str:
    """The rating an event pairs with: rule 5C's system of its time control (regular for
    a regular or dual event); without a time control, the event's rating type (standard:
    regular, rapid: quick, blitz: blitz)."""
    by_type = {"rapid": QUICK, "blitz": BLITZ}.get(rating_type, REGULAR)
    if not time_control:
        return by_type
    try:
        return system_for(rating_system(parse(time_control)), by_type)
    except (InputError, ValueError):
        return by_type


def notices_of(alerts: list[Alert]) -> list[str]:
    """The notices as sentences that name their rule."""
    return [f"{a.question.removeprefix('0 ').strip()} ({a.article})" for a in alerts]


@dataclass(frozen=True, slots=True)
class MemberMatch:
    """A member found on the lists, as the Add player dialog offers them: the line shown,
    the fields a registration takes, and the notices (US Chess rule 23C)."""

    label: str
    fields: dict[str, object]
    notices: tuple[str, ...]


def member_match(
    member: Member, info: EventInfo, rating_type: str = "", listed: MemberList | None = None
) -> MemberMatch:
    """The registration fields of *member* for an event with *info*, and its notices."""
    system = system_of(info.time_control, rating_type)
    fields = player_fields(member, system)
    alerts = membership_alerts(
        [(0, member.name, member.member_id)],
        {member.member_id: member},
        info.end_date or info.start_date,
    )
    expires = f"expires {member.expires.isoformat()}" if member.expires else "no expiry"
    rating = member.rating_text(system)
    parts = [member.member_id, member.name, member.state or "--", expires, f"{system} {rating}"]
    if listed is not None:
        parts.append(f"({listed.title})")
    return MemberMatch("  ".join(parts), fields, tuple(notices_of(alerts)))


def member_fields(
    info: EventInfo, rating_type: str, member_id: str, path: Path | None = None
) -> tuple[dict[str, object], list[str]]:
    """The fields of the player with US Chess ID *member_id* from the newest imported list,
    and the level-2 notices (an ID on no list, a membership expired before the event's
    last day); with an unknown ID only the ID is filled."""
    wanted = member_id.strip()
    with MemberDatabase.open(path) as db:
        if not db.lists():
            raise RuleError(f"US Chess ID {wanted} cannot be looked up: {NONE_YET}")
        found = db.by_id(wanted)
    if found is None:
        alerts = membership_alerts([(0, "", wanted)], {wanted: None}, None)
        return {"national_id": wanted, "federation": "USA"}, notices_of(alerts)
    match = member_match(found[1], info, rating_type)
    return match.fields, list(match.notices)


class MemberLookup:
    """Look US Chess members up for an event with *info* and *rating_type*; each search
    opens the member database of the data folder (or *path*), so a list imported
    meanwhile is seen at once."""

    def __init__(self, info: EventInfo, rating_type: str = "", path: Path | None = None) -> None:
        self.info = info
        self.rating_type = rating_type
        self.path = path

    def lists(self) -> list[MemberList]:
        with MemberDatabase.open(self.path) as db:
            return db.lists()

    def search(self, text: str, limit: int = 30) -> list[MemberMatch]:
        """Members matching *text* (a US Chess ID, or a name as ``LAST, FIRST``)."""
        with MemberDatabase.open(self.path) as db:
            found = db.search(text, limit)
        return [member_match(m, self.info, self.rating_type, listed) for listed, m in found]


def rating_type_setting(settings: Mapping[str, object]) -> str:
    """The event's rating type setting as text ("" when none is stored)."""
    return str(settings.get("rating_type") or "")


def import_member_list(
    path: Path, month: date | None = None, db_path: Path | None = None
) -> MemberImport:
    """Import the US Chess member list in *path* (the Golden Database or the supplement)
    into the member database of the data folder (or *db_path*), with its *month* when the
    file's name does not say it; InputError, and nothing changes, when it is not one."""
    with MemberDatabase.open(db_path) as db:
        return db.import_file(path, month=month)


def imported_words(report: MemberImport) -> str:
    """``14 members: US Chess member list, November 2026``."""
    listed = report.imported
    return f"{count(listed.members, 'member', thousands=True)}: {listed.title}"


@dataclass(frozen=True, slots=True)
class MembershipCheck:
    """Every section's players against the newest member lists (US Chess rule 23C)."""

    alerts: tuple[Alert, ...]
    """Level 2: an ID on no imported list, a membership expired before the event's end."""
    checked: int
    """Players with a US Chess ID."""
    without: int
    """Players without one."""
    last_day: date | None = None
    """The event's last day, which a membership must reach; None: the event has no dates,
    and no membership was checked for its expiry."""

    @property
    def summary(self) -> str:
        """``11 players with a US Chess ID checked, 1 notice; 2 players without an ID``."""
        text = (
            f"{count(self.checked, 'player')} with a US Chess ID checked, "
            f"{count(len(self.alerts), 'notice')}"
        )
        if self.without:
            text += f"; {count(self.without, 'player')} without an ID"
        if self.checked and self.last_day is None:
            text += (
                "; no expiry was checked: the event has no dates (settings FILE --start-date, "
                "or Edit ▸ Event settings…)"
            )
        return text


def check_memberships(session: Session, db_path: Path | None = None) -> MembershipCheck:
    """The players of every section of *session* checked against the imported member
    lists; RuleError when none is imported."""
    events = []
    for section in session.sections:
        with session.selected(section.number):
            events.append(session.event)
    players = [(p.tpn, p.name, p.national_id.strip()) for e in events for p in e.players]
    info = events[0].info
    with MemberDatabase.open(db_path) as db:
        if not db.lists():
            raise RuleError(f"the players' memberships cannot be checked: {NONE_YET}")
        members = {}
        for _, _, member_id in players:
            if member_id:
                found = db.by_id(member_id)
                members[member_id] = found[1] if found else None
    last_day = info.end_date or info.start_date
    alerts = membership_alerts(players, members, last_day)
    checked = sum(1 for p in players if p[2])
    return MembershipCheck(tuple(alerts), checked, len(players) - checked, last_day)
