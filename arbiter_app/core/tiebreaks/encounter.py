"""Direct encounter (DE): the results among the tied players.

FIDE C.07 (2023) article 6 (6.1 in Swiss events only games played over the
board count; 15.2 in round robins forfeits count as games; 6.2 several games
against the same opponent are averaged; 6.3 a player who stays ahead whatever
the missing games would give is ranked), and the online Swiss rules variant
``DE/ALL``.

DE is group dependent: the players it is given are the tied group, and the
value is the rank inside that group (1 = best, shared ranks when still tied),
so lower is better.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from arbiter_app.core.points import format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.core.tiebreaks.unplayed import GAME_CODES, Table, record, table


def _mutual(
    t: Table, tpn: int, group: frozenset[int]
) -> tuple[Fraction, int, list[tuple[int, int, Fraction]]]:
    """Points of *tpn* against the rest of *group* (6.2: averaged per opponent), opponents met."""
    opps = t.opponents[tpn]
    code = t.codes[tpn]
    counted = GAME_CODES if not t.round_robin else _RR_COUNTED
    hits = [i for i, o in enumerate(opps) if o in group and code[i] in counted]
    if not hits:
        return Fraction(0), 0, []
    pts = t.points[tpn]
    per: dict[int, list[int]] = {}
    for i in hits:
        per.setdefault(opps[i], []).append(pts[i])
    rounds = [(i + 1, opps[i], t.frac(pts[i])) for i in hits]
    total = sum((Fraction(sum(v), len(v)) for v in per.values()), Fraction(0))
    return total / t.unit, len(per), rounds


def _everyone_met(t: Table, group: list[int], members: frozenset[int]) -> bool:
    """Whether every pair of *group* met (cheap check, before any points are added)."""
    counted = GAME_CODES if not t.round_robin else _RR_COUNTED
    need = len(group) - 1
    for p in group:
        code = t.codes[p]
        met = {o for i, o in enumerate(t.opponents[p]) if o in members and code[i] in counted}
        if len(met) < need:
            return False
    return True


# 15.2: in a round robin a forfeit counts as a game against the scheduled opponent.
_RR_COUNTED = GAME_CODES | {"+", "-"}


def _rank(
    t: Table,
    group: list[int],
    base: int,
    out: dict[int, int],
    log: list[str],
    recursive: bool,
) -> None:
    """Rank *group* from *base* (6.1-6.3), again among players still tied when *recursive*."""
    if len(group) == 1:
        out[group[0]] = base
        return
    members = frozenset(group)
    score: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for p in group:
        score[p], met[p], _ = _mutual(t, p, members)
    everyone_met = t.round_robin or all(met[p] == len(group) - 1 for p in group)
    win = Fraction(max(t.win), t.unit) if t.win else Fraction(1)
    blocks: list[list[int]] = []
    if everyone_met:
        order = sorted(group, key=lambda p: (-score[p], p))
        for p in order:
            if blocks and score[blocks[-1][0]] == score[p]:
                blocks[-1].append(p)
            else:
                blocks.append([p])
        log.append(
            "all of "
            + ", ".join(map(str, sorted(group)))
            + " met: "
            + ", ".join(f"{p}: {format_points(score[p])}" for p in order)
        )
    else:
        best = {p: score[p] + (len(group) - 1 - met[p]) * win for p in group}
        order = sorted(group, key=lambda p: (-score[p], -best[p], p))
        # 6.3: a leader is ranked only if no one else could reach their score.
        for i, p in enumerate(order):
            rest = order[i + 1 :]
            if rest and score[p] > max(best[q] for q in rest):
                blocks.append([p])
            else:
                blocks.append(order[i:])
                break
        log.append(
            "not all of "
            + ", ".join(map(str, sorted(group)))
            + " met: "
            + ", ".join(
                f"{p}: {format_points(score[p])} (at most {format_points(best[p])})" for p in order
            )
        )
    position = base
    for block in blocks:
        if len(block) > 1 and len(blocks) > 1 and recursive:
            _rank(t, block, position, out, log, recursive)
        else:
            for p in block:
                out[p] = position
        position += len(block)


@register(
    "DE",
    article="FIDE C.07 (2023) 6, 15.2; the online Swiss rules (DE/ALL)",
    description="Direct encounter: rank among the tied players by their games against each other",
    higher_is_better=False,
    group_dependent=True,
    options=("ALL",),
    integer=True,
)
def direct_encounter(
    ctx: TieBreakContext,
    spec: TieBreakSpec,
    players: Sequence[int],
    traces: Mapping[int, Trace] | None,
) -> dict[int, Fraction]:
    """Direct encounter (FIDE C.07 (2023) article 6; round robins 15.2).

    The value is the rank inside the tied group *players*. If everyone met,
    the points scored among them rank them; otherwise a player is ranked
    ahead only when nobody below could reach their points whatever the missing
    games would give (6.3). Players still tied are ranked again among
    themselves, until nothing changes. Games against the same opponent more
    than once are averaged.

    ``DE/ALL`` is the online Swiss rules' rule: only if all tied players have played
    each other, the points among them rank them; otherwise (or for those
    equal on points) the tie stands, with no second pass.
    """
    if traces is None and len(players) == 1:
        # A player alone on their score is first among themself (6.1): nothing to compare,
        # and a big Swiss has hundreds of such groups.
        return {players[0]: Fraction(1)}
    t = table(ctx)
    group = sorted(set(players))
    ranks: dict[int, int] = {}
    log: list[str] = []
    if "ALL" in spec.options:
        members = frozenset(group)
        if _everyone_met(t, group, members):
            mutual = {p: _mutual(t, p, members) for p in group}
            order = sorted(group, key=lambda p: -mutual[p][0])
            for i, p in enumerate(order):
                same = i and mutual[order[i - 1]][0] == mutual[p][0]
                ranks[p] = ranks[order[i - 1]] if same else i + 1
            log.append("all tied players met (the online Swiss rules): ranked by points among them")
        else:
            ranks = dict.fromkeys(group, 1)
            log.append("not all tied players met each other: still tied (the online Swiss rules)")
    else:
        _rank(t, group, 1, ranks, log, recursive=True)
    if traces:
        members = frozenset(group)
        for p in group:
            trace = record(traces, p)
            if trace is None:
                continue
            for rnd, opp, pts in _mutual(t, p, members)[2]:
                trace.note(f"round {rnd}: {format_points(pts)} against {opp}")
            for line in log:
                trace.note(line)
            trace.add(Fraction(ranks[p]), note=f"rank {ranks[p]} of {len(group)} tied players")
    return {p: Fraction(ranks[p]) for p in players}
