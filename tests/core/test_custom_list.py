"""National and custom rating lists read from a CSV file in a declared layout (FIDE C.02
checklist, rating lists: custom lists)."""

from __future__ import annotations

import pytest

from arbiter_app.core.custom_list import CustomPlayer, checked_name, parse_layout, read_csv
from arbiter_app.core.errors import InputError


def test_the_header_names_the_fields() -> None:
    listed = read_csv(
        [
            "id,name,rating,fide_id,federation,title,sex,birth_year\n",
            'A1,"Lindqvist, Maja",1811,24600962,swe,WCM,F,2009\n',
            "\n",
            "A2,Newman Nick,0,,,,,\n",
        ],
        "nat.csv",
    )
    assert list(listed.players) == [
        CustomPlayer("A1", "Lindqvist, Maja", 1811, 24600962, "SWE", "WCM", "F", 2009),
        CustomPlayer("A2", "Newman Nick", None, None, "", "", "", None),
    ]
    assert listed.problems == []


def test_a_declared_layout_and_another_separator() -> None:
    lines = ["Ref;Naam;Elo\n", "7;Peeters, Jan;1720\n", ";No ID;1500\n", "9;Bad;17x0\n"]
    listed = read_csv(lines, "kbsb.csv", parse_layout("id=Ref,name=Naam,rating=ELO"))
    assert list(listed.players) == [CustomPlayer("7", "Peeters, Jan", 1720, None, "", "", "", None)]
    assert [(p.line, p.message) for p in listed.problems] == [
        (3, "no ID"),
        (4, "the rating '17x0' is not a whole number"),
    ]


def test_a_file_without_the_required_columns_is_refused() -> None:
    with pytest.raises(InputError, match=r"no column for id .* rating"):
        read_csv(["Ref;Name;Elo\n"], "x.csv")


def test_layouts_and_names_are_checked() -> None:
    with pytest.raises(InputError, match="FIELD=HEADER"):
        parse_layout("id=Ref,elo=Elo")
    with pytest.raises(InputError, match="FIELD=HEADER"):
        parse_layout("id")
    assert checked_name("ENG-2") == "ENG-2"
    with pytest.raises(InputError, match="a list's name"):
        checked_name("my list")
