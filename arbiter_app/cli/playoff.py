"""``arbiter-app playoff ACTION FILE …``: run a tie-break play-off step by step.

``playoff next FILE`` says what the arbiter must do now (``--json`` gives
``step``, ``article``, ``text`` and, when games are to be played, ``games``
with their ids, White and Black by main-event pairing number, the time control
as printed and the Armageddon flag). Every other action is one journaled
command; after it the next step is printed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arbiter_app.cli.confirming import confirmation
from arbiter_app.core.errors import ArbiterError, InputError, Issue
from arbiter_app.core.playoff import next_step
from arbiter_app.core.playoff.gate import PlayoffStatus
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    UNSET,
    ChooseColour,
    Command,
    ConfirmPrinted,
    DecidePlayoff,
    DrawPlayoffLots,
    PlayoffResult,
    PlayoffResults,
    RestartPlayoff,
    RuleOnTie,
    StartPlayoff,
    TossCoin,
)
from arbiter_app.session.playoff_commands import preview, stored_playoff
from arbiter_app.sheets.files import read_text


def _numbers(text: str) -> list[int]:
    try:
        return [int(t) for t in text.replace(" ", "").split(",") if t]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected pairing numbers like 3,7,12: {text!r}"
        ) from None


def _tie(text: str) -> list[Any]:
    place, sep, players = text.partition(":")
    if not sep or not place.strip().isdecimal():
        raise argparse.ArgumentTypeError(f"expected PLACE:TPN,TPN (e.g. 1:3,7,12): {text!r}")
    return [int(place), _numbers(players)]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    top: argparse.ArgumentParser = sub.add_parser("playoff")
    actions = top.add_subparsers(dest="playoff_action", metavar="ACTION", required=True)

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = actions.add_parser(name, help=help_text)
        p.add_argument("file", type=Path)
        p.add_argument("--json", action="store_true", help="print the next step as JSON")
        return p

    p = action("start", "start the play-off under a regulation")
    p.add_argument("--regulation", help="preset name (default: the event's play-off preset)")
    p.add_argument("--regulation-file", type=Path, help="a custom regulation as JSON")
    p.add_argument(
        "--tie", type=_tie, action="append", help="PLACE:TPN,TPN (default: ties on points)"
    )
    p.add_argument("--last-game-end", help="when the last game of the final round ended (ISO)")
    p.add_argument("--at", help="when the play-off starts (ISO)")
    p.set_defaults(handler=run_start)

    p = action("next", "what must the arbiter do now?")
    p.set_defaults(handler=run_next)

    p = action(
        "restart",
        "start the play-off again after a correction changed its tie (the old one stays "
        "in the journal and on the lot protocol)",
    )
    p.add_argument(
        "--confirm",
        action="store_true",
        help="confirm that the old play-off's games are set aside (FIDE warning level 3)",
    )
    p.set_defaults(handler=run_restart)

    p = action("draw", "draw lots (seeded), or enter a physical draw with --outcome")
    p.add_argument("--outcome", type=_numbers, help="the drawn order, e.g. 12,3,7")
    p.add_argument("--witness", action="append", default=[])
    p.set_defaults(handler=run_draw)

    p = action("toss", "toss the coin (seeded), or enter a physical toss with --winner")
    p.add_argument("--winner", type=int)
    p.add_argument("--choice", choices=("white", "black"), help="the colour the winner chose")
    p.add_argument("--witness", action="append", default=[])
    p.set_defaults(handler=run_toss)

    p = action("choose", "record the colour the toss winner chose")
    p.add_argument("choice", choices=("white", "black"))
    p.set_defaults(handler=run_choose)

    p = action("printed", "confirm the sheets due have been printed")
    p.set_defaults(handler=run_printed)

    p = action("result", "enter play-off results: GAME RESULT, or several pairs in one action")
    p.add_argument(
        "results",
        nargs="+",
        metavar="GAME RESULT",
        help="a game and its result (e.g. G1 1-0; a game not played: 1F-0 or 0-1F, the "
        "player present wins, 0F-0F, both absent, FIDE Laws 6.7.1); several pairs are "
        "entered together",
    )
    p.set_defaults(handler=run_result)

    p = action("decide", "the chief arbiter's decision by other means")
    p.add_argument("--order", type=_numbers, required=True)
    p.add_argument("--reason", required=True)
    p.set_defaults(handler=run_decide)

    p = action("ruling", "rule on an ambiguous tie")
    p.add_argument("--players", type=_numbers, required=True)
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--break", dest="break_tie", action="store_true")
    group.add_argument("--no-break", dest="break_tie", action="store_false")
    p.add_argument("--reason", required=True)
    p.set_defaults(handler=run_ruling)

    p = action("log", "the play-off protocol: every step with its article")
    p.set_defaults(handler=run_log)


NEXT_COMMAND = {
    "start": "arbiter-app playoff start FILE",
    "restart": "arbiter-app playoff restart FILE --confirm",
    "draw-lots": "arbiter-app playoff draw FILE  (or --outcome 3,1,2 for a physical draw)",
    "print": "arbiter-app print FILE playoff-pairings -o sheets.pdf (and armageddon for the game cards), then arbiter-app playoff printed FILE",
    "play": "arbiter-app playoff result FILE GAME RESULT [GAME RESULT …]  (e.g. G1 1-0 G2 1/2)",
    "toss": "arbiter-app playoff toss FILE  (or --winner TPN for a coin tossed by hand)",
    "choose": "arbiter-app playoff choose FILE white|black",
    "decide": "arbiter-app playoff decide FILE --order 3,1,2 --reason TEXT",
    "resolve-ambiguity": "arbiter-app playoff ruling FILE --players … --break|--no-break --reason TEXT",
}


def _show(
    step: dict[str, Any],
    as_json: bool,
    names: dict[int, str] | None = None,
    hint: str | None = None,
    drawn: Mapping[str, Mapping[int, int]] | None = None,
) -> int:
    if as_json:
        print(json.dumps(step, ensure_ascii=False, indent=2))
        return 0
    article = f" article {step['article']}" if step.get("article") else ""
    print(f"[{step['step']}]{article}: {step['text']}")
    names = names or {}

    def who(tpn: int, numbers: Mapping[int, int]) -> str:
        # A round robin's players by the numbers drawn for it (FIDE C.07 article 3.1.4);
        # the line of the drawn numbers gives each one's number in the event.
        if tpn in numbers:
            return f"{numbers[tpn]}. {names.get(tpn, '?')}"
        return f"{tpn} {names[tpn]}" if tpn in names else str(tpn)

    shown: set[str] = set()
    for game in step.get("games", ()):
        stage = str(game["stage_title"])
        numbers = (drawn or {}).get(stage, {})
        if numbers and stage not in shown:
            shown.add(stage)
            order = sorted(numbers, key=numbers.__getitem__)
            listed = ", ".join(f"{who(t, numbers)} ({t})" for t in order)
            print(f"  pairing numbers drawn for {stage}: {listed}")
        flag = "  Armageddon (a draw wins for Black)" if game["armageddon"] else ""
        print(
            f"  {game['id']}: {who(game['white'], numbers)} (White) - "
            f"{who(game['black'], numbers)} (Black)  {game['time_control']}{flag}"
        )
    for assumption in step.get("assumptions", ()):
        print(f"  assumed: {assumption}")
    hint = hint or NEXT_COMMAND.get(step["step"])
    if hint:
        print(f"  next: {hint}")
    return 0


def _names(session: Session) -> dict[int, str]:
    return {p.tpn: p.name for p in session.event.players}


def _drawn(session: Session) -> dict[str, dict[int, int]]:
    """The play-off's pairing numbers drawn by lot, by stage (none before the draw)."""
    stored = stored_playoff(session.state)
    return {} if stored is None else stored.drawn_numbers()


def _run(args: argparse.Namespace, command: Command) -> int:
    with Session.open(args.file) as session:
        outcome = session.run(command, confirm=confirmation(args))
        names = _names(session)
        drawn = _drawn(session)
    step: dict[str, Any] = outcome.value
    return _show(step, args.json, names, drawn=drawn)


def run_start(args: argparse.Namespace) -> int:
    arguments: dict[str, Any] = {}
    if args.regulation_file is not None:
        text = read_text(args.regulation_file)
        try:
            arguments["regulation_json"] = json.loads(text)
        except json.JSONDecodeError as exc:
            where = str(args.regulation_file)
            raise InputError(
                [Issue(where, exc.lineno, exc.colno, f"not JSON: {exc.msg}")]
            ) from None
        except RecursionError:
            where = str(args.regulation_file)
            raise InputError([Issue(where, 0, 0, "not a regulation: nested too deep")]) from None
        except ValueError:
            # Python refuses to read an integer of more than 4,300 digits (issue 27).
            where = str(args.regulation_file)
            raise InputError(
                [Issue(where, 0, 0, "not a regulation: a number of more than 4,300 digits")]
            ) from None
    elif args.regulation:
        arguments["regulation"] = args.regulation
    if args.tie:
        arguments["ties"] = args.tie
    if args.last_game_end:
        arguments["last_game_end"] = args.last_game_end
    if args.at:
        arguments["at"] = args.at
    return _run(args, StartPlayoff.of(arguments))


GATE_STEPS = {
    PlayoffStatus.NOT_DUE: "not-due",
    PlayoffStatus.NO_TIE: "no-tie",
    PlayoffStatus.STALE: "restart",
}
"""The step ``playoff next`` shows when the core's gate, not the engine, has the answer."""


def run_next(args: argparse.Namespace) -> int:
    """What to do now: the engine's next step, or the reason the play-off cannot go on."""
    with Session.open(args.file, readonly=True) as session:
        stored = stored_playoff(session.state)
        gate = session.event_state.playoff
        state = stored or preview(session.state, session.event)
        names = _names(session)
    if gate.status is PlayoffStatus.NONE and stored is None:
        text = "No play-off has been started, and the event names no play-off regulation."
        step = {"step": "start", "article": "", "text": text}
        return _show(step, args.json, hint="arbiter-app playoff start FILE --regulation NAME")
    code = GATE_STEPS.get(gate.status)
    if code is not None or state is None:
        article = state.regulation.places_article if state is not None else ""
        step = {"step": code or "start", "article": article, "text": gate.reason}
        return _show(step, args.json)
    return _show(next_step(state).to_json(), args.json, names, drawn=state.drawn_numbers())


def run_restart(args: argparse.Namespace) -> int:
    return _run(args, RestartPlayoff())


def run_draw(args: argparse.Namespace) -> int:
    outcome = UNSET if args.outcome is None else args.outcome
    return _run(args, DrawPlayoffLots(witnesses=args.witness, outcome=outcome))


def run_toss(args: argparse.Namespace) -> int:
    toss = TossCoin(
        witnesses=args.witness,
        winner=UNSET if args.winner is None else args.winner,
        choice=UNSET if args.choice is None else args.choice,
    )
    return _run(args, toss)


def run_choose(args: argparse.Namespace) -> int:
    return _run(args, ChooseColour(choice=args.choice))


def run_printed(args: argparse.Namespace) -> int:
    return _run(args, ConfirmPrinted())


def run_result(args: argparse.Namespace) -> int:
    """One result is ``playoff.result``; several are ``playoff.results``: one action either way."""
    given: list[str] = args.results
    if len(given) % 2:
        raise ArbiterError(
            f"results come in pairs GAME RESULT (e.g. G1 1-0 G2 0-1); {given[-1]!r} has no partner"
        )
    pairs = [[given[i], given[i + 1]] for i in range(0, len(given), 2)]
    if len(pairs) == 1:
        return _run(args, PlayoffResult(game=pairs[0][0], result=pairs[0][1]))
    return _run(args, PlayoffResults(results=pairs))


def run_decide(args: argparse.Namespace) -> int:
    return _run(args, DecidePlayoff(order=args.order, reason=args.reason))


def run_ruling(args: argparse.Namespace) -> int:
    ruling = RuleOnTie(players=args.players, reason=args.reason, broken=args.break_tie)
    return _run(args, ruling)


def run_log(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        state = stored_playoff(session.state)
    if state is None:
        print("No play-off has been started.")
        return 0
    if args.json:
        print(json.dumps([{"article": e.article, "text": e.text} for e in state.log], indent=2))
        return 0
    for entry in state.log:
        print(f"{entry.article:>10}  {entry.text}")
    return 0
