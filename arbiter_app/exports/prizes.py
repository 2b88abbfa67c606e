"""The prize and tour-points distribution sheet (GCT 2023 2.6-2.8, 3.6-3.8; US Chess 32B).

The rows come from the core's prize rules (:mod:`arbiter_app.core.prizes`,
:func:`arbiter_app.core.playoff.results.prize_table`); this module only lays
them out with the rule that shared each amount and the cents left over.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.core.model import Event
from arbiter_app.core.playoff import PlayoffState, Regulation
from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.points import format_points
from arbiter_app.core.prizes import PrizeList
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.playoff import names_of
from arbiter_app.exports.sheet import (
    Align,
    Block,
    Column,
    Fields,
    Paragraph,
    Sheet,
    Signatures,
    Table,
)


def prizes_sheet(
    event: Event,
    state: PlayoffState | None,
    rows: Sequence[PrizeRow],
    prizes: PrizeList,
    *,
    currency: str = "USD",
    note: str = "",
) -> Sheet:
    """Money and tour points for every line of the final standings, with how each was shared.

    Without a play-off (*state* None) tied players simply share (GCT 2023
    2.8 / 3.8; US Chess 32B). With category prizes the sheet names each prize
    and prints the categories and the rule of who receives what. *note* says what the
    event's state makes of the list (not final yet; a play-off that no longer matches
    the standings).
    """
    reg = state.regulation if state is not None else None
    with_points = shows_tour_points(reg, rows)
    header: list[tuple[str, str]] = []
    if reg is not None:
        header.append(("Regulation", reg.title))
        if reg.sharing.article:
            header.append(("Sharing", f"article {reg.sharing.article}"))
        if reg.sharing.winner_fixed:
            header.append(
                ("Play-off winner first receives", f"{reg.sharing.winner_fixed:,.2f} {currency}")
            )
        if with_points and reg.points_article:
            header.append(("Tour points", f"article {reg.points_article}"))
    else:
        header.append(("Sharing", "tied players share the prizes of the places they occupy"))
    header.extend(category_fields(prizes, currency))
    blocks = [*prize_blocks(event, rows, prizes, currency, with_points=with_points)]
    if note:
        blocks.append(Paragraph(note))
    blocks.append(Signatures(("Chief arbiter", "Organiser")))
    return Sheet(
        title="Prizes and tour points" if with_points else "Prizes",
        event=event.name,
        header=(*time_control_field(event.info), *header),
        blocks=tuple(blocks),
    )


def category_fields(prizes: PrizeList, currency: str) -> list[tuple[str, str]]:
    """The category prize lists and the rule of who receives what, as header fields."""
    if not prizes.categories:
        return []
    lines = []
    for text in prizes.categories:
        name, condition, amounts = (part.strip() for part in text.split(":"))
        lines.append(f"{name} ({condition}): {amounts.replace(',', ', ')} {currency}")
    return [("Categories", "\n".join(lines)), ("Who receives what", prizes.award_rule)]


def shows_tour_points(reg: Regulation | None, rows: Sequence[PrizeRow]) -> bool:
    """Tour points only where the regulation has them (GCT 2023 article 4; a club
    event has none), or where some row carries them."""
    return (reg is not None and reg.points is not None) or any(r.tour_points for r in rows)


def prize_blocks(
    event: Event,
    rows: Sequence[PrizeRow],
    prizes: PrizeList,
    currency: str,
    *,
    with_points: bool = False,
) -> list[Block]:
    """The prize table with its totals: the prize sheet's body, and the end of the final
    standings when a prize fund is set."""
    names = names_of(event)
    named = bool(prizes.categories)
    columns = [
        Column("Place", Align.RIGHT, 7),
        Column("No", Align.RIGHT, 5),
        Column("Name", Align.LEFT, 25 if not named else 22),
    ]
    if named:
        columns.append(Column("Prize", Align.LEFT, 14))
    columns.append(Column(f"Prize ({currency})", Align.RIGHT, 13))
    if with_points:
        columns.append(Column("Tour points", Align.RIGHT, 12))
    rest = 100 - sum(c.width for c in columns)
    columns.append(Column("How it was shared", Align.LEFT, max(rest, 20)))
    body = []
    strong = set()
    for i, row in enumerate(rows):
        cells = [
            row.place + (" *" if row.by_playoff else ""),
            str(row.tpn),
            row.name or names.get(row.tpn, ""),
        ]
        if named:
            cells.append(row.prize)
        cells.append(f"{row.money:,.2f}")
        if with_points:
            cells.append(format_points(row.tour_points))
        cells.append(row.explanation)
        body.append(tuple(cells))
        if row.by_playoff:
            strong.add(i)
    total = sum((r.money for r in rows), start=prizes.unassigned * 0)
    blocks: list[Block] = [
        Table(tuple(columns), tuple(body), strong_rows=frozenset(strong)),
        Fields(
            (
                ("Total paid", f"{total:,.2f} {currency}"),
                ("Not assigned", f"{prizes.unassigned:,.2f} {currency}"),
                ("Cents", prizes.rule),
            )
        ),
    ]
    if strong:
        blocks.append(Paragraph("* place decided by the play-off.", small=True))
    return blocks
