"""The window's Import TRF of a file whose record 192 says FIDE_DOUBLESWISS: a notice says
which double Swiss it was read as (FIDE C.02 level 2); a file that does not decide asks
first (level 3), and cancelling imports nothing."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.model import System
from arbiter_app.core.warning_levels import Confirmation, Level
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow, Services
from arbiter_app.ui.settings import Settings
from tests.support.warning_dialogs import Answers

OLD = Path(__file__).parents[1] / "data" / "trf" / "old-arbiter"


def _window(
    qtbot: QtBot, document: EventDocument, settings: Settings, answer: Confirmation
) -> tuple[MainWindow, Answers]:
    window = MainWindow(document, settings, Services(import_trf=app.import_trf))
    qtbot.addWidget(window)
    answers = Answers(answer)
    document.warnings = answers
    return window, answers


def test_an_old_club_file_is_imported_as_the_club_s_with_a_notice(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window, answers = _window(qtbot, document, settings, None)
    assert window.files.import_path(OLD / "club-double-swiss-7.trf")
    assert document.tournament.system is System.DOUBLE_SWISS
    assert answers.asked == []
    (notice,) = answers.acknowledged
    assert notice.level is Level.NOTICE
    assert notice.question.startswith("Imported as the club's double Swiss")


def _one_match(tmp_path: Path) -> Path:
    """Match 1 of the old six-player file alone: both systems pair it so."""
    lines = (OLD / "club-double-swiss-6.trf").read_text(encoding="utf-8").splitlines()
    source = tmp_path / "one-match.trf"
    source.write_text(
        "\n".join(line[:109] if line.startswith("001") else line for line in lines) + "\n",
        encoding="utf-8",
    )
    return source


def test_a_file_that_does_not_decide_asks_and_cancel_imports_nothing(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window, answers = _window(qtbot, document, settings, None)
    before = document.session
    assert not window.files.import_path(_one_match(tmp_path))
    (question,) = answers.asked
    assert question.warnings[0].level is Level.CONFIRM
    assert document.session is before
    assert window.statusBar().currentMessage() == ("one-match.trf was not imported.")


def test_a_file_that_does_not_decide_is_imported_once_confirmed(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window, answers = _window(qtbot, document, settings, True)
    assert window.files.import_path(_one_match(tmp_path))
    assert len(answers.asked) == 1
    assert document.tournament.system is System.FIDE_DOUBLE_SWISS
    assert document.path is None and document.modified


REPEATED = """012 Repeat
062 4
072 4
001    1      Player 1                          2260                             1.5    1     3 w 1     3 b =
001    2      Player 2                          2220                             1.5    1     4 b =     4 w 1
001    3      Player 3                          2180                             0.5    3     1 b 0     1 w =
001    4      Player 4                          2140                             0.5    3     2 w =     2 b 0
XXR 3
"""


def test_an_import_whose_rounds_break_pairing_rules_asks_in_the_window(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    """The window's Import TRF puts every question of the import to the arbiter, the
    level-3 question of rounds that break pairing rules too (FIDE C.02, the checklist's
    questions 54-55): round 2 repeats round 1's games."""
    source = tmp_path / "repeat.trf"
    source.write_text(REPEATED, encoding="utf-8")
    window, answers = _window(qtbot, document, settings, True)
    assert window.files.import_path(source)
    (question,) = answers.asked
    assert question.warnings[0].question.startswith("The file's rounds break")
    assert [p.name for p in document.tournament.players][:2] == ["Player 1", "Player 2"]
