"""The log of a round already paired, recomputed by the session (``pair --explain-round``
and the window's Round ▸ Explain pairing… both show it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Colour
from arbiter_app.core.result import GameResult
from arbiter_app.core.warning_levels import ConfirmationNeeded
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, SetPairing
from arbiter_app.session.pairing import pair_next_round
from arbiter_app.session.pairing_log import explain_round

RATINGS = (2145, 2050, 2020, 2010, 1935, 1915, 1890, 1855)


def _event(tmp_path: Path, preset: str | None) -> Session:
    session = Session.create(
        tmp_path / "e.arbiter", name="Saturday", system="swiss", rounds=4, durable=False,
        settings={"preset": preset} if preset else {},
    )  # fmt: skip
    for i, rating in enumerate(RATINGS, start=1):
        session.run(AddPlayer.of({"name": f"P{i}", "rating": rating}))
    pair_next_round(session, initial_colour=Colour.WHITE)
    for board in range(1, 5):
        session.run(EnterResult(round=1, board=board, result=GameResult.WHITE_WINS.value))
    pair_next_round(session)
    return session


def test_a_us_round_is_explained_and_is_the_engines(tmp_path: Path) -> None:
    with _event(tmp_path, "uscf") as session:
        explained = explain_round(session, 2)
    assert explained.explained and explained.matches
    lines = explained.lines()
    assert lines[0] == (
        "How round 2 was paired (Arbiter's US Chess Swiss engine (US Chess rules 27-29)):"
    )
    assert "  Score group 1 (1 point): 4 players" in lines
    assert lines[-1] == "The recorded round 2 is the engine's pairing."


def test_a_round_changed_by_hand_is_said_to_differ(tmp_path: Path) -> None:
    with _event(tmp_path, "uscf") as session:
        boards = [(b.white, b.black) for b in session.round_pairing(2).boards]
        (w1, b1), (w2, b2), *rest = boards
        changed = [[w1, b2], [w2, b1], *([w, b] for w, b in rest)]
        try:
            session.run(SetPairing(round=2, boards=changed, byes=[]))
        except ConfirmationNeeded as asked:  # level 4: the arbiter keeps the hand pairing
            tokens = list(asked.tokens)
            session.run(SetPairing(round=2, boards=changed, byes=[]), confirm=tokens)
        explained = explain_round(session, 2)
    assert not explained.matches
    assert (w1, b1) in explained.engine_only and (w1, b2) in explained.recorded_only
    assert f"  the engine pairs {w1}-{b1}" in explained.lines()


def test_a_dutch_round_is_explained_by_arbiter_s_own_engine(tmp_path: Path) -> None:
    """A FIDE event's round, paired by gacrux, is explained bracket by bracket by Arbiter's
    own Dutch engine (C.04.3 article 4), which says it pairs the round the same way."""
    with _event(tmp_path, None) as session:
        explained = explain_round(session, 2)
    assert explained.explained and explained.matches
    lines = explained.lines()
    assert lines[0].startswith("How round 2 was paired (")
    assert any("Bracket" in line for line in lines), lines
    assert lines[-1] == "The recorded round 2 is the engine's pairing."


def test_an_engine_without_a_log_says_so() -> None:
    from arbiter_app.core.pairing.boards import RoundPairing
    from arbiter_app.session.pairing_log import RoundExplanation

    explained = RoundExplanation(3, RoundPairing(3, (), (), engine="Berger tables"))
    assert not explained.explained
    assert explained.lines()[:2] == [
        "Round 3: Berger tables.",
        "That engine does not explain its pairings; the US Chess engine, Arbiter's Dutch "
        "engine and FIDE's Double-Swiss engine write a log.",
    ]


def test_a_round_not_paired_is_refused(tmp_path: Path) -> None:
    with _event(tmp_path, "uscf") as session, pytest.raises(ArbiterError, match="round 3 is not"):
        explain_round(session, 3)


def _hand_change_questions(tmp_path: Path, preset: str | None) -> tuple[str, ...]:
    """The questions asked when round 2's first two boards exchange their Black players."""
    with _event(tmp_path, preset) as session:
        boards = [(b.white, b.black) for b in session.round_pairing(2).boards]
        (w1, b1), (w2, b2), *rest = boards
        changed = [[w1, b2], [w2, b1], *([w, b] for w, b in rest)]
        with pytest.raises(ConfirmationNeeded) as asked:
            session.run(SetPairing(round=2, boards=changed, byes=[]))
    return tuple(str(w) + " " + w.article for w in asked.value.warnings)


def test_a_hand_change_in_a_us_event_cites_the_us_rules(tmp_path: Path) -> None:
    """Issue: a US event's hand changes got FIDE's warnings (C.02's checklist, the TRF
    report's ### line); they cite the US Chess rules the section's engine applies."""
    said = " ".join(_hand_change_questions(tmp_path, "uscf"))
    assert "US Chess rules 27-29, as the section's engine applies them" in said
    assert "C.02" not in said and "###" not in said and "pairing-allocated" not in said


def test_a_hand_change_in_a_fide_event_keeps_the_checklist(tmp_path: Path) -> None:
    said = " ".join(_hand_change_questions(tmp_path, None))
    assert "FIDE C.02, verification checklist" in said and "### MPA" in said
