"""``arbiter-app tour FILE…``: the tour standings across events (GCT 2023 section 4).

Each event's tour points come from its final standings and play-off
(articles 2.7, 2.8, 3.7, 3.8; the GCT 2023 scale when the event names none);
players are matched across events by FIDE ID, else by name. Ties for first and
for third place go to the overall play-off (article 4.1); every other tie,
second place included, stays (article 4.2).

``--playoff TOUR.arbiter`` writes the tour standings to a tour file of their
own and starts the tour play-off there (regulation ``gct-2023-tour``; held on
the day after the last round, 4.4): then ``playoff draw|printed|result …
TOUR.arbiter`` run it, each tie on its own (4.5), and ``prizes TOUR.arbiter
--fund …`` shares the tour bonus (4.2). ``tour TOUR.arbiter`` prints the tour
standings with the places the play-off decided.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.playoff import preset
from arbiter_app.core.playoff.results import final_placings
from arbiter_app.core.points import format_decimal
from arbiter_app.session import Session
from arbiter_app.session.commands import CreateTour, StartPlayoff
from arbiter_app.session.playoff_commands import qualifying_standings, stored_playoff
from arbiter_app.session.tour_file import REGULATION, Tour, is_tour, read_tour, stored_tour

PLAYOFF_PLACES = preset(REGULATION).places
"""GCT 2023 4.1: ties for first and for third place are broken by the overall play-off."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "tour",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", type=Path, nargs="+", help="the events' files, or one tour file")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--playoff",
        type=Path,
        metavar="TOUR",
        help="write the tour standings to the new tour file TOUR and start the tour play-off",
    )
    p.add_argument("--last-game-end", help="when the last game of the tour ended (4.4)")
    p.add_argument("--at", help="when the play-off starts (the next day, 4.4)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if len(args.files) == 1 and args.files[0].suffix == ".arbiter" and args.playoff is None:
        with Session.open(args.files[0], readonly=True) as session:
            if is_tour(session.state):
                return _show(_rows_of_tour_file(session), args.json)
    tour = read_tour(args.files)
    if args.playoff is not None:
        return _start(args, tour)
    return _show(_rows(tour), args.json)


def _rows(tour: Tour) -> list[dict[str, Any]]:
    names = {p.number: p.name for p in tour.players}
    out = []
    for row in tour.rows():
        tied = row.place != row.last_place
        out.append(
            {
                "name": names[row.tpn],
                "place": row.place_text,
                "total": format_decimal(row.total, 2),
                "total_exact": str(row.total),
                "events": [str(v) for v in row.by_event],
                # 4.1: a tie for first or for third place; 4.2: every other tie stays.
                "playoff": tied and row.place in PLAYOFF_PLACES,
            }
        )
    return out


def _rows_of_tour_file(session: Session) -> list[dict[str, Any]]:
    """The tour standings kept in a tour file, with the places its play-off decided."""
    tour = stored_tour(session.state)
    assert tour is not None
    rows = {row["name"]: row for row in _rows(tour)}
    names = {p.number: p.name for p in tour.players}
    playoff = stored_playoff(session.state)
    standings = qualifying_standings(session.event, [])
    if playoff is None:
        return list(rows.values())
    out = []
    for placing in final_placings(playoff, standings):
        row = dict(rows[names[placing.tpn]])
        tied = placing.place != placing.last_place
        row["place"] = placing.place_text
        # Decided: a place of one's own the play-off gave; a tie for first or third still
        # being played is marked for the play-off (4.1); any other tie stays (4.2).
        row["by_playoff"] = placing.by_playoff and not tied
        row["playoff"] = tied and placing.place in PLAYOFF_PLACES and not playoff.done
        out.append(row)
    return out


def _show(rows: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    for line in rows:
        mark = "  play-off (4.1)" if line["playoff"] else ""
        if line.get("by_playoff"):
            mark = "  decided by the play-off"
        print(f"{line['place']:>6} {line['name']:<28} {line['total']:>8}{mark}")
    return 0


def _start(args: argparse.Namespace, tour: Tour) -> int:
    path: Path = args.playoff
    if path.exists():
        raise ArbiterError(f"{path}: the file exists already; the tour file is a new one")
    if path.suffix != ".arbiter":
        raise ArbiterError(f"{path}: a tour file is a tournament file, named … .arbiter")
    start: dict[str, Any] = {"regulation": REGULATION}
    if args.last_game_end:
        start["last_game_end"] = args.last_game_end
    if args.at:
        start["at"] = args.at
    session = Session.create(
        path,
        name="Tour overall standings",
        system="round-robin",
        rounds=1,
        info={"tournament_type": "tour overall standings (GCT 2023 section 4)"},
    )
    try:
        session.run(CreateTour(tour=tour.to_json()))
        step = session.run(StartPlayoff.of(start)).value
    except BaseException:
        session.close()
        path.unlink(missing_ok=True)  # no half-made tour file is left behind
        raise
    session.close()
    _show(_rows(tour), args.json)
    if not args.json:
        from arbiter_app.cli.playoff import _show as show_step

        names = {p.number: p.name for p in tour.players}
        print(f"tour play-off started in {path}:")
        show_step(step, False, names)
    return 0
