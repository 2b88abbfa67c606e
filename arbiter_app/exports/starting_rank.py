"""The starting-rank list: every player in pairing-number order, as posted before round 1.

The list the players check before the first round (their name, title, FIDE ID,
federation and rating as the event holds them) and the one FIDE's event reports
begin with: the players in the order of their pairing numbers, which follow the
initial ranking (FIDE C.04.2 article 2.2: rating, then title, then name, unless
the regulations say otherwise; in an event under the US Chess rules, by rating, 28J
and 29A, with the US Chess ID for the FIDE one). A column no player has anything in (a national
rating, a year of birth, a prize category) is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.core.category_prizes import Category, birth_year
from arbiter_app.core.model import Event, Player, RuleSet
from arbiter_app.core.words import count
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.sheet import Align, Column, Sheet, Table, embed

ARTICLE = "FIDE C.04.2 article 2.2"
"""Where the initial ranking that gives the pairing numbers is set out."""

US_ARTICLE = "US Chess 28J and 29A"
"""The same in an event under the US Chess rules: players ranked by rating."""


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
    us_chess = event.effective_rule_set is RuleSet.USCF
    if us_chess:
        # A US Chess event lists its players by US Chess ID (the rating report's key);
        # a FIDE title, ID or federation shows only when some player has one.
        columns = [
            Column("No", Align.RIGHT, 5),
            Column("Name", Align.LEFT, 34, nowrap=True),
            Column("US Chess ID", Align.RIGHT, 12),
            Column("Rating", Align.RIGHT, 8),
        ]
        cells = [[str(p.tpn), embed(p.name), p.national_id, _rating(p.rating)] for p in players]
    else:
        columns = [
            Column("No", Align.RIGHT, 5),
            Column("Title", Align.LEFT, 6),
            Column("Name", Align.LEFT, 34, nowrap=True),
            Column("FIDE ID", Align.RIGHT, 12),
            Column("Fed", Align.CENTER, 6),
            Column("Rating", Align.RIGHT, 8),
        ]
        cells = [
            [str(p.tpn), p.title, embed(p.name), p.fide_id, p.federation, _rating(p.rating)]
            for p in players
        ]
    us_optional: list[tuple[Column, list[str]]] = [
        (Column("Title", Align.LEFT, 6), [p.title for p in players]),
        (Column("FIDE ID", Align.RIGHT, 12), [p.fide_id for p in players]),
        (Column("Fed", Align.CENTER, 6), [p.federation for p in players]),
    ]
    optional: list[tuple[Column, list[str]]] = [
        *(us_optional if us_chess else ()),
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
    name = next(i for i, c in enumerate(columns) if c.title == "Name")
    columns[name] = replace(columns[name], width=max(30, 100 - others))
    article = US_ARTICLE if us_chess else ARTICLE
    footer = f"{count(len(players), 'player')} in pairing-number order ({article})"
    return Sheet(
        title="Starting rank",
        event=event.name,
        header=time_control_field(event.info),
        blocks=(Table(tuple(columns), tuple(tuple(row) for row in cells)),),
        footer=footer,
    )
