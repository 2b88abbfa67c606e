"""``arbiter-app generate -o OUT.trf``: the Random Tournament Generator (FIDE C.02).

Makes a complete tournament, paired by Arbiter's engine round by round (the
FIDE Dutch system, with the Baku Acceleration when asked; the Berger tables
for a round robin), with results drawn from the FIDE rating table's expected
scores, and writes it as a TRF file::

    arbiter-app generate -o open.trf --players 120 --rounds 9 --seed 7 \\
        --half-byes 2% --zero-byes r5:3 --forfeits 1 --unusual 1 --baku

Amounts (byes, forfeits, unusual results) are a count per round (``3``), a
share of the round's players or boards (``5%``), or a round's own amount
(``r3:2``), comma-separated; late entries (``--late-entries``) join from round 2 on.
Unusual results are double forfeits, the results
½-0, 0-½ and 0-0 (Laws of Chess 12.9), and games not rated (less than one move
played). The result model: White's expected
score E from FIDE B.02 8.1.2 (a difference over 400 counted as 400), a draw
with probability d × 2 × min(E, 1 − E) (d, the draw rate, is 30 % unless
``--draw-rate`` says otherwise), the rest a win or a loss so that White's
expected score stays E. The same seed writes the same file, byte for byte;
without ``--seed`` a seed is drawn and printed, and every file names its seed
in its first line.

Every parameter left unset is drawn from the seed (FIDE's checklist, Q25):
players, rounds, each kind of requested bye, forfeits, unusual results, the
Baku Acceleration, the tie-break list and the ratings. The values drawn are
printed with the command that makes the same file with every value given
(``--json`` prints them as JSON); ``--unset none`` takes no value by lot (no
byes, forfeits or unusual results, no acceleration, the FIDE preset list).

Ratings (checklist Q27, Q28) are given with ``--ratings`` (a list such as
``2400,2350,2210`` or a file: numbers, or a CSV table with a ``rating``
column; 0 or an empty cell for an unrated player), or parametrised with
``--rating-min``/``--rating-max`` (a uniform draw), ``--rating-gap 10-40``
(from the maximum down by such gaps) and ``--unrated-players 5%``.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.generator.output import describe, generated_trf
from arbiter_app.core.generator.quotas import Amount, Quota, parse_quota
from arbiter_app.core.generator.ratings import RatingSpec, parse_gap, parse_ratings
from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.generator.unset import GeneratorRequest, Resolution, resolve
from arbiter_app.core.model import System
from arbiter_app.core.points import format_decimal
from arbiter_app.core.presets import parse_tiebreak_list
from arbiter_app.core.trf.document import TrfVersion
from arbiter_app.sheets.files import read_text
from arbiter_app.store.outputs import check_output, write_output

_SYSTEMS = {
    "swiss": System.SWISS,
    "round-robin": System.ROUND_ROBIN,
    "double-round-robin": System.DOUBLE_ROUND_ROBIN,
}
_QUOTAS = (
    ("half_byes", "--half-byes", "requested half-point byes"),
    ("zero_byes", "--zero-byes", "requested zero-point byes"),
    ("full_byes", "--full-byes", "requested full-point byes"),
    ("forfeits", "--forfeits", "forfeited games"),
    ("unusual", "--unusual", "unusual results (double forfeits, ½-0, 0-½, 0-0, games not rated)"),
)
_LIST = re.compile(r"^[\d\s,;-]+$")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "generate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("-o", "--output", required=True, type=Path, help="the TRF file to write")
    p.add_argument("--players", type=int, help="number of players (default: drawn)")
    p.add_argument(
        "--rounds",
        type=int,
        help="number of rounds (a round robin: its schedule's; default: drawn)",
    )
    p.add_argument("--seed", type=int, help="the seed of every draw (default: a fresh one)")
    p.add_argument("--system", choices=sorted(_SYSTEMS), default="swiss")
    for _name, option, what in _QUOTAS:
        p.add_argument(
            option, metavar="P", help=f"{what}: 3, 5%% or r3:2 (comma-separated; default: drawn)"
        )
    p.add_argument(
        "--late-entries",
        metavar="P",
        help="players joining late, from round 2 on: 3, 5%% or r3:2 (comma-separated; default: "
        "none); a late entry is not paired, with 0 points, in the rounds before it joins",
    )
    p.add_argument(
        "--baku",
        action=argparse.BooleanOptionalAction,
        help="Baku Acceleration (FIDE C.04.5.1), or --no-baku (default: drawn)",
    )
    p.add_argument(
        "--swap-last-two",
        action="store_true",
        help="double round robin: exchange the last two rounds of the first cycle (C.05 Annex 1)",
    )
    p.add_argument(
        "--tiebreaks", metavar="LIST", help="tie-break list (records 202/212; default: drawn)"
    )
    p.add_argument(
        "--ratings",
        metavar="LIST|FILE",
        help="the players' ratings: 2400,2350,... or a file (numbers, or a CSV with a rating "
        "column); 0 for an unrated player",
    )
    p.add_argument("--rating-min", type=int, metavar="R", help="the lowest rating")
    p.add_argument("--rating-max", type=int, metavar="R", help="the highest rating")
    p.add_argument(
        "--rating-gap",
        metavar="G",
        help="ratings from the maximum down by a gap (25) or gaps drawn in a range (10-40)",
    )
    p.add_argument(
        "--unrated-players", metavar="P", help="unrated players: a count (3) or a share (10%%)"
    )
    p.add_argument(
        "--unset",
        choices=["random", "none"],
        default="random",
        help="what unset parameters get: values drawn from the seed (the default) or none",
    )
    p.add_argument(
        "--draw-rate", metavar="PCT", default="30", help="share of draws between equal players"
    )
    p.add_argument("--trf-version", choices=["TRF-16", "TRF-26"], default="TRF-26")
    p.add_argument(
        "--json", action="store_true", help="print the values used (and which were drawn) as JSON"
    )
    p.set_defaults(handler=run)


def _rate(text: str) -> Fraction:
    try:
        value = Fraction(text.strip().rstrip("%"))
    except (ValueError, ZeroDivisionError):
        raise ArbiterError(f"--draw-rate: {text!r} is not a percentage such as 30") from None
    return value / 100


def _amount(text: str, option: str) -> Amount:
    quota = parse_quota(text, option)
    if quota.by_round:
        raise ArbiterError(f"{option}: {text!r}: give a count (3) or a share (10%), not rounds")
    return quota.every_round


def _ratings(args: argparse.Namespace) -> RatingSpec | None:
    if args.ratings is not None:
        text = args.ratings
        path = Path(text)
        if path.is_file() or not ("," in text or _LIST.match(text)):
            text = read_text(path)
        return RatingSpec(
            given=parse_ratings(text),
            low=args.rating_min,
            high=args.rating_max,
            gap=parse_gap(args.rating_gap) if args.rating_gap is not None else None,
            unrated=_amount(args.unrated_players, "--unrated-players")
            if args.unrated_players is not None
            else RatingSpec().unrated,
        )
    parametrised = (args.rating_min, args.rating_max, args.rating_gap, args.unrated_players)
    if all(v is None for v in parametrised):
        return None
    return RatingSpec(
        low=args.rating_min,
        high=args.rating_max,
        gap=parse_gap(args.rating_gap) if args.rating_gap is not None else None,
        unrated=_amount(args.unrated_players, "--unrated-players")
        if args.unrated_players is not None
        else RatingSpec().unrated,
    )


def request_from_args(args: argparse.Namespace, seed: int) -> GeneratorRequest:
    """What the command line gives (None for every parameter left unset)."""
    quotas = {
        name: parse_quota(getattr(args, name), option)
        for name, option, _what in _QUOTAS
        if getattr(args, name) is not None
    }
    return GeneratorRequest(
        seed=seed,
        system=_SYSTEMS[args.system],
        players=args.players,
        rounds=args.rounds,
        baku=args.baku,
        swap_last_two=args.swap_last_two,
        tiebreaks=tuple(parse_tiebreak_list(args.tiebreaks)) if args.tiebreaks else None,
        ratings=_ratings(args),
        draw_rate=_rate(args.draw_rate),
        **quotas,
    )


def settings_from_args(args: argparse.Namespace, seed: int) -> GeneratorSettings:
    """The settings the command line asks for, unset values drawn from *seed*."""
    return _with_late_entries(
        resolve(request_from_args(args, seed), draw=args.unset == "random").settings, args
    )


def _with_late_entries(settings: GeneratorSettings, args: argparse.Namespace) -> GeneratorSettings:
    if args.late_entries is None:
        return settings
    return replace(settings, late_entries=parse_quota(args.late_entries, "--late-entries"))


def _number(value: Fraction) -> str:
    return format_decimal(value, 4).rstrip("0").rstrip(".")


def _ratings_options(spec: RatingSpec) -> list[str]:
    if spec.given:
        return ["--ratings", ",".join(str(r) for r in spec.given)]
    words: list[str] = []
    if spec.low is not None:
        words += ["--rating-min", str(spec.low)]
    if spec.high is not None:
        words += ["--rating-max", str(spec.high)]
    if spec.gap is not None:
        least, largest = spec.gap
        words += ["--rating-gap", str(least) if least == largest else f"{least}-{largest}"]
    if spec.unrated.value:
        words += ["--unrated-players", str(spec.unrated)]
    if not words:
        # The default range, said so that nothing is drawn when the options are given back.
        words = ["--rating-min", "1000", "--rating-max", "2700"]
    return words


def options_of(settings: GeneratorSettings, tiebreaks: tuple[str, ...]) -> list[str]:
    """The options that make *settings* again with nothing drawn (beside ``-o``)."""
    s = settings
    system = next(name for name, value in _SYSTEMS.items() if value is s.system)
    words = ["--seed", str(s.seed), "--system", system, "--players", str(s.players)]
    words += ["--rounds", str(s.rounds)]
    for name, option, _what in _QUOTAS:
        quota: Quota = getattr(s, name)
        words += [option, "0" if quota.is_zero else str(quota)]
    if not s.late_entries.is_zero:
        words += ["--late-entries", str(s.late_entries)]
    words.append("--baku" if s.baku else "--no-baku")
    if s.swap_last_two:
        words.append("--swap-last-two")
    words += ["--tiebreaks", ",".join(tiebreaks)]
    words += _ratings_options(s.ratings)
    words += ["--draw-rate", _number(s.draw_rate * 100)]
    return words


def _drawn_words(resolution: Resolution, tiebreaks: tuple[str, ...]) -> str:
    s = resolution.settings
    said: list[str] = []
    for name in resolution.drawn:
        value: Any = getattr(s, name)
        if name == "tiebreaks":
            value = ", ".join(tiebreaks)
        elif name == "baku":
            value = "on" if value else "off"
        elif isinstance(value, Quota):
            value = "none" if value.is_zero else str(value)
        said.append(str(value) if name == "ratings" else f"{name.replace('_', '-')} {value}")
    return "; ".join(said)


def run(args: argparse.Namespace) -> int:
    # The seed is drawn here, outside the core, and written into the file.
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    resolution = resolve(request_from_args(args, seed), draw=args.unset == "random")
    settings = _with_late_entries(resolution.settings, args)
    check_output(args.output)  # before the work of generating
    generated = generate(settings)
    text = generated_trf(generated, TrfVersion.parse(args.trf_version))
    write_output(args.output, text)  # aside, moved into place whole, never over an event
    again = options_of(settings, generated.tiebreaks)
    if args.json:
        out = {
            "output": str(args.output),
            "seed": seed,
            "settings": _settings_json(settings, generated.tiebreaks),
            "drawn": list(resolution.drawn),
            "again": ["generate", "-o", str(args.output), *again],
        }
        sys.stdout.write(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
        return 0
    print(f"wrote {args.output}: {describe(settings)}")
    if resolution.drawn:
        print(f"Drawn from seed {seed}: {_drawn_words(resolution, generated.tiebreaks)}.")
        print("The same file again, every value given:")
        print("  arbiter-app generate -o " + " ".join([str(args.output), *again]))
    return 0


def _settings_json(settings: GeneratorSettings, tiebreaks: tuple[str, ...]) -> dict[str, Any]:
    s = settings
    r = s.ratings
    return {
        "players": s.players,
        "rounds": s.rounds,
        "system": s.system.value,
        **{
            name: ("0" if getattr(s, name).is_zero else str(getattr(s, name)))
            for name, _option, _what in _QUOTAS
        },
        "baku": s.baku,
        "swap_last_two": s.swap_last_two,
        "tiebreaks": list(tiebreaks),
        "ratings": {
            "given": list(r.given),
            "min": r.low,
            "max": r.high,
            "gap": list(r.gap) if r.gap is not None else None,
            "unrated_players": str(r.unrated),
        },
        "draw_rate": _number(s.draw_rate * 100),
    }
