"""Events for the players' page tests, made through the command line as an arbiter would.

``python -m tests.web.events DIR`` writes them, for looking at the page in a browser.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

from arbiter_app.cli import main

OPEN_PLAYERS = (
    ("Sokolova, Irina", 2231, "WFM"),
    ("Ibáñez Ortega, Lucía", 2187, ""),
    ("Okafor, Chidi", 2150, "CM"),
    ("Müller, Jörg", 2102, ""),
    ("Tanaka, Hiroshi", 2064, ""),
    ("Lindqvist, Ebba", 2011, ""),
    ("Nguyen, Thi Mai", 1987, ""),
    ("<script>alert(1)</script>", 1950, ""),
    ("Rossi, Giulia", 1903, ""),
    ("Haddad, Karim", 1876, ""),
    ("Kowalski, Piotr", 1844, ""),
    ("Fernández, Mateo", 1790, ""),
    ("Olsen, Maja", 1752, ""),
)
RESERVE_PLAYERS = (
    ("Adeyemi, Tolu", 1620),
    ("Brennan, Siobhán", 1588),
    ("Castillo, Rafael", 1540),
    ("Dubois, Camille", 1499),
    ("Eriksen, Lars", 1460),
    ("Fujita, Aiko", 1402),
)


def cli(*argv: str | Path) -> str:
    """Run one command in this process; its output, or AssertionError with its message."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    assert code == 0, f"{argv}: {err.getvalue()}"
    return out.getvalue()


def club_swiss(path: Path, *, sections: bool = False, rounds_played: int | None = 2) -> Path:
    """A club Swiss of 13 players (one called ``<script>alert(1)</script>``) with
    *rounds_played* rounds done and the next paired, White winning each game but the
    first board's draws (None: registration, nothing paired); with *sections*, a Reserve
    of six besides the Open."""
    section = ("--section", "Open") if sections else ()
    cli(
        "new",
        path,
        "--name",
        "Riverside Club Championship",
        "--system",
        "swiss",
        "--rounds",
        "5",
        "--preset",
        "fide-swiss",
        "--time-control",
        "G/90+30",
        *(("--section", "Open") if sections else ()),
    )
    for name, rating, title in OPEN_PLAYERS:
        extra = ("--title", title) if title else ()
        cli("player", "add", path, "--name", name, "--rating", rating, *extra, *section)
    if sections:
        cli("section", "add", path, "--name", "Reserve", "--system", "swiss", "--rounds", "4")
        for name, rating in RESERVE_PLAYERS:
            cli("player", "add", path, "--name", name, "--rating", rating, "--section", "Reserve")
        cli("pair", path, "--section", "Reserve")
    if rounds_played is None:
        return path
    for round_no in range(1, rounds_played + 2):
        cli("pair", path, *section)
        if round_no > rounds_played:
            break
        for board in range(1, 7):
            cli(
                "result",
                path,
                "--round",
                round_no,
                "--board",
                board,
                "1/2" if board == 1 else "1-0",
                *section,
            )
    return path


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for target, several in ((folder / "club.arbiter", False), (folder / "sections.arbiter", True)):
        target.unlink(missing_ok=True)
        club_swiss(target, sections=several)
        print(f"wrote {target}")
