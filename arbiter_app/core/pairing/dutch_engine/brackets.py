"""The Dutch system bracket by bracket (C.04.3 articles 2–4), the reference's reading.

Each bracket (its moved-down players, then its resident players, article 1.3.2)
is paired by trying candidates in the order of article 4: which moved-down players
float on (the first ones are paired before the later ones), the residents they
meet (lowest numbers first), then the remainder split into S1 and S2, S2 transposed
in lexicographic order, then S1 and S2 exchanging one, two, three or more players
(article 4.3.3's order of exchanges; an exchange whose S1 cannot all meet S2 is
skipped by a bipartite matching instead of being searched). A candidate's quality is a tuple compared in the order of the
quality criteria (article 2.3; the letters are those of the reference engine):

- C6 downfloaters (the most pairs the bracket can make with the round complete,
  found first by one maximum matching), C7 moved-down players floating on, by score;
- C8 how short the next bracket falls and which of its players float, over a pairing
  of the whole rest of the round; C9 the unplayed rounds of the bye's receiver
  (counted where the reference counts them);
- C10, C11 topscorers' colours (last round), C12, C13 colour preferences denied,
  C14–C17 repeated floats, C18–C21 their score differences.

The search first looks only for the ideal candidate (every criterion at its lower
bound), then allows one and two more colour preferences denied, then any candidate;
the best wins and, among equals, the first in article 4's order. The lower bounds are
exact where a matching can tell: C8 and C9 the least over the residents who can float
with the rest of the bracket still pairing, C14 and C16 the least of those; C12 and C13
the least of a minimum-cost matching of the whole bracket, the one left out among those
who may float. Once a bracket of at most 200 players has taken 5,000 steps, matchings
ask, after each pair and over the whole remainder each time a better candidate is found,
whether the players left can still meet the pass's ceiling and beat the best so far; a
pair or a remainder after which they cannot is passed over. A bound only passes over
what the pass would not take, so the candidate found is the one a search without it
would find, sooner. The absolute criteria C1–C3 (no rematch, no second bye, no two
non-topscorers with the same absolute preference) are never broken and C4 (the rest
of the round can still be paired) is checked for every downfloater set. A bracket
whose search does not finish within the budget, or whose rest is too large to
check exactly where Dirac's theorem does not settle it, raises
:class:`NotCertified`: the caller hands that round to the reference engine.

Compatibility is asked of two cards (their opponents, forbidden pairs and colour
preferences) when needed: no table of pairs is built. Whether a group can still be
paired is settled by Dirac's theorem when every player can meet at least half of the
group (a Hamiltonian cycle exists, hence a perfect matching, also after removing any
one player), else by a maximum matching of the group's compatibility graph
(rustworkx) when the group is small enough to list its edges.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

from arbiter_app.core.pairing.boards import PairingError
from arbiter_app.core.pairing.dutch_engine.cards import DF1, DF2, UF1, UF2, Card, Field
from arbiter_app.core.words import count

EXACT_LIMIT = 600
"""Largest group whose compatibility graph is listed for an exact matching."""


class NotCertified(PairingError):
    """The engine could not certify a pairing within its scope; the reason names the bracket."""


class _Budget(Exception):
    pass


def can_meet(a: Card, b: Card) -> bool:
    """C1 (no rematch), forbidden pairs, C3 (two non-topscorers with the same absolute preference)."""
    if b.cid in a.opponents or b.cid in a.forbidden or a.cid == b.cid:
        return False
    return not (
        a.preference == b.preference and a.preference[1:] == "2" and not a.top and not b.top
    )


def _colour_bound(nc: int, w0: int, wc: int, b0: int, bc: int, odd: int) -> tuple[int, int]:
    """Least C12 and C13 failures: an excess of one colour beyond the neutral players meets itself."""
    nc += odd
    if wc > bc:
        c12 = max(0, wc - bc - nc) // 2
        return c12, max(0, c12 - w0)
    c12 = max(0, bc - wc - nc) // 2
    return c12, max(0, c12 - b0)


def _topscorer_failures(a: Card, b: Card) -> tuple[int, int]:
    """C10 and C11 for a pair with a topscorer, as the reference engine reads them."""
    if not (a.top or b.top):
        return 0, 0
    c10 = 1 if a.cod == b.cod and abs(a.cod) >= 2 else 0
    ac, bc = a.preference, b.preference
    if ac[0] == bc[0] and ac[0] in "wb":
        opp = "bb" if ac[0] == "w" else "ww"
        an, bn = int(ac[1]), int(bc[1])
        a2, b2 = a.csq[-2:], b.csq[-2:]
        if (
            (a2 == b2 and (a2 == "ww" or b2 == "bb"))
            or (an > bn and b2 == opp)
            or (bn > an and a2 == opp)
            or (
                an == bn == 2
                and (
                    (abs(a.cod) > abs(b.cod) and b2 == opp)
                    or (abs(b.cod) > abs(a.cod) and a2 == opp)
                )
            )
        ):
            return c10, 1
    return c10, 0


def pairable(
    players: Sequence[Card],
    bye: bool,
    bye_ok: Callable[[Card], bool],
    must: frozenset[int] = frozenset(),
) -> bool | None:
    """Can *players* (plus a bye if *bye*) be paired, every *must* player in a pair?

    With an odd number of players and no bye, one player other than a *must* one is
    left out. True or False when settled; None when the group is too large to decide
    exactly and Dirac's condition does not hold.
    """
    m = len(players) + (1 if bye else 0)
    if m <= 1:
        return not must or not players
    if _dirac_with_bye(players, bye, lambda p: bye_ok(p) and p.cid not in must):
        return True
    if len(players) > EXACT_LIMIT:
        return None
    import rustworkx as rx

    graph = rx.PyGraph()
    index = graph.add_nodes_from(list(range(m)))
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            if can_meet(a, b):
                edges.append((index[i], index[j], 1 + (a.cid in must) + (b.cid in must)))
        if bye and bye_ok(a):
            edges.append((index[i], index[m - 1], 1 + (a.cid in must)))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) < m - (m % 2):
        return False
    covered = {i for pair in matching for i in pair}
    return all(index[i] in covered for i, p in enumerate(players) if p.cid in must)


def next_shortfall(
    floaters: Sequence[Card],
    residents: Sequence[Card],
    lower: Sequence[Card],
    bye: bool,
    bye_ok: Callable[[Card], bool],
) -> tuple[int, tuple[int, ...], int] | None:
    """C8 and C9 with C4: how short the next bracket falls, the rest of the round being paired.

    The next bracket is *floaters* plus its *residents*; *lower* are the players
    below it. Over every pairing of all of them (and the bye), the fewest players
    of the next bracket paired outside it (the bye counts), then the fewest of
    those who are moved-down players, by how far they were moved (counts, the
    largest distance first), then the unplayed rounds of the bye's receiver when it is
    one of the *floaters* (C9; 0 otherwise). None when no such pairing exists (C4); raises
    :class:`NotCertified` when the rest is too large to decide exactly and Dirac's
    condition does not settle it.
    """
    base = residents[0].level
    span = max(f.level for f in floaters) - base
    group = list(floaters) + list(residents)
    must = frozenset(f.cid for f in floaters)
    ideal = len(group) % 2, (0,) * span, 0
    if not lower:
        if _dirac_with_bye(group, bye, lambda p: bye_ok(p) and p.cid not in must):
            return ideal
    elif len(group) % 2 == 0:
        if _dirac(group, False, bye_ok) and _dirac_with_bye(lower, bye, bye_ok):
            return ideal
    else:
        spare = next((p for p in reversed(residents) if p.cid not in must), None)
        if spare is not None:
            inside = [p for p in group if p is not spare]
            if _dirac(inside, False, bye_ok) and _dirac_with_bye([spare, *lower], bye, bye_ok):
                return ideal
    everyone = group + list(lower)
    if len(everyone) > EXACT_LIMIT:
        raise NotCertified("a rest of the round too large to check exactly (C4, C8)")
    import rustworkx as rx

    k = len(everyone) + 1
    unit = 1 + max(p.unplayed for p in everyone)
    step = int(k ** (span + 1)) * unit
    top = step * (len(everyone) + 1)
    ids = {p.cid for p in group}

    def cost(p: Card) -> int:
        """A next-bracket player paired outside it (C8), weighted by how far it was moved."""
        return step + (int(k ** (p.level - base)) * unit if p.cid in must else 0)

    m = len(everyone) + (1 if bye else 0)
    graph = rx.PyGraph()
    graph.add_nodes_from(list(range(m)))
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(everyone):
        a_in = a.cid in ids
        for j in range(i + 1, len(everyone)):
            b = everyone[j]
            if can_meet(a, b):
                b_in = b.cid in ids
                c = cost(a) if a_in and not b_in else cost(b) if b_in and not a_in else 0
                edges.append((i, j, top - c))
        if bye and bye_ok(a):
            c9 = a.unplayed if a.cid in must else 0
            edges.append((i, m - 1, top - (cost(a) if a_in else 0) - c9))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) < m - (m % 2):
        return None
    counts = [0] * (span + 1)
    short = 0
    receiver = 0
    for x, y in matching:
        if bye and m - 1 in (x, y):
            p = everyone[x if y == m - 1 else y]
            receiver = p.unplayed if p.cid in must else 0
    for x, y in matching:
        ends = [everyone[z] for z in (x, y) if z < len(everyone)]
        inside = [p for p in ends if p.cid in ids]
        if len(inside) == 1:
            short += 1
            if inside[0].cid in must:
                counts[inside[0].level - base] += 1
    return short, tuple(counts[d] for d in range(span, 0, -1)), receiver


def most_pairs(
    mdps: Sequence[Card],
    residents: Sequence[Card],
    below: Sequence[Card],
    bye: bool,
    bye_ok: Callable[[Card], bool],
) -> int | None:
    """C6 with C4: the most pairs the bracket can make with the rest of the round complete.

    A moved-down player meets a resident (two moved-down players are not paired
    together in a bracket). None when the field is too large to list its edges.
    """
    members = list(mdps) + list(residents)
    everyone = members + list(below)
    if len(everyone) > EXACT_LIMIT:
        return None
    import rustworkx as rx

    inside = len(members)
    moved = {p.cid for p in mdps}
    m = len(everyone) + (1 if bye else 0)
    graph = rx.PyGraph()
    graph.add_nodes_from(list(range(m)))
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(everyone):
        for j in range(i + 1, len(everyone)):
            b = everyone[j]
            if (i < inside and j < inside and a.cid in moved and b.cid in moved) or not can_meet(
                a, b
            ):
                continue
            edges.append((i, j, 2 if j < inside else 1))
        if bye and bye_ok(a):
            edges.append((i, m - 1, 1))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) < m - (m % 2):
        return 0
    return sum(1 for x, y in matching if x < inside and y < inside)


def _dirac_with_bye(players: Sequence[Card], bye: bool, bye_ok: Callable[[Card], bool]) -> bool:
    """Dirac's condition, with a bye: for the field without one eligible player (a few tried)."""
    if not bye:
        return _dirac(players, False, bye_ok)
    if _dirac(players, True, bye_ok):
        return True
    tried = 0
    for i in range(len(players) - 1, -1, -1):
        if bye_ok(players[i]):
            rest = list(players[:i]) + list(players[i + 1 :])
            if _dirac(rest, False, bye_ok):
                return True
            tried += 1
            if tried == 3:
                break
    return False


def _dirac(players: Sequence[Card], bye: bool, bye_ok: Callable[[Card], bool]) -> bool:
    """Dirac's condition on the compatibility graph (every degree at least half the order)."""
    m = len(players) + (1 if bye else 0)
    if m < 3:
        return False
    ids = {p.cid for p in players}
    absolute: dict[str, int] = {}
    for p in players:
        if p.preference[1:] == "2" and not p.top:
            absolute[p.preference] = absolute.get(p.preference, 0) + 1
    eligible = 0
    for p in players:
        missing = len(p.opponents & ids) + len(p.forbidden & ids)
        if p.preference[1:] == "2" and not p.top:
            missing += absolute[p.preference] - 1
        if bye:
            if bye_ok(p):
                eligible += 1
            else:
                missing += 1
        if m - 1 - missing < m / 2:
            return False
    return not bye or eligible >= m / 2


def _pairs_all(players: Sequence[Card], moved: set[int]) -> bool:
    """Whether *players* pair among themselves, two moved-down players (*moved*) never
    together; Dirac's condition settles it when at most one of them is moved down."""
    if len(players) % 2:
        return False
    if not players:
        return True
    if sum(1 for p in players if p.cid in moved) <= 1 and _dirac(players, False, lambda p: True):
        return True
    import rustworkx as rx

    graph = rx.PyGraph()
    graph.add_nodes_from(list(range(len(players))))
    graph.add_edges_from_no_data(
        [
            (i, j)
            for i, a in enumerate(players)
            for j in range(i + 1, len(players))
            if not (a.cid in moved and players[j].cid in moved) and can_meet(a, players[j])
        ]
    )
    matching = rx.max_weight_matching(graph, max_cardinality=True)
    return 2 * len(matching) == len(players)


COLOUR_FLOOR_LIMIT = 200
"""Largest bracket whose least colour failures are found by a matching."""


def colour_floor(
    members: Sequence[Card], moved: set[int], floating: set[int] | None
) -> tuple[int, int] | None:
    """The least C12 and C13 (colour preferences denied; strong ones) over the pairings of
    *members* that leave only their parity unpaired, two moved-down players (*moved*) never
    together, the one left out (if any) among *floating* when given: each by a
    minimum-cost perfect matching, the one left out matched to a node of its own. None
    when the bracket is larger than :data:`COLOUR_FLOOR_LIMIT` or cannot pair so."""
    n = len(members)
    if n < 2 or n > COLOUR_FLOOR_LIMIT:
        return None
    import rustworkx as rx

    e12: list[tuple[int, int, int]] = []
    e13: list[tuple[int, int, int]] = []
    if n % 2:
        for i, a in enumerate(members):
            if floating is None or a.cid in floating:
                e12.append((i, n, 2))
                e13.append((i, n, 2))
    for i, a in enumerate(members):
        for j in range(i + 1, n):
            b = members[j]
            if (a.cid in moved and b.cid in moved) or not can_meet(a, b):
                continue
            same = a.preference != "nc" and a.pref_colour == b.pref_colour
            e12.append((i, j, 2 - same))
            e13.append((i, j, 2 - (same and a.pref_strength > 0 and b.pref_strength > 0)))
    floors: list[int] = []
    nodes = n + n % 2
    for edges in (e12, e13):
        graph = rx.PyGraph()
        graph.add_nodes_from(list(range(nodes)))
        graph.add_edges_from(edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        if 2 * len(matching) < nodes:
            return None
        floors.append(sum(2 - graph.get_edge_data(x, y) for x, y in matching))
    return floors[0], floors[1]


def _spared(k: int) -> Callable[[tuple[int, ...]], int]:
    """A matching's edge weight: 2 less the pair's count *k* (a maximum weight is a least
    count)."""
    return lambda counted: 2 - counted[k]


VIABLE_AFTER = 5_000
"""Steps a bracket's search takes before each of its steps is checked by a matching."""

VIABLE_LIMIT = 200
"""Largest bracket whose search is checked by a matching after each pair (a matching of a
larger one costs more than the steps it saves: its search is long because it is large)."""


RELAX_LIMIT = 2_000
"""Most sets of residents floating on whose C8 and C9 bound a bracket's ideal."""


Candidate = tuple[list[tuple[Card, Card]], list[Card]]
"""A bracket's pairs and its downfloaters."""


@dataclass
class _Best:
    """The best candidate so far and its quality (article 2.3's criteria in order)."""

    quality: tuple[object, ...] | None = None
    result: Candidate | None = None


def _kind(p: Card) -> int:
    """0 mild White, 1 strong or absolute White, 2 mild Black, 3 strong or absolute Black, 4 none."""
    if p.preference == "nc":
        return 4
    return (0 if p.pref_colour == "w" else 2) + (1 if p.pref_strength else 0)


@dataclass
class _Tally:
    """Colour preferences of the bracket's players not yet paired, and failures so far."""

    nc: int = 0
    w0: int = 0
    wc: int = 0
    b0: int = 0
    bc: int = 0
    c12: int = 0
    c13: int = 0
    left: int = 0
    spare: int = 0
    """Players who will stay unpaired (the downfloaters to be)."""

    def move(self, p: Card, sign: int) -> None:
        colour, strength = p.pref_colour, p.pref_strength
        if colour == "w":
            self.wc += sign
            self.w0 += sign if strength == 0 else 0
        elif colour == "b":
            self.bc += sign
            self.b0 += sign if strength == 0 else 0
        else:
            self.nc += sign
        self.left += sign

    sides: list[list[int]] | None = None
    """While S1 meets S2: per side, players by preference (mild W, strong W, mild B, strong B, none)."""

    def side(self, s: int, p: Card, sign: int) -> None:
        if self.sides is not None:
            self.sides[s][_kind(p)] += sign

    def bound(self) -> tuple[int, int]:
        c12, c13 = _colour_bound(self.nc, self.w0, self.wc, self.b0, self.bc, self.spare)
        if self.sides is None:
            return c12, c13
        # S1 players can only meet S2 players: an S1 player preferring White meets an
        # S2 player preferring White unless S2 has enough others (the same for Black).
        (aw0, aw1, ab0, ab1, _), (bw0, bw1, bb0, bb1, bn) = self.sides
        s12 = max(0, aw0 + aw1 - (bb0 + bb1 + bn)) + max(0, ab0 + ab1 - (bw0 + bw1 + bn))
        s13 = max(0, aw1 - (bb0 + bb1 + bn + bw0)) + max(0, ab1 - (bw0 + bw1 + bn + bb0))
        return max(c12, s12), max(c13, s13)


MAX_MDPS = 10
"""Most moved-down players in one bracket (every subset of them may have to float on)."""


def exchanges(half: int, size: int, k: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The exchanges of *k* players between S1 (``0 … half−1``) and S2 (``half … size−1``),
    in article 4's order (C.04.3 article 4.3.3, section D of the earlier text).

    Ordered by (b) the smallest difference between the sums of the numbers moved to S1
    and moved to S2, then (c) the S1 players moved with the highest different number,
    then (d) the S2 players moved with the lowest different number. Built lazily, one
    difference of sums at a time: the *k*-subsets of each side are grouped by their
    sums once, and only the exchanges of the difference being tried are listed and
    sorted, so that a large bracket costs nothing before its exchanges are reached.
    """
    lows: dict[int, list[tuple[int, ...]]] = {}
    for xs in combinations(range(half), k):
        lows.setdefault(sum(xs), []).append(xs)
    highs: dict[int, list[tuple[int, ...]]] = {}
    for ys in combinations(range(half, size), k):
        highs.setdefault(sum(ys), []).append(ys)
    if not lows or not highs:
        return
    least = min(highs) - max(lows)
    most = max(highs) - min(lows)
    for difference in range(least, most + 1):
        options = [
            (tuple(-x for x in reversed(xs)), ys, xs)
            for total, group in lows.items()
            if total + difference in highs
            for xs in group
            for ys in highs[total + difference]
        ]
        options.sort()
        for _, ys, xs in options:
            yield xs, ys


def split_indices(size: int, half: int) -> Iterator[tuple[list[int], list[int]]]:
    """S1 and S2 of a homogeneous bracket (or remainder) of *size*, by position: the
    original split, then the exchanges.

    C.04.3 article 4 (section D): after every transposition of S2 has been tried, S1
    and S2 exchange players, in the order of (a) the fewest players exchanged (one,
    two, three … up to all of S1), then the order of :func:`exchanges`; after an
    exchange both subgroups are put back in order. *half* is the size of S1 (the pairs
    to make).
    """
    yield list(range(half)), list(range(half, size))
    for k in range(1, half + 1):
        for xs, ys in exchanges(half, size, k):
            moved = set(xs) | set(ys)
            s1 = sorted([i for i in range(half) if i not in moved] + list(ys))
            s2 = sorted([i for i in range(half, size) if i not in moved] + list(xs))
            yield s1, s2


def splits(players: list[Card], half: int) -> Iterator[tuple[list[Card], list[Card]]]:
    """S1 and S2 of *players* in the order of :func:`split_indices`."""
    for s1, s2 in split_indices(len(players), half):
        yield [players[i] for i in s1], [players[i] for i in s2]


SATURATION_LIMIT = 50
"""Largest S1 whose exchanges are first checked for a pairing of all of S1 with S2."""


def saturates(s1: Sequence[int], s2: Sequence[int], meets: Sequence[int]) -> bool:
    """Whether every position of *s1* can meet a different position of *s2*; *meets* has,
    per position, the bit mask of the positions it may meet ([C1], [C3], forbidden
    pairs). First every S1 player needs someone in S2, then a maximum bipartite
    matching by augmenting paths (Kuhn) settles it."""
    mask = 0
    for j in s2:
        mask |= 1 << j
    options = [meets[i] & mask for i in s1]
    if not all(options):
        return False
    partner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        bits = options[i]
        while bits:
            low = bits & -bits
            bits ^= low
            j = low.bit_length() - 1
            if j not in seen:
                seen.add(j)
                if j not in partner or augment(partner[j], seen):
                    partner[j] = i
                    return True
        return False

    return all(augment(i, set()) for i in range(len(options)))


class Engine:
    """Pairs one round of a :class:`Field`."""

    def __init__(
        self,
        field: Field,
        budget: int = 200_000,
        *,
        explain: bool = False,
        numbers: Mapping[int, int] | None = None,
    ) -> None:
        self.field = field
        self.cards = field.cards
        self.budget = budget
        self.steps = 0
        self.need_bye = len(field.present) % 2 == 1
        self.why = ""
        self.log: list[str] | None = [] if explain else None
        """The bracket-by-bracket explanation (:mod:`.explain`), kept only when asked for."""
        self.quality: tuple[object, ...] | None = None
        """The quality of the last bracket's chosen candidate (article 2.3's criteria in order)."""
        self.numbers: Mapping[int, int] = (
            numbers if numbers is not None or not explain else {c: c for c in field.cards}
        ) or {}
        """The numbers the log shows players by (the event's pairing numbers)."""
        self.sent: dict[int, str] = {}
        """Why each moved-down player left its bracket, for the log of the bracket it joins."""

    def bye_ok(self, p: Card) -> bool:
        """C2 (no second bye, none after a win without playing) and the bye's score level."""
        return not p.bye_barred and p.level == self.pab_level

    def _find_pab_level(self, players: list[Card]) -> int:
        """The lowest score level whose players can take the bye with the round still complete.

        Article 1.5 / C.04.1 c: the bye goes to a player of the lowest score possible
        (absolute criteria and completion kept).
        """
        for level in sorted({p.level for p in players if not p.bye_barred}):
            self.pab_level = level
            verdict = pairable(players, True, self.bye_ok)
            if verdict is None:
                raise NotCertified("the field is too large to place the bye exactly")
            if verdict:
                return level
        raise NotCertified("no player can take the bye with the round complete (C.04.3 1.9.3)")

    def run(self) -> tuple[list[tuple[int, int]], int | None]:
        """The pairs (lower cid first) and the bye's cid."""
        players = sorted((self.cards[c] for c in self.field.present), key=lambda p: p.cid)
        groups: dict[int, list[Card]] = {}
        for p in players:
            groups.setdefault(p.level, []).append(p)
        levels = sorted(groups, reverse=True)
        self.pab_level = -1
        if self.need_bye:
            self._find_pab_level(players)
            if self.log is not None:
                from arbiter_app.core.pairing.dutch_engine.explain import bye_level

                self.log.append(bye_level(players, self.pab_level, self.numbers))
        below: list[Card] = list(players)
        pairs: list[tuple[int, int]] = []
        mdps: list[Card] = []
        bye: int | None = None
        for i, level in enumerate(levels):
            residents = groups[level]
            resident_ids = {p.cid for p in residents}
            below = [p for p in below if p.cid not in resident_ids]
            last = i == len(levels) - 1
            nxt = groups[levels[i + 1]] if not last else []
            got, floaters = self.bracket(level, mdps, residents, below, nxt, last)
            if self.log is not None:
                self._explain(level, mdps, residents, below, nxt, last, got, floaters)
            pairs.extend(got)
            mdps = floaters
        if mdps:
            if len(mdps) != 1 or not self.need_bye:
                raise NotCertified("players were left over after the lowest bracket")
            bye = mdps[0].cid
        return pairs, bye

    def _explain(
        self,
        level: int,
        mdps: list[Card],
        residents: list[Card],
        below: list[Card],
        nxt: list[Card],
        last: bool,
        got: list[tuple[int, int]],
        floaters: list[Card],
    ) -> None:
        """Log the bracket just paired, beside the first legal candidate in article 4's order.

        Run only when an explanation is asked for; the budget of the search is left as
        the pairing found it, so explaining never changes a pairing.
        """
        from arbiter_app.core.pairing.dutch_engine.explain import bracket_lines

        assert self.log is not None
        chosen = self.quality
        steps = self.steps
        first: tuple[list[tuple[int, int]], list[Card], tuple[object, ...] | None] | None
        try:
            self.steps = 0
            pairs, moved = self.bracket(level, mdps, residents, below, nxt, last, first=True)
            first = pairs, moved, self.quality
        except NotCertified:
            first = None
        finally:
            self.steps = steps
            self.quality = chosen
        most = most_pairs(mdps, residents, below, self.need_bye, self.bye_ok)
        self.log.extend(
            bracket_lines(
                level=level,
                mdps=mdps,
                residents=residents,
                got=got,
                floaters=floaters,
                quality=chosen,
                first=first,
                most=most,
                bye=last and self.need_bye,
                sent=self.sent,
                numbers=self.numbers,
            )
        )

    def bracket(
        self,
        level: int,
        mdps: list[Card],
        residents: list[Card],
        below: list[Card],
        nxt: list[Card],
        last: bool,
        first: bool = False,
    ) -> tuple[list[tuple[int, int]], list[Card]]:
        """The best candidate of the bracket by article 2.3, the first of the best by article 4.

        With *first*, the first candidate in article 4's order that keeps the absolute
        criteria (C1–C4) instead, whatever its quality: the explanation compares the two.
        """
        mdps = sorted(mdps, key=lambda p: (-p.level, p.cid))
        if len(mdps) > MAX_MDPS:
            raise NotCertified(f"bracket {level}: more than {MAX_MDPS} moved-down players")
        members = mdps + residents
        size = len(members)
        top_level = members[0].level
        span = top_level - level
        tally = _Tally()
        for p in members:
            tally.move(p, 1)
        bye_here = last and self.need_bye
        least_unplayed = (
            min((p.unplayed for p in members if self.bye_ok(p)), default=0) if bye_here else 0
        )

        # Quality of a candidate, compared as a tuple (smaller is better), in the order of
        # article 2.3: C6 downfloaters, [C7 is 0: moved-down players are all paired],
        # C8 next bracket (0 when it can pair every downfloater and leave only its parity,
        # 1 otherwise, a lower bound: such a candidate is never certified), C9 unplayed
        # rounds of the bye's receiver, C10, C11 topscorers, C12, C13 colours, C14 and C16
        # repeated downfloats, C15 and C17 repeated upfloats, C19 and C21 their score
        # differences (counts by score difference, largest first).
        def q8_floor() -> tuple[int, tuple[int, ...]]:
            if last or not floaters_count:
                return (0, ())
            return ((floaters_count + len(nxt)) % 2, (0,))

        floaters_count = size % 2
        tally.spare = floaters_count
        lb: list[Any] = [q8_floor(), least_unplayed]
        """Lower bounds of C8 and C9 over the candidates being searched."""
        floor = (floaters_count, lb[0], lb[1], 0, 0, *tally.bound(), 0, 0, 0, 0)
        zero_vec = (0,) * span
        best = _Best()
        acc = [0] * 6  # C10, C11, C12, C13, C15, C17 of the pairs so far
        up1 = [0] * (span + 1)  # C19 counts by score difference
        up2 = [0] * (span + 1)  # C21
        mdp_floats = [0] * (span + 1)  # C7: moved-down players floating on, by score difference
        # C9 counts in this bracket when it is the bye's bracket or above it and can hand
        # exactly one player on to the bye, everybody else pairing (as the reference reads
        # the 2026 text: the bracket downfloats the one player who gets the bye).
        c9_here = self.need_bye and level <= self.pab_level
        if c9_here and level > 1:
            c9_here = (
                (size + 1) % 2 == 0
                and pairable(members, True, self.bye_ok) is True
                and pairable(below, False, self.bye_ok) is True
            )
        checked: dict[frozenset[int], tuple[tuple[int, tuple[int, ...]], int, int, int] | None] = {}

        def vec(counts: list[int]) -> tuple[int, ...]:
            return tuple(counts[d] for d in range(span, 0, -1))

        def partial() -> tuple[object, ...]:
            r12, r13 = tally.bound()
            return (
                floaters_count,
                vec(mdp_floats),
                lb[0],
                lb[1],
                acc[0],
                acc[1],
                acc[2] + r12,
                acc[3] + r13,
                0,
                acc[4],
                0,
                acc[5],
                zero_vec,
                vec(up1),
                zero_vec,
                vec(up2),
            )

        repeats = [0, 0, 0]
        """The least C14 of the downfloaters the pass may have (repeated downfloats), the
        least C16 of those with the least C14, and the least C16 of them all."""

        def ideal() -> tuple[object, ...]:
            return (
                floor[:1]
                + (zero_vec,)
                + floor[1:7]
                + (repeats[0], 0, repeats[1], 0)
                + (zero_vec,) * 4
            )

        lifted: list[list[Card]] = [[]]
        ceiling = [True]
        """First only the ideal candidate is looked for (every bound reached), then one
        with one or two more colour preferences denied, then any."""
        slack = [0]

        def cap() -> tuple[object, ...]:
            """The ceiling of the pass: the ideal, colours relaxed by the slack, then anything."""
            top = ideal()
            if not slack[0]:
                return top
            many = 10**9
            rest = tuple((many,) if isinstance(x, tuple) else many for x in top[8:])
            return (*top[:6], top[6] + slack[0], top[7] + slack[0], *rest)  # type: ignore[operator]

        def worse(q: tuple[object, ...]) -> bool:
            if first:
                return False
            if best.quality is not None and q >= best.quality:
                return True
            return ceiling[0] and q > cap()

        def pair_cost(a: Card, b: Card) -> tuple[int, int, int, int, int, int, int]:
            high, low = (a, b) if a.score >= b.score else (b, a)
            same = a.preference != "nc" and a.pref_colour == b.pref_colour
            c10, c11 = _topscorer_failures(a, b)
            diff = high.level - low.level
            return (
                c10,
                c11,
                1 if same else 0,
                1 if same and a.pref_strength > 0 and b.pref_strength > 0 else 0,
                1 if diff and low.floats & UF1 else 0,
                1 if diff and low.floats & UF2 else 0,
                diff,
            )

        def apply(a: Card, b: Card, sign: int) -> None:
            tally.side(0, a, -sign)
            tally.side(1, b, -sign)
            cost = pair_cost(a, b)
            for i in range(6):
                acc[i] += sign * cost[i]
            if cost[4]:
                up1[cost[6]] += sign
            if cost[5]:
                up2[cost[6]] += sign
            tally.move(a, -sign)
            tally.move(b, -sign)

        def pair_ok(a: Card, b: Card) -> bool:
            if not can_meet(a, b):
                return False
            apply(a, b, 1)
            if worse(partial()):
                apply(a, b, -1)
                return False
            return True

        def unpair(a: Card, b: Card) -> None:
            apply(a, b, -1)

        bracket_start = self.steps

        def checking() -> bool:
            """Whether the pass's ceiling is checked by matchings now: a pass with a
            ceiling, a bracket of at most :data:`VIABLE_LIMIT` players whose search has
            taken :data:`VIABLE_AFTER` steps."""
            return (
                ceiling[0] and size <= VIABLE_LIMIT and self.steps - bracket_start >= VIABLE_AFTER
            )

        def viable(lefts: list[Card], free: list[Card]) -> bool:
            """Whether *lefts* (S1 players) can still each meet one of *free* (S2)
            within the pass's ceiling (:func:`within`); True while not :func:`checking`."""
            if not checking():
                return True
            n = len(lefts)
            pairs = [
                (i, n + j, a, b)
                for i, a in enumerate(lefts)
                for j, b in enumerate(free)
                if can_meet(a, b)
            ]
            return within(lefts + free, pairs, list(range(n, n + len(free))), len(free) - n)

        def viable_group(free: list[Card], half: int) -> bool:
            """Whether *half* pairs of *free*, whatever the split into S1 and S2, can meet
            the pass's ceiling (:func:`within`); True while not :func:`checking`."""
            if not checking():
                return True
            pairs = [
                (i, j, a, free[j])
                for i, a in enumerate(free)
                for j in range(i + 1, len(free))
                if can_meet(a, free[j])
            ]
            return within(free, pairs, list(range(len(free))), len(free) - 2 * half)

        def within(
            players: list[Card],
            pairs: list[tuple[int, int, Card, Card]],
            floatable: list[int],
            spare: int,
        ) -> bool:
            """Whether *players* can be paired by *pairs*, *spare* of the *floatable* left
            over, within one of the sets of bounds of :func:`limits` (:func:`_meets`):
            the pass's ceiling and, once a candidate is found, something better. A
            subtree it refuses holds no candidate the pass would take, so the
            candidate found is the same, only sooner.
            """
            self.steps += len(players)
            if self.steps > self.budget:
                raise _Budget
            return any(_meets(players, pairs, floatable, spare, bounds) for bounds in limits())

        def _meets(
            players: list[Card],
            pairs: list[tuple[int, int, Card, Card]],
            floatable: list[int],
            spare: int,
            bounds: list[int | None],
        ) -> bool:
            """One set of bounds of :func:`limits` for :func:`within`: over the pairs that
            break no absolute criterion and no topscorer's (C10-C11, at 0 under every
            ceiling), those left over matched to nodes of their own and among those who
            may float (reaching the least C8 and C9; no repeated downfloater where C14
            or C16 is bounded at 0), a minimum-cost perfect matching for each of C12,
            C13, C15 and C17 that is bounded above 0 (a bound of 0 leaves the pairs that
            count out of every matching)."""
            c12, c13, c14, c15, c16, c17 = bounds
            most: list[int | None] = [
                None if c is None else c - acc[k]
                for c, k in ((c12, 2), (c13, 3), (c15, 4), (c17, 5))
            ]
            if spare < 0 or any(m is not None and m < 0 for m in most):
                return False
            edges: list[tuple[int, int, tuple[int, int, int, int]]] = []
            for i, j, a, b in pairs:
                cost = pair_cost(a, b)
                counted = (cost[2], cost[3], cost[4], cost[5])
                if (
                    cost[0]
                    or cost[1]
                    or any(c and m == 0 for c, m in zip(counted, most, strict=True))
                ):
                    continue
                edges.append((i, j, counted))
            if spare:
                ok = least[1] if least is not None else None
                for j in floatable:
                    b = players[j]
                    if ok is not None and b.cid not in ok:
                        continue
                    if (b.floats & DF1 and c14 == 0) or (b.floats & DF2 and c16 == 0):
                        continue
                    for d in range(spare):
                        edges.append((len(players) + d, j, (0, 0, 0, 0)))
            import rustworkx as rx

            nodes = len(players) + spare
            graph = rx.PyGraph()
            graph.add_nodes_from(list(range(nodes)))
            graph.add_edges_from(edges)
            bounded = [k for k, m in enumerate(most) if m] or [0]
            for k in bounded:
                matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_spared(k))
                if 2 * len(matching) < nodes:
                    return False
                limit = most[k]
                if (
                    limit is not None
                    and sum(graph.get_edge_data(x, y)[k] for x, y in matching) > limit
                ):
                    return False
            return True

        def limits() -> list[list[int | None]]:
            """The sets of bounds on C12, C13, C14, C15, C16 and C17 (None: any) one of
            which a candidate the pass would still take keeps.

            The pass's ceiling: in the ideal's pass each at the ideal's; else C12 at the
            ceiling's. Once a candidate is found, a later one is taken only if better:
            equal to it (at most) up to a criterion where it is lower, for each
            criterion where it can be lower (the criteria before them are at their
            floors in a pass with a ceiling); or equal to it in all six and better in
            the score differences of its upfloaters (C19, C21), when its own are not
            all at the least difference.
            """
            top, least_q = cap(), ideal()
            if slack[0] == 0:
                base: list[int | None] = [int(x) for x in least_q[6:12]]  # type: ignore[call-overload]
            else:
                base = [int(top[6]), None, None, None, None, None]  # type: ignore[call-overload]
            if best.quality is None:
                return [base]
            had = [int(x) for x in best.quality[6:12]]  # type: ignore[call-overload]
            # The floors whatever the criteria before them (C16's not after C14's).
            plain = [int(least_q[6]), int(least_q[7]), int(least_q[8]), 0, repeats[2], 0]  # type: ignore[call-overload]

            def merged(bounds: list[int | None]) -> list[int | None]:
                return [
                    b if a is None else a if b is None else min(a, b)
                    for a, b in zip(base, bounds, strict=True)
                ]

            out = [
                merged([*had[:k], had[k] - 1, *[None] * (5 - k)])
                for k in range(6)
                if had[k] - 1 >= plain[k]
            ]
            up1, up2 = best.quality[13], best.quality[15]
            if any(up1[:-1]) or any(up2[:-1]):  # type: ignore[index]
                out.append(merged(list(had)))
            return out

        def fq_of(
            floaters: list[Card],
        ) -> tuple[tuple[int, tuple[int, ...]], int, int, int] | None:
            key = frozenset(p.cid for p in floaters)
            if key not in checked:
                checked[key] = self._floater_quality(
                    floaters, below, nxt, last, bye_here, level, c9_here
                )
            return checked[key]

        def leaf(pairs: list[tuple[Card, Card]], floaters: list[Card]) -> Candidate | None:
            fq = fq_of(floaters)
            if fq is None:
                return None  # C2 or C4: not a legal candidate
            q8, q9, q14, q16 = fq
            # C18/C20: moved-down players floating on after a downfloat one or two rounds
            # before, by score difference.
            down1 = [0] * (span + 1)
            down2 = [0] * (span + 1)
            for f in floaters:
                if f.level > level:
                    if f.floats & DF1:
                        down1[f.level - level] += 1
                    if f.floats & DF2:
                        down2[f.level - level] += 1
            quality = (
                floaters_count,
                vec(mdp_floats),
                q8,
                q9,
                acc[0],
                acc[1],
                acc[2],
                acc[3],
                q14,
                acc[4],
                q16,
                acc[5],
                vec(down1),
                vec(up1),
                vec(down2),
                vec(up2),
            )
            if first:
                best.quality, best.result = quality, (list(pairs), list(floaters))
                return best.result
            if worse(quality) or (best.quality is not None and quality >= best.quality):
                return None  # article 4: among equals, the first candidate stays
            if ceiling[0] and quality > cap():
                return None
            best.quality, best.result = quality, (list(pairs), list(floaters))
            if quality == ideal():
                return best.result  # nothing can be better in this search: stop it
            return None

        def remainder(mdp_pairs: list[tuple[Card, Card]], free: list[Card]) -> Candidate | None:
            def rem_leaf(rem_pairs: list[tuple[Card, Card]], rest: list[Card]) -> Candidate | None:
                return leaf(mdp_pairs + rem_pairs, lifted[0] + rest)

            half = pairs_wanted - len(mdp_pairs)
            meets: list[int] = []
            whole: list[object] = []
            for number, (i1, i2) in enumerate(split_indices(len(free), half)):
                if (not whole or whole[0] is not best.quality) and checking():
                    # The whole remainder, checked again each time a better candidate is
                    # found: when no split of it can meet the ceiling, none is tried.
                    whole[:] = [best.quality]
                    if not viable_group(free, half):
                        return None
                if number and half <= SATURATION_LIMIT:
                    # An exchange whose S1 cannot all meet S2 has no candidate: skipped
                    # at the cost of a step per S1 player (the check's work, bounded by the
                    # same budget), not searched through its transpositions.
                    self.steps += half
                    if self.steps > self.budget:
                        raise _Budget
                    if not meets:
                        meets = [
                            sum(1 << j for j, b in enumerate(free) if can_meet(a, b)) for a in free
                        ]
                    if not saturates(i1, i2, meets):
                        continue
                s1, s2 = [free[i] for i in i1], [free[i] for i in i2]
                if not viable(s1, s2):
                    continue
                sides = [[0] * 5, [0] * 5]
                for p in s1:
                    sides[0][_kind(p)] += 1
                for p in s2:
                    sides[1][_kind(p)] += 1
                tally.sides = sides
                try:
                    found = self._search(s1, s2, pair_ok, unpair, rem_leaf, viable)
                finally:
                    tally.sides = None
                if found is not None:
                    return found
            return None

        # C6: the most pairs the bracket can make; C7 and the reference's order (the
        # first moved-down players paired before the later ones) choose who floats on.
        subsets = sorted(range(1 << len(mdps)), key=lambda bits: bits)
        most = most_pairs(mdps, residents, below, self.need_bye, self.bye_ok)
        for pairs_wanted in range(size // 2 if most is None else most, -1, -1):
            floaters_count = size - 2 * pairs_wanted
            tally.spare = floaters_count
            lb[:] = [q8_floor(), least_unplayed]
            # C8 and C9: the least the residents floating on can reach (the ideal's).
            extra = floaters_count
            least = (
                self._least_floating(mdps, residents, extra, fq_of)
                if not first and extra and (extra > 1 or size <= 200)
                else None
            )
            # Colours: the least C12 and C13 a pairing of the whole bracket can reach with
            # such a player left out, where the bracket pairs all but its parity (a lower
            # bound the ideal takes).
            repeats[:] = list(least[2]) if least is not None else [0, 0, 0]
            colours = None
            if not first and floaters_count == size % 2:
                floating_ok = least[1] if least is not None else None
                if floating_ok is None and bye_here:
                    floating_ok = {p.cid for p in residents if self.bye_ok(p)}
                colours = colour_floor(members, {p.cid for p in mdps}, floating_ok)

            def bounds(colours: tuple[int, int] | None = colours) -> tuple[int, int]:
                c12, c13 = tally.bound()
                if colours is None:
                    return c12, c13
                return max(c12, colours[0]), max(c13, colours[1])

            floor = (floaters_count, lb[0], lb[1], 0, 0, *bounds(), 0, 0, 0, 0)
            try:
                for mode in (4,) if first else (1, 2, 3, 4):
                    ceiling[0] = mode < 4
                    slack[0] = mode - 1 if mode < 4 else 0
                    for bits in subsets:
                        if mode < 4 and bits:
                            continue  # the ceilings have no moved-down player floating on (C7)
                        floating = [
                            m for i, m in enumerate(mdps) if bits >> (len(mdps) - 1 - i) & 1
                        ]
                        paired = [m for m in mdps if m not in floating]
                        rem = pairs_wanted - len(paired)
                        if rem < 0 or 2 * rem > len(residents) - len(paired):
                            continue
                        for m in floating:
                            mdp_floats[m.level - level] += 1
                            tally.move(m, -1)
                            tally.spare -= 1
                        lifted[0] = floating
                        if mode < 4:
                            # The ideal with the downfloaters' own C8 and C9: the least a
                            # set of residents floating on can reach while the rest of the
                            # bracket still pairs (else the parity's).
                            if least is not None:
                                lb[:] = list(least[0])
                            floor = (floaters_count, lb[0], lb[1], 0, 0, *bounds(), 0, 0, 0, 0)
                            if not worse(partial()):
                                self._search(paired, residents, pair_ok, unpair, remainder)
                            lb[:] = [q8_floor(), least_unplayed]
                            floor = (floaters_count, lb[0], lb[1], 0, 0, *bounds(), 0, 0, 0, 0)
                        elif not worse(partial()):
                            self._search(paired, residents, pair_ok, unpair, remainder)
                        for m in floating:
                            mdp_floats[m.level - level] -= 1
                            tally.move(m, 1)
                            tally.spare += 1
                        if first and best.quality is not None:
                            break
                    if best.quality is not None:
                        break
            except _Budget:
                raise NotCertified(
                    f"bracket {level}: the search was not finished within {self.budget} steps"
                ) from None
            if best.quality is not None:
                break
        if best.quality is None:
            raise NotCertified(
                f"bracket {level} ({count(size, 'player')}): no candidate keeps the round "
                "complete (C4)"
            )
        assert best.result is not None
        got, floaters = best.result
        self.quality = best.quality
        return [(min(a.cid, b.cid), max(a.cid, b.cid)) for a, b in got], floaters

    def _least_floating(
        self,
        mdps: list[Card],
        residents: list[Card],
        extra: int,
        fq_of: Callable[[list[Card]], tuple[tuple[int, tuple[int, ...]], int, int, int] | None],
    ) -> tuple[tuple[tuple[int, tuple[int, ...]], int], set[int], tuple[int, int, int]] | None:
        """The least C8 and C9 of *extra* residents floating on, *mdps* all paired, the
        residents of the sets that reach it, and the least C14 and C16 of those sets (C16
        the least of the sets with the least C14, then the least of them all).

        Only sets whose removal leaves a bracket that can pair every other player count:
        a lower bound of every candidate's C8 and C9, so that a search for the ideal
        does not look through a whole bracket for a quality no candidate has. None
        when there are too many sets to try (more than :data:`RELAX_LIMIT`) or none.
        """
        if comb(len(residents), extra) > RELAX_LIMIT:
            return None
        moved = {p.cid for p in mdps}
        least: tuple[tuple[int, tuple[int, ...]], int] | None = None
        reaching: set[int] = set()
        repeats = (0, 0)
        any16 = 0
        for rs in combinations(residents, extra):
            out = {p.cid for p in rs}
            rest = mdps + [p for p in residents if p.cid not in out]
            if not _pairs_all(rest, moved):
                continue
            q = fq_of(list(rs))
            if q is None:
                continue
            if least is None or (q[0], q[1]) < least:
                least, reaching, repeats, any16 = (q[0], q[1]), set(out), (q[2], q[3]), q[3]
            elif (q[0], q[1]) == least:
                reaching |= out
                repeats = min(repeats, (q[2], q[3]))
                any16 = min(any16, q[3])
        return None if least is None else (least, reaching, (*repeats, any16))

    def _floater_quality(
        self,
        floaters: list[Card],
        below: list[Card],
        nxt: list[Card],
        last: bool,
        bye_here: bool,
        level: int,
        c9_here: bool,
    ) -> tuple[tuple[int, tuple[int, ...]], int, int, int] | None:
        """(C8 shortfall, C9 unplayed rounds, C14, C16) of a downfloater set; None if illegal."""
        # C14/C16 count residents only: a moved-down player floating on is C7's business.
        q14 = sum(1 for f in floaters if f.floats & DF1 and f.level == level)
        q16 = sum(1 for f in floaters if f.floats & DF2 and f.level == level)
        if bye_here:
            if len(floaters) != 1 or not self.bye_ok(floaters[0]):
                return None  # C2
            return (0, ()), floaters[0].unplayed, q14, q16
        if last:
            return ((0, ()), 0, q14, q16) if not floaters else None
        if not floaters:
            verdict = pairable(below, self.need_bye, self.bye_ok)
            if verdict is None:
                raise NotCertified("a rest of the round too large to check exactly (C4)")
            return ((0, ()), 0, q14, q16) if verdict else None
        nxt_ids = {p.cid for p in nxt}
        lower = [p for p in below if p.cid not in nxt_ids]
        got = next_shortfall(floaters, nxt, lower, self.need_bye, self.bye_ok)
        if got is None:
            return None  # C4
        return (got[0], got[1]), got[2] if c9_here else 0, q14, q16

    def _search(
        self,
        lefts: list[Card],
        pool: list[Card],
        pair_ok: Callable[[Card, Card], bool],
        unpair: Callable[[Card, Card], None],
        leaf: Callable[
            [list[tuple[Card, Card]], list[Card]],
            Candidate | None,
        ],
        viable: Callable[[list[Card], list[Card]], bool] | None = None,
    ) -> Candidate | None:
        """Each of *lefts* in turn takes the first free player of *pool* it may meet (article 4).

        *viable*, when given, is asked after each pair whether the players left can still
        make a candidate; a pair after which they cannot is passed over.
        """
        n = len(lefts)
        if n == 0:
            return leaf([], list(pool))
        free = list(pool)
        chosen: list[tuple[int, Card]] = []
        start = 0
        while True:
            d = len(chosen)
            a = lefts[d]
            k = start
            found = False
            while k < len(free):
                self.steps += 1
                if self.steps > self.budget:
                    raise _Budget
                b = free[k]
                if pair_ok(a, b):
                    found = True
                    break
                k += 1
            if found:
                b = free.pop(k)
                chosen.append((k, b))
                if len(chosen) < n:
                    if viable is None or viable(lefts[len(chosen) :], free):
                        start = 0
                        continue
                else:
                    result = leaf([(lefts[i], c[1]) for i, c in enumerate(chosen)], list(free))
                    if result is not None:
                        return result
            # next candidate at the deepest level that has one
            if not chosen:
                return None
            k, b = chosen.pop()
            free.insert(k, b)
            unpair(lefts[len(chosen)], b)
            start = k + 1
