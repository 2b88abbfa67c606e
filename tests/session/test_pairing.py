"""Pairing the next round of a stored event (shared by ``arbiter-app pair`` and the app)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult
from arbiter_app.session.pairing import pair_next_round, paired_columns


def _event(path: Path, system: str, rounds: int) -> Session:
    session = Session.create(path, name="P", system=system, rounds=rounds, durable=False)
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        session.run(AddPlayer(name=name, rating=rating))
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
        session.run(EnterResult(round=1, board=1, result="1-0"))
        journal = session.journal()
        with pytest.raises(RuleError, match=r"In round 1, board 2 still lacks a result; enter it"):
            pair_next_round(session)
        assert session.journal() == journal
        session.run(EnterResult(round=1, board=2, result="1/2"))
        pairing, _ = pair_next_round(session)
        assert pairing.round == 2 and paired_columns(session) == 2


def test_round_one_draws_the_colour_by_lot_and_records_the_draw(tmp_path: Path) -> None:
    """C.04.3 article 5.2.5: no colour given, the session draws it; the seed is kept."""
    from arbiter_app.core.lots import COLOUR_DRAW, DrawMethod, shuffled
    from arbiter_app.sheets.source import from_session

    told = []
    with _event(tmp_path / "s.arbiter", "swiss", 3) as session:
        pairing, _ = pair_next_round(session, on_draw=lambda c, d: told.append((c, d)))
        [(colour, draw)] = told
        assert draw.purpose == COLOUR_DRAW and draw.method is DrawMethod.SEEDED
        assert draw.seed is not None and draw.article == "FIDE C.04.3 article 5.2.5"
        # Anyone can redo it: the first of the seeded shuffle of (White, Black).
        assert draw.outcome == shuffled((0, 1), draw.seed)[:1]
        assert colour is (Colour.WHITE if draw.outcome == (0,) else Colour.BLACK)
        # The top-ranked player (number 1) has the colour drawn.
        top = next(b for b in pairing.boards if 1 in (b.white, b.black))
        assert (top.white == 1) is (colour is Colour.WHITE)
        # The journal keeps it; the protocol of the drawings of lots prints it.
        assert session.journal()[-1].arguments["colour_draw"]["seed"] == draw.seed
        draws = [r for r in from_session(session).draws if r.draw.purpose == COLOUR_DRAW]
        assert len(draws) == 1 and draws[0].names == {0: "White", 1: "Black"}
        # A colour given (drawn at the venue) is used as given, and nothing is drawn.
        session.undo()
        told.clear()
        pair_next_round(session, initial_colour=Colour.BLACK, on_draw=lambda c, d: told.append(c))
        assert told == []
        assert "colour_draw" not in session.journal()[-1].arguments


def test_boards_are_in_the_board_order_of_c04(tmp_path: Path) -> None:
    """FIDE C.04.2 (general handling rules), board order: the higher score of the pair
    first, then the higher sum of the pair's scores, then the better (lower) pairing
    number of the pair; checked over three rounds of a 20-player Swiss."""
    session = Session.create(tmp_path / "b.arbiter", name="B", system="swiss", rounds=4)
    with session:
        for i in range(20):
            session.run(AddPlayer(name=f"P{i + 1:02d}", rating=2400 - 10 * i))
        results = ("1-0", "0-1", "1/2", "1-0", "1-0", "0-1", "1/2")
        for round_no in (1, 2, 3):
            pairing, _ = pair_next_round(session, initial_colour=Colour.WHITE)
            scores = session.event.scores(round_no - 1)
            keys = [
                (
                    -max(scores[b.white], scores[b.black]),
                    -(scores[b.white] + scores[b.black]),
                    min(b.white, b.black),
                )
                for b in pairing.boards
            ]
            assert keys == sorted(keys), round_no
            for n, board in enumerate(session.boards(round_no)):
                session.run(EnterResult(round=round_no, board=board.number, result=results[n % 7]))


def test_a_result_keeps_the_last_column_and_undoing_a_pairing_moves_it(tmp_path: Path) -> None:
    """The last paired column is kept across a result of that round (a 10,000-player event
    has 110,000 entries to search it in), and found again when a round is paired or undone."""
    with _event(tmp_path / "s.arbiter", "swiss", 3) as session:
        pair_next_round(session, initial_colour=Colour.WHITE)
        session.run(EnterResult(round=1, board=1, result="1-0"))
        session.run(EnterResult(round=1, board=2, result="1/2"))
        _, paired = pair_next_round(session)
        view = session._view(session.section.number)
        assert view.last_column() == 2
        view._last_column = 1  # as it was before round 2 was paired
        assert not view._keeps_last_column(paired[0])  # round 2's boards: found again
        view._last_column = None
        result = session.run(EnterResult(round=2, board=1, result="0-1")).changes
        assert view.last_column() == 2
        assert view._keeps_last_column(result)  # a result of the last round keeps it
        session.undo()
        undone = session.undo()  # the pairing of round 2
        assert view.last_column() == 1 == paired_columns(session)
        view._last_column = 2
        assert not view._keeps_last_column(undone)
