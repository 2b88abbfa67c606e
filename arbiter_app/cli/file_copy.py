"""``arbiter-app copy FILE -o COPY``: a whole copy of an event, safe while it is open.

The window keeps its file open for writing for the whole day; a copy made
here reads it without the write lock (read-only) and writes COPY with
SQLite's backup API (:meth:`arbiter_app.session.Session.save_copy`), so a USB
backup or a file for the organiser can be taken at any moment.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.session import Session


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("copy")
    p.add_argument("file", type=Path, help="the .arbiter file to copy")
    p.add_argument("-o", "--output", type=Path, required=True, help="the copy (.arbiter)")
    p.add_argument(
        "--overwrite", action="store_true", help="replace COPY if it exists (never FILE itself)"
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        session.save_copy(args.output, overwrite=args.overwrite)
        name = session.event.name
        count = len(session.journal())
    entries = "1 journal entry" if count == 1 else f"{count} journal entries"
    print(f"copied {args.file} to {args.output}: {name}, {entries}")
    return 0
