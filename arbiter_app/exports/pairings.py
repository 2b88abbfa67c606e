"""The pairings of one round as rows, and the two sheets made from them.

:class:`RoundSheet` is the read model of a round as the venue sees it: boards
in board order with both players' pairing numbers, names, ratings, scores
before the round and the result when known, then the players without a game.
It is built either from a played round of an :class:`Event` or from a pairing
that has no results yet (anything with ``boards`` of ``number/white/black`` and
``byes`` of ``tpn/kind``, such as the pairing engine's ``RoundPairing``).

Board order for a round read from the results follows FIDE C.04.2 (general
handling rules, "board order"): the higher score of the pair first, then the
sum of both scores, then the better (lower) pairing number of the pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from arbiter_app.core.model import Colour, EntryKind, Event, Player, RoundEntry, RuleSet, System
from arbiter_app.core.points import format_points
from arbiter_app.core.result import GameResult
from arbiter_app.core.words import bye_words as core_bye_words
from arbiter_app.core.words import count
from arbiter_app.exports.clock import clock_text
from arbiter_app.exports.sheet import (
    Align,
    Block,
    Box,
    Column,
    Cutouts,
    Fields,
    Heading,
    PageBreak,
    Paragraph,
    Sheet,
    Signatures,
    Table,
)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player as printed on a board: pairing number, name, rating, title, score before."""

    tpn: int
    name: str
    rating: int | None
    title: str
    score: Fraction
    virtual: Fraction = Fraction(0)
    """Virtual points the player is paired with this round (FIDE C.04.5.1; record 250)."""

    @staticmethod
    def of(player: Player, score: Fraction, virtual: Fraction = Fraction(0)) -> Seat:
        return Seat(player.tpn, player.name, player.rating, player.title, score, virtual)

    @property
    def points_text(self) -> str:
        """The score before the round, and the virtual points when there are any: ``1 (+1)``."""
        text = format_points(self.score)
        return f"{text} (+{format_points(self.virtual)})" if self.virtual else text

    @property
    def label(self) -> str:
        return f"{self.title} {self.name}".strip()


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One board; *result* is ``1-0``, ``½-½``, ``0-1``, ``+/-``, ``-/+``, ``-/-`` or empty."""

    board: int
    white: Seat
    black: Seat
    result: str = ""


@dataclass(frozen=True, slots=True)
class ByeRow:
    seat: Seat
    kind: EntryKind
    points: Fraction | None


@dataclass(frozen=True, slots=True)
class RoundSheet:
    event: str
    round: int
    rounds: int
    boards: tuple[BoardRow, ...]
    byes: tuple[ByeRow, ...]
    time_control: str = ""
    """The main event's clock (printed in the header of the pairings and the slips)."""
    us_chess: bool = False
    """A US Chess event: its sheets say "bye" where FIDE says "pairing-allocated bye"."""
    starts: str = ""
    """When the round starts, as the event's schedule gives it (TRF 132; Event settings,
    Round dates), printed in the header of the round's sheets; empty when not scheduled."""
    starting_position: str = ""
    """The Chess960 starting position every board of the round plays (``312: BNRQKBNR``),
    "not drawn yet", or empty for standard chess (FIDE Laws of Chess, Guidelines II)."""
    system: System = System.SWISS
    """The event's system: *round* and *rounds* count its game columns, the sheets name
    the arbiter's round and, in a double Swiss, the game ("round 2, game 1")."""

    @property
    def said(self) -> str:
        """ "Round 3", "Round 2, game 1": the round (the game column) as the sheets head it."""
        name = self.system.game_name(self.round)
        return name[:1].upper() + name[1:]

    @property
    def said_of(self) -> str:
        """ "Round 3 of 7", "Round 2 of 5, game 1" (without "of" when no rounds are planned)."""
        name = self.system.game_name(self.round, self.rounds)
        return name[:1].upper() + name[1:]


def says_bye(event: Event) -> bool:
    """The event speaks US Chess, which calls the pairing-allocated bye simply a "bye"
    (US Chess 22C): the one test every screen, sheet and command asks."""
    return event.effective_rule_set is RuleSet.USCF


def bye_words(kind: EntryKind, *, us_chess: bool) -> str:
    """What a player without a game has this round on the round's sheets: the core's
    words (:func:`arbiter_app.core.words.bye_words`), a requested bye said as one."""
    return core_bye_words(kind, us_chess=us_chess, requested=True)


class _BoardLike(Protocol):
    @property
    def number(self) -> int: ...
    @property
    def white(self) -> int: ...
    @property
    def black(self) -> int: ...


class _ByeLike(Protocol):
    @property
    def tpn(self) -> int: ...
    @property
    def kind(self) -> EntryKind: ...


def _result_text(white: RoundEntry, black: RoundEntry) -> str:
    """The board's result from White's side, as the sheets print it (one vocabulary:
    :attr:`arbiter_app.core.result.GameResult.sheet`)."""
    result = GameResult.of_entries(white, black)
    return result.sheet if result is not None else ""


def round_from_event(event: Event, round_no: int) -> RoundSheet:
    """The boards and byes of a round already in the event (results included)."""
    if not 1 <= round_no <= max(event.rounds_played, 1):
        raise ValueError(
            f"round {round_no} has not been paired (the event has "
            f"{count(event.rounds_played, 'round')})"
        )
    scores = event.scores(round_no - 1)
    players = event.player_map()
    seen: set[int] = set()
    boards: list[tuple[int, int, str]] = []
    byes: list[ByeRow] = []
    for p in event.players:
        entry = event.entry(p.tpn, round_no)
        if entry.kind.has_opponent and entry.opponent in players:
            if p.tpn in seen:
                continue
            opp = entry.opponent
            assert opp is not None
            seen.update((p.tpn, opp))
            other = event.entry(opp, round_no)
            # Without recorded colours the lower pairing number sits on the left.
            if entry.colour is Colour.BLACK or (
                entry.colour is None and other.colour is Colour.WHITE
            ):
                white, black, w_entry, b_entry = opp, p.tpn, other, entry
            else:
                white, black, w_entry, b_entry = p.tpn, opp, entry, other
            boards.append((white, black, _result_text(w_entry, b_entry)))
        else:
            points = entry.points(event.points_system_for(round_no))
            byes.append(ByeRow(Seat.of(p, scores[p.tpn]), entry.kind, points))
    boards.sort(key=lambda b: _board_key(b[0], b[1], scores))
    rows = tuple(
        BoardRow(
            i,
            Seat.of(players[w], scores[w], event.virtual_points(w, round_no)),
            Seat.of(players[b], scores[b], event.virtual_points(b, round_no)),
            result,
        )
        for i, (w, b, result) in enumerate(boards, start=1)
    )
    return RoundSheet(
        event.name,
        round_no,
        event.rounds,
        rows,
        tuple(byes),
        event.info.time_control,
        says_bye(event),
        _starts(event, round_no),
        system=event.system,
    )


def _board_key(
    white: int, black: int, scores: dict[int, Fraction]
) -> tuple[Fraction, Fraction, int]:
    high = max(scores[white], scores[black])
    return (-high, -(scores[white] + scores[black]), min(white, black))


def round_from_pairing(
    event: Event,
    round_no: int,
    boards: Iterable[_BoardLike],
    byes: Iterable[_ByeLike] = (),
) -> RoundSheet:
    """The boards of a pairing in the pairing's board order, with the results entered so far."""
    scores = event.scores(round_no - 1)
    players = event.player_map()
    system = event.points_system_for(round_no)
    rows = []
    for b in boards:
        w_entry, b_entry = event.entry(b.white, round_no), event.entry(b.black, round_no)
        result = ""
        if w_entry.kind.has_opponent and w_entry.opponent == b.black:
            result = _result_text(w_entry, b_entry)
        rows.append(
            BoardRow(
                b.number,
                Seat.of(players[b.white], scores[b.white], event.virtual_points(b.white, round_no)),
                Seat.of(players[b.black], scores[b.black], event.virtual_points(b.black, round_no)),
                result,
            )
        )
    bye_rows = []
    for bye in byes:
        entry = event.entry(bye.tpn, round_no)
        points = (
            entry.points(system)
            if entry.kind is bye.kind and round_no <= event.rounds_played
            else None
        )
        bye_rows.append(ByeRow(Seat.of(players[bye.tpn], scores[bye.tpn]), bye.kind, points))
    return RoundSheet(
        event.name,
        round_no,
        event.rounds,
        tuple(rows),
        tuple(bye_rows),
        event.info.time_control,
        says_bye(event),
        _starts(event, round_no),
        system=event.system,
    )


@dataclass(frozen=True, slots=True)
class _Bye:
    tpn: int
    kind: EntryKind


def round_from_boards(event: Event, round_no: int, boards: Sequence[_BoardLike]) -> RoundSheet:
    """The round as stored: its boards in their order; everyone else is without a game
    (a bye, a requested bye, not paired), as the event's entry for the round says."""
    paired = {t for b in boards for t in (b.white, b.black)}
    byes = [
        _Bye(p.tpn, event.entry(p.tpn, round_no).kind) for p in event.players if p.tpn not in paired
    ]
    return round_from_pairing(event, round_no, boards, byes)


def _starts(event: Event, round_no: int) -> str:
    """The round's start as scheduled, looked up by round (a double Swiss round's two games
    share it)."""
    return event.round_date(round_no)


def clock_fields(rs: RoundSheet) -> tuple[tuple[str, str], ...]:
    """The round's start when scheduled and its clock, for a sheet's header (the pairings,
    the slips, the list by name)."""
    fields: list[tuple[str, str]] = []
    if rs.starts:
        fields.append(("Round starts", rs.starts))
    if rs.time_control.strip():
        fields.append(("Time control", clock_text(rs.time_control)))
    if rs.starting_position:
        fields.append(("Chess960 position", rs.starting_position))
    return tuple(fields)


def _rating(r: int | None) -> str:
    return str(r) if r else "unr."


ACCELERATION_NOTE = (
    "(+1) and (+½) are virtual points of the Baku Acceleration (FIDE C.04.5.1): the players "
    "were paired as if they had them. They never count in the standings."
)


def pairings_sheet(rs: RoundSheet) -> Sheet:
    """The pairing list of a round: boards, pairing numbers, names, ratings, colours, scores.

    With an acceleration, a score shows the virtual points it was paired with: ``1 (+1)``.
    """
    accelerated = any(b.white.virtual or b.black.virtual for b in rs.boards)
    pts = 9 if accelerated else 5
    name_room = 4 if accelerated else 0
    columns = (
        Column("Bd", Align.RIGHT, 5),
        Column("No", Align.RIGHT, 5),
        Column("White", Align.LEFT, 29 - name_room),
        Column("Rtg", Align.RIGHT, 6),
        Column("Pts", Align.CENTER, pts),
        Column("Result", Align.CENTER, 8),
        Column("Pts", Align.CENTER, pts),
        Column("No", Align.RIGHT, 5),
        Column("Black", Align.LEFT, 26 - name_room),
        Column("Rtg", Align.RIGHT, 6),
    )
    rows = tuple(
        (
            str(b.board),
            str(b.white.tpn),
            b.white.label,
            _rating(b.white.rating),
            b.white.points_text,
            b.result or "–",
            b.black.points_text,
            str(b.black.tpn),
            b.black.label,
            _rating(b.black.rating),
        )
        for b in rs.boards
    )
    blocks: list[Block] = [Table(columns, rows)]
    if accelerated:
        blocks.append(Paragraph(ACCELERATION_NOTE))
    if rs.byes:
        bye_table = Table(
            (
                Column("No", Align.RIGHT, 6),
                Column("Player", Align.LEFT, 44),
                Column("Pts", Align.CENTER, 8),
                Column("Round", Align.LEFT, 30),
                Column("Points", Align.CENTER, 12),
            ),
            tuple(
                (
                    str(b.seat.tpn),
                    b.seat.label,
                    format_points(b.seat.score),
                    bye_words(b.kind, us_chess=rs.us_chess),
                    "" if b.points is None else format_points(b.points),
                )
                for b in rs.byes
            ),
        )
        blocks += [Paragraph("Players without a game this round:"), bye_table]
    return Sheet(
        title=f"Pairings — {rs.said.lower()}",
        event=rs.event,
        subtitle=rs.said_of if rs.rounds else "",
        header=clock_fields(rs),
        blocks=tuple(blocks),
        footer=f"{count(len(rs.boards), 'board')}; Pts = score before the round; "
        "No = pairing number",
    )


SLIPS_PER_PAGE = 4
SMALL_SLIPS = (6, 8)
"""The counts of small slips to a page: two across, three or four down, cutting lines around."""


def result_slips_sheet(rs: RoundSheet, *, per_page: int = SLIPS_PER_PAGE) -> Sheet:
    """One slip per board to be filled in and signed by both players (and the arbiter).

    Four large framed slips to a page, or six or eight small ones (two across)
    with dashed lines to cut along.
    """
    if per_page not in (SLIPS_PER_PAGE, *SMALL_SLIPS):
        raise ValueError(f"{count(per_page, 'slip')} to a page: choose 4, 6 or 8")
    blocks: list[Block] = []
    if per_page in SMALL_SLIPS:
        for start in range(0, len(rs.boards), per_page):
            if start:
                blocks.append(PageBreak())
            page = rs.boards[start : start + per_page]
            blocks.append(Cutouts(tuple(_small_slip(rs, b) for b in page), across=2))
    else:
        for i, b in enumerate(rs.boards):
            if i and i % per_page == 0:
                blocks.append(PageBreak())
            blocks.append(_slip(rs, b))
    if not rs.boards:
        return Sheet(
            title=f"Result slips — {rs.said.lower()}",
            event=rs.event,
            header=clock_fields(rs),
            blocks=(Paragraph("No boards in this round."),),
        )
    return Sheet(
        title=f"Result slips — {rs.said.lower()}",
        event=rs.event,
        header=clock_fields(rs),
        blocks=tuple(blocks),
        footer="Circle the result; both players sign.",
    )


def _slip_players(b: BoardRow, widths: tuple[int, int, int, int], small: bool) -> Table:
    """The two players of a result slip: colour, number, name, rating."""
    side, number, name, rating = widths
    return Table(
        (
            Column("", Align.LEFT, side),
            Column("No", Align.RIGHT, number),
            Column("Player", Align.LEFT, name),
            Column("Rtg", Align.RIGHT, rating),
        ),
        (
            ("White", str(b.white.tpn), b.white.label, _rating(b.white.rating)),
            ("Black", str(b.black.tpn), b.black.label, _rating(b.black.rating)),
        ),
        small=small,
    )


def _slip(rs: RoundSheet, b: BoardRow) -> Box:
    players = _slip_players(b, (12, 8, 60, 20), small=False)
    return Box(
        (
            Heading(f"{rs.said} · Board {b.board} — {rs.event}", 3),
            players,
            Fields((("Result", "1-0          ½-½          0-1"),)),
            Signatures(("White", "Black", "Arbiter")),
        )
    )


def _small_slip(rs: RoundSheet, b: BoardRow) -> tuple[Block, ...]:
    """A slip half a page wide: the board, both players, the result to circle, two signatures."""
    players = _slip_players(b, (16, 10, 58, 16), small=True)
    return (
        Heading(f"{rs.said} · Board {b.board}", 3),
        players,
        Fields((("Result", "1-0      ½-½      0-1"),)),
        Signatures(("White", "Black")),
    )


def seats(sheet: RoundSheet) -> Sequence[Seat]:
    """Everyone on the sheet, boards first (for tests and the screen)."""
    out: list[Seat] = []
    for b in sheet.boards:
        out += [b.white, b.black]
    out += [b.seat for b in sheet.byes]
    return out
