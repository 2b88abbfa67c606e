"""A board's result: the one vocabulary of the window, the command line, the sheets and PGN.

A result is read from White's side. The arbiter types it on the board with
one key (the pairings panel), writes it on the command line in the usual
notation, and reads it on the screen, on the printed sheets and in PGN; all of
those spellings are here, next to the round entries a result gives both
players (FIDE C.07 article 16: a forfeit is an unplayed game, not a game
result; TRF-16 codes ``+``/``-`` for a forfeit win and loss).

======================  ===  ===============  ======  =======  =========
result                  key  journal          screen  sheet    PGN
======================  ===  ===============  ======  =======  =========
White wins              1    1-0              1-0     1-0      1-0
Black wins              0    0-1              0-1     0-1      0-1
draw                    =    1/2-1/2          ½-½     ½-½      1/2-1/2
White wins by forfeit   \\+   +-               \\+ -     +/-      1-0
Black wins by forfeit   \\-   -+               \\- +     -/+      0-1
neither player came     x    --               \\- -     -/-      \\*
White ½, Black 0        h    1/2-0            ½-0     ½-0      \\*
White 0, Black ½        j    0-1/2            0-½     0-½      \\*
both lose               z    0-0              0-0     0-0      \\*
White wins, not rated   w    1-0 unrated      1-0 nr  1-0 nr   1-0
draw, not rated         d    1/2-1/2 unrated  ½-½ nr  ½-½ nr   1/2-1/2
Black wins, not rated   l    0-1 unrated      0-1 nr  0-1 nr   0-1
======================  ===  ===============  ======  =======  =========

½-0, 0-½ and 0-0 are games played and scored unequally by the arbiter (FIDE
Laws of Chess article 12.9: reducing the points of the offending player, or
declaring the game lost and deciding the opponent's score; FIDE's checklist for
tournament programs, Q24 and Q180). A game not rated (TRF ``W D L``, for instance
a game that lasted less than one move; checklist Q185) counts in the
standings and tie-breaks as a game played (C.07 article 16 names only forfeits
and byes as unplayed) and is left out of the rating report's rated games. The
keys ``w``, ``d`` and ``l`` read from White's side, as TRF's codes do.

Other keys: ``5`` and ``½`` for a draw (as other pairing programs take them),
``*`` for a double forfeit. Other spellings of the notation: ``1/2``, ``½-½``,
``=``, ``0.5-0.5``, ``1:0``, ``+:-``, ``+/-`` and so on (:meth:`GameResult.parse`).
"""

from __future__ import annotations

import enum

from arbiter_app.core.model import Colour, EntryKind, Outcome, RoundEntry

ADJOURNED = "adjourned"
"""What a board holds while its game is adjourned or its result not known yet (checklist
Q157): no result. The round is not complete, so the next one is not paired (a Swiss round
is paired on the scores of every round played: the checklist's Q158 answered no), and the
board takes its result when the game is over (Q162). On the command line ``*`` says so too
(PGN's mark of a game without result); in the window ``*`` stays the double forfeit's key."""

ADJOURNED_LABEL = "adj."
"""How the screen and the sheets show a board whose game is adjourned."""

ADJOURNED_KEY = "a"
"""The key that marks a board's game adjourned in the pairings panel."""


def is_adjourned(text: str) -> bool:
    """Whether *text* says the game is adjourned or its result not known: ``adjourned``,
    ``adj``, ``adj.``, ``*`` (PGN's game in progress or result unknown), ``?`` (TRF's
    mark of a game adjourned, checklist Q165) or ``unknown``."""
    return "".join(text.split()).lower() in _ADJOURNED_SPELLINGS


_ADJOURNED_SPELLINGS = frozenset({"adjourned", "adj", "adj.", "*", "?", "unknown"})


class GameResult(enum.Enum):
    """The result of one game on a board, from White's side; the value is the journal's text."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"
    WHITE_HALF = "1/2-0"
    BLACK_HALF = "0-1/2"
    BOTH_LOSE = "0-0"
    WHITE_WINS_UNRATED = "1-0 unrated"
    DRAW_UNRATED = "1/2-1/2 unrated"
    BLACK_WINS_UNRATED = "0-1 unrated"

    # -- spellings -------------------------------------------------------------------
    @property
    def key(self) -> str:
        """The key typed on the board in the pairings panel."""
        return _KEYS[self]

    @property
    def label(self) -> str:
        """How the window shows it."""
        return _SCREEN[self]

    @property
    def sheet(self) -> str:
        """How the printed sheets and the exports show it."""
        return _SHEET[self]

    @property
    def pgn(self) -> str:
        """PGN's Result tag (PGN standard 8.1.1.7): a forfeit reads as the win it scores,
        a double forfeit as ``*`` (no game result)."""
        return _PGN[self]

    @property
    def is_forfeit(self) -> bool:
        """Not played over the board (FIDE C.07 article 16)."""
        return self in _FORFEITS

    @property
    def is_rated(self) -> bool:
        """False for a game played but not rated (TRF-26 codes ``W D L``)."""
        return self not in _UNRATED

    @classmethod
    def from_key(cls, text: str) -> GameResult | None:
        """The result of a key typed on the board; None for any other key."""
        return _BY_KEY.get(text.lower())

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """Read a result in any usual notation; ValueError names the accepted spellings."""
        key = "".join(text.split()).replace(":", "-").replace("–", "-")
        key = key.replace("½", "1/2").replace("0.5", "1/2")
        mark = next((m for m in _UNRATED_MARKS if key.lower().endswith(m)), "")
        unrated = bool(mark)
        if unrated:
            key = key[: -len(mark)]
        found = _SPELLINGS.get(key)
        if unrated and found is not None:
            found = _NOT_RATED.get(found)
        elif found is None and not unrated:
            found = _TRF_LETTERS.get(key.upper())
        if found is None:
            raise ValueError(
                f"not a result: {text!r} (use 1-0, 0-1, 1/2 or ½-½; a forfeit +- or 1F-0, "
                "-+ or 0-1F, -- or 0F-0F; ½-0, 0-½ or 0-0; a game not rated "
                "1-0 unrated, ½-½ unrated, 0-1 unrated or W-L, D-D, L-W; a game adjourned "
                "or whose result is not known yet: adj)"
            )
        return found

    # -- what it gives the players ------------------------------------------------------
    def entries(
        self,
        white: int,
        black: int,
        white_rating: int | None = None,
        black_rating: int | None = None,
    ) -> tuple[RoundEntry, RoundEntry]:
        """White's and Black's round entries (each names the other as opponent).

        *white_rating* / *black_rating* are the ratings at the start of the
        round, kept on the opponent's entry (the online Swiss rules, AROC 1).
        """
        w, b = Colour.WHITE, Colour.BLACK
        kinds = _FORFEIT_KINDS.get(self)
        if kinds is not None:
            return (
                RoundEntry(kinds[0], black, w, opponent_rating=black_rating),
                RoundEntry(kinds[1], white, b, opponent_rating=white_rating),
            )
        mine, theirs = _OUTCOMES[self]
        rated = self.is_rated
        return (
            RoundEntry.game(black, w, mine, rated=rated, opponent_rating=black_rating),
            RoundEntry.game(white, b, theirs, rated=rated, opponent_rating=white_rating),
        )

    @classmethod
    def of_entries(
        cls, white_entry: RoundEntry | None, black_entry: RoundEntry | None
    ) -> GameResult | None:
        """The result the two entries of a board stand for (None while the game is on)."""
        if white_entry is None or not white_entry.kind.has_opponent:
            return None
        if white_entry.kind is EntryKind.FORFEIT_WIN:
            return cls.WHITE_FORFEIT_WIN
        if white_entry.kind is EntryKind.FORFEIT_LOSS:
            if black_entry is not None and black_entry.kind is EntryKind.FORFEIT_LOSS:
                return cls.DOUBLE_FORFEIT
            return cls.BLACK_FORFEIT_WIN
        mine = white_entry.outcome
        theirs = black_entry.outcome if black_entry is not None else None
        if theirs is None or mine is None:
            theirs = mine.opposite if mine is not None else Outcome.DRAW
            mine = mine or Outcome.DRAW
        found = _BY_OUTCOMES.get((mine, theirs), cls.DRAW)
        if not white_entry.rated:
            return _NOT_RATED.get(found, found)
        return found


OVER_THE_BOARD = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)
"""The results of a game played, as a result box lists them."""

FORFEITS = (
    GameResult.WHITE_FORFEIT_WIN,
    GameResult.BLACK_FORFEIT_WIN,
    GameResult.DOUBLE_FORFEIT,
)
"""The results of a game not played (FIDE C.07 article 16), as a result box lists them."""

UNEQUAL = (GameResult.WHITE_HALF, GameResult.BLACK_HALF, GameResult.BOTH_LOSE)
"""A game played and scored unequally (Laws of Chess article 12.9; checklist Q180)."""

NOT_RATED = (
    GameResult.WHITE_WINS_UNRATED,
    GameResult.DRAW_UNRATED,
    GameResult.BLACK_WINS_UNRATED,
)
"""A game played but not rated (TRF-26 ``W D L``; checklist Q185), as a result box lists them."""


def sheet_text(notation: str | None) -> str:
    """The printed label of a result kept in any notation ("" for none, or for text that is
    not a result)."""
    if not notation:
        return ""
    try:
        return GameResult.parse(notation).sheet
    except ValueError:
        return ""


_R = GameResult
_KEYS = {
    _R.WHITE_WINS: "1",
    _R.BLACK_WINS: "0",
    _R.DRAW: "=",
    _R.WHITE_FORFEIT_WIN: "+",
    _R.BLACK_FORFEIT_WIN: "-",
    _R.DOUBLE_FORFEIT: "x",
    _R.WHITE_HALF: "h",
    _R.BLACK_HALF: "j",
    _R.BOTH_LOSE: "z",
    _R.WHITE_WINS_UNRATED: "w",
    _R.DRAW_UNRATED: "d",
    _R.BLACK_WINS_UNRATED: "l",
}
OTHER_KEYS = {"5": _R.DRAW, "½": _R.DRAW, "*": _R.DOUBLE_FORFEIT}
"""Keys that also stand for a result, beside each result's own :attr:`GameResult.key`."""
_BY_KEY = {**{key: result for result, key in _KEYS.items()}, **OTHER_KEYS}
_SCREEN = {
    _R.WHITE_WINS: "1-0",
    _R.BLACK_WINS: "0-1",
    _R.DRAW: "½-½",
    _R.WHITE_FORFEIT_WIN: "+ -",
    _R.BLACK_FORFEIT_WIN: "- +",
    _R.DOUBLE_FORFEIT: "- -",
    _R.WHITE_HALF: "½-0",
    _R.BLACK_HALF: "0-½",
    _R.BOTH_LOSE: "0-0",
    _R.WHITE_WINS_UNRATED: "1-0 nr",
    _R.DRAW_UNRATED: "½-½ nr",
    _R.BLACK_WINS_UNRATED: "0-1 nr",
}
_SHEET = {
    _R.WHITE_WINS: "1-0",
    _R.BLACK_WINS: "0-1",
    _R.DRAW: "½-½",
    _R.WHITE_FORFEIT_WIN: "+/-",
    _R.BLACK_FORFEIT_WIN: "-/+",
    _R.DOUBLE_FORFEIT: "-/-",
    _R.WHITE_HALF: "½-0",
    _R.BLACK_HALF: "0-½",
    _R.BOTH_LOSE: "0-0",
    _R.WHITE_WINS_UNRATED: "1-0 nr",
    _R.DRAW_UNRATED: "½-½ nr",
    _R.BLACK_WINS_UNRATED: "0-1 nr",
}
_PGN = {
    _R.WHITE_WINS: "1-0",
    _R.BLACK_WINS: "0-1",
    _R.DRAW: "1/2-1/2",
    _R.WHITE_FORFEIT_WIN: "1-0",
    _R.BLACK_FORFEIT_WIN: "0-1",
    _R.DOUBLE_FORFEIT: "*",
    # PGN's Result tag has no unequal result (PGN standard 8.1.1.7): "*" says so.
    _R.WHITE_HALF: "*",
    _R.BLACK_HALF: "*",
    _R.BOTH_LOSE: "*",
    _R.WHITE_WINS_UNRATED: "1-0",
    _R.DRAW_UNRATED: "1/2-1/2",
    _R.BLACK_WINS_UNRATED: "0-1",
}
_FORFEITS = frozenset({_R.WHITE_FORFEIT_WIN, _R.BLACK_FORFEIT_WIN, _R.DOUBLE_FORFEIT})
_FORFEIT_KINDS = {
    _R.WHITE_FORFEIT_WIN: (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS),
    _R.BLACK_FORFEIT_WIN: (EntryKind.FORFEIT_LOSS, EntryKind.FORFEIT_WIN),
    _R.DOUBLE_FORFEIT: (EntryKind.FORFEIT_LOSS, EntryKind.FORFEIT_LOSS),
}
_W, _D, _L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
_OUTCOMES = {
    _R.WHITE_WINS: (_W, _L),
    _R.BLACK_WINS: (_L, _W),
    _R.DRAW: (_D, _D),
    _R.WHITE_HALF: (_D, _L),
    _R.BLACK_HALF: (_L, _D),
    _R.BOTH_LOSE: (_L, _L),
    _R.WHITE_WINS_UNRATED: (_W, _L),
    _R.DRAW_UNRATED: (_D, _D),
    _R.BLACK_WINS_UNRATED: (_L, _W),
}
"""White's and Black's outcome of a game played."""
_UNRATED = frozenset({_R.WHITE_WINS_UNRATED, _R.DRAW_UNRATED, _R.BLACK_WINS_UNRATED})
_BY_OUTCOMES = {pair: r for r, pair in _OUTCOMES.items() if r not in _UNRATED}
_NOT_RATED = {_R.WHITE_WINS: _R.WHITE_WINS_UNRATED, _R.DRAW: _R.DRAW_UNRATED}
_NOT_RATED[_R.BLACK_WINS] = _R.BLACK_WINS_UNRATED
_UNRATED_MARKS = ("unrated", "nr")
"""What follows a result of a game not rated: ``1-0 unrated``, or ``1-0 nr`` as shown."""
_TRF_LETTERS = {"W-L": _R.WHITE_WINS_UNRATED, "D-D": _R.DRAW_UNRATED, "L-W": _R.BLACK_WINS_UNRATED}
"""TRF-26's letters of a game not rated, White's then Black's (``W-L``, ``D-D``, ``L-W``)."""
# The notation after normalising (colons and en dashes to "-", "½" and "0.5" to "1/2").
_SPELLINGS = {
    "1-0": _R.WHITE_WINS,
    "0-1": _R.BLACK_WINS,
    "1/2-1/2": _R.DRAW,
    "1/2": _R.DRAW,
    "=": _R.DRAW,
    "=-=": _R.DRAW,
    "+-": _R.WHITE_FORFEIT_WIN,
    "+--": _R.WHITE_FORFEIT_WIN,
    "+/-": _R.WHITE_FORFEIT_WIN,
    "-+": _R.BLACK_FORFEIT_WIN,
    "-+-": _R.BLACK_FORFEIT_WIN,
    "-/+": _R.BLACK_FORFEIT_WIN,
    "--": _R.DOUBLE_FORFEIT,
    "---": _R.DOUBLE_FORFEIT,
    "-/-": _R.DOUBLE_FORFEIT,
    # F marks a score by forfeit (1F: the point of the player present): spellings without a
    # leading dash, which a command line takes as a value (``playoff result FILE G1 0-1F``).
    "1F-0": _R.WHITE_FORFEIT_WIN,
    "0-1F": _R.BLACK_FORFEIT_WIN,
    "0F-0F": _R.DOUBLE_FORFEIT,
    "1f-0": _R.WHITE_FORFEIT_WIN,
    "0-1f": _R.BLACK_FORFEIT_WIN,
    "0f-0f": _R.DOUBLE_FORFEIT,
    # Unequal results (Laws of Chess article 12.9).
    "1/2-0": _R.WHITE_HALF,
    "0-1/2": _R.BLACK_HALF,
    "0-0": _R.BOTH_LOSE,
}
