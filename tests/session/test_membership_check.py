"""The players' US Chess memberships checked against the imported lists (rule 23C), the one
home of ``ratings check --uschess`` and of the window's Ratings menu."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EditSettings
from arbiter_app.session.member_lookup import check_memberships, import_member_list

SUPPLEMENT = Path(__file__).resolve().parents[1] / "data" / "uschess" / "supplement-nov26.txt"


def registered(path: Path) -> Session:
    session = Session.create(path, name="Thursday", system="swiss", rounds=4, durable=False)
    session.run(EditSettings(preset="uscf"))
    for name, member_id in (("CASTELLO, MIRA", "12000003"), ("Quill, Ava", "12345678"),
                            ("Walk-in, Pat", "")):  # fmt: skip
        session.run(AddPlayer.of({"name": name, "national_id": member_id}))
    return session


def test_without_a_list_the_check_is_refused_and_says_how_to_import_one(tmp_path: Path) -> None:
    with registered(tmp_path / "t.arbiter") as session, pytest.raises(RuleError) as refused:
        check_memberships(session)
    assert "Ratings ▸ Import US Chess member list…" in str(refused.value)
    assert "arbiter-app ratings import LIST --uschess" in str(refused.value)


def test_an_undated_event_says_that_no_expiry_was_checked(tmp_path: Path) -> None:
    import_member_list(SUPPLEMENT)
    with registered(tmp_path / "t.arbiter") as session:
        undated = check_memberships(session)
        # CASTELLO's membership ended on 30 November 2026, but the event has no day yet.
        assert [a.question for a in undated.alerts] == [
            "2 Quill, Ava (US Chess ID 12345678) is on no imported member list"
        ]
        assert undated.summary == (
            "2 players with a US Chess ID checked, 1 notice; 1 player without an ID; no expiry "
            "was checked: the event has no dates (settings FILE --start-date, or Edit ▸ Event "
            "settings…)"
        )
        session.run(EditSettings(info={"start_date": "2026-12-03"}))
        dated = check_memberships(session)
    assert len(dated.alerts) == 2 and "expired on 2026-11-30" in dated.alerts[0].question
    assert (
        dated.summary == "2 players with a US Chess ID checked, 2 notices; 1 player without an ID"
    )
