"""Team standings of an individual event (US Chess rule 28N) as a sheet, CSV rows and JSON.

One read model (:class:`~arbiter_app.core.team_scores.TeamStandings`) makes the screen,
the printed sheet (``print FILE team-standings``), the HTML made from that sheet, the
CSV and the JSON (``standings FILE --teams``, ``export FILE --teams``), so they never
disagree. Each team lists its players in the order of the individual standings, the
players whose scores count first, with their places and points.
"""

from __future__ import annotations

import json
from typing import Any

from arbiter_app.core.model import Event
from arbiter_app.core.points import format_points
from arbiter_app.core.team_scores import TeamRow, TeamStandings
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.json_export import exact
from arbiter_app.exports.sheet import Align, Column, Paragraph, Sheet, Table

FORMAT = "arbiter-team-standings"
VERSION = 1
NOT_COUNTED = "not counted"


def counted_names(row: TeamRow, *, ascii_only: bool = False) -> str:
    """The team's counting players with their points: ``Ada Lovelace 3, Alan Turing 2½``."""
    return ", ".join(
        f"{m.name} {format_points(m.points, ascii_only=ascii_only)}" for m in row.counting
    )


def others_names(row: TeamRow, *, ascii_only: bool = False) -> str:
    """The team's players whose scores do not count, with their points."""
    return ", ".join(
        f"{m.name} {format_points(m.points, ascii_only=ascii_only)}"
        for m in row.members
        if not m.counts
    )


def team_cells(teams: TeamStandings, row: TeamRow, *, ascii_only: bool = False) -> tuple[str, ...]:
    """One team's line as every view shows it: place, team, points, tie-break sums,
    the players who count and the others."""
    return (
        row.place,
        row.team,
        format_points(row.points, ascii_only=ascii_only),
        *(
            format_points(v, ascii_only=ascii_only)
            if v.denominator <= 2
            else exact(v)
            if ascii_only
            else f"{float(v):.2f}"
            for v in row.tiebreaks
        ),
        counted_names(row, ascii_only=ascii_only),
        others_names(row, ascii_only=ascii_only),
    )


def team_header(teams: TeamStandings) -> list[str]:
    return ["Place", "Team", "Pts", *teams.codes, "Counted", NOT_COUNTED.capitalize()]


def team_standings_sheet(event: Event, teams: TeamStandings) -> Sheet:
    """The printed team standings (US Chess 28N), with how the scores are made."""
    tb_width = 6
    columns = (
        Column("Place", Align.RIGHT, 6),
        Column("Team", Align.LEFT, 18),
        Column("Pts", Align.CENTER, 6),
        *(Column(code, Align.RIGHT, tb_width) for code in teams.codes),
        Column("Counted", Align.LEFT, max(20, 46 - tb_width * len(teams.codes))),
        Column(NOT_COUNTED.capitalize(), Align.LEFT, 24),
    )
    rows = tuple(team_cells(teams, row) for row in teams.rows)
    blocks: list[Table | Paragraph] = [Table(columns, rows, small=len(teams.codes) > 3)]
    if not rows:
        blocks = [
            Paragraph(
                "No player has a team: give each player's team or school (the club field) "
                "to rank the teams."
            )
        ]
    blocks.append(Paragraph(teams.rule, small=True))
    return Sheet(
        title=teams.title,
        event=event.name,
        header=(
            ("Standings", teams.standings.stage),
            ("Scores that count", str(teams.best)),
            *time_control_field(event.info),
        ),
        blocks=tuple(blocks),
        footer="Places shown as 2-3 are shared.",
    )


def team_standings_csv_rows(teams: TeamStandings) -> tuple[list[str], list[tuple[str, ...]]]:
    """Header and rows of the CSV: numbers with a decimal point, one row per team."""
    return team_header(teams), [team_cells(teams, r, ascii_only=True) for r in teams.rows]


def team_standings_to_json(event: Event, teams: TeamStandings) -> str:
    """The JSON document: each team with its exact points, tie-break sums and players."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "event": event.name,
        "title": teams.title,
        "stage": teams.standings.stage,
        "best": teams.best,
        "rule": teams.rule,
        "tiebreaks": list(teams.codes),
        "teams": [
            {
                "place": row.place,
                "rank": row.rank,
                "team": row.team,
                "points": exact(row.points),
                "tiebreaks": {c: exact(v) for c, v in zip(teams.codes, row.tiebreaks, strict=True)},
                "players": [
                    {
                        "tpn": m.tpn,
                        "name": m.name,
                        "place": m.place,
                        "points": exact(m.points),
                        "counts": m.counts,
                    }
                    for m in row.members
                ],
            }
            for row in teams.rows
        ],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
