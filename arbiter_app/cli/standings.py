"""``arbiter-app standings FILE``: the standings with tie-breaks, as text, JSON or CSV.

The tie-break list comes from ``--tiebreaks`` (codes as announced, comma
separated) or from ``--preset``; ``--tiebreaks`` wins when both are given.
The rule set for unplayed rounds is ``--rules``, else the preset's, else
the FIDE text in force on the event's start date (TRF record 042).

The standings are those after the last complete round (the event's state);
``--provisional`` includes the round in progress, its unfinished games marked
pending; ``--after-round N`` an earlier complete round.

``--format json`` and ``--format csv`` are the export's own renderers
(:mod:`arbiter_app.exports.json_export`, :func:`arbiter_app.exports.standings.standings_csv_rows`):
the same document and columns as ``arbiter-app export``, without the prize columns.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from arbiter_app.core.current_standings import standings_now
from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.playoff.scope import playoff_scope
from arbiter_app.core.points import format_decimal, format_points
from arbiter_app.core.presets import Preset, get_preset, parse_tiebreak_list
from arbiter_app.core.standings import Standings
from arbiter_app.core.tiebreaks.round_robin import refusal_for as round_robin_refusal
from arbiter_app.exports.standings import PENDING_MARK, pending_note
from arbiter_app.sheets.source import Source
from arbiter_app.sheets.source import load as load_source

RULE_CHOICES = [r.value for r in RuleSet]
JSON_PLACES = 6
"""Decimals written for a value whose decimal expansion does not end (e.g. ⅓)."""


def add_selection_arguments(p: argparse.ArgumentParser) -> None:
    """Options shared by ``standings`` and ``explain``: which list, which rules, which round."""
    p.add_argument(
        "file",
        metavar="FILE",
        help="the event: a tournament file (.arbiter) or a FIDE TRF file (.trf)",
    )
    p.add_argument(
        "--tiebreaks",
        metavar="CODES",
        help='comma-separated tie-break codes in order, e.g. "BH/C1,BH,SB" or "MM,SOLK,CUM,OPPC"',
    )
    p.add_argument(
        "--preset", metavar="NAME", help="a named tie-break list (e.g. uscf, online-swiss)"
    )
    p.add_argument(
        "--rules",
        choices=RULE_CHOICES,
        help="rule set for unplayed rounds (default: the preset's, else the FIDE text "
        "in force on the start date)",
    )
    p.add_argument(
        "--after-round",
        type=int,
        metavar="N",
        help="standings as they stood after round N (a complete round; in a double Swiss N "
        "counts games, as result --round does: 4 is after round 2)",
    )
    p.add_argument(
        "--provisional",
        action="store_true",
        help="include the round in progress: its unfinished games are shown as pending "
        "(default: the standings after the last complete round)",
    )
    p.add_argument(
        "--annul-short-round-robin",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="round robins: do not rank a player who left having played fewer than half "
        "of his games, nor count points against him (FIDE C.05; the default under the FIDE "
        "rule sets)",
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "standings",
        description="Rank the players of FILE by points and the tie-break list.",
    )
    add_selection_arguments(p)
    p.add_argument("--format", choices=["text", "json", "csv"], default="text")
    p.add_argument("--json", action="store_true", help="the same as --format json")
    p.add_argument(
        "--teams",
        action="store_true",
        help="the team standings: each team's or school's best scores (US Chess 28N; how "
        "many count: settings --team-best)",
    )
    p.set_defaults(handler=run)


def standings_from_args(args: argparse.Namespace) -> tuple[Event, Standings, Preset | None]:
    """Load FILE and compute the standings the options ask for (:func:`source_standings`)."""
    _, event, standings, preset = source_standings(args)
    return event, standings, preset


def source_standings(
    args: argparse.Namespace,
) -> tuple[Source, Event, Standings, Preset | None]:
    """Load FILE and compute the standings the options ask for.

    A ``.arbiter`` file brings its announced tie-break list (used when neither
    ``--tiebreaks`` nor ``--preset`` is given) and its play-off: the places the
    regulation decides over the board and the order the play-off decided them.
    """
    # The options are checked before the file is read, so a typo is reported first.
    preset = get_preset(args.preset) if args.preset else None
    given: tuple[str, ...] | None = None
    if args.tiebreaks is not None:
        given = tuple(parse_tiebreak_list(args.tiebreaks))
    elif preset is not None:
        given = tuple(parse_tiebreak_list(preset.tiebreaks))
    source = load_source(Path(args.file))
    codes = given if given is not None else tuple(source.tiebreaks)
    event = source.event
    refused = round_robin_refusal(event.system, codes)
    if refused:
        raise RuleError(refused)
    if args.rules:
        rule_set: RuleSet | None = RuleSet(args.rules)
    elif preset is not None and preset.rule_set is not None:
        rule_set = preset.rule_set
    else:
        rule_set = None  # the event's own, else the FIDE text in force on its start date
    # The places a play-off decides (core.playoff.scope): the play-off stored in the
    # file, else the regulation named by --preset or by the event.
    scope = (
        playoff_scope(source.playoff, preset.playoff or source.playoff_name)
        if preset is not None
        else source.playoff_scope
    )
    try:
        standings = standings_now(
            event,
            source.event_state,
            codes,
            provisional=bool(getattr(args, "provisional", False)),
            after_round=args.after_round,
            rule_set=rule_set,
            annul_short_round_robin=args.annul_short_round_robin,
            playoff_places=scope.places,
            playoff_order=scope.order,
            playoff_after=scope.after_tiebreaks,
        )
    except RuleError as exc:
        raise ArbiterError(f"{args.file}: {exc}") from None
    return source, event, standings, preset


def run(args: argparse.Namespace) -> int:
    source, event, standings, _ = source_standings(args)
    if args.teams:
        return _run_teams(args, source, event, standings)
    if args.json or args.format == "json":
        # The export's renderers (one JSON shape, one CSV and its guard against formulas),
        # loaded only when asked for: the JSON document brings the prize list's types.
        from arbiter_app.exports.json_export import standings_to_json

        sys.stdout.write(standings_to_json(event, standings))
    elif args.format == "csv":
        from arbiter_app.exports.csv_export import rows_to_csv
        from arbiter_app.exports.standings import standings_csv_rows

        sys.stdout.write(rows_to_csv(*standings_csv_rows(event, standings)))
    else:
        sys.stdout.write(render_text(event, standings))
    return 0


def _run_teams(args: argparse.Namespace, source: Source, event: Event, standings: Standings) -> int:
    """``standings FILE --teams``: the team standings of US Chess rule 28N."""
    from arbiter_app.core.team_scores import DEFAULT_BEST, team_standings
    from arbiter_app.exports.team_standings import (
        team_cells,
        team_header,
        team_standings_csv_rows,
        team_standings_to_json,
    )

    try:
        teams = team_standings(standings, source.team_best or DEFAULT_BEST)
    except RuleError as exc:
        raise ArbiterError(f"{args.file}: {exc}") from None
    if args.json or args.format == "json":
        sys.stdout.write(team_standings_to_json(event, teams))
    elif args.format == "csv":
        from arbiter_app.exports.csv_export import rows_to_csv

        sys.stdout.write(rows_to_csv(*team_standings_csv_rows(teams)))
    else:
        title = event.name or "Teams"
        sys.stdout.write(f"{title}: {teams.title[:1].lower()}{teams.title[1:]}\n\n")
        if teams.rows:
            rows = [list(team_cells(teams, row)) for row in teams.rows]
            sys.stdout.write(
                render_table(
                    team_header(teams), rows, left={1, 3 + len(teams.codes), 4 + len(teams.codes)}
                )
            )
        else:
            print("no player has a team (give each player's club or school)")
        print(teams.rule)
    return 0


# -- JSON numbers (explain, player list) ----------------------------------------------


def json_number(value: Fraction) -> str:
    """A JSON number literal for *value*: exact when its decimal expansion ends, else rounded.

    Whole values are integers (``3``), halves and other terminating decimals
    are exact (``2.5``, ``0.125``); only values such as ⅓ are rounded, half
    up, to :data:`JSON_PLACES` decimals.
    """
    from arbiter_app.exports.json_export import exact

    text = exact(value)  # the export's own exact decimals
    return format_decimal(value, JSON_PLACES) if "/" in text else text


# -- text ----------------------------------------------------------------------------


def render_table(header: Sequence[str], rows: Sequence[Sequence[str]], left: set[int]) -> str:
    """Columns padded to their widest cell; columns in *left* are left-aligned, others right."""
    widths = [len(h) for h in header]
    for r in rows:
        for i, cell in enumerate(r):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.ljust(widths[i]) if i in left else c.rjust(widths[i]) for i, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [line(header), line(["-" * w for w in widths])]
    out.extend(line(r) for r in rows)
    return "\n".join(out) + "\n"


def render_text(event: Event, standings: Standings) -> str:
    title = event.name or "Standings"
    lines = [
        f"{title}: {standings.title[:1].lower()}{standings.title[1:]}",
        f"rule set: {standings.rule_set.value}; tie-breaks: "
        + (", ".join(standings.codes) or "none (points only)"),
        "",
    ]
    header = ["Place", "No", "Name", "Rtg", "Pts", *standings.codes]
    rows = []
    for row in standings.rows:
        rows.append(
            [
                row.place
                + ("*" if row.playoff_pending else "")
                + (" PO" if row.by_playoff else "")
                + (" ?" if row.pending else ""),
                str(row.tpn),
                row.name + (" (withdrawn)" if row.withdrawn else ""),
                str(row.rating) if row.rating else "",
                format_points(row.points),
                *(standings.format_value(c, row.values[c]) for c in standings.codes),
            ]
        )
    text = "\n".join(lines) + "\n" + render_table(header, rows, left={0, 2})
    notes = []
    if any(r.by_playoff for r in standings.rows):
        notes.append("PO: place decided by the play-off")
    if any(r.playoff_pending for r in standings.rows):
        notes.append("* tied for a place decided by play-off; the play-off is still to be played")
    if standings.pending:
        notes.append(f"? {PENDING_MARK}: {pending_note(standings)}")
    notes.extend(f"not ranked: {e.tpn} {e.name}: {e.reason}" for e in standings.excluded)
    if notes:
        text += "\n" + "\n".join(notes) + "\n"
    return text
