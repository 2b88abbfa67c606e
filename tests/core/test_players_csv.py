"""CSV player lists: flexible headers, both delimiters, every problem with its place."""

from __future__ import annotations

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.model import Player
from arbiter_app.core.players_csv import decode_players_csv, parse_players_csv


def issues(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(InputError) as info:
        parse_players_csv(text, "list.csv")
    assert all(i.source == "list.csv" for i in info.value.issues)
    return [(i.line, i.column, i.message) for i in info.value.issues]


def test_comma_list_with_every_column() -> None:
    text = (
        "name,rating,title,federation,fide_id,birth,sex\n"
        "Carlsen, Magnus,2830,GM,NOR,1503014,1990-11-30,m\n"
    )
    # The name holds the delimiter: it must be quoted, else the row is too long.
    assert issues(text) == [(2, 8, "has 8 fields; the header has 7")]
    quoted = text.replace("Carlsen, Magnus", '"Carlsen, Magnus"')
    assert parse_players_csv(quoted) == [
        Player(
            1,
            "Carlsen, Magnus",
            rating=2830,
            title="GM",
            federation="NOR",
            fide_id="1503014",
            birth="1990/11/30",
            sex="m",
        )
    ]


def test_semicolon_list_with_bom_other_names_and_blank_lines() -> None:
    text = (
        "\ufeff Name ; ELO;Fed;FIDE-ID;Born;Gender;Title\r\n"
        "\r\n"
        "Berg, Ola ; 2105 ; nor ; 0 ; 1985 ; M ; fm\r\n"
        "Dahl, Kari;;NOR;1500123;2000/02/29;F;wi\r\n"
    )
    assert parse_players_csv(text) == [
        Player(1, "Berg, Ola", rating=2105, title="FM", federation="NOR", birth="1985", sex="m"),
        Player(
            2,
            "Dahl, Kari",
            title="WIM",
            federation="NOR",
            fide_id="1500123",
            birth="2000/02/29",
            sex="w",
        ),
    ]


def test_only_a_name_column_is_needed() -> None:
    assert parse_players_csv("Player\nAnn\nBen\n") == [Player(1, "Ann"), Player(2, "Ben")]


def test_tab_delimited() -> None:
    assert parse_players_csv("name\trating\nAnn\t1800\n") == [Player(1, "Ann", rating=1800)]


def test_every_problem_is_reported_with_line_and_column() -> None:
    text = (
        "name,rating,shoe size,fide_id\n"  # line 1: shoe size is unknown
        "Ann,2200,x,100\n"
        ",1900,x,101\n"  # line 3: no name
        "Ben,abc,x,102\n"  # line 4: rating
        "Cid,1800,x,100\n"  # line 5: duplicate FIDE id
        "Dee,1700\n"  # line 6: too short
        "Eve,99999999999999999999,x,103\n"  # line 7: huge number
    )
    found = issues(text)
    assert (1, 3, found[0][2]) == found[0] and "unknown column 'shoe size'" in found[0][2]
    assert (3, 1, "name '': a player needs a name") in found
    assert (4, 2, "rating 'abc': a rating is a whole number") in found
    assert (5, 4, "FIDE id 100 is listed twice (first at line 2)") in found
    assert (6, 3, "has 2 fields; the header has 4") in found
    assert (7, 2, "rating '99999999999999999999': a rating is at most 3500") in found
    assert len(found) == 6


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("title", "XM", "a title is one of GM, IM, FM, CM, WGM, WIM, WFM, WCM"),
        ("federation", "NORW", "a federation is a three-letter code such as NOR"),
        ("fide_id", "12a", "an id is a number"),
        ("fide_id", "123456789012", "longer than 11 digits"),
        ("birth", "30.11.1990", "a birth date is a year (1994) or a date year first (1994-06-15)"),
        ("birth", "1990-02-30", "no such date"),
        ("sex", "x", "sex is m or w (f)"),
        ("rating", "-5", "a rating is a whole number"),
        ("rating", "٢٠٠٠", "a rating is a whole number"),
    ],
)
def test_bad_values(column: str, value: str, message: str) -> None:
    assert issues(f"name,{column}\nAnn,{value}\n") == [(2, 2, f"{column} {value!r}: {message}")]


def test_names_are_limited_to_what_trf_can_hold() -> None:
    assert parse_players_csv("name\n" + "A" * 33 + "\n")[0].name == "A" * 33
    [(line, column, message)] = issues("name\n" + "A" * 34 + "\n")
    assert (line, column) == (2, 1)
    assert message.endswith(
        ": is 34 characters long; at most 33 fit (the width of a name in a FIDE TRF file)"
    )


def test_control_characters_are_refused() -> None:
    refused = ", which cannot be printed or exported"
    assert issues('name\n"Ann\x07"\n') == [
        (2, 1, f"name 'Ann\\x07': contains U+0007 (a control character){refused}")
    ]
    assert issues('name\n"Ann\nBerg"\n')[0][2].endswith(
        f"contains U+000A (a control character){refused}"
    )
    assert issues('name\n"Ann\u202eBerg"\n')[0][2].endswith(
        f"contains U+202E (right-to-left override){refused}"
    )


def test_header_problems() -> None:
    assert issues("") == [(1, 0, "the file is empty; the first line must name the columns")]
    assert issues("\n\n  \n") == [(1, 0, "the file is empty; the first line must name the columns")]
    assert issues("rating\n2000\n") == [(1, 0, "the header has no name column")]
    assert issues("name,Name\nAnn,Ann\n") == [(1, 2, "column 'Name' repeats column 1 (name)")]
    assert issues("name,,rating\nAnn,,1\n") == [(1, 2, "a column has no name in the header")]
    assert issues("name;rating\n") == [(1, 0, "no players are listed below the header")]


def test_broken_quoting_is_reported_at_its_line() -> None:
    [(line, column, message)] = issues('name,rating\nAnn,1\n"Ben"x,2\n')
    assert (line, column) == (3, 0) and message.startswith("cannot be read as CSV")


def test_quoted_fields_spanning_lines_keep_later_line_numbers() -> None:
    text = 'name,sex\n"Ann",w\n"Ben\nBerg",m\nCid,q\n'
    found = issues(text)
    assert found[0][:2] == (3, 1)
    assert found[1] == (5, 2, "sex 'q': sex is m or w (f)")


def test_decoding() -> None:
    assert decode_players_csv("\ufeffname\nÅse\n".encode()) == "name\nÅse\n"
    with pytest.raises(InputError) as info:
        decode_players_csv(b"name\nAnn\n\xe5se\n", "l.csv")
    [issue] = info.value.issues
    assert (issue.line, issue.column) == (3, 1)


def test_the_delimiter_is_sniffed_from_the_header_line_only() -> None:
    # One column: later lines do not choose the delimiter; an unquoted comma splits.
    assert parse_players_csv('\n name\n"Berg, Ola"\nAnn; Lee\n') == [
        Player(1, "Berg, Ola"),
        Player(2, "Ann; Lee"),
    ]
    assert issues("name\nBerg, Ola\n") == [(2, 2, "has 2 fields; the header has 1")]
