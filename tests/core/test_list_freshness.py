"""Which of FIDE's lists are due a download, with a fixed clock (FIDE C.02 checklist, Q135)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from arbiter_app.core.list_freshness import (
    FRESH_FOR,
    ListCheck,
    detail_lines,
    due,
    is_due,
    status_text,
)
from arbiter_app.core.ratinglist import RatingType

NOW = datetime(2026, 11, 27, 10, 42, tzinfo=UTC)
STANDARD, RAPID, BLITZ = RatingType.STANDARD, RatingType.RAPID, RatingType.BLITZ


def test_a_list_is_due_once_a_day_has_passed_since_fide_last_answered() -> None:
    assert timedelta(days=1) == FRESH_FOR
    assert is_due(None, NOW)
    assert is_due(ListCheck(STANDARD), NOW)  # never answered
    just_fresh = ListCheck(STANDARD, checked=NOW - timedelta(hours=23, minutes=59))
    assert not is_due(just_fresh, NOW)
    assert is_due(ListCheck(STANDARD, checked=NOW - timedelta(days=1)), NOW)
    # A failed attempt does not make a list fresh: only an answer from FIDE does.
    failed = ListCheck(RAPID, checked=NOW - timedelta(days=2)).went_wrong(NOW, "no network")
    assert is_due(failed, NOW)


def test_due_lists_in_order_and_an_answer_makes_a_list_fresh_for_a_day() -> None:
    checks = {
        STANDARD: ListCheck(STANDARD, checked=NOW - timedelta(hours=2)),
        BLITZ: ListCheck(BLITZ, checked=NOW - timedelta(days=3)),
    }
    assert due(checks, NOW) == [RAPID, BLITZ]
    checks[BLITZ] = checks[BLITZ].answered(NOW)
    checks[RAPID] = ListCheck(RAPID).imported(
        NOW, title="FIDE rapid list, November 2026", etag='"a1"', last_modified="x"
    )
    assert due(checks, NOW) == []
    assert due(checks, NOW + timedelta(hours=22)) == [STANDARD]
    assert due(checks, NOW + timedelta(days=1)) == [STANDARD, RAPID, BLITZ]


def test_an_answer_clears_the_last_failure_and_an_import_keeps_the_validators() -> None:
    failed = ListCheck(STANDARD, etag='"old"').went_wrong(NOW, "no network")
    assert failed.error == "no network" and failed.etag == '"old"'
    assert failed.answered(NOW).error == "" and failed.answered(NOW).etag == '"old"'
    new = failed.imported(NOW, title="t", etag='"new"', last_modified="lm")
    assert (new.etag, new.last_modified, new.changed, new.error) == ('"new"', "lm", NOW, "")


def test_the_status_says_when_the_lists_were_refreshed_and_what_failed() -> None:
    assert status_text({}, NOW) == "FIDE lists not downloaded yet."
    at_nine = NOW.replace(hour=9, minute=5)
    fresh = {k: ListCheck(k, checked=at_nine) for k in RatingType}
    assert status_text(fresh, NOW) == "FIDE lists up to date (refreshed 09:05)."
    assert status_text(fresh, NOW + timedelta(days=1)) == (
        "FIDE lists last refreshed 27 Nov 09:05: a download is due."
    )
    failing = dict(fresh)
    failing[RAPID] = fresh[RAPID].went_wrong(NOW, "no network")
    assert status_text(failing, NOW) == (
        "FIDE lists not refreshed at 10:42: no network; last refreshed 09:05."
    )
    lines = detail_lines(failing, NOW)
    assert lines[1] == (
        "The rapid list was refreshed 09:05; the attempt at 10:42 failed: no network."
    )
    assert detail_lines({}, NOW)[2] == "The blitz list has not been downloaded yet."


def test_the_words_are_in_the_time_zone_of_now() -> None:
    madrid = timezone(timedelta(hours=1))
    checks = {k: ListCheck(k, checked=NOW) for k in RatingType}
    assert status_text(checks, NOW.astimezone(madrid)) == (
        "FIDE lists up to date (refreshed 11:42)."
    )
