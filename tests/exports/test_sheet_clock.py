"""The main event's time control is printed in the header of every sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.model import EventInfo
from arbiter_app.exports.clock import EVENT_CLOCK, clock_text, time_control_field
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.session.commands import DrawPlayoffLots, EditSettings, SetPrizeFund, StartPlayoff
from arbiter_app.sheets.builders import SHEETS
from arbiter_app.sheets.source import load
from tests.support.playoff_events import three_tied_for_first


def test_the_clock_in_both_notations_or_as_written() -> None:
    assert clock_text("G/90;+30") == "G/90+30 (5400+30)"
    assert clock_text("40/90 SD/30 d5") == "40/90, SD/30 d5 (40/5400d5:1800d5)"
    assert clock_text("5400+30") == "G/90+30 (5400+30)"
    # Words are read now; what is still unreadable (or ambiguous) is printed as written.
    assert clock_text(" 90 min + 30 s per move ") == "G/90+30 (5400+30)"
    assert clock_text(" 120+30 ") == "120+30"
    assert clock_text("two hours") == "two hours"
    assert time_control_field(EventInfo()) == ()
    assert time_control_field(EventInfo(time_control="G/5 d0")) == (
        ("Time control", "G/5 d0 (300d0)"),
    )


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    """Three tied for first, a play-off started with its lots drawn, a prize fund."""
    path = tmp_path / "rapid.arbiter"
    with three_tied_for_first(path) as session:
        session.run(EditSettings(info={"time_control": "G/25 d5"}), confirm=True)
        session.run(
            StartPlayoff(
                regulation="gct-2023-rapid-blitz",
                last_game_end="2023-05-12T18:00",
                at="2023-05-12T18:20",
            )
        )
        session.run(DrawPlayoffLots(witnesses=["Ann Lee"]))
        session.run(SetPrizeFund(prizes=["1000", "500", "250"]))
    return path


def test_every_sheet_prints_the_event_s_time_control(event_file: Path) -> None:
    source = load(event_file)
    made = 0
    for name, build in SHEETS.items():
        sheet = build(source, 1 if name.startswith(("pairings", "slips")) else None)
        fields = dict(sheet.header)
        label = EVENT_CLOCK if EVENT_CLOCK in fields else "Time control"
        assert fields.get(label) == "G/25 d5 (1500d5)", name
        assert "G/25 d5 (1500d5)" in sheet_to_html(sheet)
        made += 1
    assert made == len(SHEETS)
