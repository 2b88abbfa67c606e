"""Independence check: FIDE's reference reader (gacrux) loads our files and scores them alike."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_app.core.model import Colour, Event, System
from arbiter_app.core.points import STANDARD
from arbiter_app.core.trf import TrfVersion, event_to_trf, parse_trf
from tests.core.trf.strategies import events
from tests.core.trf.tec import TEC_TRF
from tests.core.trf.test_samples import SAMPLES

trf2json = pytest.importorskip("gacrux.trf2json").trf2json
tiebreak = pytest.importorskip("gacrux.tiebreak").tiebreak


def _gacrux_points(text: str, rounds: int) -> dict[int, Fraction]:
    """PTS by gacrux after *rounds* (gacrux's own count stops at the last round with a game)."""
    reader = trf2json()
    reader.parse_file(text, False)
    assert reader.get_status() == 0, reader.chessjson.get("status")
    tournament = reader.get_tournament(1)
    current = max(tournament["currentRound"], rounds)
    params: dict[str, Any] = {
        "tiebreak": ["PTS"],
        "current_round": current,
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
    result = tiebreak(tournament, current, params).compute_tiebreaks(tournament, params)
    return {c["cid"]: Fraction(str(c["tiebreakScore"][0])) for c in result["competitors"]}


def _with_colours(event: Event) -> Event:
    """Give colourless pairs a colour (lower number White).

    gacrux reads a ``-`` colour as White for both sides of a pairing and then
    refuses the game; Arbiter keeps a forfeit's colour unknown when the source
    does not give it (the TEC exercise prints none), so the check supplies one.
    Scores do not depend on it.
    """
    rows = {}
    for tpn, row in event.entries.items():
        fixed = []
        for entry in row:
            if entry.opponent is not None and entry.colour is None:
                colour = Colour.WHITE if tpn < entry.opponent else Colour.BLACK
                entry = replace(entry, colour=colour)
            fixed.append(entry)
        rows[tpn] = tuple(fixed)
    return replace(event, entries=rows)


@pytest.mark.parametrize("path", SAMPLES[:2], ids=lambda p: p.name)
def test_gacrux_reads_our_samples_with_the_same_scores(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text(encoding="utf-8")
    event = parse_trf(text).event
    assert _gacrux_points(text, event.rounds_played) == event.scores()


def test_gacrux_scores_the_tec_exercise_alike() -> None:
    event = _with_colours(parse_trf(TEC_TRF.read_text(encoding="utf-8")).event)
    assert _gacrux_points(event_to_trf(event), 5) == event.scores()


@settings(max_examples=25, deadline=None)
@given(event=events(max_players=16), version=st.sampled_from(list(TrfVersion)))
def test_gacrux_reads_what_we_write(event, version) -> None:  # type: ignore[no-untyped-def]
    """Standard scoring only (other point systems travel in records gacrux does not read);
    bye requests only for rounds to come (gacrux checks a 240 against the round's result)."""
    event = _with_colours(event)
    if event.system is System.FIDE_DOUBLE_SWISS:
        # gacrux maps FIDE_DOUBLESWISS to no engine and scores each game column alone: a
        # PAB column is a win to it, where C.04.5 article 1.4 makes the second a draw.
        event = replace(event, system=System.DOUBLE_SWISS)
    event = replace(
        event,
        point_system=STANDARD,
        round_point_systems=(),
        bye_requests=tuple(b for b in event.bye_requests if b.round > event.rounds_played),
    )
    text = event_to_trf(event, version)
    assert _gacrux_points(text, event.rounds_played) == event.scores()
