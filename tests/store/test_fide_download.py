"""Downloading FIDE's lists from a real HTTP server on the loopback address: the
preference (off by default), the conditional request, the failures in words."""

from __future__ import annotations

import socket
import urllib.error
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbiter_app.core.list_freshness import ListCheck
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.store.fide_download import (
    DEFAULT_ADDRESS,
    DownloadError,
    checked_address,
    download_address,
    download_enabled,
    fetch,
    list_url,
    read_checks,
    reason_of,
    set_download,
    write_check,
)
from arbiter_app.store.preferences import PreferencesError, read_preferences
from arbiter_app.store.rating_db import data_folder
from tests.support.fide_server import month_of_lists, serving

NOW = datetime(2026, 11, 27, 10, 42, tzinfo=UTC)


def test_the_download_is_off_by_default_and_its_address_is_fides() -> None:
    assert not download_enabled()
    assert download_address() == DEFAULT_ADDRESS == "https://ratings.fide.com/download/"
    assert list_url(DEFAULT_ADDRESS, RatingType.RAPID) == (
        "https://ratings.fide.com/download/rapid_rating_list.zip"
    )
    set_download(enabled=True, address="http://127.0.0.1:8000/lists")
    assert download_enabled()
    assert download_address() == "http://127.0.0.1:8000/lists/"
    set_download(enabled=False, address="")
    assert not download_enabled() and download_address() == DEFAULT_ADDRESS
    assert read_preferences() == {}  # nothing left behind by the defaults


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("ftp://ratings.fide.com/download/", "starts with https://"),
        ("ratings.fide.com/download", "starts with https://"),
        ("https:///download/", "starts with https://"),
        ("https://ratings.fide.com/download/?month=11", "without ? or #"),
    ],
)
def test_an_address_that_is_not_one_is_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(PreferencesError, match=why.replace("?", r"\?")):
        checked_address(text)
    with pytest.raises(PreferencesError):
        set_download(enabled=True, address=text)
    assert not download_enabled()  # nothing was set


def test_a_list_is_downloaded_then_asked_for_on_condition(tmp_path: Path) -> None:
    with serving(month_of_lists("NOV26")) as server:
        url = list_url(server.address, RatingType.STANDARD)
        first = fetch(url, None, tmp_path)
        assert first.path == tmp_path / "standard_rating_list.zip"
        assert first.path.read_bytes() == server.files["/standard_rating_list.zip"]
        assert first.etag == server.tag("/standard_rating_list.zip")
        assert first.last_modified == "Sun, 01 Nov 2026 00:00:00 GMT"
        previous = ListCheck(RatingType.STANDARD).imported(
            NOW, title="t", etag=first.etag, last_modified=first.last_modified
        )
        again = fetch(url, previous, tmp_path)
        assert again.path is None  # 304: unchanged, nothing downloaded
        assert [(a.if_none_match, a.if_modified_since) for a in server.asked] == [
            (None, None),
            (first.etag, first.last_modified),
        ]
        # A server that keeps no tags answers by the date alone.
        by_date = ListCheck(RatingType.STANDARD, last_modified=first.last_modified)
        assert fetch(url, by_date, tmp_path).path is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["standard_rating_list.zip"]


def test_failures_are_said_in_words_and_leave_the_last_file(tmp_path: Path) -> None:
    with serving(month_of_lists("NOV26")) as server:
        url = list_url(server.address, RatingType.BLITZ)
        assert fetch(url, None, tmp_path).path is not None
        server.fail_with = 503
        with pytest.raises(DownloadError, match="the server answered 503 Service Unavailable"):
            fetch(url, None, tmp_path)
        server.fail_with = None
        with pytest.raises(DownloadError, match="404 Not Found"):
            fetch(server.address + "nothing.zip", None, tmp_path)
        address = server.address
    # The server is gone: nothing listens on its port any more.
    with pytest.raises(DownloadError, match="refused the connection"):
        fetch(list_url(address, RatingType.BLITZ), None, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blitz_rating_list.zip"]


def test_what_is_known_of_each_download_is_kept_beside_the_database() -> None:
    assert read_checks() == {}
    check = ListCheck(RatingType.RAPID).imported(
        NOW, title="FIDE rapid list, November 2026", etag='"x"', last_modified="lm"
    )
    write_check(check)
    write_check(ListCheck(RatingType.BLITZ).went_wrong(NOW, "no network"))
    assert read_checks() == {
        RatingType.RAPID: check,
        RatingType.BLITZ: ListCheck(RatingType.BLITZ, failed=NOW, error="no network"),
    }
    (data_folder() / "fide-downloads.json").write_text("{damaged", encoding="utf-8")
    assert read_checks() == {}  # the lists are only asked for again


def test_a_venue_without_a_network_is_said_so() -> None:
    """The reasons the status bar gives, for the failures a venue meets (no server reached)."""
    lookup = urllib.error.URLError(socket.gaierror(-3, "Temporary failure in name resolution"))
    assert reason_of(lookup) == "no network (the server's name cannot be looked up)"
    assert reason_of(urllib.error.URLError(TimeoutError())) == "no answer within 30 seconds"
    unreachable = urllib.error.URLError(OSError(101, "Network is unreachable"))
    assert reason_of(unreachable) == "no network (Network is unreachable)"
