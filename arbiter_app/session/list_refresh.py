"""Keeping FIDE's lists on this computer no more than a day old (FIDE C.02 checklist, Q135).

For the arbiter who switched the download on (:mod:`arbiter_app.store.fide_download`;
off by default, and then nothing here runs): each of FIDE's lists that FIDE was
last asked about a day ago or more (:func:`arbiter_app.core.list_freshness.due`)
is asked for again with a conditional request; a new file is imported into the
rating database as ``ratings update`` imports one (Q136), an unchanged one is
only noted. Each list is its own attempt: one that fails is recorded with the
reason and the others go on. The window runs this in a worker thread on a timer;
the command line runs it with ``ratings update --download``.
"""

from __future__ import annotations

import contextlib
import enum
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.list_freshness import ListCheck, due, moment_words
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.store.fide_download import (
    download_address,
    download_enabled,
    downloads_folder,
    fetch,
    list_url,
    read_checks,
    write_check,
)
from arbiter_app.store.rating_db import RatingDatabase


class DownloadOff(ArbiterError):
    """The download of FIDE's lists was asked for while the arbiter has it switched off."""


class Outcome(enum.Enum):
    """What became of one list."""

    IMPORTED = "imported"
    UNCHANGED = "unchanged"
    FAILED = "failed"
    FRESH = "fresh"
    """Not asked for: FIDE answered for it less than a day ago."""


@dataclass(frozen=True, slots=True)
class RefreshLine:
    """One list's outcome, with a sentence that says it."""

    kind: RatingType
    outcome: Outcome
    text: str


OFF_TEXT = (
    "downloading FIDE's lists is switched off (Arbiter works offline unless asked): "
    "switch it on with arbiter-app ratings download --on, or in the window's "
    "Edit ▸ Preferences…"
)


_ONE_AT_A_TIME = threading.Lock()
"""Two windows of one program may both find the lists due: their downloads take turns, so
that the second finds them fresh instead of importing the same list over the first's."""


def refresh_fide_lists(
    now: datetime, *, every: bool = False, db_path: Path | None = None
) -> list[RefreshLine]:
    """Download and import each of FIDE's lists due at *now* (all three with *every*), one
    line per list in the order standard, rapid, blitz. Refused while the download is off.
    One download runs at a time in the program (:data:`_ONE_AT_A_TIME`)."""
    with _ONE_AT_A_TIME:
        return _refresh(now, every, db_path)


def _refresh(now: datetime, every: bool, db_path: Path | None) -> list[RefreshLine]:
    if not download_enabled():
        raise DownloadOff(OFF_TEXT)
    address = download_address()
    checks = read_checks()
    wanted = list(RatingType) if every else due(checks, now)
    out: list[RefreshLine] = []
    for kind in RatingType:
        previous = checks.get(kind) or ListCheck(kind)
        if kind not in wanted:
            when = moment_words(previous.checked, now) if previous.checked else "recently"
            out.append(RefreshLine(kind, Outcome.FRESH, f"refreshed {when}, less than a day ago"))
            continue
        try:
            fetched = fetch(list_url(address, kind), previous, downloads_folder())
            if fetched.path is None:
                write_check(previous.answered(now))
                out.append(
                    RefreshLine(kind, Outcome.UNCHANGED, "unchanged since the last download")
                )
                continue
            with RatingDatabase.open(db_path) as db:
                report = db.import_file(fetched.path, rating_type=kind)
            listed = report.imported
            write_check(
                previous.imported(
                    now,
                    title=listed.title,
                    etag=fetched.etag,
                    last_modified=fetched.last_modified,
                )
            )
            out.append(RefreshLine(kind, Outcome.IMPORTED, f"{listed.size}: {listed.title}"))
        except ArbiterError as exc:
            reason = str(exc).splitlines()[0]
            # Unrecorded, the reason is still said, and the list is asked for again next time.
            with contextlib.suppress(ArbiterError):
                write_check(previous.went_wrong(now, reason))
            out.append(RefreshLine(kind, Outcome.FAILED, reason))
    return out
