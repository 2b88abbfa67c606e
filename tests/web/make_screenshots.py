"""The players' page screenshots of the README, in a headless Chromium.

``python -m tests.web.make_screenshots OUTDIR`` makes the events through the command line
(the club Swiss with a Reserve, and the demo's GCT play-off played to its Armageddon),
serves each on a free port of 127.0.0.1 and photographs the pages at a phone's size
(390 × 844) and a desktop's (1280 × 800); the address shown on the pages is the one the
venue's network would give (``--url``). The wall sheet is printed as a PDF beside them
(``pdftoppm -r 60 -png`` makes its picture).
"""

from __future__ import annotations

import sys
from pathlib import Path

from arbiter_app.web.server import serve_file
from tests.support.webdriver import DESKTOP, PHONE, Browser
from tests.web.events import cli, club_swiss

ROOT = Path(__file__).resolve().parents[2]
URL = "http://192.168.1.20:8080/"


def playoff_event(path: Path) -> Path:
    """The demo's three-way tie with its GCT 2023 classical play-off: a drawn round robin,
    then the Armageddon knockout drawn, its bye by lot."""
    cli("import", ROOT / "resources" / "samples" / "gct-classical-three-way-tie.trf", "-o", path)
    cli("playoff", "start", path, "--regulation", "gct-2023-classical")
    cli("playoff", "draw", path, "--outcome", "7,1,3", "--witness", "J. Ortiz")
    cli("playoff", "printed", path)
    cli("playoff", "result", path, "G1", "1/2", "G2", "1/2", "G3", "1/2")
    cli("playoff", "draw", path, "--outcome", "3,7,1", "--witness", "J. Ortiz")
    return path


def shoot(path: Path, shots: list[tuple[tuple[int, int], str, str]], out: Path) -> None:
    server = serve_file(path, "127.0.0.1", 0, url=URL)
    server.start()
    base = f"http://127.0.0.1:{server.port}/"
    try:
        for size, page, name in shots:
            with Browser(size, phone=size == PHONE) as browser:
                query, _, typed = page.partition("#type=")
                browser.open(base + query)
                if typed:
                    browser.type_into("#find", typed)
                browser.screenshot(out / name)
                print(f"wrote {out / name}")
    finally:
        server.stop()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    work = out / "events"
    work.mkdir(exist_ok=True)
    for old in work.glob("*.arbiter"):
        old.unlink()
    club = club_swiss(work / "club.arbiter", sections=True)
    shoot(
        club,
        [
            (PHONE, "", "web-pairings-phone.png"),
            (PHONE, "by-name#type=ok", "web-by-name-phone.png"),
            (DESKTOP, "standings", "web-standings-desktop.png"),
            (DESKTOP, "", "web-pairings-desktop.png"),
        ],
        out,
    )
    shoot(
        playoff_event(work / "playoff.arbiter"), [(PHONE, "bracket", "web-bracket-phone.png")], out
    )
    cli("print", club, "players-page-qr", "--url", URL, "-o", out / "players-page-qr.pdf")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
