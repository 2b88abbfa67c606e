"""Importing a file whose record 192 says FIDE_DOUBLESWISS: the session says which double
Swiss the file was read as (FIDE C.02: a level-2 notice when the file decided it, a level-3
question when it did not), from the reading of :mod:`arbiter_app.core.trf.double_swiss_origin`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.model import Colour, Event, EventInfo, Player, System
from arbiter_app.core.pairing import SwissOptions, append_round, pair_round
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf import parse_trf, write_trf
from arbiter_app.core.trf.document import TrfDocument, TrfVersion
from arbiter_app.core.trf.report import PROGRAM
from arbiter_app.core.warning_levels import Alert, ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.commands import CommandError, ImportEvent
from arbiter_app.session.importing import create_imported
from arbiter_app.session.trf_source import import_arguments
from tests.support.sessions import TickingClock

OLD = Path(__file__).parents[1] / "data" / "trf" / "old-arbiter"


def _one_match_by_arbiter() -> str:
    """One match of six players by today's engine, as Arbiter's report writes it: both
    double Swiss systems pair it so (the file does not decide)."""
    event = Event(
        info=EventInfo(name="One match"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=6,
        players=tuple(Player(t, f"Player {t}", 2300 - 40 * t) for t in range(1, 7)),
        entries={t: () for t in range(1, 7)},
    )
    paired = pair_round(event, options=SwissOptions(initial_colour=Colour.WHITE))
    d = GameResult.DRAW
    event = append_round(event, paired, {1: (d, d), 2: (d, d), 3: (d, d)})
    return write_trf(
        TrfDocument(event, TrfVersion.TRF26, initial_colour=Colour.WHITE, controller=PROGRAM)
    )


def test_an_old_club_file_imports_as_the_club_s_with_a_level_2_notice(tmp_path: Path) -> None:
    doc = parse_trf((OLD / "club-double-swiss-7.trf").read_text(encoding="utf-8"), "club.trf")
    notices: list[Alert] = []
    with create_imported(
        tmp_path / "club.arbiter",
        doc.event,
        source="club.trf",
        arguments=import_arguments(doc),
        clock=TickingClock(),
        notices=notices,
    ) as session:
        assert session.event.system is System.DOUBLE_SWISS
        assert session.verify() == []
    (notice,) = notices
    assert notice.level is Level.NOTICE
    assert notice.question.startswith("Imported as the club's double Swiss")
    assert notice.article == "TRF-26 record 192; FIDE C.04.5"


def test_a_file_that_does_not_decide_asks_level_3(tmp_path: Path) -> None:
    doc = parse_trf(_one_match_by_arbiter(), "one.trf")
    arguments = import_arguments(doc)
    with pytest.raises(ConfirmationNeeded) as info:
        create_imported(
            tmp_path / "asked.arbiter", doc.event, source="one.trf", arguments=arguments
        ).close()
    (question,) = info.value.warnings
    assert question.level is Level.CONFIRM
    assert "change its record 192 to CUSTOM_DOUBLESWISS" in question.question
    assert not (tmp_path / "asked.arbiter").exists()  # nothing imported
    with create_imported(
        tmp_path / "one.arbiter", doc.event, source="one.trf", arguments=arguments, confirm=True
    ) as session:
        assert session.event.system is System.FIDE_DOUBLE_SWISS
        assert session.verify() == []


def test_a_reading_that_is_not_the_event_s_system_is_refused(tmp_path: Path) -> None:
    """The journal's arguments are checked: an event whose system is not the one its file
    was read as is no import of that file."""
    doc = parse_trf((OLD / "club-double-swiss-7.trf").read_text(encoding="utf-8"), "club.trf")
    arguments = import_arguments(doc)
    arguments["event"] = {**arguments["event"], "system": System.FIDE_DOUBLE_SWISS.value}
    with (
        Session.create(
            tmp_path / "x.arbiter", name="X", system="fide-double-swiss", rounds=3
        ) as session,
        pytest.raises(CommandError, match="not the one its file was read as"),
    ):
        session.run(ImportEvent.of({**arguments, "source": "club.trf"}))
