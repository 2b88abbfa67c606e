"""Issue 27, point 1 in the window: its exports go through the command line's guard
(:func:`arbiter_app.store.outputs.write_output`): never over the open event or any file
Arbiter has open, written aside and moved into place when whole."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Event
from arbiter_app.ui.exporting import export_standings
from arbiter_app.ui.settings import Settings
from tests.support.sessions import sha256
from tests.ui.conftest import document_in_file
from tests.ui.test_main_window import make_window


def _refusal(window: object) -> str:
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]  # type: ignore[attr-defined]
    assert boxes
    text = boxes[0].text()
    boxes[0].close()
    return text


def test_an_export_never_replaces_the_open_event(
    qtbot: QtBot, settings: Settings, tmp_path: Path, rr_event: Event
) -> None:
    event_file = tmp_path / "open.arbiter"
    document = document_in_file(event_file, rr_event)
    try:
        window = make_window(qtbot, document, settings)
        before = sha256(event_file)
        # The event under another name (a hard link) is the event all the same.
        (tmp_path / "standings.csv").hardlink_to(event_file)
        assert not window.export_standings(event_file)
        _refusal(window)  # (its suffix is no export format's either)
        assert not window.export_standings(tmp_path / "standings.csv")
        assert "that is the event file this command reads" in _refusal(window)
        for target in (event_file, tmp_path / "standings.csv"):
            try:
                window.write_trf(target)
            except Exception as exc:
                assert "never replaces" in str(exc)
            else:
                raise AssertionError("the TRF export replaced the event")
        assert sha256(event_file) == before
        assert document.session.verify() == []
    finally:
        document.close()


def test_an_export_is_written_aside_and_moved_whole(tmp_path: Path, rr_event: Event) -> None:
    """A PDF the printer cut short (Qt does not report a full disk) leaves the older file
    as it was and no hidden file; a whole one replaces it."""
    document = document_in_file(tmp_path / "e.arbiter", rr_event)
    try:
        out = tmp_path / "standings.pdf"
        out.write_bytes(b"the older standings")
        from arbiter_app.ui import exporting

        real = exporting.write_pdf

        def cut(sheet: object, path: Path, **kwargs: object) -> int:
            pages = real(sheet, path, **kwargs)  # type: ignore[arg-type]
            path.write_bytes(path.read_bytes()[:200])
            return pages

        exporting.write_pdf = cut  # type: ignore[assignment]
        try:
            try:
                export_standings(document, out)
            except Exception as exc:
                assert "not written" in str(exc) and "as it was" in str(exc)
            else:
                raise AssertionError("a cut PDF was put in place")
        finally:
            exporting.write_pdf = real  # type: ignore[assignment]
        assert out.read_bytes() == b"the older standings"
        export_standings(document, out)
        assert out.read_bytes().startswith(b"%PDF-")
        names = sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".lock")
        assert names == ["e.arbiter", "standings.pdf"]
    finally:
        document.close()


def test_the_windows_standings_carry_the_journal_head(tmp_path: Path, rr_event: Event) -> None:
    from arbiter_app.store.journal import anchor

    document = document_in_file(tmp_path / "e.arbiter", rr_event)
    try:
        head = anchor(document.session.journal()[-1])
        page = tmp_path / "standings.html"
        export_standings(document, page)
        assert f"Journal {head}</p>" in page.read_text(encoding="utf-8")
    finally:
        document.close()
