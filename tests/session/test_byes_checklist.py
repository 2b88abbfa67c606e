"""Withdrawals, byes, results and final standings (FIDE C.02 checklist questions 170-188,
197-216), by question number; ``resources/guide/fide-mode.md`` maps them."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level, Refused
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    DisqualifyPlayer,
    DrawTiebreakLots,
    EditPlayer,
    EditSettings,
    EnterResult,
    RecordPairings,
    RequestBye,
    SetExternalValues,
    SetHalfByeEligibility,
    SetPairingNumbers,
    WithdrawPlayer,
)
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.player_commands import half_bye_ineligible
from tests.support.sessions import TickingClock


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """Six players by rating, nothing paired."""
    s = Session.create(
        tmp_path / "b.arbiter", name="Byes", system="swiss", rounds=5, clock=TickingClock()
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                         ("Eve", 1800), ("Fay", 1700)):  # fmt: skip
        s.run(AddPlayer(name=name, rating=rating))
    s.run(SetPairingNumbers(by="rating"))
    yield s
    s.close()


def lines(session: Session) -> list[str]:
    return [p.trf_line() for p in stored_pibes(session.state)]


def test_q170_withdrawn_players_are_marked_in_the_standings(session: Session) -> None:
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    for board in (1, 2, 3):
        session.run(EnterResult(round=1, board=board, result="1-0"))
    session.run(WithdrawPlayer(tpn=4, from_round=2))
    rows = {row.tpn: row for row in compute_standings(session.event).rows}
    assert rows[4].withdrawn and not rows[1].withdrawn
    assert len(rows) == 6  # marked, still ranked


def test_q174_a_second_half_point_bye_is_level_3(session: Session) -> None:
    session.run(RequestBye(tpn=2, round=2, kind="half"))
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(RequestBye(tpn=2, round=3, kind="half"))
    (alert,) = info.value.warnings
    assert alert.level is Level.CONFIRM
    assert alert.question == (
        "2 Ben has a half-point bye already (round 2): give another one in round 3?"
    )
    session.run(RequestBye(tpn=2, round=3, kind="half"), confirm=True)


def test_q175_a_player_can_be_made_ineligible_for_half_point_byes(session: Session) -> None:
    session.run(SetHalfByeEligibility(tpn=3, eligible=False))
    assert half_bye_ineligible(session.state) == {3}
    with pytest.raises(RuleError, match="not eligible for half-point byes already"):
        session.run(SetHalfByeEligibility(tpn=3, eligible=False))
    # In FIDE mode the bye is refused (level 5, the checklist's Q176).
    with pytest.raises(Refused) as refused:
        session.run(RequestBye(tpn=3, round=2, kind="half"), confirm=True)
    assert refused.value.warning.level is Level.REFUSED
    assert refused.value.warning.question.startswith(
        "3 Cid is marked not eligible for a half-point bye: in FIDE mode none is given in round 2"
    )
    # Outside FIDE mode (the US Chess rules) it is a level-3 question.
    session.run(EditSettings(preset="uscf"))
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(RequestBye(tpn=3, round=2, kind="half"))
    (alert,) = info.value.warnings
    assert alert.level is Level.CONFIRM
    assert "is marked not eligible for a half-point bye" in alert.question
    session.run(EditSettings(preset="fide-swiss"))
    # A renumbering before round 1 follows the player.
    session.run(EditPlayer(tpn=3, rating=2300))
    assert half_bye_ineligible(session.state) == {1}
    session.run(SetHalfByeEligibility(tpn=1, eligible=True))
    assert half_bye_ineligible(session.state) == frozenset()
    session.run(RequestBye(tpn=1, round=2, kind="half"))


def test_q179_a_full_point_bye_is_a_level_2_notice_and_a_line(session: Session) -> None:
    outcome = session.run(RequestBye(tpn=5, round=2, kind="full"))
    (notice,) = outcome.notices
    assert notice.level is Level.NOTICE
    assert "FIDE deprecates full-point byes" in notice.question
    assert lines(session) == ["### FPB @ Round 2: 5=FPB"]
    # Changed to a half-point bye, then cancelled: the line goes with it.
    session.run(RequestBye(tpn=5, round=2, kind="half"))
    assert lines(session) == []
    session.run(RequestBye(tpn=5, round=2, kind="full"))
    session.run(RequestBye(tpn=5, round=2, kind="none"))
    assert lines(session) == []


def test_q197_expelled_players_are_flagged_and_left_out_of_the_ranking(
    session: Session,
) -> None:
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    for board in (1, 2, 3):
        session.run(EnterResult(round=1, board=board, result="1-0"))
    session.run(DisqualifyPlayer(tpn=1), confirm=True)
    standings = compute_standings(session.event)
    assert 1 not in {row.tpn for row in standings.rows}
    (out,) = standings.excluded
    assert out.tpn == 1 and "disqualified" in out.reason


def test_q197_216_the_drawing_of_lots_is_a_recorded_seed_written_into_the_list(
    session: Session,
) -> None:
    with pytest.raises(RuleError, match="no LOT"):
        session.run(DrawTiebreakLots())
    session.run(EditSettings(tiebreaks=["BH", "LOT"]))
    with pytest.raises(RuleError, match="no round is paired yet"):
        session.run(DrawTiebreakLots())
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    for board in (1, 2, 3):
        session.run(EnterResult(round=1, board=board, result="1/2"))
    seed = session.run(DrawTiebreakLots()).value
    assert session.journal()[-1].seed == seed
    assert session.settings.tiebreaks == ("BH", f"LOT/S{seed}")
    with pytest.raises(RuleError, match=f"drawn already \\(seed {seed}\\)"):
        session.run(DrawTiebreakLots())
    places = [
        row.place for row in compute_standings(session.event, session.settings.tiebreaks).rows
    ]
    assert places == ["1", "2", "3", "4", "5", "6"]
    session.undo()
    assert session.settings.tiebreaks == ("BH", "LOT")


def test_q197_216_manual_ranking_by_external_values(session: Session) -> None:
    session.run(EditSettings(tiebreaks=["EXT"]))
    session.run(SetExternalValues(values={"5": "3", "2": "1/2"}))  # before round 1: no question
    assert session.event.external_values == {5: 3, 2: Fraction(1, 2)}
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    for board in (1, 2, 3):
        session.run(EnterResult(round=1, board=board, result="1/2"))
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(SetExternalValues(values={"6": "1"}))
    assert info.value.warnings[0].level is Level.CONFIRM
    session.run(SetExternalValues(values={"6": "1"}), confirm=True)
    rows = compute_standings(session.event, session.settings.tiebreaks).rows
    assert rows[0].tpn == 6 and rows[0].place == "1"
    with pytest.raises(RuleError, match="no player with pairing number 9"):
        session.run(SetExternalValues(values={"9": "1"}), confirm=True)
    session.undo()
    assert session.event.external_values == {5: 3, 2: Fraction(1, 2)}
