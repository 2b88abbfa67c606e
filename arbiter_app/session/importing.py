"""A new tournament file from an imported event: whole on disk, or not there at all.

The command line's ``import`` and the window's *Import TRF* share this one
procedure: :meth:`Session.create` with the import as its next steps, so the
file (the event created, the imported event written, any settings chosen) is
made under a hidden name and moved into place only when whole; a crash at any
moment leaves no file of that name or a whole one, and the import can simply
be run again.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arbiter_app.core.model import Event
from arbiter_app.core.warning_levels import Alert, Confirmation
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import ImportEvent
from arbiter_app.session.session import Clock, Session


def create_imported(
    path: Path | str,
    event: Event,
    *,
    source: str,
    arguments: Mapping[str, Any] | None = None,
    confirm: Confirmation = None,
    clock: Clock | None = None,
    actor: str = "",
    durable: bool = True,
    notices: list[Alert] | None = None,
) -> Session:
    """Make the file *path* hold *event* (read from *source*) and open it for writing.

    *arguments* are those of the ``import_event`` command (the event, the TRF file it
    came from, its tie-breaks, settings announced with it); by default the event alone.
    *confirm* answers its questions (an import whose rounds break pairing rules asks);
    *notices*, when given, receives the import's level-2 notices (FIDE C.02) to show.
    """
    path = Path(path)
    given: dict[str, Any] = (
        dict(arguments) if arguments is not None else {"event": event_to_json(event)}
    )
    given["source"] = source

    def fill(session: Session) -> None:
        outcome = session.run(ImportEvent.of(given), confirm=confirm)
        if notices is not None:
            notices.extend(outcome.notices)

    return Session.create(
        path,
        name=event.name or path.stem,
        system=event.system.value,
        rounds=max(1, event.rounds),
        clock=clock,
        actor=actor,
        durable=durable,
        then=fill,
    )
