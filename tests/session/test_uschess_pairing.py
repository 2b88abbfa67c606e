"""A US Chess section pairs its Swiss rounds by the US Chess engine (rules 27-29), starts
outside FIDE mode, and keeps teammates apart when the TD announces it (28N)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.fide_mode import FideModeStatus
from arbiter_app.core.model import Colour
from arbiter_app.core.pairing.uschess import ENGINE
from arbiter_app.core.warning_levels import ConfirmationNeeded
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings, EnterResult
from arbiter_app.session.integrity import fide_mode_of
from arbiter_app.session.pairing import pair_next_round

PLAYERS = (("A", 2100, "Lincoln"), ("B", 2050, ""), ("C", 2000, ""), ("D", 1950, "Lincoln"),
           ("E", 1900, ""), ("F", 1850, ""))  # fmt: skip


def _section(path: Path, preset: str | None) -> Session:
    session = Session.create(path, name="Club", system="swiss", rounds=4, preset=preset,
                             durable=False)  # fmt: skip
    for name, rating, club in PLAYERS:
        session.run(AddPlayer(name=name, rating=rating, club=club))
    return session


@pytest.mark.parametrize("preset", ["uscf", "city-chess-ok"])
def test_a_us_preset_pairs_by_the_us_engine_outside_fide_mode(tmp_path: Path, preset: str) -> None:
    with _section(tmp_path / "us.arbiter", preset) as session:
        mode = fide_mode_of(session.state)
        assert mode.status is FideModeStatus.OFF and mode.us_chess
        pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
        assert pairing.engine == ENGINE
        assert pairing.log[-1] == "  top half 1, 2, 3 v bottom half 4, 5, 6 (28C)"


def test_a_fide_event_stays_in_fide_mode_and_pairs_by_the_dutch_system(tmp_path: Path) -> None:
    with _section(tmp_path / "fide.arbiter", None) as session:
        assert fide_mode_of(session.state).status is FideModeStatus.ON
        pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
        assert pairing.engine != ENGINE and not pairing.log


def test_teammates_kept_apart_is_a_variation_announced_before_round_one(tmp_path: Path) -> None:
    """28N: with the setting, A and D (one club, pairing numbers 1 and 4) do not meet in
    round 1 as 1 v 4 would have them meet, nor later; once round 1 is paired, changing the
    variation is a level-3 question (FIDE C.02's levels, which the US event keeps)."""
    with _section(tmp_path / "k.arbiter", "uscf") as session:
        session.run(EditSettings(teammates_apart=True))
        pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
        assert {1, 4} not in [set(b.players) for b in pairing.boards]
        assert "  transposition: 1 meets 5, as 1 and 4 are kept apart (28N)" in pairing.log
        with pytest.raises(ConfirmationNeeded):
            session.run(EditSettings(teammates_apart=False))
        for board in (1, 2, 3):
            session.run(EnterResult(round=1, board=board, result="1/2"))
        second, _ = pair_next_round(session)
        assert {1, 4} not in [set(b.players) for b in second.boards]


def test_a_round_closed_by_hand_is_compared_with_the_us_engine(tmp_path: Path) -> None:
    """Manual pairings (FIDE C.02's phase, kept outside FIDE mode too) compare the round with
    the section's own engine: a US round left as the US engine made it is "the same",
    though FIDE's Dutch system pairs that round otherwise (here, with other colours)."""
    from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
    from arbiter_app.session.commands import EndManualPairing, StartManualPairing

    with _section(tmp_path / "m.arbiter", "uscf") as session:
        pair_next_round(session, initial_colour=Colour.WHITE)
        for board, result in ((1, "1-0"), (2, "1-0"), (3, "1/2")):
            session.run(EnterResult(round=1, board=board, result=result))
        ours, _ = pair_next_round(session)
        dutch = pair_round(session.event, 2, SwissOptions(initial_colour=Colour.WHITE))
        # The Dutch system gives 4 v 6 the other colours (C.04.3 article 5 against 29E4).
        assert {b.players for b in dutch.boards} != {b.players for b in ours.boards}
        session.run(StartManualPairing(round=2))
        outcome = session.run(EndManualPairing())
        assert outcome.value["same"] is True
