"""Round dates are looked up by round: a double Swiss round's two games share one date."""

from __future__ import annotations

from arbiter_app.core.model import Event, EventInfo, System

DATES = ("2026-04-11", "2026-04-12", "2026-04-13")


def test_a_double_swiss_game_column_has_its_round_s_date() -> None:
    event = Event(EventInfo(round_dates=DATES), System.DOUBLE_SWISS, 3)
    # Game columns 1-2 are round 1, 3-4 round 2, 5-6 round 3.
    assert [event.round_date(g) for g in range(1, 7)] == [d for d in DATES for _ in (1, 2)]
    assert event.round_date(7) == "" and event.round_date(0) == ""


def test_a_swiss_game_column_is_its_round() -> None:
    event = Event(EventInfo(round_dates=DATES), System.SWISS, 3)
    assert [event.round_date(g) for g in (1, 2, 3, 4)] == [*DATES, ""]
