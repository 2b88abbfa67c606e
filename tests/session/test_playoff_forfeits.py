"""A play-off game not played: forfeits in the round robin and in the Armageddon knockout.

The GCT 2023 regulations (2.3-2.5, 3.3-3.5) say nothing of a player who does not come to
a play-off game, so the Laws of Chess apply (FIDE Laws 6.7.1): the player absent loses,
two absent players both lose (issue 26).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.playoff import next_step
from arbiter_app.core.playoff.progress import FORFEIT_ARTICLE
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    ConfirmPrinted,
    DrawPlayoffLots,
    EditSettings,
    PlayoffResult,
    StartPlayoff,
    TossCoin,
)
from arbiter_app.session.playoff_commands import stored_playoff
from tests.support.playoff_events import three_tied_for_first


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """Three tied for first under the GCT classical play-off, started."""
    s = three_tied_for_first(tmp_path / "t.arbiter")
    s.run(EditSettings(playoff="gct-2023-classical"))
    s.run(StartPlayoff(at="2023-09-02T20:00"))
    yield s
    s.close()


def advance(session: Session, result: Callable[[str, int, int], str | None]) -> str:
    """Take the play-off on until a game's result is wanted that *result* does not give
    (None); returns the step's code then (``done`` at the end)."""
    for _ in range(60):
        state = stored_playoff(session.state)
        assert state is not None
        step = next_step(state)
        if step.code == "draw-lots":
            session.run(DrawPlayoffLots(outcome=list(step.players), witnesses=["Deputy"]))
        elif step.code == "print":
            session.run(ConfirmPrinted())
        elif step.code == "toss":
            session.run(TossCoin(winner=step.players[0], choice="white"))
        elif step.code == "play":
            for game in step.games:
                given = result(game.id, game.white, game.black)
                if given is None:
                    return step.code
                session.run(PlayoffResult(game=game.id, result=given))
        else:
            return step.code
    raise AssertionError("the play-off did not stop")


def games(session: Session) -> dict[str, tuple[int, int, str | None, int | None]]:
    state = stored_playoff(session.state)
    assert state is not None
    return {g.spec.id: (g.spec.white, g.spec.black, g.result, g.winner) for g in state.games()}


def test_round_robin_forfeits_score_as_the_laws_say(session: Session) -> None:
    typed = {"G1": "0-1F", "G2": "0F-0F", "G3": "1-0"}
    assert advance(session, lambda game, w, b: typed.get(game)) == "done"
    played = games(session)
    # Kept as forfeits, not as games over the board.
    assert [played[g][2] for g in ("G1", "G2", "G3")] == ["-+", "--", "1-0"]
    _, g1_black, _, winner = played["G1"]
    assert winner == g1_black
    assert played["G2"][3] is None
    state = stored_playoff(session.state)
    assert state is not None
    log = [(entry.article, entry.text) for entry in state.log]
    assert (FORFEIT_ARTICLE, "game G2: not played: both players absent, both lose") in log
    # G3's winner took first, alone on two points (one of them by forfeit).
    (first, *_) = state.final_groups()
    assert first.players == (played["G3"][0],) == (g1_black,)


def test_a_knockout_forfeit_sends_the_player_present_through(session: Session) -> None:
    # Every round-robin game drawn: the Armageddon knockout decides.
    code = advance(session, lambda game, w, b: "1/2" if game in ("G1", "G2", "G3") else None)
    assert code == "play"
    state = stored_playoff(session.state)
    assert state is not None
    (first, *_) = next_step(state).games
    assert first.armageddon
    with pytest.raises(RuleError, match="both players absent leaves the knockout"):
        session.run(PlayoffResult(game=first.id, result="0F-0F"))
    session.run(PlayoffResult(game=first.id, result="1F-0"))
    white, black, result, winner = games(session)[first.id]
    assert (result, winner) == ("+-", white)
    after = stored_playoff(session.state)
    assert after is not None
    notes = [g.note for g in after.games() if g.spec.id == first.id]
    assert notes == [f"not played: {white} goes through by forfeit ({FORFEIT_ARTICLE})"]
    # The absent player is out: the knockout goes on without them, to its end.
    assert advance(session, lambda game, w, b: "1-0") == "done"
    ended = stored_playoff(session.state)
    assert ended is not None
    last = [g for g in ended.games() if g.spec.id > first.id]
    assert last and all(black not in (g.spec.white, g.spec.black) for g in last)
    assert black not in ended.final_groups()[0].players
