"""The US Chess Swiss system (Official Rules, 7th edition, rules 27-29), with its log.

The order of priorities (27A): avoid players meeting twice (27A1), equal scores
(27A2), upper half against lower half (27A3), equalising colours (27A4),
alternating colours (27A5). A round is paired so:

1. the odd player of an odd field gets the full-point bye (28L2: the lowest-rated player
   of the lowest score group, not an unrated player while a rated one may have it;
   :func:`arbiter_app.core.pairing.byes.bye_candidates` says who may), looking ahead: a
   candidate whose absence leaves a field that cannot be paired without a repeat is
   passed over;
2. score groups are paired from the top (28A); each is ranked by rating (27A2, 28);
3. a player dropped from a higher group meets the highest-rated player of the group he
   has not met (29C, 29D2), or another within the 80- or 200-point limit when that
   gives both their due colours (29D2, 29E5a, 29E5b);
4. an odd group sends one player down (29D1a): the lowest-rated, not an unrated player,
   who leaves the rest pairable and can meet someone below (look-ahead), else the next
   lowest-rated (29D1b); with the variation ``odd_player_for_colour`` the candidates
   within 80 points are compared by the colours they leave ("the color consequences are
   acceptable", 29D1a);
5. the top half meets the bottom half, 1 against n/2+1 (28C, 29A); players who have
   met are kept apart by transposing in the bottom half, or across the halves when
   only that avoids a repeat (27A1 before 27A3);
6. colours (29E): due colours, equalisation before alternation, colour history then
   rank at equal claims (29E4); a board where a player must take the colour he is not
   due is fixed by a transposition (two bottom-half players exchange opponents) or an
   interchange (a top-half and a bottom-half player change halves), within 80 rating
   points for a due colour (29E5a) and 200 points to keep a player from getting one
   colour two or more times than the other (29E5b); a transposition is counted by the
   smaller of its two rating differences, the bottom-half players' or the top-half
   players' (29E5c); among the fixes (29E5e as TDs
   apply it) one within 80 points comes before one that needs the 200-point rule, then
   the one that mends more, then a transposition before an interchange, then the
   smaller rating difference;
7. when the lowest group cannot be paired, the groups above are paired together with it
   (look-ahead), the lowest first.

Every step is written to the log, so the TD can defend the pairing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_app.core.model import Colour, Event
from arbiter_app.core.pairing.boards import NoLegalPairing, PairingError
from arbiter_app.core.pairing.uschess.colours import (
    ColourHistory,
    allocate,
    limit_for,
)
from arbiter_app.core.points import format_points
from arbiter_app.core.words import count

ENGINE = "Arbiter's US Chess Swiss engine (US Chess rules 27-29)"

ODD_CANDIDATES = 6
"""How many of a group's lowest-rated players are weighed as its odd player for colours
(29D1a-b): the lowest eligible and the next five within 80 points. A bound, so that a
section of hundreds pairs in a second; with ratings that close the next ones rarely
change the colours."""


@dataclass(frozen=True, slots=True)
class UsChessOptions:
    """The variations a TD announces (each cites the rule that allows it; defaults as the
    rulebook's main text has them).

    *keep_clubs_apart*: players of the same club, team or family (the ``club`` field)
    do not meet when it can be avoided (28N, a TD-announced variation; off by default).
    *odd_player_for_colour*: the odd player of a group may be another within 80 points
    of the lowest-rated when that gives more players their due colours (29D1a: "the
    colour consequences are acceptable", 29D1b; on).
    *transposition_limit* / *interchange_limit*: 29E5a's 80 and 29E5b's 200 points.
    """

    initial_colour: Colour = Colour.WHITE
    keep_clubs_apart: bool = False
    odd_player_for_colour: bool = True
    transposition_limit: int = 80
    interchange_limit: int = 200


@dataclass(frozen=True, slots=True)
class UsChessPairing:
    """Boards ``(white, black)`` in board order, the forced bye (or None), and the log."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    log: tuple[str, ...]


@dataclass
class Field:
    """What the engine knows of the players to pair before the round."""

    score: dict[int, Fraction]
    rating: dict[int, int]
    history: dict[int, ColourHistory]
    met: set[frozenset[int]]
    apart: set[frozenset[int]] = field(default_factory=set)
    first_round: bool = False
    unrated: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        self._weights = {
            t: (h.weight(Colour.WHITE), h.weight(Colour.BLACK)) for t, h in self.history.items()
        }

    def cost(self, a: int, b: int) -> int:
        """The colour cost of a board of *a* and *b* (:func:`.colours.pair_cost`), from a table."""
        wa, ba = self._weights[a]
        wb, bb = self._weights[b]
        return min(wa + bb, ba + wb)

    def may_meet(self, a: int, b: int) -> bool:
        key = frozenset((a, b))
        return key not in self.met and key not in self.apart

    def rank(self, players: Iterable[int]) -> list[int]:
        """Highest rating first; equal ratings by pairing number (27A/28)."""
        return sorted(players, key=lambda t: (-self.rating[t], t))


def read_field(event: Event, players: Sequence[int], options: UsChessOptions) -> Field:
    """The scores, ratings, colours and past opponents of *players* (played games only:
    a forfeit is not a meeting, 27A1, and gives no colour, 29E)."""
    score = {t: event.score(t) for t in players}
    ratings = {p.tpn: p.rating or 0 for p in event.players}
    history: dict[int, ColourHistory] = {}
    met: set[frozenset[int]] = set()
    for t in players:
        colours: list[Colour] = []
        for entry in event.entries_of(t):
            if entry.is_played and entry.colour is not None:
                colours.append(entry.colour)
            if entry.is_played and entry.opponent is not None:
                met.add(frozenset((t, entry.opponent)))
        history[t] = ColourHistory(tuple(colours))
    apart = {frozenset(p) for p in event.forbidden_pairs if len(p) == 2}
    if options.keep_clubs_apart:
        clubs = {p.tpn: p.club.strip().casefold() for p in event.players if p.club.strip()}
        ordered = [t for t in players if t in clubs]
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                if clubs[a] == clubs[b]:
                    apart.add(frozenset((a, b)))
    return Field(
        score,
        ratings,
        history,
        met,
        apart,
        first_round=all(not h.colours for h in history.values()),
    )


def perfect_matching(fld: Field, players: Sequence[int]) -> dict[int, int] | None:
    """A pairing of all *players* with nobody meeting twice, or None (27A1)."""
    matched = max_matching(fld, players)
    return matched if len(matched) == len(players) else None


def max_matching(fld: Field, players: Sequence[int]) -> dict[int, int]:
    """As many pairs of *players* as can be made without a repeat (partner by player)."""
    import rustworkx as rx

    graph = rx.PyGraph()
    nodes = graph.add_nodes_from(list(players))
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            if fld.may_meet(a, players[j]):
                graph.add_edge(nodes[i], nodes[j], 1)
    out: dict[int, int] = {}
    for u, v in rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w):
        out[players[u]] = players[v]
        out[players[v]] = players[u]
    return out


Fix = tuple[int, int, int, int, int, str, tuple[int, int], tuple[int, int], int, int]
"""A colour fix found: its tier, gain, kind's rank, rating difference and second board,
then the kind's name, the two new boards and the two players it moves."""


class Pairer:
    """Pairs the score groups of one field, writing the log as it goes."""

    def __init__(self, fld: Field, options: UsChessOptions) -> None:
        self.fld = fld
        self.options = options
        self.log: list[str] = []
        self.boards: list[tuple[int, int]] = []

    # -- the whole field ---------------------------------------------------------
    def pair(self, players: Sequence[int], merge_from: int | None = None) -> bool:
        """Pair *players*; groups from index *merge_from* down are paired as one (look-ahead).
        True when everybody is paired."""
        scores = sorted({self.fld.score[t] for t in players}, reverse=True)
        groups: list[tuple[str, list[int]]] = []
        for i, score in enumerate(scores):
            members = [t for t in players if self.fld.score[t] == score]
            if merge_from is not None and i > merge_from:
                name, prior = groups[-1]
                groups[-1] = (f"{name} with {format_points(score)}", prior + members)
            else:
                groups.append((format_points(score), members))
        carried: list[int] = []
        for index, (name, members) in enumerate(groups):
            below = [t for _, later in groups[index + 1 :] for t in later]
            carried = self._group(index + 1, name, carried, self.fld.rank(members), below)
        if carried:
            self.log.append(
                f"{count(len(carried), 'player')} left unpaired at the bottom: {_numbers(carried)}"
            )
            return False
        return True

    # -- one score group ---------------------------------------------------------
    def _group(
        self, number: int, name: str, dropped: list[int], members: list[int], below: list[int]
    ) -> list[int]:
        fld = self.fld
        self.log.append(
            f"Score group {number} ({name} {'point' if name == '1' else 'points'}): "
            f"{count(len(members), 'player')}"
            + (f", and {_numbers(dropped)} from above" if dropped else "")
        )
        pool = list(members)
        carried: list[int] = []
        for d in fld.rank(dropped):
            opponent = self._drop_opponent(d, pool)
            if opponent is None:
                self.log.append(f"  {d} has met everyone here (27A1) and goes further down")
                carried.append(d)
                continue
            pool.remove(opponent)
            self._add(d, opponent)
        if len(pool) % 2 == 1:
            odd = self._odd_player(pool, below)
            pool.remove(odd)
            carried.append(odd)
        pairs = self._halves(pool, carried)
        pairs = self._fix_colours(pairs)
        for top, bottom in pairs:
            self._add(top, bottom)
        return carried

    def _drop_opponent(self, dropped: int, pool: list[int]) -> int | None:
        """29C: the highest-rated player of the group the dropped player has not met, who
        leaves the rest pairable; another within the 29E5a/b limit when it gives both
        their due colours."""
        fld = self.fld
        candidates = [t for t in pool if fld.may_meet(dropped, t)]
        if not candidates:
            return None

        def leaves_pairable(t: int) -> bool:
            return _quickly_pairable(fld, [p for p in pool if p != t])

        natural = next((t for t in candidates if leaves_pairable(t)), candidates[0])
        cost = fld.cost(dropped, natural)
        if cost:
            limit = self._limit(cost)
            for t in candidates[candidates.index(natural) + 1 :]:
                diff = abs(fld.rating[t] - fld.rating[natural])
                if diff > limit:
                    break
                if fld.cost(dropped, t) < cost and leaves_pairable(t):
                    self.log.append(
                        f"  {dropped} (from above) meets {t} instead of {natural} "
                        f"({self._rule(diff)}, {count(diff, 'point')}) for colours"
                    )
                    return t
        self.log.append(f"  {dropped} (from above) meets {natural}, the highest-rated he can (29C)")
        return natural

    def _odd_player(self, pool: list[int], below: list[int]) -> int:
        """29D1a: ordinarily the lowest-rated player, not an unrated one, provided he can be
        paired below, the rest of the group pairs, and the colour consequences are
        acceptable; 29D1b: else the next lowest-rated. With ``odd_player_for_colour``
        the candidates within the 80-point limit of the first one (29E5a) are compared by
        the colours the group and the odd player's board below would then get, and the
        one that gives the most players their due colours goes."""
        fld = self.fld
        # 29D1a: "the lowest-rated player, but not an unrated player".
        order = [t for t in reversed(pool) if t not in fld.unrated] + [
            t for t in reversed(pool) if t in fld.unrated
        ]

        def may_go(t: int) -> bool:
            if below and not any(fld.may_meet(t, b) for b in below):
                return False
            rest = [p for p in pool if p != t]
            half = len(rest) // 2
            if _bipartite(fld, rest[:half], rest[half:]) is not None:
                return True
            return perfect_matching(fld, rest) is not None

        odd = next((t for t in order if may_go(t)), None)
        if odd is None:
            # Nobody leaves a pairable rest: the lowest-rated goes, the rest drop as need be.
            self.log.append(f"  odd player: {order[0]}, the lowest-rated (29D1a)")
            return order[0]
        why = "the lowest-rated who leaves the group pairable" + (
            " and can meet someone below (29D1a, look-ahead)" if below else " (29D1a)"
        )
        if odd != order[0]:
            why += f"; {_numbers(order[: order.index(odd)])} could not go (29D1b)"
        if self.options.odd_player_for_colour and not fld.first_round:
            costs = {odd: self._odd_cost(odd, pool, below)}
            for t in order[order.index(odd) + 1 : order.index(odd) + ODD_CANDIDATES]:
                if abs(fld.rating[t] - fld.rating[odd]) > self.options.transposition_limit:
                    break
                if t in fld.unrated or not costs[odd]:
                    break
                if may_go(t):
                    costs[t] = self._odd_cost(t, pool, below)
            best = min(costs, key=lambda t: (costs[t], order.index(t)))
            if best != odd:
                diff = abs(fld.rating[best] - fld.rating[odd])
                self.log.append(
                    f"  odd player: {best} instead of {odd} (29D1a-b, 29E5a, {count(diff, 'point')}), "
                    "so that fewer players miss their due colours"
                )
                return best
        self.log.append(f"  odd player: {odd}, {why}")
        return odd

    def _odd_cost(self, odd: int, pool: list[int], below: list[int]) -> int:
        """The colour cost of the group paired without *odd*, plus that of *odd*'s board below."""
        fld = self.fld
        kept = self.log
        self.log = []
        try:
            rest = [t for t in pool if t != odd]
            pairs = self._fix_colours(self._halves(rest, []))
        finally:
            self.log = kept
        cost = sum(fld.cost(a, b) for a, b in pairs)
        target = next((b for b in fld.rank(below) if fld.may_meet(odd, b)), None)
        if target is not None:
            cost += fld.cost(odd, target)
        return cost

    def _halves(self, pool: list[int], carried: list[int]) -> list[tuple[int, int]]:
        """Top half v bottom half (28C, 29A), repeats avoided (27A1); who cannot be paired
        at all joins *carried*."""
        fld = self.fld
        if not pool:
            return []
        half = len(pool) // 2
        quick = _bipartite(fld, pool[:half], pool[half:])
        if quick is not None:
            self.log.append(
                f"  top half {_numbers(pool[:half])} v bottom half {_numbers(pool[half:])} (28C)"
            )
            self._name_transpositions(quick, pool[half:])
            return quick
        matched = max_matching(fld, pool)
        if len(matched) < len(pool):
            left = [t for t in pool if t not in matched]
            self.log.append(
                f"  {_numbers(left)} cannot be paired in this group without a repeat (27A1) "
                "and go down"
            )
            carried.extend(left)
            pool = [t for t in pool if t in matched]
        half = len(pool) // 2
        top, bottom = pool[:half], pool[half:]
        self.log.append(f"  top half {_numbers(top)} v bottom half {_numbers(bottom)} (28C)")
        pairs = _bipartite(fld, top, bottom) or _careful(fld, pool, top, bottom)
        self._name_transpositions(pairs, bottom)
        return pairs

    def _name_transpositions(self, pairs: list[tuple[int, int]], bottom: list[int]) -> None:
        """Log each top-half player who does not meet his natural opponent, and why (27A1)."""
        fld = self.fld
        top = [a for a, _ in pairs]
        for i, (a, b) in enumerate(pairs):
            if i < len(bottom) and b != bottom[i] and not fld.may_meet(a, bottom[i]):
                reason = (
                    "have met (27A1)"
                    if frozenset((a, bottom[i])) in fld.met
                    else "are kept apart (28N)"
                )
                kind = "interchange" if b in top else "transposition"
                self.log.append(f"  {kind}: {a} meets {b}, as {a} and {bottom[i]} {reason}")

    # -- colours -----------------------------------------------------------------
    def _limit(self, cost: int) -> int:
        limit = limit_for(cost)
        return (
            self.options.interchange_limit
            if limit > self.options.transposition_limit
            else self.options.transposition_limit
        )

    def _fix_colours(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """29E5: transpositions, then interchanges, within 80 or 200 points."""
        fld = self.fld
        if fld.first_round:
            return pairs
        pairs = list(pairs)
        for k in range(len(pairs)):
            a_k, b_k = pairs[k]
            cost = fld.cost(a_k, b_k)
            if not cost:
                continue
            limit = self._limit(cost)
            # 29E5e as TDs apply it: a fix within the 80-point limit before one that needs
            # the 200-point rule; then the fix that mends more; then a transposition before
            # an interchange; then the smaller rating difference.
            best: Fix | None = None
            for m in range(len(pairs)):
                if m == k:
                    continue
                a_m, b_m = pairs[m]
                before = cost + fld.cost(a_m, b_m)
                options = (
                    (
                        0,
                        "transposition",
                        (a_k, b_m),
                        (a_m, b_k),
                        *_transposed(fld, pairs[k], pairs[m]),
                    ),
                    (
                        1,
                        "interchange",
                        _ordered(fld, a_k, a_m),
                        _ordered(fld, b_k, b_m),
                        *_crossing(fld, a_k, a_m, b_k, b_m),
                    ),
                )
                for rank, kind, one, two, x, y in options:
                    diff = abs(fld.rating[x] - fld.rating[y])
                    if diff > limit or not fld.may_meet(*one) or not fld.may_meet(*two):
                        continue
                    after = fld.cost(*one) + fld.cost(*two)
                    if after >= before:
                        continue
                    tier = int(diff > self.options.transposition_limit)
                    key: Fix = (tier, after - before, rank, diff, m, kind, one, two, x, y)
                    if best is None or key[:5] < best[:5]:
                        best = key
            if best is None:
                continue
            *_, diff, m, kind, one, two, x, y = best
            pairs[k], pairs[m] = one, two
            self.log.append(
                f"  {kind} {x}↔{y} ({self._rule(diff)}, {count(diff, 'point')}){self._gives(one)}"
            )
        return pairs

    def _rule(self, diff: int) -> str:
        """The rule a colour fix of *diff* rating points stands on: within 80 points the
        80-point rule (29E5a), beyond it the 200-point rule (29E5b)."""
        return "29E5a" if diff <= self.options.transposition_limit else "29E5b"

    def _gives(self, board: tuple[int, int]) -> str:
        white, black, cost = allocate(*board, self.fld.history, self.fld.rating)
        if cost:
            return ""
        return f" to give {white} White and {black} Black"

    def _add(self, a: int, b: int) -> None:
        fld = self.fld
        default = None
        if fld.first_round:
            # First round: the top player's colour is drawn; it alternates down the boards.
            top = a if (fld.rating[a], -a) >= (fld.rating[b], -b) else b
            white_on_top = (len(self.boards) % 2 == 0) == (
                self.options.initial_colour is Colour.WHITE
            )
            default = top if white_on_top else (b if top == a else a)
        white, black, cost = allocate(a, b, fld.history, fld.rating, default_white=default)
        self.boards.append((white, black))
        if cost:
            for t, given in ((white, Colour.WHITE), (black, Colour.BLACK)):
                if fld.history[t].weight(given):
                    self.log.append(
                        f"  {t} takes {given.name.title()} though due "
                        f"{given.opposite.name.title()} (colours so far "
                        f"{fld.history[t].describe()}): no fix within the limits of 29E5"
                    )


def _ordered(fld: Field, a: int, b: int) -> tuple[int, int]:
    return (a, b) if (fld.rating[a], -a) >= (fld.rating[b], -b) else (b, a)


def _transposed(fld: Field, k: tuple[int, int], m: tuple[int, int]) -> tuple[int, int]:
    """The two players a transposition of boards *k* and *m* is counted by (29E5c): the
    same two games come from exchanging the bottom-half players or the top-half players,
    and the smaller of the two rating differences is the one that counts."""
    (a_k, b_k), (a_m, b_m) = k, m
    bottom = abs(fld.rating[b_k] - fld.rating[b_m])
    top = abs(fld.rating[a_k] - fld.rating[a_m])
    return _ordered(fld, a_k, a_m) if top < bottom else _ordered(fld, b_k, b_m)


def _crossing(fld: Field, a_k: int, a_m: int, b_k: int, b_m: int) -> tuple[int, int]:
    """The two players an interchange moves across the halves: the lower of the top-half
    pair and the higher of the bottom-half pair."""
    down = _ordered(fld, a_k, a_m)[1]
    up = _ordered(fld, b_k, b_m)[0]
    return down, up


def _bipartite(fld: Field, top: list[int], bottom: list[int]) -> list[tuple[int, int]] | None:
    """Top half against bottom half with nobody meeting twice: each top-half player, in
    order, takes the nearest bottom-half player he may meet (a transposition, 27A1), and
    whoever is left without one is given one by an augmenting path (a chain of
    transpositions in the bottom half); None when the halves cannot be paired so."""
    partner: dict[int, int] = {}  # bottom -> top
    mine: dict[int, int] = {}  # top -> bottom
    position = {b: j for j, b in enumerate(bottom)}
    prefs = {
        a: sorted(
            (b for b in bottom if fld.may_meet(a, b)),
            key=lambda b: (abs(position[b] - i), position[b]),
        )
        for i, a in enumerate(top)
    }
    for a in top:
        b = next((b for b in prefs[a] if b not in partner), None)
        if b is not None:
            partner[b], mine[a] = a, b

    def augment(a: int, seen: set[int]) -> bool:
        for b in prefs[a]:
            if b in seen:
                continue
            seen.add(b)
            if b not in partner or augment(partner[b], seen):
                partner[b], mine[a] = a, b
                return True
        return False

    for a in top:
        if a not in mine and not augment(a, set()):
            return None
    return [(a, mine[a]) for a in top]


def _quickly_pairable(fld: Field, players: list[int]) -> bool:
    """Whether *players* (ranked) pair without a repeat, leaving at most one over: first by
    halves (cheap, usually enough), else by a maximum matching."""
    even = players[: len(players) - len(players) % 2]
    half = len(even) // 2
    if _bipartite(fld, even[:half], even[half:]) is not None:
        return True
    return len(max_matching(fld, players)) >= len(players) - 1


def _careful(
    fld: Field, pool: list[int], top: list[int], bottom: list[int]
) -> list[tuple[int, int]]:
    """Each top player in turn takes the nearest bottom-half player who keeps the rest
    pairable (looking ahead); the halves are crossed (an interchange) only when the bottom
    half cannot give an opponent (27A1 before 27A3)."""
    left = list(pool)
    pairs: list[tuple[int, int]] = []
    while left:
        a = left[0]
        i = top.index(a) if a in top else len(top)
        rest_bottom = [t for t in bottom if t in left and t != a]
        rest_top = [t for t in reversed(top) if t in left and t != a]
        order = sorted(rest_bottom, key=lambda t: (abs(bottom.index(t) - i), bottom.index(t)))
        for b in order + rest_top:
            if not fld.may_meet(a, b):
                continue
            rest = [t for t in left if t not in (a, b)]
            if perfect_matching(fld, rest) is not None:
                pairs.append((a, b))
                left = rest
                break
        else:  # pragma: no cover - the pool was checked to have a perfect matching
            raise PairingError("a score group lost its pairing while being paired")
    return pairs


def _numbers(players: Iterable[int]) -> str:
    return ", ".join(str(t) for t in players)


def board_order(fld: Field, boards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Boards by the higher score on the board, then the higher rating (28? board order
    as US Chess TDs post it: top score group first, highest-rated first)."""
    return sorted(
        boards,
        key=lambda b: (
            -max(fld.score[b[0]], fld.score[b[1]]),
            -(fld.score[b[0]] + fld.score[b[1]]),
            -max(fld.rating[b[0]], fld.rating[b[1]]),
            min(b),
        ),
    )


def pair_field(event: Event, players: Sequence[int], options: UsChessOptions) -> UsChessPairing:
    """Pair an even field of *players* (byes already given) by the US Chess rules."""
    if len(players) % 2:
        raise PairingError("the field to pair has an odd number of players; give the bye first")
    fld = read_field(event, players, options)
    ranked = fld.rank(players)
    groups = len({fld.score[t] for t in ranked})
    attempts: list[int | None] = [None, *range(groups - 2, -1, -1)]
    notes: list[str] = []
    for merge_from in attempts:
        pairer = Pairer(fld, options)
        if merge_from is not None:
            pairer.log.append(
                f"Look-ahead: score groups {merge_from + 1} to {groups} are paired together, "
                "as the lowest could not be paired without a repeat (27A1 before 27A2)"
            )
        if pairer.pair(ranked, merge_from):
            boards = board_order(fld, pairer.boards)
            return UsChessPairing(tuple(boards), None, tuple(notes + pairer.log))
        notes = []
    if fld.apart and options.keep_clubs_apart:
        relaxed = UsChessOptions(
            initial_colour=options.initial_colour,
            keep_clubs_apart=False,
            odd_player_for_colour=options.odd_player_for_colour,
            transposition_limit=options.transposition_limit,
            interchange_limit=options.interchange_limit,
        )
        result = pair_field(event, players, relaxed)
        return UsChessPairing(
            result.boards,
            None,
            (
                "Teammates could not all be kept apart (28N variation): paired without it",
                *result.log,
            ),
        )
    raise NoLegalPairing(
        "the players cannot all be paired without two of them meeting twice (US Chess 27A1); "
        "pair the round by hand"
    )
