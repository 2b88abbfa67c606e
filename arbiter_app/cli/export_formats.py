"""The formats of ``arbiter-app export FILE --format csv|json|html|trf|pgn -o OUT``.

Each format is made from the same read models as the screen and the printout:
the standings (CSV, JSON, HTML), the event (TRF), the play-off games (PGN).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.sheets.builders import standings_of, with_tiebreaks
from arbiter_app.sheets.source import ARBITER_SUFFIX, Source, load
from arbiter_app.store.outputs import check_output, write_output

Renderer = Callable[[Source], str]


def _csv(src: Source) -> str:
    from arbiter_app.exports.csv_export import rows_to_csv
    from arbiter_app.exports.standings import standings_csv_rows

    table = standings_of(src)
    header, rows = standings_csv_rows(src.event, table, _final_prizes(src, table)[0])
    # A byte-order mark tells Excel the file is UTF-8, so Cyrillic, Chinese and
    # Arabic names open as written (without it Excel assumes a legacy code page).
    return "\ufeff" + rows_to_csv(header, rows)


def _json(src: Source) -> str:
    from arbiter_app.exports.json_export import standings_to_json

    table = standings_of(src)
    rows, listed, currency = _final_prizes(src, table)
    return standings_to_json(src.event, table, None if listed is None else (rows, listed, currency))


def _final_prizes(src: Source, table: Any) -> tuple[Any, Any, str]:
    """The prize rows, list and currency when the standings are final and a fund is set."""
    if src.prizes is None or not table.after_round >= src.event.rounds > 0:
        return (), None, ""
    rows, listed, currency = src.prizes
    return rows, listed, currency


def _html(src: Source) -> str:
    from arbiter_app.exports.html import sheet_to_html
    from arbiter_app.sheets.builders import standings

    # The very sheet `arbiter-app print FILE standings` prints.
    # With the journal's head in its footer, as every printed sheet (issue 27).
    return sheet_to_html(replace(standings(src, None), journal_head=src.journal_head))


def _trf(
    src: Source,
    version: str | None = None,
    notes: list[str] | None = None,
    in_tournament: bool = False,
) -> str:
    from arbiter_app.core.rating_periods import long_event_notices
    from arbiter_app.sheets.builders import trf_report

    text, said = trf_report(src, version, in_tournament=in_tournament)
    if notes is not None:
        notes.extend(said)
        # An event over 30 days: its rating periods and what they ask of the report (FIDE
        # C.02, Q210-Q216), said on every export as the readiness check says it.
        notes.extend(long_event_notices(src.event, src.tiebreaks))
    return text


def _pgn(src: Source) -> str:
    if src.playoff is None:
        raise ArbiterError(
            f"{src.path}: the event has no play-off, so there are no games to export"
        )
    from arbiter_app.exports.pgn import games_to_pgn
    from arbiter_app.exports.playoff import playoff_games

    return games_to_pgn(playoff_games(src.event, src.playoff))


def _teams_csv(src: Source) -> str:
    from arbiter_app.exports.csv_export import rows_to_csv
    from arbiter_app.exports.team_standings import team_standings_csv_rows
    from arbiter_app.sheets.builders import team_standings_of

    return "\ufeff" + rows_to_csv(*team_standings_csv_rows(team_standings_of(src)))


def _teams_json(src: Source) -> str:
    from arbiter_app.exports.team_standings import team_standings_to_json
    from arbiter_app.sheets.builders import team_standings_of

    return team_standings_to_json(src.event, team_standings_of(src))


def _teams_html(src: Source) -> str:
    from arbiter_app.exports.html import sheet_to_html
    from arbiter_app.sheets.builders import team_standings

    # The very sheet `arbiter-app print FILE team-standings` prints.
    return sheet_to_html(team_standings(src, None))


TEAM_FORMATS: dict[str, Renderer] = {"csv": _teams_csv, "json": _teams_json, "html": _teams_html}
"""The team standings of US Chess rule 28N (``export --teams``)."""

USCHESS = "uschess"
"""The US Chess rating report: three DBF files written into the folder OUT
(:mod:`arbiter_app.cli.uschess`)."""

FORMATS: dict[str, Renderer] = {
    "csv": _csv,
    "json": _json,
    "html": _html,
    "trf": _trf,
    "pgn": _pgn,
}


def render(
    src: Source,
    fmt: str,
    *,
    trf_version: str | None = None,
    notes: list[str] | None = None,
    teams: bool = False,
    in_tournament: bool = False,
) -> str:
    """The text of *fmt*; for the TRF report, *notes* receives what it leaves out; with
    *teams*, the team standings (US Chess 28N); with *in_tournament*, the TRF of
    in-tournament data exchange, not the rating report (see :func:`trf_report`)."""
    if teams:
        if fmt not in TEAM_FORMATS:
            raise ArbiterError(
                f"the team standings are exported as {', '.join(TEAM_FORMATS)}, not {fmt}"
            )
        return TEAM_FORMATS[fmt](src)
    if in_tournament and fmt != "trf":
        raise ArbiterError("--in-tournament writes a TRF file: --format trf")
    if fmt == "trf":
        return _trf(src, trf_version, notes, in_tournament)
    try:
        renderer = FORMATS[fmt]
    except KeyError:
        raise ArbiterError(
            f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}"
        ) from None
    return renderer(src)


def run(args: argparse.Namespace) -> int:
    """``arbiter-app export FILE --format FMT [--tiebreaks LIST] -o OUT``."""
    if args.format == USCHESS:
        from arbiter_app.cli.uschess import run_export

        return run_export(args)
    if getattr(args, "every_section", False):
        return _every_section(args)
    check_output(args.output, sources=[args.file])  # before the work of reading
    _write(_prepared(load(args.file), args), args)
    return 0


def _every_section(args: argparse.Namespace) -> int:
    """One file per section (``--every-section``): OUT's name with the section's after it."""
    if getattr(args, "section", None):
        raise ArbiterError("--every-section writes every section: leave out --section")
    if args.file.suffix.lower() != ARBITER_SUFFIX:
        raise ArbiterError(f"{args.file}: --every-section reads a tournament file (.arbiter)")
    from arbiter_app.session import Session
    from arbiter_app.sheets.source import from_session

    with Session.open(args.file, readonly=True) as session:
        targets: dict[int, Path] = {}
        for section in session.sections:
            slug = _file_part(section.name) or f"section-{section.number}"
            target = args.output.with_name(f"{args.output.stem}-{slug}{args.output.suffix}")
            if target in targets.values():  # ("U/18" and "U 18" make the same name)
                slug = f"{slug}-{section.number}"
                target = args.output.with_name(f"{args.output.stem}-{slug}{args.output.suffix}")
            # Every name is checked before any file is written: all are written or none.
            check_output(target, sources=[args.file])
            targets[section.number] = target
        for number, target in targets.items():
            with session.selected(number):
                src = from_session(session, args.file)
            _write(_prepared(src, args), argparse.Namespace(**{**vars(args), "output": target}))
    return 0


_NOT_IN_A_NAME = re.compile(r'[\s<>:"/\\|?*\x00-\x1f\x7f]+')
"""What a file name may not hold on one system or another (a ``/`` would name a folder:
issue 27), and spaces: runs of them become one ``-``."""


def _file_part(name: str) -> str:
    """A section's name as part of a file name: lower case, what no file name may hold as
    ``-``, no leading dot (``../x`` names no other folder), at most 60 characters."""
    part = _NOT_IN_A_NAME.sub("-", name.lower()).strip("-.")
    return part[:60].strip("-.")


def _prepared(src: Source, args: argparse.Namespace) -> Source:
    if args.tiebreaks is not None:
        src = with_tiebreaks(src, args.tiebreaks)
    if getattr(args, "provisional", False):
        src = replace(src, provisional=True)
    return src


def _period(src: Source, args: argparse.Namespace) -> tuple[Source, list[str]]:
    """``--period 2026-12``: the rating report of one rating period, the rounds dated in it
    only (an event over 30 days is reported period by period: FIDE Rating Regulations; FIDE
    C.02, Q210-Q216), and a note naming them."""
    period = getattr(args, "period", None)
    if period is None:
        return src, []
    if args.format != "trf":
        raise ArbiterError("--period writes one rating period's FIDE rating report: --format trf")
    from arbiter_app.core.rating_periods import period_rounds
    from arbiter_app.core.ratinglist import month_words, parse_month
    from arbiter_app.core.words import rounds_words
    from arbiter_app.sheets.readiness import period_source

    month = parse_month(period)
    cut = period_source(src, month)
    rounds = period_rounds(src.event, month)
    return cut, [
        f"the rating report of {month_words(month)} only: the event's {rounds_words(rounds)}, "
        f"numbered from 1 in it (an event over 30 days is rated period by period)"
    ]


def _write(src: Source, args: argparse.Namespace) -> None:
    check_output(args.output, sources=[args.file])  # before the work of rendering
    src, notes = _period(src, args)
    text = render(
        src,
        args.format,
        trf_version=args.trf_version,
        notes=notes,
        teams=bool(getattr(args, "teams", False)),
        in_tournament=bool(getattr(args, "in_tournament", False)),
    )
    # Written as it is: CSV rows end in CRLF as RFC 4180 says; nothing is translated. Aside
    # and moved into place whole, never over an event (issue 27).
    write_output(args.output, text, sources=[args.file])
    print(f"wrote {args.output}")
    for note in notes:
        # What the FIDE report cannot hold: said, not dropped (the .arbiter file keeps it).
        print(f"note: {args.output.name}: {note}", file=sys.stderr)
