"""Counting tie-breaks: WIN, WON, BPG, BWG, REP (GE), STD, and TPN.

FIDE C.07 (2023) article 7 (7.1 WIN, 7.2 WON, 7.3 BPG, 7.4 BWG, 7.5 GE, called
REP in the 2026 text); STD and TPN are new in the 2026 text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.unplayed import GAME_CODES, Table, record, table

# (table, round index, round code, player's points that round) -> (count in halves, note)
Rule = Callable[[Table, int, str, int], tuple[int, str]]


def _count(
    ctx: TieBreakContext,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
    rule: Rule,
    fast: Callable[[Table, int], int] | None = None,
) -> dict[int, Fraction]:
    """Count rounds by *rule* (in halves); *fast* counts a player's rounds at C speed."""
    t = table(ctx)
    out: dict[int, Fraction] = {}
    for tpn in players:
        trace = record(traces, tpn)
        if trace is None and fast is not None:
            out[tpn] = t.frac(fast(t, tpn), 2)
            continue
        pts = t.points[tpn]
        opps = t.opponents[tpn]
        halves = 0
        for i, c in enumerate(t.codes[tpn]):
            n, note = rule(t, i, c, pts[i])
            if n:
                halves += n
                if trace is not None:
                    trace.add(Fraction(n, 2), round=i + 1, opponent=opps[i] or None, note=note)
        out[tpn] = t.frac(halves, 2)
    return out


def _uniform(t: Table) -> bool:
    return len(set(t.win)) <= 1 and len(set(t.draw)) <= 1


def _win(t: Table, i: int, c: str, p: int) -> tuple[int, str]:
    return (2, f"{_TEXT[c]} worth a win") if p == t.win[i] else (0, "")


def _win_fast(t: Table, tpn: int) -> int:
    if _uniform(t) and t.win:
        return 2 * t.points[tpn].count(t.win[0])
    return 2 * sum(p == w for p, w in zip(t.points[tpn], t.win, strict=True))


def _won(t: Table, i: int, c: str, p: int) -> tuple[int, str]:
    return (2, "game won over the board") if c in "Ww" else (0, "")


def _won_fast(t: Table, tpn: int) -> int:
    code = t.codes[tpn]
    return 2 * (code.count("W") + code.count("w"))


def _black(t: Table, i: int, c: str, p: int) -> tuple[int, str]:
    return (2, "game played with Black") if c in "wdl" else (0, "")


def _black_fast(t: Table, tpn: int) -> int:
    code = t.codes[tpn]
    return 2 * (code.count("w") + code.count("d") + code.count("l"))


def _black_won(t: Table, i: int, c: str, p: int) -> tuple[int, str]:
    return (2, "game won with Black") if c == "w" else (0, "")


def _black_won_fast(t: Table, tpn: int) -> int:
    return 2 * t.codes[tpn].count("w")


def _elected(t: Table, i: int, c: str, p: int) -> tuple[int, str]:
    if c in GAME_CODES:
        return 2, "game played"
    if c == "U" or p == t.win[i]:
        return 2, f"{_TEXT[c]}: available to play"
    return 0, ""


def _standard(t: Table, i: int, c: str, p: int) -> tuple[int, str]:
    if p > t.draw[i]:
        return 2, f"{_TEXT[c]}: more than a draw"
    if p == t.draw[i]:
        return 1, f"{_TEXT[c]}: as much as a draw"
    return 0, ""


def _standard_fast(t: Table, tpn: int) -> int:
    if not t.draw:
        return 0
    pts = t.points[tpn]
    if _uniform(t):
        d = t.draw[0]
        return 2 * sum(p > d for p in pts) + pts.count(d)
    return sum(2 if p > d else int(p == d) for p, d in zip(pts, t.draw, strict=True))


_TEXT = {
    **dict.fromkeys("WDLwdl", "game"),
    "+": "forfeit win",
    "-": "forfeit loss",
    "U": "pairing-allocated bye",
    "F": "full-point bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
    "A": "absence",
    "X": "withdrawal",
}


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
    return _count(ctx, players, traces, _win, _win_fast)


@register("WON", article="FIDE C.07 (2023) 7.2", description="Games won over the board")
def games_won(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """WON (FIDE C.07 (2023) 7.2): games won over the board (forfeits and byes excluded)."""
    return _count(ctx, players, traces, _won, _won_fast)


@register("BPG", article="FIDE C.07 (2023) 7.3", description="Games played with Black")
def black_games(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """BPG (FIDE C.07 (2023) 7.3): games played over the board with Black."""
    return _count(ctx, players, traces, _black, _black_fast)


@register("BWG", article="FIDE C.07 (2023) 7.4", description="Games won with Black")
def black_wins(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """BWG (FIDE C.07 (2023) 7.4): games won over the board with Black."""
    return _count(ctx, players, traces, _black_won, _black_won_fast)


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
    return _count(ctx, players, traces, _standard, _standard_fast)


@register(
    "TPN",
    article="FIDE C.07 (2026 text) TPN",
    description="Tournament pairing number",
    higher_is_better=False,
    options=("R",),
    integer=True,
)
def pairing_number(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """TPN (FIDE C.07, 2026 text): the final pairing number; the lower ranks first.

    The 2026 text ranks by pairing number "in ascending or descending order":
    ``TPN/R`` ranks the higher number first (the order is reversed in the
    standings; the value stays the number).
    """
    out: dict[int, Fraction] = {}
    for tpn in players:
        out[tpn] = Fraction(tpn)
        trace = record(traces, tpn)
        if trace is not None:
            trace.add(Fraction(tpn), note="pairing number (lower is better)")
    return out
