"""``arbiter-app pair``: pair the next round of a TRF or of a tournament file; check a finished TRF.

Like the FIDE-endorsed engines, so that Arbiter can stand in for them::

    arbiter-app pair IN.trf -p OUT.txt     # the next round, engine format
    arbiter-app pair IN.trf -c             # rounds whose pairings differ
    arbiter-app pair EVENT.arbiter         # pair and record the next round
    arbiter-app pair IN.trf -p - --engine own   # Arbiter's own Dutch engine
    arbiter-app pair EVENT.arbiter --explain    # and print how the round was paired

TRF: the round to pair is the one after the last round with a game; its
``0000 - H``, ``0000 - F`` and ``0000 - Z`` cells are requested byes and
absences. ``XXR`` (or 142) gives the number of rounds; ``XXC white1`` /
``black1`` (or TRF-26 record 152) the colour drawn for the top player in
round 1, which round 1 needs. The output is the engines' format: the number
of pairs, then ``white black`` per board and ``N 0`` for the bye.

Tournament file (``.arbiter``): the next round is paired by the event's bye
policy and recorded (one journaled command); every board of the previous
round needs its result first. ``-p`` also writes the engine format.

``-c`` exits with status 1 when some round differs, 0 when all agree. A round the
arbiter paired by hand and documented with a ``### MPA`` line (FIDE C.02, questions
64-69) agrees when it is the engine's pairing with that change made, and is said so.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from arbiter_app.cli.chess960 import chess960_line
from arbiter_app.core.attendance import NOT_CHECKED_IN
from arbiter_app.core.checker.manual import ManualPairing, documented_round, manual_pairings
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.lots import Draw
from arbiter_app.core.model import Colour, Event, System
from arbiter_app.core.pairing.boards import NoLegalPairing, RoundPairing
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.recorded import RoundCheck, check_rounds, next_round
from arbiter_app.core.pairing.swiss import (
    ENGINES,
    SwissOptions,
    default_engine,
    explain_recorded,
    pair_round,
)
from arbiter_app.core.trf import TrfDocument, parse_trf
from arbiter_app.core.words import count
from arbiter_app.exports.pairings import bye_words, says_bye
from arbiter_app.session import Session
from arbiter_app.session.integrity import stored_pibes
from arbiter_app.session.pairing import next_round_number, pair_next_round
from arbiter_app.session.pairing_log import RoundExplanation, explain_round
from arbiter_app.sheets.files import read_text
from arbiter_app.store.outputs import check_output, write_output

_COLOURS = {"white": Colour.WHITE, "black": Colour.BLACK}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "pair",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "input", type=Path, help="a TRF file (TRF-16 or TRF-26) or an .arbiter file"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "-p", "--pairing", metavar="OUT", help="write the next round's pairing to OUT ('-': stdout)"
    )
    mode.add_argument(
        "-c", "--check", action="store_true", help="re-pair every round and list the differences"
    )
    parser.add_argument(
        "--bye-policy",
        help="who gets the bye of an odd round: fide, uscf or online "
        "(default: the event's setting, else fide)",
    )
    parser.add_argument(
        "--initial-colour",
        choices=sorted(_COLOURS),
        help="colour drawn for the top player in round 1 when the file does not say (XXC / 152);"
        " a tournament file without it has the colour drawn by lot, seed recorded",
    )
    parser.add_argument(
        "--swap-last-two",
        action="store_true",
        default=None,
        help="double round robin: exchange the last two rounds of the first cycle (C.05 "
        "Annex 1; an event file says it in its settings: arbiter-app new --swap-last-two)",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default=None,
        help="the engine of a Swiss round: gacrux (FIDE's Dutch reference, C.04.3), own "
        "(Arbiter's Dutch, bracket by bracket; a round it cannot certify is paired by gacrux, "
        "and the pairing says so) or uschess (US Chess rules 27-29). Default: an event "
        "under the US Chess rule set (presets uscf, city-chess-ok) uses uschess, any other "
        "gacrux",
    )
    parser.add_argument(
        "--explain-round",
        type=int,
        metavar="N",
        help="tournament file: print how round N was paired, the engine's log recomputed from "
        "the rounds before it, and whether the recorded round is the engine's (nothing changes)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="print the engine's log of how it paired the round: score groups, halves, odd "
        "players, transpositions and interchanges with their rules (US Chess engine); the "
        "brackets, floaters, the criteria that decided and the colours (FIDE Dutch system, "
        "C.04.3; a round paired by gacrux is explained by Arbiter's engine recomputing it)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.input
    if args.pairing and args.pairing != "-":
        # Before any pairing is made or recorded: an output never replaces an event.
        check_output(Path(args.pairing), sources=[path])
    if path.suffix.lower() == ".arbiter":
        return _stored(args, path)
    if not args.pairing and not args.check:
        raise ArbiterError("pairing a TRF needs -p OUT (the next round) or -c (check every round)")
    document = parse_trf(read_text(path), str(path))
    colour = _COLOURS[args.initial_colour] if args.initial_colour else document.initial_colour
    policy = ByePolicy.parse(args.bye_policy or ByePolicy.FIDE.value)
    engine = args.engine or default_engine(document.event)
    options = SwissOptions(
        bye_policy=policy, initial_colour=colour, engine=engine, explain=bool(args.explain)
    )
    if args.check:
        return _check(document.event, options, _file_lines(document))
    event, round_no = next_round(document.event)
    pairing = pair_round(event, round_no, options, swap_last_two=bool(args.swap_last_two))
    _write(args.pairing, pairing.engine_text(), [path])
    if args.explain:
        # The engine format may go to stdout: the log then goes to stderr.
        _explain(pairing, sys.stderr if args.pairing == "-" else sys.stdout)
    return 0


def _explain_round(session: Session, round_no: int, options: SwissOptions) -> int:
    """``--explain-round N``: the engine's log of round *N* recomputed from the rounds before
    it (the engine is deterministic), and whether the recorded round is the engine's
    (:func:`arbiter_app.session.pairing_log.explain_round`)."""
    explained = explain_round(session, round_no, options)
    print("\n".join(explained.lines()))
    return 0 if explained.matches else 1


def _explain(pairing: RoundPairing, stream: TextIO | None = None) -> None:
    """The engine's log of the round (``--explain``), or why there is none; on *stream*,
    standard output unless given (looked up when called, not when defined)."""
    out = stream or sys.stdout
    out.write("".join(f"{line}\n" for line in RoundExplanation(pairing.round, pairing).log_lines()))


def _file_lines(document: TrfDocument) -> list[str]:
    """The lines of a TRF file that may be ``### MPA`` lines (kept lines and comments)."""
    return [line.text for line in document.kept] + list(document.comments)


def _write(target: str, text: str, sources: Sequence[Path] = ()) -> None:
    if target == "-":
        sys.stdout.write(text)
        return
    # Aside, moved into place whole, never over an event or the TRF read (issue 27).
    write_output(Path(target), text, sources=sources)


def _check(event: Event, options: SwissOptions, lines: Iterable[str] = ()) -> int:
    """Every round paired again and compared; *lines* are the report's ``###`` lines, whose
    ``### MPA`` lines document rounds the arbiter paired by hand (FIDE C.02, questions
    64-69): such a round is compared with the engine's pairing with that change made."""
    manual, unread = manual_pairings(lines)
    for note in unread:
        print(f"{note[0].upper()}{note[1:]}.")
    differing = 0
    checked = 0
    by_hand = 0
    for result in check_rounds(event, options):
        checked += 1
        line = manual.get(result.round)
        if result.differences and line is not None and _as_documented(result, line):
            by_hand += 1
            print(
                f"round {result.round}: paired by hand as its ### MPA line documents "
                "(FIDE C.02, questions 64-69)"
            )
            continue
        if result.differences:
            differing += 1
            print(f"round {result.round}: differs")
            for text in result.differences:
                print(f"  {text}")
            if line is not None:
                print("  its ### MPA line does not document this pairing")
    if differing:
        print(f"{differing} of {count(checked, 'round')} differ")
        return 1
    agree = f"all {count(checked, 'round')} agree" if checked > 1 else "the round agrees"
    print(agree + (f", {by_hand} of them as documented by hand" if by_hand else ""))
    return 0


def _as_documented(result: RoundCheck, line: ManualPairing) -> bool:
    """The recorded round is the engine's pairing with the change *line* documents."""
    ours = result.ours
    engine = None if ours is None else tuple((b.white, b.black) for b in ours.boards)
    bye = ours.pairing_bye.tpn if ours is not None and ours.pairing_bye is not None else None
    found = documented_round(line, engine, bye)
    if found is None:
        return False
    boards, pab = found
    recorded = result.recorded
    pairs = {(b.white, b.black) for b in recorded.boards}
    if recorded.pairing_bye is not None:
        pairs.add((recorded.pairing_bye.tpn, 0))
    return set(boards) | ({(pab, 0)} if pab is not None else set()) == pairs


def _stored(args: argparse.Namespace, path: Path) -> int:
    if not path.exists():
        raise ArbiterError(f"{path}: no such file")
    with Session.open(path, readonly=bool(args.check or args.explain_round)) as session:
        event = session.event
        policy = ByePolicy.parse(args.bye_policy or session.settings.bye_policy)
        colour = _COLOURS[args.initial_colour] if args.initial_colour else None
        engine = args.engine or default_engine(event)
        options = SwissOptions(
            bye_policy=policy,
            initial_colour=colour,
            engine=engine,
            keep_clubs_apart=session.settings.teammates_apart,
        )
        if args.check:
            return _check(event, options, [p.trf_line() for p in stored_pibes(session.state)])
        if args.explain_round is not None:
            return _explain_round(session, args.explain_round, options)
        drawn: list[str] = []

        def tell(colour: Colour, draw: Draw) -> None:
            drawn.append(
                f"colour drawn by lot for the top-ranked player in round 1: {colour.name.title()}"
                f" (seed {draw.seed}; {draw.article}; printed in the protocol of lots)"
            )

        try:
            pairing, _ = pair_next_round(
                session,
                initial_colour=colour,
                bye_policy=policy,
                swap_last_two=args.swap_last_two,
                on_draw=tell,
                engine=engine,
            )
        except NoLegalPairing as exc:
            # What the arbiter can do next: the window offers "Pair by hand…" instead.
            round_no = next_round_number(session)
            raise NoLegalPairing(
                f"{exc}. Pair round {round_no} by hand: arbiter-app pairing set {path} "
                f"--round {round_no} --pairs W-B,W-B,… [--bye N] (checked against the "
                "pairing rules; FIDE C.02, manual pairings)"
            ) from exc
        names = session.event.player_map()
        # A double system's round is two games: each game column has its position.
        columns = pairing.entry_rounds()
        chess960 = [
            (f"Game {c}: " if len(columns) > 1 else "") + chess960_line(session.state, c)
            for c in columns
            if chess960_line(session.state, c)
        ]
        if args.explain and not pairing.log:
            pairing = replace(pairing, log=explain_recorded(session.event, pairing, options))
    for line in drawn:
        print(line)
    if args.pairing:
        _write(args.pairing, pairing.engine_text(), [path])
    else:
        _print(pairing, {t: p.name for t, p in names.items()}, event.system, says_bye(event))
        for line in chess960:
            print(line)
    if args.explain:
        _explain(pairing, sys.stderr if args.pairing == "-" else sys.stdout)
    return 0


def _print(pairing: RoundPairing, names: dict[int, str], system: System, us_chess: bool) -> None:
    print(f"{system.round_name(pairing.round)}: {count(len(pairing.boards), 'board')}")

    for b in pairing.boards:
        print(f"{b.number:4d}  {b.white:4d} {names[b.white]}  -  {b.black:4d} {names[b.black]}")
    for y in pairing.byes:
        # In the rule set's words: "bye" in a US Chess event (22C), else FIDE's.
        said = bye_words(y.kind, us_chess=us_chess)
        if y.reason == NOT_CHECKED_IN:
            said = NOT_CHECKED_IN
        print(f"      {y.tpn:4d} {names[y.tpn]}: {said}")
    if system is System.DOUBLE_SWISS:
        print("each board plays a second game with the colours reversed")
    elif system is System.FIDE_DOUBLE_SWISS:
        print(
            "each board is a match of two games: White above plays game 1 with White and "
            "game 2 with Black (FIDE C.04.5 article 4.4)"
        )
    for note in pairing.notes:
        print(note)
