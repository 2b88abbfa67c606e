"""The ``arbiter-app`` command: headless commands over the session and the exports.

Each command lives in a module of this package that exposes
``register(subparsers)``; :data:`COMMANDS` below is the whole command set, and
a module is imported only when its command runs.
Expected failures (bad input, refused actions) print one clear message to
standard error and exit with status 2; so does a command whose FIDE C.02
questions were not answered (:mod:`arbiter_app.cli.confirming`: it prints the
questions and how to answer them with ``--confirm``). The GUI starts when no
command is given.
"""

from __future__ import annotations

import argparse
import errno
import gc
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from arbiter_app import __version__

if TYPE_CHECKING:
    from arbiter_app.core.errors import InputError


class Command(NamedTuple):
    """A command of the command line: the module of this package that registers it
    (``register(subparsers)``) and the line ``arbiter-app --help`` gives it."""

    module: str
    summary: str


COMMANDS: dict[str, Command] = {
    "new": Command("new", "create a tournament file for a new event"),
    "import": Command("trf_io", "create a tournament file from a TRF file"),
    "export": Command(
        "trf_io",
        "write the final standings as CSV, JSON, HTML or TRF, or the play-off games as PGN",
    ),
    "player": Command("player", "manage players"),
    "result": Command("result", "enter a board's result"),
    "undo": Command("history", "take back the last action"),
    "redo": Command("history", "bring back the last action undone"),
    "log": Command("history", "list every action in the journal"),
    "verify": Command("history", "check the file: integrity, journal chain, state = replay"),
    "copy": Command(
        "file_copy", "write a whole copy of an event file (also while the window has it open)"
    ),
    "standings": Command("standings", "print the standings with tie-breaks"),
    "explain": Command("explain", "explain one player's tie-break value"),
    "pair": Command(
        "pair", "pair the next round (TRF: engine format; .arbiter: recorded) or check a TRF"
    ),
    "playoff": Command("playoff", "run the tie-break play-off step by step"),
    "prizes": Command("prizes", "prize money and tour points after any play-off"),
    "tour": Command("tour", "tour standings across events, and the tour play-off"),
    "print": Command(
        "print_sheet",
        "print a sheet (pairings, result slips, crosstable, standings, ...) as PDF",
    ),
    "import-pgn": Command("pgn_import", "record play-off results from a PGN file"),
    "settings": Command("settings", "print or change the event's settings"),
    "pairing": Command("pairing", "pair a round by hand, its manual pairing, prohibited pairings"),
    "chess960": Command(
        "chess960", "draw a Chess960 round's starting position, or list those drawn"
    ),
    "status": Command(
        "status", "where the tournament stands: rounds, standings, pairing numbers, play-off"
    ),
    "ratings": Command("ratings", "FIDE rating lists on this computer: import, find, check"),
    "check": Command(
        "check", "check the pairings and the standings of a TRF file (exit 1 when they differ)"
    ),
    "generate": Command(
        "generate", "write a random tournament paired by Arbiter's engine as a TRF file"
    ),
    "section": Command(
        "sections", "the event's sections: add, list, rename, remove, move a player"
    ),
    "quads": Command(
        "sections",
        "split the registered players by rating into round robins of four (US Chess 30G)",
    ),
    "backups": Command(
        "backups", "show or choose the folder a dated copy of the event goes to after each round"
    ),
    "report": Command(
        "report", "what a rating report still lacks: FIDE's (TRF), or US Chess's with --uschess"
    ),
    "serve": Command(
        "serve", "serve the players' page (pairings, standings, ...) to phones on the local network"
    ),
}
"""Every command, in the order ``--help`` lists them. A command line imports the module of
the command it names and no other: the modules bring the session, SQLite, the play-off and
pairing engines, Qt for printing, and ``--version`` or ``--help`` needs none of them."""

EXIT_USAGE = 2

READ_AND_ANSWER = frozenset({"standings", "explain", "print", "export", "status"})
"""Commands that read one event, answer and end. They run with Python's cyclic garbage
collector paused: reading an event of 10,000 players makes millions of objects, none of
them in a cycle, and the collector walked them all again and again (a quarter of the time
of ``standings`` at that size). It stays paused when the program ends with the command
(turned on again, it would walk every object once more on the way out) and runs again
for a caller that goes on (the tests call :func:`main` in process)."""


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The sub-commands, declared by name and summary alone; the parser of a command is
    built, by its module's ``register``, when the command line names it."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if isinstance(values, Sequence) and values:
            name = str(values[0])
            if name in COMMANDS and name not in self._built:
                self._build(COMMANDS[name].module)
        super().__call__(parser, namespace, values, option_string)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._built: set[str] = set()

    def _build(self, module_name: str) -> None:
        from arbiter_app.cli.section_option import add_section_option

        module = importlib.import_module(f"arbiter_app.cli.{module_name}")
        # The module registers its commands on a scratch action: the one shown by --help
        # keeps the summaries of COMMANDS, and only the parsers are taken over.
        scratch = argparse._SubParsersAction(
            option_strings=[], prog=self._prog_prefix, parser_class=self._parser_class
        )
        module.register(scratch)
        for name, child in scratch._name_parser_map.items():
            add_section_option(name, child)
            self._name_parser_map[name] = child
            self._built.add(name)


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser; each command's own options are read from its module when
    the command is used (see :data:`COMMANDS`)."""
    parser = argparse.ArgumentParser(
        prog="arbiter-app",
        description="Arbiter: standings, tie-breaks and play-offs for the chief arbiter.",
    )
    parser.add_argument("--version", action="version", version=f"arbiter-app {__version__}")
    parser.add_argument(
        "--demo", action="store_true", help="open the app on a copy of the sample event"
    )
    parser.add_argument(
        "--open",
        metavar="FILE",
        dest="open_file",
        help="open the app on a tournament file (what the desktop file association runs)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action=_Commands)
    for name, command in COMMANDS.items():
        sub.add_parser(name, help=command.summary, add_help=False)
    return parser


PRIZE_FUND_HINT = "set it with: arbiter-app prizes FILE --set 1st 2nd …"
"""Where the command line's user sets the prize fund the core says is missing."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line *argv* (default: the program's own, and the program ends with it)."""
    ends = argv is None
    if argv is None:
        argv = sys.argv[1:]
    args = build_parser().parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        return start_gui(args)
    from arbiter_app.cli.terminal import safe_output

    with safe_output():
        try:
            return _run(args, argv, handler, ends=ends)
        except OSError as exc:
            said = _path_refusal(exc)
            if said is None:
                raise
            print(f"arbiter-app: {said}", file=sys.stderr)
            return EXIT_USAGE


_PATH_REASONS = {
    errno.ENAMETOOLONG: "the name is too long for this computer's file system "
    "(a name holds at most 255 bytes, a whole path about 4,000); choose a shorter one",
    errno.ELOOP: "a loop of symbolic links, which leads to no file",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk is read-only",
    errno.ENOSPC: "the disk is full",
    errno.ENXIO: "no such device (a pipe nobody writes to, or a device that is gone)",
}
"""What a path the user named can do wrong, in words (issue 27: an over-long name gave
a traceback from whichever command met it first)."""


def _path_refusal(error: OSError) -> str | None:
    """*error* as a refusal naming its path, when it is about a path the user gave; None
    for any other error (a bug, which keeps its traceback)."""
    reason = _PATH_REASONS.get(error.errno or 0)
    if reason is None or error.filename is None:
        return None
    name = os.fsdecode(error.filename)
    if len(name) > 100:  # (a path of thousands of characters says nothing more in full)
        name = f"{name[:60]}…{name[-30:]} ({len(name):,} characters)"
    return f"{name}: {reason}"


def _run(
    args: argparse.Namespace, argv: Sequence[str], handler: Callable[..., int], *, ends: bool
) -> int:
    """Run the command *handler* of *args*, its expected failures printed in one message."""
    from arbiter_app.core.errors import ArbiterError, InputError, NoPrizeFund
    from arbiter_app.core.warning_levels import ConfirmationNeeded
    from arbiter_app.store.notices import on_notice

    stop_warning = _warn_about_opened_files(argv)
    # What the store did on its own (a journal that was not the event's, set aside).
    stop_notices = on_notice(lambda text: print(f"arbiter-app: warning: {text}", file=sys.stderr))
    from arbiter_app.cli.section_option import choose_section

    stop_choosing = choose_section(args)
    collecting = gc.isenabled() and not ends
    if args.command in READ_AND_ANSWER:
        gc.disable()
    try:
        result: int = handler(args)
    except ConfirmationNeeded as question:
        from arbiter_app.cli.confirming import describe

        print(f"arbiter-app: {describe(question)}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as exc:
        print(f"arbiter-app: {_first_issues(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except NoPrizeFund as exc:
        # The core's neutral reason, and what to type here to set the fund.
        print(f"arbiter-app: {exc} ({PRIZE_FUND_HINT})", file=sys.stderr)
        return EXIT_USAGE
    except ArbiterError as exc:
        print(f"arbiter-app: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    finally:
        if collecting:
            gc.enable()
        stop_choosing()
        stop_warning()
        stop_notices()
    return result


SHOWN_ISSUES = 40
"""Problems of one input printed at most: the first ones are where to start; a file that
is not what it claims to be would otherwise print thousands of lines."""


def _first_issues(error: InputError) -> str:
    issues = error.issues
    if len(issues) <= SHOWN_ISSUES:
        return str(error)
    rest = len(issues) - SHOWN_ISSUES
    shown = "\n".join(str(i) for i in issues[:SHOWN_ISSUES])
    more = "problem" if rest == 1 else "problems"
    return f"{shown}\n... and {rest:,} more {more} (mend the first ones and try again)"


def _warn_about_opened_files(argv: Sequence[str]) -> Callable[[], None]:
    """Print, once per file, what is wrong with every tournament file the command opens
    that still lets it be read (a journal that does not verify); and back up every file the
    command changes, when its action completes a round (:mod:`arbiter_app.session.backups`).

    Every command that names a tournament file listens, also one that loads the session
    only inside its handler (standings, status, print, …: issue 27); a command on TRF
    files alone does not pay for loading the session."""
    if any(str(a).lower().endswith(".arbiter") for a in argv):
        importlib.import_module("arbiter_app.session.session")
    session_module = sys.modules.get("arbiter_app.session.session")
    if session_module is None:
        return lambda: None  # this command opens no tournament file
    told: set[str] = set()

    def warn(session: Any) -> None:
        for warning in session.file_warnings:
            if warning not in told:
                told.add(warning)
                print(f"arbiter-app: warning: {warning}", file=sys.stderr)
        if not session.readonly:
            from arbiter_app.session.backups import attach_backups

            attach_backups(
                session, lambda report: print(f"arbiter-app: {report.text}", file=sys.stderr)
            )

    stop: Callable[[], None] = session_module.on_open(warn)
    return stop


def start_gui(args: argparse.Namespace) -> int:
    try:
        app_module = importlib.import_module("arbiter_app.app")
    except ModuleNotFoundError:
        print(
            "arbiter-app: the desktop application is not part of this build yet;"
            " see 'arbiter-app --help' for the commands",
            file=sys.stderr,
        )
        return EXIT_USAGE
    code: int = app_module.run(demo=bool(args.demo), open_file=args.open_file)
    return code
