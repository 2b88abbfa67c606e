"""The players' page in a real headless browser at a phone's size (Debian's chromium with
its driver; skipped, with the reason, where they are not installed)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.exports.by_name import by_name_rows
from arbiter_app.sheets.builders import round_sheet
from arbiter_app.sheets.source import load
from arbiter_app.web.server import PlayersPageServer
from tests.support.webdriver import MISSING, Browser
from tests.web.conftest import running
from tests.web.events import cli, club_swiss

pytestmark = pytest.mark.skipif(bool(MISSING), reason=MISSING)

ROOT = Path(__file__).resolve().parents[2]

FITS = """
const root = document.documentElement;
return root.scrollWidth <= window.innerWidth && window.innerWidth === arguments[0];
"""

ROW_SHOWN = """
const rows = [...document.querySelectorAll('#names li')].filter(li => !li.hidden);
return rows.map(li => {
  const r = li.getBoundingClientRect();
  return [li.innerText, r.left >= 0 && r.right <= window.innerWidth && r.height > 0];
});
"""


@pytest.fixture(scope="module")
def phone() -> Iterator[Browser]:
    with Browser() as browser:
        yield browser


def test_a_phone_finds_a_players_board_by_name(
    phone: Browser, club_server: PlayersPageServer, club_file: Path
) -> None:
    rows = by_name_rows(round_sheet(load(club_file), None))
    player = next(r for r in rows if r.name.startswith("Olsen"))
    phone.open(club_server.url + "by-name")
    assert phone.run("return document.documentElement.className") == "js"  # under the CSP
    assert phone.run(FITS, 390), "the list is wider than the phone"
    phone.type_into("#find", "olsen")
    shown = phone.wait_for(
        "return document.getElementById('shown').textContent === '1 of 13 shown' && "
        + "(() => {"
        + ROW_SHOWN
        + "})()"
    )
    ((text, inside),) = shown
    assert inside, "the row is cut off"
    assert text.startswith(f"{player.name} ({player.tpn})")
    assert f"Board {player.board} · {player.colour}" in text
    # The search is kept in the address: a reload (the event changed) keeps it.
    assert phone.run("return location.search") == "?q=olsen"


def test_a_phone_sees_the_board_on_the_pairings(
    phone: Browser, club_server: PlayersPageServer, club_file: Path
) -> None:
    rs = round_sheet(load(club_file), None)
    board = rs.boards[-1]
    phone.open(club_server.url)
    assert phone.run(FITS, 390), "the pairings are wider than the phone"
    item = phone.run(
        "const b = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return [b.left, b.right, document.getElementById(arguments[0]).innerText];",
        f"board-{board.board}",
    )
    left, right, text = item
    assert left >= 0 and right <= 390
    assert board.white.name in text and board.black.name in text


def test_an_open_page_shows_the_new_standings_within_seconds(
    phone: Browser, club_copy: Path
) -> None:
    """The last result of round 3 is entered in another process; the open standings
    page reloads by itself and shows the standings after round 3."""
    for board in range(2, 7):
        cli("result", club_copy, "--round", "3", "--board", board, "1/2")
    for server in running(club_copy):
        phone.open(server.url + "standings")
        heading = "return document.querySelector('main h2').textContent"
        assert phone.run(heading) == "Standings after round 2 of 5"
        subprocess.run(
            [sys.executable, "-m", "arbiter_app", "result", str(club_copy),
             "--round", "3", "--board", "1", "0-1"],
            cwd=ROOT, check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        assert phone.wait_for(heading + " === 'Standings after round 3 of 5'", seconds=20)


def test_a_phone_shows_its_board_within_seconds_of_the_pairing(
    phone: Browser, tmp_path: Path
) -> None:
    """The player looks up their name before round 1 is paired; the arbiter pairs in
    another process; the open page shows the board by itself."""
    event = club_swiss(tmp_path / "club.arbiter", rounds_played=None)
    for server in running(event):
        phone.open(server.url + "by-name?q=sokolova")
        assert phone.run("return document.querySelector('main').innerText").startswith(
            "No round has been paired yet."
        )
        subprocess.run(
            [sys.executable, "-m", "arbiter_app", "pair", str(event)],
            cwd=ROOT, check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        rows = by_name_rows(round_sheet(load(event), None))
        player = next(r for r in rows if "Sokolova" in r.name)
        shown = phone.wait_for("return (() => {" + ROW_SHOWN + "})()", seconds=20)
        ((text, inside),) = shown
        assert inside
        assert f"Board {player.board} · {player.colour}" in text


def test_a_club_swiss_checks_in_and_the_phone_follows_round_one(
    phone: Browser, tmp_path: Path
) -> None:
    """Ten of thirteen players check in; the phone shows who has; round 1, paired in
    another process, pairs only those ten and the phone shows a player's board within
    seconds; the last result of round 1 brings the new standings by themselves."""
    event = club_swiss(tmp_path / "club.arbiter", rounds_played=None)
    present = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11]
    assert cli("player", "checkin", event, *present).splitlines()[-1] == (
        "10 of 13 players checked in"
    )
    for server in running(event):
        phone.open(server.url + "by-name?q=olsen")
        assert phone.run(FITS, 390), "the check-in list is wider than the phone"
        main = phone.run("return document.querySelector('main').innerText")
        assert main.startswith("No round has been paired yet.")
        assert "Check-in: 10 of 13 players checked in" in main
        ((text, inside),) = phone.run("return (() => {" + ROW_SHOWN + "})()")
        assert inside and text.startswith("Olsen, Maja (13)") and "Not checked in yet" in text
        phone.open(server.url + "by-name?q=sokolova")
        subprocess.run(
            [sys.executable, "-m", "arbiter_app", "pair", str(event)],
            cwd=ROOT, check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        src = load(event)
        rs = round_sheet(src, None)
        on_board = {t for b in rs.boards for t in (b.white.tpn, b.black.tpn)}
        assert on_board == set(present)
        player = next(r for r in by_name_rows(rs) if "Sokolova" in r.name)
        shown = phone.wait_for(
            "return (() => {" + ROW_SHOWN + "})().filter(r => r[0].includes('Board'))",
            seconds=20,
        )
        ((text, inside),) = shown
        assert inside and f"Board {player.board} · {player.colour}" in text
        phone.open(server.url + "by-name?q=olsen")
        ((text, _),) = phone.run("return (() => {" + ROW_SHOWN + "})()")
        assert "No game" in text and "not checked in: not paired" in text
        # Every result but the last; then the last, entered in another process.
        boards = [b.board for b in rs.boards]
        for board in boards[:-1]:
            cli("result", event, "--round", "1", "--board", board, "1-0")
        phone.open(server.url + "standings")
        heading = "return document.querySelector('main h2').textContent"
        before = phone.run(heading)
        assert before != "Standings after round 1 of 5"
        subprocess.run(
            [sys.executable, "-m", "arbiter_app", "result", str(event),
             "--round", "1", "--board", str(boards[-1]), "0-1"],
            cwd=ROOT, check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        assert phone.wait_for(heading + " === 'Standings after round 1 of 5'", seconds=20)
        table = phone.run("return document.querySelector('main .scroll table').innerText")
        assert "Olsen, Maja" in table and "Sokolova, Irina" in table
