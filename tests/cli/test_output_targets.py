"""Issue 27, point 1: an output never replaces an event, nor any file Arbiter has open.

Every command that writes an output (``export -o``, ``export --every-section``,
``print -o``, ``generate -o``, ``pair -p``) refuses, with exit status 2 and a
message naming the file, a target that is the event it reads (by name, through a
symbolic link, through a hard link), any ``.arbiter`` event file whatever its name,
or a file another window holds open for writing. Every output is written aside and
moved into place whole: a failed write exits non-zero, says so, leaves the old
target untouched and no hidden ``.part`` file behind.
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from arbiter_app.session import Session
from tests.support.cli import run
from tests.support.sessions import sha256, small_event

Capture = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "trf" / "open-2024.trf16.trf"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "e.arbiter"
    small_event(path).close()
    return path


def _commands(source: Path, target: Path) -> list[list[str]]:
    return [
        ["export", str(source), "--format", "csv", "-o", str(target)],
        ["export", str(source), "--format", "trf", "-o", str(target)],
        ["print", str(source), "standings", "-o", str(target)],
        ["generate", "-o", str(target), "--players", "6", "--rounds", "3", "--seed", "1"],
    ]


def _refused(capsys: Capture, guarded: Path, argv: list[str], named: str) -> str:
    digest = sha256(guarded)
    before = sorted(p.name for p in guarded.parent.iterdir())
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert named in err, err
    assert sha256(guarded) == digest
    assert sorted(p.name for p in guarded.parent.iterdir()) == before
    return err


def test_no_output_replaces_the_event_it_reads(event: Path, capsys: Capture) -> None:
    for argv in _commands(event, event):
        err = _refused(capsys, event, argv, "e.arbiter")
        assert "event" in err
    with Session.open(event, readonly=True) as session:
        assert session.verify() == []


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need POSIX here")
@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_no_output_replaces_the_event_through_a_link(
    event: Path, link: str, capsys: Capture
) -> None:
    other = event.with_name("standings.csv")
    if link == "symbolic":
        other.symlink_to(event)
    else:
        os.link(event, other)
    for argv in _commands(event, other):
        _refused(capsys, event, argv, "standings.csv")


def test_no_output_replaces_another_event_file(event: Path, capsys: Capture) -> None:
    other = event.with_name("other.arbiter")
    small_event(other).close()
    renamed = event.with_name("results.csv")  # an event file under a name of another kind
    shutil.copyfile(other, renamed)
    for target in (other, renamed):
        for argv in _commands(event, target):
            _refused(capsys, target, argv, target.name)
    # A name ending in .arbiter is an event's, even where no file has it yet.
    fresh = event.with_name("fresh.arbiter")
    code, _, err = run(capsys, "export", str(event), "--format", "csv", "-o", str(fresh))
    assert code == 2 and "fresh.arbiter" in err and not fresh.exists()


def test_no_output_replaces_a_file_open_in_a_window(event: Path, capsys: Capture) -> None:
    other = event.with_name("window.arbiter")
    window = small_event(other)
    try:
        # A hard link with an output's name still names the open event.
        alias = event.with_name("window.csv")
        os.link(other, alias)
        digest = sha256(other)
        code, _, err = run(capsys, "export", str(event), "--format", "csv", "-o", str(alias))
        assert code == 2 and "window.csv" in err
        assert sha256(other) == digest
    finally:
        window.close()


def test_a_trf_source_is_not_replaced_by_its_export(tmp_path: Path, capsys: Capture) -> None:
    source = tmp_path / "open.trf"
    shutil.copyfile(TRF, source)
    err = _refused(
        capsys, source, ["export", str(source), "--format", "trf", "-o", str(source)], "open.trf"
    )
    assert "reads" in err
    _refused(capsys, source, ["pair", str(source), "-p", str(source)], "open.trf")


def test_every_section_refuses_an_event_among_its_targets(event: Path, capsys: Capture) -> None:
    """``export --every-section -o e.arbiter`` names its outputs e-<section>.arbiter."""
    code, _, err = run(
        capsys, "export", str(event), "--every-section", "--format", "csv", "-o", str(event)
    )
    assert code == 2 and ".arbiter" in err
    assert sorted(p.name for p in event.parent.iterdir()) == ["e.arbiter"]


def _no_space(*_args: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("fmt", ["csv", "trf"])
def test_a_failed_export_leaves_the_old_output_whole(
    event: Path, fmt: str, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = event.with_name(f"standings.{fmt}")
    target.write_text("yesterday's standings\n", encoding="utf-8")
    monkeypatch.setattr(os, "fsync", _no_space)
    code, out, err = run(capsys, "export", str(event), "--format", fmt, "-o", str(target))
    assert code == 2, out
    assert "standings" in err and "not written" in err and "full" in err
    assert "wrote" not in out
    assert target.read_text(encoding="utf-8") == "yesterday's standings\n"
    assert sorted(p.name for p in event.parent.iterdir()) == ["e.arbiter", target.name]


def test_a_cut_short_pdf_is_not_put_in_place(
    event: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Qt's PDF writer does not report a full disk: the file it leaves ends early."""
    from arbiter_app import printing

    def cut_short(sheet: object, path: Path | str, paper: object, **_: object) -> int:
        Path(path).write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog")
        return 1

    monkeypatch.setattr(printing, "write_pdf", cut_short)
    target = event.with_name("standings.pdf")
    code, out, err = run(capsys, "print", str(event), "standings", "-o", str(target))
    assert code == 2, out
    assert "standings.pdf" in err and "not written" in err
    assert sorted(p.name for p in event.parent.iterdir()) == ["e.arbiter"]


def test_outputs_are_still_written(event: Path, capsys: Capture) -> None:
    """The refusals above refuse only what they must: ordinary outputs are written, and an
    older output is replaced (its permissions kept)."""
    target = event.with_name("standings.csv")
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    code, out, _ = run(capsys, "export", str(event), "--format", "csv", "-o", str(target))
    assert code == 0 and out.strip() == f"wrote {target}"
    assert "Ann" in target.read_text(encoding="utf-8-sig")
    if os.name == "posix":
        assert target.stat().st_mode & 0o777 == 0o640
    pdf = event.with_name("standings.pdf")
    code, out, _ = run(capsys, "print", str(event), "standings", "-o", str(pdf))
    assert code == 0 and pdf.read_bytes().rstrip().endswith(b"%%EOF")
    assert sorted(p.name for p in event.parent.iterdir()) == [
        "e.arbiter",
        "standings.csv",
        "standings.pdf",
    ]
