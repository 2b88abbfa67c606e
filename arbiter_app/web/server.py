"""The players' page's web server: read-only, its own pages only, for the venue's network.

Standard library only (:class:`http.server.ThreadingHTTPServer`): a phone per player at
most, a page of a few kilobytes each, nothing to install at the venue. The server
answers GET and HEAD for the pages :data:`~arbiter_app.web.pages.PAGES` lists, the
``/version`` the pages poll, and nothing else: any other method is refused with 405
(it changes nothing, ever: results are the arbiter's), any other path with 404, so no
``/../`` or encoded variant of it reaches a file. It listens where the arbiter says:
``127.0.0.1`` (this computer only) unless told to open to the venue's network.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from arbiter_app.core.errors import ArbiterError
from arbiter_app.web.assets import CONTENT_SECURITY_POLICY
from arbiter_app.web.pages import (
    PAGES,
    PageKind,
    Request,
    error_page,
    render,
)
from arbiter_app.web.snapshot import EventWatch, Snapshot

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
ALL_INTERFACES = ("0.0.0.0", "::")
VERSION_PATH = "/version"
ALLOWED = "GET, HEAD"
MAX_QUERY = 200
"""Characters of a search kept (a name is at most 33, core.limits)."""
CACHED_PAGES = 256
"""Pages kept made for the event's current version: when a result comes in, every open
page reloads at once, and a hundred phones then cost one standings, not a hundred."""
REQUEST_TIMEOUT = 10.0
"""Seconds a connection may stay silent: a phone that went away frees its thread."""

_PAGE_PATHS = {kind.path: kind for kind in PAGES}

Log = Callable[[str], None]


def lan_address() -> str:
    """This computer's address on the local network, as the phones reach it.

    Connecting a UDP socket sends nothing; it only makes the system choose the interface
    it would route a private address through, whose address is the one to show. No
    network at all: the loopback address.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address: str = probe.getsockname()[0]
    except OSError:
        address = DEFAULT_HOST
    finally:
        probe.close()
    return address


def public_url(host: str, port: int) -> str:
    """The address to give the players for a server listening on *host*:*port*."""
    shown = lan_address() if host in ALL_INTERFACES or not host else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}/" if port == 80 else f"http://{shown}:{port}/"


class PlayersPageServer(ThreadingHTTPServer):
    """The server, with the event it shows and the address it gives out."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self,
        watch: EventWatch,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        url: str | None = None,
        default_section: int | None = None,
        log: Log | None = None,
    ) -> None:
        if ":" in host:
            self.address_family = socket.AF_INET6
        try:
            super().__init__((host, port), PageHandler)
        except OSError as exc:
            raise ArbiterError(
                f"cannot listen on {host} port {port} ({exc.strerror or exc}); "
                "choose another port (--port) or address (--host)"
            ) from None
        self.watch = watch
        self.host = host
        self.port = int(self.server_address[1])
        self.url = url or public_url(host, self.port)
        self.default_section = default_section
        self.log = log
        self._thread: threading.Thread | None = None
        self._pages: dict[tuple[str, str, int | None, str], str] = {}
        self._pages_lock = threading.Lock()

    def page(self, kind: PageKind, snapshot: Snapshot, request: Request) -> str:
        """Page *kind* of *snapshot*, made once per version of the event."""
        key = (snapshot.version, kind.path, request.section, request.query)
        with self._pages_lock:
            made = self._pages.get(key)
        if made is None:
            made = render(kind, snapshot, request, self.url)
            with self._pages_lock:
                if any(old[0] != snapshot.version for old in self._pages):
                    self._pages.clear()
                if len(self._pages) < CACHED_PAGES:
                    self._pages[key] = made
        return made

    def start(self) -> None:
        """Serve in a thread of its own (the window's Publish) until :meth:`stop`."""
        self._thread = threading.Thread(target=self.serve_forever, name="players-page", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop serving and let go of the port."""
        if self._thread is not None:
            self.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self.server_close()


class PageHandler(BaseHTTPRequestHandler):
    """One request: a page, the version, or a refusal."""

    server: PlayersPageServer
    server_version = "Arbiter"
    sys_version = ""
    timeout = REQUEST_TIMEOUT
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def __getattr__(self, name: str) -> Any:
        # Every other method (POST, PUT, DELETE, OPTIONS, …): the page changes nothing.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def version_string(self) -> str:
        return self.server_version

    def _not_allowed(self) -> None:
        # A body the request may carry is never read: the connection ends with the answer.
        self.close_connection = True
        self._send(
            HTTPStatus.METHOD_NOT_ALLOWED,
            error_page(405, "Method Not Allowed", "This page can only be read."),
            extra={"Allow": ALLOWED},
        )

    def _answer(self, *, body: bool) -> None:
        parts = urlsplit(self.path)
        if parts.path == VERSION_PATH:
            try:
                version = self.server.watch.version()
            except ArbiterError:
                version = ""
            self._send(HTTPStatus.OK, version + "\n", "text/plain", body=body)
            return
        kind = _PAGE_PATHS.get(parts.path)
        if kind is None:
            self._send(
                HTTPStatus.NOT_FOUND,
                error_page(404, "Not Found", "There is no such page."),
                body=body,
            )
            return
        request = _request(parts.query, self.server.default_section)
        try:
            snapshot = self.server.watch.snapshot()
        except ArbiterError:
            self._send(
                HTTPStatus.SERVICE_UNAVAILABLE,
                error_page(503, "Not Available", "The event cannot be read just now."),
                body=body,
                extra={"Retry-After": "5"},
            )
            return
        self._send(HTTPStatus.OK, self.server.page(kind, snapshot, request), body=body)

    def _send(
        self,
        status: HTTPStatus,
        text: str,
        content_type: str = "text/html",
        *,
        body: bool = True,
        extra: dict[str, str] | None = None,
    ) -> None:
        data = text.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", f"{content_type}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # Every open page asks for the version every few seconds: not worth a line each.
        if urlsplit(self.path).path != VERSION_PATH:
            super().log_request(code, size)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.log is not None:
            self.server.log(f"{self.address_string()} {format % args}")


def _request(query: str, default_section: int | None) -> Request:
    try:
        values = parse_qs(query, keep_blank_values=False, max_num_fields=10)
    except ValueError:  # more fields than any page takes: none of them is ours
        values = {}
    section = default_section
    wanted = values.get("section", [""])[0]
    if wanted.isdecimal() and len(wanted) < 6:
        section = int(wanted)
    text = values.get("q", [""])[0][:MAX_QUERY]
    return Request(section, text)


def serve_file(
    path: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    url: str | None = None,
    default_section: int | None = None,
    log: Log | None = None,
) -> PlayersPageServer:
    """A server for the event in *path*, listening but not yet serving; the file is read
    once first, so a file that cannot be shown is refused before anything listens."""
    watch = EventWatch(path)
    watch.snapshot()
    return PlayersPageServer(watch, host, port, url=url, default_section=default_section, log=log)
