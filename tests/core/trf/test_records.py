"""Column layouts, round codes, point systems, kept lines and what the writer refuses."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from arbiter_app.core.errors import Issue
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    Outcome,
    Player,
    PointAdjustment,
    RoundEntry,
    System,
)
from arbiter_app.core.points import GCT_RAPID, STANDARD, PointSystem
from arbiter_app.core.trf import (
    TrfDocument,
    TrfVersion,
    TrfWriteError,
    event_to_trf,
    parse_trf,
    write_trf,
)
from arbiter_app.core.trf.cells import parse_cell
from arbiter_app.core.trf.records import format_cell, parse_date
from arbiter_app.core.trf.scoring import from_exact, from_records, to_exact, to_records
from tests.core.trf.tec import TEC_TRF, tec_event
from tests.support.compact import event_from_text


@pytest.mark.parametrize(
    ("entry", "cell"),
    [
        (RoundEntry.game(12, Colour.WHITE, Outcome.WIN), "    12 w 1"),
        (RoundEntry.game(3, Colour.BLACK, Outcome.DRAW), "     3 b ="),
        (RoundEntry.game(1234, Colour.BLACK, Outcome.LOSS), "  1234 b 0"),
        (RoundEntry.game(7, Colour.WHITE, Outcome.WIN, rated=False), "     7 w W"),
        (RoundEntry.game(7, Colour.BLACK, Outcome.DRAW, rated=False), "     7 b D"),
        (RoundEntry.game(7, None, Outcome.LOSS, rated=False), "     7 - L"),
        (RoundEntry(EntryKind.FORFEIT_WIN, 9, Colour.BLACK), "     9 b +"),
        (RoundEntry(EntryKind.FORFEIT_LOSS, 9), "     9 - -"),
        (RoundEntry(EntryKind.FORFEIT_LOSS), "  0000 - -"),
        (RoundEntry(EntryKind.HALF_BYE), "  0000 - H"),
        (RoundEntry(EntryKind.FULL_BYE), "  0000 - F"),
        (RoundEntry(EntryKind.PAIRING_BYE), "  0000 - U"),
        (RoundEntry(EntryKind.ZERO_BYE), "  0000 - Z"),
    ],
)
def test_every_round_code_both_ways(entry: RoundEntry, cell: str) -> None:
    """TRF-26 player section: opponent in 92-95, colour in 97, result in 99 (per round)."""
    assert format_cell(entry) == cell
    issues: list[Issue] = []
    read = parse_cell(cell, 1, 1, 1, "t", issues)
    assert issues == []
    assert read.entry == entry


def test_blank_rounds_are_blank_cells() -> None:
    assert format_cell(RoundEntry(EntryKind.NOT_PAIRED)) == " " * 10
    assert format_cell(RoundEntry(EntryKind.WITHDRAWN)) == " " * 10
    for cell in (" " * 10, "  0000 -  ", "  0000    ", ""):
        issues: list[Issue] = []
        assert parse_cell(cell, 1, 1, 1, "t", issues).entry is None
        assert issues == []


def test_lower_case_codes_and_upper_case_colours_are_read() -> None:
    """TRF-26: "Letter codes are case-insensitive"."""
    issues: list[Issue] = []
    assert parse_cell("  0000 - h", 1, 1, 1, "t", issues).entry == RoundEntry(EntryKind.HALF_BYE)
    cell = parse_cell("     4 B d", 1, 1, 1, "t", issues)
    assert cell.entry == RoundEntry.game(4, Colour.BLACK, Outcome.DRAW, rated=False)
    assert issues == []


def test_dates() -> None:
    assert parse_date("2024/03/18") == date(2024, 3, 18)
    assert parse_date("2024-03-18") == date(2024, 3, 18)
    assert parse_date("18.03.2024") == date(2024, 3, 18)
    assert parse_date("18/03/24") == date(2018, 3, 24)  # record 132's YY/MM/DD
    for bad in ("2024/13/01", "yesterday", ""):
        with pytest.raises(ValueError):
            parse_date(bad)


def test_version_names() -> None:
    assert TrfVersion.parse("TRF-16") is TrfVersion.TRF16
    assert TrfVersion.parse("trf2026") is TrfVersion.TRF26
    with pytest.raises(ValueError):
        TrfVersion.parse("TRF-06")


def test_record_162_and_299_defaults_carry_point_systems_exactly() -> None:
    assert to_records(STANDARD) == (None, [], STANDARD)
    line, extra, back = to_records(GCT_RAPID) or (None, [], STANDARD)
    assert line == "162  W 2.0    D 1.0    L 0.0    A 0.0"
    assert extra == [] and back == GCT_RAPID
    house = PointSystem(forfeit_win=Fraction(1, 2), half_bye=Fraction(0), name="1/½/0")
    line, extra, back = to_records(house) or (None, [], STANDARD)
    assert line is None
    assert extra == ["299 +         0.5  000", "299 H         0.0  000"]
    assert back == house
    assert from_records({"W": Fraction(3), "D": Fraction(1)}, {}).name == "3/1/0"
    assert to_records(PointSystem(win=Fraction(1, 3))) is None


def test_exact_point_system_form() -> None:
    odd = PointSystem(win=Fraction(1, 3), pairing_bye=Fraction(2, 7), name="thirds, odd")
    assert from_exact(to_exact(odd)) == odd
    with pytest.raises(ValueError):
        from_exact("W=1 D=1/2 NAME=x")


def test_point_system_a_decimal_cannot_show_goes_in_arbiter_records() -> None:
    event = replace(tec_event(), point_system=PointSystem(draw=Fraction(1, 3), name="odd"))
    with pytest.raises(TrfWriteError, match="does not fit the points column"):
        event_to_trf(event)


def test_the_writer_refuses_what_does_not_fit() -> None:
    event = tec_event()
    players = list(event.players)
    players[0] = replace(players[0], name="Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine")
    players[1] = replace(players[1], federation="NORW")
    with pytest.raises(TrfWriteError) as caught:
        event_to_trf(replace(event, players=tuple(players)))
    assert len(caught.value.problems) == 2
    assert "player 1: the name" in str(caught.value) and "longer than 33 columns" in str(
        caught.value
    )


def test_the_writer_shows_a_long_value_by_its_start() -> None:
    """A name that got in before the check (core.limits) is not echoed back whole."""
    event = tec_event()
    players = list(event.players)
    players[0] = replace(players[0], name="A" * 10_000)
    with pytest.raises(TrfWriteError) as caught:
        event_to_trf(replace(event, players=tuple(players)))
    message = str(caught.value)
    assert "player 1: the name 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'… (10,000 characters)" in message
    assert len(message) < 300


def test_a_bye_request_must_be_a_requested_bye() -> None:
    event = replace(tec_event(), bye_requests=(ByeRequest(3, 6, EntryKind.PAIRING_BYE),))
    with pytest.raises(TrfWriteError, match="must be a full-, half- or zero-point bye"):
        event_to_trf(event)


def test_kept_lines_go_back_where_they_stood() -> None:
    lines = TEC_TRF.read_text(encoding="utf-8").splitlines()
    lines.insert(next(i for i, x in enumerate(lines) if x.startswith("001")), "### the players")
    lines.insert(3, "XXV 2.2")  # a JaVaFo record Arbiter does not model (its version)
    lines.append("BBW 1.0")
    lines.append("")
    text = "\r\n".join(lines) + "\r\n"
    doc = parse_trf(text)
    assert [k.text for k in doc.kept] == ["XXV 2.2", "### the players", "BBW 1.0", ""]
    assert doc.kept[1].before == ("001", 1)  # the record of player 1
    assert write_trf(doc) == text  # in place, with the file's own line ends
    # The event does not depend on them.
    assert doc.event == parse_trf(TEC_TRF.read_text(encoding="utf-8")).event


def test_version_is_detected_from_the_records() -> None:
    base = TEC_TRF.read_text(encoding="utf-8")
    base = "".join(
        x for x in base.splitlines(keepends=True) if x[:3] not in ("142", "152", "162", "192")
    )
    assert parse_trf(base).version is TrfVersion.TRF16
    assert parse_trf(base + "212 PTS,BH\n").version is TrfVersion.TRF26
    assert parse_trf(base + "XXR 5\n").event.planned_rounds == 5


def test_trf16_writes_jafavo_records_and_trf26_its_own() -> None:
    event = replace(tec_event(), point_system=GCT_RAPID)
    sixteen = write_trf(TrfDocument(event, TrfVersion.TRF16, initial_colour=Colour.BLACK))
    twenty_six = write_trf(TrfDocument(event, TrfVersion.TRF26, initial_colour=Colour.BLACK))
    assert "XXR 5\n" in sixteen and "XXC black1\n" in sixteen and "142" not in sixteen
    assert "ARB POINTS * W=2 D=1 L=0" in sixteen
    assert "142 5\n" in twenty_six and "152 B\n" in twenty_six and "XXC" not in twenty_six
    assert "162  W 2.0    D 1.0    L 0.0    A 0.0\n" in twenty_six and "ARB" not in twenty_six
    for text in (sixteen, twenty_six):
        doc = parse_trf(text)
        assert doc.event == event and doc.initial_colour is Colour.BLACK


def test_xxc_keeps_its_other_words() -> None:
    doc = parse_trf(TEC_TRF.read_text(encoding="utf-8") + "XXC rank white1\n")
    assert doc.initial_colour is Colour.WHITE and doc.xxc_options == ("rank",)
    assert "XXC rank white1\n" in write_trf(doc)  # unchanged: as the file wrote it
    black = replace(doc, initial_colour=Colour.BLACK, version=TrfVersion.TRF16)
    assert "XXC black1 rank\n" in write_trf(black)


def test_prohibition_for_some_rounds_only_is_kept_verbatim() -> None:
    text = TEC_TRF.read_text(encoding="utf-8")
    doc = parse_trf(text + "260 001 005    1    2\n260 002 003    3    4    5\n")
    assert doc.event.forbidden_pairs == (frozenset({1, 2}),)
    assert [k.text for k in doc.kept] == ["260 002 003    3    4    5"]


def test_an_assignment_for_one_round_is_kept_with_a_warning() -> None:
    doc = parse_trf(TEC_TRF.read_text(encoding="utf-8") + "299 W         0.5  002    3\n")
    assert doc.event.adjustments == ()
    assert [k.text for k in doc.kept] == ["299 W         0.5  002    3"]
    assert "kept but not applied" in doc.warnings[0].message


def test_withdrawal_and_exceptions_read_back() -> None:
    event = event_from_text("1: +W2 =BYE --\n2: -B1 WD WD\n3: -- -- +BYE", rounds=3)
    players = list(event.players)
    players[1] = replace(players[1], withdrawn_from_round=3)  # withdrew after round 1, says WD in 2
    event = replace(event, players=tuple(players))
    text = event_to_trf(event)
    assert "ARB WITHDRAWN 2 3\n" in text
    assert "ARB ENTRY 2 2 withdrawn\n" in text  # round 2 is before the withdrawal round
    assert parse_trf(text).event == event


def test_a_last_round_nobody_played_is_kept() -> None:
    event = event_from_text("1: +W2 --\n2: -B1 --")
    text = event_to_trf(event, "TRF-16")
    assert "ARB ENTRY 1 2 not-paired\n" in text
    assert parse_trf(text).event.rounds_played == 2


def test_system_from_record_192_and_arbiter_record() -> None:
    text = TEC_TRF.read_text(encoding="utf-8")
    doc = parse_trf(text.replace("192 FIDE_DUTCH\n", "192 FIDE_DOUBLEROUNDROBIN\n"))
    assert doc.event.system is System.DOUBLE_ROUND_ROBIN
    assert "ARB SYSTEM" not in write_trf(doc)
    swiss = replace(doc, event=replace(doc.event, system=System.SWISS))
    assert "192 FIDE_DUTCH\n" in write_trf(swiss) and "ARB SYSTEM" not in write_trf(swiss)
    assert parse_trf(write_trf(swiss)).event.system is System.SWISS
    # TRF-16 has no record 192: record 092 says Swiss, so a double round robin needs Arbiter's.
    sixteen = replace(doc, version=TrfVersion.TRF16)
    assert "ARB SYSTEM double-round-robin\n" in write_trf(replace(sixteen, order=()))


def test_unknown_arbiter_record_is_kept() -> None:
    doc = parse_trf(TEC_TRF.read_text(encoding="utf-8") + "ARB FUTURE 1 2 3\n")
    assert [k.text for k in doc.kept] == ["ARB FUTURE 1 2 3"]
    assert "not known" in doc.warnings[0].message


def test_national_rating_and_opponent_rating() -> None:
    event = event_from_text("1: +W2\n2: -B1")
    players = (
        replace(event.players[0], national_rating=1850, national_id="ITA 123"),
        event.players[1],
    )
    entries = {1: (replace(event.entry(1, 1), opponent_rating=2010),), 2: event.entries[2]}
    event = replace(event, players=players, entries=entries)
    text = event_to_trf(event)
    assert "ARB NATIONAL 1 1850 ITA 123\n" in text and "ARB ORATING 1 1 2010\n" in text
    assert parse_trf(text).event == event


def test_player_fields_in_their_columns() -> None:
    event = event_from_text("1: +W2\n2: -B1")
    p = Player(1, "Šťastný, Jiří", 2612, "GM", "CZE", "311090", sex="m", birth="1989/04/12")
    event = replace(event, players=(p, event.players[1]))
    (line,) = [x for x in event_to_trf(event).splitlines() if x.startswith("001    1")]
    assert line[4:8] == "   1" and line[9] == "m" and line[10:13] == " GM"
    assert line[14:47].rstrip() == "Šťastný, Jiří"
    assert line[48:52] == "2612" and line[53:56] == "CZE" and line[57:68] == "     311090"
    assert line[69:79] == "1989/04/12" and line[80:84] == " 1.0" and line[85:89] == "   1"
    assert line[89:99] == "     2 w 1"


def test_rank_column_from_standings_or_by_score() -> None:
    event = event_from_text("1: =W2 +B3\n2: =B1 +W4\n3: +W4 -W1\n4: -B3 -B2")
    by_score = [line[85:89] for line in event_to_trf(event).splitlines() if line[:3] == "001"]
    assert by_score == ["   1", "   1", "   3", "   4"]
    given = event_to_trf(event, ranks={1: 2, 2: 1, 3: 3})
    assert [line[85:89] for line in given.splitlines() if line[:3] == "001"] == [
        "   2",
        "   1",
        "   3",
        "   4",  # not given: by score
    ]
    assert parse_trf(given).ranks == {1: 2, 2: 1, 3: 3, 4: 4}


def test_a_short_row_ends_in_blank_cells_and_the_points_column_counts_adjustments() -> None:
    """A player with fewer rounds than the event (a late withdrawal whose row stops) is
    written with blank cells for the missing rounds; the points column (TRF-16 record 001,
    columns 81-84) holds the rounds' points plus the arbiter's adjustments (record 299)."""
    event = Event(
        system=System.SWISS,
        planned_rounds=3,
        players=(Player(1, "Alpha", 2000), Player(2, "Beta", 1900), Player(3, "Gamma", 1800)),
        entries={
            1: (RoundEntry.game(2, Colour.WHITE, Outcome.WIN), RoundEntry.of(EntryKind.HALF_BYE)),
            2: (
                RoundEntry.game(1, Colour.BLACK, Outcome.LOSS),
                RoundEntry.game(3, Colour.WHITE, Outcome.DRAW),
                RoundEntry.of(EntryKind.FULL_BYE),
            ),
            3: (
                RoundEntry.of(EntryKind.PAIRING_BYE),
                RoundEntry.game(2, Colour.BLACK, Outcome.DRAW),
                RoundEntry.of(EntryKind.HALF_BYE),
            ),
        },
        adjustments=(PointAdjustment(2, Fraction(-1, 2), None, "late"),),
    )
    lines = {line[4:8].strip(): line for line in event_to_trf(event).splitlines()}
    alpha, beta = lines["1"], lines["2"]
    assert alpha[80:84] == " 1.5" and alpha.endswith("  0000 - H")  # no cell for round 3
    assert len(alpha) == len(beta) - 10
    assert beta[80:84] == " 1.0"  # 0 + 1/2 + 1 - 1/2
