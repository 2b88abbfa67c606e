"""Unplayed rounds in FIDE tie-breaks (C.07 article 16), shared by the whole catalogue.

Everything here is computed once per :class:`TieBreakContext` (``ctx.cached``)
and in integer *units*: one unit is the largest fraction of a point that
divides every point value of the event (half a point with 1/½/0), so sums and
comparisons are integer arithmetic and a :class:`~fractions.Fraction` is only
made when a value is handed out.

The rules, by rule set:

- **Which rounds are voluntarily unplayed (VUR)** — C.07 (2023) 16.1.2 / (2026)
  16.5: forfeit losses, half- and zero-point byes, absences (not paired) and
  rounds after a withdrawal. A pairing-allocated bye, a forfeit win and a
  full-point bye give the player a win's points and are not the player's
  choice; FIDE's reference implementation (gacrux, ``tiebreak.is_vur``) treats
  every unplayed round scored as a win as available, and so do we. (The core
  model's :attr:`EntryKind.is_voluntarily_unplayed` counts a requested
  full-point bye as voluntary; for tie-breaks the reference implementation
  decides.)
- **A player's score as seen by opponents (AS-O)** — 16.3.1: unplayed rounds
  count at face value, except 16.3.2: voluntarily unplayed rounds without an
  opponent that are not followed by any available round (withdrawal, absences
  at the end) count as draws. A forfeit loss keeps its face value (it had a
  scheduled opponent).
- **One's own unplayed rounds** — 16.4: a dummy opponent whose score is the
  player's own final score. The 2026 text caps it: 16.4.1 for a forfeit (won or
  lost) at the scheduled opponent's AS-O, 16.4.2 otherwise at a draw's points
  times the number of rounds (the rounds of the standings, as gacrux reads it
  for intermediate standings).
- **Cuts** — 14.1/14.2 with 16.5: when cutting the lowest contributions, a
  voluntarily unplayed round is cut first, unless the least significant
  opponent's contribution is larger than that round's contribution (only
  possible for Sonneborn-Berger), in which case the least significant
  opponent is cut.
- **Round robins** (15.2; predetermined pairings): forfeits count as games
  against the scheduled opponent, rounds without an opponent count for
  nothing, and the 16.3.2 draw becomes zero.

The US Chess rule set has its own treatment (``uscf.py``); FIDE tie-breaks
computed under it use the 2024 text.

The **online Swiss** rule set (the online Swiss rules, tie-breaks) sums the scores
"of each player you played against" (Buchholz) and "of each opponent you have
beaten … drawn" (Sonneborn-Berger): there is no virtual opponent, so a round
without one (the exempted player's round, a round "not included in the
matchmaking", a requested bye, a round after a withdrawal) adds nothing and is
never cut; every opponent counts with the tournament score as it stands, with
no 16.3.2 draws. A forfeit keeps its scheduled opponent: on that platform a
player who does not connect loses the game ("you are not connected, you lose
the game"), so the opponent was played against.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind, Outcome, RoundEntry, RuleSet
from arbiter_app.core.points import format_points
from arbiter_app.core.tiebreaks.base import TieBreakContext, Trace
from arbiter_app.core.tiebreaks.reuse import RowMemo, on_forget
from arbiter_app.core.words import ENTRY_WORDS, REQUESTED, noun_for

VUR_KINDS = frozenset(
    {
        EntryKind.FORFEIT_LOSS,
        EntryKind.HALF_BYE,
        EntryKind.ZERO_BYE,
        EntryKind.NOT_PAIRED,
        EntryKind.WITHDRAWN,
    }
)
"""Voluntarily unplayed rounds for tie-breaks (C.07 16.1.2, as gacrux applies it)."""

_KIND_TEXT = {
    EntryKind.FORFEIT_WIN: "forfeit win",
    EntryKind.FORFEIT_LOSS: "forfeit loss",
    **{kind: ENTRY_WORDS[kind] for kind in (*REQUESTED, EntryKind.PAIRING_BYE)},
    EntryKind.NOT_PAIRED: "absence",
    EntryKind.WITHDRAWN: "withdrawal",
    EntryKind.GAME: "game",
}


def kind_text(kind: EntryKind) -> str:
    return _KIND_TEXT[kind]


def is_2026(rule_set: RuleSet) -> bool:
    """The 2026 text applies (dummy-opponent caps); USCF falls back to the 2024 text."""
    return rule_set is RuleSet.FIDE_2026


def is_online(rule_set: RuleSet) -> bool:
    """Only opponents played against count (the online Swiss rules, tie-breaks)."""
    return rule_set is RuleSet.ONLINE_SWISS


# One character per round and player, so that counting tie-breaks run at C speed:
# games W D L (White or unknown colour) / w d l (Black); forfeits + -; byes U F H Z;
# A absent (not paired), X withdrawn.
GAME_CODES = frozenset("WDLwdl")
_KIND_CODE = {
    id(EntryKind.FORFEIT_WIN): "+",
    id(EntryKind.FORFEIT_LOSS): "-",
    id(EntryKind.PAIRING_BYE): "U",
    id(EntryKind.FULL_BYE): "F",
    id(EntryKind.HALF_BYE): "H",
    id(EntryKind.ZERO_BYE): "Z",
    id(EntryKind.NOT_PAIRED): "A",
    id(EntryKind.WITHDRAWN): "X",
}
_GAME_CODE = {
    (id(o), id(c)): ch.lower() if c is Colour.BLACK else ch
    for o, ch in ((Outcome.WIN, "W"), (Outcome.DRAW, "D"), (Outcome.LOSS, "L"))
    for c in (Colour.WHITE, Colour.BLACK, None)
}
VUR_CODES = frozenset(_KIND_CODE[id(k)] for k in VUR_KINDS)


@dataclass(frozen=True, slots=True)
class Table:
    """The event cut at the context's round, in integer units, with per-player figures.

    *unit* is the number of units in one point. Lists indexed by round are
    0-based (index 0 is round 1). *codes* has one character per round (see
    ``GAME_CODES``/``VUR_CODES``), *opponents* the scheduled opponent or 0.
    """

    unit: int
    rounds: int
    final_round: int
    round_robin: bool
    tpns: tuple[int, ...]
    entries: Mapping[int, tuple[RoundEntry, ...]]
    codes: Mapping[int, str]
    opponents: Mapping[int, list[int]]
    points: Mapping[int, list[int]]
    score: Mapping[int, int]
    adjustment: Mapping[int, int]
    draw: list[int]
    win: list[int]
    last_available: Mapping[int, int]
    """Last round that was not voluntarily unplayed (0 if none): 16.2 / 16.3.2."""
    fractions: dict[tuple[int, int], Fraction]

    def frac(self, units: int, scale: int = 0) -> Fraction:
        """*units* as a Fraction of a point (of a point squared with *scale* = unit²), memoised."""
        key = (units, scale or self.unit)
        f = self.fractions.get(key)
        if f is None:
            f = self.fractions[key] = Fraction(units, key[1])
        return f

    @property
    def draw_total(self) -> int:
        return sum(self.draw)


@dataclass(frozen=True, slots=True)
class _Row:
    """One player's line of the table, as built from the player's entries alone."""

    entries: tuple[RoundEntry, ...]
    code: str
    opponents: list[int]
    points: list[int]
    total: int
    last_available: int


_ROWS: RowMemo[_Row] = RowMemo()
"""The rows of the last table built (see :mod:`arbiter_app.core.tiebreaks.reuse`)."""


def table(ctx: TieBreakContext) -> Table:
    """The shared integer table of *ctx* (built once per context)."""
    return cast(Table, ctx.cached("fide.table", lambda: _build_table(ctx)))


def _build_table(ctx: TieBreakContext) -> Table:
    event = ctx.event
    rounds = ctx.rounds
    systems = [event.points_system_for(r) for r in range(1, rounds + 1)]
    denominators = {v.denominator for s in systems or [event.point_system] for v in s.all_values()}
    denominators.update(a.points.denominator for a in event.adjustments)
    unit = 1
    for d in denominators:
        unit = unit * d // math.gcd(unit, d)
    tpns = tuple(p.tpn for p in event.players)
    # Per round: the units each code is worth.
    worth: list[dict[str, int]] = []
    for s in systems:
        w = {
            "+": s.forfeit_win_points,
            "-": s.forfeit_loss,
            "U": s.pairing_bye_points,
            "F": s.full_bye_points,
            "H": s.half_bye_points,
            "Z": s.zero_bye,
            "A": s.absent,
            "X": s.absent,
        }
        for ch, v in (("W", s.win), ("D", s.draw), ("L", s.loss)):
            w[ch] = w[ch.lower()] = v
        worth.append({k: int(v * unit) for k, v in w.items()})
    adj_units: dict[int, int] = {}
    for a in event.adjustments:
        if a.round is None or a.round <= rounds:
            adj_units[a.tpn] = adj_units.get(a.tpn, 0) + int(a.points * unit)
    game = EntryKind.GAME
    kind_code = _KIND_CODE
    vur_chars = "".join(sorted(VUR_CODES))
    white_code = {id(o): _GAME_CODE[id(o), id(Colour.WHITE)] for o in Outcome}
    black_code = {id(o): _GAME_CODE[id(o), id(Colour.BLACK)] for o in Outcome}
    black = Colour.BLACK
    entries: dict[int, tuple[RoundEntry, ...]] = {}
    codes: dict[int, str] = {}
    opponents: dict[int, list[int]] = {}
    points: dict[int, list[int]] = {}
    score: dict[int, int] = {}
    adjustment: dict[int, int] = {}
    last_available: dict[int, int] = {}

    def build(tpn: int, source: tuple[RoundEntry, ...]) -> _Row:
        row = source[:rounds]
        if len(row) < rounds:
            row = row + tuple(event.entry(tpn, r) for r in range(len(row) + 1, rounds + 1))
        code = "".join(
            [
                (black_code if e.colour is black else white_code)[id(e.outcome)]
                if e.kind is game
                else kind_code[id(e.kind)]
                for e in row
            ]
        )
        pts = [w[c] for w, c in zip(worth, code, strict=True)]
        stripped = code.rstrip(vur_chars)  # drop the trailing voluntarily unplayed rounds (16.3.2)
        opps = [e.opponent or 0 for e in row]
        for r, o in enumerate(opps, start=1):
            if o and o not in known:
                raise RuleError(
                    f"round {r}: player {tpn} is paired with {o}, who is not a player of the "
                    "event; tie-breaks cannot be computed"
                )
        return _Row(row, code, opps, pts, sum(pts), len(stripped))

    known = frozenset(tpns)
    # A row is checked against the players known when it was built: they are part of
    # the context, so a row is kept only while the same players are in the event.
    context = (rounds, unit, tuple(systems), known)
    for tpn, built in _ROWS.rows(context, event.entries, tpns, build).items():
        entries[tpn] = built.entries
        codes[tpn] = built.code
        opponents[tpn] = built.opponents
        points[tpn] = built.points
        adjustment[tpn] = adj_units.get(tpn, 0)
        score[tpn] = built.total + adjustment[tpn]
        last_available[tpn] = built.last_available
    return Table(
        unit=unit,
        rounds=rounds,
        final_round=event.rounds,
        round_robin=event.system.is_round_robin,
        tpns=tpns,
        entries=entries,
        codes=codes,
        opponents=opponents,
        points=points,
        score=score,
        adjustment=adjustment,
        draw=[int(s.draw * unit) for s in systems],
        win=[int(s.win * unit) for s in systems],
        last_available=last_available,
        fractions={},
    )


# -- the score used in opponents' tie-breaks (16.3) ---------------------------------


@dataclass(frozen=True, slots=True)
class Scores:
    """Per player: the own score used for dummy opponents and the AS-O (16.3, 16.4).

    *fore* is true for Fore Buchholz figures (C.07 8.3: last-round games as draws).
    """

    own: Mapping[int, int]
    for_opponents: Mapping[int, int]
    fore_adjusted: frozenset[int]
    """Players whose last round was turned into a draw (Fore Buchholz only)."""


def scores(ctx: TieBreakContext, fore: bool = False) -> Scores:
    key = ("fide.scores", fore, ctx.rule_set)
    return cast(Scores, ctx.cached(key, lambda: _build_scores(ctx, fore)))


def _build_scores(ctx: TieBreakContext, fore: bool) -> Scores:
    t = table(ctx)
    own: dict[int, int] = {}
    as_o: dict[int, int] = {}
    adjusted: set[int] = set()
    last_round = t.rounds
    fore_active = fore and t.rounds == t.final_round and t.rounds > 0
    rr = t.round_robin
    draw = t.draw
    face_value = is_online(ctx.rule_set)
    for tpn in t.tpns:
        pts = t.points[tpn]
        opps = t.opponents[tpn]
        # The online Swiss rules: the tournament score as it stands (no 16.3.2 draws).
        lna = last_round if face_value else t.last_available[tpn]
        shift = 0
        if fore_active and (opps[-1] or t.codes[tpn][-1] == "U"):
            # 8.3: a player paired in the last round (PAB included) is available there,
            # and a last-round pairing counts as a draw.
            lna = last_round
            if opps[-1]:
                shift = draw[-1] - pts[-1]
                adjusted.add(tpn)
        value = t.score[tpn]
        for i in range(lna, last_round):
            # 16.3.2: trailing voluntarily unplayed rounds without an opponent are draws
            # (nothing in a round robin, 15.2); everything else keeps its face value.
            if not opps[i]:
                value += (0 if rr else draw[i]) - pts[i]
        own[tpn] = t.score[tpn] + shift
        as_o[tpn] = value + shift
    return Scores(own, as_o, frozenset(adjusted))


# -- contributions of opponents (BH-like sums, 8.1, 9.1, 16.4) ------------------------


@dataclass(frozen=True, slots=True)
class Terms:
    """A player's rounds in a Buchholz-like sum, as parallel lists in units.

    *values*: the opponent's score used (AS-O, or the dummy opponent's score);
    *points*: the player's own points that round (Sonneborn-Berger);
    *rounds*: the round numbers; *opponents*: the opponent, 0 for a dummy;
    *vur*: indices of voluntarily unplayed rounds (cut first, 16.5).
    """

    values: list[int]
    points: list[int]
    rounds: Sequence[int]
    opponents: list[int]
    vur: tuple[int, ...]
    total: int


def terms(ctx: TieBreakContext, fore: bool = False) -> Mapping[int, Terms]:
    """Every player's opponent terms under the context's rule set (cached)."""
    key = ("fide.terms", fore, ctx.rule_set)
    return cast(Mapping[int, Terms], ctx.cached(key, lambda: _build_terms(ctx, fore)))


def _build_terms(ctx: TieBreakContext, fore: bool) -> dict[int, Terms]:
    t = table(ctx)
    sc = scores(ctx, fore)
    as_o = sc.for_opponents
    capped = is_2026(ctx.rule_set)
    draw_cap = t.draw_total
    fore_round = t.rounds if fore and t.rounds == t.final_round else 0
    rr = t.round_robin
    online = is_online(ctx.rule_set)
    all_rounds = range(1, t.rounds + 1)
    games = GAME_CODES
    vur_codes = VUR_CODES
    out: dict[int, Terms] = {}
    # Terms of an all-games row kept from the last standings: reused when the row is the
    # same object and the opponents' scores are equal (most rows, after one result).
    previous = _SIMPLE_TERMS.get(t.rounds, {})
    kept: dict[int, Terms] = {}
    for tpn in t.tpns:
        code = t.codes[tpn]
        opps = t.opponents[tpn]
        pts = t.points[tpn]
        if set(code) <= games:
            # Every round a game over the board: the common case, kept cheap.
            values = [as_o[o] for o in opps]
            old = previous.get(tpn)
            if (
                old is not None
                and old.points is pts
                and old.opponents is opps
                and old.values == values
            ):
                out[tpn] = kept[tpn] = old
            else:
                out[tpn] = kept[tpn] = Terms(values, pts, all_rounds, opps, (), sum(values))
            continue
        if online:
            # Only the players one played against (forfeits keep their scheduled opponent).
            met = [i for i, o in enumerate(opps) if o]
            values = [as_o[opps[i]] for i in met]
            out[tpn] = Terms(
                values,
                [pts[i] for i in met],
                [i + 1 for i in met],
                [opps[i] for i in met],
                (),
                sum(values),
            )
            continue
        own = sc.own[tpn]
        if not rr and not fore_round:
            # Swiss: every round has a term; own unplayed rounds meet a dummy opponent
            # with the player's score (16.4), capped by the 2026 text (16.4.1, 16.4.2).
            if capped:
                no_opp = min(own, draw_cap)
                values = [
                    as_o[o] if c in games else (min(own, as_o[o]) if o else no_opp)
                    for c, o in zip(code, opps, strict=True)
                ]
            else:
                values = [as_o[o] if c in games else own for c, o in zip(code, opps, strict=True)]
            opponents = [o if c in games else 0 for c, o in zip(code, opps, strict=True)]
            vur = tuple([i for i, c in enumerate(code) if c in vur_codes])
            out[tpn] = Terms(values, pts, all_rounds, opponents, vur, sum(values))
            continue
        values, points, rounds, opponents, vur_list = [], [], [], [], []
        for i, c in enumerate(code):
            o = opps[i]
            if o and (c in games or rr or i + 1 == fore_round):
                value = as_o[o]
            elif rr:
                continue  # 15.2: no scheduled opponent in a round robin counts for nothing
            else:
                value = own
                if capped:
                    value = min(own, as_o[o]) if o else min(own, draw_cap)
                o = 0
                if c in vur_codes:
                    vur_list.append(len(values))
            values.append(value)
            points.append(pts[i])
            rounds.append(i + 1)
            opponents.append(o)
        vur = tuple(vur_list)
        out[tpn] = Terms(values, points, rounds, opponents, vur, sum(values))
    _SIMPLE_TERMS.clear()
    _SIMPLE_TERMS[t.rounds] = kept
    return out


_SIMPLE_TERMS: dict[int, dict[int, Terms]] = {}
"""The all-games terms of the last standings, by number of rounds (see :func:`_build_terms`).

A kept Terms holds the very lists of the table row it was made from (points,
opponents), so ``is`` on those lists says the row is the same; its values are
compared in full. A Terms is never changed once made.
"""
on_forget(_SIMPLE_TERMS.clear)


def describe_term(
    ctx: TieBreakContext, tpn: int, index: int, fore: bool = False, product: bool = False
) -> str:
    """Say where term *index* of *tpn* comes from, citing the article (explanations only)."""
    t = table(ctx)
    sc = scores(ctx, fore)
    tm = terms(ctx, fore)[tpn]
    rnd = tm.rounds[index]
    value = tm.values[index]
    e = t.entries[tpn][rnd - 1]
    parts: list[str] = []
    opp = tm.opponents[index]
    if opp and is_online(ctx.rule_set):
        score = f"opponent's tournament score {format_points(t.frac(value))}"
        if product:
            score = f"result {format_points(t.frac(tm.points[index]))} x {score}"
        parts.append(f"{score} (the online Swiss rules, tie-breaks)")
        if e.kind is not EntryKind.GAME:
            parts.append(
                f"{kind_text(e.kind)}: a player who does not connect loses the game "
                "(the online Swiss rules, special cases)"
            )
        return "; ".join(parts)
    elif opp:
        if e.kind is not EntryKind.GAME:
            if t.round_robin:
                parts.append(f"{kind_text(e.kind)} counts as a game (15.2)")
            else:
                parts.append(f"last-round {kind_text(e.kind)} counted as a game (8.3)")
        if opp in sc.fore_adjusted:
            parts.append("opponent's last-round pairing counted as a draw (8.3)")
        face = sc.own[opp]
        if sc.for_opponents[opp] != face:
            parts.append(
                f"opponent's score {format_points(t.frac(face))} counted as {format_points(t.frac(sc.for_opponents[opp]))}: "
                "voluntarily unplayed rounds after their last available round count as draws (16.3.2)"
            )
        else:
            unplayed = [str(i + 1) for i, c in enumerate(t.codes[opp]) if c not in GAME_CODES]
            if unplayed:
                parts.append(
                    f"opponent's unplayed {noun_for(len(unplayed), 'round')} "
                    f"{', '.join(unplayed)} at face value (16.3.1)"
                )
    else:
        own = sc.own[tpn]
        text = (
            f"own {kind_text(e.kind)} in round {rnd}: dummy opponent with the player's "
            f"score {format_points(t.frac(own))} (16.4)"
        )
        if value != own:
            if e.opponent is not None:
                text += f", capped at the scheduled opponent's score {format_points(t.frac(value))} (2026 16.4.1)"
            else:
                text += (
                    f", capped at a draw per round, {format_points(t.frac(value))} (2026 16.4.2)"
                )
        parts.append(text)
    if product:
        parts.append(
            f"result {format_points(t.frac(tm.points[index]))} x opponent {format_points(t.frac(value))}"
        )
    return "; ".join(parts)


# -- cuts (14.1, 14.2, 16.5) -----------------------------------------------------------


def cut_indices(
    items: Sequence[tuple[int, int, bool]], cut_low: int, cut_high: int, rounds: int
) -> list[tuple[int, str]]:
    """Which items a Cut/Median modifier drops, each with the reason.

    *items* are ``(significance, contribution, vur)``: significance is the
    opponent's score (14.1.1: the least significant opponent has the lowest
    score), contribution what is added (equal to significance for Buchholz).
    Lowest first: a voluntarily unplayed round is cut before anything else
    unless the least significant opponent's contribution is the larger
    (16.5); ties go to the earlier round. Highest: the most significant, no
    exception (14.2). Cuts never exceed the number of rounds.
    """
    low = min(cut_low, rounds)
    high = min(cut_high, rounds - low)
    alive = list(range(len(items)))
    out: list[tuple[int, str]] = []
    while low > 0 and alive:
        least = min(alive, key=lambda i: (items[i][0], items[i][1], i))
        vurs = [i for i in alive if items[i][2]]
        if vurs:
            vur = min(vurs, key=lambda i: (items[i][1], items[i][0], i))
            if items[least][1] > items[vur][1]:
                chosen, why = least, "least significant opponent (14.1.1; 16.5 exception)"
            else:
                chosen, why = vur, "voluntarily unplayed round is cut first (16.5)"
        else:
            chosen, why = least, "least significant opponent (14.1.1)"
        alive.remove(chosen)
        out.append((chosen, why))
        low -= 1
    while high > 0 and alive:
        most = min(alive, key=lambda i: (-items[i][0], -items[i][1], i))
        alive.remove(most)
        out.append((most, "most significant opponent (14.2)"))
        high -= 1
    return out


def rounds_adding_nothing(ctx: TieBreakContext, tpn: int) -> list[str]:
    """Under the online Swiss rules: the rounds of *tpn* without an opponent, which add
    nothing (no virtual opponent), said for the explanation."""
    if not is_online(ctx.rule_set):
        return []
    t = table(ctx)
    return [
        f"round {i + 1}: {kind_text(e.kind)}, no opponent played against: adds nothing "
        "(the online Swiss rules, tie-breaks)"
        for i, e in enumerate(t.entries[tpn])
        if not t.opponents[tpn][i]
    ]


def record(traces: Mapping[int, Trace] | None, tpn: int) -> Trace | None:
    """The trace of *tpn* if an explanation was asked for."""
    if traces is None:
        return None
    return traces.get(tpn)
