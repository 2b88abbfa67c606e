"""An import whose rounds break many pairing rules asks a question an arbiter can read."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.warning_levels import ConfirmationNeeded
from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import AddPlayer, EnterResult, ImportEvent, RecordPairings
from tests.support.sessions import TickingClock


def test_a_long_list_of_broken_rules_is_cut_and_counted(tmp_path: Path) -> None:
    """50 players meeting the same opponents again: 25 repeated games, 20 listed."""
    with Session.create(
        tmp_path / "a.arbiter", name="A", system="swiss", rounds=3, clock=TickingClock()
    ) as source:
        for i in range(50):
            source.run(AddPlayer(name=f"Player {i + 1}", rating=2000 - i))
        pairs = [[i, i + 1] for i in range(1, 51, 2)]
        for round_no in (1, 2):
            boards = pairs if round_no == 1 else [[b, w] for w, b in pairs]
            source.run(RecordPairings(round=round_no, boards=boards), confirm=True)
            for board in range(1, 26):
                source.run(EnterResult(round=round_no, board=board, result="1/2-1/2"))
        event = event_to_json(source.event)
    with Session.create(
        tmp_path / "b.arbiter", name="B", system="swiss", rounds=3, clock=TickingClock()
    ) as target:
        with pytest.raises(ConfirmationNeeded) as info:
            target.run(ImportEvent(event=event, source="test"))
        (alert,) = info.value.warnings
        assert alert.question.startswith("The file's rounds break 25 pairing rules.")
        assert len(alert.consequences) == 21
        assert alert.consequences[-1] == "and 5 more, each in the report's ### Import lines"
