"""``arbiter-app import-pgn FILE GAMES.pgn``: record play-off results from a PGN file.

The file's games are matched to the play-off games waiting for a result
(:mod:`arbiter_app.exports.pgn_results`); either every game fits and each
result is recorded in one journaled action, or nothing is recorded.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.words import count
from arbiter_app.session.commands import PlayoffResults
from arbiter_app.sheets.files import read_text


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "import-pgn",
        description="Record the results of play-off games from a PGN file (all or nothing).",
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter)")
    p.add_argument("pgn", type=Path, help="the PGN file with the play-off games")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from arbiter_app.exports.pgn import read_pgn_results
    from arbiter_app.exports.pgn_results import match_results
    from arbiter_app.session import Session
    from arbiter_app.session.playoff_commands import stored_playoff

    games = read_pgn_results(read_text(args.pgn), source=str(args.pgn))
    with Session.open(args.file) as session:
        state = stored_playoff(session.state)
        if state is None:
            raise ArbiterError(f"{args.file}: no play-off has been started in this event")
        matched = match_results(session.event, state, games, source=str(args.pgn))
        if matched:
            # Every result of the file in one action: one transaction, one journal entry.
            session.run(PlayoffResults(results=[[m.game, m.result] for m in matched]))
    skipped = len(games) - len(matched)
    note = f" ({skipped} recorded already)" if skipped else ""
    print(f"recorded {count(len(matched), 'play-off result')} from {args.pgn}{note}")

    return 0
