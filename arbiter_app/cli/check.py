"""``arbiter-app check FILE.trf``: the Pairing and Tie-break Checker (FIDE C.02).

Reads a TRF-16 or TRF-26 file and reports, round by round, each pairing the
rules would not make (every round is paired again from the rounds before it
by Arbiter's engine: the FIDE Dutch system for a Swiss, the Berger tables for
a round robin; colours and the pairing-allocated bye included) and each rank
that does not follow the points and the tie-break list (records 212/202, or
``--tiebreaks``). A round the arbiter paired by hand and documented with a ``### MPA``
line (as Arbiter's own reports do, FIDE C.02 questions 64-69) is checked against the
engine's pairing with that change made::

    arbiter-app check open-2026.trf
    arbiter-app check open-2026.trf --tiebreaks "BH/C1,BH,SB" --json
    arbiter-app check no-length.trf --rounds 9
    arbiter-app check open-2026.trf --engine own    # Arbiter's own Dutch engine

A Swiss's final round is paired with exceptions for its topscorers (FIDE C.04.3
article 1.8). A file without record 142 (or XXR) does not say which round is the
last: no round is then taken as the last, and ``--rounds`` gives the number.

Exit status: 0 when everything agrees, 1 when something differs, 2 when the
file cannot be read (the message names the file, the line and the column).
The checker needs no window: it runs from the installed program alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from arbiter_app.core.checker import CheckReport, check_document
from arbiter_app.core.errors import InputError, Issue, UnknownTieBreak
from arbiter_app.core.presets import parse_tiebreak_list
from arbiter_app.core.trf import parse_trf
from arbiter_app.sheets.files import read_text

CHECK_ENGINES = ("gacrux", "own")
"""The Dutch engines the checker can pair a Swiss round with (FIDE C.04.3)."""

EXIT_AGREE = 0
EXIT_DIFFER = 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, help="a TRF-16 or TRF-26 file")
    p.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help="tie-break list for the standings, e.g. 'BH/C1,BH,SB' (default: records 212/202)",
    )
    p.add_argument(
        "--rounds",
        type=_positive,
        metavar="N",
        help="the event's number of rounds, for a file without record 142 or XXR "
        "(FIDE C.04.3 article 1.8: the final round has rules of its own); without it no "
        "round is taken as the last",
    )
    p.add_argument(
        "--engine",
        choices=CHECK_ENGINES,
        default="gacrux",
        help="the engine that pairs a Swiss's rounds again: gacrux (FIDE's Dutch reference, "
        "C.04.3, the default) or own (Arbiter's, as an import compares them: seconds where "
        "gacrux takes minutes a round on a field of thousands; a round it cannot certify is "
        "paired by gacrux up to 3,000 players)",
    )
    p.add_argument("--json", action="store_true", help="write the report as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.file
    given = tuple(parse_tiebreak_list(args.tiebreaks)) if args.tiebreaks is not None else None
    text, note = _read(path)
    document = parse_trf(text, str(path))
    try:
        report = check_document(document, given, str(path), args.rounds, engine=args.engine)
    except UnknownTieBreak as exc:
        raise InputError([_record_issue(text, path, exc)]) from None
    if note:
        report = replace(report, notes=(*report.notes, note))
    if args.json:
        sys.stdout.write(json.dumps(report_json(report), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(report_text(report))
    return EXIT_AGREE if report.agrees else EXIT_DIFFER


def _positive(text: str) -> int:
    """A number of rounds: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of rounds (1 or more)")
    return value


def _read(path: Path) -> tuple[str, str]:
    """The file's text, and a note when it had to be read as Latin-1.

    Files from other programs are often Latin-1 (FIDE's reference tools read
    TRF that way): a file that is not UTF-8 is read as Latin-1 and the report
    says so, since every byte is a Latin-1 character.
    """
    try:
        return read_text(path), ""
    except InputError as exc:
        if "not UTF-8" not in str(exc):
            raise
    return path.read_bytes().decode("latin-1"), "the file is not UTF-8: read as Latin-1"


def _record_issue(text: str, path: Path, exc: UnknownTieBreak) -> Issue:
    """Where the file's tie-break list is (record 212, else 202), for the message."""
    lines = text.splitlines()
    for tag in ("212", "202"):
        for number, line in enumerate(lines, start=1):
            if line.startswith(tag):
                return Issue(str(path), number, 5, f"record {tag}: {exc}")
    return Issue(str(path), 0, 0, str(exc))


def report_text(report: CheckReport) -> str:
    """The report as an arbiter reads it: what was checked, then every finding, then the verdict."""
    lines = [
        f"{report.source}: {report.system}, {report.rounds} "
        f"round{'s' if report.rounds != 1 else ''} checked",
    ]
    if report.tiebreaks:
        lines.append(f"Tie-breaks ({report.tiebreak_source}): {', '.join(report.tiebreaks)}")
    else:
        lines.append("No tie-break list: the ranks are checked against the points only")
    lines += [f"  {note[0].upper()}{note[1:]}." for note in report.notes]
    lines.append("")
    lines += [f.message for f in report.findings]
    if report.agrees:
        lines.append("All pairings and standings agree with the rules.")
    else:
        rounds = report.rounds_with_findings()
        where = (
            f" in round{'s' if len(rounds) > 1 else ''} {', '.join(map(str, rounds))}"
            if rounds
            else ""
        )
        count = len(report.findings)
        lines.append(f"{count} finding{'s' if count > 1 else ''}{where}.")
    return "\n".join(lines) + "\n"


def report_json(report: CheckReport) -> dict[str, object]:
    """The report for scripts: the same facts, one object per finding."""
    return {
        "file": report.source,
        "system": report.system,
        "rounds": report.rounds,
        "eventRounds": report.event_rounds,
        "engine": report.engine,
        "tiebreaks": list(report.tiebreaks),
        "tiebreakSource": report.tiebreak_source,
        "agree": report.agrees,
        "notes": list(report.notes),
        "findings": [
            {
                "kind": f.kind.value,
                "round": f.round,
                "board": f.board,
                "player": f.player,
                "expected": list(f.expected) if f.expected is not None else None,
                "found": [list(pair) for pair in f.found],
                "message": f.message,
            }
            for f in report.findings
        ],
    }
