"""A new tournament file from an imported event: whole on disk, or not there at all.

The command line's ``import`` and the window's *Import TRF* share this one
procedure. The file is made under a hidden name beside the final one (the
event created, the imported event written, any settings chosen), closed, and
moved into place only when whole (:mod:`arbiter_app.store.aside`); a crash at
any moment leaves no file of that name or a whole one, and the import can
simply be run again.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arbiter_app.core.model import Event
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.session import Clock, Session
from arbiter_app.store.aside import aside_path, clear_leftover, move_into_place
from arbiter_app.store.errors import FileExists


def create_imported(
    path: Path | str,
    event: Event,
    *,
    source: str,
    settings: Mapping[str, Any] | None = None,
    clock: Clock | None = None,
    actor: str = "",
    durable: bool = True,
) -> Session:
    """Make the file *path* hold *event* (read from *source*) and open it for writing."""
    path = Path(path)
    if path.exists() or path.is_symlink():
        raise FileExists(path, "a file of that name exists already; choose another name")
    clear_leftover(path)
    aside = aside_path(path)
    session = Session.create(
        aside,
        name=event.name or path.stem,
        system=event.system.value,
        rounds=max(1, event.rounds),
        clock=clock,
        actor=actor,
        durable=durable,
    )
    try:
        session.run("import_event", event=event_to_json(event), source=source)
        if settings:
            session.run("edit_settings", **dict(settings))
    except BaseException:
        session.close()
        clear_leftover(path)
        raise
    session.close()
    try:
        move_into_place(aside, path)
    except BaseException:
        clear_leftover(path)
        raise
    return Session.open(path, clock=clock, actor=actor, durable=durable)
