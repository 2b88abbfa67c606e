"""View ▸ Publish on the local network: the players' page served while the arbiter works.

The same server as ``arbiter-app serve`` (:mod:`arbiter_app.web.server`), run in a
thread of this process: it reads the event's file read-only each time the event changes,
so every result entered here reaches the players' phones within seconds. The dialog
chooses where it listens (this computer only until the arbiter opens it to the network),
starts and stops it, and shows the address and its QR code to put on a screen, or to save
as the sheet for the wall. Closing the dialog leaves the page on; quitting stops it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QFont, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.ui.document import EventDocument
from arbiter_app.web.server import (
    ALL_INTERFACES,
    DEFAULT_HOST,
    DEFAULT_PORT,
    PlayersPageServer,
    lan_address,
    serve_file,
)

UNTITLED = (
    "The page reads the event's file, and this event has none yet: save it first (File ▸ Save as…)."
)
"""Why the page cannot start on an untitled event."""

QR_PIXELS = 264


class _Running:
    """The server, held apart from Qt objects so that it can be stopped when the window
    goes (the window's ``destroyed`` signal comes after its Python children are gone)."""

    def __init__(self) -> None:
        self.server: PlayersPageServer | None = None

    def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            server.stop()


class Publishing(QObject):
    """The menu entry, the dialog and the server of one window."""

    published = Signal(object)
    """The page's address when a server starts, None when it stops (the projector's code)."""

    def __init__(self, window: QWidget, document: EventDocument) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.running = _Running()
        self.dialog: PublishDialog | None = None
        self.action = QAction("Publish on the local &network…", window)
        tip = "Serve the pairings and standings to the players' phones (the players' page)"
        self.action.setToolTip(tip)
        self.action.setStatusTip(tip)
        self.action.triggered.connect(lambda _=False: self.show_dialog())
        document.file_changed.connect(self._follow_file)
        running = self.running
        window.destroyed.connect(lambda *_: running.stop())
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(running.stop)

    @property
    def server(self) -> PlayersPageServer | None:
        return self.running.server

    def show_dialog(self) -> PublishDialog:
        if self.dialog is None:
            self.dialog = PublishDialog(self, self.window)
        self.dialog.refresh()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def start(self, host: str, port: int) -> PlayersPageServer:
        """Serve the window's event on *host*:*port* (stopping a server already on)."""
        path = self.document.path
        if path is None:
            raise ArbiterError(UNTITLED)
        self.stop()
        server = serve_file(Path(path), host, port)
        server.start()
        self.running.server = server
        self.published.emit(server.url)
        return server

    def stop(self) -> None:
        was = self.running.server is not None
        self.running.stop()
        if was:
            self.published.emit(None)

    def _follow_file(self) -> None:
        """The window's event moved to another file (Save as, Open): the page follows it;
        an event without a file has no page."""
        server = self.running.server
        if server is None:
            return
        path = self.document.path
        if path is None:
            self.stop()
        else:
            server.watch.follow(Path(path))
        if self.dialog is not None:
            self.dialog.refresh()


class PublishDialog(QDialog):
    """Where the page listens, start and stop, the address and its QR code."""

    def __init__(self, publishing: Publishing, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.publishing = publishing
        self.setWindowTitle("Publish on the local network")
        self.setAccessibleName("Publish on the local network")
        intro = QLabel(
            "The players' page shows the round's pairings, where each player plays, the "
            "standings, the crosstable and the play-off on the players' phones, and follows "
            "every result entered here. It only shows the event: nothing can be changed "
            "from it."
        )
        intro.setWordWrap(True)
        self.host = QComboBox()
        self.host.setAccessibleName("Listen on")
        lan = lan_address()
        self.host.addItem(f"This computer only ({DEFAULT_HOST})", DEFAULT_HOST)
        if lan != DEFAULT_HOST:
            self.host.addItem(f"The local network at {lan}", lan)
        self.host.addItem("Every network of this computer (0.0.0.0)", ALL_INTERFACES[0])
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setAccessibleName("Port")
        form = QFormLayout()
        form.addRow("&Listen on:", self.host)
        form.addRow("&Port:", self.port)
        self.start_button = QPushButton("&Start")
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("S&top")
        self.stop_button.clicked.connect(self.stop)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Publishing status")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code = QLabel()
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setAccessibleName("QR code of the address")
        self.address = QLabel()
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.address.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.address.setFont(big)
        self.browse_button = QPushButton("Open in the &browser")
        self.browse_button.clicked.connect(self.open_in_browser)
        self.sheet_button = QPushButton("Save the &wall sheet…")
        self.sheet_button.setToolTip("The address and its QR code as a PDF, to print and pin up")
        self.sheet_button.clicked.connect(self.choose_sheet_file)
        extra = QHBoxLayout()
        extra.addWidget(self.browse_button)
        extra.addWidget(self.sheet_button)
        extra.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.code)
        layout.addWidget(self.address)
        layout.addLayout(extra)
        layout.addWidget(close)
        self.refresh()

    @property
    def server(self) -> PlayersPageServer | None:
        return self.publishing.server

    def start(self) -> None:
        """Start the page where chosen; a refusal (port taken, no file) is shown here and
        the choices stay as typed."""
        try:
            self.publishing.start(str(self.host.currentData()), self.port.value())
        except ArbiterError as exc:
            self.refresh()
            self.status.setText(f"Not started: {exc}")
            return
        self.refresh()

    def stop(self) -> None:
        self.publishing.stop()
        self.refresh()

    def refresh(self) -> None:
        server = self.server
        on = server is not None
        untitled = self.publishing.document.path is None
        self.start_button.setEnabled(not on and not untitled)
        self.stop_button.setEnabled(on)
        self.host.setEnabled(not on)
        self.port.setEnabled(not on)
        self.browse_button.setEnabled(on)
        self.sheet_button.setEnabled(on)
        if server is None:
            self.status.setText(UNTITLED if untitled else "The page is off.")
            self.code.clear()
            self.address.clear()
            return
        if server.host == DEFAULT_HOST:
            where = "only on this computer (choose the local network to reach the phones)"
        elif server.host in ALL_INTERFACES:
            where = f"on every network of this computer, port {server.port}"
        else:
            where = f"on {server.host}, port {server.port}"
        self.status.setText(f"The page is on, listening {where}. Players open:")
        self.address.setText(server.url)
        self.code.setPixmap(_code_pixmap(server.url))

    def open_in_browser(self) -> None:
        if self.server is not None:
            QDesktopServices.openUrl(QUrl(self.server.url))

    def choose_sheet_file(self) -> None:
        folder = self.publishing.document.path
        start = str(Path(folder).with_name("players-page-qr.pdf")) if folder else ""
        target, _ = QFileDialog.getSaveFileName(self, "Save the wall sheet", start, "PDF (*.pdf)")
        if target:
            self.save_sheet(Path(target))

    def save_sheet(self, target: Path) -> None:
        """The wall sheet (:func:`arbiter_app.web.qr.address_sheet`) as a PDF at *target*."""
        server = self.server
        if server is None:
            return
        from arbiter_app.core.errors import ArbiterError
        from arbiter_app.printing import write_pdf
        from arbiter_app.store.outputs import pdf_whole, write_output
        from arbiter_app.web.qr import address_sheet

        snapshot = server.watch.snapshot()
        names = tuple(s.name for s in snapshot.sections)
        sheet = address_sheet(server.url, snapshot.sections[0].event, names)
        event_file = self.publishing.document.path

        def pdf(part: Path) -> None:
            write_pdf(sheet, part)

        try:
            # The command line's guard: never over the event, aside and whole (issue 27).
            sources = [event_file] if event_file is not None else []
            write_output(target, pdf, sources=sources, check=pdf_whole)
        except (ArbiterError, OSError) as exc:
            self.status.setText(f"{target}: cannot write the PDF ({exc})")
            return
        self.status.setText(f"The wall sheet is in {target}. Players open:")


def _code_pixmap(url: str) -> QPixmap:
    from arbiter_app.web.qr import qr_png

    pixmap = QPixmap()
    pixmap.loadFromData(qr_png(url, scale=8))
    return pixmap.scaled(
        QR_PIXELS,
        QR_PIXELS,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.FastTransformation,
    )
