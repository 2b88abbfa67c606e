"""Play-off games carry their tie, stage, round and byes as fields (GCT 2023, section 3).

The card, the bracket, the printed sheets and the PGN export group and title
games from these fields; nothing reads them back out of the label text.
"""

from __future__ import annotations

import re
from pathlib import Path

from arbiter_app.core.playoff import GameSpec, PlayoffState, Start, Tie, next_step, preset
from tests.support.playoff import draws, drive

CLASSICAL = preset("gct-2023-classical")
ROOT = Path(__file__).resolve().parents[3]


def three_way_tie_to_the_knockout() -> PlayoffState:
    """Three tied for first (3.1): a rapid round robin, all drawn (3.4), then the
    Armageddon knockout with one bye drawn by lot (3.4.1)."""
    state = PlayoffState(CLASSICAL, (Tie(1, (3, 7, 12)),)).apply(Start(None))
    return drive(state, draws(), stop=("done", "decide", "resolve-ambiguity", "start", "toss"))


def test_round_robin_games_carry_tie_stage_round_and_the_free_player() -> None:
    """3.3: three players, Berger tables: one game a round, the third player free (bye)."""
    state = three_way_tie_to_the_knockout()
    robin = [g.spec for g in state.games() if not g.spec.knockout]
    assert len(robin) == 3
    for spec in robin:
        assert (spec.tie, spec.stage, spec.knockout) == ("places 1-3", "round robin 1", False)
        (free,) = spec.byes
        assert {spec.white, spec.black, free} == {3, 7, 12}
        assert spec.label == f"places 1-3: round robin 1, round {spec.round}"
        assert spec.stage_title == "places 1-3: round robin 1"
    assert sorted(s.round for s in robin) == [1, 2, 3]
    # Over the three rounds each player is free once.
    assert sorted(s.byes[0] for s in robin) == [3, 7, 12]


def test_knockout_games_carry_the_byes_drawn_for_their_round() -> None:
    """3.4.1: three players left: the first drawn has a bye; the other two play first."""
    state = three_way_tie_to_the_knockout()
    step = next_step(state)
    assert step.code == "toss"
    state = drive(state, draws())
    knockout = [g.spec for g in state.games() if g.spec.knockout]
    first, final = knockout
    assert (first.tie, first.stage, first.round, first.armageddon) == (
        "places 1-3",
        "Armageddon knockout",
        1,
        True,
    )
    (bye,) = first.byes
    assert bye not in (first.white, first.black) and bye in (final.white, final.black)
    assert final.round == 2 and final.byes == ()
    assert first.label == "places 1-3: Armageddon knockout round 1"
    assert first.to_json()["byes"] == [bye]


def test_a_second_round_robin_is_its_own_stage() -> None:
    """A label is made from the fields, never the other way round."""
    spec = GameSpec("G9", 1, 2, "G/10+5", False, 2, "places 2-3", "round robin 2", False, (4,))
    assert spec.label == "places 2-3: round robin 2, round 2"
    assert spec.to_json()["stage"] == "round robin 2"


def test_no_play_off_view_parses_a_label() -> None:
    """The screen, the sheets, the bracket and the PGN read the fields (issue 12)."""
    readers = [
        ROOT / "arbiter_app" / "ui" / "playoff_adapter.py",
        ROOT / "arbiter_app" / "ui" / "playoff_runner.py",
        ROOT / "arbiter_app" / "ui" / "playoff_view.py",
        ROOT / "arbiter_app" / "exports" / "playoff.py",
        ROOT / "arbiter_app" / "exports" / "bracket.py",
        ROOT / "arbiter_app" / "ui" / "widgets" / "bracket.py",
    ]
    parsing = re.compile(r"label\s*\)?\s*\.\s*(r?partition|r?split)\(|_stage_key|_pgn_stage")
    found = [
        f"{path.name}:{n}"
        for path in readers
        for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if parsing.search(line)
    ]
    assert found == []
