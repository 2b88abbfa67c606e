"""The starting-rank list: every player by pairing number (FIDE C.04.2 article 2.2)."""

from __future__ import annotations

import datetime as dt

from arbiter_app.core.category_prizes import parse_category
from arbiter_app.core.model import Event, EventInfo, Player, System
from arbiter_app.exports.starting_rank import starting_rank_sheet


def _event() -> Event:
    players = [
        Player(2, "Berg, Ola", 2310, "FM", "NOR", "1500123", birth="2010/04/02"),
        Player(1, "Anand, Vera", 2450, "WGM", "IND", "5000011", national_rating=2400),
        Player(3, "Cruz, Ana", None, "", "ESP", "", sex="w", birth="1958"),
    ]
    return Event(
        info=EventInfo(name="Spring Open", start_date=dt.date(2026, 4, 4)),
        system=System.SWISS,
        planned_rounds=5,
        players=tuple(players),
    )


def test_players_are_listed_by_pairing_number_with_their_details() -> None:
    sheet = starting_rank_sheet(_event())
    (table,) = sheet.tables()
    assert [c.title for c in table.columns] == [
        "No", "Title", "Name", "FIDE ID", "Fed", "Rating", "National", "Born"
    ]  # fmt: skip
    assert table.rows == (
        ("1", "WGM", "Anand, Vera", "5000011", "IND", "2450", "2400", ""),
        ("2", "FM", "Berg, Ola", "1500123", "NOR", "2310", "", "2010"),
        ("3", "", "Cruz, Ana", "", "ESP", "unr.", "", "1958"),
    )
    assert sheet.title == "Starting rank" and sheet.event == "Spring Open"
    assert sum(c.width for c in table.columns) == 100  # the table spans the page
    assert "3 players in pairing-number order" in sheet.footer


def test_the_announced_categories_each_player_is_in_are_named() -> None:
    junior = parse_category("U18: age<18: 100")
    senior = parse_category("Senior: age>=65: 100")
    women = parse_category("Women: sex=w: 50")
    (table,) = starting_rank_sheet(_event(), (junior, senior, women)).tables()
    assert table.columns[-1].title == "Category"
    assert [row[-1] for row in table.rows] == ["", "U18", "Senior, Women"]
    # Without a year of birth or a national rating anywhere, those columns go.
    bare = Event(players=(Player(1, "Solo"),))
    (only,) = starting_rank_sheet(bare).tables()
    assert [c.title for c in only.columns][-1] == "Rating"
