"""``arbiter-app pair``: pair the next round of a TRF, or check every round of a finished one.

Like the FIDE-endorsed engines, so that Arbiter can stand in for them::

    arbiter-app pair IN.trf -p OUT.txt     # the next round, engine format
    arbiter-app pair IN.trf -c             # rounds whose pairings differ

The round to pair is the one after the last round with a game; its
``0000 - H``, ``0000 - F`` and ``0000 - Z`` cells are requested byes and
absences. ``XXR`` (or 142) gives the number of rounds; ``XXC white1`` /
``black1`` (or TRF-26 record 152) the colour drawn for the top player in
round 1, which round 1 needs. The output is the engines' format: the number
of pairs, then ``white black`` per board and ``N 0`` for the bye.

``-c`` exits with status 1 when some round differs, 0 when all agree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Colour, Event
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.recorded import check_rounds, next_round
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
from arbiter_app.core.trf import parse_trf

_COLOURS = {"white": Colour.WHITE, "black": Colour.BLACK}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "pair",
        help="pair the next round of a TRF (engine format) or check a finished TRF",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("input", type=Path, help="a TRF file (TRF-16 or TRF-26)")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "-p", "--pairing", metavar="OUT", help="write the next round's pairing to OUT ('-': stdout)"
    )
    mode.add_argument(
        "-c", "--check", action="store_true", help="re-pair every round and list the differences"
    )
    parser.add_argument(
        "--bye-policy",
        choices=[p.value for p in ByePolicy],
        default=ByePolicy.FIDE.value,
        help="who gets the bye of an odd round (default: fide)",
    )
    parser.add_argument(
        "--initial-colour",
        choices=sorted(_COLOURS),
        help="colour of the top player in round 1 when the file does not say (XXC / 152)",
    )
    parser.add_argument(
        "--swap-last-two",
        action="store_true",
        help="double round robin: exchange the last two rounds of the first cycle (C.05)",
    )
    parser.set_defaults(handler=run)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return path.read_text(encoding="latin-1")
    except OSError as exc:
        raise ArbiterError(f"cannot read {path}: {exc.strerror or exc}") from exc


def run(args: argparse.Namespace) -> int:
    path: Path = args.input
    if path.suffix == ".arbiter":
        raise ArbiterError(
            "pairing a stored event (.arbiter) needs the tournament store, not part of this build"
        )
    document = parse_trf(_read(path), str(path))
    colour = document.initial_colour
    if args.initial_colour:
        colour = _COLOURS[args.initial_colour]
    options = SwissOptions(bye_policy=ByePolicy(args.bye_policy), initial_colour=colour)
    if args.check:
        return _check(document.event, options)
    event, round_no = next_round(document.event)
    pairing = pair_round(event, round_no, options, swap_last_two=args.swap_last_two)
    text = pairing.engine_text()
    if args.pairing == "-":
        sys.stdout.write(text)
    else:
        try:
            Path(args.pairing).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ArbiterError(f"cannot write {args.pairing}: {exc.strerror or exc}") from exc
    return 0


def _check(event: Event, options: SwissOptions) -> int:
    differing = 0
    checked = 0
    for result in check_rounds(event, options):
        checked += 1
        if result.differences:
            differing += 1
            print(f"round {result.round}: differs")
            for line in result.differences:
                print(f"  {line}")
    if differing:
        print(f"{differing} of {checked} rounds differ")
        return 1
    print(f"all {checked} rounds agree")
    return 0
