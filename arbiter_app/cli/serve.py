"""``arbiter-app serve FILE [--host ADDR] [--port N] [--url URL]``: the players' page.

Serves the event's pairings, the pairings by name, the standings, the crosstable and the
play-off bracket to the players' phones, read-only, until Ctrl+C. The file stays free:
the window (or the command line) goes on entering results in it, and every open page
follows within seconds. It listens on 127.0.0.1 (this computer only) unless ``--host``
names the address to listen on: ``--host 0.0.0.0`` opens it to the venue's network.
The address to give the players, and its QR code, are on the page ``/address``;
``arbiter-app print FILE players-page-qr --url URL`` prints them for the wall.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter_app.core.errors import ArbiterError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="serve the players' page (pairings, standings, ...) to phones on the local network",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    p.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="ADDR",
        help="the address to listen on (default 127.0.0.1, this computer only; "
        "0.0.0.0: every network of this computer)",
    )
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, metavar="N", help="the port (default 8080)"
    )
    p.add_argument(
        "--url",
        default=None,
        help="the address the players are given, when it is not this computer's "
        "(a name the venue's router knows)",
    )
    p.add_argument(
        "--section",
        dest="section",
        metavar="NAME",
        help="the section shown first (every section is served; the pages switch between them)",
    )
    p.add_argument("--quiet", action="store_true", help="do not print each request")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise ArbiterError(f"--port {args.port}: a port is a number from 0 to 65535")
    from arbiter_app.web.server import serve_file

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    server = serve_file(
        args.file, args.host, args.port, url=args.url, log=None if args.quiet else log
    )
    wanted = getattr(args, "section", None)
    if wanted:
        snapshot = server.watch.snapshot()
        chosen = [s.number for s in snapshot.sections if s.name.casefold() == wanted.casefold()]
        server.default_section = chosen[0] if chosen else None
    event = server.watch.snapshot().sections[0].event or args.file.name
    print(
        f"Serving the players' page of {event} at {server.url} "
        f"(listening on {args.host} port {server.port}; Ctrl+C stops)",
        flush=True,
    )
    if args.host == DEFAULT_HOST:
        print(
            "Only this computer can open it: --host 0.0.0.0 opens it to the local network.",
            flush=True,
        )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("Stopped.", flush=True)
    finally:
        server.server_close()
    return 0
