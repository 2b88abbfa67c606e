"""Standings: the read model behind the standings table, its printout and its exports.

Players are ranked by points, then by the announced tie-breaks in order
(FIDE C.07 article 4.2: move on to the next tie-break whenever a tie
persists). A tie-break that depends on the tied group (direct encounter,
result between tied players) is evaluated on the players still tied when
it is reached. Players equal after the whole list share the place, shown
``3-5``.

Who is not ranked:

- a disqualified player leaves the list; everyone below moves up and no
  score changes (the online Swiss rules, Special cases);
- a player who left a round robin having completed fewer than half of his
  games (FIDE General Regulations for Competitions, Handbook C.05, the rule
  for a player who withdraws or is expelled from a round robin; formerly
  Tournament Rules C.06 V.4.1): his results stay in the crosstable, but points
  scored by him or against him do not count in the standings. This applies
  under the FIDE rule sets unless the caller says otherwise; US Chess rules
  keep such a player.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, partial

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import NOT_PAIRED, EntryKind, Event, Player, RuleSet, System
from arbiter_app.core.points import column_places, format_in_column, format_points
from arbiter_app.core.tiebreaks import (
    REGISTRY,
    Explanation,
    TieBreakContext,
    TieBreakSpec,
    explain,
    parse_spec,
)
from arbiter_app.core.tiebreaks.base import FunctionTieBreak
from arbiter_app.core.tiebreaks.incremental import VALUES
from arbiter_app.core.tiebreaks.table import table_of
from arbiter_app.core.words import count


class StandingsContext(TieBreakContext):
    """The tie-break context of a standings: scores are summed on the integer round table.

    Same values as :meth:`Event.scores`, computed without Fraction arithmetic,
    because a 1,000-player event asks for them once per tie-break.
    """

    @property
    def scores(self) -> dict[int, Fraction]:
        if self._scores is None:
            self._scores = table_of(self).scores()
        return self._scores


def _int_keys(values: Mapping[int, Fraction]) -> dict[int, int]:
    """Integers ordered and equal exactly as *values* are (common denominator), for fast sorting."""
    ratios = {t: v.as_integer_ratio() for t, v in values.items()}
    common = math.lcm(1, *{d for _, d in ratios.values()})
    return {t: n * (common // d) for t, (n, d) in ratios.items()}


@dataclass(slots=True)
class StandingRow:
    """One line of the standings.

    *place* is the text shown (``"3"`` or ``"3-5"``); *rank* the first place
    of that range. *values* maps each tie-break code, as announced, to its
    exact value. *playoff_pending* is set when the player is tied on points
    for a place that a play-off decides and the play-off has not been played;
    *by_playoff* when the player's place was decided by the play-off (GCT 2023
    articles 2.6/3.6: the play-off, not the tie-breaks, placed them).
    *pending* marks, in provisional standings, a player whose game of the
    round in progress has no result yet: it counts nothing so far, it is not
    a loss.

    A row is a value: nothing changes it once the standings are made. It is not
    declared frozen because a frozen dataclass sets each field through
    ``object.__setattr__``, which doubled the cost of building a 1,000-row table.
    """

    place: str
    rank: int
    tpn: int
    name: str
    rating: int | None
    points: Fraction
    values: Mapping[str, Fraction]
    playoff_pending: bool = False
    by_playoff: bool = False
    pending: bool = False
    withdrawn: bool = False
    """The player withdrew (FIDE C.02, withdrawals: withdrawn players are marked in the
    standings; they keep their place, FIDE C.07 article 16 scores their rounds)."""


@dataclass(frozen=True, slots=True)
class Exclusion:
    """A player left out of the ranking, and why."""

    tpn: int
    name: str
    reason: str


@dataclass(frozen=True)
class Standings:
    """The ranked rows plus what is needed to explain every value."""

    rows: tuple[StandingRow, ...]
    codes: tuple[str, ...]
    specs: tuple[TieBreakSpec, ...]
    context: TieBreakContext
    excluded: tuple[Exclusion, ...] = ()
    groups: Mapping[tuple[int, str], tuple[int, ...]] = field(default_factory=dict)
    """For group-dependent tie-breaks: the tied group each player was in when it applied."""
    provisional_round: int = 0
    """The round in progress these standings include (0: only complete rounds); its
    unfinished games count nothing yet."""

    @property
    def rule_set(self) -> RuleSet:
        return self.context.rule_set

    @property
    def after_round(self) -> int:
        return self.context.rounds

    @cached_property
    def _places(self) -> dict[str, int | None]:
        return {code: column_places(r.values[code] for r in self.rows) for code in self.codes}

    def format_value(self, code: str, value: Fraction, *, ascii_only: bool = False) -> str:
        """A value of the column *code* as every view prints it: one number format a column.

        Integer tie-breaks (ARO, TPR, …) are whole numbers; a column whose
        values are all whole or half prints halves (``27½``); a column with
        other values prints them all with the same decimals (``27.50`` beside
        ``41.25``). With *ascii_only* (files for programs: CSV) each value is
        its own exact decimal (``27.5``, ``41.25``), as a spreadsheet reads it.
        """
        key = (code, value.numerator, value.denominator, ascii_only)
        text = self._formatted.get(key)
        if text is None:
            spec = self._spec(code)
            tb = REGISTRY[spec.name]
            if tb.integer:
                text = tb.format(value)
            elif ascii_only:
                text = format_points(value, ascii_only=True)
            else:
                text = format_in_column(value, self._places[code])
            self._formatted[key] = text
        return text

    @cached_property
    def _formatted(self) -> dict[tuple[str, int, int, bool], str]:
        """Texts already made by :meth:`format_value`: a column of 10,000 players holds a few
        hundred distinct values."""
        return {}

    @property
    def provisional(self) -> bool:
        return self.provisional_round > 0

    @property
    def pending(self) -> tuple[int, ...]:
        """Players whose game of the round in progress has no result yet."""
        return tuple(row.tpn for row in self.rows if row.pending)

    @property
    def final(self) -> bool:
        """After the last planned round, with nothing pending."""
        planned = self.context.event.rounds
        return not self.provisional and bool(planned) and self.after_round >= planned

    @property
    def stage(self) -> str:
        """Which standings these are, in a few words: ``final``, ``after round 3 of 7``,
        ``provisional, round 4 of 7 in progress``, ``before round 1``; a double Swiss names
        its rounds and, within a match, the game (``after round 2 of 5, game 1``)."""
        planned = self.context.event.rounds
        system = self.context.event.system
        if self.provisional:
            return (
                f"provisional, {system.through_name(self.provisional_round, planned)} in progress"
            )
        if self.final:
            return "final"
        if self.after_round == 0:
            return "before round 1"
        return f"after {system.through_name(self.after_round, planned)}"

    @property
    def title(self) -> str:
        """What every view, sheet and export calls these standings."""
        if self.provisional:
            planned = self.context.event.rounds
            said = self.context.event.system.through_name(self.provisional_round, planned)
            return f"Provisional standings during {said}"
        if self.final:
            return "Final standings"
        return f"Standings {self.stage}"

    def row(self, tpn: int) -> StandingRow:
        for r in self.rows:
            if r.tpn == tpn:
                return r
        raise KeyError(f"player {tpn} is not in the standings")

    def explain(self, tpn: int, code: str) -> Explanation:
        """How *tpn*'s value for *code* was made, with the tied group it was computed in."""
        spec = self._spec(code)
        self.row(tpn)
        group = self.groups.get((tpn, spec.code))
        return explain(self.context, spec, tpn, group)

    def _spec(self, code: str) -> TieBreakSpec:
        for spec in self.specs:
            if spec.code == code:
                return spec
        wanted = code.strip().upper()
        for spec in self.specs:
            if spec.code.upper() == wanted:
                return spec
        raise RuleError(
            f"tie-break {code!r} is not in these standings ({', '.join(self.codes) or 'none'})"
        )


def compute_standings(
    event: Event,
    tiebreaks: Sequence[str] = (),
    *,
    rule_set: RuleSet | None = None,
    after_round: int | None = None,
    annul_short_round_robin: bool | None = None,
    playoff_places: Sequence[int] = (),
    playoff_order: Sequence[int] = (),
    playoff_after: int = 0,
    provisional_round: int = 0,
    pending: Collection[int] = (),
) -> Standings:
    """Rank *event* by points and the *tiebreaks* codes (as announced, e.g. ``"BH/C1"``).

    *rule_set* overrides the event's (default: the stored one, else the FIDE
    text in force on the start date). *after_round* gives the standings as
    they stood after that round. *annul_short_round_robin* leaves out of a
    round robin's standings a player who completed fewer than half of his
    games (FIDE C.05); by default it applies under a FIDE rule set. *playoff_places* lists the
    places an over-the-board play-off decides (FIDE C.07 3.1.1): players tied
    on points for such a place are not separated by tie-breaks; once the
    play-off is over, *playoff_order* gives its finishing order (pairing
    numbers, best first) and the players not placed by it go on to the
    tie-breaks. *playoff_after* is how many tie-breaks of the list apply
    before the play-off qualification is decided (C.07 3.1.2; 0: players
    level on points play off). *provisional_round* is the round in progress
    that these standings include (0: none); *pending* are its players whose
    game has no result yet (marked on their rows: the game counts nothing so
    far, it is not a loss).
    """
    played = event.rounds_played
    if after_round is not None and not 0 <= after_round <= played:
        raise RuleError(
            f"standings after round {after_round}: {count(played, 'round')} "
            f"{'has' if played == 1 else 'have'} been played"
        )

    if event.system is System.FIDE_DOUBLE_SWISS:
        # C.04.5 Preface: a single forfeited game of a match played counts as played.
        from arbiter_app.core.pairing.double_swiss_fide import standings_view

        event = standings_view(event)
    specs = tuple(parse_spec(code) for code in tiebreaks)
    excluded: list[Exclusion] = []
    if annul_short_round_robin is None:
        annul_short_round_robin = (rule_set or event.effective_rule_set).is_fide
    if annul_short_round_robin and event.system.is_round_robin:
        event, annulled = _annul_short_round_robin(event, after_round)
        excluded.extend(annulled)
    excluded.extend(
        Exclusion(p.tpn, p.name, "disqualified (the online Swiss rules: removed, scores unchanged)")
        for p in event.players
        if p.disqualified
    )
    gone = {e.tpn for e in excluded}
    ctx = StandingsContext(event, rule_set, after_round)
    scores = ctx.scores
    ranked = [p for p in event.players if p.tpn not in gone]
    tpns = [p.tpn for p in ranked]

    # Start with groups of equal points, best first.
    point_keys = _int_keys({t: scores[t] for t in tpns})
    by_points: dict[int, list[int]] = {}
    for tpn in sorted(tpns, key=lambda t: (-point_keys[t], t)):
        by_points.setdefault(point_keys[tpn], []).append(tpn)
    groups: list[list[int]] = list(by_points.values())

    unfinished = frozenset(pending)
    kept = VALUES.begin(ctx, tpns)
    frozen: set[int] = set()
    waiting: set[int] = set()
    decided: set[int] = set()
    values: dict[str, dict[int, Fraction]] = {}
    group_of: dict[tuple[int, str], tuple[int, ...]] = {}
    for index, spec in enumerate(specs):
        if index == playoff_after:
            frozen, waiting, decided = _apply_playoff(groups, playoff_places, playoff_order)
        tb = REGISTRY[spec.name]
        compute = partial(_compute, tb, ctx, spec)
        if tb.group_dependent:
            vals = kept.group_values(spec, groups, compute)
            for g in groups:
                # A player alone in his group is explained as a group of one (the default).
                if len(g) > 1:
                    members = tuple(g)
                    for tpn in g:
                        group_of[(tpn, spec.code)] = members
        else:
            # Kept from the last standings where no change reaches (a result changes two
            # players' rounds): see core.tiebreaks.incremental.
            vals = kept.values(spec, compute)
        values[spec.code] = vals
        # Only players still tied need comparing; later tie-breaks usually have few.
        open_groups = [g for g in groups if len(g) > 1 and id(g) not in frozen]
        keys = _int_keys({t: vals[t] for g in open_groups for t in g})
        sign = 1 if tb.better_high(spec) else -1
        split: list[list[int]] = []
        for g in groups:
            if len(g) == 1 or id(g) in frozen:
                split.append(g)
                continue
            ordered = sorted(g, key=lambda t: (-sign * keys[t], t))
            run = [ordered[0]]
            for tpn in ordered[1:]:
                if keys[tpn] == keys[run[-1]]:
                    run.append(tpn)
                else:
                    split.append(run)
                    run = [tpn]
            split.append(run)
        groups = split
    if playoff_after >= len(specs):
        frozen, waiting, decided = _apply_playoff(groups, playoff_places, playoff_order)
    kept.close()

    players = {p.tpn: p for p in ranked}
    order = [tpn for g in groups for tpn in (sorted(g) if len(g) > 1 else g)]
    # Each row's tie-break values, column by column (a row at a time was a tenth of a
    # second at 10,000 players, the slowest part of the window's refresh after a round).
    codes = list(values)
    columns = [list(map(values[code].__getitem__, order)) for code in codes]
    row_values = iter(
        [dict(zip(codes, cells, strict=True)) for cells in zip(*columns, strict=True)]
        if codes
        else [{} for _ in order]
    )
    rows: list[StandingRow] = []
    position = 1
    for g in groups:
        first, last = position, position + len(g) - 1
        place = str(first) if first == last else f"{first}-{last}"
        for tpn in sorted(g) if len(g) > 1 else g:
            p = players[tpn]
            rows.append(
                StandingRow(
                    place,
                    first,
                    tpn,
                    p.name,
                    p.rating,
                    scores[tpn],
                    next(row_values),
                    tpn in waiting,
                    tpn in decided,
                    tpn in unfinished,
                    p.withdrawn_from_round is not None,
                )
            )
        position = last + 1
    return Standings(
        tuple(rows),
        tuple(s.code for s in specs),
        specs,
        ctx,
        tuple(excluded),
        group_of,
        provisional_round,
    )


def _compute(
    tb: FunctionTieBreak, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]
) -> dict[int, Fraction]:
    return tb.compute(ctx, spec, players)


def _apply_playoff(
    groups: list[list[int]], places: Sequence[int], order: Sequence[int]
) -> tuple[set[int], set[int], set[int]]:
    """Hold back points groups whose places a play-off decides (FIDE C.07 3.1.1).

    Works in place on *groups*. Returns the ids of groups the tie-breaks must
    not split, the players whose play-off is still to come, and the players
    the play-off placed. Players placed by *order* become groups of their own
    at the top of their points group.
    """
    frozen: set[int] = set()
    pending: set[int] = set()
    placed: set[int] = set()
    if not places:
        return frozen, pending, placed
    wanted = set(places)
    position = 1
    i = 0
    while i < len(groups):
        g = groups[i]
        covered = set(range(position, position + len(g)))
        if len(g) > 1 and covered & wanted:
            decided = [t for t in order if t in g]
            placed.update(decided)
            if decided:
                rest = [t for t in g if t not in decided]
                groups[i : i + 1] = [[t] for t in decided] + ([rest] if rest else [])
                i += len(decided) + (1 if rest else 0)
                position += len(g)
                continue
            frozen.add(id(g))
            pending.update(g)
        position += len(g)
        i += 1
    return frozen, pending, placed


def _annul_short_round_robin(
    event: Event, after_round: int | None
) -> tuple[Event, list[Exclusion]]:
    """FIDE C.05 (General Regulations for Competitions) for a player who left a round robin.

    A player who leaves having completed fewer than half of his games keeps
    his results in the crosstable, but the points scored by him or against
    him do not count in the standings. He is therefore not ranked, and his
    opponents' rounds against him become rounds without an opponent and
    without points (``NOT_PAIRED``) for ranking and tie-breaks.
    """
    cycles = 2 if event.system is System.DOUBLE_ROUND_ROBIN else 1
    games = (len(event.players) - 1) * cycles
    last = event.rounds_played if after_round is None else after_round
    annulled: list[Exclusion] = []
    for p in event.players:
        if not _left(event, p, last):
            continue
        completed = sum(1 for e in event.entries_of(p.tpn, last) if e.is_played)
        if 2 * completed < games:
            annulled.append(
                Exclusion(
                    p.tpn,
                    p.name,
                    f"left the round robin after {completed} of {count(games, 'game')}, "
                    "fewer than half "
                    "(FIDE C.05 General Regulations for Competitions: not counted in the "
                    "standings)",
                )
            )
    if not annulled:
        return event, []
    gone = {a.tpn for a in annulled}
    entries = {
        tpn: tuple(NOT_PAIRED if e.kind.has_opponent and e.opponent in gone else e for e in row)
        for tpn, row in event.entries.items()
    }
    derived = replace(
        event,
        entries=entries,
        players=tuple(p for p in event.players if p.tpn not in gone),
    )
    return derived, annulled


def _left(event: Event, player: Player, last: int) -> bool:
    if player.withdrawn_from_round is not None and player.withdrawn_from_round <= last + 1:
        return True
    return any(e.kind is EntryKind.WITHDRAWN for e in event.entries_of(player.tpn, last))
