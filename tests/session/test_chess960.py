"""``draw_chess960_position``: a Chess960 event's starting positions, drawn by lot and kept
in the file (FIDE Laws of Chess, Guidelines II.1-II.2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.core.chess960 import Variant, drawn_number
from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.lots import DrawMethod
from arbiter_app.session import Session
from arbiter_app.session.chess960 import positions_of, variant_of
from arbiter_app.session.commands import (
    AddPlayer,
    DrawChess960Position,
    EditSettings,
    EnterResult,
    RecordPairings,
)
from tests.support.sessions import TickingClock


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """Four players of a Chess960 Swiss of five rounds, nothing paired."""
    s = Session.create(
        tmp_path / "960.arbiter", name="Freestyle", system="swiss", rounds=5, clock=TickingClock()
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
        s.run(AddPlayer(name=name, rating=rating))
    s.run(EditSettings(variant="chess960"))
    yield s
    s.close()


def test_a_drawn_position_is_reproduced_from_the_journals_seed(
    session: Session, tmp_path: Path
) -> None:
    outcome = session.run(DrawChess960Position(round=1))
    position = outcome.value
    entry = session.journal()[-1]
    assert entry.command == "draw_chess960_position" and entry.seed is not None
    assert position.number == drawn_number(entry.seed)
    assert position.method is DrawMethod.SEEDED
    session.close()
    with Session.open(tmp_path / "960.arbiter") as again:
        assert positions_of(again.state)[1] == position
        assert again.verify() == []


def test_the_number_drawn_at_the_venue_is_entered(session: Session) -> None:
    session.run(DrawChess960Position(round=2, number=312, witnesses=["J. Ortiz"]))
    position = positions_of(session.state)[2]
    assert (position.number, position.method, position.witnesses) == (
        312, DrawMethod.PHYSICAL, ("J. Ortiz",)
    )  # fmt: skip
    assert session.journal()[-1].seed is None


def test_undo_takes_the_draw_back_and_a_second_draw_is_refused(session: Session) -> None:
    session.run(DrawChess960Position(round=1, number=7))
    with pytest.raises(RuleError, match=r"drawn already: .*undo the draw to draw again"):
        session.run(DrawChess960Position(round=1))
    session.undo()
    assert positions_of(session.state) == {}
    session.run(DrawChess960Position(round=1, number=8))
    assert positions_of(session.state)[1].number == 8


def test_one_position_for_the_whole_event(session: Session) -> None:
    session.run(DrawChess960Position())
    assert list(positions_of(session.state)) == [None]
    with pytest.raises(RuleError, match="one position in every round"):
        session.run(DrawChess960Position(round=3))


def test_the_whole_events_position_comes_before_any_rounds(session: Session) -> None:
    session.run(DrawChess960Position(round=1, number=10))
    with pytest.raises(RuleError, match="single rounds already \\(round 1\\)"):
        session.run(DrawChess960Position())


def test_refused_outside_a_chess960_event(session: Session) -> None:
    session.run(EditSettings(variant="standard"))
    assert variant_of(session.state) is Variant.STANDARD
    with pytest.raises(RuleError, match="not played as Chess960"):
        session.run(DrawChess960Position(round=1))


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (DrawChess960Position(round=6), "no round 6"),
        (DrawChess960Position(round=0), "at least 1"),
        (DrawChess960Position(round=1, number=960), "from 0 to 959"),
        (DrawChess960Position(round=1, number=-3), "from 0 to 959"),
    ],
)
def test_wrong_values_are_refused_with_a_reason(
    session: Session, command: DrawChess960Position, reason: str
) -> None:
    with pytest.raises(ArbiterError, match=reason):
        session.run(command)
    assert positions_of(session.state) == {}


def test_a_round_with_results_takes_only_the_number_played(session: Session) -> None:
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    session.run(EnterResult(round=1, board=1, result="1-0"))
    with pytest.raises(RuleError, match="drawn before the games"):
        session.run(DrawChess960Position(round=1))
    session.run(DrawChess960Position(round=1, number=500))
    assert positions_of(session.state)[1].number == 500


def test_the_variant_is_a_setting_fixed_once_round_1_is_paired(session: Session) -> None:
    with pytest.raises(ArbiterError, match="unknown variant"):
        session.run(EditSettings(variant="atomic"))
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    with pytest.raises(ArbiterError, match="announced before the event"):
        session.run(EditSettings(variant="standard"))
    assert variant_of(session.state) is Variant.CHESS960
