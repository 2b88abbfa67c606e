"""A campaign: Arbiter's own Dutch engine against gacrux on random tournaments, every round.

Run ``python -m tests.support.dutch_campaign FIRST COUNT [SMALLEST LARGEST] [--jobs N]``
from the repository root: tournaments FIRST … FIRST+COUNT−1. The seed decides the size
(uniform between SMALLEST and LARGEST players, 8-200 unless given), the rounds (3-11), and
the irregularities:

- requested byes (half, full and zero point), forfeits and unusual results (double
  forfeits, ½-0, 0-½, 0-0, games not rated), by the seed's remainder modulo 4;
- the Baku Acceleration (C.04.5.1), likewise;
- late entries (C.04.2 articles 2.4-2.5) in half the tournaments, drawn apart;
- by the seed's quotient by 4 modulo 8, the scoring both engines pair by: the standard
  points in half the tournaments, else 3/1/0, a pairing-allocated bye worth a draw or
  nothing (the 2025 Dutch rules' PAB values), or 3/1/0 with the bye worth nothing;
- by the seed's quotient by 32 modulo 4, forbidden pairs (TRF-26 record 260) in one
  tournament in four: a pair and a group of three players drawn from the field.

The scoring and the forbidden pairs are laid on the generated event before its rounds are
paired again (its rounds were made under the standard points, without them): both engines
pair the same history under them. A round that neither engine can pair (C.04.3 article
1.9.3, the forbidden pairs leaving no legal pairing) counts as such; one that only one of
them pairs differs.

Each tournament is generated with its rounds paired by Arbiter's engine (it is the cheaper
of the two); then every round is paired again by both engines on the same input, and the
two pairings are compared board for board and colour for colour, with the bye. A round
the own engine cannot certify counts as refused. Where the events' rounds come from does
not matter: both engines pair the same history.

It prints one line per disagreement or refusal, a progress line every 100 tournaments (in
the seeds' order: "after N" covers seeds FIRST … FIRST+N−1, so a run stopped there resumes at
FIRST+N) and
a summary with the engine's fingerprint (a hash of its source), so that campaigns run in
parts can be shown to be of one engine; the exit status is 1 when some round differs.
``--explain`` pairs every round a third time with the explanation asked for and counts a
round whose pairing changes as differing (explaining never changes a pairing).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

from arbiter_app.core.generator.quotas import parse_quota
from arbiter_app.core.generator.tournament import GeneratorError, GeneratorSettings, generate
from arbiter_app.core.model import EntryKind, Event
from arbiter_app.core.pairing.boards import PairingError
from arbiter_app.core.pairing.dutch import build_tournament, run_engine
from arbiter_app.core.pairing.dutch_engine import NotCertified, pair_tournament
from arbiter_app.core.points import STANDARD, PointSystem, parse_point_system, with_pab_value

_PAIRED = {EntryKind.GAME, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.PAIRING_BYE}
_LATE = "r2:4%,r3:3%,r4:2%,r5:1%"
"""Late entries of a tournament that has them: a share of the field joins in rounds 2-5."""


def settings(seed: int, smallest: int, largest: int) -> GeneratorSettings:
    """The tournament of *seed*: size, rounds and the kinds of irregularity it has."""
    rng = random.Random(seed)
    players = rng.randint(smallest, largest)
    rounds = rng.randint(3, min(11, players - 1))
    late = rng.random() < 0.5
    kind = seed % 4
    extra: dict[str, object] = {}
    if kind in (1, 3):
        extra.update(
            half_byes=parse_quota("2%"), forfeits=parse_quota("3%"), unusual=parse_quota("2%")
        )
    if kind in (2, 3) and rounds >= 5 and players >= 12:
        extra["baku"] = True
    if kind == 3:
        extra.update(full_byes=parse_quota("1%"), zero_byes=parse_quota("1%"))
    if late:
        extra["late_entries"] = parse_quota(_LATE)
    return GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=seed,
        engine="own",
        **extra,  # type: ignore[arg-type]
    )


SCORING: dict[str, PointSystem] = {
    "3/1/0": parse_point_system("3,1,0"),
    "a bye worth a draw": with_pab_value(STANDARD, "draw"),
    "a bye worth nothing": with_pab_value(STANDARD, "zero"),
    "3/1/0 with a bye worth nothing": with_pab_value(parse_point_system("3,1,0"), "zero"),
}
"""The scorings other than the standard points, in the order of the seed's quotient by 4
modulo 8 (4-7; 0-3 keep the standard points)."""


def variant(seed: int, event: Event) -> tuple[Event, list[str]]:
    """*event* under the scoring and forbidden pairs of *seed*, and what they are."""
    said: list[str] = []
    choice = (seed // 4) % 8
    if choice >= 4:
        name = list(SCORING)[choice - 4]
        event = replace(event, point_system=SCORING[name])
        said.append(f"tournaments scored {name}")
    if (seed // 32) % 4 == 0 and len(event.players) >= 8:
        rng = random.Random(f"forbidden {seed}")
        drawn = rng.sample([p.tpn for p in event.players], 5)
        groups = (frozenset(drawn[:2]), frozenset(drawn[2:]))
        event = replace(event, forbidden_pairs=groups)
        said.append("tournaments with forbidden pairs")
    return event, said


def fingerprint() -> str:
    """A hash of the own engine's source and of the input both engines are given."""
    pairing = Path(__file__).resolve().parents[2] / "arbiter_app" / "core" / "pairing"
    digest = hashlib.sha256()
    for path in sorted([*(pairing / "dutch_engine").glob("*.py"), pairing / "dutch.py"]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def check_tournament(job: tuple[int, int, int, bool]) -> tuple[Counter[str], list[str]]:
    """Generate the tournament of one seed and compare both engines on each of its rounds."""
    seed, smallest, largest, explain = job
    tally: Counter[str] = Counter()
    lines: list[str] = []
    try:
        generated = generate(settings(seed, smallest, largest))
    except GeneratorError as exc:
        tally["tournaments the generator could not finish"] += 1
        return tally, [f"seed {seed}: not generated: {exc}"]
    tally["tournaments"] += 1
    event, said = variant(seed, generated.event)
    tally.update(said)
    late = sum(1 for p in event.players if event.entry(p.tpn, 1).kind is EntryKind.NOT_PAIRED)
    tally["late entries"] += late
    tally["tournaments with the Baku Acceleration"] += generated.settings.baku
    for rnd in range(1, event.planned_rounds + 1):
        out = [p.tpn for p in event.players if event.entry(p.tpn, rnd).kind not in _PAIRED]
        tournament, tpn_of = build_tournament(event, rnd, out, generated.initial_colour)
        try:
            reference = run_engine(tournament, rnd, tpn_of)
        except PairingError as exc:
            reference, unpairable = None, exc
        try:
            ours = pair_tournament(tournament, rnd, tpn_of)
        except NotCertified as exc:
            if reference is None and "steps" not in str(exc):  # a legal pairing, not a budget
                tally["rounds neither engine can pair"] += 1
                lines.append(
                    f"seed {seed} round {rnd} ({len(event.players)} players): neither engine "
                    f"can pair it (gacrux: {unpairable}; own: {exc})"
                )
                continue
            tally["rounds refused"] += 1
            lines.append(f"seed {seed} round {rnd} ({len(event.players)} players): refused: {exc}")
            continue
        if reference is None:
            tally["rounds differing"] += 1
            lines.append(
                f"seed {seed} round {rnd} ({len(event.players)} players): differs: only the "
                f"own engine pairs it (gacrux: {unpairable})"
            )
            continue
        if explain:
            told = pair_tournament(tournament, rnd, tpn_of, explain=True)
            if (told.boards, told.pairing_bye) != (ours.boards, ours.pairing_bye):
                tally["rounds differing"] += 1
                lines.append(f"seed {seed} round {rnd}: explaining changed the pairing")
                continue
            tally["rounds explained"] += 1
        if ours == reference:
            tally["rounds equal"] += 1
        else:
            tally["rounds differing"] += 1
            lines.append(
                f"seed {seed} round {rnd} ({len(event.players)} players): differs\n"
                f"  gacrux {reference.boards} bye {reference.pairing_bye}\n"
                f"  own    {ours.boards} bye {ours.pairing_bye}"
            )
    return tally, lines


def _jobs(args: argparse.Namespace) -> Iterator[tuple[int, int, int, bool]]:
    for seed in range(args.first, args.first + args.count):
        yield seed, args.smallest, args.largest, args.explain


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="dutch_campaign", description=__doc__)
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("smallest", type=int, nargs="?", default=8)
    parser.add_argument("largest", type=int, nargs="?", default=200)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--explain", action="store_true")
    args = parser.parse_args(argv)
    tally: Counter[str] = Counter()
    started = time.monotonic()
    print(f"engine {fingerprint()}: seeds {args.first}-{args.first + args.count - 1}", flush=True)
    with Pool(args.jobs) as pool:
        for done, (counts, lines) in enumerate(
            pool.imap(check_tournament, _jobs(args), chunksize=4), start=1
        ):
            tally.update(counts)
            for line in lines:
                print(line, flush=True)
            if done % 100 == 0:
                print(f"after {done} tournaments: {_summary(tally, started)}", flush=True)
    print(f"engine {fingerprint()}: {_summary(tally, started)}", flush=True)
    return 1 if tally["rounds differing"] else 0


def _summary(tally: Counter[str], started: float) -> str:
    minutes = (time.monotonic() - started) / 60
    return ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())) + f" ({minutes:.1f} min)"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
