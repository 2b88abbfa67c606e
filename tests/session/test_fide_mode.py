"""FIDE mode and the pairing-integrity events (FIDE C.02 verification checklist), by question.

Each test is named after the checklist question (or group of questions) it
shows; ``resources/guide/fide-mode.md`` maps them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import LEAVE_TOKEN, FideModeStatus
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level, Refused
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    AllowPairing,
    ChangePairing,
    Command,
    CorrectColours,
    CorrectResult,
    EditSettings,
    EndManualPairing,
    EnterFideMode,
    EnterResult,
    ForbidPairing,
    LeaveFideMode,
    RecordPairings,
    SetPairing,
    SetPairingNumbers,
    StartManualPairing,
)
from arbiter_app.session.integrity import fide_mode_of, stored_pibes
from arbiter_app.session.manual_pairing import KEEP_TOKEN
from arbiter_app.session.setting_levels import POINTS_TOKEN, ROUNDS_TOKEN, TIEBREAKS_TOKEN
from arbiter_app.sheets.builders import SHEETS
from arbiter_app.sheets.source import load
from tests.support.sessions import TickingClock

PLAYERS = (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900), ("Eve", 1800), ("Fay", 1700))


def six(path: Path, system: str = "swiss", rounds: int = 5) -> Session:
    """Six players numbered by rating; for a Swiss, round 1 played: 1-4 1-0, 5-2 0-1, 3-6 ½."""
    s = Session.create(path, name="Six", system=system, rounds=rounds, clock=TickingClock())
    for name, rating in PLAYERS:
        s.run(AddPlayer(name=name, rating=rating))
    if system == "swiss":
        s.run(SetPairingNumbers(by="rating"))
        s.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
        for board, result in ((1, "1-0"), (2, "0-1"), (3, "1/2")):
            s.run(EnterResult(round=1, board=board, result=result))
    return s


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = six(tmp_path / "six.arbiter")
    yield s
    s.close()


def questions(session: Session, command: type[Command], /, **args: Any) -> list[tuple[Level, str]]:
    """The questions *command* asks; nothing may change meanwhile."""
    state = session.state
    with pytest.raises(ConfirmationNeeded) as info:
        confirm = args.pop("confirm", None)
        session.run(command.of(args), confirm=confirm)
    assert session.state == state
    return [(w.level, w.question) for w in info.value.warnings]


def lines(session: Session) -> list[str]:
    return [p.trf_line() for p in stored_pibes(session.state)]


def pair_round_two_by_hand(session: Session) -> None:
    """Round 2 by hand: 4-1 repeats round 1's game; the engine pairs 2-1 4-3 6-5."""
    session.run(StartManualPairing(round=2))
    session.run(SetPairing(round=2, boards=[[4, 1], [2, 3], [6, 5]]), confirm=True)


# --- FIDE mode (Q40-46, Q56) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "status"),
    [
        ("swiss", FideModeStatus.ON),
        ("round-robin", FideModeStatus.ON),
        ("double-round-robin", FideModeStatus.ON),
        ("double-swiss", FideModeStatus.OFF),
    ],
)
def test_q40_41_fide_mode_is_a_per_event_flag_on_by_default_for_fide_systems(
    tmp_path: Path, system: str, status: FideModeStatus
) -> None:
    with six(tmp_path / "e.arbiter", system=system) as s:
        assert fide_mode_of(s.state).status is status
        assert s.event_state.text  # the state is readable whatever the mode


def test_q43_leaving_fide_mode_is_a_level_4_two_step_question(session: Session) -> None:
    ((level, question),) = questions(session, LeaveFideMode)
    assert level is Level.CONFIRM_CONSEQUENCES
    assert question == (
        "Leave FIDE mode after round 1 was paired? The event cannot come back to FIDE mode."
    )
    # A plain yes does not answer a level-4 question: only its token does.
    questions(session, LeaveFideMode, confirm=True)
    assert session.run(LeaveFideMode(), confirm=LEAVE_TOKEN).value == 1
    assert fide_mode_of(session.state).left


def test_q44_leaving_fide_mode_writes_a_line_with_the_round(session: Session) -> None:
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    assert lines(session) == ["### FIDE mode @ Round 1: left after round 1 was paired"]
    # Leaving is final (question 43): Undo is refused, and the line stays in the report.
    assert not session.can_undo and session.next_undo is None
    journal = session.journal()
    with pytest.raises(RuleError, match="leaving FIDE mode cannot be undone: it is final"):
        session.undo()
    assert session.journal() == journal
    assert lines(session) == ["### FIDE mode @ Round 1: left after round 1 was paired"]
    assert fide_mode_of(session.state).left


def test_q45_an_event_that_left_fide_mode_never_comes_back(session: Session) -> None:
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    with pytest.raises(Refused, match="cannot enter it again") as info:
        session.run(EnterFideMode(), confirm=True)
    assert info.value.warning.level is Level.REFUSED
    with pytest.raises(RuleError, match="not in FIDE mode"):
        session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)


def test_q46_the_indicator_of_an_event_not_in_fide_mode(session: Session) -> None:
    assert fide_mode_of(session.state).indicator == ""
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    assert fide_mode_of(session.state).indicator == (
        "Not in FIDE mode: left after round 1 was paired, for good."
    )


# --- Number of rounds (Q57-63) --------------------------------------------------------


def test_q57_in_fide_mode_the_rounds_points_and_bye_value_are_fixed_once_round_1_is_paired(
    tmp_path: Path,
) -> None:
    with Session.create(
        tmp_path / "new.arbiter", name="New", system="swiss", rounds=5, clock=TickingClock()
    ) as s:
        # Before round 1 the organiser shapes the event freely, in FIDE mode too.
        s.run(EditSettings(rounds=7, point_system="3-1-0"))
        assert s.event.planned_rounds == 7 and s.event.point_system.win == 3
    session = six(tmp_path / "six.arbiter")
    before = session.state
    for change, said in (
        (
            EditSettings(rounds=7),
            "so the number of rounds cannot change: it is declared before the event "
            "(FIDE C.04.1 article 1). To change it, leave FIDE mode first",
        ),
        (
            EditSettings(point_system="3-1-0"),
            "so the point system cannot change: results score what the regulations of the "
            "event announced (FIDE Laws of Chess article 10.1; C.07 article 5). To change it, "
            "leave FIDE mode first",
        ),
        (
            EditSettings(point_system={"pairing_bye": "1/2"}),
            "so the value of the pairing-allocated bye cannot change: the bye scores what the "
            "rules of the tournament state (FIDE C.04.1 article 3). To change it, leave FIDE "
            "mode first",
        ),
        (
            EditSettings(rounds=7, point_system="3-1-0"),
            "so the number of rounds and the point system cannot change: ",
        ),
    ):
        with pytest.raises(Refused) as info:
            session.run(change, confirm=[ROUNDS_TOKEN, POINTS_TOKEN])
        assert info.value.warning.level is Level.REFUSED
        question = info.value.warning.question
        assert question.startswith(f"The event is in FIDE mode and round 1 is paired, {said}")
        assert session.state == before
    # The bye's value is part of the point system: a new system is named as such only.
    with pytest.raises(Refused) as info:
        session.run(EditSettings(point_system="3-1-0"))
    assert "bye" not in info.value.warning.question.split(": ")[0]
    # The same values again change nothing and are no change.
    session.run(EditSettings(rounds=5, point_system="standard"))
    session.close()


def test_q57_58_changing_the_rounds_after_the_start_is_level_4_and_a_line(
    session: Session,
) -> None:
    # Outside FIDE mode (left first, as the refusal in FIDE mode says).
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    ((level, question),) = questions(session, EditSettings, rounds=7)
    assert level is Level.CONFIRM_CONSEQUENCES
    assert question == "Change the number of rounds from 5 to 7 now that round 1 is paired?"
    session.run(EditSettings(rounds=7), confirm=ROUNDS_TOKEN)
    assert lines(session) == [
        "### FIDE mode @ Round 1: left after round 1 was paired",
        "### Configuration @ Round 1: rounds 5 => 7",
    ]


def test_q59_62_a_paired_round_that_becomes_the_last_is_checked_again(
    session: Session,
) -> None:
    # Round 2 paired by the engine for a 5-round event, then the event (out of FIDE mode) is
    # cut to 2 rounds: round 2 becomes the last round and its pairing is checked again with
    # last-round rules.
    session.run(RecordPairings(round=2, boards=[[2, 1], [4, 3], [6, 5]]))
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(EditSettings(rounds=2))
    (alert,) = info.value.warnings
    said = " ".join(alert.consequences)
    assert "Round 2, paired already, becomes the last round" in said
    session.run(EditSettings(rounds=2), confirm=ROUNDS_TOKEN)
    assert lines(session)[1] == "### Configuration @ Round 2: rounds 5 => 2"
    assert all(line.startswith("### Configuration @ Round 2:") for line in lines(session)[1:])


def test_q63_a_set_up_that_cannot_complete_its_rounds_is_warned_before_the_start(
    tmp_path: Path,
) -> None:
    with six(tmp_path / "rr.arbiter", system="swiss", rounds=9) as s:
        assert s.event_state.setup_warning is None or "rounds" in s.event_state.setup_warning
    with Session.create(
        tmp_path / "few.arbiter", name="Few", system="swiss", rounds=5, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS[:4]:
            s.run(AddPlayer(name=name, rating=rating))
        warning = s.event_state.setup_warning
        assert warning is not None
        assert "at most 3 rounds" in warning and "set for 5" in warning
        s.run(SetPairingNumbers(by="rating"))
        notes = s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
        assert [a.level for a in notes.notices] == [Level.NOTICE]
        assert notes.notices[0].question == warning


# --- Manual pairings (Q64-69) ---------------------------------------------------------


def test_q64_a_manual_pairing_phase_has_an_explicit_start_and_end(session: Session) -> None:
    with pytest.raises(RuleError, match="no manual pairing is open"):
        session.run(EndManualPairing())
    assert session.run(StartManualPairing(round=2)).value == 2
    with pytest.raises(RuleError, match="open already"):
        session.run(StartManualPairing(round=2))
    session.run(SetPairing(round=2, boards=[[2, 1], [4, 3], [6, 5]]))
    # While it is open no result of the round goes in, and no round is paired by the engine.
    with pytest.raises(RuleError, match="manual pairing of round 2 is open"):
        session.run(EnterResult(round=2, board=1, result="1-0"))
    outcome = session.run(EndManualPairing())
    assert outcome.value == {"round": 2, "paired": True, "same": True, "line": ""}
    session.run(EnterResult(round=2, board=1, result="1-0"))


def test_q64_the_phase_opens_only_on_the_last_round_before_results_or_the_next(
    session: Session,
) -> None:
    with pytest.raises(RuleError, match="round 1 has results"):
        session.run(StartManualPairing(round=1))
    with pytest.raises(RuleError, match="cannot be paired by hand now"):
        session.run(StartManualPairing(round=3))


def test_q65_a_repeated_game_is_level_3(session: Session) -> None:
    session.run(StartManualPairing(round=2))
    ((level, _),) = questions(session, SetPairing, round=2, boards=[[4, 1], [2, 3], [6, 5]])
    assert level is Level.CONFIRM
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(SetPairing(round=2, boards=[[4, 1], [2, 3], [6, 5]]))
    assert "players 4 and 1 already played each other in round 1" in " ".join(
        info.value.warnings[0].consequences
    )


def test_q66_a_prohibited_pairing_is_level_3(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "f.arbiter", name="F", system="swiss", rounds=3, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS[:4]:
            s.run(AddPlayer(name=name, rating=rating))
        s.run(ForbidPairing(players=[1, 3]))
        s.run(StartManualPairing(round=1))
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=1, boards=[[1, 3], [4, 2]]))
        (alert,) = info.value.warnings
        assert alert.level is Level.CONFIRM
        assert "players 1 and 3 must not be paired" in " ".join(alert.consequences)


def test_q67_a_pairing_allocated_bye_to_an_ineligible_player_is_level_3(
    tmp_path: Path,
) -> None:
    with Session.create(
        tmp_path / "b.arbiter", name="B", system="swiss", rounds=3, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS[:5]:
            s.run(AddPlayer(name=name, rating=rating))
        s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]], byes=[[5, "pairing-bye"]]))
        for board in (1, 2):
            s.run(EnterResult(round=1, board=board, result="1-0"))
        s.run(StartManualPairing(round=2))
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=2, boards=[[1, 4], [2, 3]], byes=[[5, "pairing-bye"]]))
        (alert,) = info.value.warnings
        assert alert.level is Level.CONFIRM
        assert alert.consequences == (
            "player 5 already had a pairing-allocated bye (FIDE C.04.1 d)",
            # Q66: 5 has a point where 2 and 3 have none (C.04.3 article 2.3.1 [C5]).
            "player 5 gets the pairing-allocated bye on a score of 1 although a player on a "
            "score of 0 can have it with the rest of the round paired (FIDE C.04.3 article "
            "2.3.1 [C5]: the lowest score the bye can go to)",
        )


def five_after_round_one(path: Path, apart: list[int] | None = None) -> Session:
    """Five players (*apart* may not meet); round 1: 1-3 1-0, 4-2 ½, 5 the bye. Scores 1,
    ½, 0, ½, 1."""
    s = Session.create(path, name="B", system="swiss", rounds=3, clock=TickingClock())
    for name, rating in PLAYERS[:5]:
        s.run(AddPlayer(name=name, rating=rating))
    if apart:
        s.run(ForbidPairing(players=apart))
    s.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]], byes=[[5, "pairing-bye"]]))
    s.run(EnterResult(round=1, board=1, result="1-0"))
    s.run(EnterResult(round=1, board=2, result="1/2"))
    return s


@pytest.mark.parametrize("fide_mode", [True, False])
def test_q66_a_bye_above_the_lowest_score_it_can_go_to_is_level_3(
    tmp_path: Path, fide_mode: bool
) -> None:
    """Q66 (Sharly Chess's wording: a bye to a player "below the minimum score"): the bye
    goes to the lowest score it can with the rest of the round paired (C.04.3 article
    2.3.1 [C5]); 4 on ½ gets it while 3 on 0 could: one level-3 question, in FIDE mode and
    outside it."""
    with five_after_round_one(tmp_path / "b.arbiter") as s:
        if not fide_mode:
            s.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
        assert fide_mode_of(s.state).left is not fide_mode
        s.run(StartManualPairing(round=2))
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=2, boards=[[5, 1], [2, 3]], byes=[[4, "pairing-bye"]]))
        (alert,) = info.value.warnings
        assert alert.level is Level.CONFIRM
        assert alert.consequences == (
            "player 4 gets the pairing-allocated bye on a score of ½ although a player on a "
            "score of 0 can have it with the rest of the round paired (FIDE C.04.3 article "
            "2.3.1 [C5]: the lowest score the bye can go to)",
        )
        # The bye to 3, on 0, asks nothing.
        s.run(SetPairing(round=2, boards=[[4, 1], [2, 5]], byes=[[3, "pairing-bye"]]))


def test_q66_the_lowest_score_is_the_lowest_that_leaves_the_rest_pairable(
    tmp_path: Path,
) -> None:
    """1, 2 and 5 may not meet (TRF 260): with the bye to 3 (0 points) or to 4 (½) someone
    is left without an opponent, so ½ through 2 is the lowest score the bye can go to. The
    bye to 1 (1 point) is asked about, naming ½; the bye to 2 or to 4 (both on ½) is not."""
    with five_after_round_one(tmp_path / "b.arbiter", apart=[1, 2, 5]) as s:
        s.run(StartManualPairing(round=2))
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=2, boards=[[2, 3], [5, 4]], byes=[[1, "pairing-bye"]]))
        (alert,) = info.value.warnings
        assert alert.consequences == (
            "player 1 gets the pairing-allocated bye on a score of 1 although a player on a "
            "score of ½ can have it with the rest of the round paired (FIDE C.04.3 article "
            "2.3.1 [C5]: the lowest score the bye can go to)",
        )
        s.run(SetPairing(round=2, boards=[[1, 4], [5, 3]], byes=[[2, "pairing-bye"]]))


def test_q66_a_full_point_bye_bars_the_pairing_allocated_bye(tmp_path: Path) -> None:
    """A win's points without playing bars the bye ([C2], C.04.3 article 2.1.2), a
    full-point bye as much as a forfeit win, as the Dutch engine reads it."""
    with Session.create(
        tmp_path / "f.arbiter", name="F", system="swiss", rounds=3, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS[:5]:
            s.run(AddPlayer(name=name, rating=rating))
        s.run(
            RecordPairings(
                round=1,
                boards=[[1, 3], [2, 4]],
                byes=[[5, "full-bye"]],
            ),
            confirm=True,
        )
        for board in (1, 2):
            s.run(EnterResult(round=1, board=board, result="0-1"))
        s.run(StartManualPairing(round=2))
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=2, boards=[[1, 2], [3, 4]], byes=[[5, "pairing-bye"]]))
        assert info.value.warnings[0].consequences[0] == (
            "player 5 already had a full-point bye, a win's points without playing "
            "(FIDE C.04.1 d; C.04.3 article 2.1.2 [C2])"
        )


def test_q68_colours_third_in_a_row_or_difference_over_two_is_level_3(
    tmp_path: Path,
) -> None:
    with Session.create(
        tmp_path / "c.arbiter", name="C", system="swiss", rounds=5, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS[:4]:
            s.run(AddPlayer(name=name, rating=rating))
        s.run(RecordPairings(round=1, boards=[[1, 3], [2, 4]]))
        s.run(EnterResult(round=1, board=1, result="1-0"))
        s.run(EnterResult(round=1, board=2, result="1-0"))
        s.run(RecordPairings(round=2, boards=[[1, 2], [4, 3]]), confirm=True)
        s.run(EnterResult(round=2, board=1, result="1-0"))
        s.run(EnterResult(round=2, board=2, result="1-0"))
        s.run(StartManualPairing(round=3))
        # 1 had White twice: a third White in a row breaks the absolute colour rule.
        with pytest.raises(ConfirmationNeeded) as info:
            s.run(SetPairing(round=3, boards=[[1, 4], [2, 3]]))
        said = " ".join(c for w in info.value.warnings for c in w.consequences)
        assert info.value.warnings[0].level is Level.CONFIRM
        assert "player 1 would have white three times running" in said
        assert "colour difference of +3" in said


def test_q68a_both_players_against_their_due_colour_is_a_level_2_notice(
    session: Session,
) -> None:
    session.run(RecordPairings(round=2, boards=[[2, 1], [4, 3], [6, 5]]))
    # 1 (White in round 1) and 2 (Black): 1-2 gives each the colour they are not due. The
    # hand change opens round 2's manual pairing.
    outcome = session.run(ChangePairing(round=2, board=1, white=1, black=2))
    (notice,) = outcome.notices
    assert notice.level is Level.NOTICE
    assert notice.question == (
        "A board gives both players the colour opposite to the one they are due."
    )
    with pytest.raises(RuleError, match="manual pairing of round 2 is open"):
        session.run(RecordPairings(round=3, boards=[[1, 6]]))


def test_q69_leaving_the_phase_compares_with_the_engine_level_4_and_mpa_line(
    session: Session,
) -> None:
    pair_round_two_by_hand(session)
    with pytest.raises(ConfirmationNeeded) as info:
        session.run(EndManualPairing(), confirm=True)
    (alert,) = info.value.warnings
    assert alert.level is Level.CONFIRM_CONSEQUENCES
    assert alert.token == KEEP_TOKEN
    assert alert.consequences[0] == (
        "The pairing engine pairs round 2: 2 Ben - 1 Ann, 4 Dee - 3 Cid, 6 Fay - 5 Eve."
    )
    outcome = session.run(EndManualPairing(), confirm=KEEP_TOKEN)
    assert outcome.value["line"] == "### MPA @ Round 2: 2-1 4-3 => 2-3 4-1"
    assert lines(session) == ["### MPA @ Round 2: 2-1 4-3 => 2-3 4-1"]
    # Undone, the phase is open again and the line gone.
    session.undo()
    assert lines(session) == []
    with pytest.raises(RuleError, match="manual pairing of round 2 is open"):
        session.run(EnterResult(round=2, board=1, result="1-0"))


# --- Pairing-integrity events (Q112-115, Q190) ----------------------------------------


def test_q112_a_correction_of_a_round_paired_from_is_level_3_and_a_line(
    session: Session,
) -> None:
    session.run(RecordPairings(round=2, boards=[[2, 1], [4, 3], [6, 5]]))
    ((level, question),) = questions(session, CorrectResult, round=1, board=1, result="0-1")
    assert level is Level.CONFIRM
    assert question.startswith("Correct the result of board 1, 1-4, 1-0 => 0-1, of round 1")
    session.run(CorrectResult(round=1, board=1, result="0-1"), confirm=True)
    assert lines(session) == ["### Correction @ Round 1: 1-4 1-0 => 0-1"]
    session.undo()
    assert lines(session) == [] and session.event.entry(1, 1).is_win


def test_q113_a_configuration_change_after_the_start_is_asked_and_logged(
    session: Session,
) -> None:
    asked = questions(session, EditSettings, tiebreaks=["BH", "SB"], rule_set="fide-2024")
    assert [level for level, _ in asked] == [Level.CONFIRM_CONSEQUENCES, Level.CONFIRM]
    session.run(
        EditSettings(tiebreaks=["BH", "SB"], rule_set="fide-2024"),
        confirm=TIEBREAKS_TOKEN,
    )
    logged = lines(session)
    assert len(logged) == 2
    assert all(line.startswith("### Configuration @ Round 1: ") for line in logged)
    assert any("BH, SB" in line for line in logged)


def test_q114_every_integrity_line_is_undoable_to_the_state_before(session: Session) -> None:
    before = session.state
    session.run(EditSettings(tiebreaks=["BH"]), confirm=TIEBREAKS_TOKEN)
    assert lines(session)
    session.undo()
    assert session.state == before


def test_q190_an_older_round_is_refused_in_fide_mode_and_level_4_outside(
    session: Session,
) -> None:
    for round_no, boards in ((2, [[2, 1], [4, 3], [6, 5]]), (3, [[1, 6], [3, 2], [5, 4]])):
        session.run(RecordPairings(round=round_no, boards=boards), confirm=True)
        for board in (1, 2, 3):
            session.run(EnterResult(round=round_no, board=board, result="1/2"))
    with pytest.raises(Refused, match="only rounds 2 and 3 can be"):
        session.run(CorrectResult(round=1, board=1, result="0-1"), confirm=True)
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    ((level, _),) = questions(session, CorrectResult, round=1, board=1, result="0-1")
    assert level is Level.CONFIRM_CONSEQUENCES


# --- Prohibited pairings (Q194-196) ---------------------------------------------------


def test_q194_prohibited_pairings_are_entered_before_round_1(tmp_path: Path) -> None:
    with Session.create(
        tmp_path / "p.arbiter", name="P", system="swiss", rounds=3, clock=TickingClock()
    ) as s:
        for name, rating in PLAYERS:
            s.run(AddPlayer(name=name, rating=rating))
        assert s.run(ForbidPairing(players=[1, 2, 3])).value == 1
        with pytest.raises(RuleError, match="may not meet already"):
            s.run(ForbidPairing(players=[3, 2, 1]))
        s.run(AllowPairing(players=[1, 2, 3]))
        assert s.event.forbidden_pairs == ()


def test_q195_after_round_1_a_prohibited_pairing_is_refused_in_fide_mode(
    session: Session,
) -> None:
    with pytest.raises(Refused, match="in FIDE mode a prohibited pairing can no longer be added"):
        session.run(ForbidPairing(players=[1, 2]), confirm=True)


def test_q196_outside_fide_mode_it_is_level_3_and_a_configuration_line(
    session: Session,
) -> None:
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    ((level, question),) = questions(session, ForbidPairing, players=[1, 2])
    assert level is Level.CONFIRM
    assert question.startswith("Add a prohibited pairing now that round 1 is paired?")
    session.run(ForbidPairing(players=[1, 2]), confirm=True)
    assert lines(session)[-1] == "### Configuration @ Round 1: prohibited pairing 1 2 added"


@pytest.mark.parametrize("sheet", ["pairings", "standings", "crosstable", "slips"])
def test_q46_every_printed_sheet_of_an_event_not_in_fide_mode_says_so(
    session: Session, sheet: str
) -> None:
    path = session.path
    assert path is not None
    # In FIDE mode the sheet has no such line.
    assert all(key != "FIDE mode" for key, _ in SHEETS[sheet](load(path), 1).header)
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    header = SHEETS[sheet](load(path), 1).header
    assert header[0] == ("FIDE mode", "Not in FIDE mode: left after round 1 was paired, for good.")


def test_q112_a_colour_correction_of_a_round_paired_from_is_a_correction_too(
    session: Session,
) -> None:
    session.run(RecordPairings(round=2, boards=[[2, 1], [4, 3], [6, 5]]))
    ((level, _),) = questions(session, CorrectColours, round=1, board=1)
    assert level is Level.CONFIRM
    session.run(CorrectColours(round=1, board=1), confirm=True)
    (line,) = lines(session)
    assert line.startswith("### Correction @ Round 1: ")
    assert session.event.entry(4, 1).colour is not None
    assert session.event.entry(4, 1).colour.value == "w"


def test_q113_a_bye_policy_change_after_the_start_is_level_3_and_a_line(
    session: Session,
) -> None:
    # In FIDE mode a bye policy outside FIDE's rules also leaves FIDE mode (question 43,
    # tests/session/test_fide_rules.py); once out of it, the change is level 3.
    session.run(LeaveFideMode(), confirm=LEAVE_TOKEN)
    ((level, _),) = questions(session, EditSettings, bye_policy="once-per-tournament")
    assert level is Level.CONFIRM
    session.run(EditSettings(bye_policy="once-per-tournament"), confirm=True)
    line = lines(session)[-1]
    assert line.startswith("### Configuration @ Round 1: ") and "once" in line
