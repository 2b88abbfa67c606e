"""The rest of a round robin: the games not played yet against the rounds left (FIDE C.05
Annex 1: every pair meets once a cycle; the C.02 checklist's question 101)."""

from __future__ import annotations

import itertools
import random

import pytest

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    Outcome,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing.berger import round_robin_schedule
from arbiter_app.core.pairing.round_robin_rest import (
    FREE,
    Game,
    Verdict,
    arrange,
    cycle_rest,
    smallest_odd_cut,
)


def petersen() -> list[Game]:
    """The Petersen graph: 3-regular on 10 players, every game in some full round, and
    still not three full rounds (it is not 3-edge-colourable)."""
    outer = [(i, (i + 1) % 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    return sorted((min(a, b) + 1, max(a, b) + 1) for a, b in outer + inner + spokes)


def flower_snark(n: int) -> list[Game]:
    """Isaacs's flower snark J(n): 4n players, 3-regular, no three full rounds for odd n."""

    def v(kind: int, i: int) -> int:
        return 4 * (i % n) + kind

    games = []
    for i in range(n):
        games += [(v(1, i), v(2, i)), (v(1, i), v(3, i)), (v(1, i), v(4, i))]
        games.append((v(2, i), v(2, i + 1)))
    for i in range(n - 1):
        games += [(v(3, i), v(3, i + 1)), (v(4, i), v(4, i + 1))]
    games += [(v(3, n - 1), v(4, 0)), (v(4, n - 1), v(3, 0))]
    return sorted((min(a, b), max(a, b)) for a, b in games)


def assert_schedule(games: list[Game], rounds: tuple[tuple[Game, ...], ...] | None, k: int) -> None:
    assert rounds is not None and len(rounds) == k
    assert sorted(g for r in rounds for g in r) == sorted(games)
    for r in rounds:
        players = [p for g in r for p in g]
        assert len(players) == len(set(players))


def edge_colourable(games: list[Game], k: int) -> bool:
    """By brute force: the games in *k* rounds, each a set of games without a shared player."""
    colour: dict[Game, int] = {}

    def place(i: int) -> bool:
        if i == len(games):
            return True
        a, b = games[i]
        for c in range(k):
            if all(colour[g] != c for g in games[:i] if set(g) & {a, b}):
                colour[games[i]] = c
                if place(i + 1):
                    return True
                del colour[games[i]]
        return False

    return place(0)


def test_a_full_round_robin_fits_and_the_schedule_plays_every_game_once() -> None:
    games = list(itertools.combinations(range(1, 11), 2))
    found = arrange(games, 9)
    assert found.verdict is Verdict.FITS
    assert_schedule(games, found.rounds, 9)


def test_two_groups_of_three_still_to_meet_in_two_rounds_do_not_fit() -> None:
    """Six players after three rounds of 1-3 against 4-6: each group of three must meet
    among itself, and no full round of six can be made of those games."""
    games = [(1, 2), (1, 3), (2, 3), (4, 5), (4, 6), (5, 6)]
    found = arrange(games, 2)
    assert found.verdict is Verdict.DOES_NOT_FIT
    assert found.stuck == tuple(games)
    assert found.nodes == 0  # two odd groups: refused before any round is tried


def test_the_petersen_graph_has_every_game_in_a_full_round_and_still_does_not_fit() -> None:
    found = arrange(petersen(), 3)
    assert found.verdict is Verdict.DOES_NOT_FIT
    assert found.stuck == ()  # each game alone fits a full round; all of them do not
    assert not edge_colourable(petersen(), 3)


def test_a_player_with_more_games_than_rounds_is_named() -> None:
    found = arrange([(1, 2), (1, 3), (1, 4), (2, 3)], 2)
    assert found.verdict is Verdict.DOES_NOT_FIT
    assert found.overloaded == ((1, 3),)


def test_no_rounds_left_with_games_left_does_not_fit() -> None:
    assert arrange([(1, 2)], 0).verdict is Verdict.DOES_NOT_FIT
    assert arrange([], 0).verdict is Verdict.FITS


def test_the_free_round_is_a_game_against_the_dummy() -> None:
    """Five players (the dummy 0): after round 1 of the Berger table, four rounds left."""
    played = {(1, 2), (3, 5)}  # and 4 had the free round
    games = [g for g in itertools.combinations(range(1, 6), 2) if g not in played]
    games += [(FREE, t) for t in (1, 2, 3, 5)]
    found = arrange(games, 4)
    assert found.verdict is Verdict.FITS
    assert_schedule(games, found.rounds, 4)
    for r in found.rounds or ():
        assert sum(1 for g in r if FREE in g) == 1


@pytest.mark.parametrize("seed", range(4))
def test_the_answer_is_brute_forces_on_small_fields(seed: int) -> None:
    """Against an exhaustive edge colouring: 250 random graphs of up to seven players, of
    any degree and any number of rounds."""
    rng = random.Random(seed)
    for _ in range(250):
        n = rng.randint(2, 7)
        density = rng.random()
        games = [g for g in itertools.combinations(range(1, n + 1), 2) if rng.random() < density]
        k = rng.randint(0, 5)
        found = arrange(games, k)
        assert found.fits is edge_colourable(games, k), (games, k)
        if found.rounds is not None:
            assert_schedule(games, found.rounds, k)


def test_the_smallest_odd_cut_is_brute_forces() -> None:
    rng = random.Random(11)
    for _ in range(150):
        n = rng.choice([2, 4, 6, 8, 10])
        games = [g for g in itertools.combinations(range(n), 2) if rng.random() < 0.5]
        adj = [0] * n
        for a, b in games:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        found = smallest_odd_cut(adj, (1 << n) - 1)
        assert found is not None
        brute = min(
            sum(1 for a, b in games if (a in s) != (b in s))
            for size in range(1, n, 2)
            for s in map(set, itertools.combinations(range(n), size))
        )
        value, side = found
        assert value == brute
        assert side.bit_count() % 2
        assert value == sum(1 for a, b in games if (side >> a & 1) != (side >> b & 1))


WORST = 2_000
"""The most nodes the worst cases below may take: a bound on work, not on time."""


@pytest.mark.parametrize(
    ("name", "games", "rounds", "verdict"),
    [
        (
            "24 players, nothing played",
            list(itertools.combinations(range(1, 25), 2)),
            23,
            Verdict.FITS,
        ),
        ("Petersen", petersen(), 3, Verdict.DOES_NOT_FIT),
        ("flower snark J3", flower_snark(3), 3, Verdict.DOES_NOT_FIT),
        ("flower snark J5, 20 players", flower_snark(5), 3, Verdict.DOES_NOT_FIT),
        (
            # Two groups of eleven, each missing one game inside, joined by two games:
            # every full round crosses between the groups an odd number of times, so ten
            # rounds would need ten games across. Without the odd-cut test the search tries
            # millions of rounds.
            "22 players, two groups joined by two games",
            [g for g in itertools.combinations(range(1, 12), 2) if g != (1, 2)]
            + [g for g in itertools.combinations(range(12, 23), 2) if g != (12, 13)]
            + [(1, 12), (2, 13)],
            10,
            Verdict.DOES_NOT_FIT,
        ),
    ],
)
def test_the_worst_cases_constructed_stay_within_a_bound_on_work(
    name: str, games: list[Game], rounds: int, verdict: Verdict
) -> None:
    found = arrange(games, rounds, budget=WORST)
    assert found.verdict is verdict, name
    assert found.nodes <= WORST, name


@pytest.mark.parametrize("players", [23, 24])
def test_a_withdrawal_in_a_round_robin_of_24_is_decided_within_the_bound(players: int) -> None:
    """The last player withdraws after r rounds of the Berger table: the others, an odd
    field, still fit (where the table gave them the withdrawn player, they sit out)."""
    schedule = round_robin_schedule(players)
    for done in (1, 6, 10, 15):
        met = {(min(g.white, g.black), max(g.white, g.black)) for r in schedule[:done] for g in r}
        active = range(1, players)
        games = [g for g in itertools.combinations(active, 2) if g not in met]
        found = arrange(games, len(schedule) - done, budget=WORST)
        assert found.verdict is Verdict.FITS, done
        assert found.nodes <= WORST


@pytest.mark.parametrize("players", [6, 9, 12, 17, 24])
def test_every_hand_round_after_berger_rounds_is_decided_within_the_bound(players: int) -> None:
    """Random fields: some rounds of a relabelled Berger table, then a round by hand (a
    random full round of games not played); the rest is decided within the bound."""
    rng = random.Random(players)
    size = players + players % 2
    schedule = round_robin_schedule(players)
    for _ in range(20):
        labels = list(range(1, size + 1))
        rng.shuffle(labels)
        done = rng.randint(0, size - 3)
        met = {
            tuple(sorted((labels[g.white - 1], labels[g.black - 1])))
            for r in schedule[:done]
            for g in r
        }
        left = [g for g in itertools.combinations(range(1, size + 1), 2) if g not in met]
        hand = _random_full_round(rng, left, size)
        if hand is None:
            continue
        rest = [g for g in left if g not in hand]
        if players % 2:
            rest = [(FREE, a) if b == size else (a, b) for a, b in rest]
        found = arrange(rest, size - 2 - done, budget=WORST)
        assert found.verdict is not Verdict.UNDECIDED
        assert found.nodes <= WORST
        if found.verdict is Verdict.FITS:
            assert_schedule(rest, found.rounds, size - 2 - done)


def _random_full_round(rng: random.Random, games: list[Game], size: int) -> set[Game] | None:
    allowed = set(games)
    for _ in range(100):
        order = list(range(1, size + 1))
        rng.shuffle(order)
        used: set[int] = set()
        chosen: set[Game] = set()
        for v in order:
            if v in used:
                continue
            options = [
                w for w in order if w not in used and w != v and (min(v, w), max(v, w)) in allowed
            ]
            if not options:
                break
            w = rng.choice(options)
            used |= {v, w}
            chosen.add((min(v, w), max(v, w)))
        if len(used) == size:
            return chosen
    return None


def _event(players: int, rounds: list[list[tuple[int, int]]], system: System) -> Event:
    entries: dict[int, list[RoundEntry]] = {t: [] for t in range(1, players + 1)}
    for boards in rounds:
        seen = set()
        for white, black in boards:
            entries[white].append(RoundEntry(EntryKind.GAME, black, Colour.WHITE, Outcome.DRAW))
            entries[black].append(RoundEntry(EntryKind.GAME, white, Colour.BLACK, Outcome.DRAW))
            seen |= {white, black}
        for t in entries:
            if t not in seen:
                entries[t].append(RoundEntry(EntryKind.NOT_PAIRED))
    return Event(
        system=system,
        players=tuple(Player(tpn=t, name=f"P{t}", rating=2000) for t in range(1, players + 1)),
        entries={t: tuple(e) for t, e in entries.items()},
    )


def test_the_cycle_rest_of_six_players_after_three_rounds_across_the_groups() -> None:
    event = _event(
        6,
        [[(1, 4), (2, 5), (3, 6)], [(5, 1), (6, 2), (4, 3)], [(1, 6), (2, 4), (3, 5)]],
        System.ROUND_ROBIN,
    )
    rest = cycle_rest(event, 3)
    assert (rest.cycle, rest.rounds_left) == (1, 2)
    assert rest.games == ((1, 2), (1, 3), (2, 3), (4, 5), (4, 6), (5, 6))
    assert arrange(rest.games, rest.rounds_left).verdict is Verdict.DOES_NOT_FIT


def test_a_double_round_robin_starts_its_second_cycle_afresh() -> None:
    rounds = [[(1, 4), (2, 3)], [(1, 3), (4, 2)], [(1, 2), (3, 4)], [(4, 1), (3, 2)]]
    rest = cycle_rest(_event(4, rounds, System.DOUBLE_ROUND_ROBIN), 4)
    assert (rest.cycle, rest.rounds_left) == (2, 2)
    assert rest.games == ((1, 2), (1, 3), (2, 4), (3, 4))


def test_an_odd_field_has_its_free_round_as_a_game_against_the_dummy() -> None:
    rest = cycle_rest(_event(5, [[(1, 5), (2, 4)]], System.ROUND_ROBIN), 1)
    assert rest.rounds_left == 4
    assert (FREE, 3) not in rest.games and (FREE, 1) in rest.games
