"""Q71 and Q80 in the session: a typed point system and the pairing-allocated bye's value.

The settings store them (FIDE C.07 article 5; C.04.1 article 3), refuse a system
that cannot score an event with its reason, and ask at level 4 once round 1 is
paired; the standings and the tie-breaks count a PAB with its value (C.07 article
16, unplayed rounds), as FIDE's reference program (gacrux) does from the report.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.points import HALF, ZERO, parse_point_system, with_pab_value
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level, Refused
from arbiter_app.exports.trf_export import standings_to_trf
from arbiter_app.session import CommandError, Session
from arbiter_app.session.codec import point_system_to_json
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EnterResult,
    LeaveFideMode,
    RecordPairings,
)
from arbiter_app.session.setting_levels import POINTS_TOKEN
from tests.support.sessions import TickingClock

trf2json = pytest.importorskip("gacrux.trf2json").trf2json
tiebreak = pytest.importorskip("gacrux.tiebreak").tiebreak


def _five(path: Path, system: str, pab: str) -> Session:
    """Five players, round 1 played with player 5's pairing-allocated bye."""
    session = Session.create(path, name="Points", system="swiss", rounds=3, clock=TickingClock())
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900), ("Eve", 1800)):
        session.run(AddPlayer(name=name, rating=rating))
    chosen = with_pab_value(parse_point_system(system), pab)
    session.run(EditSettings(point_system=point_system_to_json(chosen)))
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]], byes=[[5, "pairing-bye"]]))
    session.run(EnterResult(round=1, board=1, result="1-0"))
    session.run(EnterResult(round=1, board=2, result="1/2"))
    return session


def _gacrux(text: str, code: str) -> dict[int, Fraction]:
    reader = trf2json()
    reader.parse_file(text, False)
    assert reader.get_status() == 0, reader.chessjson.get("status")
    tournament = reader.get_tournament(1)
    params: dict[str, Any] = {
        "tiebreak": ["PTS", code],
        "current_round": 1,
        "pre_determined": False,
        "swiss": True,
        "unrated": None,
        "game_score": None,
        "match_score": None,
        "verbose": False,
        "experimental": None,
        "number_of_rounds": 0,
        "check": False,
        "rank": False,
        "delimiter": None,
        "is_rr": False,
    }
    result = tiebreak(tournament, 1, params).compute_tiebreaks(tournament, params)
    return {c["cid"]: Fraction(str(c["tiebreakScore"][1])) for c in result["competitors"]}


@pytest.mark.parametrize(
    ("system", "pab", "bye"), [("1,0.5,0", "zero", ZERO), ("3,1,0", "draw", Fraction(1))]
)
def test_q71_q80_the_standings_and_tie_breaks_count_the_pab_with_its_value(
    tmp_path: Path, system: str, pab: str, bye: Fraction
) -> None:
    session = _five(tmp_path / "e.arbiter", system, pab)
    scores = session.event.scores()
    assert scores[5] == bye
    assert scores[1] == parse_point_system(system).win and scores[2] == scores[4]
    standings = compute_standings(session.event, ["BH"])
    ours = {row.tpn: row.values["BH"] for row in standings.rows}
    report = standings_to_trf(session.event, standings, "TRF-26", tiebreaks=["BH"])
    assert _gacrux(report, "BH") == ours
    session.close()


def test_q71_a_system_that_cannot_score_is_refused_with_its_reason(tmp_path: Path) -> None:
    session = Session.create(tmp_path / "e.arbiter", name="P", system="swiss", rounds=3)
    bad = {"win": "1", "draw": "2", "loss": "0", "name": "1/2/0"}
    with pytest.raises(CommandError, match=r"a draw \(2\) cannot be worth more than a win"):
        session.run(EditSettings(point_system=bad))
    assert session.event.point_system.draw == HALF
    session.close()


def test_q80_after_round_1_the_pab_value_asks_at_level_4(tmp_path: Path) -> None:
    session = _five(tmp_path / "e.arbiter", "1,0.5,0", "win")
    assert session.event.scores()[5] == 1
    half = point_system_to_json(with_pab_value(session.event.point_system, "draw"))
    # In FIDE mode the bye's value is fixed once round 1 is paired (C.04.1 article 3):
    # refused, saying to leave FIDE mode first; outside it, a level-4 question.
    with pytest.raises(Refused, match="the value of the pairing-allocated bye cannot change"):
        session.run(EditSettings(point_system=half), confirm=[POINTS_TOKEN])
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(EditSettings(point_system=half))
    assert [(w.level, w.token) for w in info.value.warnings] == [
        (Level.CONFIRM_CONSEQUENCES, POINTS_TOKEN)
    ]
    assert "1/½/0, PAB ½" in info.value.warnings[0].question
    session.run(EditSettings(point_system=half), confirm=[POINTS_TOKEN])
    assert session.event.scores()[5] == HALF
    session.close()
