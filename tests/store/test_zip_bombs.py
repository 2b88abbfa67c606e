"""Issue 27, point 7: a zip bomb (a small zip that unpacks to gigabytes) is refused, never
unpacked whole: the FIDE rating lists and the US Chess member lists are read from zips."""

from __future__ import annotations

import zipfile
from datetime import date
from pathlib import Path

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.store import unzip
from arbiter_app.store.rating_db import RatingDatabase
from tests.support.fide_lists import COMBINED_HEADER

MB = 1024 * 1024


def _bomb(path: Path, member: str, size: int, *, newlines: bool) -> None:
    """A zip whose one member is *size* bytes of spaces (with a line end every 100 bytes,
    or none): a few kilobytes on the disk."""
    chunk = (b" " * 99 + b"\n") * 10_486 if newlines else b" " * MB
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open(member, "w", force_zip64=True) as out,
    ):
        out.write(COMBINED_HEADER.encode() + b"\n")
        written = 0
        while written < size:
            out.write(chunk)
            written += len(chunk)
    assert path.stat().st_size < size // 100


def _import(path: Path) -> None:
    with RatingDatabase.open(path.parent / "ratings.sqlite") as db:
        db.import_file(path, month=date(2026, 9, 1))


def test_a_list_that_unpacks_past_the_bound_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(unzip, "MOST_UNPACKED_BYTES", 4 * MB)
    bomb = tmp_path / "players_list.zip"
    _bomb(bomb, "players_list_foa.txt", 8 * MB, newlines=True)
    with pytest.raises(InputError) as refused:
        _import(bomb)
    assert "players_list.zip: the zip unpacks to more than" in str(refused.value)
    assert "refused unread" in str(refused.value)


def test_a_zip_whose_directory_lies_about_the_size_is_stopped_by_what_comes_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bomb = tmp_path / "players_list.zip"
    _bomb(bomb, "players_list_foa.txt", 8 * MB, newlines=True)
    with zipfile.ZipFile(bomb) as archive:
        declared = archive.getinfo("players_list_foa.txt").file_size
    assert declared > 8 * MB
    with zipfile.ZipFile(bomb) as archive:
        inner = archive.open("players_list_foa.txt")
        with unzip.BoundedStream(inner, "players_list.zip", 4 * MB) as stream:
            with pytest.raises(InputError, match="unpacks to more than"):
                while stream.read(MB):
                    pass
            assert stream.read_bytes <= 4 * MB + MB
        assert inner.closed


def test_a_line_of_megabytes_is_refused_not_held(tmp_path: Path) -> None:
    bomb = tmp_path / "players_list.zip"
    _bomb(bomb, "players_list_foa.txt", 16 * MB, newlines=False)
    with pytest.raises(InputError) as refused:
        _import(bomb)
    assert "players_list_foa.txt:2:4097: a line of more than 4,096 characters" in str(refused.value)


def test_a_member_list_zip_is_never_unpacked_past_the_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The US Chess member list is unpacked to a temporary folder first: a bomb would have
    filled the disk. It is unpacked through the same bound and refused."""
    from arbiter_app.store.member_db import MemberDatabase

    monkeypatch.setattr(unzip, "MOST_UNPACKED_BYTES", 4 * MB)
    bomb = tmp_path / "members.zip"
    _bomb(bomb, "members.tsv", 8 * MB, newlines=True)
    with (
        MemberDatabase.open(tmp_path / "members.sqlite") as db,
        pytest.raises(InputError) as refused,
    ):
        db.import_file(bomb, month=date(2026, 11, 1))
    assert "members.zip: the zip unpacks to more than" in str(refused.value)
