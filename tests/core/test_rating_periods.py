"""Events over 30 days (FIDE C.02, tie-breaks and final standings, Q210-Q216): the flag, the
rating period each round falls in (a FIDE list a month), and what the report and the rating
tie-breaks (FIDE C.07 article 10) must do about it."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import (
    ByeRequest,
    EntryKind,
    Event,
    EventInfo,
    PointAdjustment,
    System,
    VirtualPoints,
)
from arbiter_app.core.rating_periods import (
    long_event,
    long_event_notices,
    period_event,
    period_rounds,
    rating_period,
    rating_tiebreaks,
    round_days,
)
from tests.support.compact import event_from_text

# A club championship: one round a week, from late October into December.
WEEKLY = ("2026-10-28", "2026-11-04", "2026-11-11", "2026-11-18", "2026-11-25", "2026-12-02")


def _event(
    round_dates: tuple[str, ...] = WEEKLY,
    start: date | None = date(2026, 10, 28),
    end: date | None = date(2026, 12, 2),
    rounds: int = 6,
) -> Event:
    info = EventInfo(start_date=start, end_date=end, round_dates=round_dates)
    return Event(info, System.SWISS, rounds)


def test_q210_an_event_whose_days_span_more_than_30_days_is_flagged() -> None:
    span = long_event(_event())
    assert span is not None
    assert (span.first, span.last, span.days) == (date(2026, 10, 28), date(2026, 12, 2), 36)
    assert span.over_30_days


def test_q210_thirty_days_first_and_last_included_is_not_over_30() -> None:
    """Day 1 to day 30 is 30 days: not flagged; day 31 is."""
    thirty = long_event(_event(("2026-11-01", "2026-11-30"), date(2026, 11, 1), None, 2))
    thirty_one = long_event(_event(("2026-11-01", "2026-12-01"), date(2026, 11, 1), None, 2))
    assert thirty is not None and thirty.days == 30 and not thirty.over_30_days
    assert thirty_one is not None and thirty_one.days == 31 and thirty_one.over_30_days
    assert long_event_notices(_event(("2026-11-01", "2026-11-30"), None, None, 2)) == []


def test_a_round_dated_after_the_end_date_still_lengthens_the_event() -> None:
    span = long_event(_event(("2026-11-01", "2026-12-15"), date(2026, 11, 1), date(2026, 11, 2), 2))
    assert span is not None and span.last == date(2026, 12, 15) and span.over_30_days


def test_an_event_without_a_date_has_no_span() -> None:
    assert long_event(_event((), None, None)) is None
    assert long_event_notices(_event((), None, None)) == []


def test_q212_q213_each_round_falls_in_the_rating_period_of_its_month() -> None:
    event = _event()
    assert round_days(event)[5] == date(2026, 11, 25)
    span = long_event(event)
    assert span is not None
    assert [(p.month, p.rounds) for p in span.periods] == [
        (date(2026, 10, 1), (1,)),
        (date(2026, 11, 1), (2, 3, 4, 5)),
        (date(2026, 12, 1), (6,)),
    ]
    assert span.period_of(4) == rating_period(date(2026, 11, 18)) == date(2026, 11, 1)
    assert span.months == 3
    assert span.periods[1].words() == "November 2026: rounds 2-5"


def test_undated_rounds_are_named() -> None:
    span = long_event(_event(WEEKLY[:4], rounds=6))
    assert span is not None and span.undated == (5, 6) and span.period_of(6) is None
    notices = long_event_notices(_event(WEEKLY[:4], rounds=6))
    assert any("The rating period of rounds 5-6 is not known" in n for n in notices)


def test_the_notices_say_the_flag_the_periods_and_the_report_by_period() -> None:
    notices = long_event_notices(_event())
    assert notices[0] == (
        "The event lasts 36 days (2026-10-28 to 2026-12-02), more than 30: FIDE's checklist "
        "flags it as an event over 30 days (FIDE C.02)."
    )
    assert notices[1] == (
        "Its rounds fall in these rating periods: October 2026: round 1; "
        "November 2026: rounds 2-5; December 2026: round 6."
    )
    assert "The event spans 3 rating periods" in notices[2]
    assert "send the rating report period by period" in notices[2]
    assert "FIDE Rating Regulations" in notices[2]
    # No rating tie-break in the list, and under 90 days: nothing more.
    assert len(notices) == 3


def test_over_90_days_needs_fides_approval() -> None:
    event = _event(("2026-01-10", "2026-04-20"), date(2026, 1, 10), date(2026, 4, 20), 2)
    assert any("more than 90 days" in n and "league" in n for n in long_event_notices(event))


def test_q211_rating_tiebreaks_are_advised_against_citing_c07_article_10() -> None:
    codes = ("BH/C1", "ARO/C1", "SB", "TPR", "aro/E", "RTNG")
    assert rating_tiebreaks(codes) == ["ARO/C1", "TPR", "aro/E", "RTNG"]
    notices = long_event_notices(_event(), codes)
    advice = [n for n in notices if "FIDE C.07 article 10" in n]
    assert len(advice) == 1 and "(ARO/C1, TPR, aro/E, RTNG)" in advice[0]
    assert not any("C.07" in n for n in long_event_notices(_event(), ("BH/C1", "SB")))
    # A short event is not advised against anything.
    short = _event(("2026-11-01", "2026-11-02"), date(2026, 11, 1), date(2026, 11, 2), 2)
    assert long_event_notices(short, codes) == []


# Four players, four rounds: two in November, two in December.
FOUR = """
1: +W2 =B3 -W4 +B2
2: -B1 +W4 =B3 -W1
3: +BYE =W1 +W2 -B4
4: -- +B2 +B1 +W3
"""


def _four() -> Event:
    event = event_from_text(FOUR, ratings={1: 2000, 2: 1900, 3: 1800, 4: 1700})
    info = replace(
        event.info,
        start_date=date(2026, 11, 20),
        end_date=date(2026, 12, 11),
        round_dates=("2026-11-20", "2026-11-27", "2026-12-04", "2026-12-11"),
    )
    return replace(
        event,
        info=info,
        planned_rounds=4,
        adjustments=(
            PointAdjustment(tpn=2, points=Fraction(-1, 2), round=4, reason="mobile phone"),
            PointAdjustment(tpn=1, points=Fraction(-1), round=1),
        ),
        bye_requests=(ByeRequest(tpn=3, round=1, kind=EntryKind.HALF_BYE),),
        accelerations=(VirtualPoints(Fraction(1), 1, 3, 1, 2),),
    )


def test_a_periods_report_holds_only_its_rounds_numbered_from_1() -> None:
    """FIDE's rating officers: a report per period with only the games to rate in it."""
    event = _four()
    assert period_rounds(event, date(2026, 12, 1)) == (3, 4)
    cut, rounds = period_event(event, date(2026, 12, 25))  # any day of the month
    assert rounds == (3, 4)
    assert (cut.info.start_date, cut.info.end_date) == (date(2026, 12, 4), date(2026, 12, 11))
    assert cut.info.round_dates == ("2026-12-04", "2026-12-11")
    assert cut.planned_rounds == 2 and cut.rounds_played == 2
    for tpn in (1, 2, 3, 4):
        assert cut.entries[tpn] == event.entries[tpn][2:4]
    assert [p.tpn for p in cut.players] == [1, 2, 3, 4]  # numbers kept: opponents name them
    assert cut.adjustments == (PointAdjustment(2, Fraction(-1, 2), 2, "mobile phone"),)
    assert cut.bye_requests == ()
    assert cut.accelerations == (VirtualPoints(Fraction(1), 1, 1, 1, 2),)
    november, _ = period_event(event, date(2026, 11, 1))
    assert november.entries[4] == event.entries[4][:2]  # not paired in round 1, then a game
    assert november.bye_requests == event.bye_requests
    assert [a.round for a in november.adjustments] == [1]


def test_a_period_without_a_dated_round_is_refused_naming_those_that_have_some() -> None:
    with pytest.raises(RuleError) as refused:
        period_event(_four(), date(2026, 10, 1))
    assert str(refused.value) == (
        "no round is dated in October 2026 (the rating periods with dated rounds: "
        "November 2026: rounds 1-2; December 2026: rounds 3-4; the round dates are record 132)"
    )
