"""Composition root of the desktop application: the only place that wires Qt to files.

``arbiter-app`` without a command calls :func:`run`, which opens the window
on a new untitled event; ``arbiter-app --demo`` opens the sample event (a
round robin that ended in a three-way tie for first place) imported into an
untitled event, so the demo never touches the sample itself.

An untitled event is kept in a scratch file in the user's data folder
(:func:`scratch_folder`) until it is saved or discarded: if Arbiter stops
without either (a crash, a power cut), the next start offers to recover it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QApplication

from arbiter_app import __version__
from arbiter_app.core.checker.imported import compare_imported_rounds
from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.model import Event
from arbiter_app.core.trf import event_to_trf, parse_trf
from arbiter_app.session import Session
from arbiter_app.sheets.files import decode_utf8, read_bounded
from arbiter_app.ui.dialogs.crash import ExceptionHandler
from arbiter_app.ui.dialogs.preferences import apply_colour_scheme
from arbiter_app.ui.document import EventDocument, untitled_session
from arbiter_app.ui.files import scratch_files, scratch_path
from arbiter_app.ui.main_window import ImportedEvent, MainWindow, Services
from arbiter_app.ui.settings import Settings

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
DEMO_SAMPLE = RESOURCES / "samples" / "gct-classical-three-way-tie.trf"


def read_text(path: Path) -> str:
    """A text file as UTF-8, or Latin-1 (what older pairing programs write), never lost."""
    return read_text_noting(path)[0]


def read_text_noting(path: Path) -> tuple[str, str | None]:
    """The text of *path*, and a remark when it was not UTF-8 and was read as Latin-1.

    The window imports such a file (older pairing programs write Windows'
    Western European text) but says so, with the first line concerned, so the
    arbiter checks the accented names; the command line refuses it instead,
    since a script has nobody to check them (:func:`arbiter_app.sheets.files.read_text`).
    """
    data = read_bounded(path)
    try:
        return decode_utf8(data, path), None
    except InputError as exc:
        remark = (
            f"{path.name}:{exc.issues[0].line}: the file is not UTF-8 text; it was read as"
            " Latin-1 (Western European): check the accented letters of the names"
        )
        return data.decode("latin-1"), remark


def import_trf(path: Path) -> ImportedEvent:
    text, remark = read_text_noting(path)
    document = parse_trf(text, source=path.name)
    remarks = tuple(str(w) for w in document.warnings)
    # The rounds are compared with the Dutch pairing here, beside the busy bar that reads
    # the file (FIDE C.02, question 54): pairing every round again takes seconds.
    compared = compare_imported_rounds(document)
    return ImportedEvent(
        document.event, (remark, *remarks) if remark else remarks, document, compared
    )


def export_trf(event: Event, path: Path) -> None:
    text = event_to_trf(event)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ArbiterError(f"cannot write {path}: {exc.strerror}") from exc


def scratch_folder() -> Path | None:
    """Where untitled events are kept until saved: the user's data folder (None: none known)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) / "untitled" if location else None


def next_scratch(folder: Path | None) -> Path | None:
    """A new scratch file name in *folder*; None (the event stays in memory) when the
    folder cannot be made."""
    if folder is None:
        return None
    try:
        return scratch_path(folder)
    except OSError:
        return None


def services(folder: Path | None = None) -> Services:
    """The window's file services; untitled events are kept in *folder* (None: in memory)."""
    return Services(
        open_event=Session.open,
        open_read_only=lambda path: Session.open(path, readonly=True),
        import_trf=import_trf,
        export_trf=export_trf,
        scratch=lambda: next_scratch(folder),
    )


DEMO_PLAYOFF = "gct-2023-classical"
"""The sample's regulation (GCT 2023 regulations, articles 3.1 and 3.8): a tie for first place
is broken by a play-off; ties for other places are shared, with no tie-breaks."""


def create_window(settings: Settings, demo: bool = False, folder: Path | None = None) -> MainWindow:
    """The main window on a new untitled event, or on the sample (the demo).

    The demo imports the sample into an untitled event, with the Grand Chess
    Tour classical play-off regulation; untitled events are kept in *folder*
    (None: in memory).
    """
    scratch = next_scratch(folder)
    if demo:
        imported = import_trf(DEMO_SAMPLE)
        session = untitled_session(
            imported.event,
            DEMO_SAMPLE.name,
            scratch=scratch,
            document=imported.document,
            playoff=DEMO_PLAYOFF,
        )
    else:
        session = untitled_session(scratch=scratch)
    return MainWindow(EventDocument(session), settings, services(folder))


def offer_recoveries(window: MainWindow, folder: Path | None) -> None:
    """Offer each untitled event a crash left behind, until one is recovered (the others
    are offered at the next start); empty ones are removed."""
    if folder is None:
        return
    current = window.document.session.scratch
    recovered = False
    for path in scratch_files(folder):
        if path != current:
            recovered = window.files.offer_recovery(path, ask=not recovered) or recovered


def run(demo: bool = False, open_file: str | None = None) -> int:
    """Start the desktop application; returns the exit status.

    *open_file* is a tournament file to open at once (``arbiter-app --open FILE``,
    which the desktop file association runs); a file that cannot be opened is
    reported in a dialog and the app starts on an empty event. At start, an
    untitled event that a crash left unsaved is offered for recovery.
    """
    app = QApplication.instance() or QApplication(sys.argv)
    QCoreApplication.setOrganizationName("Arbiter")
    QCoreApplication.setApplicationName("Arbiter")
    QCoreApplication.setApplicationVersion(__version__)
    settings = Settings()
    apply_colour_scheme(settings.colour_scheme)
    folder = scratch_folder()
    window = create_window(settings, demo, folder)
    handler = ExceptionHandler(lambda: QApplication.activeWindow() or window)
    handler.install()
    try:
        window.restore_layout()
        window.show()
        if open_file and not demo:
            # The window is painted before a big file is read (a second or more at 10,000
            # players), so the arbiter sees what it is doing rather than a blank frame.
            window.statusBar().showMessage(f"Opening {Path(open_file).name}…")
            app.processEvents()
            window.files.open_path(Path(open_file))
            window.statusBar().clearMessage()
        elif not demo:
            offer_recoveries(window, folder)
        return int(app.exec())
    finally:
        handler.uninstall()
        window.document.close()
