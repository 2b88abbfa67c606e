"""The ``arbiter-app`` command: headless commands over the session and the exports.

Each command lives in a module of this package that exposes
``register(subparsers)``; the module list below is the whole command set.
Expected failures (bad input, refused actions) print one clear message to
standard error and exit with status 2; so does a command whose FIDE C.02
questions were not answered (:mod:`arbiter_app.cli.confirming`: it prints the
questions and how to answer them with ``--confirm``). The GUI starts when no
command is given.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from arbiter_app import __version__
from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.warning_levels import ConfirmationNeeded

COMMAND_MODULES: tuple[str, ...] = (
    "new",
    "trf_io",
    "player",
    "result",
    "history",
    "file_copy",
    "standings",
    "explain",
    "pair",
    "playoff",
    "prizes",
    "tour",
    "print_sheet",
    "pgn_import",
    "settings",
    "pairing",
    "status",
    "ratings",
    "check",
    "generate",
    "sections",
    "backups",
)

COMMAND_NAMES: dict[str, str] = {
    "new": "new",
    "import": "trf_io",
    "export": "trf_io",
    "player": "player",
    "result": "result",
    "undo": "history",
    "redo": "history",
    "log": "history",
    "verify": "history",
    "copy": "file_copy",
    "backups": "backups",
    "standings": "standings",
    "explain": "explain",
    "pair": "pair",
    "playoff": "playoff",
    "prizes": "prizes",
    "tour": "tour",
    "print": "print_sheet",
    "import-pgn": "pgn_import",
    "settings": "settings",
    "pairing": "pairing",
    "status": "status",
    "ratings": "ratings",
    "check": "check",
    "generate": "generate",
    "section": "sections",
    "quads": "sections",
}
"""Which module registers each command: a command line imports only the module it needs
(the others bring SQLite, the pairing engine and more, which would slow every start).
Modules missing from this table are always imported."""

EXIT_USAGE = 2


def modules_for(argv: Sequence[str]) -> tuple[str, ...]:
    """The command modules to import for *argv*: all of them for help or an unknown command."""
    first = next((a for a in argv if not a.startswith("-")), None)
    chosen = COMMAND_NAMES.get(first) if first is not None else None
    if chosen is None:
        return COMMAND_MODULES
    known = set(COMMAND_NAMES.values())
    return tuple(m for m in COMMAND_MODULES if m == chosen or m not in known)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
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
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES if argv is None else modules_for(argv):
        module = importlib.import_module(f"arbiter_app.cli.{name}")
        module.register(sub)
    from arbiter_app.cli.section_option import add_section_options

    add_section_options(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        return start_gui(args)
    stop_warning = _warn_about_opened_files(argv)
    from arbiter_app.store.notices import on_notice

    # What the store did on its own (a journal that was not the event's, set aside).
    stop_notices = on_notice(lambda text: print(f"arbiter-app: warning: {text}", file=sys.stderr))
    from arbiter_app.cli.section_option import choose_section

    stop_choosing = choose_section(args)
    try:
        result: int = handler(args)
    except ConfirmationNeeded as question:
        from arbiter_app.cli.confirming import describe

        print(f"arbiter-app: {describe(question)}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as exc:
        print(f"arbiter-app: {_first_issues(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except ArbiterError as exc:
        print(f"arbiter-app: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    finally:
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
