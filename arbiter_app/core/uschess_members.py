"""US Chess member lists as US Chess publishes them, and what an event takes from them.

US Chess publishes its members monthly for tournament directors: the
"Golden Database" (a dBase III file, ``TARATSUP.DBF``, zipped) and the rating
supplement as a tab-separated text file with a header line. Both give, per
member, the US Chess ID, the name (``LAST, FIRST``), the state, the membership's
expiry date and the ratings: regular, quick, blitz and online. A rating may
carry a provisional mark, the number of games it rests on (``1234P12`` or
``1234/12``): such a rating is provisional until 26 games (the
rating system's "provisional rating" definition), and the event shows it so.

The column titles are matched without regard to case or punctuation, against
the names the published files use for each value (:data:`COLUMNS`); a list
without an ID and a name column is refused. Rows that cannot be read are left
out and reported, one :class:`~arbiter_app.core.errors.Issue` each.

This module reads the rows (dicts of a DBF record or a TSV line) and decides
what an event takes: the rating of its rating system (rule 5C: regular for a
regular or dual section, quick, or blitz), and whether the membership is
current to the event's last day (rule 23C: every player in a US Chess-rated event
must be a member; an expired membership is a level-2 notice, FIDE C.02's
warning vocabulary, the arbiter renews it at the door or the player does not
play rated).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Final, NamedTuple

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.warning_levels import Alert, Level

REGULAR, QUICK, BLITZ, ONLINE = "regular", "quick", "blitz", "online"
SYSTEMS: Final = (REGULAR, QUICK, BLITZ, ONLINE)


class Member(NamedTuple):
    """One member of a list; a rating the list does not give is None."""

    member_id: str
    name: str
    state: str
    expires: date | None
    """None: no expiry given (a life member)."""
    regular: int | None
    regular_games: int | None
    """The games of a provisional rating; None when the rating is established."""
    quick: int | None
    quick_games: int | None
    blitz: int | None
    blitz_games: int | None
    online: int | None
    online_games: int | None

    def rating(self, system: str) -> int | None:
        value: int | None = getattr(self, system)
        return value

    def provisional(self, system: str) -> bool:
        return getattr(self, f"{system}_games") is not None

    def rating_text(self, system: str) -> str:
        """``1834``, ``1210P12`` (provisional, 12 games), ``unrated``."""
        value = self.rating(system)
        if value is None:
            return "unrated"
        games = getattr(self, f"{system}_games")
        return f"{value}P{games}" if games is not None else str(value)

    def current_on(self, day: date) -> bool:
        """The membership is valid on *day* (it expires at the end of its expiry date)."""
        return self.expires is None or self.expires >= day


COLUMNS: Final[Mapping[str, tuple[str, ...]]] = {
    "member_id": ("memid", "id", "uscfid", "memberid", "uschessid"),
    "name": ("memname", "name", "fullname", "membername"),
    "state": ("memstate", "state", "st"),
    "expires": ("memexpdt", "expdt", "expires", "expdate", "expiration", "expirationdate"),
    REGULAR: ("memrtg", "memrating", "rrating", "regrating", "regular", "regularrating", "rating"),
    QUICK: ("memqrtg", "memqrating", "qrating", "qckrating", "quick", "quickrating"),
    BLITZ: ("membrtg", "membrating", "brating", "blzrating", "blitz", "blitzrating"),
    ONLINE: ("memortg", "memorating", "orating", "onlrating", "online", "onlinerating"),
}
"""Each value of a :class:`Member` and the column titles that hold it, folded
(lower case, letters and digits only: ``MEM_EXP_DT`` is ``memexpdt``)."""

_FOLD = re.compile(r"[^0-9a-z]+")
_RATING = re.compile(r"(?P<rating>\d{1,4})\s*(?:(?:P|/)\s*(?P<games>\d{1,2}))?\*?", re.IGNORECASE)
_DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y", "%Y%m%d", "%m/%d/%y")
NO_EXPIRY = frozenset({"", "life", "lifetime", "lm"})


def fold(title: str) -> str:
    return _FOLD.sub("", title.lower())


def column_plan(titles: Iterable[str], source: str) -> dict[str, str]:
    """Which column of the list holds each value (value → the list's own title);
    InputError when the list has no ID or no name column."""
    folded = {fold(t): t for t in titles}
    plan: dict[str, str] = {}
    for value, names in COLUMNS.items():
        found = next((folded[n] for n in names if n in folded), None)
        if found is not None:
            plan[value] = found
    missing = [v for v in ("member_id", "name") if v not in plan]
    if missing:
        raise InputError(
            [
                Issue(
                    source,
                    1,
                    0,
                    "not a US Chess member list: it has no "
                    + " and no ".join("ID" if m == "member_id" else m for m in missing)
                    + f" column (its columns: {', '.join(folded.values()) or 'none'})",
                )
            ]
        )
    return plan


def parse_rating(text: object) -> tuple[int | None, int | None]:
    """``"1834"`` → (1834, None); ``"1210P12"`` or ``"1210/12"`` → (1210, 12); blank or 0
    → (None, None); ValueError otherwise."""
    if text is None:
        return None, None
    if isinstance(text, int | float):
        value = int(text)
        return (value or None), None
    raw = str(text).strip()
    if not raw or raw.lower() in ("unr", "unrated", "none"):
        return None, None
    found = _RATING.fullmatch(raw)
    if found is None:
        raise ValueError(f"{raw!r} is not a rating")
    value = int(found["rating"])
    games = int(found["games"]) if found["games"] else None
    return (value or None), games if value else None


def parse_expiry(text: object) -> date | None:
    """The expiry date as the lists write it (2027-03-31, 03/31/2027, 20270331, a DBF
    date); None for a life member (blank, ``LIFE``); ValueError otherwise."""
    if isinstance(text, datetime):
        return text.date()
    if isinstance(text, date):
        return text
    raw = "" if text is None else str(text).strip()
    if raw.lower() in NO_EXPIRY:
        return None
    for form in _DATE_FORMATS:
        try:
            return datetime.strptime(raw, form).date()
        except ValueError:
            continue
    raise ValueError(f"{raw!r} is not an expiry date")


def member_of(row: Mapping[str, object], plan: Mapping[str, str]) -> Member:
    """One member from one row (a DBF record or a TSV line); ValueError when it cannot
    be read."""

    def text(value: str) -> str:
        title = plan.get(value)
        cell = row.get(title) if title is not None else None
        return "" if cell is None else str(cell).strip()

    member_id = text("member_id")
    if not member_id.isdecimal():
        raise ValueError(f"the ID {member_id!r} is not a number")
    ratings: list[int | None] = []
    for system in SYSTEMS:
        title = plan.get(system)
        ratings.extend(parse_rating(row.get(title) if title is not None else None))
    title = plan.get("expires")
    expires = parse_expiry(row.get(title) if title is not None else None)
    return Member(member_id.zfill(8), text("name"), text("state").upper(), expires, *ratings)


MAX_PROBLEMS_KEPT: Final = 20


@dataclass
class MemberFile:
    """A list being read: its members as they come, and the rows left out."""

    members: Iterator[Member]
    problems: list[Issue] = field(default_factory=list)


def read_rows(
    rows: Iterable[Mapping[str, object]], titles: Iterable[str], source: str, first_line: int = 2
) -> MemberFile:
    """The members of *rows* whose columns are *titles*; InputError when it is not a
    member list. Rows that cannot be read are left out and listed in ``problems``."""
    plan = column_plan(titles, source)
    listed = MemberFile(iter(()))
    listed.members = _members(rows, plan, source, first_line, listed.problems)
    return listed


def _members(
    rows: Iterable[Mapping[str, object]],
    plan: Mapping[str, str],
    source: str,
    first_line: int,
    problems: list[Issue],
) -> Iterator[Member]:
    for number, row in enumerate(rows, start=first_line):
        try:
            yield member_of(row, plan)
        except ValueError as exc:
            if len(problems) < MAX_PROBLEMS_KEPT:
                problems.append(Issue(source, number, 0, str(exc)))


# -- what an event takes ----------------------------------------------------------------
def system_for(letter: str | None, fallback: str = REGULAR) -> str:
    """The rating an event pairs with, from its rule-5C system letter (``R`` and ``D``:
    regular, a dual event being rated regular too; ``Q`` quick; ``B`` blitz)."""
    return {"R": REGULAR, "D": REGULAR, "Q": QUICK, "B": BLITZ}.get(letter or "", fallback)


def player_fields(member: Member, system: str) -> dict[str, object]:
    """The fields of a player registered from the list: name, US Chess ID and rating (the
    national rating; also the event's rating, with its source, when no other is given)."""
    rating = member.rating(system)
    return {
        "name": member.name,
        "national_id": member.member_id,
        "national_rating": rating,
        "federation": "USA",
        "rating": rating,
        "rating_source": f"uschess:{system}"
        + (":provisional" if member.provisional(system) else "")
        if rating is not None
        else "",
    }


ARTICLE: Final = "US Chess rule 23C"


def membership_alerts(
    players: Iterable[tuple[int, str, str]],
    members: Mapping[str, Member | None],
    last_day: date | None,
) -> list[Alert]:
    """Level-2 notices for each player (pairing number, name, US Chess ID) whose ID is on
    no imported list, or whose membership expires before the event's *last_day*."""
    out: list[Alert] = []
    for tpn, name, member_id in players:
        if not member_id:
            continue
        member = members.get(member_id)
        who = f"{tpn} {name} (US Chess ID {member_id})"
        if member is None:
            out.append(Alert(Level.NOTICE, f"{who} is on no imported member list", ARTICLE))
        elif last_day is not None and not member.current_on(last_day):
            assert member.expires is not None
            out.append(
                Alert(
                    Level.NOTICE,
                    f"{who}: the membership expired on {member.expires.isoformat()}, "
                    f"before the event's last day, {last_day.isoformat()}; it must be renewed "
                    "for the games to be rated",
                    ARTICLE,
                )
            )
    return out
