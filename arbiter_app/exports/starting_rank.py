"""The starting-rank list: every player in pairing-number order, as posted before round 1.

The list the players check before the first round (their name, title, FIDE ID,
federation and rating as the event holds them) and the one FIDE's event reports
begin with: the players in the order of their pairing numbers, which follow the
initial ranking (FIDE C.04.2 article 2.2: rating, then title, then name, unless
the regulations say otherwise). A column no player has anything in (a national
rating, a year of birth, a prize category) is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.core.category_prizes import Category, birth_year
from arbiter_app.core.model import Event, Player
from arbiter_app.core.words import count
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.sheet import Align, Column, Sheet, Table, embed

ARTICLE = "FIDE C.04.2 article 2.2"
"""Where the initial ranking that gives the pairing numbers is set out."""


def _rating(rating: int | None) -> str:
    return str(rating) if rating else "unr."


def _categories(player: Player, categories: Sequence[Category], year: int | None) -> str:
    return ", ".join(c.name for c in categories if c.condition.holds(player, year))


def starting_rank_sheet(event: Event, categories: Sequence[Category] = ()) -> Sheet:
    """Every player of *event* by pairing number; *categories* are the event's announced prize
    categories (:mod:`arbiter_app.core.category_prizes`), each player's named on the list."""
    players = sorted(event.players, key=lambda p: p.tpn)
    start = event.info.start_date
    year = start.year if start is not None else None
    columns = [
        Column("No", Align.RIGHT, 5),
        Column("Title", Align.LEFT, 6),
        Column("Name", Align.LEFT, 34, nowrap=True),
        Column("FIDE ID", Align.RIGHT, 12),
        Column("Fed", Align.CENTER, 6),
        Column("Rating", Align.RIGHT, 8),
    ]
    cells: list[list[str]] = [
        [
            str(p.tpn),
            p.title,
            embed(p.name),
            p.fide_id,
            p.federation,
            _rating(p.rating),
        ]
        for p in players
    ]
    optional: list[tuple[Column, list[str]]] = [
        (
            Column("National", Align.RIGHT, 8),
            [str(p.national_rating) if p.national_rating else "" for p in players],
        ),
        (
            Column("Born", Align.RIGHT, 6),
            [str(born) if (born := birth_year(p)) is not None else "" for p in players],
        ),
        (
            Column("Category", Align.LEFT, 15),
            [_categories(p, categories, year) for p in players],
        ),
    ]
    for column, values in optional:
        if any(values):
            columns.append(column)
            for row, value in zip(cells, values, strict=True):
                row.append(value)
    # The name takes what the other columns leave, so the table spans the page.
    others = sum(c.width for c in columns if c.title != "Name")
    columns[2] = replace(columns[2], width=max(30, 100 - others))
    footer = f"{count(len(players), 'player')} in pairing-number order ({ARTICLE})"
    return Sheet(
        title="Starting rank",
        event=event.name,
        header=time_control_field(event.info),
        blocks=(Table(tuple(columns), tuple(tuple(row) for row in cells)),),
        footer=footer,
    )
