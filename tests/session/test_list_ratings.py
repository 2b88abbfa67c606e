"""Ratings applied from a check against the rating lists (FIDE C.02 checklist, rating
lists: the changes a check proposes are applied only for the players the arbiter chooses,
each with the list it came from; a list valid from a given round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import CommandError, Session
from arbiter_app.session.commands import AddPlayer, ApplyListRatings, EditSettings
from arbiter_app.session.rating_lookup import checks_after_update
from tests.support.sessions import small_event


def _registered(path: Path) -> Session:
    session = Session.create(path, name="Open", system="swiss", rounds=5, durable=False)
    session.run(EditSettings(info={"start_date": "2026-11-20"}))
    for name, rating, fide_id in (("Ann", 2200, "1"), ("Ben", 2100, "2"), ("Cid", 2000, "3")):
        session.run(AddPlayer(name=name, rating=rating, fide_id=fide_id))
    return session


def test_the_chosen_ratings_are_applied_in_one_entry_with_their_list(tmp_path: Path) -> None:
    with _registered(tmp_path / "e.arbiter") as session:
        entries = len(session.journal())
        outcome = session.run(
            ApplyListRatings(
                ratings=[
                    {"tpn": 3, "rating": 2250, "rating_source": "fide:standard:2026-11"},
                    {"tpn": 2, "rating": None, "rating_source": "fide:standard:2026-11"},
                ]
            )
        )
        # Cid now leads the initial ranking (FIDE C.04.2 article 2.3); Ben is unrated.
        assert outcome.value == [1, 3]
        players = {p.name: p for p in session.event.players}
        assert (players["Cid"].tpn, players["Cid"].rating) == (1, 2250)
        assert players["Cid"].rating_source == "fide:standard:2026-11"
        assert (players["Ben"].tpn, players["Ben"].rating) == (3, None)
        assert players["Ann"].rating == 2200 and players["Ann"].rating_source == "manual"
        assert len(session.journal()) == entries + 1
        assert session.journal()[-1].command == "apply_list_ratings"
        session.undo()
        assert {p.name: p.rating for p in session.event.players} == {
            "Ann": 2200,
            "Ben": 2100,
            "Cid": 2000,
        }


@pytest.mark.parametrize(
    ("ratings", "reason"),
    [
        ([], "non-empty list"),
        ([{"tpn": 9, "rating": 2000, "rating_source": "fide:standard:2026-11"}], "9"),
        ([{"tpn": 1, "rating": 2000, "rating_source": "manual"}], "must name a rating list"),
        ([{"tpn": 1, "rating": 2000}], "exactly tpn, rating and rating_source"),
        (
            [
                {"tpn": 1, "rating": 2000, "rating_source": "fide:standard:2026-11"},
                {"tpn": 1, "rating": 2010, "rating_source": "fide:standard:2026-11"},
            ],
            "given twice",
        ),
        ([{"tpn": 1, "rating": 99999, "rating_source": "fide:standard:2026-11"}], "at most"),
    ],
)
def test_what_cannot_be_applied_is_refused_with_a_reason(
    tmp_path: Path, ratings: list[dict[str, object]], reason: str
) -> None:
    with _registered(tmp_path / "e.arbiter") as session:
        with pytest.raises((CommandError, RuleError)) as refused:
            session.run(ApplyListRatings(ratings=ratings))
        assert reason in str(refused.value)
        assert [p.rating for p in session.event.players] == [2200, 2100, 2000]


def test_a_list_older_than_the_start_is_a_level_3_question(tmp_path: Path) -> None:
    with _registered(tmp_path / "e.arbiter") as session:
        stale = ApplyListRatings(
            ratings=[{"tpn": 2, "rating": 2150, "rating_source": "fide:standard:2026-09"}]
        )
        with pytest.raises(ConfirmationNeeded) as asked:
            session.run(stale)
        (question,) = asked.value.warnings
        assert question.level is Level.CONFIRM
        assert "list of September 2026, older than the list valid at the event's start" in (
            question.question
        )
        assert session.event.player(2).rating == 2100
        session.run(stale, confirm=True)
        assert session.event.player(2).rating == 2150


def test_once_round_1_is_paired_the_ratings_count_from_the_next_round(tmp_path: Path) -> None:
    """A list valid from a given round: applied between the rounds, it counts from the
    next round paired; the rounds paired keep the ratings they were paired with."""
    with small_event(tmp_path / "e.arbiter") as session:  # round 2 paired
        change = {"tpn": 4, "rating": 1950, "rating_source": "fide:standard:2026-12"}
        with pytest.raises(RuleError, match="say from which round the ratings count"):
            session.run(ApplyListRatings(ratings=[change]))
        with pytest.raises(RuleError, match="once round 3 is paired"):
            session.run(ApplyListRatings(ratings=[change], from_round=4))
        with pytest.raises(RuleError, match="round 2 is paired already"):
            session.run(ApplyListRatings(ratings=[change], from_round=2))
        outcome = session.run(ApplyListRatings(ratings=[change], from_round=3))
        assert outcome.value == [4]  # the pairing numbers stay once round 1 is paired
        assert session.event.player(4).rating == 1950
        assert session.journal()[-1].arguments["from_round"] == 3


def test_the_sequence_of_lists_is_a_setting_checked_when_set(tmp_path: Path) -> None:
    """Checklist Q124, Q126: the arbiter defines and reorders the event's sequence."""
    with _registered(tmp_path / "e.arbiter") as session:
        session.run(EditSettings(rating_lists=["list:ENG", "standard"]))
        assert session.state.setting("rating_lists") == ["list:ENG", "standard"]
        with pytest.raises(CommandError, match="rating_lists: unknown rating list 'elo'"):
            session.run(EditSettings(rating_lists=["elo"]))
        session.run(EditSettings(rating_lists=None))
        assert session.state.setting("rating_lists") is None


def test_q138_the_check_after_a_list_update_is_a_setting_of_the_event(tmp_path: Path) -> None:
    """Checklist Q138: the check after a list update is switched on and off, kept in the
    event's file, asked nothing once play has started, undone like any other setting."""
    with small_event(tmp_path / "e.arbiter") as session:
        assert checks_after_update(session.state)  # on unless switched off
        outcome = session.run(EditSettings(rating_check_after_update=False))
        assert outcome.answered == ()
        assert session.state.setting("rating_check_after_update") is False
        assert not checks_after_update(session.state)
        with pytest.raises(CommandError, match="is true or false"):
            session.run(EditSettings.of({"rating_check_after_update": "off"}))
        session.undo()
        assert checks_after_update(session.state)
