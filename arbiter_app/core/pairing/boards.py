"""What a pairing is: boards, byes and the players left out of a round.

A :class:`RoundPairing` is the value every pairing function returns (Berger
round robin, Dutch Swiss, double Swiss) and what the manual-change checker
reads. It says nothing about results; :meth:`RoundPairing.entries` turns it
into round entries once the results are known, and :func:`append_round`
adds them to an event.

Double Swiss (City Chess OK rules: "each round comprises two games (one as Black,
one as White) against the same opponent"): a pairing round has two games per
board, the second with the colours reversed. The model stores them as two
consecutive round entries, so Swiss round *r* of a double Swiss occupies
entries ``2r-1`` and ``2r`` of every player (``System.games_per_round == 2``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, RoundEntry
from arbiter_app.core.result import GameResult
from arbiter_app.core.words import count


class PairingError(RuleError):
    """A round that cannot be paired under the rules (the message says why and where)."""


class NoLegalPairing(PairingError):
    """The system's rules leave the round no pairing (FIDE C.04.3 article 1.9.3, C.04.5
    article 3.3.3; US Chess 27A1, 28L-28M): the chief arbiter (the TD) decides, and pairs
    it by hand (FIDE C.02, manual pairings)."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board: *white* and *black* are pairing numbers (colours of the first game)."""

    number: int
    white: int
    black: int

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)

    def colour_of(self, tpn: int) -> Colour:
        if tpn == self.white:
            return Colour.WHITE
        if tpn == self.black:
            return Colour.BLACK
        raise KeyError(f"player {tpn} is not on board {self.number}")

    def opponent_of(self, tpn: int) -> int:
        return self.black if tpn == self.white else self.white


@dataclass(frozen=True, slots=True)
class Bye:
    """A player without a game this round.

    *kind* is ``PAIRING_BYE`` (the odd player out: FIDE C.04.1 c, US Chess 28L,
    the online Swiss rules "exempted"), ``HALF_BYE`` / ``FULL_BYE`` / ``ZERO_BYE``
    (requested), ``NOT_PAIRED`` (absent, not yet entered, or the free round of
    an odd round robin) or ``WITHDRAWN``. *reason* is a readable explanation.
    *odd_one_out* marks the player the pairing itself leaves without an
    opponent because the field is odd (the PAB, or the round-robin player
    drawn against the dummy number): the engines list that player as ``N 0``.
    """

    tpn: int
    kind: EntryKind
    reason: str = ""
    odd_one_out: bool = False


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round (a Swiss round for a double Swiss).

    Boards are in board order. *engine* names what made the pairing (for the
    journal); *notes* are readable remarks (which bye policy chose whom, …).
    """

    round: int
    boards: tuple[Board, ...]
    byes: tuple[Bye, ...] = ()
    games_per_round: int = 1
    engine: str = ""
    notes: tuple[str, ...] = ()
    log: tuple[str, ...] = ()
    """The engine's account of how it paired, step by step (the US Chess engine writes one:
    score groups, odd players, transpositions and interchanges with their rules); empty
    when the engine does not explain itself."""

    @property
    def pairing_bye(self) -> Bye | None:
        for bye in self.byes:
            if bye.kind is EntryKind.PAIRING_BYE:
                return bye
        return None

    def board_of(self, tpn: int) -> Board | None:
        for board in self.boards:
            if tpn in board.players:
                return board
        return None

    def bye_of(self, tpn: int) -> Bye | None:
        for bye in self.byes:
            if bye.tpn == tpn:
                return bye
        return None

    def opponents(self) -> dict[int, int]:
        """Each paired player's opponent."""
        out: dict[int, int] = {}
        for board in self.boards:
            out[board.white] = board.black
            out[board.black] = board.white
        return out

    def entry_rounds(self) -> tuple[int, ...]:
        """The model's round numbers (entry indices, 1-based) this pairing fills."""
        first = (self.round - 1) * self.games_per_round + 1
        return tuple(range(first, first + self.games_per_round))

    def engine_text(self) -> str:
        """The output format of the FIDE-endorsed engines (JaVaFo, bbpPairings, gacrux).

        First line: the number of pairs, the pairing-allocated bye included;
        then one ``white black`` line per board, and ``N 0`` for the bye.
        Requested byes and absent players are not listed.
        """
        lines = [f"{b.white} {b.black}" for b in self.boards]
        lines += [f"{y.tpn} 0" for y in self.byes if y.odd_one_out]
        return "\n".join([str(len(lines)), *lines]) + "\n"

    def entries(
        self, results: Mapping[int, Sequence[GameResult] | GameResult]
    ) -> dict[int, tuple[RoundEntry, ...]]:
        """Round entries of every player of this pairing, given each board's results.

        *results* maps a board number to its result (one per game; for a double
        Swiss two, the second game with reversed colours). Byes become their
        entries; every board needs a result.
        """
        out: dict[int, list[RoundEntry]] = {}
        for board in self.boards:
            given = results.get(board.number)
            if given is None:
                raise RuleError(f"round {self.round}: board {board.number} has no result")
            games = (given,) if isinstance(given, GameResult) else tuple(given)
            if len(games) != self.games_per_round:
                raise RuleError(
                    f"round {self.round}: board {board.number} needs "
                    f"{count(self.games_per_round, 'result')}, got {len(games)}"
                )
            for index, result in enumerate(games):
                white, black = board.white, board.black
                if index % 2 == 1:
                    white, black = black, white
                w, b = result.entries(white, black)
                out.setdefault(white, []).append(w)
                out.setdefault(black, []).append(b)
        for bye in self.byes:
            out[bye.tpn] = [RoundEntry(bye.kind)] * self.games_per_round
        return {tpn: tuple(v) for tpn, v in out.items()}


def append_round(
    event: Event,
    pairing: RoundPairing,
    results: Mapping[int, Sequence[GameResult] | GameResult],
) -> Event:
    """The event with *pairing*'s round added, given the results of its boards.

    Players neither on a board nor given a bye are recorded as not paired, so
    every player's row stays aligned with the rounds (the online Swiss rules: not
    included in a round: 0 points).
    """
    first = pairing.entry_rounds()[0]
    new = pairing.entries(results)
    entries: dict[int, tuple[RoundEntry, ...]] = {}
    for player in event.players:
        row = event.entries_of(player.tpn, first - 1)
        added = new.get(player.tpn, (RoundEntry(EntryKind.NOT_PAIRED),) * pairing.games_per_round)
        entries[player.tpn] = row + added
    return event.with_entries(entries)
