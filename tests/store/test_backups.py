"""The backup folder (one preference for the window and the command line) and backup names."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from arbiter_app.store.backups import (
    PREFERENCES_NAME,
    PreferencesError,
    backup_folder,
    backup_name,
    set_backup_folder,
)
from arbiter_app.store.rating_db import data_folder


def test_the_folder_is_kept_until_it_is_turned_off(tmp_path: Path) -> None:
    assert backup_folder() is None
    set_backup_folder(tmp_path)
    assert backup_folder() == tmp_path.resolve()
    set_backup_folder(None)
    assert backup_folder() is None


def test_a_folder_that_is_not_there_is_refused_and_the_choice_stays(tmp_path: Path) -> None:
    set_backup_folder(tmp_path)
    with pytest.raises(PreferencesError, match="does not exist"):
        set_backup_folder(tmp_path / "stick")
    assert backup_folder() == tmp_path.resolve()


def test_a_damaged_preferences_file_means_no_folder_and_is_mended_by_a_choice(
    tmp_path: Path,
) -> None:
    data_folder().mkdir(parents=True, exist_ok=True)
    (data_folder() / PREFERENCES_NAME).write_text("{not json", encoding="utf-8")
    assert backup_folder() is None
    set_backup_folder(tmp_path)
    assert backup_folder() == tmp_path.resolve()


def test_a_backup_is_named_after_the_event_what_it_is_and_when() -> None:
    moment = datetime(2026, 11, 23, 15, 12, 4)
    assert backup_name("Club Open", "after round 3", moment) == (
        "Club Open, after round 3 (2026-11-23 15.12.04).arbiter"
    )
    # Characters a file name cannot hold on some desktop become "_".
    assert backup_name('Cup: A/B "2026"', "copy", moment) == (
        "Cup_ A_B _2026_, copy (2026-11-23 15.12.04).arbiter"
    )
    assert backup_name("...", "copy", moment).startswith("Event, copy")
