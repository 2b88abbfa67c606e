"""``arbiter-app generate -o OUT.trf``: the Random Tournament Generator (FIDE C.02).

Makes a complete tournament, paired by Arbiter's engine round by round (the
FIDE Dutch system, with the Baku Acceleration when asked; the Berger tables
for a round robin), with results drawn from the FIDE rating table's expected
scores, and writes it as a TRF file::

    arbiter-app generate -o open.trf --players 120 --rounds 9 --seed 7 \\
        --half-byes 2% --zero-byes r5:3 --forfeits 1 --unusual 1 --baku

Amounts (byes, forfeits, unusual results) are a count per round (``3``), a
share of the round's players or boards (``5%``), or a round's own amount
(``r3:2``), comma-separated. Unusual results are double forfeits, the results
½-0, 0-½ and 0-0 (Laws of Chess 12.9), and games not rated (less than one move
played). The result model: White's expected
score E from FIDE B.02 8.1.2 (a difference over 400 counted as 400), a draw
with probability d × 2 × min(E, 1 − E) (d, the draw rate, is 30 % unless
``--draw-rate`` says otherwise), the rest a win or a loss so that White's
expected score stays E. The same seed writes the same file, byte for byte;
without ``--seed`` a seed is drawn and printed, and every file names its seed
in its first line.
"""

from __future__ import annotations

import argparse
import secrets
from fractions import Fraction
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.generator.output import describe, generated_trf
from arbiter_app.core.generator.quotas import Quota, parse_quota
from arbiter_app.core.generator.tournament import GeneratorSettings, generate, round_robin_rounds
from arbiter_app.core.model import System
from arbiter_app.core.presets import parse_tiebreak_list
from arbiter_app.core.trf.document import TrfVersion
from arbiter_app.store.outputs import check_output, write_output

_SYSTEMS = {
    "swiss": System.SWISS,
    "round-robin": System.ROUND_ROBIN,
    "double-round-robin": System.DOUBLE_ROUND_ROBIN,
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "generate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("-o", "--output", required=True, type=Path, help="the TRF file to write")
    p.add_argument("--players", required=True, type=int, help="number of players")
    p.add_argument(
        "--rounds", type=int, help="number of rounds (a round robin: its schedule's, by default)"
    )
    p.add_argument("--seed", type=int, help="the seed of every draw (default: a fresh one)")
    p.add_argument("--system", choices=sorted(_SYSTEMS), default="swiss")
    for option, what in (
        ("--half-byes", "requested half-point byes"),
        ("--zero-byes", "requested zero-point byes"),
        ("--full-byes", "requested full-point byes"),
        ("--forfeits", "forfeited games"),
        ("--unusual", "unusual results (double forfeits, ½-0, 0-½, 0-0, games not rated)"),
    ):
        p.add_argument(option, metavar="P", help=f"{what}: 3, 5%% or r3:2 (comma-separated)")
    p.add_argument("--baku", action="store_true", help="Baku Acceleration (FIDE C.04.5.1)")
    p.add_argument(
        "--swap-last-two",
        action="store_true",
        help="double round robin: exchange the last two rounds of the first cycle (C.05 Annex 1)",
    )
    p.add_argument("--tiebreaks", metavar="LIST", help="tie-break list (records 202/212)")
    p.add_argument(
        "--draw-rate", metavar="PCT", default="30", help="share of draws between equal players"
    )
    p.add_argument("--trf-version", choices=["TRF-16", "TRF-26"], default="TRF-26")
    p.set_defaults(handler=run)


def _quota(text: str | None, option: str) -> Quota:
    return Quota() if text is None else parse_quota(text, option)


def _rate(text: str) -> Fraction:
    try:
        value = Fraction(text.strip().rstrip("%"))
    except (ValueError, ZeroDivisionError):
        raise ArbiterError(f"--draw-rate: {text!r} is not a percentage such as 30") from None
    return value / 100


def settings_from_args(args: argparse.Namespace, seed: int) -> GeneratorSettings:
    system = _SYSTEMS[args.system]
    rounds = args.rounds
    if rounds is None:
        if not system.is_round_robin:
            raise ArbiterError("a Swiss needs --rounds")
        rounds = round_robin_rounds(max(args.players, 2), system)
    return GeneratorSettings(
        players=args.players,
        rounds=rounds,
        seed=seed,
        system=system,
        half_byes=_quota(args.half_byes, "--half-byes"),
        zero_byes=_quota(args.zero_byes, "--zero-byes"),
        full_byes=_quota(args.full_byes, "--full-byes"),
        forfeits=_quota(args.forfeits, "--forfeits"),
        unusual=_quota(args.unusual, "--unusual"),
        baku=args.baku,
        swap_last_two=args.swap_last_two,
        tiebreaks=tuple(parse_tiebreak_list(args.tiebreaks)) if args.tiebreaks else None,
        draw_rate=_rate(args.draw_rate),
    )


def run(args: argparse.Namespace) -> int:
    # The seed is drawn here, outside the core, and written into the file.
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    settings = settings_from_args(args, seed)
    check_output(args.output)  # before the work of generating
    generated = generate(settings)
    text = generated_trf(generated, TrfVersion.parse(args.trf_version))
    write_output(args.output, text)  # aside, moved into place whole, never over an event
    print(f"wrote {args.output}: {describe(settings)}")
    return 0
