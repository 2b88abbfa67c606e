"""FIDE's lists kept no more than a day old (FIDE C.02 checklist, Q135): downloaded from a
real server on the loopback address and imported into the rating database."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from arbiter_app.core.ratinglist import RatingType
from arbiter_app.session.list_refresh import DownloadOff, Outcome, RefreshLine, refresh_fide_lists
from arbiter_app.store.fide_download import read_checks, set_download
from arbiter_app.store.rating_db import RatingDatabase
from tests.support.fide_server import ROWS, list_zip, month_of_lists, serving

NOW = datetime(2026, 11, 27, 10, 42, tzinfo=UTC)


def _outcomes(lines: list[RefreshLine]) -> list[Outcome]:
    return [line.outcome for line in lines]


def _months() -> list[tuple[str, date]]:
    with RatingDatabase.open() as db:
        return sorted((",".join(t.value for t in x.covers), x.month) for x in db.lists())


def test_nothing_is_asked_while_the_download_is_off() -> None:
    with serving(month_of_lists("NOV26")) as server:
        set_download(address=server.address)  # an address, but the download stays off
        with pytest.raises(DownloadOff, match="ratings download --on"):
            refresh_fide_lists(NOW)
        assert server.asked == []
    assert read_checks() == {}


def test_the_lists_are_imported_then_asked_for_once_a_day_on_condition() -> None:
    with serving(month_of_lists("NOV26")) as server:
        set_download(enabled=True, address=server.address)
        lines = refresh_fide_lists(NOW)
        assert _outcomes(lines) == [Outcome.IMPORTED] * 3
        assert lines[0].text == "3 players: FIDE standard list, November 2026"
        nov = date(2026, 11, 1)
        assert _months() == [("blitz", nov), ("rapid", nov), ("standard", nov)]
        # Within the day: nothing is asked.
        later = refresh_fide_lists(NOW + timedelta(hours=23))
        assert _outcomes(later) == [Outcome.FRESH] * 3
        assert later[0].text == "refreshed 27 Nov 10:42, less than a day ago"
        assert len(server.asked) == 3
        # A day on: asked again with the validators; FIDE says unchanged.
        next_day = NOW + timedelta(days=1)
        assert _outcomes(refresh_fide_lists(next_day)) == [Outcome.UNCHANGED] * 3
        assert all(a.if_none_match for a in server.asked[3:])
        assert {k: c.checked for k, c in read_checks().items()} == dict.fromkeys(
            RatingType, next_day
        )
        # FIDE publishes December's standard list: only that one is downloaded.
        server.put("/standard_rating_list.zip", list_zip("standard", "DEC26", ROWS), NOW)
        lines = refresh_fide_lists(NOW + timedelta(days=2))
        assert _outcomes(lines) == [Outcome.IMPORTED, Outcome.UNCHANGED, Outcome.UNCHANGED]
        assert lines[0].text == "3 players: FIDE standard list, December 2026"
        assert ("standard", date(2026, 12, 1)) in _months()
        # "Every list now" asks within the day too (the window's Download now).
        assert (
            _outcomes(refresh_fide_lists(NOW + timedelta(days=2), every=True))
            == [Outcome.UNCHANGED] * 3
        )


def test_a_failure_is_recorded_with_its_reason_and_the_lists_stay() -> None:
    with serving(month_of_lists("NOV26")) as server:
        set_download(enabled=True, address=server.address)
        refresh_fide_lists(NOW)
        before = _months()
        server.fail_with = 500
        lines = refresh_fide_lists(NOW + timedelta(days=1))
        assert _outcomes(lines) == [Outcome.FAILED] * 3
        assert lines[0].text == "the server answered 500 Internal Server Error"
        checks = read_checks()
        assert checks[RatingType.STANDARD].error == lines[0].text
        assert checks[RatingType.STANDARD].checked == NOW  # still due: asked again next time
        assert _months() == before
        # A file that is not a list: refused by the import, named, and nothing stored.
        server.fail_with = None
        server.put("/rapid_rating_list.zip", b"not a zip", NOW + timedelta(days=1))
        lines = refresh_fide_lists(NOW + timedelta(days=1, hours=1))
        assert _outcomes(lines) == [Outcome.UNCHANGED, Outcome.FAILED, Outcome.UNCHANGED]
        assert lines[1].text.startswith("what the server sent is not a zip file")
        assert read_checks()[RatingType.RAPID].error == lines[1].text
        assert _months() == before
