"""The Help menu: the guide in a viewer window (offline), the keyboard reference, About.

The guide is the Markdown of ``resources/guide``, shown by Qt's own Markdown
reader: no browser and no network, as at a venue. Links between its pages
open in the same viewer; a link to anything else (a web page) is only shown,
never followed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QTextBrowser,
    QWidget,
)

from arbiter_app import __version__

GUIDE = Path(__file__).resolve().parent.parent.parent / "resources" / "guide"
"""The guide's pages, shipped with the program."""

KEYS_HEADING = "## Keyboard shortcuts"


def guide_pages(folder: Path = GUIDE) -> list[Path]:
    """The guide's pages: the index first, then the others by name."""
    pages = sorted(folder.glob("*.md"))
    return sorted(pages, key=lambda p: (p.name != "index.md", p.name))


def page_title(path: Path) -> str:
    """A page's first heading, else its file name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def keyboard_reference(folder: Path = GUIDE) -> str:
    """The keyboard table of the desktop page, as Markdown (Help ▸ Keyboard shortcuts)."""
    text = (folder / "desktop.md").read_text(encoding="utf-8")
    start = text.index(KEYS_HEADING)
    end = text.find("\n## ", start + len(KEYS_HEADING))
    return "#" + text[start : end if end != -1 else len(text)].strip()[2:]


class GuideWindow(QWidget):
    """The guide's pages on the left, the page chosen on the right."""

    def __init__(self, folder: Path = GUIDE, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.folder = folder
        self.setWindowTitle("Arbiter guide")
        self.setAccessibleName("Arbiter guide")
        self.pages = QListWidget(self)
        self.pages.setAccessibleName("Guide pages")
        self.text = QTextBrowser(self)
        self.text.setAccessibleName("Guide page")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self.follow)
        for path in guide_pages(folder):
            item = QListWidgetItem(page_title(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.pages.addItem(item)
        self.pages.currentItemChanged.connect(
            lambda item, _: (
                self.show_file(Path(item.data(Qt.ItemDataRole.UserRole)))
                if item is not None
                else None
            )
        )
        # Every page title in full: the list is as wide as its longest one.
        self.pages.setMinimumWidth(self.pages.sizeHintForColumn(0) + 24)
        layout = QHBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.text, 4)
        self.shown: Path | None = None
        if self.pages.count():
            self.pages.setCurrentRow(0)
        self.resize(1280, 720)

    def show_file(self, path: Path) -> None:
        self.shown = path
        self.text.setMarkdown(path.read_text(encoding="utf-8"))
        self.text.setSearchPaths([str(path.parent)])

    def show_keys(self) -> None:
        self.shown = None
        self.text.setMarkdown(keyboard_reference(self.folder))

    def follow(self, url: QUrl) -> None:
        """A link to another page of the guide opens it here; other links are not followed."""
        target = url.path()
        if url.scheme() in ("", "file") and target.endswith(".md"):
            base = self.shown.parent if self.shown is not None else self.folder
            path = (base / target).resolve()
            if path.is_file() and self.folder.resolve() in path.parents:
                for row in range(self.pages.count()):
                    if Path(self.pages.item(row).data(Qt.ItemDataRole.UserRole)) == path:
                        self.pages.setCurrentRow(row)
                        return
                self.show_file(path)
                return
        self.text.setToolTip(f"Not opened here (no network at the venue): {url.toString()}")


def about(parent: QWidget) -> QMessageBox:
    """Help ▸ About Arbiter: the version and what the program is for."""
    box = QMessageBox(
        QMessageBox.Icon.Information,
        "About Arbiter",
        f"Arbiter {__version__}",
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setInformativeText(
        "Standings, tie-breaks, pairings and play-offs for the chief arbiter of a chess event,"
        " offline. The rules cite their articles: FIDE C.02, C.04, C.05, C.07, the US Chess"
        " rulebook and each event's regulations."
    )
    box.setAccessibleName("About Arbiter")
    return box
