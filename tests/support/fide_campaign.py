"""FIDE's checklist Q33: Arbiter against other engines, each way, pairings and tie-breaks.

Run from the repository root::

    python -m tests.support.fide_campaign FIRST COUNT --direction both [--jobs N]
        [--smallest 8 --largest 200] [--engine own|gacrux]

Tournament seeds FIRST … FIRST+COUNT−1 are played in each direction asked:

- **arbiter-to-gacrux**: Arbiter's Random Tournament Generator (``arbiter-app generate``)
  makes the tournament, every parameter but the size drawn from the seed as the checklist
  asks (Q24-Q25: rounds, half-, full- and zero-point byes, forfeits, odd results, the Baku
  Acceleration, the tie-break list, the ratings); one seed in ten makes a single or double
  round robin. The file is written as TRF-26. FIDE's reference checker (gacrux's
  ``pairingchecker``) pairs every round again and compares it with the file; gacrux's
  tie-break computation computes the tie-breaks the file announces (record 202), and each
  value is compared with Arbiter's standings of the same file (the code path of
  ``arbiter-app standings FILE.trf``).
- **gacrux-to-arbiter**: FIDE's reference generator (gacrux's ``tournamentgenerator``)
  makes the tournament, its size, rounds, bye and forfeit rates and acceleration drawn
  from the seed; Arbiter reads the file and its checker (the code path of ``arbiter-app
  check``) pairs every round again; Arbiter's tie-breaks of a list drawn from the seed
  (gacrux's file announces only ``PTS``) are compared with gacrux's on the same file.

Arbiter's side pairs with its own Dutch engine (``--engine own``, the default here: the
engine checked is Arbiter's, not FIDE's reference it can also call); a round the engine
cannot certify is paired by gacrux and counted apart. ``--engine gacrux`` checks the
default path of the program instead (its reading and writing of the rounds around the
reference engine).

**The endorsed engine.** When the environment variable ``ARBITER_BBP`` names a
bbpPairings binary (FIDE-endorsed; built from its public source, never part of this
repository), it is used the same way: its checker (``--dutch FILE -c``) checks every
Swiss file of Arbiter's generator, and its generator (``--dutch -g CONFIG -o FILE -s
SEED``) makes a second tournament for each seed, which Arbiter's checker checks and
whose tie-breaks are compared with gacrux's.

It prints one line per disagreement (seed, direction, round, what differs), a progress
line every 100 seeds in the seeds' order ("after N" covers FIRST … FIRST+N−1, so a run
stopped there resumes at FIRST+N) and a summary of the counts; the first and last lines
name Arbiter's rules core by a hash of its source (:func:`core_fingerprint`), so that a
campaign run in parts is shown to be of one program. The exit status is 1 when anything
disagrees.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from gacrux.tiebreak import tiebreak
from gacrux.tournamentgenerator import tournamentgenerator
from gacrux.trf2json import trf2json

from arbiter_app.cli.standings import source_standings
from arbiter_app.core.checker import Kind, check_document
from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.tournament import GeneratorError, GeneratorSettings, generate
from arbiter_app.core.generator.unset import GeneratorRequest, resolve
from arbiter_app.core.model import System
from arbiter_app.core.tiebreaks.round_robin import choices
from arbiter_app.core.trf import TrfVersion, parse_trf
from tests.support.dutch_campaign import fingerprint
from tests.support.gacrux_checker import gacrux_check
from tests.support.gacrux_oracle import _IndexedReader

ARBITER_TO_GACRUX = "arbiter-to-gacrux"
GACRUX_TO_ARBITER = "gacrux-to-arbiter"
DIRECTIONS = (ARBITER_TO_GACRUX, GACRUX_TO_ARBITER)
BBP_ENV = "ARBITER_BBP"
"""The environment variable naming the endorsed engine's binary (bbpPairings)."""

ROUNDS_COMPARED = "rounds compared"
VALUES_COMPARED = "tie-break values compared"
TOURNAMENTS = "tournaments"


@dataclass
class Outcome:
    """What one tournament of one direction gave: counts and the lines to print."""

    tally: Counter[str] = field(default_factory=Counter)
    lines: list[str] = field(default_factory=list)

    def differs(self, seed: int, direction: str, kind: str, where: str, what: str) -> None:
        self.tally[f"disagreements: {kind}"] += 1
        self.lines.append(f"seed {seed} {direction} {where}: {kind}: {what}")

    def update(self, other: Outcome) -> None:
        self.tally.update(other.tally)
        self.lines += other.lines


# --- Arbiter's generator --------------------------------------------------------------


def arbiter_settings(seed: int, smallest: int, largest: int, engine: str) -> GeneratorSettings:
    """The tournament Arbiter's generator makes for *seed*: one in ten a round robin (its
    size drawn by the generator), otherwise a Swiss of *smallest*-*largest* players; every
    other parameter left unset, so drawn from the seed (checklist Q25)."""
    rng = random.Random(f"fide campaign {seed}")
    if rng.random() < 0.1:
        system = rng.choice((System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN))
        request = GeneratorRequest(seed=seed, system=system)
    else:
        request = GeneratorRequest(seed=seed, players=rng.randint(smallest, largest))
    return replace(resolve(request).settings, engine=engine)


def arbiter_to_reference(
    seed: int, smallest: int, largest: int, engine: str, bbp: str | None
) -> Outcome:
    """Arbiter's tournament of *seed* checked by gacrux (and bbpPairings), pairings and
    tie-breaks."""
    out = Outcome()
    direction = ARBITER_TO_GACRUX
    settings = arbiter_settings(seed, smallest, largest, engine)
    try:
        generated = generate(settings)
    except GeneratorError as exc:
        out.tally["generator refusals: Arbiter's"] += 1
        out.lines.append(f"seed {seed} {direction}: Arbiter's generator refused: {exc}")
        return out
    text = generated_trf(generated, TrfVersion.TRF26)
    out.tally[f"{TOURNAMENTS}: Arbiter's generator"] += 1
    robin = settings.system.is_round_robin
    for found in gacrux_check(text, round_robin=robin):
        out.tally[f"{ROUNDS_COMPARED}: by gacrux's checker"] += 1
        if not found.agrees:
            out.differs(
                seed,
                direction,
                "pairing",
                f"round {found.round}",
                f"gacrux pairs {list(found.engine)}, the file has {list(found.file)}",
            )
    if bbp is not None and not robin:
        out.update(_bbp_check(bbp, text, seed, "arbiter-to-bbp"))
    out.update(compare_tiebreaks(text, None, seed, direction))
    return out


# --- gacrux's generator ---------------------------------------------------------------


@dataclass(frozen=True)
class ReferenceSettings:
    """The parameters of gacrux's generator for one seed."""

    players: int
    rounds: int
    zero_byes: float
    half_byes: float
    forfeits: float
    baku: bool
    tiebreaks: tuple[str, ...]


def reference_settings(seed: int, smallest: int, largest: int) -> ReferenceSettings:
    """gacrux's parameters for *seed*: size, rounds (3-11, at most half the players), the
    rates of zero- and half-point byes and of forfeits (each off a third of the time),
    the Baku Acceleration in a third of the fields of 12 or more, and one to four FIDE
    tie-breaks a Swiss picker offers (C.07) for the comparison of values."""
    rng = random.Random(f"fide campaign, reference {seed}")
    players = rng.randint(smallest, largest)
    rounds = rng.randint(min(3, players // 2), min(11, players // 2))

    def rate(most: float) -> float:
        return 0.0 if rng.random() < 1 / 3 else round(rng.uniform(0.005, most), 3)

    zero, half, forfeits = rate(0.03), rate(0.06), rate(0.04)
    baku = players >= 12 and rounds >= 4 and rng.random() < 1 / 3
    pool = choices(System.SWISS)
    tiebreaks = tuple(rng.sample(pool, rng.randint(1, 4)))
    return ReferenceSettings(players, rounds, zero, half, forfeits, baku, tiebreaks)


def gacrux_generated(seed: int, s: ReferenceSettings) -> str:
    """The TRF of gacrux's generator for *seed* with the parameters *s*."""
    generator = tournamentgenerator()
    generator.params = {
        "players": str(s.players),
        "number_of_rounds": s.rounds,
        "current_round": 0,
        "rating": [],
        "statistics": [str(s.zero_byes), str(s.half_byes), str(s.forfeits)],
        "method": ["dutch"],
        "maxmeets": "0",
        "acceleration": s.baku,
        "experimental": [],
        "game_score": None,
        "match_score": None,
        "verbose": 0,
        "top_color": " ",
        "members": "1",
    }
    generator.statistics.set_team(1)
    generator.statistics.set_seed(seed * 10000 + 4711)
    with contextlib.redirect_stdout(io.StringIO()):
        event = generator.gen_tournament(seed)
        return str(trf2json().output_file(event, 1, 0))


def reference_to_arbiter(
    seed: int, smallest: int, largest: int, engine: str, bbp: str | None
) -> Outcome:
    """gacrux's tournament of *seed* (and bbpPairings') checked by Arbiter, pairings and
    tie-breaks."""
    out = Outcome()
    settings = reference_settings(seed, smallest, largest)
    try:
        text = gacrux_generated(seed, settings)
    except Exception as exc:  # any failure of the other program is counted
        out.tally["generator refusals: gacrux's"] += 1
        out.lines.append(f"seed {seed} {GACRUX_TO_ARBITER}: gacrux's generator failed: {exc!r}")
        return out
    out.tally[f"{TOURNAMENTS}: gacrux's generator"] += 1
    out.update(_arbiter_checks(text, seed, GACRUX_TO_ARBITER, engine))
    out.update(compare_tiebreaks(text, settings.tiebreaks, seed, GACRUX_TO_ARBITER))
    if bbp is not None:
        made = _bbp_generated(bbp, seed, settings)
        if isinstance(made, str) and made.startswith("!"):
            out.tally["generator refusals: bbpPairings'"] += 1
            out.lines.append(f"seed {seed} bbp-to-arbiter: bbpPairings' generator failed: {made}")
        else:
            out.tally[f"{TOURNAMENTS}: bbpPairings' generator"] += 1
            out.update(_arbiter_checks(made, seed, "bbp-to-arbiter", engine))
            out.update(compare_tiebreaks(made, settings.tiebreaks, seed, "bbp-to-arbiter"))
    return out


def _arbiter_checks(text: str, seed: int, direction: str, engine: str) -> Outcome:
    """Arbiter's checker on another program's file: each round paired again and compared.

    The other generators write the initial ranks in the rank column (they do not rank
    the players at the end), so the checker's standings findings are not disagreements;
    the tie-breaks are compared value by value instead (:func:`compare_tiebreaks`).
    """
    out = Outcome()
    report = check_document(parse_trf(text, f"seed {seed}"), engine=engine)
    out.tally[f"{ROUNDS_COMPARED}: by Arbiter's checker"] += report.rounds
    for note in report.notes:
        if "could not certify" in note:
            out.tally["rounds Arbiter's engine could not certify (gacrux paired them)"] += 1
    for finding in report.findings:
        if finding.kind is Kind.STANDINGS:
            continue
        where = f"round {finding.round}" if finding.round is not None else "the file"
        out.differs(seed, direction, f"pairing ({finding.kind.value})", where, finding.message)
    return out


# --- tie-breaks -----------------------------------------------------------------------


def gacrux_tiebreaks(text: str, codes: Sequence[str]) -> dict[str, dict[int, Decimal | None]]:
    """gacrux's values of *codes* (after ``PTS``) for every player of the TRF *text*."""
    reader = _IndexedReader()
    with contextlib.redirect_stdout(io.StringIO()):
        reader.parse_file(text, 0)
        tournament: Any = reader.get_tournament(1)
        params: dict[str, Any] = {"tiebreak": ["PTS", *codes], "check": False}
        result = tiebreak(tournament, -1, params).compute_tiebreaks(tournament, params)
    out: dict[str, dict[int, Decimal | None]] = {c: {} for c in codes}
    for comp in result["competitors"]:
        for i, code in enumerate(codes, start=1):
            out[code][int(comp["cid"])] = comp["tiebreakScore"][i]
    return out


def gacrux_code(code: str) -> str:
    """*code* as gacrux is told it, with the regulation Arbiter assumes stated.

    C.07 leaves the rating of unrated players to the tournament's regulations: Arbiter
    ranks them with 0 in ``RTNG`` unless ``/U<rating>`` says otherwise, while gacrux
    leaves ``RTNG`` undefined for the whole field unless told. gacrux is told ``/U0``.
    The Koya limit raised by *n* half points is ``KS/L<n>`` in Arbiter's list (C.07
    14.5) and ``KS/L+<n>`` for gacrux, which reads ``L<n>`` as a limit of *n* per cent.
    """
    if code.startswith("RTNG") and "/U" not in code:
        return code + "/U0"
    head, _, limit = code.partition("/L")
    if head == "KS" and limit[:1].isdigit():
        return f"KS/L+{limit}"
    return code


RATING_BASED = ("ARO", "TPR", "PTP", "APRO", "APPO")
"""Tie-breaks from ratings that gacrux leaves undefined in a field with an unrated player
unless a rating is given to unrated players."""

UNRATED_GIVEN = 1000
"""The rating both programs are told unrated players have when gacrux needs one."""


def same_value(ours: Fraction, theirs: Decimal | None, code: str) -> bool:
    """Whether Arbiter's exact value is gacrux's: gacrux writes an average (AOB, APRO,
    APPO) rounded half up to the decimals it shows, enough to keep the order of the
    values (its own rule), so Arbiter's value is rounded the same way first."""
    reference = reference_value(code, theirs)
    if theirs is None or code.split("/")[0] not in ("AOB", "APRO", "APPO"):
        return ours == reference
    exponent = theirs.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    scaled = ours * 10**places
    rounded = Fraction(int(scaled + Fraction(1, 2)), 10**places)
    return rounded == reference


def reference_value(code: str, value: Decimal | None) -> Fraction:
    """gacrux's value as Arbiter states it: undefined (no game over the board) is 0; a
    direct encounter that separates nobody is 0 for gacrux and rank 1 for Arbiter."""
    if value is None:
        return Fraction(0)
    if code.startswith("DE") and value == 0:
        return Fraction(1)
    return Fraction(str(value))


def compare_tiebreaks(text: str, codes: Sequence[str] | None, seed: int, direction: str) -> Outcome:
    """Arbiter's standings of the TRF *text* (the tie-breaks *codes*, or the file's own
    list when None) against gacrux's values, player by player."""
    out = Outcome()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"seed-{seed}.trf"
        path.write_text(text, encoding="utf-8")
        args = argparse.Namespace(
            file=str(path),
            tiebreaks=",".join(codes) if codes is not None else None,
            preset=None,
            rules=None,
            after_round=None,
            provisional=False,
            annul_short_round_robin=None,
        )
        _, _, standings, _ = source_standings(args)
    announced = standings.codes
    if not announced:
        return out
    spelled = [gacrux_code(code) for code in announced]
    reference = dict(zip(announced, gacrux_tiebreaks(text, spelled).values(), strict=True))
    unrated = any(not p.rating for p in standings.context.event.players)
    undefined = [
        code
        for code in announced
        if unrated
        and code.split("/")[0] in RATING_BASED
        and "/U" not in code
        and all(v is None for v in reference[code].values())
    ]
    if undefined:
        # C.07 leaves unrated players' rating to the regulations: Arbiter leaves their games
        # out by default, gacrux then defines no value (and DE after it sees the players
        # still tied). The list is compared again with both told a rating for them; in this
        # pass the codes from the first undefined one on are not compared.
        out.tally["tie-break lists compared again with a rating for unrated players"] += 1
        again = [f"{c}/U{UNRATED_GIVEN}" if c in undefined else c for c in announced]
        out.update(compare_tiebreaks(text, again, seed, direction))
    first_undefined = announced.index(undefined[0]) if undefined else len(announced)
    for code in announced[:first_undefined]:
        wrong = []
        for row in standings.rows:
            theirs = reference[code].get(row.tpn)
            out.tally[VALUES_COMPARED] += 1
            if not same_value(row.values[code], theirs, code):
                wrong.append(f"player {row.tpn}: Arbiter {row.values[code]}, gacrux {theirs}")
        if wrong:
            out.tally["disagreements: tie-break values"] += len(wrong) - 1
            more = f" and {len(wrong) - 3} more" if len(wrong) > 3 else ""
            out.differs(seed, direction, "tie-break values", code, "; ".join(wrong[:3]) + more)
    return out


# --- bbpPairings ----------------------------------------------------------------------

STANDARD_162 = "162  W 1.0    D 0.5    L 0.0    A 0.0"
"""Record 162 of the standard points (1, ½, 0; 0 for an absence) as Arbiter writes it."""


def _bbp_check(bbp: str, text: str, seed: int, direction: str) -> Outcome:
    """bbpPairings' checker (``--dutch FILE -c``) on the TRF *text*: every line it writes
    is a round it would pair otherwise."""
    out = Outcome()
    lines = text.splitlines()
    if STANDARD_162 in lines:
        # TRF-26's record 162 names an absence's points with the code A, which bbpPairings
        # does not read ("Invalid line"); the standard points are its defaults.
        out.tally["files given to bbpPairings without their standard record 162"] += 1
        text = "\n".join(line for line in lines if line != STANDARD_162) + "\n"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"seed-{seed}.trf"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(
            [bbp, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
        )
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    if done.returncode not in (0, 1):
        out.differs(seed, direction, "bbpPairings could not check", "the file", " | ".join(said))
        return out
    for round_no, lines_of_round in bbp_rounds(said).items():
        out.tally[f"{ROUNDS_COMPARED}: by bbpPairings' checker"] += 1
        if lines_of_round:
            out.differs(seed, direction, "pairing", f"round {round_no}", " | ".join(lines_of_round))
    return out


def bbp_rounds(said: Sequence[str]) -> dict[int, list[str]]:
    """bbpPairings' checker report by round: each round starts with a line ``FILE: Round
    #N``; the lines after it, up to the next round, are the pairings it would make
    otherwise (none: the round agrees)."""
    rounds: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in said:
        head, marker, number = line.rpartition(": Round #")
        if marker and head and number.strip().isdigit():
            current = rounds.setdefault(int(number), [])
        elif current is not None:
            current.append(line.strip())
    return rounds


def _bbp_generated(bbp: str, seed: int, s: ReferenceSettings) -> str:
    """bbpPairings' random tournament for *seed* (its RTG configuration, JaVaFo's keys: a
    rate of *n* is one chance in *n*; it has no zero-point byes and no acceleration);
    a text starting with ``!`` says why it failed."""
    config = [f"PlayersNumber={s.players}", f"RoundsNumber={s.rounds}"]
    if s.forfeits:
        config.append(f"ForfeitRate={max(1, round(1 / s.forfeits))}")
    if s.half_byes:
        config.append(f"HalfPointByeRate={max(1, round(1 / s.half_byes))}")
    with tempfile.TemporaryDirectory() as folder:
        conf, made = Path(folder) / "rtg.txt", Path(folder) / "made.trf"
        conf.write_text("\n".join(config) + "\n", encoding="utf-8")
        done = subprocess.run(
            [bbp, "--dutch", "-g", str(conf), "-o", str(made), "-s", str(seed)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not made.exists():
            return f"! exit {done.returncode}: {(done.stderr or done.stdout).strip()}"
        return made.read_text(encoding="latin-1")


# --- the campaign ---------------------------------------------------------------------


def core_fingerprint() -> str:
    """A hash of all of Arbiter's rules core (``arbiter_app/core``: the generator, the TRF
    reader and writer, the checker, the engines, the tie-breaks), which every direction's
    Arbiter side runs: parts of a campaign count together only under one hash."""
    core = Path(__file__).resolve().parents[2] / "arbiter_app" / "core"
    digest = hashlib.sha256()
    for path in sorted(core.rglob("*.py")):
        digest.update(path.relative_to(core).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def one_seed(job: tuple[int, tuple[str, ...], int, int, str, str | None]) -> Outcome:
    """Every direction asked for one seed."""
    seed, directions, smallest, largest, engine, bbp = job
    out = Outcome()
    for direction in directions:
        run = arbiter_to_reference if direction == ARBITER_TO_GACRUX else reference_to_arbiter
        try:
            out.update(run(seed, smallest, largest, engine, bbp))
        except Exception as exc:  # a crash is a finding, not the end
            out.differs(seed, direction, "crash", "the tournament", repr(exc))
    return out


def _jobs(
    args: argparse.Namespace, directions: tuple[str, ...], bbp: str | None
) -> Iterator[tuple[int, tuple[str, ...], int, int, str, str | None]]:
    for seed in range(args.first, args.first + args.count):
        yield seed, directions, args.smallest, args.largest, args.engine, bbp


def summary(tally: Counter[str], started: float) -> str:
    """The disagreements and the generators' refusals in all (0 included), then every
    count by kind, sorted, with the minutes spent."""
    minutes = (time.monotonic() - started) / 60
    refused = sum(v for k, v in tally.items() if k.startswith("generator refusals"))
    totals = f"disagreements in all: {disagreements(tally)}, generator refusals in all: {refused}"
    counts = ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()))
    return f"{totals}; {counts} ({minutes:.1f} min)"


def disagreements(tally: Counter[str]) -> int:
    return sum(v for k, v in tally.items() if k.startswith("disagreements"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fide_campaign", description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=int, help="the first seed")
    parser.add_argument("count", type=int, help="how many seeds")
    parser.add_argument(
        "--direction", choices=[*DIRECTIONS, "both"], default="both", help="default both"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--smallest", type=int, default=8, help="fewest players (default 8)")
    parser.add_argument("--largest", type=int, default=200, help="most players (default 200)")
    parser.add_argument(
        "--engine",
        choices=("own", "gacrux"),
        default="own",
        help="the Dutch engine of Arbiter's side (default own)",
    )
    args = parser.parse_args(argv)
    if not 4 <= args.smallest <= args.largest:
        parser.error("--smallest must be at least 4 and not above --largest")
    directions = DIRECTIONS if args.direction == "both" else (args.direction,)
    bbp = os.environ.get(BBP_ENV) or None
    if bbp is not None and not Path(bbp).is_file():
        parser.error(f"{BBP_ENV}={bbp}: no such file")
    tally: Counter[str] = Counter()
    started = time.monotonic()
    print(
        f"seeds {args.first}-{args.first + args.count - 1}, {', '.join(directions)}, "
        f"{args.smallest}-{args.largest} players, Arbiter's side: engine {args.engine} "
        f"(source {fingerprint()}), rules core {core_fingerprint()}"
        + (f", endorsed engine: {bbp}" if bbp else ", no endorsed engine (ARBITER_BBP unset)"),
        flush=True,
    )
    with Pool(args.jobs) as pool:
        for done, outcome in enumerate(
            pool.imap(one_seed, _jobs(args, directions, bbp), chunksize=2), start=1
        ):
            tally.update(outcome.tally)
            for line in outcome.lines:
                print(line, flush=True)
            if done % 100 == 0:
                print(f"after {done} seeds: {summary(tally, started)}", flush=True)
    print(f"rules core {core_fingerprint()}: {summary(tally, started)}", flush=True)
    return 1 if disagreements(tally) else 0


if __name__ == "__main__":
    sys.exit(main())
