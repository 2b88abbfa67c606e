"""A server on this computer's loopback address that serves rating lists as FIDE's does.

It answers GET for the files it holds with an ``ETag`` and a ``Last-Modified``
header, and answers 304 Not Modified to a request whose ``If-None-Match`` names
the file's tag (RFC 9110 13.1.2), or whose ``If-Modified-Since`` is not older
than the file (13.1.3) when no tag is sent. Each request is recorded (path and
the conditional headers) so that a test can say what was asked. A file can be
replaced (a new month) or made to fail with a status of the test's choosing.
"""

from __future__ import annotations

import hashlib
import io
import threading
import time
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import format_datetime, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.fide_lists import Row, single_header, single_line

KINDS = ("standard", "rapid", "blitz")


def list_zip(kind: str, month_code: str, rows: Sequence[Row]) -> bytes:
    """A single FIDE list (*kind*) of the month ``NOV26`` zipped as FIDE ships it; the
    month is said by the header only, as in FIDE's current files."""
    text = "\n".join([single_header(month_code), *(single_line(r, kind) for r in rows)]) + "\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{kind}_rating_list.txt", text)
    return buffer.getvalue()


ROWS = (
    Row(1503014, "Carlsen, Magnus", "NOR", title="GM", standard=(2833, 9, 10),
        rapid=(2824, 20, 20), blitz=(2886, 15, 20), born=1990),
    Row(2020009, "Caruana, Fabiano", "USA", title="GM", standard=(2795, 10, 10),
        rapid=(2730, 0, 20), blitz=(2766, 4, 20), born=1992),
    Row(14109603, "Nakamura, Hikaru", "USA", title="GM", standard=(2807, 0, 10),
        rapid=(2750, 0, 20), blitz=(2868, 12, 20), born=1987),
)  # fmt: skip


def month_of_lists(month_code: str, rows: Sequence[Row] = ROWS) -> dict[str, bytes]:
    """The three files of one month, by the names FIDE gives them."""
    return {f"/{kind}_rating_list.zip": list_zip(kind, month_code, rows) for kind in KINDS}


@dataclass
class Asked:
    path: str
    if_none_match: str | None
    if_modified_since: str | None


@dataclass
class FideServer:
    """The served files by path, what was asked, and the status forced on every answer."""

    files: dict[str, bytes]
    modified: dict[str, datetime] = field(default_factory=dict)
    asked: list[Asked] = field(default_factory=list)
    fail_with: int | None = None
    delay: float = 0.0
    """Seconds every answer waits (a slow line at the venue)."""
    port: int = 0

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def put(self, path: str, body: bytes, moment: datetime) -> None:
        self.files[path] = body
        self.modified[path] = moment

    def tag(self, path: str) -> str:
        return '"' + hashlib.sha256(self.files[path]).hexdigest()[:16] + '"'


def _handler(server: FideServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = self.path
            server.asked.append(
                Asked(
                    path, self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since")
                )
            )
            if server.delay:
                time.sleep(server.delay)
            if server.fail_with is not None:
                self.send_error(server.fail_with)
                return
            body = server.files.get(path)
            if body is None:
                self.send_error(404)
                return
            tag = server.tag(path)
            modified = server.modified.get(path, datetime(2026, 11, 1, tzinfo=UTC))
            asked_tag = self.headers.get("If-None-Match")
            since = self.headers.get("If-Modified-Since")
            unchanged = (
                asked_tag == tag
                if asked_tag is not None
                else (since is not None and parsedate_to_datetime(since) >= modified)
            )
            if unchanged:
                self.send_response(304)
                self.send_header("ETag", tag)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", format_datetime(modified, usegmt=True))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the test reads :attr:`FideServer.asked`."""

    return Handler


@contextmanager
def serving(files: dict[str, bytes]) -> Iterator[FideServer]:
    """A :class:`FideServer` listening on 127.0.0.1 until the block ends."""
    state = FideServer(dict(files))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.port = int(httpd.server_address[1])
    thread = threading.Thread(target=httpd.serve_forever, name="fide-server", daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
