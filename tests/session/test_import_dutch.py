"""An import whose rounds differ from the Dutch pairing asks first and logs each round (FIDE
C.02, the checklist's questions 54-55, as the stricter reading has it); one whose rounds are
the Dutch pairing comes in without a word.

The comparison is made when the file is read (:func:`import_arguments`) and recorded with the
import, so that a replay of the journal writes the same ``### Import`` lines without pairing
the rounds again (a later engine could pair a round otherwise).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.core.checker.imported import compare_imported_rounds
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.fide_mode import PibeKind
from arbiter_app.core.trf import TrfDocument
from arbiter_app.core.warning_levels import ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import AddPlayer, EnterResult, ImportEvent, RecordPairings
from arbiter_app.session.importing import create_imported
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.trf_source import import_arguments
from tests.support.real_trf import FILES
from tests.support.sessions import TickingClock


def _document(name: str) -> TrfDocument:
    return next(f for f in FILES if f.name == name).document()


def _import(path: Path, doc: TrfDocument, confirm: bool | None = None) -> Session:
    return create_imported(
        path,
        doc.event,
        source="test.trf",
        arguments=import_arguments(doc),
        confirm=confirm,
        clock=TickingClock(),
        durable=False,
    )


def test_an_import_whose_rounds_differ_asks_and_logs_each_round(tmp_path: Path) -> None:
    doc = _document("tbs-held-swiss-9.trf")
    with pytest.raises(ConfirmationNeeded) as info:
        _import(tmp_path / "asked.arbiter", doc)
    (alert,) = info.value.warnings
    assert alert.level is Level.CONFIRM
    assert alert.question.startswith(
        "4 rounds of the file differ from the Dutch pairing (FIDE C.04.3). Import it anyway?"
    )
    assert alert.consequences == (
        "round 3: 1 of 7 boards differs from the Dutch pairing (FIDE C.04.3)",
        "round 6: 5 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
        "round 7: 1 of 8 boards differs from the Dutch pairing (FIDE C.04.3)",
        "round 9: 2 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
    )
    assert not (tmp_path / "asked.arbiter").exists()  # nothing was made
    with _import(tmp_path / "e.arbiter", doc, confirm=True) as session:
        lines = [p.trf_line() for p in stored_pibes(session.state)]
        assert lines == [
            "### Import @ Round 3: 1 of 7 boards differs from the Dutch pairing (FIDE C.04.3)",
            "### Import @ Round 6: 5 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
            "### Import @ Round 7: 1 of 8 boards differs from the Dutch pairing (FIDE C.04.3)",
            "### Import @ Round 9: 2 of 8 boards differ from the Dutch pairing (FIDE C.04.3)",
        ]
        assert session.verify() == []


def test_an_import_whose_rounds_are_the_dutch_pairing_asks_nothing(tmp_path: Path) -> None:
    """bbpPairings' 60-player event, paired by the Dutch system on every board."""
    doc = _document("bbp-issue-7.trf")
    assert "dutch" not in import_arguments(doc)
    with _import(tmp_path / "e.arbiter", doc) as session:
        assert stored_pibes(session.state) == []


def test_broken_rules_and_a_different_pairing_share_the_round_s_line(tmp_path: Path) -> None:
    """Round 2 repeats round 1's games (C.04.1 b) and so is not the Dutch pairing either:
    the question says both, and the round's one ``### Import`` line lists both."""
    with Session.create(
        tmp_path / "a.arbiter", name="A", system="swiss", rounds=3, clock=TickingClock()
    ) as source:
        for i in range(4):
            source.run(AddPlayer(name=f"Player {i + 1}", rating=2000 - i))
        for round_no, boards in ((1, [[1, 3], [4, 2]]), (2, [[3, 1], [2, 4]])):
            source.run(RecordPairings(round=round_no, boards=boards), confirm=True)
            for board in (1, 2):
                source.run(EnterResult(round=round_no, board=board, result="1/2-1/2"))
        event = event_to_json(source.event)
    differ = {"round": 2, "boards": 2, "differ": 2, "bye": False, "unpairable": False}
    command = ImportEvent(event=event, source="t", dutch={"rounds": [differ], "not_compared": ""})
    with Session.create(
        tmp_path / "b.arbiter", name="B", system="swiss", rounds=3, clock=TickingClock()
    ) as target:
        with pytest.raises(ConfirmationNeeded) as info:
            target.run(command)
        (alert,) = info.value.warnings
        assert alert.question.startswith(
            "The file's rounds break 2 pairing rules, and 1 round differs from the Dutch "
            "pairing (FIDE C.04.3). Import it anyway?"
        )
        assert alert.consequences[-1] == (
            "round 2: 2 of 2 boards differ from the Dutch pairing (FIDE C.04.3)"
        )
        target.run(command, confirm=True)
        (pibe,) = stored_pibes(target.state)
    assert pibe.kind is PibeKind.IMPORT and pibe.round == 2
    assert pibe.text.split("; ") == [
        "board 1: players 3 and 1 already played each other in round 1",
        "board 2: players 2 and 4 already played each other in round 1",
        "2 of 2 boards differ from the Dutch pairing (FIDE C.04.3)",
    ]


def test_a_replay_writes_the_same_lines_without_pairing_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = _document("tbs-held-swiss-9.trf")
    with _import(tmp_path / "e.arbiter", doc, confirm=True) as session:
        entry = session.journal()[-1]
        assert entry.command == ImportEvent.NAME
        assert [r["round"] for r in entry.arguments["dutch"]["rounds"]] == [3, 6, 7, 9]

    def no_pairing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a replay pairs no round")

    monkeypatch.setattr("arbiter_app.core.pairing.swiss.pair_swiss", no_pairing)
    monkeypatch.setattr("arbiter_app.core.checker.pairings.pair_round", no_pairing)
    with Session.open(tmp_path / "e.arbiter") as session:
        assert session.verify() == []
        assert len(stored_pibes(session.state)) == 4


def test_an_import_recorded_before_the_comparison_replays_as_it_was(tmp_path: Path) -> None:
    """An ``import_event`` entry without the comparison (every import recorded before it
    was made) asks nothing and logs nothing, whatever its rounds: journals replay unchanged."""
    doc = _document("tbs-held-swiss-9.trf")
    args = {k: v for k, v in import_arguments(doc).items() if k != "dutch"}
    with Session.create(
        tmp_path / "old.arbiter", name="Old", system="swiss", rounds=9, clock=TickingClock()
    ) as session:
        session.run(ImportEvent.of({**args, "source": "test.trf"}))
        assert stored_pibes(session.state) == []
        assert session.verify() == []


def test_a_field_too_large_to_compare_is_a_notice_naming_the_checker(tmp_path: Path) -> None:
    doc = _document("tbs-held-swiss-9.trf")
    compared = compare_imported_rounds(doc, limit=15)
    with Session.create(
        tmp_path / "big.arbiter", name="Big", system="swiss", rounds=9, clock=TickingClock()
    ) as session:
        outcome = session.run(
            ImportEvent.of({**import_arguments(doc, compared), "source": "test.trf"})
        )
        assert stored_pibes(session.state) == []
    (notice,) = outcome.notices
    assert notice.level is Level.NOTICE
    assert notice.question.startswith(
        "The rounds were not compared with the Dutch pairing (FIDE C.04.3): the field has "
        "16 players, more than the 15 an import compares."
    )
    assert "'arbiter-app check FILE --engine own'" in notice.question


@pytest.mark.parametrize(
    "dutch",
    [
        {"rounds": [{"round": 3, "boards": 7, "differ": 8, "bye": False, "unpairable": False}]},
        {"rounds": [{"round": 12, "boards": 7, "differ": 1, "bye": False, "unpairable": False}]},
        {"rounds": "all"},
    ],
)
def test_a_recorded_comparison_that_cannot_be_is_refused(
    tmp_path: Path, dutch: dict[str, object]
) -> None:
    doc = _document("tbs-held-swiss-9.trf")
    with Session.create(
        tmp_path / "t.arbiter", name="T", system="swiss", rounds=9, clock=TickingClock()
    ) as session:
        args = {**import_arguments(doc), "dutch": dutch, "source": "test.trf"}
        with pytest.raises(ArbiterError, match="import_event"):
            session.run(ImportEvent.of(args), confirm=True)
        assert session.state.tables["players"] == {}
