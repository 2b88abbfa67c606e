"""Tie-break values kept from one standings to the next, recomputed for the players a change touches.

A result changes the entries of the two players of its game. Their scores change,
and so does every tie-break value made from those entries or from those scores:

- a value made from the player's own rounds (wins, games with Black, the
  progressive score: FIDE C.07 (2023) articles 7, 9) changes only for the two
  players;
- a value made from the opponents' scores (Buchholz and Fore Buchholz,
  article 8; Sonneborn-Berger and Koya, article 9; US Chess 34E1-34E4 and
  34E9) or their ratings (the average rating of the opponents and the
  performance ratings, article 10: an opponent's first rating in the event is
  kept in his opponents' rounds) changes for the two players and for every
  player who met either of them, since the opponents' scores (article 16 for
  unplayed rounds) come from each opponent's own rounds;
- anything else (an average of the opponents' Buchholz or performances,
  article 8.2 and 10.4-10.5, reaches two steps; lots; a tie-break this module
  does not know) is computed again for everyone.

Values of tie-breaks that depend on the tied group (direct encounter,
article 6) are kept per group: a group with the same players, none of whose
rounds changed, has the same values.

The values are those a computation from scratch gives, and
``tests/core/test_incremental_standings.py`` checks it after every result of
random events, for every tie-break of the catalogue and every rule set.
Everything besides the players' entries (players, ratings, point systems,
adjustments, the rule set, the rounds) must be equal, else every value is
computed again. Entries are compared by identity: the session hands out a new
tuple for a player whose rounds changed and the very same tuple otherwise
(:mod:`arbiter_app.core.tiebreaks.reuse`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_app.core.model import Event
from arbiter_app.core.tiebreaks.base import TieBreakContext, TieBreakSpec
from arbiter_app.core.tiebreaks.reuse import SLOTS, Entries, on_forget


class Reach(enum.Enum):
    """Whose values a change of one player's rounds can change."""

    OWN = "own"
    """The player's own (from his rounds, his score and fixed facts such as ratings)."""
    OPPONENTS = "opponents"
    """His own and those of every player who met him (made from opponents' scores)."""
    EVERYONE = "everyone"
    """Anyone's: computed again for every player."""


REACH: dict[str, Reach] = {
    # FIDE C.07 (2023) article 7: the player's own games.
    "WIN": Reach.OWN,
    "WON": Reach.OWN,
    "BPG": Reach.OWN,
    "BWG": Reach.OWN,
    "REP": Reach.OWN,
    "STD": Reach.OWN,
    "PS": Reach.OWN,
    "TPN": Reach.OWN,
    "RTNG": Reach.OWN,
    "EXT": Reach.OWN,
    # Article 10: the opponents' ratings and the player's own score. An opponent counts with
    # his first rating in the event by default, which his opponents' rounds keep (the board's
    # ratings): a round written for him can change it for everyone who met him.
    "ARO": Reach.OPPONENTS,
    "TPR": Reach.OPPONENTS,
    "PTP": Reach.OPPONENTS,
    # Articles 8 and 9: the opponents' scores.
    "BH": Reach.OPPONENTS,
    "FB": Reach.OPPONENTS,
    "SB": Reach.OPPONENTS,
    "KS": Reach.OPPONENTS,
    # US Chess 34E: the opponents' scores (34E1-34E3, 34E9), the player's own (34E4-34E8).
    "MM": Reach.OPPONENTS,
    "MED": Reach.OPPONENTS,
    "SOLK": Reach.OPPONENTS,
    "OPPC": Reach.OPPONENTS,
    "CUM": Reach.OWN,
    "KASH": Reach.OWN,
    "MBL": Reach.OWN,
}
"""How far a change reaches for each tie-break; one not listed reaches everyone."""


Values = dict[int, Fraction]
Compute = Callable[[Sequence[int]], Values]


@dataclass(frozen=True, slots=True)
class _Kept:
    entries: Mapping[int, Entries]
    met_by: Mapping[int, frozenset[int]]
    """For each player, the players whose rounds name him as their opponent."""
    values: Mapping[TieBreakSpec, Values]
    groups: Mapping[TieBreakSpec, Mapping[tuple[int, ...], tuple[tuple[Entries, ...], Values]]]
    alone: Mapping[TieBreakSpec, Mapping[int, tuple[Entries, Fraction]]]
    """Values of players alone in their group, with the entries they were made from (by
    tie-break, then player: a tie-break's hash is not computed once per player)."""


def _static(event: Event) -> Event:
    """The event without its entries: what must be equal for kept values to hold."""
    return replace(event, entries={})


def _met_by(entries: Mapping[int, Entries]) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for tpn, row in entries.items():
        for entry in row:
            if entry.opponent is not None:
                out.setdefault(entry.opponent, set()).add(tpn)
    return out


class Pass:
    """One standings' use of the kept values: :meth:`values` per tie-break, :meth:`group`
    per tied group, then :meth:`close` keeps them for the next standings."""

    def __init__(self, memo: ValueMemo, ctx: TieBreakContext, tpns: Sequence[int]) -> None:
        self._memo = memo
        self._ctx = ctx
        self._tpns = tpns
        self._tpn_set = frozenset(tpns)
        event = ctx.event
        self._key = (_static(event), ctx.rule_set, ctx.rounds)
        entries = event.entries
        self._entries = entries
        kept = memo.find(self._key)
        self._kept: _Kept | None = None
        self._changed: frozenset[int] = frozenset()
        self._met: Mapping[int, frozenset[int]] = {}
        if kept is not None and kept.entries.keys() == entries.keys():
            changed = frozenset(t for t, row in entries.items() if kept.entries[t] is not row)
            met = dict(kept.met_by)
            if changed:
                # The players a changed player met, before and after: their lists change.
                fresh = _met_by({t: entries[t] for t in changed})
                old = _met_by({t: kept.entries[t] for t in changed})
                for opponent in set(fresh) | set(old):
                    listed = set(met.get(opponent, ())) - changed
                    listed |= fresh.get(opponent, set())
                    met[opponent] = frozenset(listed)
            self._kept, self._changed, self._met = kept, changed, met
        if self._kept is None:
            self._met = {t: frozenset(s) for t, s in _met_by(entries).items()}
        self._values: dict[TieBreakSpec, Values] = {}
        self._groups: dict[
            TieBreakSpec, dict[tuple[int, ...], tuple[tuple[Entries, ...], Values]]
        ] = {}
        self._alone: dict[TieBreakSpec, dict[int, tuple[Entries, Fraction]]] = {}

    def values(self, spec: TieBreakSpec, compute: Compute) -> Values:
        """The values of *spec* for every player: kept ones, computed again where a change
        reaches (module docstring)."""
        kept = self._kept.values.get(spec) if self._kept is not None else None
        reach = REACH.get(spec.name, Reach.EVERYONE)
        if kept is None or reach is Reach.EVERYONE or kept.keys() != self._tpn_set:
            out = compute(self._tpns)
        elif not self._changed:
            out = kept
        else:
            touched = set(self._changed)
            if reach is Reach.OPPONENTS:
                before = self._kept.met_by if self._kept is not None else {}
                for tpn in self._changed:
                    touched |= self._met.get(tpn, frozenset())
                    touched |= before.get(tpn, frozenset())
            wanted = [t for t in self._tpns if t in touched]
            out = dict(kept)
            out.update(compute(wanted))
        self._values[spec] = out
        return out

    def group_values(
        self, spec: TieBreakSpec, groups: Sequence[Sequence[int]], compute: Compute
    ) -> Values:
        """The values of a group-dependent *spec* (direct encounter) for every tied group of
        *groups*: kept for a group of the same players none of whose rounds changed."""
        entries = self._entries
        kept = self._kept
        kept_groups = kept.groups.get(spec, {}) if kept is not None else {}
        kept_alone = kept.alone.get(spec, {}) if kept is not None else {}
        groups_now = self._groups.setdefault(spec, {})
        alone_now = self._alone.setdefault(spec, {})
        out: Values = {}
        for members in groups:
            if len(members) == 1:
                # Most players of a big Swiss are alone in their group: one lookup each.
                tpn = members[0]
                only = entries.get(tpn, ())
                hit = kept_alone.get(tpn)
                if hit is None or hit[0] is not only:
                    hit = (only, compute(members)[tpn])
                alone_now[tpn] = hit
                out[tpn] = hit[1]
                continue
            key = tuple(members)
            rounds = tuple(entries.get(t, ()) for t in members)
            found = kept_groups.get(key)
            if found is not None and all(a is b for a, b in zip(found[0], rounds, strict=True)):
                values = found[1]
            else:
                values = compute(members)
            groups_now[key] = (rounds, values)
            out.update(values)
        return out

    def close(self) -> None:
        """Keep this standings' values for the next one."""
        self._memo.keep(
            self._key,
            _Kept(dict(self._entries), self._met, self._values, self._groups, self._alone),
        )


class ValueMemo:
    """The tie-break values of the last standings of each of a few contexts (rule set,
    rounds, the event besides its entries)."""

    def __init__(self) -> None:
        self._kept: tuple[tuple[object, _Kept], ...] = ()
        on_forget(self.forget)

    def forget(self) -> None:
        self._kept = ()

    def find(self, key: object) -> _Kept | None:
        for kept_key, kept in self._kept:
            if kept_key == key:
                return kept
        return None

    def keep(self, key: object, kept: _Kept) -> None:
        # Replaced at once (another thread may be reading the tuple).
        others = tuple((k, v) for k, v in self._kept if k != key)[-(SLOTS - 1) :]
        self._kept = (*others, (key, kept))

    def begin(self, ctx: TieBreakContext, tpns: Sequence[int]) -> Pass:
        return Pass(self, ctx, tpns)


VALUES = ValueMemo()
"""The values the standings keep from one computation to the next."""
