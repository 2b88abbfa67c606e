"""``arbiter-app print FILE SHEET [--round R] [--paper a4|letter] -o OUT.pdf``.

Makes one of the venue's sheets as a PDF file (Qt lays it out, headless when
there is no display). The sheets are listed by ``arbiter-app print --help``;
``players-page-qr`` is the wall sheet of the players' page (``arbiter-app serve``):
its address (``--url``) in large type and as a QR code.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.words import count
from arbiter_app.exports.sheet import Paper, Sheet
from arbiter_app.sheets.builders import SHEET_HELP, SHEETS
from arbiter_app.sheets.source import load
from arbiter_app.store.outputs import check_output, pdf_whole, write_output

QR_SHEET = "players-page-qr"
QR_HELP = "the players' page's address and its QR code, for the wall (--url)"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "print",
        description="Print one of the venue's sheets as a PDF file, A4 or US Letter.",
        epilog="sheets: "
        + "; ".join(f"{name}: {text}" for name, text in {**SHEET_HELP, QR_SHEET: QR_HELP}.items()),
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    p.add_argument("sheet", choices=sorted([*SHEETS, QR_SHEET]), help="which sheet")
    p.add_argument(
        "--round",
        type=int,
        default=None,
        help="the round (default: the latest); in a double Swiss the game: 3 is round 2, game 1",
    )
    p.add_argument(
        "--paper", choices=[x.value for x in Paper], default=Paper.A4.value, help="paper size"
    )
    p.add_argument(
        "--tiebreaks", default=None, help="tie-break list for standings, e.g. 'BH/C1,BH,SB'"
    )
    p.add_argument(
        "--provisional",
        action="store_true",
        help="standings and crosstable: include the round in progress, unfinished games "
        "pending (default: after the last complete round)",
    )
    p.add_argument(
        "--url",
        default=None,
        help=f"{QR_SHEET}: the players' page's address (default: what 'serve --host 0.0.0.0' "
        "gives, this computer's address on the network and port 8080)",
    )
    p.add_argument("-o", "--output", required=True, type=Path, help="the PDF file to write")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.round is not None and args.round < 1:
        raise ArbiterError(f"--round {args.round}: rounds are numbered from 1")
    check_output(args.output, sources=[args.file])  # before the work of reading
    if args.sheet == QR_SHEET:
        sheet, url = _qr_sheet(args)
        code = _print(sheet, args)
        print(f"the address on it: {url} (serve the page there: arbiter-app serve FILE --host …)")
        return code
    src = load(args.file)
    if args.tiebreaks is not None:
        from arbiter_app.sheets.builders import with_tiebreaks

        src = with_tiebreaks(src, args.tiebreaks)
    if args.provisional:
        src = replace(src, provisional=True)
    return _print(SHEETS[args.sheet](src, args.round), args)


def _qr_sheet(args: argparse.Namespace) -> tuple[Sheet, str]:
    """The wall sheet of the players' page: the event's name, the address, its QR code."""
    from arbiter_app.web.qr import address_sheet
    from arbiter_app.web.server import ALL_INTERFACES, DEFAULT_PORT, public_url
    from arbiter_app.web.snapshot import journal_version, read_snapshot

    url = args.url or public_url(ALL_INTERFACES[0], DEFAULT_PORT)
    if not url.lower().startswith(("http://", "https://")):
        raise ArbiterError(f"--url {url}: the address starts with http:// (as serve prints it)")
    snapshot = read_snapshot(args.file, journal_version(args.file))
    names = tuple(s.name for s in snapshot.sections)
    return address_sheet(url, snapshot.sections[0].event, names), url


def _print(sheet: Sheet, args: argparse.Namespace) -> int:
    # Qt is loaded only here: the other commands stay light.
    from arbiter_app import printing

    paper = Paper.parse(args.paper)
    counted: list[int] = []

    def write(path: Path) -> None:
        counted.append(printing.write_pdf(sheet, path, paper))

    # Aside, checked whole (Qt does not report a full disk) and moved into place (issue 27).
    write_output(args.output, write, sources=[args.file], check=pdf_whole)
    pages = counted[0]
    print(f"wrote {args.output}: {sheet.title}, {count(pages, 'page')}", file=sys.stdout)

    return 0
