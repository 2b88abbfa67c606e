"""The Grand Chess Tour's overall standings as a file of their own, where the tour play-off runs.

GCT 2023 section 4 breaks ties of the overall standings, not of any one event.
``tour.create`` turns the standings read from the events' files into a tour
file: its players are the tour's (matched across events by FIDE id, else by
name), each event's tour points are one point adjustment per player (with the
event's name as the reason, so a player's score is the tour total), and its
play-off regulation is ``gct-2023-tour``. Ranked by points, the tour file's
standings are the tour standings; ``playoff.start`` then finds the ties for
first and for third (4.1) and keeps the others (4.2), each tie running on its
own (4.5); ``prizes`` shares the tour bonus by 4.2 (split equally between the
players of a tie, whatever the play-off decided).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.tour import TourRow, tour_standings
from arbiter_app.session.commands import CreateTour
from arbiter_app.session.registry import CommandError, Context, command
from arbiter_app.session.session import Session
from arbiter_app.session.state import State, Tx
from arbiter_app.session.tournament_state import TOUR

FAMILY = TOUR
REGULATION = "gct-2023-tour"


@dataclass(frozen=True, slots=True)
class TourPlayer:
    """A player of the tour: *number* is the tour's own pairing number."""

    number: int
    name: str
    fide_id: str = ""


@dataclass(frozen=True, slots=True)
class Tour:
    """The tour read from its events: each player's points in each event, in event order."""

    events: tuple[str, ...]
    players: tuple[TourPlayer, ...]
    points: dict[int, tuple[Fraction, ...]]

    def rows(self) -> list[TourRow]:
        """The tour standings before any play-off (equal totals share a place)."""
        by_event = [
            {p.number: self.points[p.number][index] for p in self.players}
            for index in range(len(self.events))
        ]
        return tour_standings(by_event)

    def to_json(self) -> dict[str, Any]:
        return {
            "events": list(self.events),
            "players": [
                {
                    "number": p.number,
                    "name": p.name,
                    "fide_id": p.fide_id,
                    "points": [str(v) for v in self.points[p.number]],
                }
                for p in self.players
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> Tour:
        try:
            events = tuple(str(e) for e in data["events"])
            players = tuple(
                TourPlayer(int(p["number"]), str(p["name"]), str(p.get("fide_id", "")))
                for p in data["players"]
            )
            points = {
                int(p["number"]): tuple(Fraction(str(v)) for v in p["points"])
                for p in data["players"]
            }
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            raise CommandError(f"a tour is events and players with their points ({exc})") from None
        if any(len(row) != len(events) for row in points.values()):
            raise CommandError("every player of the tour has one figure per event")
        if sorted(p.number for p in players) != list(range(1, len(players) + 1)):
            raise CommandError("the tour's players are numbered 1, 2, 3 … in order")
        return cls(events, players, points)


def read_tour(paths: Sequence[Path]) -> Tour:
    """The tour points of each event file (GCT 2023 2.7, 2.8, 3.7, 3.8), players matched
    across events by FIDE id, else by name."""
    from arbiter_app.session.prize_queries import tour_points

    numbers: dict[str, int] = {}
    players: dict[int, TourPlayer] = {}
    events: list[str] = []
    columns: list[dict[int, Fraction]] = []
    for path in paths:
        with Session.open(path, readonly=True) as session:
            if is_tour(session.state):
                raise RuleError(f"{path.name} is a tour file, not an event of the tour")
            points = tour_points(session.state, session.event, session.settings.playoff)
            event = session.event
        column: dict[int, Fraction] = {}
        for player in event.players:
            key = f"fide:{player.fide_id}" if player.fide_id else f"name:{player.name}"
            number = numbers.setdefault(key, len(numbers) + 1)
            players.setdefault(number, TourPlayer(number, player.name, player.fide_id))
            column[number] = points.get(player.tpn, Fraction(0))
        events.append(event.name or path.stem)
        columns.append(column)
    ordered = tuple(players[n] for n in sorted(players))
    table = {p.number: tuple(c.get(p.number, Fraction(0)) for c in columns) for p in ordered}
    return Tour(tuple(events), ordered, table)


def is_tour(state: State) -> bool:
    return (FAMILY, "tour") in state.tables["records"]


def stored_tour(state: State) -> Tour | None:
    row = state.tables["records"].get((FAMILY, "tour"))
    return None if row is None else Tour.from_json(json.loads(row["value"]))


@command(CreateTour)
def tour_create(tx: Tx, cmd: CreateTour, ctx: Context) -> None:
    """Fill a new file with the tour: its players, each event's points, the tour regulation."""
    if tx.rows("players") or tx.rows("entries"):
        raise CommandError("a tour is made in a new file, not in an event")
    tour = Tour.from_json(cmd.tour)
    for player in tour.players:
        tx.put(
            "players",
            (player.number,),
            {
                "name": player.name,
                "rating": None,
                "title": "",
                "federation": "",
                "fide_id": player.fide_id,
                "national_rating": None,
                "national_id": "",
                "sex": "",
                "birth": "",
                "disqualified": 0,
                "withdrawn_from_round": None,
            },
        )
    number = 0
    for index, event in enumerate(tour.events):
        for player in tour.players:
            points = tour.points[player.number][index]
            if points:
                number += 1
                tx.put(
                    "adjustments",
                    (number,),
                    {
                        "tpn": player.number,
                        "points": str(points),
                        "round": None,
                        "reason": f"tour points: {event}",
                    },
                )
    tx.set_setting("playoff", REGULATION)
    tx.set_setting("tiebreaks", [])
    ctx.put_record(FAMILY, "tour", tour.to_json())
