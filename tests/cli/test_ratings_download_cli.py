"""``ratings download`` and ``ratings update --download``: FIDE's lists kept no more than a
day old from the command line (FIDE C.02 checklist, Q135), against a real server on the
loopback address."""

from __future__ import annotations

from tests.support.cli import Capture, run
from tests.support.fide_server import month_of_lists, serving


def test_the_download_is_off_until_switched_on(capsys: Capture) -> None:
    code, out, _ = run(capsys, "ratings", "download")
    assert code == 0
    assert out == "FIDE's lists are not downloaded: Arbiter sends nothing over the network.\n"
    code, _, err = run(capsys, "ratings", "update", "--download")
    assert code == 2
    assert "downloading FIDE's lists is switched off" in err
    assert "ratings download --on" in err
    code, _, err = run(capsys, "ratings", "update")
    assert code == 2 and "or --download to download FIDE's" in err


def test_lists_are_downloaded_imported_and_asked_for_on_condition(capsys: Capture) -> None:
    with serving(month_of_lists("NOV26")) as server:
        code, out, _ = run(capsys, "ratings", "download", "--on", "--address", server.address)
        assert code == 0
        assert out.startswith(f"FIDE's lists are downloaded from {server.address} and kept")
        assert "The rapid list has not been downloaded yet." in out
        code, out, _ = run(capsys, "ratings", "update", "--download")
        assert code == 0
        assert out.splitlines() == [
            "The standard list: imported 3 players: FIDE standard list, November 2026.",
            "The rapid list: imported 3 players: FIDE rapid list, November 2026.",
            "The blitz list: imported 3 players: FIDE blitz list, November 2026.",
            "3 lists imported.",
            "Check an event against them: arbiter-app ratings check FILE.",
        ]
        code, out, _ = run(capsys, "ratings", "find", "Carlsen")
        assert code == 0 and "1503014" in out and "Nov 2026" in out
        # Within the day, a second run asks for nothing.
        code, out, _ = run(capsys, "ratings", "update", "--download")
        assert code == 0 and out.endswith(
            "Nothing was asked for: FIDE answered for every list less than a day ago.\n"
        )
        assert len(server.asked) == 3
        code, out, _ = run(capsys, "ratings", "info")
        assert "The blitz list was refreshed" in out
        assert "(FIDE blitz list, November 2026)" in out


def test_a_failed_download_is_named_and_the_exit_status_says_so(capsys: Capture) -> None:
    with serving(month_of_lists("NOV26")) as server:
        server.fail_with = 503
        run(capsys, "ratings", "download", "--on", "--address", server.address)
        code, out, _ = run(capsys, "ratings", "update", "--download")
    assert code == 2
    assert out.splitlines()[0] == (
        "The standard list: not downloaded: the server answered 503 Service Unavailable."
    )
    assert out.splitlines()[-1] == "0 lists imported, 3 lists not downloaded."


def test_an_address_that_is_not_one_is_refused(capsys: Capture) -> None:
    code, _, err = run(capsys, "ratings", "download", "--on", "--address", "ftp://example.org")
    assert code == 2 and "starts with https://" in err
    code, out, _ = run(capsys, "ratings", "download")
    assert "not downloaded" in out  # the refused command switched nothing on
