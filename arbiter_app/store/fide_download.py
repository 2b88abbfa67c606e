"""Downloading FIDE's rating lists, for the arbiter who asks for it (off by default).

Arbiter works without a network (FIDE C.02 checklist, Q223). An arbiter whose
computer has one may ask it to keep the local copies of FIDE's lists no more than
a day old (Q135): the preference "Download FIDE's rating lists and keep them no
more than a day old", kept with the other preferences of this computer
(:mod:`arbiter_app.store.preferences`), with the address FIDE's files are
downloaded from (``https://ratings.fide.com/download/``, changeable: a mirror, a
federation's server, a test's server on this computer). Nothing is sent
anywhere while it is off.

Each list is one file at the address: ``standard_rating_list.zip``,
``rapid_rating_list.zip`` and ``blitz_rating_list.zip``, the single TXT lists
whose header names their month. What this computer knows of each download (when
FIDE last answered, the validators of the file imported then, the last failure)
is kept in ``fide-downloads.json`` beside the rating database.

The client is the standard library's :mod:`urllib.request`: a download here is
one GET with two conditional headers (``If-None-Match``, ``If-Modified-Since``),
its body streamed to a file with a bound on its size; urllib does that, honours
the system's proxy settings and verifies the server's certificate, and adds no
dependency to a program that otherwise never touches the network.
"""

from __future__ import annotations

import json
import socket
import ssl
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.list_freshness import ListCheck
from arbiter_app.core.ratinglist import RatingType
from arbiter_app.store.preferences import (
    PreferencesError,
    read_preferences,
    replace_json,
    write_preferences,
)
from arbiter_app.store.rating_db import data_folder

DEFAULT_ADDRESS: Final = "https://ratings.fide.com/download/"
"""Where FIDE publishes its rating lists."""
FILES: Final = {
    RatingType.STANDARD: "standard_rating_list.zip",
    RatingType.RAPID: "rapid_rating_list.zip",
    RatingType.BLITZ: "blitz_rating_list.zip",
}
"""The file of each list at the address (the single TXT lists: their header names the month)."""
RECORD_NAME: Final = "fide-downloads.json"
DOWNLOADS: Final = "downloads"
"""The folder of the data folder the files are downloaded to (the last file of each list)."""
TIMEOUT_SECONDS: Final = 30.0
"""How long a silent server is waited for."""
LARGEST_FILE: Final = 256 * 1024 * 1024
"""A download larger than this is not a rating list (FIDE's are a few megabytes)."""
CHUNK: Final = 64 * 1024

_ENABLED: Final = "fide_download"
_ADDRESS: Final = "fide_download_address"


class DownloadError(ArbiterError):
    """A list could not be downloaded (the message says why, in the arbiter's words)."""


# -- the preference ---------------------------------------------------------------------
def download_enabled() -> bool:
    """Whether the arbiter asked for FIDE's lists to be downloaded (off by default)."""
    return read_preferences().get(_ENABLED) is True


def download_address() -> str:
    """The address FIDE's list files are downloaded from."""
    value = read_preferences().get(_ADDRESS)
    return value if isinstance(value, str) and value else DEFAULT_ADDRESS


def checked_address(text: str) -> str:
    """*text* as an address of list files (``http`` or ``https``, with a host), ending in
    ``/`` so that each file's name is added to it; refused with the reason."""
    address = text.strip()
    parts = urllib.parse.urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PreferencesError(
            f"{address!r} is not an address of FIDE's files: give one that starts with "
            f"https:// (FIDE's is {DEFAULT_ADDRESS})"
        )
    if parts.query or parts.fragment:
        raise PreferencesError(f"{address!r}: give the folder of the files, without ? or #")
    return address if address.endswith("/") else address + "/"


def set_download(enabled: bool | None = None, address: str | None = None) -> None:
    """Switch the download on or off, and/or change its address ("" goes back to FIDE's)."""
    changes: dict[str, object | None] = {}
    if address is not None:
        chosen = checked_address(address) if address.strip() else DEFAULT_ADDRESS
        changes[_ADDRESS] = None if chosen == DEFAULT_ADDRESS else chosen
    if enabled is not None:
        changes[_ENABLED] = True if enabled else None
    if changes:
        write_preferences(changes)


def list_url(address: str, kind: RatingType) -> str:
    """The address of the file of the *kind* list."""
    return urllib.parse.urljoin(checked_address(address), FILES[kind])


# -- what is known of each download ------------------------------------------------------
def _record_path() -> Path:
    return data_folder() / RECORD_NAME


def _moment(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def read_checks() -> dict[RatingType, ListCheck]:
    """What is known of each list's download (nothing for a list never tried; a damaged
    record is read as nothing known, which only means the lists are asked for again)."""
    try:
        data = json.loads(_record_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[RatingType, ListCheck] = {}
    for kind in RatingType:
        item = data.get(kind.value)
        if not isinstance(item, dict):
            continue
        out[kind] = ListCheck(
            kind,
            checked=_moment(item.get("checked")),
            changed=_moment(item.get("changed")),
            etag=_text(item.get("etag")),
            last_modified=_text(item.get("last_modified")),
            title=_text(item.get("title")),
            failed=_moment(item.get("failed")),
            error=_text(item.get("error")),
        )
    return out


def _stamp(moment: datetime | None) -> str:
    return "" if moment is None else moment.isoformat(timespec="seconds")


def write_check(check: ListCheck) -> None:
    """Keep what is known of *check*'s list (the file is replaced whole)."""
    checks = read_checks()
    checks[check.kind] = check
    data = {
        c.kind.value: {
            "checked": _stamp(c.checked),
            "changed": _stamp(c.changed),
            "etag": c.etag,
            "last_modified": c.last_modified,
            "title": c.title,
            "failed": _stamp(c.failed),
            "error": c.error,
        }
        for c in checks.values()
    }
    path = _record_path()
    try:
        replace_json(path, data)
    except OSError as exc:
        raise DownloadError(
            f"what was downloaded cannot be recorded in {path} ({exc.strerror})"
        ) from exc


# -- the download ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Fetched:
    """A list's answer: a new file at *path* (with its validators), or unchanged (None)."""

    path: Path | None
    etag: str = ""
    last_modified: str = ""


def reason_of(exc: BaseException) -> str:
    """Why a request failed, in the arbiter's words."""
    if isinstance(exc, urllib.error.HTTPError):
        return f"the server answered {exc.code} {exc.reason}"
    if isinstance(exc, urllib.error.URLError):
        exc_reason = exc.reason
        if isinstance(exc_reason, BaseException):
            return reason_of(exc_reason)
        return f"the server cannot be reached ({exc_reason})"
    if isinstance(exc, socket.gaierror):
        return "no network (the server's name cannot be looked up)"
    if isinstance(exc, TimeoutError):
        return f"no answer within {TIMEOUT_SECONDS:.0f} seconds"
    if isinstance(exc, ConnectionRefusedError):
        return "the server refused the connection"
    if isinstance(exc, ssl.SSLError):
        return f"the server's certificate cannot be trusted ({exc.reason})"
    if isinstance(exc, OSError):
        return f"no network ({exc.strerror or exc})"
    return str(exc)


def fetch(
    url: str, previous: ListCheck | None, folder: Path, timeout: float = TIMEOUT_SECONDS
) -> Fetched:
    """GET *url*, conditional on the validators of the file imported before (RFC 9110
    13.1.2 If-None-Match, 13.1.3 If-Modified-Since): an unchanged list answers 304 and
    nothing is downloaded. A new file is streamed to *folder* under the name the address
    gives it, replacing the last one only once whole. Raises DownloadError with the reason.
    """
    headers = {"User-Agent": "Arbiter (chess tournament program)"}
    if previous is not None and previous.etag:
        headers["If-None-Match"] = previous.etag
    if previous is not None and previous.last_modified:
        headers["If-Modified-Since"] = previous.last_modified
    request = urllib.request.Request(url, headers=headers)
    name = Path(urllib.parse.urlsplit(url).path).name or "list.zip"
    target = folder / name
    partial = folder / f".{name}.part"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(request, timeout=timeout) as response:
            size = 0
            with partial.open("wb") as out:
                while chunk := response.read(CHUNK):
                    size += len(chunk)
                    if size > LARGEST_FILE:
                        raise DownloadError(
                            f"the file is larger than {LARGEST_FILE // (1024 * 1024)} MB: "
                            "not a rating list"
                        )
                    out.write(chunk)
            etag = response.headers.get("ETag", "")
            last_modified = response.headers.get("Last-Modified", "")
        if name.lower().endswith(".zip") and not zipfile.is_zipfile(partial):
            # A hotel's or a venue's login page answers any address with its own page.
            raise DownloadError(
                "what the server sent is not a zip file (a network that asks to log in "
                "first, or an address that is not that of FIDE's lists)"
            )
        partial.replace(target)
    except urllib.error.HTTPError as exc:
        exc.close()
        partial.unlink(missing_ok=True)
        if exc.code == 304:
            return Fetched(None)
        raise DownloadError(reason_of(exc)) from None
    except DownloadError:
        partial.unlink(missing_ok=True)
        raise
    except (OSError, urllib.error.URLError, ValueError) as exc:
        partial.unlink(missing_ok=True)
        raise DownloadError(reason_of(exc)) from None
    return Fetched(target, etag, last_modified)


def downloads_folder() -> Path:
    """Where the files are downloaded to before they are imported."""
    return data_folder() / DOWNLOADS
