"""Standings and crosstables: the sheets, and the CSV and JSON exports of the final standings.

Everything here reads the core read models (:class:`~arbiter_app.core.standings.Standings`,
:mod:`arbiter_app.core.crosstable`), the same values the screen shows, and
decides only how they look. The standings sheet prints, in its header, the
rule set that decided unplayed rounds and the announced tie-break list with
the article each tie-break implements (FIDE C.07 article 4.1: the list must be
announced; 2.2: the regulations must say how unplayed games count).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.points import format_points
from arbiter_app.core.standings import StandingRow, Standings
from arbiter_app.core.tiebreaks import REGISTRY
from arbiter_app.core.tiebreaks.base import modifier_words
from arbiter_app.core.words import count
from arbiter_app.exports.clock import time_control_field
from arbiter_app.exports.sheet import Align, Column, Paragraph, Sheet, Table

if TYPE_CHECKING:
    from arbiter_app.core.crosstable import RoundRobinGrid, SwissCrosstable
    from arbiter_app.core.playoff.results import PrizeRow

RULE_SET_TITLES = {
    RuleSet.FIDE_2024: "FIDE C.07 (text in force from 1 April 2024), articles 16.1–16.5",
    RuleSet.FIDE_2026: "FIDE C.07 (text in force from 1 March 2026), articles 16.1–16.5",
    RuleSet.USCF: "US Chess rule 34E (opponents' unplayed games count ½)",
    RuleSet.ONLINE_SWISS: "the online Swiss rules (only opponents played against count)",
}
PLAYOFF_MARK = "play-off"
PENDING_MARK = "pending"
"""Marks a player whose game of the round in progress has no result yet (provisional standings)."""


def pending_note(standings: Standings) -> str:
    """The legend of :data:`PENDING_MARK` ("" when no row is pending)."""
    if not standings.pending:
        return ""
    return (
        f"the game of round {standings.provisional_round} has no result yet; "
        "it counts nothing so far, it is not a loss."
    )


ProgressCallback = Callable[[int, int], None]


def tiebreak_lines(standings: Standings) -> list[str]:
    """``1. BH/C1 — Buchholz … (C.07 art. 8.1)`` for each announced tie-break."""
    out = []
    for i, spec in enumerate(standings.specs, start=1):
        tb = REGISTRY.get(spec.name)
        if tb is None:
            out.append(f"{i}. {spec.code}")
            continue
        out.append(f"{i}. {spec.code} — {tb.description}{modifier_words(spec)} ({tb.article})")
    return out


def format_value(
    code: str, value: Fraction, standings: Standings, *, ascii_only: bool = False
) -> str:
    """A tie-break value as its column prints it (see :meth:`Standings.format_value`)."""
    return standings.format_value(code, value, ascii_only=ascii_only)


def _rating(r: int | None) -> str:
    return str(r) if r else ""


def standings_columns(standings: Standings) -> tuple[Column, ...]:
    tb_width = 7 if len(standings.codes) <= 6 else 6
    # The name takes what the other columns leave, so the table spans the page.
    name_width = max(18, 100 - (7 + 5 + 6 + 6) - tb_width * len(standings.codes))
    return (
        Column("Place", Align.RIGHT, 7),
        Column("No", Align.RIGHT, 5),
        Column("Name", Align.LEFT, name_width),
        Column("Rtg", Align.RIGHT, 6),
        Column("Pts", Align.CENTER, 6),
        *(Column(code, Align.RIGHT, tb_width) for code in standings.codes),
    )


def standings_cells(
    standings: Standings,
    row: StandingRow,
    players: dict[int, tuple[str, str]],
    *,
    ascii_only: bool = False,
) -> tuple[str, ...]:
    title, _fed = players.get(row.tpn, ("", ""))
    name = f"{title} {row.name}".strip()
    if row.playoff_pending:
        name += f" ({PLAYOFF_MARK})"
    if row.pending:
        name += f" ({PENDING_MARK})"
    if row.withdrawn:
        name += " (withdrawn)"
    return (
        row.place,
        str(row.tpn),
        name,
        _rating(row.rating),
        format_points(row.points, ascii_only=ascii_only),
        *(
            format_value(code, row.values[code], standings, ascii_only=ascii_only)
            for code in standings.codes
        ),
    )


def _titles(event: Event) -> dict[int, tuple[str, str]]:
    return {p.tpn: (p.title, p.federation) for p in event.players}


def standings_header(event: Event, standings: Standings) -> tuple[tuple[str, str], ...]:
    items = [
        ("Standings", standings.stage),
        ("Rule set", RULE_SET_TITLES[standings.rule_set]),
        ("Tie-breaks", "\n".join(tiebreak_lines(standings)) or "none announced (points only)"),
    ]
    if event.info.chief_arbiter:
        items.append(("Chief arbiter", event.info.chief_arbiter))
    items.extend(time_control_field(event.info))
    return tuple(items)


def standings_sheet(
    event: Event,
    standings: Standings,
    *,
    title: str = "",
    progress: ProgressCallback | None = None,
    decided: Collection[int] = (),
    decided_article: str = "",
) -> Sheet:
    """The standings with the tie-break list and the rule set in the header.

    *decided* are the players whose place a play-off decided (marked ``*``).
    """
    players = _titles(event)
    rows = []
    total = len(standings.rows)
    step = max(total // 20, 1)
    for i, row in enumerate(standings.rows):
        cells = standings_cells(standings, row, players)
        if row.tpn in decided:
            cells = (cells[0] + " *", *cells[1:])
        rows.append(cells)
        if progress is not None and (i % step == 0 or i == total - 1):
            progress(i + 1, total)
    blocks: list[Table | Paragraph] = [
        Table(standings_columns(standings), tuple(rows), small=len(standings.codes) > 5)
    ]
    if standings.excluded:
        blocks.append(Paragraph("Not ranked:"))
        blocks.append(
            Table(
                (
                    Column("No", Align.RIGHT, 6),
                    Column("Name", Align.LEFT, 40),
                    Column("Why", Align.LEFT, 54),
                ),
                tuple((str(e.tpn), e.name, e.reason) for e in standings.excluded),
            )
        )
    if decided:
        where = f" (article {decided_article})" if decided_article else ""
        blocks.append(Paragraph(f"* place decided by the play-off{where}.", small=True))
    if any(r.playoff_pending for r in standings.rows):
        blocks.append(
            Paragraph(
                f"({PLAYOFF_MARK}): tied for a place that a play-off decides (FIDE C.07 3.1.1); "
                "the play-off has not been played yet.",
                small=True,
            )
        )
    if standings.pending:
        blocks.append(Paragraph(f"({PENDING_MARK}): {pending_note(standings)}", small=True))
    return Sheet(
        title=title or standings.title,
        event=event.name,
        header=standings_header(event, standings),
        blocks=tuple(blocks),
        footer="Places shown as 3-5 are shared; No = pairing number.",
    )


def standings_csv_rows(
    event: Event, standings: Standings, prizes: Sequence[PrizeRow] = ()
) -> tuple[list[str], list[tuple[str, ...]]]:
    """Header and rows of the CSV export: numbers with a decimal point, one row per player.

    With *prizes* (the final standings of an event with a prize fund) each row
    ends with the prize won and its money.
    """
    header, rows = _csv_rows(event, standings)
    if not prizes:
        return header, rows
    from arbiter_app.core.prizes import format_money  # only an event with a prize fund

    won = {r.tpn: (r.prize, format_money(r.money)) for r in prizes}
    by_row = [won.get(int(row[1]), ("", "")) for row in rows]
    return [*header, "Prize", "Money"], [(*row, *w) for row, w in zip(rows, by_row, strict=True)]


def _csv_rows(event: Event, standings: Standings) -> tuple[list[str], list[tuple[str, ...]]]:
    header = [
        "Place",
        "No",
        "Title",
        "Name",
        "Federation",
        "FIDE ID",
        "Rating",
        "Points",
        *standings.codes,
        "Note",
    ]
    info = {p.tpn: p for p in event.players}
    rows: list[tuple[str, ...]] = []
    for row in standings.rows:
        p = info[row.tpn]
        rows.append(
            (
                row.place,
                str(row.tpn),
                p.title,
                row.name,
                p.federation,
                p.fide_id,
                _rating(row.rating),
                format_points(row.points, ascii_only=True),
                *(
                    format_value(c, row.values[c], standings, ascii_only=True)
                    for c in standings.codes
                ),
                "; ".join(
                    mark
                    for mark, on in (
                        (PLAYOFF_MARK, row.playoff_pending),
                        (PENDING_MARK, row.pending),
                    )
                    if on
                ),
            )
        )
    for e in standings.excluded:
        p = info[e.tpn]
        rows.append(
            (
                "",
                str(e.tpn),
                p.title,
                e.name,
                p.federation,
                p.fide_id,
                _rating(p.rating),
                format_points(event.score(e.tpn, standings.after_round), ascii_only=True),
                *("" for _ in standings.codes),
                f"not ranked: {e.reason}",
            )
        )
    return header, rows


# --- crosstables -------------------------------------------------------------------


def swiss_crosstable_sheet(
    event: Event, table: SwissCrosstable, standings: Standings | None = None
) -> Sheet:
    """The Swiss wall chart: one column per round (opponent, colour, result), then the
    points and, with *standings*, the tie-break values in the announced order under their
    FIDE codes (C.07)."""
    numbered_by = "rank" if table.numbering == "rank" else "pairing number"
    codes = standings.codes if standings is not None else ()
    tiebreaks = _tiebreak_cells(standings)
    # Fixed shares for the name and the numbers; the rounds share the rest, so the
    # name is never squeezed by wide round columns (a very wide table is scaled down).
    per_round = max(3, 54 // max(table.rounds, 1))
    name_width = max(20, 80 - per_round * table.rounds - TB_WIDTH * len(codes))
    columns = (
        Column("Place", Align.RIGHT, 6),
        Column("No", Align.RIGHT, 4),
        Column("Name", Align.LEFT, name_width, nowrap=True),
        Column("Rtg", Align.RIGHT, 5),
        *(
            Column(event.system.column_label(r), Align.CENTER, per_round)
            for r in range(1, table.rounds + 1)
        ),
        Column("Pts", Align.CENTER, 5),
        *(Column(code, Align.RIGHT, TB_WIDTH, nowrap=True) for code in codes),
    )
    rows = tuple(
        (
            row.place,
            str(row.number),
            row.name,
            _rating(row.rating),
            *(c.text for c in row.cells),
            *("" for _ in range(table.rounds - len(row.cells))),
            format_points(row.points),
            *tiebreaks(row.tpn),
        )
        for row in table.rows
    )
    system = event.system
    played = (
        str(table.rounds)
        if system.games_per_round == 1
        else f"{system.rounds_in(table.rounds)} ({count(table.rounds, 'game')})"
    )
    header: list[tuple[str, str]] = [("Rounds", played)]
    if standings is not None:
        header.append(("Rule set", RULE_SET_TITLES[standings.rule_set]))
    legend = crosstable_legend(numbered_by, us_chess=event.effective_rule_set is RuleSet.USCF)
    return Sheet(
        title="Crosstable",
        event=event.name,
        header=(*header, *time_control_field(event.info)),
        blocks=(
            Table(columns, rows, small=table.rounds + len(codes) > 7),
            Paragraph(legend, small=True),
        ),
        landscape=table.rounds + len(codes) > 9,
        footer="Crosstable",
    )


def tiebreak_article(rule_set: RuleSet) -> str:
    """The rules a tie-break column is defined by: US Chess rule 34E in an event under the
    US Chess rules, FIDE C.07 else."""
    return "US Chess 34E" if rule_set is RuleSet.USCF else "FIDE C.07"


def crosstable_legend(numbered_by: str, *, us_chess: bool) -> str:
    """The words under a Swiss crosstable: what its cells say, citing the rules that name
    the rounds without a game (FIDE C.07 article 16; in an event under the US Chess rules,
    22B and 28L for the odd player's bye, 22C for the byes asked for, 28P for withdrawals)."""
    cells = f"Cells: opponent's {numbered_by}, colour (w/b), points; + / - forfeit won or lost; "
    if us_chess:
        return (
            f"{cells}bye the odd player's full point (US Chess 22B, 28L); FPB / HPB / ZPB "
            "full-, half-, zero-point bye asked for (22C); -- not paired; WD withdrawn (28P)."
        )
    return (
        f"{cells}PAB pairing-allocated bye; FPB / HPB / ZPB full-, half-, zero-point bye; "
        "-- not paired; WD withdrawn (FIDE C.07 article 16)."
    )


TB_WIDTH = 6
"""The share of the line a tie-break column of a crosstable takes."""


def _tiebreak_cells(standings: Standings | None) -> Callable[[int], tuple[str, ...]]:
    """A player's tie-break values as the standings print them ("" for one not ranked)."""
    if standings is None:
        return lambda tpn: ()
    rows = {r.tpn: r for r in standings.rows}
    blank = tuple("" for _ in standings.codes)

    def cells(tpn: int) -> tuple[str, ...]:
        row = rows.get(tpn)
        if row is None:
            return blank
        return tuple(format_value(c, row.values[c], standings) for c in standings.codes)

    return cells


def round_robin_sheet(
    event: Event, grid: RoundRobinGrid, standings: Standings | None = None
) -> Sheet:
    """The round-robin table: players against players, one result per cycle in each cell,
    then the points and, with *standings*, the tie-break values under their FIDE codes."""
    n = len(grid.order)
    codes = standings.codes if standings is not None else ()
    tiebreaks = _tiebreak_cells(standings)
    index = {tpn: i for i, tpn in enumerate(grid.order, start=1)}
    per_player = max(3, 54 // max(n, 1))
    columns = (
        Column("Place", Align.RIGHT, 6),
        Column("#", Align.RIGHT, 4),
        Column(
            "Name", Align.LEFT, max(20, 80 - per_player * n - TB_WIDTH * len(codes)), nowrap=True
        ),
        Column("Rtg", Align.RIGHT, 5),
        *(Column(str(i), Align.CENTER, per_player) for i in range(1, n + 1)),
        Column("Pts", Align.CENTER, 5),
        *(Column(code, Align.RIGHT, TB_WIDTH, nowrap=True) for code in codes),
    )
    rows = tuple(
        (
            row.place,
            str(index[row.tpn]),
            row.name,
            _rating(row.rating),
            *("■" if cell is None else " ".join(t or "·" for t in cell) for cell in row.cells),
            format_points(row.points),
            *tiebreaks(row.tpn),
        )
        for row in grid.rows
    )
    kind = "Double round robin" if grid.cycles == 2 else "Round robin"
    return Sheet(
        title="Crosstable",
        event=event.name,
        header=(("System", f"{kind}, {count(n, 'player')}"), *time_control_field(event.info)),
        blocks=(
            Table(columns, rows, small=n + len(codes) > 10),
            Paragraph(
                "Columns follow the rows' order (#); + / - forfeit won or lost; · not yet played.",
                small=True,
            ),
        ),
        landscape=n + len(codes) > 12,
        footer="Crosstable",
    )
