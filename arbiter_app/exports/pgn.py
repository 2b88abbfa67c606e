"""PGN of the play-off games, and reading their results back from a PGN file.

Games are written and read with python-chess (``chess.pgn``), so the tag
order, quoting and line wrapping follow the PGN standard. Each game carries
the seven-tag roster (Event, Site, Date, Round, White, Black, Result) and
TimeControl in the FIDE/TRF-26 encoding (``600+5``; PGN's own notation for
symmetric clocks). An Armageddon game (GCT 2023 articles 2.5 and 3.5:
White 5 minutes, Black 4, draw odds to Black) has asymmetric clocks, which
PGN cannot express, so its TimeControl is the TRF-26 form with Arbiter's
mark for an increment from a given move (``W300+2@61-B240+2@61``), and the
tag ``Armageddon`` says that a draw counts as a win for Black.

The reader accepts any PGN whose games name both players and a final result;
every problem is reported with its line, and nothing is half-imported.
"""

from __future__ import annotations

import bisect
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.result import OVER_THE_BOARD

if TYPE_CHECKING:
    import chess.pgn

# python-chess is imported where games are written or read, not with this module: the
# desktop app loads this module at start and a third of a second matters there.

RESULTS = tuple(r.pgn for r in OVER_THE_BOARD)
ARMAGEDDON_TAG = "Armageddon"
ARMAGEDDON_TEXT = "draw counts as a win for Black"
STAGE_TAG = "Stage"


@dataclass(frozen=True, slots=True)
class PlayoffGame:
    """One game of a play-off, as exported to PGN and read back.

    *round* is the play-off round in PGN's dotted form (``1.1``: stage 1,
    game 1); *result* one of ``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` (not yet
    played); *moves* the moves in SAN when they were recorded.
    """

    event: str
    site: str
    day: date | None
    round: str
    white: str
    black: str
    result: str = "*"
    time_control: str = ""
    armageddon: bool = False
    moves: tuple[str, ...] = ()
    stage: str = ""
    """Which part of the play-off (``places 1-3: round robin 1, round 2``); PGN tag ``Stage``."""

    @property
    def winner(self) -> str | None:
        """The player who goes through: an Armageddon draw goes to Black (GCT 2023 art. 2.5.2)."""
        if self.result == "1-0":
            return self.white
        if self.result == "0-1":
            return self.black
        if self.result == "1/2-1/2" and self.armageddon:
            return self.black
        return None


def _pgn_date(day: date | None) -> str:
    return day.strftime("%Y.%m.%d") if day else "????.??.??"


def game_to_pgn(game: PlayoffGame) -> chess.pgn.Game:
    """The python-chess game of *game* (moves checked for legality when given)."""
    import chess
    import chess.pgn

    pgn = chess.pgn.Game()
    pgn.headers["Event"] = game.event or "?"
    pgn.headers["Site"] = game.site or "?"
    pgn.headers["Date"] = _pgn_date(game.day)
    pgn.headers["Round"] = game.round or "?"
    pgn.headers["White"] = game.white or "?"
    pgn.headers["Black"] = game.black or "?"
    pgn.headers["Result"] = game.result
    pgn.headers["TimeControl"] = game.time_control or "?"
    if game.stage:
        pgn.headers[STAGE_TAG] = game.stage
    if game.armageddon:
        pgn.headers[ARMAGEDDON_TAG] = ARMAGEDDON_TEXT
    node: chess.pgn.GameNode = pgn
    board = chess.Board()
    for ply, san in enumerate(game.moves, start=1):
        try:
            move = board.parse_san(san)
        except ValueError as exc:
            raise ValueError(f"{game.white} – {game.black}: move {ply} {san!r}: {exc}") from None
        board.push(move)
        node = node.add_variation(move)
    if game.armageddon and game.result == "1/2-1/2":
        pgn.comment = "Drawn Armageddon game: Black goes through."
    return pgn


def games_to_pgn(games: Iterable[PlayoffGame]) -> str:
    """All *games* as one PGN text (games separated by a blank line)."""
    chunks = []
    for game in games:
        import chess.pgn

        exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=True)
        chunks.append(game_to_pgn(game).accept(exporter))
    return "\n\n".join(chunks) + ("\n" if chunks else "")


class _CountingReader(io.StringIO):
    """A text handle that counts the lines python-chess has read (to report where)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.lines_read = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(-1 if size is None else size)
        if line:
            self.lines_read += 1
        return line


_LIBRARY_SLIPS = (IndexError, KeyError, AttributeError, AssertionError, ValueError)
"""What python-chess's PGN reader raises on some malformed input instead of recording an
error on the game (python-chess 1.11: a NAG with no move before it; a NAG of thousands of
digits, which int() refuses)."""


def read_pgn_results(text: str, *, source: str = "PGN") -> list[PlayoffGame]:
    """The games of a PGN file as :class:`PlayoffGame` values (results for the play-off).

    Raises :class:`InputError` listing every game without both players, with
    no final result, or with moves python-chess could not read.
    """
    import chess.pgn

    handle = _CountingReader(text)
    # The lines where a tag starts, found once: looking for the next one from the top of
    # the text for every game made reading quadratic (16,000 games: a minute and a half).
    tags = [n for n, line in enumerate(text.splitlines(), 1) if line.lstrip().startswith("[")]
    games: list[PlayoffGame] = []
    issues: list[Issue] = []
    while True:
        start = handle.lines_read + 1
        number = len(games) + 1
        try:
            game = chess.pgn.read_game(handle)
        except _LIBRARY_SLIPS:
            # python-chess's reader trips over some malformed move text (a NAG or a
            # closing parenthesis before any move: "b1)$1"); the rest cannot be read.
            issues.append(
                Issue(
                    source,
                    _first_tag_line(tags, start),
                    0,
                    f"game {number}: the move text cannot be read",
                )
            )
            break
        if game is None:
            break
        where = _first_tag_line(tags, start)
        h = game.headers
        for err in game.errors:
            # python-chess appends "while parsing <Game at 0x…>": the game number says that.
            message = str(err).split(" while parsing", 1)[0]
            issues.append(Issue(source, where, 0, f"game {number}: {message}"))
        for tag in ("White", "Black"):
            if h.get(tag, "?") in ("", "?"):
                issues.append(Issue(source, where, 0, f"game {number}: no {tag} player"))
        result = h.get("Result", "*")
        if result not in RESULTS:
            issues.append(
                Issue(
                    source, where, 0, f"game {number}: result {result!r} is not 1-0, 0-1 or 1/2-1/2"
                )
            )
        games.append(
            PlayoffGame(
                event=h.get("Event", ""),
                site=h.get("Site", ""),
                day=_parse_date(h.get("Date", "")),
                round=h.get("Round", ""),
                white=h.get("White", ""),
                black=h.get("Black", ""),
                result=result,
                time_control=h.get("TimeControl", ""),
                armageddon=ARMAGEDDON_TAG in h or "armageddon" in h.get("Event", "").lower(),
                # A game python-chess could not set up (a bad FEN) has no moves to read.
                moves=() if game.errors else tuple(_sans(game)),
                stage=h.get(STAGE_TAG, ""),
            )
        )
    if not games and not issues:
        issues.append(Issue(source, 0, 0, "no games in the file"))
    if issues:
        raise InputError(issues)
    return games


def _first_tag_line(tags: Sequence[int], from_line: int) -> int:
    """The line of the first tag at or after *from_line* (where a game starts), among the
    sorted line numbers *tags*; *from_line* itself when no tag follows."""
    index = bisect.bisect_left(tags, max(from_line, 1))
    return tags[index] if index < len(tags) else from_line


def _parse_date(text: str) -> date | None:
    """The PGN Date tag (``YYYY.MM.DD``); None when it is unknown (``????.??.??``) or no date
    (a number too big for a date is no date either)."""
    try:
        y, m, d = (int(x) for x in text.split("."))
        return date(y, m, d)
    except (ValueError, OverflowError):
        return None


def _sans(game: chess.pgn.Game) -> Sequence[str]:
    board = game.board()
    out = []
    for move in game.mainline_moves():
        out.append(board.san(move))
        board.push(move)
    return out
