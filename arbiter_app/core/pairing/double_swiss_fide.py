"""FIDE's Double-Swiss System (Handbook C.04.5, approved by the Council on 28 October 2025,
applied from 1 February 2026).

Every pairing is a match of two games with alternating colours (Preface). The event is
stored as for every double Swiss: match *r* is the game columns ``2r − 1`` and ``2r``,
the second with the colours of the first reversed. Unlike the club's double Swiss
(:mod:`.double_swiss`, which maps each match onto one Dutch round), a match here is paired
by C.04.5's own procedure:

- the score is the sum of the game points (1, ½, 0 per game; a match ends 2-0, 1½-½,
  1-1 …) and players are ranked by score, then TPN (1.2);
- a match ends by forfeit only if a player forfeits both games; such a pairing may be
  repeated, and any other match counts as played (Preface);
- the pairing-allocated bye (PAB) is assigned first (3.3.2, 3.4) and scores a game won
  and a game drawn, 1½ (1.4);
- then, bracket after bracket, the top-scoregroup with the set of upfloaters that
  3.5 selects ([C4] fewest upfloaters, [C5] highest scores, [C3] the rest pairable,
  [C6] the following scoregroup pairable, [C7] fewest upfloaters who floated in the
  previous round, then the first set in the order of 3.5.4), paired by the first pairing
  identifier (3.6.2) that complies with [C1] and [C8] (3.6.4);
- then the colours of every match (Article 4); the player given White plays game 1 with
  White and game 2 with Black (4.4).

The text prescribes no tie-breaks of its own; the Preface only says that a single
forfeited game of a match that is not forfeited counts as played for tie-breaks and
standings (:func:`match_is_forfeited` tells the two apart).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, RoundEntry
from arbiter_app.core.pairing.boards import Board, Bye, NoLegalPairing, RoundPairing
from arbiter_app.core.points import format_points
from arbiter_app.core.words import count

GAMES = 2
"""Games in a match (Preface)."""

SYSTEM_NAME = "FIDE Double-Swiss System (C.04.5)"
"""How the engine names itself in the journal and on the pairing."""

PAB_REASON = (
    "pairing-allocated bye: lowest score, then most matches played, then largest TPN among "
    "the players who leave a legal pairing (FIDE C.04.5 article 3.4); it scores a game won "
    "and a game drawn, 1½ (article 1.4)"
)


@dataclass(frozen=True)
class Contender:
    """A player to be paired in match *r*, as C.04.5 sees him after the matches before it.

    *colours* holds the colour of game 1 of every match in which at least one game was
    played (article 1.6); *met* the opponents of every match that did not end by forfeit
    ([C1], Preface); *barred* whether [C2] (article 2.1.2) keeps him from the PAB;
    *floated* whether he was a floater in the previous match (article 1.5).
    """

    tpn: int
    score: Fraction
    matches: int
    colours: tuple[Colour, ...]
    met: frozenset[int]
    barred: bool
    floated: bool

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)


@dataclass(frozen=True)
class Bracket:
    """One bracket as it was paired: its residents' score, its upfloaters, its pairs, and
    *why* these upfloaters: the criteria of article 3.5 that chose them, in the text's
    words (the explanation; not part of the pairing)."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    why: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class MatchPairing:
    """The pairing of one match: boards as (White in game 1, Black in game 1), in board
    order, the PAB receiver, the brackets and the article of Article 4 that coloured each
    board."""

    boards: tuple[tuple[int, int], ...]
    pab: int | None
    brackets: tuple[Bracket, ...]
    colour_rules: tuple[str, ...]
    pab_why: str = field(default="", compare=False)
    """Why the PAB went where it did (article 3.4), for the explanation."""


# -- reading the matches played ---------------------------------------------------------


def _match_entries(event: Event, tpn: int, match: int) -> tuple[RoundEntry, RoundEntry]:
    return event.entry(tpn, GAMES * match - 1), event.entry(tpn, GAMES * match)


def match_is_forfeited(event: Event, tpn: int, match: int) -> bool:
    """Whether match *match* of *tpn* ended by forfeit: at least one of the two players
    forfeited both games (C.04.5 Preface). Any other match counts as played."""
    first, second = _match_entries(event, tpn, match)
    if not first.kind.has_opponent or first.opponent is None:
        return False
    own = all(e.kind is EntryKind.FORFEIT_LOSS for e in (first, second))
    theirs = all(
        e.kind is EntryKind.FORFEIT_LOSS for e in _match_entries(event, first.opponent, match)
    )
    return own or theirs


_MATCH_GAME = (EntryKind.GAME, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS)


def standings_view(event: Event) -> Event:
    """*event* as the standings and tie-breaks see it (C.04.5 Preface): in a match that did
    not end by forfeit, a single forfeited game is treated as played, won by the player who
    scored it and lost by the other (a game lost by both, lost by both). Only matches whose
    two games both have a result; ratings are not concerned ("this rule does not apply to
    rating").
    """
    rows: dict[int, tuple[RoundEntry, ...]] = {}
    changed = False
    for tpn, row in event.entries.items():
        new = list(row)
        for m in range(1, len(row) // GAMES + 1):
            first, second = _match_entries(event, tpn, m)
            if first.kind not in _MATCH_GAME or second.kind not in _MATCH_GAME:
                continue
            if first.opponent is None or match_is_forfeited(event, tpn, m):
                continue
            for column, entry in ((GAMES * m - 1, first), (GAMES * m, second)):
                if entry.kind is EntryKind.FORFEIT_WIN or entry.kind is EntryKind.FORFEIT_LOSS:
                    outcome = Outcome.WIN if entry.kind is EntryKind.FORFEIT_WIN else Outcome.LOSS
                    new[column - 1] = RoundEntry.game(
                        entry.opponent if entry.opponent is not None else first.opponent,
                        entry.colour,
                        outcome,
                        rated=False,
                    )
                    changed = True
        rows[tpn] = tuple(new)
    return event.with_entries(rows) if changed else event


def _won_by_forfeit(event: Event, tpn: int, match: int) -> bool:
    """[C2]: the opponent forfeited both games and this player did not (article 2.1.2)."""
    first, second = _match_entries(event, tpn, match)
    if not first.kind.has_opponent or first.opponent is None:
        return False
    own = all(e.kind is EntryKind.FORFEIT_LOSS for e in (first, second))
    theirs = all(
        e.kind is EntryKind.FORFEIT_LOSS for e in _match_entries(event, first.opponent, match)
    )
    return theirs and not own


def _meeting(event: Event, tpn: int, match: int) -> int | None:
    """The opponent of a match that counts as played (Preface), else None."""
    first, _ = _match_entries(event, tpn, match)
    if not first.kind.has_opponent or first.opponent is None:
        return None
    return None if match_is_forfeited(event, tpn, match) else first.opponent


def contender(event: Event, tpn: int, match: int, scores: Mapping[int, Fraction]) -> Contender:
    """Player *tpn* before match *match*, read from the game columns of the matches before."""
    colours: list[Colour] = []
    met: set[int] = set()
    played = 0
    barred = False
    for m in range(1, match):
        first, second = _match_entries(event, tpn, m)
        opponent = _meeting(event, tpn, m)
        if opponent is not None:
            played += 1
            met.add(opponent)
            # 1.6: a player had a colour when at least one game of the match was played,
            # the colour of game 1.
            if (first.is_played or second.is_played) and first.colour is not None:
                colours.append(first.colour)
        # [C2] 2.1.2: a PAB, a match won by forfeit, or a bye worth a win.
        if first.kind in (EntryKind.PAIRING_BYE, EntryKind.FULL_BYE) or _won_by_forfeit(
            event, tpn, m
        ):
            barred = True
    floated = False
    if match > 1:
        opponent = _meeting(event, tpn, match - 1)
        if opponent is not None:
            before = event.scores(after_round=GAMES * (match - 2))
            # 1.5: a floater met an opponent with a different score.
            floated = before.get(tpn) != before.get(opponent)
    return Contender(tpn, scores[tpn], played, tuple(colours), frozenset(met), barred, floated)


# -- the matchings the criteria ask for --------------------------------------------------

Compatible = Callable[[int, int], bool]


def _max_matching(
    nodes: list[int], allowed: Callable[[int, int], bool], weight: Callable[[int, int], int]
) -> dict[int, int] | None:
    """A perfect matching of *nodes* over *allowed* edges of largest total *weight*, else None."""
    edges = [(a, b, weight(a, b)) for a, b in combinations(nodes, 2) if allowed(a, b)]
    return _matching_of(nodes, edges)


def _matching_of(nodes: list[int], edges: list[tuple[int, int, int]]) -> dict[int, int] | None:
    """A perfect matching of *nodes* over weighted *edges* of largest weight, else None."""
    if len(nodes) % 2:
        return None
    if not nodes:
        return {}
    import rustworkx as rx

    graph = rx.PyGraph()
    index = graph.add_nodes_from(nodes)
    where = dict(zip(nodes, index, strict=True))
    graph.add_edges_from([(where[a], where[b], w) for a, b, w in edges])
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(found) != len(nodes):
        return None
    mate: dict[int, int] = {}
    for i, j in found:
        a, b = graph[i], graph[j]
        mate[a], mate[b] = b, a
    return mate


def _first_identifier(
    tops: list[int], bottoms: list[int], ok: Compatible
) -> list[tuple[int, int]] | None:
    """The first pairing identifier (3.6.2) with these *tops*, each top paired with one of
    *bottoms* over *ok* pairs; None when they cannot all be paired so.

    A maximum bipartite matching by augmenting paths, then each top in order takes the
    first bottom that still leaves the others a partner (an alternating path from the
    top it displaces to the bottom it frees).
    """
    adjacent = {t: [u for u in bottoms if ok(t, u)] for t in tops}
    top_of: dict[int, int] = {}
    bottom_of: dict[int, int] = {}
    fixed: set[int] = set()

    def augment(start: int) -> bool:
        came: dict[int, int] = {}
        queue = deque([start])
        while queue:
            top = queue.popleft()
            for u in adjacent[top]:
                if u in came or u in fixed:
                    continue
                came[u] = top
                if u not in top_of:
                    while True:  # flip the path back to the start
                        t = came[u]
                        previous = bottom_of.get(t)
                        bottom_of[t], top_of[u] = u, t
                        if t == start:
                            return True
                        assert previous is not None
                        u = previous
                queue.append(top_of[u])
        return False

    for t in tops:
        if not augment(t):
            return None
    for t in tops:
        for u in adjacent[t]:
            if u in fixed:
                continue
            current = bottom_of[t]
            if u == current:
                break
            displaced = top_of[u]
            # Give u to t; the displaced top must reach the bottom t leaves free.
            fixed.add(u)
            del top_of[current]
            del bottom_of[displaced]
            bottom_of[t], top_of[u] = u, t
            if augment(displaced):
                break
            fixed.discard(u)
            bottom_of[t], top_of[current] = current, t
            bottom_of[displaced], top_of[u] = u, displaced
        fixed.add(bottom_of[t])
    return [(t, bottom_of[t]) for t in tops]


def _pairable(nodes: list[int], compatible: Compatible) -> bool:
    """[C3] article 2.2.1: the players still to be paired have a legal pairing.

    A greedy pass (each player with the first one still free he may meet) answers most
    questions at once in a large field; only when it gets stuck is a maximum matching
    computed, which is the answer either way.
    """
    if len(nodes) % 2:
        return False
    free = list(nodes)
    while free:
        first = free.pop(0)
        partner = next((i for i, other in enumerate(free) if compatible(first, other)), None)
        if partner is None:
            return _max_matching(nodes, compatible, lambda a, b: 1) is not None
        free.pop(partner)
    return True


class _Round:
    """The state of one match's pairing: who is left, and the absolute criteria."""

    def __init__(
        self, field: Mapping[int, Contender], forbidden: Collection[frozenset[int]], last: bool
    ) -> None:
        self.field = field
        self.forbidden = forbidden
        self.last = last
        self.levels = sorted({c.score for c in field.values()}, reverse=True)

    def compatible(self, a: int, b: int) -> bool:
        """[C1] article 2.1.1: not met in a match that counts as played; nor a pair the
        arbiter forbade (C.04.2)."""
        if b in self.field[a].met:
            return False
        return not any(a in group and b in group for group in self.forbidden)

    # 3.4 -------------------------------------------------------------------------------
    def pab(self, players: list[int]) -> int:
        """Article 3.4: the PAB goes to the player who leaves a legal pairing (3.4.1) with
        the lowest score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4),
        never to one [C2] bars (2.1.2)."""
        return self.pab_with_reason(players)[0]

    def pab_with_reason(self, players: list[int]) -> tuple[int, str]:
        """:meth:`pab` and why, in the words of article 3.4 (players passed over named)."""
        field = self.field
        candidates = sorted(
            (t for t in players if not field[t].barred),
            key=lambda t: (field[t].score, -field[t].matches, -t),
        )
        passed: list[int] = []
        for tpn in candidates:
            rest = [t for t in players if t != tpn]
            if _pairable(rest, self.compatible):
                return tpn, self._pab_words(players, tpn, passed)
            passed.append(tpn)
        raise NoLegalPairing(
            "no player can receive the pairing-allocated bye and leave a legal pairing for "
            "all the others (FIDE C.04.5 articles 3.4.1 and 2.1.2); the Chief Arbiter "
            "decides what to do (article 3.3.3)"
        )

    def _pab_words(self, players: list[int], tpn: int, passed: list[int]) -> str:
        me = self.field[tpn]
        said = (
            f"{tpn} ({format_points(me.score)}, {count(me.matches, 'match')} played): the lowest "
            "score, then the most matches played, then the largest TPN (article 3.4)"
        )
        barred = sorted(
            (t for t in players if self.field[t].barred),
            key=lambda t: (self.field[t].score, -self.field[t].matches, -t),
        )
        if barred and (self.field[barred[0]].score, -self.field[barred[0]].matches, -barred[0]) < (
            me.score,
            -me.matches,
            -tpn,
        ):
            said += f"; [C2] article 2.1.2 bars {_listed(barred)}, who had a bye or a forfeit win"
        if passed:
            said += (
                f"; {_listed(passed)} would leave the others without a legal pairing "
                "(article 3.4.1)"
            )
        return said

    # 3.5 -------------------------------------------------------------------------------
    def _following_ok(self, score: Fraction, rest: list[int]) -> bool:
        """[C6] article 2.3.3: unless the following scoregroup is now empty, it can be
        paired in its own bracket with [C1], [C3] and [C4] complied with."""
        at = self.levels.index(score)
        if at + 1 >= len(self.levels):
            return True
        following_score = self.levels[at + 1]
        following = [t for t in rest if self.field[t].score == following_score]
        if not following:
            return True
        lower = [t for t in rest if self.field[t].score < following_score]
        options: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in lower]
        for extra in options:
            bracket = following + extra
            if not _pairable(bracket, self.compatible):
                continue
            left = [t for t in rest if t not in bracket]
            if _pairable(left, self.compatible):
                return True
        return False

    def _c7(self, upfloaters: list[int]) -> int:
        """[C7] article 2.3.4: upfloaters who were floaters in the previous match (not in
        the last round)."""
        if self.last:
            return 0
        return sum(1 for t in upfloaters if self.field[t].floated)

    def _profiles(self, lower: list[int], count: int) -> list[tuple[Fraction, ...]]:
        """[C5] article 2.3.2: the scores of *count* upfloaters, best (highest, taken in
        ascending order) first."""
        sizes: dict[Fraction, int] = {}
        for t in lower:
            sizes[self.field[t].score] = sizes.get(self.field[t].score, 0) + 1
        found = [
            p
            for p in combinations_with_replacement(sorted(sizes, reverse=True), count)
            if all(p.count(s) <= sizes[s] for s in set(p))
        ]
        return sorted(found, key=sorted, reverse=True)

    def _sets(self, lower: list[int], profile: tuple[Fraction, ...]) -> Iterator[list[int]]:
        """Every set of upfloaters with *profile*, in the order of articles 3.5.3 (score
        descending, then TPN) and 3.5.4 (lexicographic order of the sets)."""
        levels = sorted(set(profile), reverse=True)
        by_level = [sorted(t for t in lower if self.field[t].score == s) for s in levels]
        counts = [profile.count(s) for s in levels]

        def build(i: int) -> Iterator[list[int]]:
            if i == len(levels):
                yield []
                return
            for chosen in combinations(by_level[i], counts[i]):
                for tail in build(i + 1):
                    yield list(chosen) + tail

        return build(0)

    def bracket(self, players: list[int]) -> Bracket:
        """Articles 3.5 and 3.6: the top-scoregroup with its upfloaters, paired."""
        top = max(self.field[t].score for t in players)
        residents = sorted(t for t in players if self.field[t].score == top)
        lower = [t for t in players if self.field[t].score < top]
        # [C4] article 2.3.1: the fewest upfloaters the parity and [C3] allow.
        fewest = len(residents) % 2
        for size in range(fewest, len(lower) + 1, 2):
            for rank, profile in enumerate(self._profiles(lower, size)):
                best: tuple[tuple[int, int, int], list[int], list[tuple[int, int]]] | None
                best = None
                turned = {"bracket": 0, "rest": 0}  # sets before the chosen one, and why
                keys: list[tuple[int, int, int]] = []  # the sets that pair, by 3.5.5's key
                for index, ups in enumerate(self._sets(lower, profile)):
                    members = sorted(residents + ups)
                    pairs = self.pair_bracket(members, set(ups))
                    if pairs is None:
                        turned["bracket"] += best is None
                        continue
                    rest = [t for t in players if t not in members]
                    if not _pairable(rest, self.compatible):
                        turned["rest"] += best is None
                        continue  # [C3] article 2.2.1
                    key = (0 if self._following_ok(top, rest) else 1, self._c7(ups), index)
                    keys.append(key)
                    if best is None or key < best[0]:
                        best = (key, ups, pairs)
                    if key[:2] == (0, 0):
                        break  # article 3.5.5: the first set that complies
                if best is not None:
                    key, ups, pairs = best
                    earlier = [k for k in keys if k[2] < key[2]]
                    turned["c6"] = sum(1 for k in earlier if k[0] > key[0])
                    turned["c7"] = sum(1 for k in earlier if k[0] == key[0] and k[1] > key[1])
                    why = self._why(size, fewest, rank, key, turned, set(ups), pairs)
                    return Bracket(top, tuple(residents), tuple(sorted(ups)), tuple(pairs), why)
        raise NoLegalPairing(
            f"the {format_points(top)}-point scoregroup cannot be paired with any set of upfloaters "
            "(FIDE C.04.5 article 3.3.3: the Chief Arbiter decides what to do)"
        )

    def _why(
        self,
        size: int,
        fewest: int,
        rank: int,
        key: tuple[int, int, int],
        turned: Mapping[str, int],
        upfloaters: set[int],
        pairs: list[tuple[int, int]],
    ) -> tuple[str, ...]:
        """The criteria that chose the upfloaters and the pairs, in article 3.5's order."""
        out: list[str] = []
        if size:
            if size == fewest:
                out.append(
                    f"[C4] article 2.3.1: {count(size, 'upfloater')}, the fewest the "
                    "scoregroup's size allows"
                )
            else:
                out.append(
                    f"[C4] article 2.3.1: {count(size, 'upfloater')}; with {size - 2} the "
                    "bracket or the players below it could not be paired ([C1], [C3])"
                )
            out.append(
                "[C5] article 2.3.2: the highest scores available"
                if rank == 0
                else "[C5] article 2.3.2: the highest scores with which the bracket and the "
                "players below can be paired"
            )
            if turned["bracket"]:
                out.append(
                    f"{count(turned['bracket'], 'set')} before it in the order of article 3.5.4 "
                    "left the bracket without a pairing ([C1] article 2.1.1)"
                )
            if turned["rest"]:
                out.append(
                    f"{count(turned['rest'], 'set')} before it left the players below without a "
                    "pairing ([C3] article 2.2.1)"
                )
            if turned["c6"]:
                out.append(
                    f"{count(turned['c6'], 'set')} before it left the following scoregroup "
                    "without a pairing of its own ([C6] article 2.3.3)"
                )
            if turned["c7"]:
                out.append(
                    f"{count(turned['c7'], 'set')} before it had more upfloaters who floated "
                    "in the previous match ([C7] article 2.3.4)"
                )
            if key[0]:
                out.append(
                    "[C6] article 2.3.3 cannot be met: no set leaves the following scoregroup "
                    "pairable on its own"
                )
            if key[1]:
                out.append(
                    f"[C7] article 2.3.4: {count(key[1], 'upfloater')} floated in the previous "
                    "match, the fewest possible"
                )
            if not key[0] and not key[1] and key[2] == 0 and not any(turned.values()):
                out.append("the first set in the order of article 3.5.4")
        failures = sum(self._c8(a, b, upfloaters) for a, b in pairs)
        if failures:
            out.append(
                f"[C8] article 2.3.5: {count(failures, 'pair')} of an upfloater and a player "
                "who floated in the previous match, the fewest possible"
            )
        return tuple(out)

    # 3.6 -------------------------------------------------------------------------------
    def _c8(self, a: int, b: int, upfloaters: set[int]) -> int:
        """[C8] article 2.3.5: an upfloater's opponent who was a floater in the previous
        match (not in the last round)."""
        if self.last or (a in upfloaters) == (b in upfloaters):
            return 0
        resident = b if a in upfloaters else a
        return 1 if self.field[resident].floated else 0

    def pair_bracket(
        self, members: list[int], upfloaters: set[int]
    ) -> list[tuple[int, int]] | None:
        """Article 3.6: the first pairing identifier (3.6.2) complying with [C1] and [C8].

        The members are numbered in TPN order (3.6.1); the identifier lists the top
        members (the smaller number of each pair) in ascending order, then their opponents
        in the same order, and identifiers are compared lexicographically. Fewer [C8]
        failures come first (3.6.4); among equals the first identifier. Built one choice at
        a time, each choice kept only if a pairing with as few [C8] failures still exists.
        """
        n = len(members)
        if n % 2:
            return None

        def bad(a: int, b: int) -> int:
            return self._c8(a, b, upfloaters)

        position = {t: i for i, t in enumerate(members)}

        def good(t: int) -> Iterator[int]:
            """The members after *t* he may meet without a [C8] failure, in order."""
            for u in members[position[t] + 1 :]:
                if self.compatible(t, u) and not bad(t, u):
                    yield u

        def greedy(tops: list[int], taken: set[int]) -> dict[int, int] | None:
            """Each top in order with the first bottom still free, without a [C8] failure.
            When it gets through, no pairing of these tops has a smaller identifier."""
            mate: dict[int, int] = {}
            for t in tops:
                u = next((u for u in good(t) if u not in taken and u not in tops), None)
                if u is None:
                    return None
                taken.add(u)
                mate[t], mate[u] = u, t
            return mate

        # The first identifier of all has the top half as its tops (3.6.2); with no [C8]
        # failure among them it is the answer.
        half = n // 2
        quick = _first_identifier(
            members[:half],
            members[half:],
            lambda t, u: self.compatible(t, u) and not bad(t, u),
        )
        if quick is not None:
            return quick

        # The legal pairs of the bracket, once: (top, bottom) by position, with their [C8].
        edges = [
            (a, b, bad(a, b))
            for i, a in enumerate(members)
            for b in members[i + 1 :]
            if self.compatible(a, b)
        ]
        role: dict[int, str] = {}
        fixed: dict[int, int] = {}

        def best() -> dict[int, int] | None:
            free = [t for t in members if t not in fixed]
            graph = [
                (a, b, 2 - c)
                for a, b, c in edges
                if a not in fixed
                and b not in fixed
                and role.get(a, "top") == "top"
                and role.get(b, "bottom") == "bottom"
            ]
            mate = _matching_of(free, graph)
            if mate is None:
                return None
            mate.update(fixed)
            return mate

        def cost(mate: Mapping[int, int]) -> int:
            return sum(bad(a, b) for a, b in mate.items() if position[a] < position[b])

        current = best()
        if current is None:
            return None
        target = cost(current)
        # The tops, smallest first: a member is a top whenever the target stays reachable.
        tops = 0
        for t in members:
            if tops == n // 2:
                role[t] = "bottom"  # every top is known
                continue
            role[t] = "top"
            if position[current[t]] < position[t]:
                trial = best()
                if trial is None or cost(trial) != target:
                    role[t] = "bottom"
                    continue
                current = trial
            tops += 1
        # Then each top's opponent, smallest first.
        for t in members:
            if role[t] != "top":
                continue
            for u in members:
                if u in fixed or role[u] != "bottom" or position[u] < position[t]:
                    continue
                if position[u] > position[current[t]]:
                    break
                if u == current[t]:
                    fixed[t], fixed[u] = u, t
                    break
                if not self.compatible(t, u):
                    continue
                fixed[t], fixed[u] = u, t
                rest = [x for x in members if role[x] == "top" and x not in fixed]
                # With no [C8] failure to spend, t-u itself must have none.
                quick_ok = target == 0 and not bad(t, u)
                found = greedy(rest, set(fixed)) if quick_ok else None
                if found is not None:
                    current = {**found, **fixed}
                    break
                trial = best()
                if trial is not None and cost(trial) == target:
                    current = trial
                    break
                del fixed[t], fixed[u]
        return sorted(
            ((a, b) for a, b in current.items() if position[a] < position[b]),
            key=lambda pair: position[pair[0]],
        )


# -- Article 4: colours -------------------------------------------------------------------


def _ranked_first(a: Contender, b: Contender) -> tuple[Contender, Contender]:
    """Article 4.2: the higher-ranked player (HRP) has the higher score, then the smaller TPN."""
    return (a, b) if (-a.score, a.tpn) <= (-b.score, b.tpn) else (b, a)


def allocate_colours(a: Contender, b: Contender, initial: Colour) -> tuple[int, int, str]:
    """Article 4.3: who has White in game 1 (White, Black, and the rule that decided).

    4.3.1 when both have yet to play a match, the HRP gets the initial-colour if his TPN
    is odd, the other colour if it is even; 4.3.2 White to the player who had it fewer
    times; 4.3.3 where the colour histories last differ (compared back from the latest
    match), each gets the colour he did not have then; 4.3.4 the HRP alternates from his
    last match; 4.3.5 otherwise the opponent alternates from his.
    """
    hrp, other = _ranked_first(a, b)

    def hrp_gets(colour: Colour, rule: str) -> tuple[int, int, str]:
        if colour is Colour.WHITE:
            return hrp.tpn, other.tpn, rule
        return other.tpn, hrp.tpn, rule

    if not hrp.colours and not other.colours:
        colour = initial if hrp.tpn % 2 == 1 else initial.opposite
        return hrp_gets(colour, "4.3.1")
    if hrp.whites != other.whites:
        return hrp_gets(Colour.WHITE if hrp.whites < other.whites else Colour.BLACK, "4.3.2")
    for back in range(1, min(len(hrp.colours), len(other.colours)) + 1):
        mine, theirs = hrp.colours[-back], other.colours[-back]
        if mine is not theirs:
            return hrp_gets(mine.opposite, "4.3.3")
    if hrp.colours:
        return hrp_gets(hrp.colours[-1].opposite, "4.3.4")
    return hrp_gets(other.colours[-1], "4.3.5")


# -- a match -----------------------------------------------------------------------------


def pair_match(
    field: Mapping[int, Contender],
    initial: Colour,
    *,
    last: bool = False,
    forbidden: Collection[frozenset[int]] = (),
) -> MatchPairing:
    """The pairing of one match of the players in *field* (article 3.3.2): the PAB first,
    then bracket after bracket, then the colours. *last* marks the last round, where [C7]
    and [C8] do not apply."""
    state = _Round(field, forbidden, last)
    players = sorted(field)
    pab: int | None = None
    pab_why = ""
    if len(players) % 2:
        pab, pab_why = state.pab_with_reason(players)
        players.remove(pab)
    elif not _pairable(players, state.compatible):
        raise NoLegalPairing(
            "the players cannot all be paired without a repeated match (FIDE C.04.5 "
            "articles 2.1.1 and 3.3.3: the Chief Arbiter decides what to do)"
        )
    brackets: list[Bracket] = []
    while players:
        bracket = state.bracket(players)
        brackets.append(bracket)
        done = {t for pair in bracket.pairs for t in pair}
        players = [t for t in players if t not in done]
    coloured = [
        allocate_colours(field[a], field[b], initial)
        for bracket in brackets
        for a, b in bracket.pairs
    ]

    def board_key(item: tuple[int, int, str]) -> tuple[Fraction, Fraction, int]:
        # C.04.5 does not order the boards: the General Handling Rules' order, the HRP's
        # score, then the opponent's, then the HRP's TPN.
        hrp, other = _ranked_first(field[item[0]], field[item[1]])
        return (-hrp.score, -other.score, hrp.tpn)

    coloured.sort(key=board_key)
    return MatchPairing(
        tuple((w, b) for w, b, _ in coloured),
        pab,
        tuple(brackets),
        tuple(rule for _, _, rule in coloured),
        pab_why,
    )


def match_view(event: Event) -> Event:
    """Bye requests and withdrawals, which name game columns, as the match holding them."""
    requests = tuple(
        dict.fromkeys(replace(q, round=(q.round + 1) // GAMES) for q in event.bye_requests)
    )
    players = [
        replace(p, withdrawn_from_round=(p.withdrawn_from_round + 1) // GAMES)
        if p.withdrawn_from_round is not None
        else p
        for p in event.players
    ]
    return replace(event.with_players(players), bye_requests=requests)


def pair_fide_double_swiss(
    event: Event,
    match: int,
    excluded: Collection[int],
    initial: Colour,
) -> MatchPairing:
    """Pair match *match* of *event* by C.04.5, leaving out *excluded* (withdrawn, absent,
    requested byes)."""
    if event.accelerations:
        raise RuleError(
            "the FIDE Double-Swiss System (C.04.5) is paired here without acceleration; "
            "remove the virtual points first"
        )
    past = event.truncated(GAMES * (match - 1))
    scores = past.scores()
    field = {
        p.tpn: contender(past, p.tpn, match, scores) for p in event.players if p.tpn not in excluded
    }
    last = event.planned_rounds > 0 and match >= -(-event.planned_rounds // GAMES)
    return pair_match(field, initial, last=last, forbidden=event.forbidden_pairs)


def bracket_notes(paired: MatchPairing, event: Event) -> list[str]:
    """A sentence for each bracket that took upfloaters (article 3.5): whom, with what score."""
    names = {p.tpn: p.name for p in event.players}
    scores = event.scores()
    notes = []
    for bracket in paired.brackets:
        if not bracket.upfloaters:
            continue
        who = ", ".join(
            f"{t} {names.get(t, '')} ({format_points(scores.get(t, Fraction(0)))})".replace(
                "  ", " "
            )
            for t in bracket.upfloaters
        )
        notes.append(
            f"The {format_points(bracket.score)}-point scoregroup is paired with "
            f"{count(len(bracket.upfloaters), 'upfloater')}: {who} (FIDE C.04.5 article 3.5)."
        )
    return notes


def _listed(numbers: Collection[int]) -> str:
    return ", ".join(map(str, numbers))


def explanation(paired: MatchPairing, event: Event, match: int) -> tuple[str, ...]:
    """How match *match* was paired, step by step in C.04.5's words: the PAB (3.4), each
    bracket with its upfloaters and the criteria that chose them (3.5), its pairs (3.6),
    then the colours of each board (Article 4). The engine's log (``RoundPairing.log``)."""
    scores = event.scores()

    def who(tpn: int) -> str:
        return f"{tpn} ({format_points(scores.get(tpn, Fraction(0)))})"

    lines = [f"Match {match}: the pairing-allocated bye first, then bracket by bracket (3.3.2)."]
    if paired.pab is not None:
        lines.append(f"Pairing-allocated bye: {paired.pab_why or paired.pab}.")
    for bracket in paired.brackets:
        residents = ", ".join(who(t) for t in bracket.residents)
        lines.append(f"Scoregroup {format_points(bracket.score)}: {residents}.")
        if bracket.upfloaters:
            ups = ", ".join(who(t) for t in bracket.upfloaters)
            lines.append(f"  upfloaters {ups}:")
            lines += [f"    {reason}" for reason in bracket.why if not reason.startswith("[C8]")]
        else:
            lines.append("  no upfloater: the scoregroup pairs within itself")
        pairs = ", ".join(f"{a}-{b}" for a, b in bracket.pairs)
        lines.append(
            f"  pairs {pairs}: the first pairing identifier (article 3.6.2) that complies with "
            "[C1] and [C8] (3.6.4)"
        )
        lines += [f"    {reason}" for reason in bracket.why if reason.startswith("[C8]")]
    for board, ((white, black), rule) in enumerate(
        zip(paired.boards, paired.colour_rules, strict=True), start=1
    ):
        lines.append(f"Board {board}: {white}-{black}, White in game 1 by article {rule}.")
    return tuple(lines)


def round_pairing(event: Event, match: int, byes: list[Bye], initial: Colour) -> RoundPairing:
    """The :class:`RoundPairing` of match *match*, the players in *byes* not paired."""
    out = {b.tpn for b in byes}
    paired = pair_fide_double_swiss(event, match, out, initial)
    all_byes = list(byes)
    if paired.pab is not None:
        all_byes.append(Bye(paired.pab, EntryKind.PAIRING_BYE, PAB_REASON, odd_one_out=True))
    notes = tuple(bracket_notes(paired, event)) + tuple(
        f"board {i}: colours by article 4.3.{rule.rsplit('.', 1)[1]}"
        for i, rule in enumerate(paired.colour_rules, start=1)
    )
    return RoundPairing(
        match,
        tuple(Board(i, w, b) for i, (w, b) in enumerate(paired.boards, start=1)),
        tuple(sorted(all_byes, key=lambda b: b.tpn)),
        games_per_round=GAMES,
        engine=SYSTEM_NAME,
        notes=notes,
        log=explanation(paired, event, match),
    )
