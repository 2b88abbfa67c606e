"""Pairing the next round of a stored event (shared by ``arbiter-app pair`` and the app)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.session.pairing import pair_next_round, paired_columns


def _event(path: Path, system: str, rounds: int) -> Session:
    session = Session.create(path, name="P", system=system, rounds=rounds, durable=False)
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        session.run("add_player", name=name, rating=rating)
    return session


def test_a_double_swiss_round_fills_two_columns_with_colours_reversed(tmp_path: Path) -> None:
    """Seed 001: a double Swiss round is two games against the same opponent, one with each colour."""
    with _event(tmp_path / "d.arbiter", "double-swiss", 6) as session:
        pairing, changes = pair_next_round(session, initial_colour=Colour.WHITE)
        assert pairing.round == 1 and len(changes) == 1
        assert paired_columns(session) == 2
        first = [(b.white, b.black) for b in session.boards(1)]
        second = [(b.white, b.black) for b in session.boards(2)]
        assert first == [(b.white, b.black) for b in pairing.boards]
        assert second == [(black, white) for white, black in first]
        # One action, one journal entry for both game columns (a crash never splits them).
        assert session.journal()[-1].command == "record_round_pairings"
        assert session.journal()[-2].command == "add_player"
        session.undo()
        assert paired_columns(session) == 0


def test_the_next_round_waits_for_every_result(tmp_path: Path) -> None:
    with _event(tmp_path / "s.arbiter", "swiss", 3) as session:
        pair_next_round(session, initial_colour=Colour.WHITE)
        session.run("enter_result", round=1, board=1, result="1-0")
        journal = session.journal()
        with pytest.raises(RuleError, match=r"In round 1, board 2 still lacks a result; enter it"):
            pair_next_round(session)
        assert session.journal() == journal
        session.run("enter_result", round=1, board=2, result="1/2")
        pairing, _ = pair_next_round(session)
        assert pairing.round == 2 and paired_columns(session) == 2
