"""The players' page over HTTP: every page, the refusals, the escaping, the live version."""

from __future__ import annotations

import base64
import hashlib
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.sheets.builders import SHEETS, round_sheet
from arbiter_app.sheets.source import load
from arbiter_app.store.file import EventFile
from arbiter_app.web.pages import MENU, PAGES
from arbiter_app.web.server import PlayersPageServer, public_url, serve_file
from tests.support.sessions import content_sha256
from tests.web.conftest import ask
from tests.web.events import cli

SCRIPT_NAME = "<script>alert(1)</script>"
ROOT = Path(__file__).resolve().parents[2]


def test_every_page_answers_with_a_whole_html_document(club_server: PlayersPageServer) -> None:
    for kind in PAGES:
        answer = ask(club_server, kind.path)
        assert answer.status == 200, kind.path
        assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
        assert answer.text.startswith("<!DOCTYPE html>")
        assert answer.text.rstrip().endswith("</html>")
        assert f"<title>{html.escape(kind.title)} — Riverside Club Championship" in answer.text
        # No address of elsewhere: the venue may have no internet.
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", answer.text), kind.path


def test_head_answers_the_headers_without_the_page(club_server: PlayersPageServer) -> None:
    got = ask(club_server, "/standings")
    head = ask(club_server, "/standings", "HEAD")
    assert head.status == 200
    assert head.text == ""
    assert head.headers["Content-Length"] == str(len(got.text.encode("utf-8")))


def test_the_pairings_page_shows_every_board_of_the_current_round(
    club_server: PlayersPageServer, club_file: Path
) -> None:
    rs = round_sheet(load(club_file), None)
    page = ask(club_server, "/").text
    assert rs.round == 3
    assert "<h2>Round 3 of 5</h2>" in page
    for board in rs.boards:
        item = re.search(rf'<li class="board" id="board-{board.board}">(.*?)</li>', page, re.S)
        assert item is not None, board.board
        assert html.escape(board.white.label) in item.group(1)
        assert html.escape(board.black.label) in item.group(1)
        assert item.group(1).index(html.escape(board.white.label)) < item.group(1).index(
            html.escape(board.black.label)
        )
    (bye,) = rs.byes
    assert f"{html.escape(bye.seat.label)} ({bye.seat.tpn}) — pairing-allocated bye" in page


def test_the_list_by_name_has_everyone_in_the_sheets_order(
    club_server: PlayersPageServer, club_file: Path
) -> None:
    from arbiter_app.exports.by_name import by_name_rows

    rows = by_name_rows(round_sheet(load(club_file), None))
    page = ask(club_server, "/by-name").text
    names = re.findall(r'<span class="nm">(.*?) \(\d+\)</span>', page)
    assert names == [html.escape(r.name) for r in rows]
    assert 'id="shown" aria-live="polite">13 players<' in page
    assert " hidden>" not in page


def test_the_search_works_without_the_script(club_server: PlayersPageServer) -> None:
    """The form sends ?q=; the server hides the other rows (accents and case aside)."""
    page = ask(club_server, "/by-name?q=IBANEZ").text
    shown = re.findall(r'<li data-key="[^"]*"><span class="nm">(.*?)</span>', page)
    hidden = re.findall(r'<li data-key="[^"]*" hidden><span class="nm">', page)
    assert shown == ["Ibáñez Ortega, Lucía (2)"]
    assert len(hidden) == 12
    assert "1 of 13 shown" in page
    assert 'value="IBANEZ"' in page


def test_standings_and_crosstable_are_the_printed_sheets(
    club_server: PlayersPageServer, club_file: Path
) -> None:
    src = load(club_file)
    for path, name in (("/standings", "standings"), ("/crosstable", "crosstable")):
        sheet = SHEETS[name](src, None)
        page = ask(club_server, path).text
        assert f"<h2>{html.escape(sheet.title)}</h2>" in page
        (table,) = sheet.tables()
        for row in table.rows:
            cells = "".join(f"<td[^>]*>{re.escape(html.escape(v))}</td>" for v in row)
            assert re.search(cells, page), row
    assert "Standings after round 2 of 5" in ask(club_server, "/standings").text


def test_the_bracket_page_says_there_is_no_play_off_yet(club_server: PlayersPageServer) -> None:
    page = ask(club_server, "/bracket").text
    assert "No play-off in this event (yet)." in page
    # Nor is it in the menu until there is one.
    assert 'href="/bracket"' not in ask(club_server, "/").text


def test_the_address_page_shows_the_address_and_its_qr_code(
    club_server: PlayersPageServer,
) -> None:
    page = ask(club_server, "/address").text
    url = f"http://127.0.0.1:{club_server.port}/"
    assert club_server.url == url
    assert f'<p class="url">{url}</p>' in page
    assert re.search(r'<svg [^>]*viewBox="0 0 \d+ \d+"', page)
    assert f"<title>{url}</title>" in page  # the code's title


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_nothing_but_reading_is_allowed(
    club_server: PlayersPageServer, club_file: Path, method: str
) -> None:
    before = content_sha256(club_file)
    answer = ask(club_server, "/", method, body=b"result=1-0")
    assert answer.status == 405
    assert answer.headers["Allow"] == "GET, HEAD"
    assert content_sha256(club_file) == before


@pytest.mark.parametrize(
    "path",
    [
        "/../etc/passwd",
        "/%2e%2e/",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc/passwd",
        "/etc/passwd",
        "//etc/passwd",
        "/standings/../../club.arbiter",
        "/club.arbiter",
        "/standings/",
        "/Standings",
    ],
)
def test_no_path_outside_the_pages(club_server: PlayersPageServer, path: str) -> None:
    answer = ask(club_server, path)
    assert answer.status == 404
    assert "There is no such page." in answer.text
    assert "root:" not in answer.text


def test_a_name_that_is_markup_shows_as_text(club_server: PlayersPageServer) -> None:
    escaped = html.escape(SCRIPT_NAME)
    for path in ("/", "/by-name", "/standings", "/crosstable", "/by-name?q=script"):
        page = ask(club_server, path).text
        assert SCRIPT_NAME not in page, path
        assert escaped in page, path
    # The search text comes back escaped too.
    page = ask(club_server, "/by-name?q=%22%3E%3Cscript%3Ealert(2)%3C/script%3E").text
    assert "<script>alert(2)" not in page
    assert 'value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"' in page


def test_only_the_pages_own_style_and_script_may_run(club_server: PlayersPageServer) -> None:
    answer = ask(club_server, "/by-name")
    policy = answer.headers["Content-Security-Policy"]
    (script,) = re.findall(r"<script>(.*?)</script>", answer.text, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", answer.text, re.S)
    for text, directive in ((script, "script-src"), (style, "style-src")):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"{directive} 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy
    assert answer.headers["X-Content-Type-Options"] == "nosniff"


def test_the_section_switcher_shows_each_section(sections_server: PlayersPageServer) -> None:
    open_page = ask(sections_server, "/standings").text
    reserve = ask(sections_server, "/standings?section=2").text
    assert '<nav class="sections"' in open_page
    assert '<a href="/standings?section=2">Reserve</a>' in open_page
    assert '<a href="/standings?section=1" aria-current="true">Open</a>' in open_page
    assert "Sokolova" in open_page and "Sokolova" not in reserve
    assert "Brennan, Siobhán" in reserve and "Brennan" not in open_page
    assert "<h1>Riverside Club Championship</h1>" in reserve
    assert "Reserve: Round 1 of 4 in progress" in reserve
    # The menu keeps the section chosen.
    assert 'href="/by-name?section=2"' in reserve
    assert 'name="section" value="2"' in ask(sections_server, "/by-name?section=2").text


def test_a_result_entered_elsewhere_changes_the_version_and_the_standings(
    club_copy: Path,
) -> None:
    """The window (or the command line) enters the last result of round 3 in another
    process; the version the pages poll changes and the standings are after round 3."""
    for board in range(2, 7):
        cli("result", club_copy, "--round", "3", "--board", board, "0-1")
    rs = round_sheet(load(club_copy), None)
    white = rs.boards[0].white
    server = serve_file(club_copy, "127.0.0.1", 0)
    server.start()
    try:
        version = ask(server, "/version").text
        before = ask(server, "/standings").text
        assert "Standings after round 2 of 5" in before
        # A writer holding the file (as the window does) does not stop the page.
        with EventFile.open(club_copy):
            assert ask(server, "/standings").status == 200
        subprocess.run(
            [sys.executable, "-m", "arbiter_app", "result", str(club_copy),
             "--round", "3", "--board", "1", "1-0"],
            cwd=ROOT, check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        assert ask(server, "/version").text != version
        after = ask(server, "/standings").text
    finally:
        server.stop()
    assert "Standings after round 3 of 5" in after
    row = re.search(rf"<tr[^>]*><td[^>]*>[^<]*</td><td[^>]*>{white.tpn}</td>(.*?)</tr>", after)
    assert row is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))
    assert cells[0] == html.escape(white.label)
    assert cells[2] == str(white.score + 1)  # Pts: the score before the round and the win


def test_the_version_is_the_journal_head(club_server: PlayersPageServer, club_file: Path) -> None:
    with EventFile.open(club_file, readonly=True) as opened:
        head, length = opened.journal_head()
    assert head is not None
    assert ask(club_server, "/version").text == f"{length}-{head[:16]}\n"


def test_the_menu_lists_the_pages(club_server: PlayersPageServer) -> None:
    page = ask(club_server, "/crosstable").text
    menu = re.search(r'<nav class="menu".*?</nav>', page)
    assert menu is not None
    assert re.findall(r'href="([^"]+)"', menu.group(0)) == [
        k.path for k in MENU if k.path != "/bracket"
    ]
    assert '<a href="/crosstable" aria-current="page">' in menu.group(0)


def test_the_address_shown_for_every_network_is_this_computers(
    club_file: Path,
) -> None:
    url = public_url("0.0.0.0", 8080)
    assert url.startswith("http://") and url.endswith(":8080/")
    assert "0.0.0.0" not in url
    assert public_url("192.168.4.7", 80) == "http://192.168.4.7/"
    assert public_url("::1", 8080) == "http://[::1]:8080/"


def test_a_page_is_made_once_per_version_of_the_event(
    club_server: PlayersPageServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a result comes in every open page reloads at once: one standings for all."""
    import arbiter_app.web.server as server_module

    made: list[str] = []
    real = server_module.render

    def counting(kind, snapshot, request, url):  # type: ignore[no-untyped-def]
        made.append(kind.path)
        return real(kind, snapshot, request, url)

    monkeypatch.setattr(server_module, "render", counting)
    pages = {ask(club_server, "/standings").text for _ in range(5)}
    ask(club_server, "/by-name?q=ok")
    ask(club_server, "/by-name?q=ok")
    assert len(pages) == 1
    assert made == ["/standings", "/by-name"]


def test_a_query_of_too_many_fields_is_ignored(club_server: PlayersPageServer) -> None:
    query = "&".join(f"f{i}=1" for i in range(20))
    answer = ask(club_server, f"/standings?{query}&section=1")
    assert answer.status == 200
    assert "Standings after round 2 of 5" in answer.text


def test_the_log_leaves_out_the_pages_polls(club_file: Path) -> None:
    lines: list[str] = []
    server = serve_file(club_file, "127.0.0.1", 0, log=lines.append)
    server.start()
    try:
        for _ in range(3):
            ask(server, "/version")
        ask(server, "/by-name?q=x")
        ask(server, "/", "POST")
    finally:
        server.stop()
    assert [line.split('"')[1] for line in lines] == [
        "GET /by-name?q=x HTTP/1.1",
        "POST / HTTP/1.1",
    ]


def test_absences_and_check_in_are_said_on_the_page(tmp_path: Path) -> None:
    """Before round 1 the list by name says who has checked in; a round paired after an
    absence says "absent" with the rule set's bye, and round 1 "not checked in"."""
    from tests.web.conftest import running
    from tests.web.events import club_swiss

    event = club_swiss(tmp_path / "club.arbiter", rounds_played=None)
    cli("player", "checkin", event, *range(1, 13))  # all but Olsen (13)
    cli("player", "absent", event, "--round", "2", "12")  # Fernández will miss round 2
    for server in running(event):
        text = ask(server, "/by-name").text
        assert "Check-in: 12 of 13 players checked in" in text
        assert "Check-in: 12 of 13 players checked in" in ask(server, "/").text
        assert re.search(r"Olsen, Maja \(13\)</span><span class=\"where\">Not checked in yet", text)
        cli("pair", event, "--initial-colour", "white")
        assert "Olsen, Maja (13) — not checked in: not paired" in ask(server, "/").text
        for board in range(1, 7):
            cli("result", event, "--round", "1", "--board", board, "1-0")
        cli("pair", event)
        page = ask(server, "/").text
        assert "Fernández, Mateo (12) — absent: zero-point bye" in page
        assert "absent: zero-point bye" in ask(server, "/by-name?q=fern").text


def test_a_double_swiss_match_just_paired_shows_its_first_game(tmp_path: Path) -> None:
    """The players see game 1 of the match just paired (the match's White has White,
    C.04.5 article 4.4), not game 2, whose colours are the other way round."""
    from tests.web.conftest import running
    from tests.web.events import cli

    path = tmp_path / "double.arbiter"
    cli("new", path, "--name", "Double", "--system", "fide-double-swiss", "--rounds", "3")
    for i in range(1, 5):
        cli("player", "add", path, "--name", f"P{i}", "--rating", str(2300 - 10 * i))
    cli("pair", path, "--initial-colour", "white")
    for server in running(path):
        page = ask(server, "/").text
        assert "<h2>Round 1 of 3, game 1</h2>" in page
