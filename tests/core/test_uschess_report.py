"""The US Chess rating report's cells, time controls and readiness check (format 2C;
Official Rules of Chess, 7th edition, rule 5C)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from arbiter_app.core.model import Colour, EntryKind, Outcome, RoundEntry
from arbiter_app.core.timecontrol import parse
from arbiter_app.core.uschess_report import (
    RatingReport,
    ReportHeader,
    ReportPlayer,
    ReportSection,
    rating_system,
    readiness,
    reciprocal,
    round_cell,
    us_time_control,
)


@pytest.mark.parametrize(
    ("entry", "cell"),
    [
        (RoundEntry.game(12, Colour.BLACK, Outcome.WIN), "W12B"),
        (RoundEntry.game(3, Colour.WHITE, Outcome.LOSS), "L3W"),
        (RoundEntry.game(7, Colour.BLACK, Outcome.DRAW), "D7B"),
        (RoundEntry.game(7, Colour.BLACK, Outcome.DRAW, rated=False), "U0"),
        (RoundEntry.game(7, None, Outcome.DRAW), ""),
        (RoundEntry(EntryKind.FORFEIT_WIN, 4, Colour.WHITE), "X0"),
        (RoundEntry(EntryKind.FORFEIT_LOSS, 4, Colour.BLACK), "F0"),
        (RoundEntry(EntryKind.PAIRING_BYE), "B0"),
        (RoundEntry(EntryKind.FULL_BYE), "B0"),
        (RoundEntry(EntryKind.HALF_BYE), "H0"),
        (RoundEntry(EntryKind.ZERO_BYE), "U0"),
        (RoundEntry(EntryKind.NOT_PAIRED), "U0"),
        (RoundEntry(EntryKind.WITHDRAWN), "U0"),
    ],
)
def test_round_cells(entry: RoundEntry, cell: str) -> None:
    """2C: result letter, opponent's pairing number, colour; 0 and no colour without an
    opponent (a forfeit's scheduled opponent is not rated, so it is not named)."""
    assert round_cell(entry) == cell


def test_reciprocal_cells() -> None:
    assert reciprocal("W12B", 5) == "L5W"
    assert reciprocal("D3W", 40) == "D40B"
    assert reciprocal("H0", 5) is None


@pytest.mark.parametrize(
    ("text", "written", "system"),
    [
        # Rule 5C's TD TIP table, one example of each kind, and its boundaries.
        ("40/90, SD/30+30", "40/90,SD/30;+30", "R"),
        ("G/90 d5", "G/90;d5", "R"),
        ("G/61 d5", "G/61;d5", "R"),  # 61 + 5 = 66 (Note 1)
        ("G/60 d5", "G/60;d5", "D"),
        ("G/25 d5", "G/25;d5", "D"),  # 25 + 5 = 30
        ("G/26 d3", "G/26;d3", "Q"),  # 26 + 3 = 29 (Note 1)
        ("G/10 d3", "G/10;d3", "Q"),
        ("G/10 d0", "G/10;d0", "B"),
        ("G/5", "G/5;d0", "B"),
        ("G/3+2", "G/3;+2", "B"),
        ("G/3", "G/3;d0", None),
    ],
)
def test_time_controls_by_rule_5c(text: str, written: str, system: str | None) -> None:
    tc = parse(text)
    assert us_time_control(tc) == written
    assert rating_system(tc) == system


def _report(players: tuple[ReportPlayer, ...] | None = None, **changes: str) -> RatingReport:
    header = ReportHeader(
        name="Club Swiss",
        begin=date(2026, 12, 5),
        end=date(2026, 12, 5),
        affiliate_id="A6012345",
        city="Tulsa",
        state="OK",
        zipcode="74103",
        chief_td="12000099",
    )
    if players is None:
        players = (
            ReportPlayer(1, "ALDEN, ROSA", "12000001", "OK", 2140, ("W2B",)),
            ReportPlayer(2, "BRANDT, OWEN", "12000002", "OK", 1985, ("L1W",)),
        )
    section = ReportSection(1, "Open", "G/60 d5", False, 1, 1, players)
    return RatingReport(replace(header, **changes), (section,))


def test_a_complete_report_is_ready() -> None:
    assert readiness(_report()) == []


def test_the_check_names_every_invalid_field() -> None:
    found = [
        str(p)
        for p in readiness(_report(affiliate_id="12345678", chief_td="00000000", zipcode="7410"))
    ]
    assert found == [
        "the event: H_AFF_ID: the affiliate ID is an A and seven digits (A6012345); "
        "'12345678' is not one (settings --affiliate, or Event settings, US Chess report)",
        "the event: H_CTD_ID: the chief TD's US Chess ID is eight digits; '00000000' is not one "
        "(settings --chief-td, or Event settings, US Chess report)",
        "the event: H_ZIPCODE: the ZIP code is 12345 or 12345-6789; '7410' is not one (settings --zip, or Event settings, US Chess report)",
    ]


def test_a_game_that_is_not_reciprocal_is_named() -> None:
    players = (
        ReportPlayer(1, "ALDEN, ROSA", "12000001", "OK", 2140, ("W2B",)),
        ReportPlayer(2, "BRANDT, OWEN", "1200002", "XX", 1985, ("D1W",)),
    )
    found = [str(p) for p in readiness(_report(players=players))]
    assert found == [
        "section 1 (Open), player 1 ALDEN, ROSA: D_RND01: round 1: W2B, but player 2 has D1W "
        "(it should be L1W)",
        "section 1 (Open), player 2 BRANDT, OWEN: D_MEM_ID: a US Chess ID is eight digits; "
        "'1200002' is not one (player edit --national-id, or player add --uschess-id from the "
        "member list)",
        "section 1 (Open), player 2 BRANDT, OWEN: D_STATE: 'XX' is not a US state code",
        "section 1 (Open), player 2 BRANDT, OWEN: D_RND01: round 1: D1W, but player 1 has W2B "
        "(it should be D2B)",
    ]
