"""How fresh the FIDE lists on this computer are, and which are due a download.

FIDE's verification checklist for tournament programs asks whether the local
copies of FIDE's rating lists are never more than a day old while the program
runs (FIDE C.02 checklist, rating lists, Q135). FIDE publishes its lists on the
first day of every month (FIDE Rating Regulations, the official rating list), and
corrects them now and then: a list is *fresh* while FIDE was asked about it less
than a day ago, and *due* once a day has passed since. Asking costs one
conditional request: an unchanged list is not downloaded again.

Pure rules: the time is always given (no clock here), and the words are made for
the time zone of the *now* given, so the window speaks in local time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final

from arbiter_app.core.ratinglist import RatingType

FRESH_FOR: Final = timedelta(days=1)
"""How long a list stays fresh after FIDE last answered for it (FIDE C.02 checklist, Q135)."""


@dataclass(frozen=True, slots=True)
class ListCheck:
    """What this computer knows of the download of one of FIDE's lists.

    *checked* is when FIDE last answered for the list (a new file imported, or
    "unchanged"); *etag* and *last_modified* are the validators of the file
    imported then, sent with the next request so that an unchanged list is not
    downloaded again. *failed* and *error* are the last attempt that went wrong,
    cleared by the next one that succeeds.
    """

    kind: RatingType
    checked: datetime | None = None
    changed: datetime | None = None
    etag: str = ""
    last_modified: str = ""
    title: str = ""
    failed: datetime | None = None
    error: str = ""

    def answered(self, now: datetime) -> ListCheck:
        """The record after FIDE said the list is unchanged at *now*."""
        return replace(self, checked=now, failed=None, error="")

    def imported(self, now: datetime, *, title: str, etag: str, last_modified: str) -> ListCheck:
        """The record after a new file of the list was downloaded and imported at *now*."""
        return ListCheck(
            self.kind,
            checked=now,
            changed=now,
            etag=etag,
            last_modified=last_modified,
            title=title,
        )

    def went_wrong(self, now: datetime, error: str) -> ListCheck:
        """The record after an attempt at *now* failed for *error* (the list stays as it was)."""
        return replace(self, failed=now, error=error)


def is_due(check: ListCheck | None, now: datetime) -> bool:
    """Whether the list must be asked for again: never answered, or a day has passed."""
    return check is None or check.checked is None or now - check.checked >= FRESH_FOR


def due(checks: Mapping[RatingType, ListCheck], now: datetime) -> list[RatingType]:
    """FIDE's lists due a download at *now*, in the order standard, rapid, blitz."""
    return [kind for kind in RatingType if is_due(checks.get(kind), now)]


def moment_words(moment: datetime, now: datetime) -> str:
    """``10:42`` today, ``26 Nov 10:42`` another day (in *now*'s time zone)."""
    local = moment.astimezone(now.tzinfo) if now.tzinfo is not None else moment
    if local.date() == now.date():
        return local.strftime("%H:%M")
    return f"{local.day} {local.strftime('%b %H:%M')}"


def status_text(checks: Mapping[RatingType, ListCheck], now: datetime) -> str:
    """One sentence for the window's status bar: when the lists were last refreshed, and
    what failed (a quiet note, never an error box: the venue may have no network)."""
    known = [checks[k] for k in RatingType if k in checks]
    failed = [c for c in known if c.error]
    answered = [c.checked for c in known if c.checked is not None]
    if failed:
        last = max(c.failed for c in failed if c.failed is not None)
        reason = failed[-1].error
        text = f"FIDE lists not refreshed at {moment_words(last, now)}: {reason}"
        if answered:
            text += f"; last refreshed {moment_words(min(answered), now)}"
        return text + "."
    if len(answered) < len(RatingType):
        return "FIDE lists not downloaded yet."
    oldest = min(answered)
    if now - oldest >= FRESH_FOR:
        return f"FIDE lists last refreshed {moment_words(oldest, now)}: a download is due."
    return f"FIDE lists up to date (refreshed {moment_words(oldest, now)})."


def detail_lines(checks: Mapping[RatingType, ListCheck], now: datetime) -> list[str]:
    """One line per list for the status bar's tooltip and the command line."""
    out: list[str] = []
    for kind in RatingType:
        check = checks.get(kind)
        name = f"The {kind.value} list"
        if check is None or check.checked is None:
            line = f"{name} has not been downloaded yet"
        else:
            line = f"{name} was refreshed {moment_words(check.checked, now)}"
            if check.title:
                line += f" ({check.title})"
        if check is not None and check.error and check.failed is not None:
            line += f"; the attempt at {moment_words(check.failed, now)} failed: {check.error}"
        out.append(line + ".")
    return out
