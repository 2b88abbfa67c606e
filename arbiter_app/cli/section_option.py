"""``--section NAME`` on every command about one tournament of the event.

An event file holds one or more sections, each a tournament of its own. The
option is added to every command that reads or changes one tournament, and
the section it names is chosen in every tournament file the command opens;
an event of one section needs none, and one of several refuses without it,
naming its sections. Kept apart from :mod:`arbiter_app.cli.sections` so that
every command line can add it without importing the quads and presets.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

SECTION_OPTION = "--section"

WHOLE_FILE_COMMANDS = frozenset(
    {
        "new",
        "import",
        "undo",
        "redo",
        "log",
        "verify",
        "copy",
        "generate",
        "check",
        "section",
        "quads",
        "report",
    }
)
"""Commands about the file as a whole (or that make a new one): they take no ``--section``
of this kind (``quads`` and ``section move`` have their own: the section they start from)."""


def add_section_option(command: str, parser: argparse.ArgumentParser) -> None:
    """Give ``--section NAME`` to *command*'s parser (to each of its leaves, for a command with
    actions), unless the command is about the file as a whole."""
    if command not in WHOLE_FILE_COMMANDS:
        _add_to_leaves(parser)


def _add_to_leaves(parser: argparse.ArgumentParser) -> None:
    nested = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if nested:
        for action in nested:
            for child in action.choices.values():
                _add_to_leaves(child)
        return
    if any(SECTION_OPTION in a.option_strings for a in parser._actions):
        return
    parser.add_argument(
        SECTION_OPTION,
        dest="section",
        metavar="NAME",
        help="the section of the event (needed when the event has several)",
    )


def choose_section(args: argparse.Namespace) -> Callable[[], None]:
    """Have every tournament file the command opens read the section ``--section`` named;
    returns the way to stop."""
    wanted = getattr(args, "section", None)
    if not wanted or getattr(args, "command", None) in WHOLE_FILE_COMMANDS:
        return lambda: None
    from arbiter_app.session.session import Session, on_open

    def choose(session: Session) -> None:
        session.select(wanted)

    return on_open(choose)
