"""``arbiter-app tour FILE…``: the tour standings across events (GCT 2023 section 4).

Each event's tour points come from its final standings and play-off
(articles 2.7, 2.8, 3.7, 3.8; the GCT 2023 scale when the event names none);
players are matched across events by FIDE ID, else by name. Ties for first and
third place are marked for the overall play-off (article 4.1); other ties stay
(article 4.2).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from pathlib import Path

from arbiter_app.core.points import format_decimal
from arbiter_app.core.tour import tour_standings
from arbiter_app.session import Session
from arbiter_app.session.prize_queries import tour_points

PLAYOFF_PLACES = (1, 3)
"""GCT 2023 4.1: ties for first and for third place are broken by the overall play-off."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("tour", help="tour standings across events")
    p.add_argument("files", type=Path, nargs="+")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    ids: dict[str, int] = {}
    names: dict[int, str] = {}
    events: list[dict[int, Fraction]] = []
    for path in args.files:
        with Session.open(path, readonly=True) as session:
            points = tour_points(session.state, session.event, session.settings.playoff)
            event = session.event
        mine: dict[int, Fraction] = {}
        for player in event.players:
            key = f"fide:{player.fide_id}" if player.fide_id else f"name:{player.name}"
            number = ids.setdefault(key, len(ids) + 1)
            names[number] = player.name
            mine[number] = points.get(player.tpn, Fraction(0))
        events.append(mine)
    rows = tour_standings(events)
    out = []
    for row in rows:
        tied = row.place != row.last_place
        playoff = tied and any(row.place <= k <= row.last_place for k in PLAYOFF_PLACES)
        out.append(
            {
                "name": names[row.tpn],
                "place": row.place_text,
                "total": format_decimal(row.total, 2),
                "total_exact": str(row.total),
                "events": [str(v) for v in row.by_event],
                "playoff": playoff,
            }
        )
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    for line in out:
        mark = "  play-off (4.1)" if line["playoff"] else ""
        print(f"{line['place']:>6} {line['name']:<28} {line['total']:>8}{mark}")
    return 0
