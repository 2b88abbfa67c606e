"""The window's questions about files: where to save, and what to do with unsaved work.

An untitled event (the window's start, New, an imported TRF file, the demo)
runs on the session like any other but has no file of its own yet. Before
anything replaces or closes it — New, Open, Import, Quit, closing the window —
the window asks, as every desktop program does: **Save** (File ▸ Save as…),
**Discard**, or **Cancel**. An event in a file is never asked about: every
action is in the file when it returns.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from arbiter_app.store.schema import SUFFIX

EVENT_FILTER = f"Arbiter events (*{SUFFIX})"
UNTITLED = "Untitled"
"""What the title bar says in place of a file name while the event has none."""


def unsaved_question(parent: QWidget, name: str, doing: str) -> QMessageBox:
    """Save / Discard / Cancel before *doing* replaces the untitled event *name*.

    Save is the default (Enter), Cancel the escape (Esc); the caller runs it.
    """
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "Arbiter",
        f"“{name}” is not saved in a file yet. Save it before you {doing}?",
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.setInformativeText("If you do not save it, its players, pairings and results are lost.")
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    box.setObjectName("arbiter-unsaved")
    box.setAccessibleName("Unsaved event")
    return box


def recovery_question(parent: QWidget, name: str, actions: int, last: str) -> QMessageBox:
    """Recover / Discard an untitled event that a crash left in its scratch file."""
    done = "1 action" if actions == 1 else f"{actions} actions"
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "Arbiter",
        f"Arbiter closed before the untitled event “{name}” was saved"
        f" ({done}, the last at {last}). Recover it?",
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setInformativeText("It opens untitled again; File ▸ Save as… gives it a file.")
    recover = box.addButton("&Recover", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(recover)
    box.setObjectName("arbiter-recover")
    box.setAccessibleName("Recover an untitled event")
    return box


def ask_save_path(parent: QWidget, title: str, suggested: Path) -> Path | None:
    """A save dialog for an event file; it adds ``.arbiter`` and asks before replacing a file."""
    dialog = QFileDialog(parent, title, str(suggested), EVENT_FILTER)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix(SUFFIX.lstrip("."))
    dialog.setObjectName("arbiter-save-dialog")
    if dialog.exec() != QFileDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    return Path(dialog.selectedFiles()[0])


def suggested_path(folder: Path, name: str, suffix: str = "") -> Path:
    """A file name made of the event's *name* in *folder* (``Spring Open.arbiter``)."""
    stem = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in name).strip()
    return folder / f"{stem or 'event'}{suffix}{SUFFIX}"


def scratch_path(folder: Path) -> Path:
    """A new name for an untitled event's scratch file in *folder* (made if need be)."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        candidate = folder / f"untitled-{stamp}-{os.getpid()}-{n}{SUFFIX}"
        if not candidate.exists():
            return candidate
    raise OSError(f"no free name for an untitled event in {folder}")


def scratch_files(folder: Path) -> list[Path]:
    """The scratch files in *folder*, oldest first (a crash leaves one behind)."""
    if not folder.is_dir():
        return []
    return sorted(folder.glob(f"untitled-*{SUFFIX}"), key=lambda p: p.stat().st_mtime)


def start_in(event_file: Path | None, name: str = "") -> str:
    """Where a file dialog opens: the event's folder (with *name* suggested there), so the
    arbiter finds the event's own files first; the dialog's default without a file."""
    if event_file is None:
        return name
    return str(event_file.parent / name) if name else str(event_file.parent)
