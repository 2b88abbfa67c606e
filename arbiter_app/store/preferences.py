"""The arbiter's preferences for this computer, shared by the window and the command line.

They are kept in ``preferences.json`` in the user's data folder
(:func:`~arbiter_app.store.rating_db.data_folder`): the backup folder
(:mod:`arbiter_app.store.backups`) and the download of FIDE's lists
(:mod:`arbiter_app.store.fide_download`). A damaged file is read as no
preference at all: it must not stop a tournament.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from arbiter_app.core.errors import ArbiterError
from arbiter_app.store.rating_db import data_folder

PREFERENCES_NAME: Final = "preferences.json"


class PreferencesError(ArbiterError):
    """A preference cannot be set (the message says why)."""


def preferences_path() -> Path:
    return data_folder() / PREFERENCES_NAME


def read_preferences() -> dict[str, object]:
    """Every preference set, by key (none when the file is missing or damaged)."""
    path = preferences_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        # A damaged preferences file must not stop a tournament: it is as if unset.
        return {}
    return data if isinstance(data, dict) else {}


def write_preferences(changes: dict[str, object | None]) -> None:
    """Set the preferences of *changes* (a value None removes its key); the file is
    replaced whole, so a reader never sees half of it."""
    data = read_preferences()
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    try:
        replace_json(preferences_path(), data)
    except OSError as exc:
        raise PreferencesError(f"the preferences cannot be written ({exc.strerror})") from exc


def replace_json(path: Path, data: object) -> None:
    """Write *data* as JSON to *path* through a file beside it, so that a reader never sees
    half of it (raises OSError)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_name(f".{path.name}.new")
    aside.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    aside.replace(path)
