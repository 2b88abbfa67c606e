"""FIDE C.02 warning levels on the command line: ``--confirm`` and how questions are printed.

A command that changes the event may ask first (see
:mod:`arbiter_app.core.warning_levels`). Without an answer the command prints
the question, its consequences and the article, changes nothing and exits
with status 2. ``--confirm`` answers a level-3 question; a level-4 question
is answered only by its own token, printed with it
(``--confirm=tiebreaks-reorder-standings``), so a script that always adds
``--confirm`` never passes a level-4 question by accident. Level 5 is refused
whatever the answer. Level-2 notices are printed after the command's output.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from arbiter_app.core.warning_levels import Alert, Confirmation, ConfirmationNeeded, Level


def add_confirm_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--confirm",
        nargs="?",
        const=True,
        default=None,
        metavar="TOKEN",
        help="answer the command's warnings (FIDE C.02): alone, a level-3 question; "
        "--confirm=TOKEN a level-4 question, with the token it prints (several: "
        "TOKEN,TOKEN)",
    )


def confirmation(args: argparse.Namespace) -> Confirmation:
    """The answer ``--confirm`` gave (None when it was not given)."""
    value: Confirmation = getattr(args, "confirm", None)
    # A plain --confirm flag (store_true) is False when it was not given.
    return None if value is False else value


def describe(question: ConfirmationNeeded) -> str:
    """The questions of a refused command as the arbiter reads them, with how to answer."""
    lines: list[str] = []
    for alert in question.warnings:
        lines.append(f"level {int(alert.level)} question ({alert.article}):")
        lines.append(f"  {alert.question}")
        if alert.consequences:
            if alert.level is Level.CONFIRM_CONSEQUENCES:
                lines.append("  Consequences:")
            lines.extend(f"  - {line}" for line in alert.consequences)
    tokens = question.tokens
    if tokens:
        how = f"run the command again with --confirm={','.join(tokens)}"
    else:
        how = "run the command again with --confirm"
    lines.append(f"Nothing was changed. To go ahead, {how}.")
    return "\n".join(lines)


def print_notices(notices: Sequence[Alert], out: TextIO | None = None) -> None:
    """Print the level-2 notices of a command that was done."""
    stream = out or sys.stdout
    for alert in notices:
        print(f"notice: {alert.question} ({alert.article})", file=stream)
