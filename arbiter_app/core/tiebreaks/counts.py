"""Counting tie-breaks: WIN, WON, BPG, BWG, REP (GE), STD, and TPN.

FIDE C.07 (2023) article 7 (7.1 WIN, 7.2 WON, 7.3 BPG, 7.4 BWG, 7.5 GE, called
REP in the 2026 text); STD and TPN are new in the 2026 text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.model import Colour, EntryKind, RoundEntry
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.unplayed import Table, kind_text, record, table

# (table, round index, entry, player's points that round) -> (count in halves, note or "")
Rule = Callable[[Table, int, RoundEntry, int], tuple[int, str]]


def _count(
    ctx: TieBreakContext,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
    rule: Rule,
) -> dict[int, Fraction]:
    t = table(ctx)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = record(traces, tpn)
        pts = t.points[tpn]
        halves = 0
        for i, e in enumerate(t.entries[tpn]):
            n, note = rule(t, i, e, pts[i])
            if n:
                halves += n
                if trace is not None:
                    trace.add(Fraction(n, 2), round=i + 1, opponent=e.opponent, note=note)
        out[tpn] = Fraction(halves, 2)
    return out


def _win(t: Table, i: int, e: RoundEntry, p: int) -> tuple[int, str]:
    return (2, f"{kind_text(e.kind)} worth a win") if p == t.win[i] else (0, "")


def _won(t: Table, i: int, e: RoundEntry, p: int) -> tuple[int, str]:
    return (2, "game won over the board") if e.is_win and e.opponent is not None else (0, "")


def _black(t: Table, i: int, e: RoundEntry, p: int) -> tuple[int, str]:
    if e.is_played and e.colour is Colour.BLACK:
        return 2, "game played with Black"
    return 0, ""


def _black_won(t: Table, i: int, e: RoundEntry, p: int) -> tuple[int, str]:
    if e.is_played and e.colour is Colour.BLACK and p == t.win[i]:
        return 2, "game won with Black"
    return 0, ""


def _elected(t: Table, i: int, e: RoundEntry, p: int) -> tuple[int, str]:
    if e.is_played:
        return 2, "game played"
    if e.kind is EntryKind.PAIRING_BYE or p == t.win[i]:
        return 2, f"{kind_text(e.kind)}: available to play"
    return 0, ""


def _standard(t: Table, i: int, e: RoundEntry, p: int) -> tuple[int, str]:
    if p > t.draw[i]:
        return 2, f"{kind_text(e.kind)}: more than a draw"
    if p == t.draw[i]:
        return 1, f"{kind_text(e.kind)}: as much as a draw"
    return 0, ""


@register(
    "WIN", article="FIDE C.07 (2023) 7.1", description="Rounds scored as a win, played or not"
)
def wins(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """WIN (FIDE C.07 (2023) 7.1): rounds in which the player got a win's points, played or not."""
    return _count(ctx, players, traces, _win)


@register("WON", article="FIDE C.07 (2023) 7.2", description="Games won over the board")
def games_won(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """WON (FIDE C.07 (2023) 7.2): games won over the board (forfeits and byes excluded)."""
    return _count(ctx, players, traces, _won)


@register("BPG", article="FIDE C.07 (2023) 7.3", description="Games played with Black")
def black_games(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """BPG (FIDE C.07 (2023) 7.3): games played over the board with Black."""
    return _count(ctx, players, traces, _black)


@register("BWG", article="FIDE C.07 (2023) 7.4", description="Games won with Black")
def black_wins(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """BWG (FIDE C.07 (2023) 7.4): games won over the board with Black."""
    return _count(ctx, players, traces, _black_won)


@register(
    "REP",
    article="FIDE C.07 (2023) 7.5 (GE); 2026 text REP",
    description="Rounds one elected to play in: games, forfeit wins and byes worth a win",
)
def rounds_elected(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """REP, formerly GE (FIDE C.07 (2023) 7.5; renamed in the 2026 text).

    Rounds the player was available to play: games played, the
    pairing-allocated bye and unplayed rounds scored as a win (forfeit wins,
    full-point byes), as FIDE's reference implementation counts them.
    """
    return _count(ctx, players, traces, _elected)


@register(
    "STD",
    article="FIDE C.07 (2026 text) STD",
    description="Standard points: 1 per round scored above a draw, ½ per round scored as a draw",
)
def standard_points(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """STD (FIDE C.07, 2026 text; slide 16 of the 2026 changes).

    Counts 1 for each round in which the player scored more than a draw
    (played or not) and ½ for each round scored exactly as a draw: the 1/½/0
    score whatever the event's point system.
    """
    return _count(ctx, players, traces, _standard)


@register(
    "TPN",
    article="FIDE C.07 (2026 text) TPN",
    description="Tournament pairing number, lowest first",
    higher_is_better=False,
    integer=True,
)
def pairing_number(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """TPN (FIDE C.07, 2026 text): the final pairing number; the lower ranks first."""
    out: dict[int, Fraction] = {}
    for tpn in players:
        out[tpn] = Fraction(tpn)
        trace = record(traces, tpn)
        if trace is not None:
            trace.add(Fraction(tpn), note="pairing number (lower is better)")
    return out
