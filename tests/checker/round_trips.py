"""Generator → checker round trips: generated events checked by Arbiter's checker and gacrux's.

Each event is made by the Random Tournament Generator from a settings
drawn by its index (8-200 players, Swiss events with half-, zero- and
full-point byes, forfeits and unusual results, the Baku Acceleration on about
a third of them, and some single and double round robins), written as TRF,
read back, and checked twice: by ``arbiter-app check``'s core
(:func:`~arbiter_app.core.checker.check_document`) and by FIDE's reference
pairing checker (gacrux's ``pairingchecker``). Both must find every round
correct. A broken copy of some events (two players exchanged, colours
flipped, two ranks exchanged) must be reported by both, in the broken round.

The test suite runs a small subset (:data:`QUICK`); the full run is a command::

    python -m tests.checker.round_trips --events 200

which prints one line per event and the figures: events, players, rounds,
how often the two checkers agree, and how many broken copies (of every tenth
event) both report in the broken round.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arbiter_app.core.checker import CheckReport, Kind, check_document
from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.quotas import parse_quota
from arbiter_app.core.generator.tournament import (
    GeneratorSettings,
    generate,
    round_robin_rounds,
)
from arbiter_app.core.model import System
from arbiter_app.core.trf import TrfVersion, parse_trf, write_trf
from tests.checker import broken
from tests.support.gacrux_checker import gacrux_check

QUICK = (1, 2, 5, 8, 9, 10, 11, 15, 21, 22, 27, 31)
"""Indices of the events the default test run checks (small ones; Swiss, Baku, round robins)."""

QUICK_MAX_PLAYERS = 24


def settings_for(index: int, max_players: int = 200) -> GeneratorSettings:
    """The generator settings of event *index* (the same index always gives the same event)."""
    rng = random.Random(9_000 + index)
    kind = rng.random()
    if kind < 0.08:
        players = rng.randint(4, 14)
        return GeneratorSettings(
            players, round_robin_rounds(players, System.ROUND_ROBIN), index, System.ROUND_ROBIN,
            forfeits=parse_quota(rng.choice(("0", "1", "r2:1"))),
        )  # fmt: skip
    if kind < 0.12:
        players = rng.randint(4, 10)
        return GeneratorSettings(
            players, round_robin_rounds(players, System.DOUBLE_ROUND_ROBIN), index,
            System.DOUBLE_ROUND_ROBIN, forfeits=parse_quota("1"), swap_last_two=rng.random() < 0.5,
        )  # fmt: skip
    players = min(max_players, int(8 * (200 / 8) ** rng.random()))
    rounds = rng.randint(min(5, players // 2), min(11, players // 2 + 1))
    return GeneratorSettings(
        players,
        rounds,
        index,
        half_byes=parse_quota(rng.choice(("0", "1", "2%", "3%,r1:0"))),
        zero_byes=parse_quota(rng.choice(("0", "1", "1%"))),
        full_byes=parse_quota(rng.choice(("0", "r2:1", "r3:1"))),
        forfeits=parse_quota(rng.choice(("0", "1", "2%"))),
        unusual=parse_quota(rng.choice(("0", "r3:1", "1"))),
        baku=players >= 12 and rng.random() < 0.35,
    )


@dataclass(frozen=True)
class RoundTrip:
    """One generated event and both checkers' verdicts."""

    index: int
    settings: GeneratorSettings
    text: str
    ours: CheckReport
    gacrux_rounds: tuple[int, ...]
    """Rounds gacrux's checker finds wrong (empty: it agrees with the file)."""
    seconds: float

    @property
    def ours_clean(self) -> bool:
        return self.ours.agrees

    @property
    def gacrux_clean(self) -> bool:
        return not self.gacrux_rounds


def gacrux_wrong_rounds(text: str, system: System) -> tuple[int, ...]:
    results = gacrux_check(text, round_robin=system.is_round_robin)
    return tuple(r.round for r in results if not r.agrees)


def round_trip(index: int, max_players: int = 200) -> RoundTrip:
    start = time.perf_counter()
    settings = settings_for(index, max_players)
    version = TrfVersion.TRF16 if index % 4 == 3 else TrfVersion.TRF26
    text = generated_trf(generate(settings), version)
    ours = check_document(parse_trf(text, f"event {index}"), source=f"event {index}")
    theirs = gacrux_wrong_rounds(text, settings.system)
    return RoundTrip(index, settings, text, ours, theirs, time.perf_counter() - start)


@dataclass(frozen=True)
class Broken:
    """A broken copy: what was broken, in which round, and what each checker said."""

    what: str
    round: int | None
    ours: CheckReport
    gacrux_rounds: tuple[int, ...]


def broken_copies(trip: RoundTrip, rng: random.Random) -> list[Broken]:
    """Three broken copies of *trip*'s file (pairing, colours, ranks), each checked by both."""
    doc = parse_trf(trip.text)
    rounds = trip.ours.rounds
    system = trip.settings.system
    out = []
    candidates = [r for r in range(1, rounds + 1) if len(broken._games(doc.event, r)) >= 2]
    if candidates and not system.is_round_robin:
        r = rng.choice(candidates)
        copy = broken.swap_players(doc, r, rng)
        out.append(_check_copy("two players exchanged", r, copy, system))
    if candidates:
        r = rng.choice(candidates)
        copy = broken.flip_colours(doc, r, rng)
        out.append(_check_copy("colours flipped", r, copy, system))
    if len(set(doc.ranks.values())) >= 2:
        copy, _ = broken.swap_ranks(doc, rng)
        out.append(_check_copy("two ranks exchanged", None, copy, system))
    return out


def _check_copy(what: str, round_no: int | None, doc: object, system: System) -> Broken:
    from arbiter_app.core.trf.document import TrfDocument

    assert isinstance(doc, TrfDocument)
    text = write_trf(doc)
    ours = check_document(parse_trf(text), source=what)
    theirs = gacrux_wrong_rounds(text, system) if round_no is not None else ()
    return Broken(what, round_no, ours, theirs)


def first_round_reported(report: CheckReport) -> int | None:
    rounds = [f.round for f in report.findings if f.round is not None]
    return min(rounds) if rounds else None


def standings_reported(report: CheckReport) -> bool:
    return any(f.kind is Kind.STANDINGS for f in report.findings)


def run(
    indices: Iterable[int], max_players: int, broken_every: int = 0, out: object = sys.stdout
) -> int:
    """Check the events *indices*; print a line each and the figures. 0 when all agree.

    With *broken_every* = k, every k-th event also gets its broken copies, each of
    which both checkers must report in the broken round (the ranks: ours).
    """
    write = getattr(out, "write")  # noqa: B009 - a text stream
    events = players = rounds = both = ours_only = gacrux_only = neither = 0
    copies = caught = 0
    baku = robins = 0
    largest = 0
    spent = 0.0
    for index in indices:
        trip = round_trip(index, max_players)
        s = trip.settings
        events += 1
        players += s.players
        rounds += s.rounds
        largest = max(largest, s.players)
        baku += s.baku
        robins += s.system.is_round_robin
        spent += trip.seconds
        if trip.ours_clean and trip.gacrux_clean:
            both += 1
        elif trip.ours_clean:
            ours_only += 1
        elif trip.gacrux_clean:
            gacrux_only += 1
        else:
            neither += 1
        flag = "ok" if trip.ours_clean and trip.gacrux_clean else "DIFFERS"
        write(
            f"{index:4d} {s.system.value:<18} {s.players:4d} players {s.rounds:3d} rounds"
            f"{' baku' if s.baku else '     '}  ours: {'clean' if trip.ours_clean else 'findings'}"
            f"  gacrux: {'clean' if trip.gacrux_clean else trip.gacrux_rounds}"
            f"  {trip.seconds:6.1f} s  {flag}\n"
        )
        for finding in trip.ours.findings[:5]:
            write(f"       {finding.message}\n")
        if broken_every and index % broken_every == 0:
            for copy in broken_copies(trip, random.Random(index)):
                copies += 1
                ours_ok = (
                    standings_reported(copy.ours)
                    if copy.round is None
                    else first_round_reported(copy.ours) == copy.round
                )
                theirs_ok = copy.round is None or (
                    bool(copy.gacrux_rounds) and min(copy.gacrux_rounds) == copy.round
                )
                caught += ours_ok and theirs_ok
                where = "the ranks" if copy.round is None else f"round {copy.round}"
                verdict = "reported" if ours_ok and theirs_ok else "MISSED"
                write(f"       broken copy ({copy.what}, {where}): {verdict}\n")
    write(
        f"\n{events} events ({robins} round robin{'s' if robins != 1 else ''}, {baku} with the "
        "Baku Acceleration), "
        f"{players} players in all (largest {largest}), {rounds} rounds, {spent:.0f} s\n"
        f"both checkers clean: {both}; only ours clean: {ours_only}; only gacrux clean: "
        f"{gacrux_only}; neither: {neither}\n"
    )
    if copies:
        write(f"broken copies reported in their round: {caught} of {copies}\n")
    return 0 if both == events and caught == copies else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=200, help="how many events (default 200)")
    parser.add_argument("--first", type=int, default=0, help="index of the first event")
    parser.add_argument("--max-players", type=int, default=200)
    parser.add_argument(
        "--broken-every",
        type=int,
        default=10,
        metavar="K",
        help="check broken copies of every K-th event (0: none; default 10)",
    )
    args = parser.parse_args(argv)
    return run(range(args.first, args.first + args.events), args.max_players, args.broken_every)


if __name__ == "__main__":
    sys.exit(main())
