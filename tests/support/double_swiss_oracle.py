"""A literal reading of FIDE C.04.5 (Double-Swiss), for comparing with Arbiter's engine.

gacrux, FIDE's reference implementation, names the ``FIDE_DOUBLESWISS`` code but has no
engine for it, so this module is the oracle: it does what the articles say by plain
enumeration, with no matching library and none of the engine's shortcuts. Every legal
pairing of a bracket is listed and the first by ([C8] failures, pairing identifier) kept
(3.6.4); every set of upfloaters of 3.5.4 is listed and tried; [C3] is a search for any
legal pairing of the players left. It is slow (a bracket of 14 has 135,135 pairings) and
meant for small events.

``python -m tests.support.double_swiss_oracle 300`` runs a campaign of 300 random events.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from arbiter_app.core.model import Colour, Event, EventInfo, Player, System
from arbiter_app.core.pairing import PairingError, SwissOptions, append_round, pair_round
from arbiter_app.core.pairing.double_swiss_fide import GAMES, Contender, contender
from arbiter_app.core.result import GameResult

Pair = tuple[int, int]


def _matchings(players: list[int], legal: Mapping[int, frozenset[int]]) -> Iterator[list[Pair]]:
    """Every legal pairing of *players* (sorted), each pair (smaller, larger)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if other in legal[first]:
            for tail in _matchings(rest[:i] + rest[i + 1 :], legal):
                yield [(first, other), *tail]


def _pairable(players: list[int], legal: Mapping[int, frozenset[int]]) -> bool:
    return len(players) % 2 == 0 and next(_matchings(sorted(players), legal), None) is not None


def _identifier(pairs: list[Pair]) -> tuple[int, ...]:
    """3.6.2: the tops (the smaller TPN of each pair) ascending, then their opponents."""
    ordered = sorted(pairs)
    return tuple(a for a, _ in ordered) + tuple(b for _, b in ordered)


def oracle_pairs(field: Mapping[int, Contender], last: bool) -> tuple[int | None, list[Pair]]:
    """The PAB and the pairs of one match, by the letter of C.04.5 articles 3.3-3.6."""
    legal = {
        t: frozenset(u for u in field if u != t and u not in field[t].met and t not in field[u].met)
        for t in field
    }
    players = sorted(field)
    pab = None
    if len(players) % 2:
        order = sorted(
            (t for t in players if not field[t].barred),
            key=lambda t: (field[t].score, -field[t].matches, -t),
        )
        pab = next(t for t in order if _pairable([u for u in players if u != t], legal))
        players.remove(pab)
    levels = sorted({c.score for c in field.values()}, reverse=True)
    pairs: list[Pair] = []
    while players:
        top = max(field[t].score for t in players)
        residents = [t for t in players if field[t].score == top]
        lower = [t for t in players if field[t].score < top]
        chosen = _bracket(field, legal, levels, top, residents, lower, players, last)
        pairs += chosen
        done = {t for p in chosen for t in p}
        players = [t for t in players if t not in done]
    return pab, sorted(pairs)


def _bracket(
    field: Mapping[int, Contender],
    legal: Mapping[int, frozenset[int]],
    levels: list[Fraction],
    top: Fraction,
    residents: list[int],
    lower: list[int],
    players: list[int],
    last: bool,
) -> list[Pair]:
    for count in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
        scores = sorted({field[t].score for t in lower}, reverse=True)
        profiles = [
            p
            for p in combinations_with_replacement(scores, count)
            if all(p.count(s) <= sum(1 for t in lower if field[t].score == s) for s in set(p))
        ]
        for profile in sorted(profiles, key=sorted, reverse=True):  # [C5]
            candidates = []
            for index, ups in enumerate(_sets(field, lower, profile)):  # 3.5.3, 3.5.4
                members = sorted(residents + ups)
                best = None
                for pairing in _matchings(members, legal):  # [C1]
                    c8 = 0
                    if not last:
                        for a, b in pairing:
                            if (a in ups) != (b in ups):
                                resident = b if a in ups else a
                                c8 += field[resident].floated
                    key = (c8, _identifier(pairing))
                    if best is None or key < best:
                        best = key
                if best is None:
                    continue
                rest = [t for t in players if t not in members]
                if not _pairable(rest, legal):  # [C3]
                    continue
                c6 = _following_pairable(field, legal, levels, top, rest)
                c7 = 0 if last else sum(field[t].floated for t in ups)
                candidates.append(((0 if c6 else 1, c7, index), best[1]))
            if candidates:
                ident = min(candidates)[1]  # 3.5.5
                half = len(ident) // 2
                return list(zip(ident[:half], ident[half:], strict=True))
    raise AssertionError("no bracket pairing: the oracle has no answer")


def _sets(
    field: Mapping[int, Contender], lower: list[int], profile: tuple[Fraction, ...]
) -> Iterator[list[int]]:
    """Upfloater sets in the order of 3.5.4: by score descending, within it TPN ascending,
    compared lexicographically."""
    found = []
    for combo in combinations(sorted(lower), len(profile)):
        if sorted((field[t].score for t in combo), reverse=True) == sorted(profile, reverse=True):
            found.append(sorted(combo, key=lambda t: (-field[t].score, t)))
    found.sort(key=lambda s: [(-field[t].score, t) for t in s])
    return iter(found)


def _following_pairable(
    field: Mapping[int, Contender],
    legal: Mapping[int, frozenset[int]],
    levels: list[Fraction],
    top: Fraction,
    rest: list[int],
) -> bool:
    """[C6]: the following scoregroup, unless now empty, pairable with [C1], [C3], [C4]."""
    at = levels.index(top)
    if at + 1 == len(levels):
        return True
    following = [t for t in rest if field[t].score == levels[at + 1]]
    if not following:
        return True
    lower = [t for t in rest if field[t].score < levels[at + 1]]
    for extra in [[]] if len(following) % 2 == 0 else [[t] for t in lower]:
        bracket = following + extra
        left = [t for t in rest if t not in bracket]
        if _pairable(bracket, legal) and _pairable(left, legal):
            return True
    return False


def oracle_white(one: Contender, two: Contender, initial: Colour) -> int:
    """Article 4.3, read step by step: the player who has White in game 1."""
    hrp, opp = sorted((one, two), key=lambda c: (-c.score, c.tpn))  # 4.2
    w = Colour.WHITE
    if not hrp.colours and not opp.colours:  # 4.3.1
        hrp_colour = initial if hrp.tpn % 2 else initial.opposite
    elif hrp.colours.count(w) != opp.colours.count(w):  # 4.3.2
        hrp_colour = w if hrp.colours.count(w) < opp.colours.count(w) else w.opposite
    else:
        differ = [
            (a, b)
            for a, b in zip(reversed(hrp.colours), reversed(opp.colours), strict=False)
            if a != b
        ]
        if differ:  # 4.3.3
            hrp_colour = differ[0][0].opposite
        elif hrp.colours:  # 4.3.4
            hrp_colour = hrp.colours[-1].opposite
        else:  # 4.3.5
            hrp_colour = opp.colours[-1]
    return hrp.tpn if hrp_colour is w else opp.tpn


_RESULTS = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]
_FORFEITS = [GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN]


def compare_event(seed: int, players: int, matches: int) -> list[str]:
    """Pair a random event match by match with Arbiter's engine, comparing each match with
    the oracle; the differences, described (empty when they agree throughout)."""
    rng = random.Random(seed)
    entrants = tuple(Player(t, f"P{t}", 2400 - 5 * t) for t in range(1, players + 1))
    event = Event(
        info=EventInfo(name=f"campaign {seed}"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=GAMES * matches,
        players=entrants,
        entries={t: () for t in range(1, players + 1)},
    )
    found: list[str] = []
    options = SwissOptions(initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]))
    for match in range(1, matches + 1):
        scores = event.scores()
        field = {p.tpn: contender(event, p.tpn, match, scores) for p in event.players}
        try:
            pab, pairs = oracle_pairs(field, last=match == matches)
        except (StopIteration, AssertionError):
            pab, pairs = None, None
        try:
            pairing = pair_round(event, options=options)
        except PairingError as exc:
            if pairs is not None:
                found.append(f"seed {seed} match {match}: the engine refused: {exc}")
            return found  # 3.3.3: neither can pair the match
        if pairs is None:
            found.append(f"seed {seed} match {match}: the oracle found no pairing")
            return found
        mine = sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)
        bye = pairing.pairing_bye.tpn if pairing.pairing_bye else None
        if (bye, mine) != (pab, pairs):
            found.append(f"seed {seed} match {match}: engine {bye} {mine}, oracle {pab} {pairs}")
            return found
        initial = options.initial_colour
        assert initial is not None
        for board in pairing.boards:
            white = oracle_white(field[board.white], field[board.black], initial)
            if white != board.white:
                found.append(f"seed {seed} match {match}: board {board.number} colours differ")
                return found
        results = {}
        for board in pairing.boards:
            if rng.random() < 0.05:
                results[board.number] = (rng.choice(_FORFEITS), rng.choice(_FORFEITS))
            else:
                results[board.number] = (rng.choice(_RESULTS), rng.choice(_RESULTS))
        event = append_round(event, pairing, results)
    return found


def campaign(events: int, first_seed: int = 0) -> list[str]:
    """*events* random events of 5-12 players and 3-6 matches, each compared match by match."""
    problems: list[str] = []
    for seed in range(first_seed, first_seed + events):
        rng = random.Random(seed * 7919)
        problems += compare_event(seed, rng.randint(5, 12), rng.randint(3, 6))
    return problems


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    differences = campaign(count, start)
    for line in differences:
        print(line)
    print(f"{count} events compared, {len(differences)} with a difference")
