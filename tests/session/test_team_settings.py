"""Team scores (US Chess 28N) and the US Chess report's header kept as the event's settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.core.model import Colour
from arbiter_app.core.warning_levels import ConfirmationNeeded
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings, EnterResult
from arbiter_app.session.pairing import pair_next_round
from tests.session.test_commands import refused
from tests.support.sessions import TickingClock

SCHOOLS = ["Lincoln", "Adams", "Lincoln", "Adams", "Lincoln", "Adams", "Lincoln", "Adams"]


@pytest.fixture
def scholastic(tmp_path: Path) -> Iterator[Session]:
    session = Session.create(
        tmp_path / "s.arbiter", name="Scholastic", system="swiss", rounds=3,
        clock=TickingClock(), durable=False, settings={"preset": "uscf"},
    )  # fmt: skip
    for n, school in enumerate(SCHOOLS, start=1):
        session.run(AddPlayer(name=f"Player {n}", rating=1500 - 10 * n, club=school))
    yield session
    session.close()


def test_the_team_settings_are_kept_and_replayed(scholastic: Session) -> None:
    assert (scholastic.settings.team_best, scholastic.settings.teammates_apart) == (None, False)
    scholastic.run(EditSettings(team_best=3, teammates_apart=True))
    assert (scholastic.settings.team_best, scholastic.settings.teammates_apart) == (3, True)
    path = scholastic.path
    scholastic.close()
    with Session.open(path) as again:
        assert (again.settings.team_best, again.settings.teammates_apart) == (3, True)
        assert again.verify() == []


def test_the_number_that_counts_is_refused_with_the_rule(scholastic: Session) -> None:
    refused(scholastic, EditSettings, "28N", team_best=0)
    refused(scholastic, EditSettings, "true or false", teammates_apart="yes")


def test_teammates_kept_apart_never_meet_in_the_pairing(scholastic: Session) -> None:
    """28N: "the director should try to avoid pairing teammates": with the option on, the
    teams reach the engine as forbidden pairs. Round 1 of eight pairs 1-5, 2-6, 3-7, 4-8,
    every board two teammates; kept apart, no board is."""
    pairing, _ = pair_next_round(scholastic, initial_colour=Colour.WHITE)
    school = dict(enumerate(SCHOOLS, start=1))
    assert all(school[b.white] == school[b.black] for b in pairing.boards)
    scholastic.undo()
    scholastic.run(EditSettings(teammates_apart=True))
    for round_no in (1, 2):
        pairing, _ = pair_next_round(scholastic, initial_colour=Colour.WHITE)
        assert all(school[b.white] != school[b.black] for b in pairing.boards)
        for b in pairing.boards:
            scholastic.run(EnterResult(round=round_no, board=b.number, result="1-0"))


def test_changing_the_team_count_after_round_1_asks_first(scholastic: Session) -> None:
    pair_next_round(scholastic, initial_colour=Colour.WHITE)
    with pytest.raises(ConfirmationNeeded) as asked:
        scholastic.run(EditSettings(team_best=2))
    assert "team scores that count (US Chess 28N)" in str(asked.value)
    assert "from 4 (the default) to 2" in str(asked.value)


def test_the_report_header_is_kept_merged_and_checked(scholastic: Session) -> None:
    scholastic.run(EditSettings(uschess_report={"affiliate": "a6012345", "state": "ok"}))
    scholastic.run(EditSettings(uschess_report={"chief_td": "12345678", "zip": "73101"}))
    assert scholastic.settings.uschess_report == {
        "affiliate": "A6012345",
        "state": "OK",
        "chief_td": "12345678",
        "zip": "73101",
    }
    refused(scholastic, EditSettings, "eight digits", uschess_report={"chief_td": "1234"})
    refused(scholastic, EditSettings, "two-letter", uschess_report={"state": "XX"})
    refused(scholastic, EditSettings, "unknown field", uschess_report={"grand_prix": "Y"})


def test_a_round_that_needs_teammates_is_refused_with_the_reason(tmp_path: Path) -> None:
    """Three of four players from one school cannot all be kept apart. The Dutch system of
    a FIDE section takes teammates as forbidden pairs: the pairing says so and records
    nothing (the director may lift the option for that round)."""
    from arbiter_app.core.errors import ArbiterError

    session = Session.create(
        tmp_path / "t.arbiter", name="Small", system="swiss", rounds=3, clock=TickingClock(),
        durable=False, settings={"teammates_apart": True},
    )  # fmt: skip
    for n, school in enumerate(["X", "X", "X", "Y"], start=1):
        session.run(AddPlayer(name=f"Player {n}", rating=1500 - n, club=school))
    journal = session.journal()
    with pytest.raises(ArbiterError, match="cannot be paired"):
        pair_next_round(session, initial_colour=Colour.WHITE)
    assert session.journal() == journal
    session.run(EditSettings(teammates_apart=False))
    pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
    assert len(pairing.boards) == 2
    session.close()


def test_a_us_section_keeps_teammates_apart_where_it_can_and_says_when_it_cannot(
    tmp_path: Path,
) -> None:
    """US Chess 28N asks the director to try: the US Chess engine pairs the round without
    the variation when it cannot hold, and its log says so."""
    session = Session.create(
        tmp_path / "u.arbiter", name="Small", system="swiss", rounds=3, clock=TickingClock(),
        durable=False, settings={"preset": "uscf", "teammates_apart": True},
    )  # fmt: skip
    for n, school in enumerate(["X", "X", "X", "Y"], start=1):
        session.run(AddPlayer(name=f"Player {n}", rating=1500 - n, club=school))
    pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
    assert len(pairing.boards) == 2
    assert any("could not all be kept apart (28N" in line for line in pairing.log)
    session.close()
