"""Arbiter needs no internet connection (FIDE C.02, the checklist's Q223).

A FIDE Swiss is run on the command line from registration to the rating report
with every way out to the network shut: opening a socket connection or looking a
name up raises. Nothing the arbiter does at the venue may need either.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any, NoReturn

import pytest

from arbiter_app.cli import main

PLAYERS: tuple[tuple[str, str], ...] = (
    ("Smith, Ann", "2210"), ("Jones, Ben", "2150"), ("Brown, Cid", "2085"),
    ("White, Dee", "1990"), ("Black, Eve", "1920"), ("Green, Fay", "1850"),
)  # fmt: skip


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every attempt to reach the network raises, and is counted."""
    tried: list[str] = []

    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        tried.append(repr(args[:2]))
        raise OSError("no network at the venue")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    return tried


def _run(*argv: str) -> None:
    assert main(list(argv)) == 0, argv


def test_q223_a_fide_swiss_runs_from_registration_to_the_report_without_a_network(
    no_network: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(OSError):
        socket.create_connection(("ratings.fide.com", 443))
    assert len(no_network) == 1
    f = str(tmp_path / "open.arbiter")
    _run("new", f, "--name", "Venue Open", "--system", "swiss", "--rounds", "3")
    _run("settings", f, "--preset", "fide-swiss")
    for number, (name, rating) in enumerate(PLAYERS, start=1):
        fide_id = str(2200000 + number)
        _run("player", "add", f, "--name", name, "--rating", rating, "--fide-id", fide_id)
    _run(
        "settings", f, "--city", "Madrid", "--federation", "ESP", "--start-date", "2026-11-20",
        "--end-date", "2026-11-22", "--chief-arbiter", "Ruiz, Ana", "--time-control", "5400+30",
        "--round-dates", "2026-11-20,2026-11-21,2026-11-22",
    )  # fmt: skip
    for round_no in range(1, 4):
        _run("pair", f, *(["--initial-colour", "white"] if round_no == 1 else []))
        for board in range(1, 4):
            _run("result", f, "--round", str(round_no), "--board", str(board), "1/2")
    _run("standings", f)
    out = tmp_path / "open.trf"
    _run("export", f, "--format", "trf", "-o", str(out))
    report = out.read_text(encoding="utf-8")
    assert report.startswith("012 Venue Open")
    assert sum(line.startswith("001 ") for line in report.splitlines()) == len(PLAYERS)
    assert len(no_network) == 1  # only the probe above: the event itself never tried


def test_q223_nothing_leaves_the_machine_while_the_download_of_lists_is_off(
    no_network: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The download of FIDE's lists (Q135) is off by default: asked for, it is refused with
    the way to switch it on, and no connection is tried."""
    assert main(["ratings", "download"]) == 0
    assert main(["ratings", "update", "--download"]) == 2
    assert "switched off" in capsys.readouterr().err
    assert main(["ratings", "info"]) == 0
    assert no_network == []
