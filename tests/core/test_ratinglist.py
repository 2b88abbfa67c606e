"""FIDE's rating lists read as FIDE ships them: the fixed-column TXT lists and the XML lists.

The samples in tests/data/ratings are written from the layout of FIDE's files
(tests/support/fide_lists.py documents the columns); one line below is a line of
a published list, as facts: the combined list's header and a player with all
three ratings.
"""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.ratinglist import (
    ALL_TYPES,
    ListedPlayer,
    RatingType,
    month_from_code,
    month_words,
    name_key,
    parse_month,
    rating_type_for,
    read_txt,
    read_xml,
)
from arbiter_app.core.timecontrol import parse
from tests.support.fide_lists import COMBINED_HEADER

DATA = Path(__file__).resolve().parents[1] / "data" / "ratings"

# A player of FIDE's combined list of August 2026 (players_list_foa.txt), as published.
PUBLISHED = (
    "703303         Leko, Peter                                                  HUN M   GM"
    "                           2676  0   10 2700  0   10 2738  0   10 1979      "
)


def txt(name: str, kind: RatingType | None = None) -> tuple[list[ListedPlayer], object]:
    with (DATA / name).open(encoding="ascii") as fh:
        listed = read_txt(fh, name, kind)
        return list(listed.players), listed


def test_a_published_line_of_the_combined_list_is_read_column_by_column() -> None:
    listed = read_txt([COMBINED_HEADER, PUBLISHED], "players_list_foa.txt")
    (leko,) = list(listed.players)
    assert leko == ListedPlayer(
        703303, "Leko, Peter", "HUN", "M", "GM", "", "", "",
        2676, 0, 10, 2700, 0, 10, 2738, 0, 10, 1979, "",
    )  # fmt: skip
    assert listed.covers == ALL_TYPES and listed.month is None and not listed.problems


def test_the_combined_txt_list_every_column() -> None:
    players, _ = txt("players_list_foa.txt")
    by_id = {p.fide_id: p for p in players}
    assert len(players) == 8
    maja = by_id[24600962]
    assert (maja.name, maja.federation, maja.sex) == ("Lindqvist, Maja", "SWE", "F")
    assert (maja.title, maja.women_title, maja.other_titles, maja.foa) == (
        "",
        "WCM",
        "IA,FT",
        "AIM",
    )
    assert (maja.standard, maja.standard_games, maja.standard_k) == (1811, 4, 20)
    assert (maja.rapid, maja.rapid_games, maja.rapid_k) == (1766, 9, 20)
    assert (maja.blitz, maja.blitz_games, maja.blitz_k) == (1801, 0, 20)
    assert maja.birth_year == 2009 and maja.flag == "w" and not maja.inactive
    judita = by_id[700070]
    assert judita.flag == "wi" and judita.inactive and judita.sex_code == "w"
    # Blank ratings are no rating; a year of birth 0 is none.
    chinedu, anna = by_id[30917461], by_id[53206878]
    assert chinedu.standard is None and chinedu.rapid == 1544 and chinedu.blitz is None
    assert anna.birth_year is None and anna.rapid is None and anna.rating(RatingType.BLITZ) == 1502
    assert by_id[4100018].inactive and by_id[4100018].other_titles == "FT"


def test_a_single_txt_list_takes_its_month_from_the_rating_column() -> None:
    players, listed = txt("standard_sep26frl.txt", RatingType.STANDARD)
    assert listed.month == date(2026, 9, 1)  # type: ignore[attr-defined]
    assert listed.covers == {RatingType.STANDARD}  # type: ignore[attr-defined]
    first = players[0]
    assert (first.fide_id, first.standard, first.standard_games, first.standard_k) == (
        1503014, 2712, 9, 10,
    )  # fmt: skip
    assert first.rapid is None and first.birth_year == 1990
    with pytest.raises(InputError, match="standard, rapid or blitz"):
        txt("standard_sep26frl.txt")


def test_the_xml_lists_combined_and_single() -> None:
    with (DATA / "players_list_xml_foa.xml").open("rb") as fh:
        listed = read_xml(fh, "players_list_xml_foa.xml")
        combined = list(listed.players)
    assert listed.covers == ALL_TYPES
    assert combined == txt("players_list_foa.txt")[0]  # the same players, field for field
    with (DATA / "rapid_rating_list.xml").open("rb") as fh:
        listed = read_xml(fh, "rapid_rating_list.xml", RatingType.RAPID)
        rapid = {p.fide_id: p for p in listed.players}
    assert listed.covers == {RatingType.RAPID}
    # <rating> of a rapid list is the rapid rating.
    assert rapid[1503014].rapid == 2688 and rapid[1503014].standard is None
    assert rapid[30917461].rapid_games == 7 and rapid[30917461].rapid_k == 40
    with (DATA / "standard_rating_list.xml").open("rb") as fh, pytest.raises(InputError):
        list(read_xml(fh, "list.xml").players)  # a single list whose kind nobody says


def test_what_is_not_a_fide_list_is_refused_and_bad_rows_are_reported() -> None:
    with pytest.raises(InputError, match="not a FIDE rating list"):
        read_txt(["Name;Rating", "Ann;1800"], "x.txt")
    broken = [COMBINED_HEADER, PUBLISHED, "12x45          " + PUBLISHED[15:], PUBLISHED]
    listed = read_txt(broken, "players_list_foa.txt")
    assert len(list(listed.players)) == 2
    (problem,) = listed.problems
    assert problem.line == 3 and "12x45" in problem.message
    with pytest.raises(InputError, match="not a readable XML list") as info:
        list(read_xml(io.BytesIO(b"<playerslist><player><fideid>1</player>"), "x.xml").players)
    assert info.value.issues[0].line == 1
    with pytest.raises(InputError, match="no <player>"):
        list(read_xml(io.BytesIO(b"<playerslist></playerslist>"), "x.xml").players)


def test_an_xml_list_is_read_without_expanding_entities() -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        b"<playerslist><player><fideid>5</fideid><name>&b;</name><country>NOR</country>"
        b"<rapid_rating>1500</rapid_rating></player></playerslist>"
    )
    (player,) = list(read_xml(io.BytesIO(bomb), "x.xml").players)
    assert player.fide_id == 5 and "aaaa" not in player.name


def test_months_and_names() -> None:
    assert month_from_code("standard_sep26frl_xml.zip") == date(2026, 9, 1)
    assert month_from_code("blitz_JAN99frl.txt") == date(1999, 1, 1)
    assert month_from_code("players_list_foa.txt") is None
    assert parse_month("2026-09") == parse_month("SEP26") == date(2026, 9, 1)
    assert month_words(date(2026, 9, 1)) == "September 2026"
    for bad in ("2026-13", "Sept 2026", ""):
        with pytest.raises(InputError):
            parse_month(bad)
    assert name_key("Núñez, José-María") == "nunez, jose maria"
    assert name_key("  VAN  Damme,Anna ") == "van damme, anna"


@pytest.mark.parametrize(
    ("notation", "kind"),
    [
        ("G/90+30", RatingType.STANDARD),
        ("G/60", RatingType.STANDARD),  # 60 minutes: no longer "less than 60" (A.1)
        ("G/50+10", RatingType.STANDARD),  # 50 + 60 x 10 s = 60 minutes
        ("G/45+10", RatingType.RAPID),  # 55 minutes
        ("G/15+10", RatingType.RAPID),
        ("G/10", RatingType.BLITZ),  # 10 minutes or less (B.1)
        ("G/3+2", RatingType.BLITZ),  # 3 + 2 = 5 minutes
        ("600+5", RatingType.RAPID),  # 10 + 5 = 15 minutes
        ("W300-B240", RatingType.BLITZ),
    ],
)
def test_the_rating_type_of_a_time_control_laws_appendices_a1_b1(
    notation: str, kind: RatingType
) -> None:
    assert rating_type_for(parse(notation)) is kind
