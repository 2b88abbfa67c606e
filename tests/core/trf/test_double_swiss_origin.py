"""Record 192 ``FIDE_DOUBLESWISS`` in a file Arbiter wrote: FIDE's Double-Swiss (C.04.5), or
the club's double Swiss that Arbiter's versions before 27 November 2026 wrote it for.

The two files of ``tests/data/trf/old-arbiter/`` were made by such a version; the FIDE
events are paired here by today's engine and written as Arbiter writes its reports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from arbiter_app.core.model import Colour, Event, EventInfo, Player, System
from arbiter_app.core.pairing import SwissOptions, append_round, pair_round
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf import parse_trf, write_trf
from arbiter_app.core.trf.document import TrfDocument, TrfVersion
from arbiter_app.core.trf.double_swiss_origin import read_double_swiss, written_by_arbiter
from arbiter_app.core.trf.origin import document_from_json, document_to_json
from arbiter_app.core.trf.report import PROGRAM
from arbiter_app.core.warning_levels import Level

OLD = Path(__file__).parents[2] / "data" / "trf" / "old-arbiter"
W, D, B = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def _old(name: str) -> str:
    return (OLD / name).read_text(encoding="utf-8")


def _fide_event(players: int, results: list[dict[int, tuple[GameResult, GameResult]]]) -> Event:
    """A FIDE Double-Swiss event paired by today's engine, one match per item of *results*."""
    event = Event(
        info=EventInfo(name="FIDE Double-Swiss"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=6,
        players=tuple(Player(t, f"Player {t}", 2300 - 40 * t) for t in range(1, players + 1)),
        entries={t: () for t in range(1, players + 1)},
    )
    for match in results:
        paired = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
        event = append_round(event, paired, match)
    return event


def _as_arbiter_writes_it(event: Event) -> str:
    """The TRF-26 report of *event* with Arbiter's record 182, as Arbiter writes it."""
    return write_trf(
        TrfDocument(event, TrfVersion.TRF26, initial_colour=Colour.WHITE, controller=PROGRAM)
    )


def test_an_old_file_of_the_club_s_double_swiss_imports_as_the_club_s() -> None:
    """Seven players: each match has a pairing-allocated bye, which the club's system
    scores as two games won and C.04.5 as a game won and a game drawn (article 1.4); the
    points column decides, a notice (level 2) says so, and the file writes back the code
    of the club's system."""
    text = _old("club-double-swiss-7.trf")
    assert "182 Arbiter" in text and "192 FIDE_DOUBLESWISS" in text
    doc = parse_trf(text, "club-double-swiss-7.trf")
    assert doc.event.system is System.DOUBLE_SWISS
    reading = doc.system_reading
    assert reading is not None and reading.system is System.DOUBLE_SWISS
    assert reading.decided and reading.level is Level.NOTICE
    assert reading.reason.startswith("Imported as the club's double Swiss")
    assert "its points column agrees with that system's scores" in reading.reason
    assert not doc.warnings  # player 4's bye counts two points, as the file says
    assert doc.event.score(4) == 3.5
    written = write_trf(doc)
    assert "192 CUSTOM_DOUBLESWISS" in written and "FIDE_DOUBLESWISS" not in written


def test_without_arbiter_s_record_182_the_code_means_fide_s_system() -> None:
    """The same file without record 182 cannot be told from another program's: the code
    means what FIDE's table says, and the points column then disagrees with C.04.5's
    byes (a warning for each player who had one)."""
    text = _old("club-double-swiss-7.trf").replace("182 Arbiter\n", "")
    doc = parse_trf(text, "club.trf")
    assert doc.event.system is System.FIDE_DOUBLE_SWISS and doc.system_reading is None
    assert any("points column says 3.5 but the results add up to 3" in str(w) for w in doc.warnings)


def test_an_old_file_without_a_bye_is_decided_by_its_matches() -> None:
    """Six players, no bye: the points fit both systems, but match 2 is not C.04.5's
    pairing (its first identifier pairs 2-4 and 3-5, the file 2-3 and 4-5) while the
    club's rules make every match again."""
    doc = parse_trf(_old("club-double-swiss-6.trf"), "club-double-swiss-6.trf")
    assert doc.event.system is System.DOUBLE_SWISS
    reading = doc.system_reading
    assert reading is not None and reading.decided
    assert "its matches are the pairings that system makes, not those of FIDE's" in (reading.reason)


def test_a_fide_double_swiss_file_arbiter_writes_now_imports_as_fide_s() -> None:
    """Today's Arbiter writes the same code for FIDE's Double-Swiss: seven players, so the
    byes' 1½ points decide it (C.04.5 article 1.4)."""
    event = _fide_event(7, [{1: (W, D), 2: (D, D), 3: (B, W)}, {1: (D, D), 2: (W, B), 3: (D, W)}])
    text = _as_arbiter_writes_it(event)
    assert "182 Arbiter" in text and "192 FIDE_DOUBLESWISS" in text
    doc = parse_trf(text, "fide.trf")
    assert doc.event.system is System.FIDE_DOUBLE_SWISS and not doc.warnings
    reading = doc.system_reading
    assert reading is not None and reading.decided and reading.level is Level.NOTICE
    assert reading.reason.startswith("Imported as FIDE's Double-Swiss System (C.04.5)")
    assert doc.event.entries == event.entries
    assert "192 FIDE_DOUBLESWISS" in write_trf(doc)


def test_an_arbiter_file_that_fits_both_systems_is_a_level_3_question() -> None:
    """One match of six players: both systems pair it 1-4, 5-2, 3-6 with the same
    colours, and nobody had a bye. The file does not decide: it is read as FIDE's system,
    as the code says, behind a level-3 question that says how to import it as the club's;
    with record 192 changed to CUSTOM_DOUBLESWISS it is the club's, without a word."""
    event = _fide_event(6, [{1: (W, D), 2: (D, D), 3: (B, W)}])
    text = _as_arbiter_writes_it(event)
    doc = parse_trf(text, "one-match.trf")
    assert doc.event.system is System.FIDE_DOUBLE_SWISS
    reading = doc.system_reading
    assert reading is not None and not reading.decided and reading.level is Level.CONFIRM
    assert reading.reason.startswith("Import as FIDE's Double-Swiss System (C.04.5)?")
    assert "change its record 192 to CUSTOM_DOUBLESWISS" in reading.reason
    custom = parse_trf(text.replace("192 FIDE_DOUBLESWISS", "192 CUSTOM_DOUBLESWISS"), "c.trf")
    assert custom.event.system is System.DOUBLE_SWISS and custom.system_reading is None
    # Another program's file (no record 182, no ARB record) is read as the code says.
    theirs = parse_trf(text.replace("182 Arbiter\n", ""), "theirs.trf")
    assert theirs.event.system is System.FIDE_DOUBLE_SWISS and theirs.system_reading is None


def test_an_accelerated_double_swiss_arbiter_wrote_is_the_club_s() -> None:
    """Arbiter refuses an acceleration for FIDE's Double-Swiss, so FIDE_DOUBLESWISS_BAKU in
    a file it wrote can only be the club's double Swiss."""
    text = _old("club-double-swiss-6.trf").replace(
        "192 FIDE_DOUBLESWISS", "192 FIDE_DOUBLESWISS_BAKU"
    )
    doc = parse_trf(text, "baku.trf")
    assert doc.event.system is System.DOUBLE_SWISS
    reading = doc.system_reading
    assert reading is not None and reading.decided
    assert "with an acceleration" in reading.reason


def test_arbiter_s_own_records_mark_its_file_too() -> None:
    """An export (not a report) has no record 182 but may have Arbiter's ARB records."""
    text = _old("club-double-swiss-6.trf").replace("182 Arbiter\n", "ARB PLAYED 6\n")
    doc = parse_trf(text, "export.trf")
    assert doc.event.system is System.DOUBLE_SWISS and doc.system_reading is not None
    # Record 182 names Arbiter, with or without a version; another name is another program.
    assert written_by_arbiter("Arbiter", False) and written_by_arbiter("arbiter 2.1", False)
    assert not written_by_arbiter("ArbiterPro 3", False) and not written_by_arbiter("", False)


def test_the_reading_is_kept_with_the_imported_file() -> None:
    """The event keeps the rest of its TRF file as JSON (for the export): the reading goes
    with it, and a stored form from before it reads as no reading."""
    doc = parse_trf(_old("club-double-swiss-7.trf"), "club.trf")
    data = document_to_json(doc)
    again = document_from_json(doc.event, data)
    assert again is not None and again.system_reading == doc.system_reading
    older = {k: v for k, v in data.items() if k != "system_reading"}
    before = document_from_json(doc.event, older)
    assert before is not None and before.system_reading is None


def test_the_matches_are_paired_again_from_the_first_two_on() -> None:
    """Pairing a large event's every match again by both systems takes long: the first two
    matches are checked first (the systems usually part at match 2), then twice as many,
    up to every complete match, only while both systems make them."""
    doc = parse_trf(_old("club-double-swiss-6.trf"), "club.trf")
    event = replace(doc.event, system=System.FIDE_DOUBLE_SWISS)
    seen: list[tuple[System, int]] = []

    def spy(fits: bool) -> Callable[[Event, Colour | None], bool]:
        def check(e: Event, colour: Colour | None) -> bool:
            seen.append((e.system, e.rounds_played))
            return fits or e.system is System.DOUBLE_SWISS

        return check

    reading = read_double_swiss(
        "FIDE_DOUBLESWISS", event, by_arbiter=True, stated_points={},
        initial_colour=Colour.WHITE, matches_fit=spy(False),
    )  # fmt: skip
    assert reading is not None and reading.system is System.DOUBLE_SWISS
    assert seen == [(System.FIDE_DOUBLE_SWISS, 4), (System.DOUBLE_SWISS, 4)]
    seen.clear()
    reading = read_double_swiss(
        "FIDE_DOUBLESWISS", event, by_arbiter=True, stated_points={},
        initial_colour=Colour.WHITE, matches_fit=spy(True),
    )  # fmt: skip
    assert reading is not None and not reading.decided
    assert [games for _, games in seen] == [4, 4, 6, 6]
