"""Work ahead of time: one worker thread, the latest request wins, errors stay quiet."""

from __future__ import annotations

import threading

import pytest

from arbiter_app.ui.background import AheadOfTime


def test_the_latest_request_replaces_the_one_waiting() -> None:
    ahead = AheadOfTime()
    release = threading.Event()
    done: list[str] = []

    def first() -> None:
        release.wait(5)
        done.append("first")

    ahead.submit(first)
    ahead.submit(lambda: done.append("second"))  # waits behind the first …
    ahead.submit(lambda: done.append("third"))  # … and is replaced by the third
    assert ahead.busy
    release.set()
    assert ahead.wait(5)
    assert done == ["first", "third"]
    assert not ahead.busy


def test_a_failing_piece_of_work_is_logged_and_the_next_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ahead = AheadOfTime()
    done: list[int] = []

    def fails() -> None:
        raise ValueError("no head start")

    ahead.submit(fails)
    assert ahead.wait(5)
    ahead.submit(lambda: done.append(1))
    assert ahead.wait(5)
    assert done == [1]
    assert "work ahead of time failed" in caplog.text
