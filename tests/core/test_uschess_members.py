"""US Chess member lists: ratings with provisional marks, expiry dates, the columns, the
membership notices (US Chess rule 23C)."""

from __future__ import annotations

from datetime import date

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.uschess_members import (
    Member,
    column_plan,
    membership_alerts,
    parse_expiry,
    parse_rating,
    player_fields,
    read_rows,
)
from arbiter_app.core.warning_levels import Level


@pytest.mark.parametrize(
    ("text", "value"),
    [("1834", (1834, None)), ("1210P12", (1210, 12)), ("1305/15", (1305, 15)), ("", (None, None)),
     ("0", (None, None)), (1500, (1500, None))],
)  # fmt: skip
def test_ratings_and_their_provisional_marks(
    text: object, value: tuple[int | None, int | None]
) -> None:
    assert parse_rating(text) == value


def test_a_rating_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError, match="'18x4' is not a rating"):
        parse_rating("18x4")


def test_expiry_dates() -> None:
    assert parse_expiry("2027-03-31") == date(2027, 3, 31)
    assert parse_expiry("03/31/2027") == date(2027, 3, 31)
    assert parse_expiry("20270331") == date(2027, 3, 31)
    assert parse_expiry("LIFE") is None
    with pytest.raises(ValueError):
        parse_expiry("soon")


def test_a_list_without_an_id_column_is_refused() -> None:
    with pytest.raises(InputError, match="not a US Chess member list: it has no ID column"):
        column_plan(["Name", "State"], "list.txt")
    plan = column_plan(["MEM_ID", "MEM_NAME", "MEM_EXP_DT", "MEM_QRATING"], "TARATSUP.DBF")
    assert plan == {"member_id": "MEM_ID", "name": "MEM_NAME", "expires": "MEM_EXP_DT",
                    "quick": "MEM_QRATING"}  # fmt: skip


def test_rows_are_read_and_bad_ones_left_out() -> None:
    rows = [
        {
            "ID": "12000001",
            "Name": "ALDEN, ROSA",
            "State": "ok",
            "Exp": "2027-06-30",
            "Quick": "2105",
        },
        {"ID": "x", "Name": "BROKEN", "State": "", "Exp": "", "Quick": ""},
    ]
    listed = read_rows(rows, ["ID", "Name", "State", "Exp", "Quick"], "list.txt")
    (member,) = list(listed.members)
    assert member.state == "OK" and member.quick == 2105 and member.regular is None
    assert [str(p) for p in listed.problems] == ["list.txt:3: the ID 'x' is not a number"]


def _member(expires: date | None, regular: str = "1498P8") -> Member:
    rating, games = parse_rating(regular)
    return Member("12000006", "FOLEY, JUNE", "OK", expires, rating, games, 1400, None,
                  None, None, None, None)  # fmt: skip


def test_the_event_takes_the_rating_of_its_system_marked_provisional() -> None:
    fields = player_fields(_member(None), "regular")
    assert fields["national_id"] == "12000006"
    assert (fields["rating"], fields["rating_source"]) == (1498, "uschess:regular:provisional")
    assert player_fields(_member(None), "quick")["rating_source"] == "uschess:quick"


def test_membership_notices() -> None:
    """Rule 23C: a player in a rated event must be a member for its inclusive dates."""
    members = {"12000006": _member(date(2026, 12, 4)), "12000007": _member(date(2026, 12, 5))}
    players = [(1, "FOLEY, JUNE", "12000006"), (2, "GRUBER, THEO", "12000007"),
               (3, "UNKNOWN", "12999999"), (4, "NO ID", "")]  # fmt: skip
    members_or_none: dict[str, Member | None] = {**members, "12999999": None}
    alerts = membership_alerts(players, members_or_none, date(2026, 12, 5))
    assert [a.level for a in alerts] == [Level.NOTICE, Level.NOTICE]
    assert [a.question for a in alerts] == [
        "1 FOLEY, JUNE (US Chess ID 12000006): the membership expired on 2026-12-04, before "
        "the event's last day, 2026-12-05; it must be renewed for the games to be rated",
        "3 UNKNOWN (US Chess ID 12999999) is on no imported member list",
    ]
