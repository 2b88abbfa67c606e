"""The main window: title, panels, actions, undo/redo, import and export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.model import Event, Outcome, System
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.dialogs.new_event import NewEvent
from arbiter_app.ui.document import EventDocument, untitled_session
from arbiter_app.ui.main_window import ImportedEvent, MainWindow, Services
from arbiter_app.ui.settings import Settings


def make_window(
    qtbot: QtBot, document: EventDocument, settings: Settings, services: Services | None = None
) -> MainWindow:
    window = MainWindow(document, settings, services)
    qtbot.addWidget(window)
    return window


def test_title_shows_the_event_and_its_state(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    assert window.windowTitle() == "test — final — Untitled[*] — Arbiter"
    assert window.isWindowModified()  # imported, in no file yet
    document.set_result(3, 1, GameResult.DRAW)
    assert window.isWindowModified()


def test_the_status_bar_says_where_the_event_stands_as_the_core_does(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    state = document.event_state()
    assert window.state_label.text() == state.headline == "Final: all 3 rounds complete"
    assert window.state_label.parent() is not None


def test_title_of_an_event_in_a_file_has_no_unsaved_mark(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "club.arbiter"
    document = EventDocument(Session.create(path, name="Club", system="swiss", rounds=5))
    window = make_window(qtbot, document, settings)
    brief = document.event_state().brief
    assert window.windowTitle() == f"Club — {brief} — club.arbiter[*] — Arbiter"
    document.run(AddPlayer.of({"name": "Ann"}))
    assert not window.isWindowModified()
    document.close()


def test_a_fresh_untitled_event_is_called_untitled_once(qtbot: QtBot, settings: Settings) -> None:
    window = app.create_window(settings)
    qtbot.addWidget(window)
    brief = window.document.event_state().brief
    assert window.windowTitle() == f"Untitled — {brief}[*] — Arbiter"
    assert not window.isWindowModified()
    window.document.run(AddPlayer.of({"name": "Ann"}))
    assert window.windowTitle().startswith("Untitled — ")
    assert window.isWindowModified()
    assert window.players.summary.text() == "1 player"
    window.document.run(AddPlayer.of({"name": "Ben"}))
    assert window.players.summary.text() == "2 players"


def test_every_panel_is_a_dock_with_an_accessible_name(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    docks = window.findChildren(QDockWidget)
    assert {d.objectName() for d in docks} == {
        "dock-players",
        "dock-pairings",
        "dock-by_name",
        "dock-crosstable",
        "dock-standings",
        "dock-playoff",
        "dock-prizes",
        "dock-teams",
    }
    assert all(d.accessibleName() for d in docks)
    unnamed = [
        type(w).__name__
        for w in window.findChildren(QWidget)
        if w.focusPolicy() != Qt.FocusPolicy.NoFocus
        and w.isVisibleTo(window)
        and not w.accessibleName()
        and type(w).__name__
        in ("QTableView", "ResultsView", "QLineEdit", "QSpinBox", "QPushButton")
    ]
    assert unnamed == []


def test_standard_shortcuts(qtbot: QtBot, document: EventDocument, settings: Settings) -> None:
    window = make_window(qtbot, document, settings)
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert window.new_action.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert window.print_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    assert not window.preferences_action.shortcut().isEmpty()


def test_undo_and_redo_actions_follow_the_history(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    assert window.undo_action.isEnabled()  # the import itself can be undone
    assert window.undo_action.text() == "&Undo import event"
    document.set_result(3, 1, GameResult.DRAW)
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == "&Undo result of board 1, round 3: ½-½"
    window.undo_action.trigger()
    assert document.tournament.entry(1, 3).outcome is Outcome.LOSS
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert document.tournament.entry(1, 3).outcome is Outcome.DRAW
    # Every panel followed: the standings and the crosstable show the draw.
    assert window.crosstable.model.cell(0, 4) == "½"  # 1 against 2
    points = {window.standings.model.key(r): window.standings.model.cell(r, 4) for r in range(4)}
    assert points[1] == "2"  # 1½ before: the loss became a draw


def test_actions_without_a_service_are_disabled(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    assert not window.open_action.isEnabled()
    assert not window.import_action.isEnabled()
    assert not window.export_action.isEnabled()
    assert window.files.import_path(Path("x.trf")) is False
    # New and saving need no service: every event is a session.
    assert window.new_action.isEnabled() and window.save_as_action.isEnabled()


def test_import_replaces_the_event_and_reports_remarks(
    qtbot: QtBot, document: EventDocument, settings: Settings, swiss_event: Event
) -> None:
    services = Services(import_trf=lambda path: ImportedEvent(swiss_event, ("line 3: odd",)))
    window = make_window(qtbot, document, settings, services)
    assert window.files.import_path(Path("swiss.trf"))
    assert document.tournament.players == swiss_event.players
    assert document.tournament.entries == swiss_event.entries
    assert document.path is None and document.modified  # untitled until saved
    assert window.players.model.rowCount() == 5
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert len(boxes) == 1 and boxes[0].detailedText() == "line 3: odd"
    assert boxes[0].text() == "swiss.trf was read, with 1 remark."
    boxes[0].close()


def test_an_unreadable_file_is_a_plain_error_and_nothing_changes(
    qtbot: QtBot, document: EventDocument, settings: Settings, rr_event: Event
) -> None:
    def broken(path: Path) -> ImportedEvent:
        raise InputError([Issue(path.name, 4, 1, "bad record"), Issue(path.name, 9, 1, "worse")])

    window = make_window(qtbot, document, settings, Services(import_trf=broken))
    before = document.session
    assert not window.files.import_path(Path("bad.trf"))
    assert document.session is before
    assert [p.name for p in document.tournament.players] == [p.name for p in rr_event.players]
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes[0].text() == "2 problems were found; nothing was changed."
    assert "bad.trf:4:1: bad record" in boxes[0].detailedText()
    boxes[0].close()


def test_recent_files_menu(qtbot: QtBot, document: EventDocument, settings: Settings) -> None:
    settings.add_recent(Path("/events/a.arbiter"))
    settings.add_recent(Path("/events/b.arbiter"))
    window = make_window(qtbot, document, settings)
    window._fill_recent_menu()
    texts = [a.text() for a in window.recent_menu.actions() if not a.isSeparator()]
    assert texts == ["&1 b.arbiter", "&2 a.arbiter", "&Clear the list"]


def test_new_event_dialog_asks_name_system_and_rounds(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    dialog = window.files.new_event()
    assert dialog is not None
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.name, "Spring Open")
    assert ok.isEnabled()
    new = dialog.result_event()
    assert new == NewEvent("Spring Open", System.SWISS, 5)
    dialog.reject()


def test_a_new_event_is_untitled(qtbot: QtBot, document: EventDocument, settings: Settings) -> None:
    window = make_window(qtbot, document, settings)
    assert window.files.create_event(NewEvent("Spring Open", System.ROUND_ROBIN, 7))
    event = document.tournament
    assert (event.name, event.system, event.planned_rounds, event.players) == (
        "Spring Open",
        System.ROUND_ROBIN,
        7,
        (),
    )
    assert window.windowTitle().startswith("Spring Open — registration — Untitled")
    assert window.state_label.text() == "Registration: 0 players, no round paired yet"
    assert not window.isWindowModified()  # nothing in it yet: nothing to lose
    assert window.pairings.model.rowCount() == 0


def test_a_new_double_swiss_counts_rounds_of_two_games(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    """Five rounds of FIDE's Double-Swiss are five matches: ten games in the file."""
    from arbiter_app.ui.dialogs.new_event import NewEventDialog

    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.system.setCurrentIndex(dialog.system.findData(System.FIDE_DOUBLE_SWISS.value))
    assert dialog.rounds.suffix() == " (2 games each: 10 games)"
    window = make_window(qtbot, document, settings)
    assert window.files.create_event(NewEvent("Double", System.FIDE_DOUBLE_SWISS, 5))
    assert document.tournament.planned_rounds == 10
    assert document.event_state().text == "Registration: 0 players, no round paired yet"
    assert window.windowTitle().startswith("Double — registration — Untitled")
    # A double Swiss section added in the window: three matches, six games.
    add = window.sections_menu.add_section()
    add.name.setText("Reserve")
    add.system.setCurrentIndex(add.system.findData(System.DOUBLE_SWISS.value))
    add.rounds.setValue(3)
    add.accept()
    reserve = next(s for s in document.sections if s.name == "Reserve")
    assert (reserve.system, reserve.rounds) == (System.DOUBLE_SWISS, 3)
    assert document.tournament.planned_rounds == 6


def test_new_event_then_players_save_as_and_reopen(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = make_window(qtbot, document, settings, app.services())
    target = tmp_path / "spring.arbiter"
    assert window.files.create_event(NewEvent("Spring Open", System.SWISS, 5))
    assert window.players.add_player({"name": "Tal, Mikhail", "rating": 2700, "title": "GM"})
    assert window.players.model.cell(0, 2) == "Tal, Mikhail"
    assert window.isWindowModified()
    assert not window.players.add_player({"name": ""})
    boxes = [b for b in window.players.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "name" in boxes[0].text()
    boxes[0].close()
    document.undo()
    assert window.players.model.rowCount() == 0
    document.redo()
    window.files.ask_save_path = lambda title, suggested: target  # type: ignore[method-assign]
    assert window.files.save_as()
    assert target.exists() and settings.recent_files() == [target]
    assert window.windowTitle() == "Spring Open — registration — spring.arbiter[*] — Arbiter"
    assert not window.isWindowModified()
    # The same file opens again, with its player.
    document.close()
    assert window.files.open_path(target)
    assert [p.name for p in document.tournament.players] == ["Tal, Mikhail"]
    document.close()


def test_projector_follows_the_event(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = make_window(qtbot, document, settings)
    projector = window.show_projector()
    qtbot.addWidget(projector)
    assert projector.model.rowCount() == 4
    # Large type: the projector's lines are well over the desktop's.
    assert projector.view.fontMetrics().height() >= 1.5 * window.fontMetrics().height()
    document.set_result(3, 2, GameResult.BLACK_WINS)  # round 3, board 2: Cy - Dov
    assert projector.model.cell(0, 2) == "Dov"
    assert window.show_projector() is projector


def test_standings_export_in_every_format(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    window = make_window(qtbot, document, settings)
    for suffix in (".csv", ".html", ".json", ".pdf"):
        assert window.export_standings(tmp_path / f"standings{suffix}")
    csv_lines = (tmp_path / "standings.csv").read_text(encoding="utf-8").splitlines()
    assert csv_lines[0].startswith("Place,No,")
    assert [line.split(",")[3] for line in csv_lines[1:]] == ["Cy", "Ada", "Bea", "Dov"]
    assert "Cy" in (tmp_path / "standings.html").read_text(encoding="utf-8")
    assert '"Cy"' in (tmp_path / "standings.json").read_text(encoding="utf-8")
    assert (tmp_path / "standings.pdf").read_bytes().startswith(b"%PDF")
    assert not window.export_standings(tmp_path / "standings.doc")
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and ".csv, .html, .json or .pdf" in boxes[0].text()
    boxes[0].close()


def test_a_file_that_is_not_an_event_is_refused_plainly(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path, rr_event: Event
) -> None:
    window = make_window(qtbot, document, settings, app.services())
    bogus = tmp_path / "notes.arbiter"
    bogus.write_text("not a database", encoding="utf-8")
    before = document.session
    assert not window.files.open_path(bogus)
    assert document.session is before
    assert settings.recent_files() == []
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "notes.arbiter" in boxes[0].text()
    boxes[0].close()


def test_a_pdf_export_reports_its_pages(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    """The PDF export moves the window's progress bar page by page (long standings)."""
    from arbiter_app.ui.exporting import export_standings

    seen: list[tuple[int, int]] = []
    export_standings(document, tmp_path / "s.pdf", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] >= 1
    window = make_window(qtbot, document, settings)
    labels: list[str] = []
    real = window.page_progress

    def spy(label: str):  # type: ignore[no-untyped-def]
        labels.append(label)
        return real(label)

    window.page_progress = spy  # type: ignore[method-assign]
    assert window.export_standings(tmp_path / "again.pdf")
    assert labels == ["Writing again.pdf…"]


def test_an_import_reads_beside_a_busy_bar_and_writes_with_a_note(
    qtbot: QtBot, document: EventDocument, settings: Settings, swiss_event: Event, tmp_path: Path
) -> None:
    """Reading runs in the worker thread; the untitled event is written here under a note."""
    import threading

    read_in: list[str] = []
    notes: list[str] = []

    def read(path: Path) -> ImportedEvent:
        read_in.append(threading.current_thread().name)
        return ImportedEvent(swiss_event)

    def scratch() -> Path:
        notes.append(window.progress_bar.labelText() if window.progress_bar else "")
        return tmp_path / "untitled-1.arbiter"

    services = Services(import_trf=read, scratch=scratch)
    window = make_window(qtbot, document, settings, services)
    assert window.files.import_path(Path("swiss.trf"))
    assert read_in == ["arbiter-compute"]
    assert notes == ["Importing swiss.trf…"]
    assert window.document.path is None and window.document.session.scratch == scratch()
    assert len(window.document.tournament.players) == 5
    window.document.close()
    assert not (tmp_path / "untitled-1.arbiter").exists()  # closed untitled: discarded


def test_an_opened_event_is_kept_out_of_the_collector_s_way(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path, rr_event: Event
) -> None:
    import gc

    path = tmp_path / "rr.arbiter"
    untitled = untitled_session(rr_event, "rr.trf")
    untitled.save_as(path)
    untitled.close()
    window = make_window(qtbot, document, settings, Services(open_event=Session.open))
    try:
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        assert window.files.open_path(path)
        assert gc.get_freeze_count() > 0
    finally:
        window.document.close()
        gc.unfreeze()


def test_an_imported_real_file_is_exported_back_as_it_was(
    qtbot: QtBot, document: EventDocument, settings: Settings, tmp_path: Path
) -> None:
    """Import TRF… (untitled), then Export TRF…: the Lichess file comes back byte for byte
    (its records, its blank opponents, its empty 112/122/132, its XXC black1), with a line
    for each of the four rounds that are not the Dutch pairing (FIDE C.02 Q55, confirmed when
    the import asked); and the same once the event is saved in a file (one path)."""
    from arbiter_app.app import services as app_services
    from tests.support.real_trf import REAL

    source = REAL / "lichess-2020-06-26.trf"
    window = make_window(qtbot, document, settings, app_services())
    assert window.files.import_path(source)
    (asked,) = document.warnings.asked  # answered yes (tests/ui/conftest.py)
    assert "4 rounds of the file differ from the Dutch pairing" in asked.warnings[0].question
    target = tmp_path / "back.trf"
    window.write_trf(target)
    written = target.read_bytes()
    assert written.startswith(source.read_bytes())
    added = written.removeprefix(source.read_bytes()).decode("utf-8").splitlines()
    assert [line[:20] for line in added] == [f"### Import @ Round {r}" for r in (1, 2, 3, 7)]
    window.document.save_as(tmp_path / "lichess.arbiter")
    window.write_trf(tmp_path / "again.trf")
    assert (tmp_path / "again.trf").read_bytes() == written
    window.document.close()


def test_the_crosstable_panel_ends_with_the_tiebreaks(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    """Issue 26: after the points, the event's tie-breaks in the announced order, headed by
    their FIDE codes (C.07), with the values the Standings panel shows."""
    from arbiter_app.session.commands import EditSettings

    window = make_window(qtbot, document, settings)
    document.run(EditSettings(tiebreaks=["SB", "WIN", "DE"]))
    window.crosstable.refresh()
    model = window.crosstable.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    from arbiter_app.ui.playoff_adapter import shown_standings

    standings = shown_standings(document).standings
    assert standings is not None
    codes = list(standings.codes)
    assert codes == ["SB", "WIN", "DE"]
    assert headers[-len(codes) - 1 :] == ["Points", *codes]
    for r in range(model.rowCount()):
        row = standings.row(model.key(r))
        shown = [model.cell(r, c) for c in range(len(headers) - len(codes), len(headers))]
        assert shown == [standings.format_value(c, row.values[c]) for c in codes]
