"""Play-off and prize commands: journaled, replayable, refused without a trace."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.playoff import Tie, next_step, preset
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    ChooseColour,
    ConfirmPrinted,
    DrawPlayoffLots,
    EditSettings,
    PlayoffResult,
    SetPrizeFund,
    StartPlayoff,
    TossCoin,
)
from arbiter_app.session.playoff_commands import (
    qualifying_standings,
    stored_fund,
    stored_playoff,
    ties_of,
)
from arbiter_app.session.prize_queries import prize_list
from tests.support.playoff_events import (
    play_out_session,
    three_tied_for_first,
    two_tied_one_beat_the_other,
)
from tests.support.sessions import sha256


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = three_tied_for_first(tmp_path / "c.arbiter")
    yield s
    s.close()


def test_ties_are_found_on_points(session: Session) -> None:
    """GCT 2023 3.1: the tie is on points; C.07 3.1.2 allows some tie-breaks first."""
    standings = qualifying_standings(session.event, ["DE", "SB"])
    assert ties_of(standings) == [Tie(1, (1, 2, 3))]
    assert standings[-1] == (4, 4, 4)
    # All three drew or beat each other once: the direct encounter does not split them.
    assert ties_of(qualifying_standings(session.event, ["DE", "SB"], after=1)) == [
        Tie(1, (1, 2, 3))
    ]


def test_a_classical_play_off_runs_through_the_session_and_replays(session: Session) -> None:
    """GCT 2023 3.3.2 through the session: seeds in the journal, state = replay."""
    first = session.run(
        StartPlayoff(
            regulation="gct-2023-classical", last_game_end="2023-08-20T17:00", at="2023-08-20T17:20"
        )
    ).value
    assert first["step"] == "draw-lots" and first["article"] == "3.3"
    drawn = session.run(DrawPlayoffLots()).value
    assert drawn["step"] == "print" and len(drawn["games"]) == 3
    assert session.journal()[-1].seed is not None
    play_out_session(session, seeded=True)
    assert session.verify() == []
    state = stored_playoff(session.state)
    assert state is not None and next_step(state).code == "done"
    session.run(SetPrizeFund(prizes=["100,000", "65,000", "48,000", "40,000"]))
    rows, _ = prize_list(session.state, session.event, None)
    assert [r.to_json()["money"] for r in rows] == ["77666.67", "67666.67", "67666.66", "40000.00"]
    assert sum(r.money for r in rows[:3]) == Decimal("213000.00")
    assert rows[0].by_playoff and rows[0].place == "1"


def test_start_is_checked_against_the_schedule_and_refusals_leave_no_trace(
    session: Session,
) -> None:
    """3.2: not less than fifteen minutes after the last game: refused, file unchanged."""
    before = sha256(session.path)
    with pytest.raises(RuleError, match=r"3\.2.*not before 17:15"):
        session.run(
            StartPlayoff(
                regulation="gct-2023-classical",
                last_game_end="2023-08-20T17:00",
                at="2023-08-20T17:05",
            )
        )
    assert sha256(session.path) == before and stored_playoff(session.state) is None
    with pytest.raises(RuleError, match="no play-off has been started"):
        session.run(DrawPlayoffLots())
    with pytest.raises(ArbiterError, match="no play-off regulation called 'gct'"):
        session.run(StartPlayoff(regulation="gct"))


def test_undo_takes_back_a_play_off_action(session: Session) -> None:
    session.run(StartPlayoff(regulation="gct-2023-rapid-blitz"))
    session.run(DrawPlayoffLots())
    session.undo()
    state = stored_playoff(session.state)
    assert state is not None and next_step(state).code == "draw-lots"
    session.redo()
    state = stored_playoff(session.state)
    assert state is not None and next_step(state).code == "print"
    assert session.verify() == []


def test_a_physical_draw_and_a_physical_toss(session: Session) -> None:
    session.run(StartPlayoff(regulation="gct-2023-rapid-blitz", ties=[[1, [1, 2]]]))
    step = session.run(DrawPlayoffLots(outcome=[2, 1], witnesses=["Deputy"])).value
    assert [(g["white"], g["black"]) for g in step["games"]] == [(2, 1), (1, 2)]
    assert session.journal()[-1].seed is None
    session.run(ConfirmPrinted())
    session.run(PlayoffResult(game="G1", result="1-0"))
    toss = session.run(PlayoffResult(game="G2", result="1-0")).value
    assert toss["step"] == "toss" and toss["article"] == "2.5.3"
    choose = session.run(TossCoin(winner=2)).value
    assert choose["step"] == "choose" and session.journal()[-1].seed is None
    printed = session.run(ChooseColour(choice="black")).value
    assert printed["games"][0]["black"] == 2 and printed["games"][0]["armageddon"]
    with pytest.raises(RuleError, match="no choice of colour is due"):
        session.run(ChooseColour(choice="white"))


def test_the_event_preset_names_the_regulation(tmp_path: Path) -> None:
    with three_tied_for_first(tmp_path / "city.arbiter", preset="city-chess-ok") as s:
        step = s.run(StartPlayoff()).value
        # Three tied for first: the City Chess procedure covers two (seed 001_…).
        assert step["step"] == "decide"


def test_qualification_after_a_tie_break_c07_3_1_2(tmp_path: Path) -> None:
    """C.07 3.1.2: with the direct encounter applied first, there is nobody left to play off."""
    with two_tied_one_beat_the_other(tmp_path / "r.arbiter") as s:
        assert ties_of(qualifying_standings(s.event, ["DE"])) == [Tie(1, (1, 2))]
        assert ties_of(qualifying_standings(s.event, ["DE"], after=1)) == []
        s.run(EditSettings(tiebreaks=["DE"]), confirm="tiebreaks-reorder-standings")
        data = preset("gct-2023-rapid-blitz").to_json()
        data["qualify_after_tiebreaks"] = 1
        with pytest.raises(RuleError, match="No play-off is needed: no place it decides is tied"):
            s.run(StartPlayoff(regulation_json=data))
        assert stored_playoff(s.state) is None


def test_a_prize_fund_in_no_currency_is_refused(session: Session) -> None:
    from arbiter_app.core.errors import ArbiterError

    journal = session.journal()
    with pytest.raises(ArbiterError, match="three-letter code"):
        session.run(SetPrizeFund(prizes=["1000"], currency="dollars"))
    assert session.journal() == journal
    session.run(SetPrizeFund(prizes=["1000"], currency="chf"))
    assert stored_fund(session.state)[0].currency == "CHF"  # type: ignore[union-attr]
