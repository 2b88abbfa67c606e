"""A Swiss the engine cannot finish is finished by hand (FIDE C.02, the checklist's Q63).

Four players set for four rounds of a Swiss: after three rounds each has met the
other three, so no round 4 exists without a repeated game (FIDE C.04.1 b, an
absolute criterion). The engine refuses to pair it; the arbiter gives the round
by hand, answers the level-3 question naming the repeated games and the level-4
one saying the engine finds no legal pairing, and the round stands, written to the
report's ``### MPA`` line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EnterResult,
    RecordPairings,
    SetPairing,
    SetPairingNumbers,
)
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.manual_pairing import KEEP_TOKEN
from arbiter_app.session.pairing import pair_next_round
from tests.support.sessions import TickingClock

ROUNDS = ([[1, 3], [4, 2]], [[2, 1], [3, 4]], [[1, 4], [2, 3]])
"""Three rounds in which each of the four players meets the other three."""


def test_q63_a_round_the_engine_cannot_pair_is_paired_by_hand(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "four.arbiter", name="Four", system="swiss", rounds=4, clock=TickingClock()
    ) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
            s.run(AddPlayer(name=name, rating=rating))
        s.run(SetPairingNumbers(by="rating"))
        for round_no, boards in enumerate(ROUNDS, start=1):
            s.run(RecordPairings(round=round_no, boards=boards))
            for board in (1, 2):
                s.run(EnterResult(round=round_no, board=board, result="1/2"))
        with pytest.raises(RuleError):
            pair_next_round(s)
        assert s.event.rounds_played == 3
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=4, boards=[[3, 1], [2, 4]]))
        rules, engine = info.value.warnings
        assert rules.level is Level.CONFIRM and rules.question.startswith("Round 4 as given breaks")
        assert engine.level is Level.CONFIRM_CONSEQUENCES and engine.token == KEEP_TOKEN
        assert engine.question.startswith("The pairing engine finds no legal pairing for round 4")
        s.run(SetPairing(round=4, boards=[[3, 1], [2, 4]]), confirm=KEEP_TOKEN)
        lines = [p.trf_line() for p in stored_pibes(s.state)]
        assert lines == ["### MPA @ Round 4: no legal pairing => 2-4 3-1"]
        for board in (1, 2):
            s.run(EnterResult(round=4, board=board, result="1-0"))
        assert s.event_state.final
        assert (s.event.entry(3, 4).opponent, s.event.entry(2, 4).opponent) == (1, 4)


def test_q100_a_round_robin_round_is_paired_by_hand_and_a_repeated_game_asks(
    tmp_path: Path,
) -> None:
    """Q100-101: a round robin's round can be given by hand; a game played already is a
    level-3 question (FIDE C.04.1 b), the difference from the Berger table a level-4 one."""
    with Session.create(
        tmp_path / "rr.arbiter", name="RR", system="round-robin", rounds=3, clock=TickingClock()
    ) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
            s.run(AddPlayer(name=name, rating=rating))
        s.run(SetPairingNumbers(by="rating"))
        pairing, _ = pair_next_round(s)
        played = [[b.white, b.black] for b in pairing.boards]
        for board in (1, 2):
            s.run(EnterResult(round=1, board=board, result="1/2"))
        again = [[black, white] for white, black in played]
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=2, boards=again))
        rules, engine = info.value.warnings
        assert rules.level is Level.CONFIRM
        assert "already" in " ".join(rules.consequences)
        assert engine.level is Level.CONFIRM_CONSEQUENCES and engine.token == KEEP_TOKEN
        s.run(SetPairing(round=2, boards=again), confirm=KEEP_TOKEN)
        for board in (1, 2):
            s.run(EnterResult(round=2, board=board, result="1-0"))
        first_white, first_black = played[0]
        assert s.event.entry(first_black, 2).opponent == first_white


def test_q102_a_double_round_robin_paired_by_hand_asks_about_a_third_colour_in_a_row(
    tmp_path: Path,
) -> None:
    """Q102: rounds of a double round robin given by hand are checked for the absolute
    colour rules too (C.04.1 f: no player gets the same colour three times running)."""
    with Session.create(
        tmp_path / "drr.arbiter",
        name="DRR",
        system="double-round-robin",
        rounds=6,
        clock=TickingClock(),
    ) as s:
        for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
            s.run(AddPlayer(name=name, rating=rating))
        s.run(SetPairingNumbers(by="rating"))
        for round_no, boards in enumerate(([[1, 4], [2, 3]], [[1, 3], [4, 2]]), start=1):
            s.run(SetPairing(round=round_no, boards=boards), confirm=KEEP_TOKEN)
            for board in (1, 2):
                s.run(EnterResult(round=round_no, board=board, result="1/2"))
        assert [s.event.entry(1, r).colour for r in (1, 2)] == [Colour.WHITE, Colour.WHITE]
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=3, boards=[[1, 2], [3, 4]]))
        rules = info.value.warnings[0]
        assert rules.level is Level.CONFIRM
        assert rules.consequences[0].startswith(
            "board 1: player 1 would have white three times running"
        )


ACROSS = ([[1, 4], [2, 5], [3, 6]], [[5, 1], [6, 2], [4, 3]], [[1, 6], [2, 4], [3, 5]])
"""Three rounds of a six-player round robin in which 1-3 meet only 4-6: each group of
three must then meet among itself, and no round of six can be made of those games."""


def six_round_robin(path: Path, system: str = "round-robin", rounds: int = 5) -> Session:
    s = Session.create(path, name="RR6", system=system, rounds=rounds, clock=TickingClock())
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900),
                         ("Eve", 1800), ("Fay", 1700)):  # fmt: skip
        s.run(AddPlayer(name=name, rating=rating))
    s.run(SetPairingNumbers(by="rating"))
    return s


def play(s: Session, round_no: int, boards: int = 3) -> None:
    for board in range(1, boards + 1):
        s.run(EnterResult(round=round_no, board=board, result="1/2"))


def test_q101_a_hand_round_that_leaves_pairs_unable_to_meet_is_level_3(tmp_path: Path) -> None:
    """Q101: after each round given by hand, the games of the cycle not played yet must
    still fit its rounds left (C.05 Annex 1); round 3 across the groups leaves two
    triangles for two rounds, which the level-3 question names."""
    with six_round_robin(tmp_path / "rr6.arbiter") as s:
        for round_no, boards in enumerate(ACROSS[:2], start=1):
            with pytest.raises(ConfirmationNeeded) as info:
                s.run(SetPairing(round=round_no, boards=boards))
            # Only the level-4 difference from the Berger table: what is left still fits.
            assert [w.level for w in info.value.warnings] == [Level.CONFIRM_CONSEQUENCES]
            s.run(SetPairing(round=round_no, boards=boards), confirm=KEEP_TOKEN)
            play(s, round_no)
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=3, boards=ACROSS[2]))
        rules, engine = info.value.warnings
        assert rules.level is Level.CONFIRM
        assert engine.level is Level.CONFIRM_CONSEQUENCES
        assert rules.consequences == (
            "after round 3 the 6 games of the cycle not played yet (1-2, 1-3, 2-3, 4-5, 4-6, "
            "5-6) no longer fit in the 2 rounds left, each round a full one; no full round "
            "can be made of them (FIDE C.05 Annex 1: every pair meets once in each cycle of "
            "a round robin)",
        )
        s.run(SetPairing(round=3, boards=ACROSS[2]), confirm=KEEP_TOKEN)
        play(s, 3)
        assert s.event.entry(1, 3).opponent == 6


def test_q101_a_double_round_robin_checks_the_cycle_of_the_round(tmp_path: Path) -> None:
    """The second cycle starts afresh: a pair that met in the first cycle meets again,
    and only the games of the second cycle count against its rounds left."""
    with six_round_robin(tmp_path / "drr6.arbiter", "double-round-robin", 10) as s:
        for round_no in range(1, 6):
            pair_next_round(s)
            play(s, round_no)
        for round_no, boards in enumerate(ACROSS[:2], start=6):
            s.run(SetPairing(round=round_no, boards=boards), confirm=KEEP_TOKEN)
            play(s, round_no)
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=8, boards=ACROSS[2]))
        said = " ".join(info.value.warnings[0].consequences)
        assert "after round 8 the 6 games of the cycle not played yet" in said
        assert "already played" not in said
