"""The Random Tournament Generator (FIDE C.02): a whole event, paired round by round.

A generated event is what a real one would be if every decision were drawn by
lot from one seed:

1. *players* players get ratings as :mod:`.ratings` says (drawn between 1000
   and 2700 unless given or parametrised) and pairing numbers in rating
   order (FIDE C.04.2: the initial ranking); the colour of the top player in
   round 1 is drawn (C.04.3 article 5.2.5);
2. the late entries are drawn before round 1: each joins the event in the round its
   quota names (round 2 or later), is numbered in rating order as a late entry is
   (C.04.2 articles 2.4 and 2.5: the players below it move one number on, which the
   Dutch system cannot tell from numbering it so at the start) and is not paired, with
   0 points, in the rounds before it joins;
3. before each round, the requested byes (half, full and zero point) of the
   round are drawn among the players present who have asked for none yet where
   possible;
4. the round is paired by Arbiter's engine: the FIDE Dutch system for a Swiss
   (with the Baku Acceleration when asked: C.04.5.1), the Berger tables for a
   round robin (C.05 Annex 1);
5. on the boards, the round's forfeits and unusual results (a double forfeit, ½-0,
   0-½, 0-0, or a game not rated because it lasted less than one move: TRF ``W D L``)
   are drawn, and every other game's result is drawn from the FIDE rating
   table (:mod:`.results` states the model).

Amounts are :class:`~.quotas.Quota` values. The generator uses its own
``random.Random`` seeded with the event's seed, so the same settings give the
same event; the seed is written into the file.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from fractions import Fraction

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.generator.quotas import Quota
from arbiter_app.core.generator.ratings import (
    LOWEST_RATING,
    RatingSpec,
    draw_ratings,
    rating_refusal,
)
from arbiter_app.core.generator.results import DEFAULT_DRAW_RATE, draw_result
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing.baku import baku_refusal, baku_virtual_points
from arbiter_app.core.pairing.berger import table_size
from arbiter_app.core.pairing.boards import RoundPairing, append_round
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
from arbiter_app.core.presets import PRESETS, parse_tiebreak_list
from arbiter_app.core.result import GameResult
from arbiter_app.core.tiebreaks.round_robin import refusal_for
from arbiter_app.core.words import count

DEFAULT_START = date(2026, 6, 1)

_TYPE = {
    System.SWISS: "Individual: Swiss-System",
    System.ROUND_ROBIN: "Individual: round robin",
    System.DOUBLE_ROUND_ROBIN: "Individual: double round robin",
}


class GeneratorError(ArbiterError):
    """Settings the generator cannot honour (the message says which and why)."""


@dataclass(frozen=True)
class GeneratorSettings:
    """What to generate. Quotas default to none; *tiebreaks* to the FIDE preset of the system."""

    players: int
    rounds: int
    seed: int
    system: System = System.SWISS
    half_byes: Quota = field(default_factory=Quota)
    zero_byes: Quota = field(default_factory=Quota)
    full_byes: Quota = field(default_factory=Quota)
    forfeits: Quota = field(default_factory=Quota)
    unusual: Quota = field(default_factory=Quota)
    late_entries: Quota = field(default_factory=Quota)
    """Players joining in each round from round 2 on (round 1's amount is ignored)."""
    baku: bool = False
    swap_last_two: bool = False
    """Double round robin: the last two rounds of the first cycle exchanged (C.05 Annex 1)."""
    tiebreaks: tuple[str, ...] | None = None
    ratings: RatingSpec = field(default_factory=RatingSpec)
    draw_rate: Fraction = DEFAULT_DRAW_RATE
    start_date: date = DEFAULT_START
    engine: str = "gacrux"
    """The Dutch engine pairing a Swiss round (:data:`~arbiter_app.core.pairing.swiss.ENGINES`)."""

    @property
    def byes(self) -> tuple[tuple[EntryKind, Quota], ...]:
        return (
            (EntryKind.HALF_BYE, self.half_byes),
            (EntryKind.FULL_BYE, self.full_byes),
            (EntryKind.ZERO_BYE, self.zero_byes),
        )


@dataclass(frozen=True)
class GeneratedEvent:
    """The generated event, the colour drawn for round 1 and the announced tie-break list."""

    event: Event
    initial_colour: Colour
    tiebreaks: tuple[str, ...]
    settings: GeneratorSettings


def round_robin_rounds(players: int, system: System) -> int:
    """Rounds of a (double) round robin of *players* (C.05 Annex 1: one cycle, n − 1 or n)."""
    cycle = table_size(players) - 1
    return 2 * cycle if system is System.DOUBLE_ROUND_ROBIN else cycle


def check_settings(settings: GeneratorSettings) -> tuple[str, ...]:
    """The tie-break list the event announces; raises :class:`GeneratorError` for bad settings."""
    s = settings
    if s.system not in _TYPE:
        raise GeneratorError(f"the generator makes Swiss events and round robins, not {s.system}")
    if s.players < 2:
        raise GeneratorError("a tournament needs at least two players")
    if s.rounds < 1:
        raise GeneratorError("a tournament needs at least one round")
    reason = rating_refusal(s.ratings, s.players)
    if reason:
        raise GeneratorError(reason)
    if not 0 <= s.draw_rate <= 1:
        raise GeneratorError("the draw rate is between 0 % and 100 %")
    if s.system.is_round_robin:
        needed = round_robin_rounds(s.players, s.system)
        if s.rounds != needed:
            raise GeneratorError(
                f"a {s.system.value} of {count(s.players, 'player')} has "
                f"{count(needed, 'round')}, not {s.rounds} (C.05 Annex 1)"
            )
        if any(not quota.is_zero for _, quota in s.byes):
            raise GeneratorError(
                "requested byes are for Swiss events: in a round robin everybody meets "
                "everybody (C.05 Annex 1); use --forfeits for games not played"
            )
    elif s.rounds >= s.players:
        raise GeneratorError(
            f"{count(s.players, 'player')} cannot play {count(s.rounds, 'Swiss round')} "
            "without meeting twice "
            "(C.04.1 b); give fewer rounds"
        )
    if not s.late_entries.is_zero and s.system.is_round_robin:
        raise GeneratorError(
            "a round robin's schedule is fixed by its pairing table once round 1 is paired "
            "(C.05 Annex 1): nobody can join it late"
        )
    if s.swap_last_two and s.system is not System.DOUBLE_ROUND_ROBIN:
        raise GeneratorError(
            "exchanging the last two rounds of the first cycle is for a double round robin "
            "(C.05 Annex 1)"
        )
    if s.baku:
        probe = Event(system=s.system, planned_rounds=s.rounds)
        reason = baku_refusal(probe)
        if reason:
            raise GeneratorError(reason)
    codes: Sequence[str] = (
        s.tiebreaks
        if s.tiebreaks is not None
        else PRESETS["fide-round-robin" if s.system.is_round_robin else "fide-swiss"].tiebreaks
    )
    try:
        codes = parse_tiebreak_list(list(codes))
    except ArbiterError as exc:
        raise GeneratorError(str(exc)) from exc
    reason = refusal_for(s.system, codes)
    if reason:
        raise GeneratorError(reason)
    return tuple(codes)


def generate(settings: GeneratorSettings) -> GeneratedEvent:
    """Play the whole event as :mod:`this module <.tournament>` describes."""
    codes = check_settings(settings)
    rng = random.Random(settings.seed)
    event = _new_event(rng, settings)
    colour = Colour.WHITE if rng.randrange(2) == 0 else Colour.BLACK
    options = SwissOptions(initial_colour=colour, engine=settings.engine)
    joins = _draw_late_entries(rng, settings)
    for round_no in range(1, settings.rounds + 1):
        absent = frozenset(t for t, joined in joins.items() if joined > round_no)
        event = _draw_byes(rng, event, round_no, settings, absent)
        if round_no == 1 and settings.baku:
            event = replace(event, accelerations=baku_virtual_points(event))
        try:
            pairing = pair_round(
                event,
                round_no,
                replace(options, absent=absent),
                swap_last_two=settings.swap_last_two,
            )
        except RuleError as exc:
            raise GeneratorError(
                f"seed {settings.seed}: round {round_no} cannot be paired: {exc}"
            ) from exc
        event = _play(rng, event, pairing, settings)
    event = replace(event, bye_requests=())  # all in the past: the rounds show them
    return GeneratedEvent(event, colour, codes, settings)


def _new_event(rng: random.Random, settings: GeneratorSettings) -> Event:
    ratings = draw_ratings(rng, settings.players, settings.ratings)
    width = len(str(settings.players))
    players = tuple(
        Player(tpn, f"Player {tpn:0{width}d}", rating)
        for tpn, rating in enumerate(ratings, start=1)
    )
    start = settings.start_date
    info = EventInfo(
        name=f"Random tournament, seed {settings.seed}",
        city="Generated",
        federation="FID",
        start_date=start,
        end_date=start + timedelta(days=settings.rounds - 1),
        tournament_type=_TYPE[settings.system],
        chief_arbiter="Random Tournament Generator",
    )
    return Event(
        info=info,
        system=settings.system,
        planned_rounds=settings.rounds,
        players=players,
        entries={p.tpn: () for p in players},
    )


def _draw_late_entries(rng: random.Random, settings: GeneratorSettings) -> dict[int, int]:
    """The round each late entry joins in, by pairing number; two players start the event."""
    joins: dict[int, int] = {}
    for round_no in range(2, settings.rounds + 1):
        pool = [t for t in range(1, settings.players + 1) if t not in joins]
        wanted = min(settings.late_entries.count(round_no, settings.players), len(pool) - 2)
        if wanted > 0:
            joins.update((t, round_no) for t in rng.sample(pool, wanted))
    return joins


def _draw_byes(
    rng: random.Random,
    event: Event,
    round_no: int,
    settings: GeneratorSettings,
    absent: frozenset[int] = frozenset(),
) -> Event:
    """The requested byes of *round_no*: fresh players first, at least two left to pair;
    a player who has not joined yet (*absent*) asks for none."""
    free = [p.tpn for p in event.players if p.tpn not in absent]
    asked = {r.tpn for r in event.bye_requests}
    requests = list(event.bye_requests)
    for kind, quota in settings.byes:
        wanted = min(quota.count(round_no, len(event.players)), max(len(free) - 2, 0))
        if not wanted:
            continue
        fresh = [t for t in free if t not in asked]
        pool = fresh if len(fresh) >= wanted else free
        for tpn in sorted(rng.sample(pool, wanted)):
            requests.append(ByeRequest(tpn, round_no, kind))
            free.remove(tpn)
            asked.add(tpn)
    return replace(event, bye_requests=tuple(requests))


def _play(
    rng: random.Random, event: Event, pairing: RoundPairing, settings: GeneratorSettings
) -> Event:
    """Results of every board of *pairing*: forfeits, unusual results, then the games."""
    round_no = pairing.round
    boards = list(pairing.boards)
    forfeits = set(rng.sample(boards, settings.forfeits.count(round_no, len(boards))))
    rest = [b for b in boards if b not in forfeits]
    # A board forfeited cannot also be unusual: the amount is of the boards, at most the rest.
    unusual = set(rng.sample(rest, min(settings.unusual.count(round_no, len(boards)), len(rest))))
    ratings = {p.tpn: p.rating or LOWEST_RATING for p in event.players}
    results: dict[int, GameResult] = {}
    unrated: list[int] = []
    for board in boards:
        if board in forfeits:
            results[board.number] = rng.choice(
                (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
            )
            continue
        outcome = draw_result(rng, ratings[board.white], ratings[board.black], settings.draw_rate)
        kind = rng.randrange(len(_UNUSUAL) + 1) if board in unusual else None
        if kind is not None and kind < len(_UNUSUAL):
            # A double forfeit, ½-0, 0-½ or 0-0 (Laws of Chess 12.9; checklist Q24, Q180).
            results[board.number] = _UNUSUAL[kind]
            continue
        if kind is not None:
            unrated += board.players  # played, but under one move: not rated (TRF W D L)
        results[board.number] = outcome
    played = append_round(event, pairing, results)
    if not unrated:
        return played
    entries = dict(played.entries)
    for tpn in unrated:
        row = entries[tpn]
        entries[tpn] = (*row[:-1], replace(row[-1], rated=False))
    return played.with_entries(entries)


_UNUSUAL = (
    GameResult.DOUBLE_FORFEIT,
    GameResult.WHITE_HALF,
    GameResult.BLACK_HALF,
    GameResult.BOTH_LOSE,
)
"""The unusual results a board gets besides a game not rated."""


def is_unusual(entry: RoundEntry, other: RoundEntry) -> bool:
    """A double forfeit, a game not rated, or ½-0, 0-½, 0-0: what the generator counts as
    unusual."""
    if entry.kind is EntryKind.FORFEIT_LOSS and other.kind is EntryKind.FORFEIT_LOSS:
        return True
    if entry.kind is not EntryKind.GAME:
        return False
    return not entry.rated or other.outcome is not (entry.outcome and entry.outcome.opposite)
