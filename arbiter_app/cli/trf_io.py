"""``arbiter-app import IN.trf -o FILE`` and ``arbiter-app export FILE --format FMT -o OUT``.

The export formats (csv, json, html, trf, pgn) live in
:mod:`arbiter_app.cli.export_formats`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from types import ModuleType

from arbiter_app.cli import export_formats
from arbiter_app.cli.confirming import add_confirm_argument, confirmation, print_notices
from arbiter_app.cli.export_formats import FORMATS, USCHESS
from arbiter_app.cli.uschess import add_header_options
from arbiter_app.core.checker.imported import compare_imported_rounds
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.warning_levels import Alert
from arbiter_app.core.words import sentence
from arbiter_app.session.adjourned import adjourned_in
from arbiter_app.session.importing import create_imported
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.trf_source import import_arguments
from arbiter_app.sheets.files import read_text


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    imp = sub.add_parser("import")
    imp.add_argument("source", type=Path, help="the TRF file to read")
    imp.add_argument("-o", "--output", required=True, type=Path, help="the new .arbiter file")
    add_confirm_argument(imp)
    imp.set_defaults(handler=run_import)
    exp = sub.add_parser("export")
    exp.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    exp.add_argument(
        "--format",
        choices=[*FORMATS, USCHESS],
        default="trf",
        help="uschess: the US Chess rating report, three DBF files written into the folder -o",
    )
    exp.add_argument(
        "--trf-version",
        choices=["TRF-16", "TRF-26"],
        default=None,
        help="for --format trf (default: the version of the TRF file the event came from, "
        "else TRF-26)",
    )
    exp.add_argument(
        "--tiebreaks", default=None, help="tie-break list for the standings, e.g. 'BH/C1,BH,SB'"
    )
    exp.add_argument(
        "--provisional",
        action="store_true",
        help="standings: include the round in progress, unfinished games pending "
        "(default: after the last complete round)",
    )
    exp.add_argument(
        "--period",
        default=None,
        metavar="YYYY-MM",
        help="trf: the rating report of one rating period (a month), the rounds dated in it "
        "only, for an event over 30 days (FIDE rates it period by period)",
    )
    exp.add_argument(
        "--in-tournament",
        action="store_true",
        help="trf: the file of in-tournament data exchange (TRF-26's ITDX), not the rating "
        "report: every round paired, the round in progress included, an adjourned game "
        "written '?' (record 162's X); written while a game is adjourned, which the rating "
        "report is not",
    )
    exp.add_argument("-o", "--output", required=True, type=Path)
    exp.add_argument(
        "--teams",
        action="store_true",
        help="csv, json, html: the team standings (US Chess 28N) instead of the players'",
    )
    exp.add_argument(
        "--every-section",
        action="store_true",
        help="one file per section of the event, named after OUTPUT and the section "
        "(saturday.trf: saturday-open.trf, saturday-reserve.trf, …), as FIDE rates them",
    )
    add_header_options(exp)
    exp.set_defaults(handler=run_export)


def _trf() -> ModuleType:
    try:
        return importlib.import_module("arbiter_app.core.trf")
    except ModuleNotFoundError as exc:
        raise ArbiterError("TRF support is not part of this build") from exc


def run_import(args: argparse.Namespace) -> int:
    trf = _trf()
    text = read_text(args.source)
    document = trf.parse_trf(text, str(args.source))
    event = document.event
    for warning in document.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for note in document.notes:
        # What the file did not say in TRF-26's words and the import took (a default, another
        # program's record, TRF-2006's codes): said, so the arbiter can check it.
        print(f"note: {note}", file=sys.stderr)
    # Every round of a Dutch Swiss set against the Dutch pairing (FIDE C.02, question 54).
    compared = compare_imported_rounds(document)
    if compared.not_compared:
        print(f"note: {sentence(compared.not_compared)}", file=sys.stderr)
    notices: list[Alert] = []
    with create_imported(
        args.output,
        event,
        source=args.source.name,
        arguments=import_arguments(document, compared),
        confirm=confirmation(args),
        notices=notices,
    ) as session:
        # Counted from the rows written (decoding the event again would take a second at
        # 10,000 players); the keys are (pairing number, round).
        state = session.state
        logged = [p.trf_line() for p in stored_pibes(state)]
        not_known = adjourned_in(state)
    rows = state.tables
    played = max((round_no for _, round_no in rows["entries"]), default=0)
    pending = sorted({r for _, r in rows["bye_requests"] if r > played})
    # The arbiter's rounds (a double Swiss's match is two of the file's game columns).
    system = event.system
    rounds = _count(system.rounds_in(played), "round")
    if system.games_per_round > 1:
        rounds += f" ({_count(played, 'game')})"
    asked = sorted({system.rounds_in(r) for r in pending})
    print(
        f"imported {args.source.name} into {args.output}: {_count(len(rows['players']), 'player')}, "
        f"{rounds}" + "".join(f"; bye requests for round {r}" for r in asked)
    )
    for round_no, boards in not_known.items():
        for board in boards:
            # A "?" or a code TRF-26 does not define (FIDE C.02, checklist Q164-166).
            print(
                f"round {round_no} board {board}: result not known, imported as adjourned; "
                f"enter it with: arbiter-app result {args.output} --round {round_no} --board {board} RESULT"
            )
    for line in logged:
        print(f"report log: {line}")
    print_notices(notices)
    return 0


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def run_export(args: argparse.Namespace) -> int:
    return export_formats.run(args)
