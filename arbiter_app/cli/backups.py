"""``arbiter-app backups``: the folder automatic backups go to (shared with the window).

Once a folder is chosen, every command that completes a round (a result, a
correction, an undo that brings the round back) writes a dated copy of the event
there, as the window does; ``--off`` stops it. Restoring a backup is opening it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.store.backups import backup_folder, set_backup_folder


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("backups")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--folder", type=Path, help="the backup folder (it must exist)")
    group.add_argument("--off", action="store_true", help="make no more automatic backups")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.folder is not None:
        set_backup_folder(args.folder)
    elif args.off:
        set_backup_folder(None)
    folder = backup_folder()
    if folder is None:
        print("No backup folder is chosen: no automatic backups are made.")
    else:
        print(f"After each complete round a dated copy of the event goes to {folder}.")
    return 0
