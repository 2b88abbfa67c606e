"""``arbiter-app print FILE SHEET [--round R] [--paper a4|letter] -o OUT.pdf``.

Makes one of the venue's sheets as a PDF file (Qt lays it out, headless when
there is no display). The sheets are listed by ``arbiter-app print --help``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.words import count
from arbiter_app.exports.sheet import Paper
from arbiter_app.sheets.builders import SHEET_HELP, SHEETS
from arbiter_app.sheets.source import load
from arbiter_app.store.outputs import check_output, pdf_whole, write_output


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "print",
        help="print a sheet (pairings, result slips, crosstable, standings, ...) as PDF",
        description="Print one of the venue's sheets as a PDF file, A4 or US Letter.",
        epilog="sheets: " + "; ".join(f"{name}: {text}" for name, text in SHEET_HELP.items()),
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    p.add_argument("sheet", choices=sorted(SHEETS), help="which sheet")
    p.add_argument("--round", type=int, default=None, help="the round (default: the latest)")
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
    p.add_argument("-o", "--output", required=True, type=Path, help="the PDF file to write")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.round is not None and args.round < 1:
        raise ArbiterError(f"--round {args.round}: rounds are numbered from 1")
    check_output(args.output, sources=[args.file])  # before the work of reading
    src = load(args.file)
    if args.tiebreaks is not None:
        from arbiter_app.sheets.builders import with_tiebreaks

        src = with_tiebreaks(src, args.tiebreaks)
    if args.provisional:
        src = replace(src, provisional=True)
    sheet = SHEETS[args.sheet](src, args.round)
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
