"""A configuration change after the start pairs the paired rounds again (FIDE C.02, the
verification checklist's questions 59-62 and 76): the level-4 question names the rounds that
would be paired otherwise under the new settings, and the report's ``### Configuration`` line
records it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EndManualPairing,
    EnterResult,
    LeaveFideMode,
    RecordPairings,
    SetPairing,
    SetPairingNumbers,
    StartManualPairing,
)
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.manual_pairing import KEEP_TOKEN
from arbiter_app.session.setting_levels import (
    MOST_DIFFERING,
    POINTS_TOKEN,
    TIEBREAKS_TOKEN,
    PairingsRecheck,
)
from tests.support.sessions import TickingClock

NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")

Round = tuple[Sequence[Sequence[int]], Sequence[str]]

EIGHT: tuple[Round, ...] = (
    ([[1, 5], [6, 2], [3, 7], [8, 4]], ["0-1", "1/2", "1-0", "0-1"]),
    ([[4, 3], [5, 6], [2, 1], [7, 8]], ["1/2", "1-0", "1/2", "1-0"]),
    ([[3, 5], [2, 4], [1, 7], [6, 8]], []),
)
"""Eight players, three rounds as the Dutch engine paired them under 1/½/0. After round 2,
Gus (W, L: 1 point) and Fay (D, L: ½) differ by a win under 3/1/0 (3 points against 1),
and Ben (D, D: 1) falls below Gus: round 3's score groups, so its pairing, change."""

SIX: tuple[Round, ...] = (
    ([[1, 4], [5, 2], [3, 6]], ["1-0", "0-1", "1/2"]),
    ([[2, 1], [4, 3], [6, 5]], ["1/2", "1/2", "1/2"]),
    ([[1, 6], [3, 2], [5, 4]], []),
)
"""Six players, three rounds as the Dutch engine paired them; 3/1/0 pairs every one alike."""


def event(path: Path, rounds: Sequence[Round]) -> Session:
    """A 5-round Swiss of ``len(boards) * 2`` players numbered by rating, *rounds* recorded."""
    players = 2 * len(rounds[0][0])
    s = Session.create(path, name="Recheck", system="swiss", rounds=5, clock=TickingClock())
    for number, name in enumerate(NAMES[:players]):
        s.run(AddPlayer(name=name, rating=2300 - 100 * number))
    s.run(SetPairingNumbers(by="rating"))
    for round_no, (boards, results) in enumerate(rounds, 1):
        s.run(RecordPairings(round=round_no, boards=[list(b) for b in boards]))
        for board, result in enumerate(results, 1):
            s.run(EnterResult(round=round_no, board=board, result=result))
    return s


@pytest.fixture
def eight(tmp_path: Path) -> Iterator[Session]:
    with event(tmp_path / "eight.arbiter", EIGHT) as s:
        yield s


@pytest.fixture
def six(tmp_path: Path) -> Iterator[Session]:
    with event(tmp_path / "six.arbiter", SIX) as s:
        yield s


def asked(session: Session, command: EditSettings) -> tuple[Level, str, tuple[str, ...]]:
    """The one question *command* asks: its level, question and consequences."""
    state = session.state
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(command)
    assert session.state == state
    (alert,) = info.value.warnings
    return alert.level, alert.question, alert.consequences


def lines(session: Session) -> list[str]:
    return [p.trf_line() for p in stored_pibes(session.state)]


def outside_fide_mode(session: Session) -> Session:
    """*session* once FIDE mode is left: in it the points are fixed once round 1 is paired
    (FIDE C.02, question 75), so a new point system is asked about outside it."""
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    return session


def test_q76_a_new_point_system_names_the_round_it_would_pair_otherwise(
    eight: Session,
) -> None:
    outside_fide_mode(eight)
    level, question, said = asked(eight, EditSettings(point_system="3-1-0"))
    assert level is Level.CONFIRM_CONSEQUENCES
    assert question == "Change the point system from 1/½/0 to 3/1/0 now that round 3 is paired?"
    assert said[1] == (
        "Round 3 would be paired otherwise under the new point system; the recorded rounds "
        "stand (FIDE C.02 Q76)."
    )
    eight.run(EditSettings(point_system="3-1-0"), confirm=POINTS_TOKEN)
    assert lines(eight)[1:] == [
        "### Configuration @ Round 3: point system 1/½/0 => 3/1/0",
        "### Configuration @ Round 3: pairings checked again: round 3 would be paired otherwise "
        "under the new point system; the recorded rounds stand",
    ]
    # The recorded rounds stand: round 3's boards are those recorded.
    boards = eight.state.tables["boards"]
    assert [(boards[(3, n)]["white"], boards[(3, n)]["black"]) for n in range(1, 5)] == [
        (3, 5),
        (2, 4),
        (1, 7),
        (6, 8),
    ]


def test_q76_a_new_point_system_that_pairs_every_round_alike_says_none(six: Session) -> None:
    outside_fide_mode(six)
    _, _, said = asked(six, EditSettings(point_system="3-1-0"))
    assert said[1] == (
        "No paired round would be paired otherwise under the new point system: "
        "2 rounds paired again from the rounds before (FIDE C.02 Q76)."
    )
    six.run(EditSettings(point_system="3-1-0"), confirm=POINTS_TOKEN)
    assert lines(six)[-1] == (
        "### Configuration @ Round 3: pairings checked again: no paired round would be paired "
        "otherwise under the new point system: 2 rounds paired again from the rounds before"
    )


def test_q76_a_round_paired_otherwise_already_is_not_laid_to_the_change(
    tmp_path: Path,
) -> None:
    # Round 2 by hand (4-1 repeats round 1's game; the engine pairs 2-1 4-3 6-5): it differs
    # from the engine's pairing under either point system, and is named as such.
    with event(tmp_path / "hand.arbiter", SIX[:1]) as s:
        s.run(StartManualPairing(round=2))
        s.run(SetPairing(round=2, boards=[[4, 1], [2, 3], [6, 5]]), confirm=True)
        s.run(EndManualPairing(), confirm=KEEP_TOKEN)
        _, _, said = asked(outside_fide_mode(s), EditSettings(point_system="3-1-0"))
    assert said[1:] == (
        "No paired round would be paired otherwise under the new point system: "
        "1 round paired again from the rounds before (FIDE C.02 Q76).",
        "Round 2 differed from the pairing engine's already before the change.",
    )


def test_q76_the_tie_breaks_recompute_the_standings_and_pair_nothing_again(
    eight: Session,
) -> None:
    _, _, said = asked(eight, EditSettings(tiebreaks=["BH", "SB"]))
    assert said[-1] == (
        "The paired rounds are not paired again: tie-breaks do not decide the pairings "
        "(FIDE C.04.3), only the standings are recomputed."
    )
    eight.run(EditSettings(tiebreaks=["BH", "SB"]), confirm=TIEBREAKS_TOKEN)
    assert not any("checked again" in line for line in lines(eight))


def test_q76_the_check_stops_at_the_first_ten_differing_rounds() -> None:
    found = PairingsRecheck(
        ("point_system",), "the new point system", 11, tuple(range(2, 12)), stopped=True
    )
    assert found.summary == (
        "rounds 2, 3, 4, 5, 6, 7, 8, 9, 10 and 11 would be paired otherwise under the new "
        "point system (the check stopped at the first 10); the recorded rounds stand"
    )
    assert MOST_DIFFERING == 10
