"""The rest of a round robin: can the games not played yet still fill the rounds left?

In a round robin every player meets every other once, and twice in a double round
robin, once in each cycle with the colours reversed (FIDE C.05 Annex 1, the Berger
tables). The Berger table guarantees it; a round paired by hand may not. Once a
round is given by hand, the games of the cycle not played yet must still be
arranged into the cycle's rounds left, each round a full round: with an even
number of players a perfect matching of them, with an odd number every player but
one, who has the free round (the dummy number of the table). The FIDE C.02
verification checklist asks for this check on manual round-robin pairings
(question 101).

:func:`arrange` answers exactly. The games left form a graph (players the
vertices, games the edges; the free round an edge to the dummy); the rounds left
must split it into that many matchings, each covering every player who still has
as many games as rounds left (an edge colouring with the rounds as colours). The
search goes round by round and never looks at the same question twice:

- each connected part of the graph is arranged on its own (the rounds of one part
  do not constrain another's);
- a part whose every player has a game in each round left (all of them *tight*)
  is a regular graph: it needs an even number of players, and every set of an odd
  number of its players must have at least as many games across its border as
  there are rounds left, since every full round takes an odd number of them
  (the parity of a perfect matching). The smallest such border is found from a
  Gomory-Hu tree (Padberg and Rao's odd cut); one too small ends the search at
  once, before any round is tried;
- rounds are interchangeable, so the first tight player meets their opponents in
  order of number: the round tried first is the one against the lowest;
- within a round, the tight player with the fewest opponents left is paired
  first;
- a graph whose players all have fewer games than rounds left always fits
  (Vizing's theorem: a simple graph's edges take at most one colour more than its
  largest degree).

The work is counted in *nodes* (a game put into a round); a search stops after
*budget* of them and says it could not decide rather than run on.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from arbiter_app.core.model import Event, System
from arbiter_app.core.pairing.berger import table_size
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.manual import Violation
from arbiter_app.core.words import count

ARTICLE = "FIDE C.05 Annex 1: every pair meets once in each cycle of a round robin"

DEFAULT_BUDGET = 200_000
"""Nodes a search may take: far above what a round robin of 24 players needs (the tests
measure the worst cases they can construct)."""

Game = tuple[int, int]
"""Two players by number, the lower first; 0 stands for the free round (the dummy)."""

FREE = 0
"""The dummy number of a table with an odd number of players: meeting it is the free round."""


class Verdict(enum.Enum):
    FITS = "fits"
    DOES_NOT_FIT = "does not fit"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The answer of :func:`arrange`.

    *rounds* is one way to play the games left (the rounds left in order, each a tuple
    of games) when the search built one (it may answer FITS by Vizing's theorem without
    building it); *stuck* the games that can no longer be played in a full round (in no
    perfect matching of what is left), *overloaded* the players with more games left
    than rounds; *nodes* the work done.
    """

    verdict: Verdict
    games: tuple[Game, ...]
    rounds_left: int
    rounds: tuple[tuple[Game, ...], ...] | None = None
    stuck: tuple[Game, ...] = ()
    overloaded: tuple[tuple[int, int], ...] = ()
    """(player, games left) for each player with more games than rounds left."""
    nodes: int = 0

    @property
    def fits(self) -> bool:
        return self.verdict is Verdict.FITS


class _OutOfBudget(Exception):
    pass


@dataclass
class _Search:
    budget: int
    nodes: int = 0
    failed: set[tuple[int, tuple[int, ...]]] = field(default_factory=set)

    def step(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _degrees(adj: Sequence[int]) -> list[int]:
    return [a.bit_count() for a in adj]


def _components(adj: Sequence[int]) -> list[int]:
    """The connected parts of the graph with at least one game, each as a mask of players."""
    seen = 0
    parts: list[int] = []
    for v, a in enumerate(adj):
        if not a or seen >> v & 1:
            continue
        part, frontier = 1 << v, 1 << v
        while frontier:
            nxt = 0
            for u in _bits(frontier):
                nxt |= adj[u]
            frontier = nxt & ~part
            part |= nxt
        seen |= part
        parts.append(part)
    return parts


def _max_flow(adj: Sequence[int], s: int, t: int) -> tuple[int, int]:
    """The most edge-disjoint paths from *s* to *t* (every game a capacity of one each way)
    and the players *s* still reaches when no more path exists (its side of a minimum cut)."""
    flow: dict[tuple[int, int], int] = {}
    value = 0
    while True:
        parent = {s: s}
        queue = deque([s])
        while queue and t not in parent:
            u = queue.popleft()
            for w in _bits(adj[u]):
                if w not in parent and flow.get((u, w), 0) < 1:
                    parent[w] = u
                    queue.append(w)
        if t not in parent:
            side = 0
            for v in parent:
                side |= 1 << v
            return value, side
        w = t
        while w != s:
            u = parent[w]
            flow[(u, w)] = flow.get((u, w), 0) + 1
            flow[(w, u)] = flow.get((w, u), 0) - 1
            w = u
        value += 1


def smallest_odd_cut(adj: Sequence[int], part: int) -> tuple[int, int] | None:
    """The fewest games across the border of an odd set of the players of *part*, and that
    set (a mask), or None for a part of fewer than two players.

    Padberg and Rao: a minimum odd cut is one of the cuts of a Gomory-Hu tree, which
    Gusfield's method builds with one maximum flow per player.
    """
    members = list(_bits(part))
    if len(members) < 2:
        return None
    n = len(members)
    parent = [0] * n
    weight = [0] * n
    for s in range(1, n):
        t = parent[s]
        value, side = _max_flow(adj, members[s], members[t])
        weight[s] = value
        for i in range(n):
            if i != s and side >> members[i] & 1 and parent[i] == t:
                parent[i] = s
        if side >> members[parent[t]] & 1:
            parent[s] = parent[t]
            parent[t] = s
            weight[s] = weight[t]
            weight[t] = value
    best: tuple[int, int] | None = None
    children: dict[int, list[int]] = {}
    for i in range(1, n):
        children.setdefault(parent[i], []).append(i)
    for i in range(1, n):
        # The tree edge i - parent[i]: removing it leaves i's subtree on one side.
        sub, stack = 0, [i]
        while stack:
            j = stack.pop()
            sub |= 1 << members[j]
            stack.extend(children.get(j, ()))
        if not sub.bit_count() % 2:
            sub = part & ~sub  # the other side, odd when the part is
        if sub.bit_count() % 2 and (best is None or weight[i] < best[0]):
            best = (weight[i], sub)
    return best


def _round_options(adj: Sequence[int], tight: int, search: _Search) -> Iterator[list[Game]]:
    """Every round (a matching) that gives every tight player a game: the first tight
    player against their lowest opponent left (rounds are interchangeable), the others
    most constrained first; players who are not tight may sit out or play."""
    first = (tight & -tight).bit_length() - 1
    opponent = (adj[first] & -adj[first]).bit_length() - 1
    search.step()
    yield from _cover(adj, tight, (1 << first) | (1 << opponent), [(first, opponent)], search)


def _cover(
    adj: Sequence[int], tight: int, covered: int, chosen: list[Game], search: _Search
) -> Iterator[list[Game]]:
    waiting = tight & ~covered
    if not waiting:
        yield from _optional(adj, ~tight & ~covered, covered, chosen, search)
        return
    best, best_options = -1, 0
    for u in _bits(waiting):
        options = adj[u] & ~covered
        if not options:
            return
        if best < 0 or options.bit_count() < best_options.bit_count():
            best, best_options = u, options
    for w in _bits(best_options):
        search.step()
        chosen.append((best, w))
        yield from _cover(adj, tight, covered | 1 << best | 1 << w, chosen, search)
        chosen.pop()


def _optional(
    adj: Sequence[int], free: int, covered: int, chosen: list[Game], search: _Search
) -> Iterator[list[Game]]:
    """The games players who are not tight may add to a round: the player with the most
    games left first, playing before sitting out (a round as full as it can be is the
    likeliest to leave a schedule)."""
    free &= (1 << len(adj)) - 1
    playing = [v for v in _bits(free) if adj[v] & free & ~covered]
    if not playing:
        yield list(chosen)
        return
    u = max(playing, key=lambda v: (adj[v].bit_count(), -v))
    partners = sorted(
        _bits(adj[u] & free & ~covered & ~(1 << u)), key=lambda w: (-adj[w].bit_count(), w)
    )
    for w in partners:
        search.step()
        chosen.append((u, w))
        yield from _optional(adj, free & ~(1 << u) & ~(1 << w), covered, chosen, search)
        chosen.pop()
    yield from _optional(adj, free & ~(1 << u), covered, chosen, search)


def _regular_cut_fails(adj: Sequence[int], rounds: int) -> bool:
    """A part whose players all play every round left, split in full rounds, fails when it
    has an odd number of players or an odd set of them with too few games across."""
    for part in _components(adj):
        if part.bit_count() % 2:
            return True
        # Below half the part's size only: a regular graph of degree at least half its
        # players has no border smaller than its degree (Plesník), so nothing to find.
        if 3 <= rounds < part.bit_count() / 2:
            cut = smallest_odd_cut(adj, part)
            if cut is not None and cut[0] < rounds:
                return True
    return False


def _solve(adj: tuple[int, ...], rounds: int, search: _Search) -> list[list[Game]] | None:
    """The rounds (as many as *rounds*, some possibly empty) that play every game of *adj*,
    or None when there are none."""
    if not any(adj):
        return [[] for _ in range(rounds)]
    degrees = _degrees(adj)
    top = max(degrees)
    if top > rounds:
        return None
    key = (rounds, adj)
    if key in search.failed:
        return None
    parts = _components(adj)
    if len(parts) > 1:
        # Each part on its own; the rounds of the parts are then played side by side.
        together: list[list[Game]] = [[] for _ in range(rounds)]
        for part in parts:
            sub = tuple(a if part >> v & 1 else 0 for v, a in enumerate(adj))
            found = _solve(sub, rounds, search)
            if found is None:
                search.failed.add(key)
                return None
            for i, games in enumerate(found):
                together[i].extend(games)
        return together
    tight = 0
    for v, d in enumerate(degrees):
        if d == rounds:
            tight |= 1 << v
    if not tight:
        # Everyone has fewer games than rounds left: they fit (Vizing's theorem), and the
        # empty list says so without building the rounds.
        return []
    everyone = all(d in (0, rounds) for d in degrees)
    if everyone and _regular_cut_fails(adj, rounds):
        search.failed.add(key)
        return None
    for games in _round_options(adj, tight, search):
        rest = list(adj)
        for u, w in games:
            rest[u] &= ~(1 << w)
            rest[w] &= ~(1 << u)
        found = _solve(tuple(rest), rounds - 1, search)
        if found is not None:
            return [games, *found]
    search.failed.add(key)
    return None


def _games_of(adj: Sequence[int]) -> list[Game]:
    return [(u, w) for u, a in enumerate(adj) for w in _bits(a) if u < w]


def _in_some_full_round(adj: Sequence[int], game: Game) -> bool:
    """Whether *game* can be in a round in which every player with a game left plays."""
    import rustworkx as rx

    u, w = game
    active = [v for v, a in enumerate(adj) if a and v not in (u, w)]
    if len(active) % 2:
        return False
    graph = rx.PyGraph()
    nodes = {v: graph.add_node(v) for v in active}
    for a in active:
        for b in _bits(adj[a]):
            if b in nodes and a < b:
                graph.add_edge(nodes[a], nodes[b], 1)
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda x: x)
    return 2 * len(matched) == len(active)


def arrange(
    games: Iterable[Game], rounds_left: int, *, budget: int = DEFAULT_BUDGET
) -> Arrangement:
    """Whether *games* (pairs of player numbers; :data:`FREE` for the free round) can be
    played in *rounds_left* rounds, each player playing in every round while they have
    as many games left as rounds left (the search of this module).

    An odd number of players of whom each may sit out at most once, as many of them as
    rounds left, sit out exactly one a round: they meet a dummy of their own, which
    makes every round a full one and the search the faster one.
    """
    pairs = sorted({(min(a, b), max(a, b)) for a, b in games})
    players = sorted({p for g in pairs for p in g})
    index = {p: i for i, p in enumerate(players)}
    adj = [0] * len(players)
    for a, b in pairs:
        adj[index[a]] |= 1 << index[b]
        adj[index[b]] |= 1 << index[a]
    named = tuple(pairs)
    overloaded = tuple(
        (p, adj[index[p]].bit_count())
        for p in players
        if p != FREE and adj[index[p]].bit_count() > rounds_left
    )
    slack = [rounds_left - a.bit_count() for a in adj]
    if len(adj) % 2 and all(x in (0, 1) for x in slack) and sum(slack) == rounds_left > 0:
        dummy = len(adj)
        adj.append(0)
        for v, x in enumerate(slack):
            if x:
                adj[v] |= 1 << dummy
                adj[dummy] |= 1 << v
    search = _Search(budget)
    try:
        found = _solve(tuple(adj), rounds_left, search)
    except _OutOfBudget:
        return Arrangement(Verdict.UNDECIDED, named, rounds_left, nodes=search.nodes)
    if found is not None:
        real = len(players)
        rounds = tuple(
            tuple(sorted(_named(players, u, w) for u, w in r if u < real and w < real))
            for r in found
        )
        complete = len(rounds) == rounds_left and sum(map(len, rounds)) == len(pairs)
        return Arrangement(
            Verdict.FITS, named, rounds_left, rounds if complete else None, nodes=search.nodes
        )
    stuck: tuple[Game, ...] = ()
    if all(a.bit_count() in (0, rounds_left) for a in adj):
        # Every round must be full: a game in no full round can no longer be played.
        stuck = tuple(
            _named(players, u, w)
            for u, w in _games_of(adj)
            if w < len(players) and not _in_some_full_round(adj, (u, w))
        )
    return Arrangement(
        Verdict.DOES_NOT_FIT,
        named,
        rounds_left,
        stuck=stuck,
        overloaded=overloaded,
        nodes=search.nodes,
    )


def _named(players: Sequence[int], u: int, w: int) -> Game:
    a, b = players[u], players[w]
    return (a, b) if a < b else (b, a)


# -- a round robin's games left ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CycleRest:
    """The games of the current cycle not played after *after_round*, and the rounds left
    in it (*cycle* counts from 1)."""

    cycle: int
    after_round: int
    rounds_left: int
    games: tuple[Game, ...]


def cycle_rest(event: Event, after_round: int, hand: RoundPairing | None = None) -> CycleRest:
    """The games of the cycle that round *after_round* belongs to that are not played (nor
    scheduled) by then, among the players still in the event, and its rounds left.

    *hand*, when given, is round *after_round* as the arbiter pairs it, in place of what
    *event* holds for it. A cycle has the rounds of its Berger table (C.05 Annex 1): one
    fewer than the number of players made even. A player withdrawn or disqualified has
    no game left; with every player still in, an odd field meets the dummy (the free
    round, :data:`FREE`) once per cycle, so the rounds left must be full rounds.
    """
    numbers = sorted(p.tpn for p in event.players)
    per_cycle = table_size(max(len(numbers), 2)) - 1
    cycle = (after_round - 1) // per_cycle + 1 if after_round else 1
    start = (cycle - 1) * per_cycle + 1
    end = cycle * per_cycle
    if event.system is not System.DOUBLE_ROUND_ROBIN:
        end = per_cycle
    nxt = after_round + 1
    active = [
        p.tpn
        for p in event.players
        if not p.disqualified and (p.withdrawn_from_round is None or p.withdrawn_from_round > nxt)
    ]
    met: set[Game] = set()
    free: set[int] = set()
    last = after_round - 1 if hand is not None else after_round
    for tpn in active:
        for r in range(start, last + 1):
            e = event.entry(tpn, r)
            if e.opponent is not None and e.kind.has_opponent:
                met.add((min(tpn, e.opponent), max(tpn, e.opponent)))
            else:
                free.add(tpn)
    if hand is not None:
        on_board = {t for b in hand.boards for t in b.players}
        met |= {(min(b.white, b.black), max(b.white, b.black)) for b in hand.boards}
        free |= set(active) - on_board
    games = [(a, b) for a, b in combinations(sorted(active), 2) if (a, b) not in met]
    if len(active) == len(numbers) and len(numbers) % 2:
        games += [(FREE, t) for t in sorted(active) if t not in free]
    return CycleRest(cycle, after_round, max(end - after_round, 0), tuple(sorted(games)))


def game_text(game: Game) -> str:
    """A game left as a reader sees it: "1-2", or "5's free round"."""
    a, b = game
    return f"{b}'s free round" if a == FREE else f"{a}-{b}"


def rest_violation(rest: CycleRest, found: Arrangement) -> Violation | None:
    """The rule a round paired by hand breaks when the games of its cycle left no longer
    fit the rounds left (checklist question 101), naming the games; None when they fit
    or the search could not decide (:attr:`Arrangement.verdict` says which)."""
    if found.verdict is not Verdict.DOES_NOT_FIT:
        return None
    games = [g for g in rest.games if FREE not in g]
    rounds = count(rest.rounds_left, "round")
    if rest.rounds_left == 0:
        text = (
            f"after round {rest.after_round} the cycle has no round left and "
            f"{count(len(games), 'pair')} of it never met: {', '.join(map(game_text, games))}"
        )
    else:
        text = (
            f"after round {rest.after_round} the {count(len(games), 'game')} of the cycle not "
            f"played yet ({', '.join(map(game_text, games))}) no longer fit in the {rounds} "
            "left, each round a full one"
        )
    more = [
        f"player {p} still has {count(n, 'game')} to play in {rounds}" for p, n in found.overloaded
    ]
    stuck = [g for g in found.stuck if FREE not in g]
    if stuck and len(stuck) < len(games):
        more.append(f"{', '.join(map(game_text, stuck))} can be in no full round")
    elif stuck:
        more.append("no full round can be made of them")
    elif not found.overloaded and rest.rounds_left:
        more.append("each fits some full round, but not all of them together")
    players = sorted({p for g in games for p in g})
    return Violation(ARTICLE, "; ".join([text, *more]), tuple(players))


def check_rest(event: Event, pairing: RoundPairing) -> tuple[Violation | None, Arrangement]:
    """Round *pairing* of round-robin *event* (the event before it) as the arbiter pairs
    it: the rule it breaks by leaving games of its cycle that no longer fit the rounds
    left, if it does, and the search's answer."""
    rest = cycle_rest(event, pairing.round, pairing)
    found = arrange(rest.games, rest.rounds_left)
    return rest_violation(rest, found), found
