"""Values for the generator's parameters left unset, drawn from the event's seed.

FIDE's checklist (C.02) asks that a Random Tournament Generator give every
parameter the user leaves unset a sensible random value (checklist Q25), over
the parameters it must let the user set (Q24: players, rounds, each kind of
bye, forfeits, odd results, the Baku Acceleration, the tie-break list) and
the ratings (Q27-Q29). A :class:`GeneratorRequest` holds what the user gave
(None for unset); :func:`resolve` makes it whole settings:

- every unset parameter is drawn from a generator of its own, seeded with
  the event's seed and the parameter's name: the same seed always draws the
  same values, and giving one value does not change the others' draws;
- the values drawn are modest, as an arbiter would see them: 8-64 players in
  a Swiss, at least twice its rounds when they are given (3-16 in a round
  robin, 3-10 in a double one); 3-11 rounds, never
  more than half the players; each kind of requested bye, the forfeits and
  the odd results off half of the time, otherwise a few per cent of every
  round (one a round in a field too small for a share), or one or two in a
  single round; the Baku Acceleration in a third of
  the Swiss events of 12 players or more; one to four tie-breaks among the
  FIDE tie-breaks a picker offers for the system (C.07); ratings in a range
  drawn between 1000 and 2800, or a ladder of gaps, with up to 10 % of
  unrated players a quarter of the time;
- a round robin has no requested byes (C.05 Annex 1) and no acceleration,
  and its rounds are its schedule's.

Giving back every value the resolution shows makes the same file (the
settings are then complete and nothing is drawn).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from arbiter_app.core.generator.quotas import NONE, Amount, Quota
from arbiter_app.core.generator.ratings import LOWEST_RATING, RatingSpec
from arbiter_app.core.generator.results import DEFAULT_DRAW_RATE
from arbiter_app.core.generator.tournament import (
    GeneratorError,
    GeneratorSettings,
    round_robin_rounds,
)
from arbiter_app.core.model import System
from arbiter_app.core.tiebreaks.round_robin import choices

SWISS_PLAYERS = (8, 64)
ROUND_ROBIN_PLAYERS = (3, 16)
DOUBLE_ROUND_ROBIN_PLAYERS = (3, 10)
MOST_ROUNDS = 11
BAKU_LEAST_PLAYERS = 12

_MOST_PERCENT = {
    "half_byes": 5,
    "full_byes": 2,
    "zero_byes": 3,
    "forfeits": 5,
    "unusual": 3,
}
"""The largest share of a round, in per cent, that a drawn amount asks for."""

PARAMETERS = (
    "players",
    "rounds",
    "half_byes",
    "full_byes",
    "zero_byes",
    "forfeits",
    "unusual",
    "baku",
    "tiebreaks",
    "ratings",
)
"""The parameters a request may leave unset, in the order they are drawn and reported."""


@dataclass(frozen=True)
class GeneratorRequest:
    """What the user asked for; None is a parameter left unset."""

    seed: int
    system: System = System.SWISS
    players: int | None = None
    rounds: int | None = None
    half_byes: Quota | None = None
    full_byes: Quota | None = None
    zero_byes: Quota | None = None
    forfeits: Quota | None = None
    unusual: Quota | None = None
    baku: bool | None = None
    tiebreaks: tuple[str, ...] | None = None
    ratings: RatingSpec | None = None
    swap_last_two: bool = False
    draw_rate: Fraction = DEFAULT_DRAW_RATE

    @property
    def unset(self) -> tuple[str, ...]:
        return tuple(name for name in PARAMETERS if getattr(self, name) is None)


@dataclass(frozen=True)
class Resolution:
    """The settings to generate, and which of their values were drawn."""

    settings: GeneratorSettings
    drawn: tuple[str, ...]


def resolve(request: GeneratorRequest, *, draw: bool = True) -> Resolution:
    """Whole settings from *request*: unset values drawn (see the module), or, with
    *draw* false, the fixed defaults (none of each amount, no acceleration, the
    system's FIDE preset, ratings between 1000 and 2700; players must be given,
    and the rounds of a Swiss). Ratings given one by one give the number of
    players when it is unset."""
    r = request
    if r.players is None and r.ratings is not None and r.ratings.given:
        r = replace(r, players=len(r.ratings.given))  # one player per rating given
    if not draw:
        return Resolution(_fixed(r), ())
    rr = r.system.is_round_robin
    if r.players is not None:
        players = r.players
    else:
        players = _players(_rng(r, "players"), r.system, None if rr else r.rounds)
    if r.rounds is not None:
        rounds = r.rounds
    elif rr:
        rounds = round_robin_rounds(max(players, 2), r.system)
    else:
        rounds = _rounds(_rng(r, "rounds"), players)
    quotas: dict[str, Quota] = {}
    for name, most in _MOST_PERCENT.items():
        given: Quota | None = getattr(r, name)
        if given is not None:
            quotas[name] = given
        elif rr and name.endswith("_byes"):
            quotas[name] = Quota()  # a round robin has no requested byes (C.05 Annex 1)
        else:
            quotas[name] = _quota(_rng(r, name), rounds, players, most)
    if r.baku is not None:
        baku = r.baku
    else:
        chance = _rng(r, "baku").random()
        baku = not rr and players >= BAKU_LEAST_PLAYERS and chance < 1 / 3
    tiebreaks = r.tiebreaks if r.tiebreaks is not None else _tiebreaks(_rng(r, "tiebreaks"), r)
    ratings = r.ratings if r.ratings is not None else _ratings(_rng(r, "ratings"), players)
    settings = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=r.seed,
        system=r.system,
        half_byes=quotas["half_byes"],
        full_byes=quotas["full_byes"],
        zero_byes=quotas["zero_byes"],
        forfeits=quotas["forfeits"],
        unusual=quotas["unusual"],
        baku=baku,
        swap_last_two=r.swap_last_two,
        tiebreaks=tiebreaks,
        ratings=ratings,
        draw_rate=r.draw_rate,
    )
    fixed_by_system = {"rounds", "half_byes", "full_byes", "zero_byes", "baku"} if rr else set()
    return Resolution(settings, tuple(n for n in r.unset if n not in fixed_by_system))


def _fixed(r: GeneratorRequest) -> GeneratorSettings:
    if r.players is None:
        raise GeneratorError("give the number of players, or let the generator draw it")
    rounds = r.rounds
    if rounds is None:
        if not r.system.is_round_robin:
            raise GeneratorError(
                "give the number of rounds of a Swiss, or let the generator draw it"
            )
        rounds = round_robin_rounds(max(r.players, 2), r.system)
    given = {
        f.name: getattr(r, f.name)
        for f in fields(r)
        if f.name not in ("players", "rounds") and getattr(r, f.name) is not None
    }
    return GeneratorSettings(players=r.players, rounds=rounds, **given)


def _rng(request: GeneratorRequest, name: str) -> random.Random:
    # A string seeds the same sequence on every machine (hashed with SHA-512).
    return random.Random(f"seed {request.seed}, {name}")


def _players(rng: random.Random, system: System, rounds: int | None) -> int:
    """The number of players; for the Swiss rounds given, at least twice as many players
    (the rounds drawn are never more than half the players either)."""
    low, high = {
        System.ROUND_ROBIN: ROUND_ROBIN_PLAYERS,
        System.DOUBLE_ROUND_ROBIN: DOUBLE_ROUND_ROBIN_PLAYERS,
    }.get(system, SWISS_PLAYERS)
    if rounds is not None:
        low = max(low, 2 * rounds)
        high = max(high, low)
    return rng.randint(low, high)


def _rounds(rng: random.Random, players: int) -> int:
    """3 to 11 rounds, never more than half the players (so that the Dutch system can pair
    every round, C.04.1 b: no two players meet twice)."""
    most = min(MOST_ROUNDS, max(1, players // 2))
    return rng.randint(min(3, most), most)


def _quota(rng: random.Random, rounds: int, players: int, most_percent: int) -> Quota:
    form = rng.randrange(4)
    if form < 2:
        return Quota()
    if form == 2:
        if players * most_percent < 200:
            return Quota(Amount(Fraction(1), False))  # a share would round to none
        return Quota(Amount(Fraction(rng.randint(1, most_percent)), True))
    round_no = rng.randint(1, rounds)
    return Quota(NONE, {round_no: Amount(Fraction(rng.randint(1, 2)), False)})


def _tiebreaks(rng: random.Random, request: GeneratorRequest) -> tuple[str, ...]:
    """One to four distinct FIDE tie-breaks the system may use (C.07; a round robin none of
    the Buchholz family)."""
    pool = choices(request.system)
    return tuple(rng.sample(pool, rng.randint(1, 4)))


def _ratings(rng: random.Random, players: int) -> RatingSpec:
    unrated = Amount(Fraction(rng.randint(1, 10)), True) if rng.random() < 1 / 4 else NONE
    if rng.randrange(3) < 2:
        low = rng.randrange(LOWEST_RATING, 2001, 50)
        high = rng.randrange(low + 200, 2801, 50)
        return RatingSpec(low=low, high=high, unrated=unrated)
    high = rng.randrange(2000, 2801, 50)
    largest = rng.randint(0, 40)
    room = (high - LOWEST_RATING) // max(players - 1, 1)  # the ladder stays above 1000
    largest = min(largest, room)
    least = rng.randint(0, largest)
    return RatingSpec(high=high, gap=(least, largest), unrated=unrated)
