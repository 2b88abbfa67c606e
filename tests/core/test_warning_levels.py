"""FIDE C.02 warning levels: which answer answers which question."""

from __future__ import annotations

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.warning_levels import (
    Alert,
    ConfirmationNeeded,
    Level,
    Refused,
    answers,
    check_confirmation,
    tokens_of,
)

NOTICE = Alert(Level.NOTICE, "A full-point bye is deprecated.", "C.02")
CONFIRM = Alert(Level.CONFIRM, "Disqualify 2 Ben?", "C.02", ("Ben leaves the standings.",))
TIEBREAKS = Alert(
    Level.CONFIRM_CONSEQUENCES,
    "Change the tie-break list?",
    "C.02",
    ("Places may change.",),
    "tiebreaks-reorder-standings",
)
ROUNDS = Alert(
    Level.CONFIRM_CONSEQUENCES,
    "Change the number of rounds?",
    "C.02",
    ("Pairings change.",),
    "rounds-change-pairings",
)
REFUSED = Alert(Level.REFUSED, "The system cannot change.", "C.02")


def test_level_3_is_answered_by_any_confirmation() -> None:
    assert answers(True, CONFIRM)
    assert answers("rounds-change-pairings", CONFIRM)
    assert not answers(None, CONFIRM)
    assert not answers(False, CONFIRM)


def test_level_4_is_answered_by_its_own_token_only() -> None:
    """A script that always confirms (``True``) cannot pass a level-4 question by accident."""
    assert not answers(True, TIEBREAKS)
    assert not answers("rounds-change-pairings", TIEBREAKS)
    assert answers("tiebreaks-reorder-standings", TIEBREAKS)
    assert answers(" Tiebreaks-Reorder-Standings , rounds-change-pairings", TIEBREAKS)
    assert answers(["rounds-change-pairings", "tiebreaks-reorder-standings"], ROUNDS)


def test_level_2_needs_no_answer_and_level_5_takes_none() -> None:
    assert answers(None, NOTICE)
    assert not answers(True, REFUSED)
    assert not answers("anything", REFUSED)


def test_tokens_and_well_formed_confirmations() -> None:
    assert tokens_of(None) == tokens_of(True) == frozenset()
    assert tokens_of("a, b,,") == {"a", "b"}
    assert check_confirmation(True) is True
    assert check_confirmation(["a"]) == ["a"]
    for bad in (False, 1, "", "  ", [], [1], {"a": 1}):
        with pytest.raises(ValueError, match="a confirmation is true"):
            check_confirmation(bad)


def test_a_level_4_question_states_its_consequences_and_its_token() -> None:
    with pytest.raises(ValueError, match="consequences"):
        Alert(Level.CONFIRM_CONSEQUENCES, "Change it?", "C.02", (), "token")
    with pytest.raises(ValueError, match="consequences"):
        Alert(Level.CONFIRM_CONSEQUENCES, "Change it?", "C.02", ("It changes.",))
    with pytest.raises(ValueError, match="letters, digits and hyphens"):
        Alert(Level.CONFIRM_CONSEQUENCES, "Change it?", "C.02", ("It changes.",), "two words")


def test_the_typed_errors_carry_level_question_consequences_and_article() -> None:
    question = ConfirmationNeeded([CONFIRM, TIEBREAKS])
    assert isinstance(question, RuleError)
    assert question.level is Level.CONFIRM_CONSEQUENCES
    assert question.tokens == ("tiebreaks-reorder-standings",)
    text = str(question)
    assert "Disqualify 2 Ben? (C.02) Ben leaves the standings." in text
    assert "Places may change." in text
    assert ".." not in text
    refused = Refused(REFUSED)
    assert isinstance(refused, RuleError)
    assert str(refused) == "The system cannot change. (C.02)"
    assert refused.warning.level is Level.REFUSED
