"""``arbiter-app report FILE``: is the FIDE rating report ready to send?

Lists what the report (``arbiter-app export FILE --format trf``) still lacks:
the event's records FIDE's rating server needs (city, federation, dates, chief
arbiter, time control, round dates: TRF-26's mandatory fields for rating), the
rounds not yet played or finished, then player by player the FIDE ID, the
federation, and the sex and date of birth of new (unrated) players, which FIDE
registers them with (:mod:`arbiter_app.core.trf.readiness`). It then says what
the report will leave out (what the ``.arbiter`` file keeps and TRF-26 has no
record for), and the results corrected for the rating report only (FIDE C.04.2
article 4.3: the report rates them, the standings keep the results played)::

    arbiter-app report open.arbiter
    arbiter-app report open.arbiter --json

Exit status: 0 when nothing is missing, 1 when something is, 2 when the file
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from arbiter_app.cli.uschess import add_header_options, run_report
from arbiter_app.core.trf.readiness import Gap, report_gaps
from arbiter_app.sheets.builders import trf_report
from arbiter_app.sheets.source import Source, load

EXIT_READY = 0
EXIT_MISSING = 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "report",
        help="what the FIDE rating report still lacks, player by player (exit 1 when something)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    p.add_argument("--json", action="store_true", help="write the check as JSON")
    p.add_argument(
        "--uschess",
        action="store_true",
        help="the US Chess rating report (three DBF files) instead of FIDE's",
    )
    add_header_options(p)
    p.set_defaults(handler=_either)


def _either(args: argparse.Namespace) -> int:
    """FIDE's report by default; US Chess's with ``--uschess`` (one command, two federations)."""
    return run_report(args) if args.uschess else run(args)


def unfinished(src: Source) -> dict[int, list[int]]:
    """Boards of the rounds paired whose game has no result yet, by round."""
    out: dict[int, list[int]] = {}
    for round_no, boards in src.boards.items():
        missing = [
            b.number for b in boards if src.event.entry(b.white, round_no).opponent != b.black
        ]
        if missing:
            out[round_no] = missing
    return out


def run(args: argparse.Namespace) -> int:
    src = load(args.file)
    gaps = report_gaps(src.event, unfinished(src))
    _, notes = trf_report(src)
    notes = [n for n in notes if "in progress" not in n and "without a result" not in n]
    if args.json:
        data = {
            "file": str(args.file),
            "ready": not gaps,
            "missing": [_gap_json(src, g) for g in gaps],
            "left_out": notes,
            "corrected_for_rating": [str(c) for c in src.rating_corrections],
        }
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(_text(src, args.file, gaps, notes))
    return EXIT_MISSING if gaps else EXIT_READY


def _who(src: Source, tpn: int) -> str:
    players = src.event.player_map()
    name = players[tpn].name if tpn in players else ""
    return f"player {tpn} {name}".rstrip()


def _gap_json(src: Source, gap: Gap) -> dict[str, object]:
    return {
        "record": gap.record,
        "player": gap.player,
        "who": _who(src, gap.player) if gap.player is not None else None,
        "what": gap.what,
        "article": gap.article,
    }


def _text(src: Source, path: Path, gaps: list[Gap], notes: list[str]) -> str:
    lines: list[str] = []
    if not gaps:
        lines.append(f"{path}: the FIDE rating report is ready to send (export --format trf).")
    else:
        n = len(gaps)
        lines.append(f"{path}: the FIDE rating report lacks {n} thing{'s' if n != 1 else ''}:")
        event_gaps = [g for g in gaps if g.player is None]
        for gap in event_gaps:
            lines.append(f"  - {gap}")
        by_player: dict[int, list[Gap]] = {}
        for gap in gaps:
            if gap.player is not None:
                by_player.setdefault(gap.player, []).append(gap)
        for tpn, theirs in by_player.items():
            lines.append(f"  {_who(src, tpn)}:")
            lines += [f"    - {g}" for g in theirs]
    if notes:
        lines.append("The report will leave out (the .arbiter file keeps it):")
        lines += [f"  - {note}" for note in notes]
    if src.rating_corrections:
        lines.append(
            "Results corrected for the rating report only (FIDE C.04.2 article 4.3; a ### "
            "line in the report says so):"
        )
        lines += [f"  - {c}" for c in src.rating_corrections]
    return "\n".join(lines) + "\n"
