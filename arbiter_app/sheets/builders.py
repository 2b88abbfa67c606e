"""Which sheet to make from a loaded FILE: the names ``arbiter-app print`` accepts.

Each builder takes the :class:`~arbiter_app.sheets.source.Source` and the
round asked for, and returns a :class:`~arbiter_app.exports.sheet.Sheet`;
the same builders serve the export formats that are made from sheets (HTML).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from arbiter_app.core.errors import ArbiterError, NoPrizeFund
from arbiter_app.core.model import EntryKind, Event
from arbiter_app.core.words import count
from arbiter_app.exports.lots import protocol_sheet
from arbiter_app.exports.pairings import (
    RoundSheet,
    pairings_sheet,
    result_slips_sheet,
    round_from_boards,
    round_from_event,
)
from arbiter_app.exports.sheet import Sheet
from arbiter_app.sheets.names import SHEET_HELP as SHEET_HELP
from arbiter_app.sheets.source import Source

if TYPE_CHECKING:
    from arbiter_app.core.standings import Standings
    from arbiter_app.core.trf.document import UnknownResult

SheetBuilder = Callable[[Source, int | None], Sheet]


def round_sheet(src: Source, round_no: int | None) -> RoundSheet:
    """The round asked for, else the latest; the file's boards when it has them."""
    event = src.event
    last_stored = max((r for r, b in src.boards.items() if b), default=0)
    latest = max(last_stored, event.rounds_played)
    # A double Swiss match just paired: its game 1 is the one played now (and printed).
    now = src.event_state.current_game if event.system.games_per_round > 1 else latest
    r = round_no or (now if 0 < now <= latest else latest)
    if r < 1:
        raise ArbiterError(f"{src.path}: no round has been paired yet")
    boards = src.boards.get(r, ())
    if boards:
        # The tournament file's boards: their own order, results where entered.
        sheet = round_from_boards(event, r, boards)
    elif not _has_results(event, r):
        raise ArbiterError(
            f"{src.path}: round {r} has not been paired "
            f"({count(event.rounds_played, 'round')} so far)"
        )
    else:
        sheet = round_from_event(event, r)
    return replace(sheet, starting_position=src.starting_position(r))


def _has_results(event: Event, r: int) -> bool:
    """Round *r* has entries (results or byes) for somebody."""
    return r <= event.rounds_played and any(
        event.entry(p.tpn, r).kind is not EntryKind.NOT_PAIRED for p in event.players
    )


def pairings(src: Source, round_no: int | None) -> Sheet:
    return pairings_sheet(round_sheet(src, round_no))


def pairings_by_name(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.by_name import pairings_by_name_sheet

    return pairings_by_name_sheet(round_sheet(src, round_no))


def slips(src: Source, round_no: int | None) -> Sheet:
    return result_slips_sheet(round_sheet(src, round_no))


def slips_6(src: Source, round_no: int | None) -> Sheet:
    return result_slips_sheet(round_sheet(src, round_no), per_page=6)


def slips_8(src: Source, round_no: int | None) -> Sheet:
    return result_slips_sheet(round_sheet(src, round_no), per_page=8)


def lots(src: Source, round_no: int | None) -> Sheet:
    names = {p.tpn: p.name for p in src.event.players}
    return protocol_sheet(
        src.draws,
        event=src.event.name,
        names=names,
        chief_arbiter=src.event.info.chief_arbiter,
        info=src.event.info,
    )


SHEETS: dict[str, SheetBuilder] = {
    "pairings": pairings,
    "pairings-by-name": pairings_by_name,
    "slips": slips,
    "slips-6": slips_6,
    "slips-8": slips_8,
    "lots": lots,
}


def with_tiebreaks(src: Source, text: str) -> Source:
    """*src* with the tie-break list given on the command line instead of the file's."""
    from arbiter_app.core.presets import parse_tiebreak_list

    return replace(src, tiebreaks=parse_tiebreak_list(text))


def standings_of(src: Source, round_no: int | None = None) -> Standings:
    """The standings read model of FILE: its tie-breaks, and its play-off when there is one.

    By default the standings after the last complete round (the event's
    state); *round_no* an earlier complete round; with ``src.provisional`` the
    round in progress. Places a play-off decides are not split by tie-breaks (FIDE C.07
    3.1.1); once the play-off has placed players, its order is theirs while it
    matches the standings.
    """
    from arbiter_app.core.current_standings import standings_now
    from arbiter_app.core.errors import RuleError

    scope = src.playoff_scope
    try:
        return standings_now(
            src.event,
            src.event_state,
            src.tiebreaks,
            after_round=round_no,
            provisional=src.provisional,
            playoff_places=scope.places,
            playoff_order=scope.order,
            playoff_after=scope.after_tiebreaks,
        )
    except RuleError as exc:
        raise ArbiterError(f"{src.path}: {exc}") from None


def trf_text(src: Source, version: str | None = None) -> str:
    """FILE as a FIDE report (TRF-16 or TRF-26), ranks from its standings (see :func:`trf_report`)."""
    return trf_report(src, version)[0]


def trf_report(
    src: Source, version: str | None = None, *, in_tournament: bool = False
) -> tuple[str, list[str]]:
    """FILE as a FIDE rating report (TRF-16 or TRF-26), ranks from its standings, and a
    sentence for each thing the report leaves out.

    With *in_tournament*, the file of in-tournament data exchange instead (TRF-26 remark
    3, ITDX: for another program or for publication during the event): every round paired,
    the round in progress included, and each game adjourned (its result not known yet)
    written ``?`` with record 162's ``X`` (FIDE C.02, checklist questions 164-165). The
    rating report itself is refused while a game is adjourned (question 169).

    A file read from TRF, or imported from one, is written back as that file
    (see :mod:`arbiter_app.exports.trf_export`); *version* defaults to its own.
    The command line's ``export --format trf`` and the window's Export TRF.
    A round in progress is not rated yet: the report holds the rounds its
    standings are after, and a note names the games of the round left out.
    """
    from arbiter_app.core.rating_correction import for_rating
    from arbiter_app.core.trf.document import UnknownResult
    from arbiter_app.exports.trf_export import standings_to_trf

    unknown: list[UnknownResult] = []
    if in_tournament:
        src = replace(src, provisional=True)
        unknown = [
            UnknownResult(round_no, board.white, board.black)
            for round_no, boards in sorted(src.boards.items())
            for board in boards
            if board.adjourned
        ]
        # A TRF file read as it is: its own games not known ("?"), written back "?".
        unknown += [UnknownResult(g.round, g.white, g.black) for g in _read_not_known(src)]
    else:
        _refuse_while_adjourned(src)
    standings = standings_of(src)
    # The rounds the standings are after: a round in progress is written only when asked
    # for as provisional (its ranks are those of the standings written beside it).
    event = src.event if standings.provisional else src.event.truncated(standings.after_round)
    notes = _rounds_left_out(src, event)
    # FIDE C.04.2 article 4.3: the report rates the corrected results; the ranks stay those
    # of the standings, made with the results played, and a ### line says so (Q193).
    corrected = [c for c in src.rating_corrections if c.round <= event.rounds_played]
    text = standings_to_trf(
        for_rating(event, corrected),
        standings,
        version,
        document=src.trf,
        tiebreaks=src.tiebreaks,
        system_code=src.system_code,
        comments=[p.trf_line() for p in src.pibes]
        + [c.trf_line() for c in corrected]
        + _chess960_lines(src, event.rounds_played, notes),
        notes=notes,
        unknown=unknown,
    )
    return text, notes


def _chess960_lines(src: Source, rounds: int, notes: list[str]) -> list[str]:
    """A Chess960 event's ``###`` lines for the report (TRF-26 has no record for the
    variant), with the note that says so; none for standard chess."""
    from arbiter_app.core.chess960 import TRF_NOTE, trf_lines

    if src.chess960 is None:
        return []
    notes.append(TRF_NOTE)
    return trf_lines(src.chess960, rounds)


def _refuse_while_adjourned(src: Source) -> None:
    """No rating report while a game is adjourned (FIDE's checklist for tournament programs,
    C.02 question 169: no final standings and no TRF with an adjourned game open): its
    result would be missing from the report FIDE rates."""
    open_games = [
        f"round {round_no}, board {board.number}"
        for round_no, boards in sorted(src.boards.items())
        for board in boards
        if board.adjourned
    ]
    # A TRF file read as it is: a game whose result is not known ("?") is adjourned too.
    open_games += [f"round {g.round}, {g.white}-{g.black}" for g in _read_not_known(src)]
    if open_games:
        more = f" (and {count(len(open_games) - 1, 'other game')})" if len(open_games) > 1 else ""
        raise ArbiterError(
            f"{src.path.name}: {open_games[0]} is adjourned{more}: no FIDE "
            "report is written while a game is adjourned (FIDE C.02, checklist question "
            "169); enter its result first"
        )


def _read_not_known(src: Source) -> tuple[UnknownResult, ...]:
    """The games whose result is not known of a TRF file read as it is (an event's file
    keeps them as adjourned boards instead: the TRF document it stores holds none)."""
    return src.trf.unknown_results if src.trf is not None else ()


def _rounds_left_out(src: Source, written: Event) -> list[str]:
    """A note for each round paired but not (or not wholly) in the report."""
    notes = []
    last = max([written.rounds_played, src.event.rounds_played, *src.boards], default=0)
    for round_no in range(written.rounds_played + 1, last + 1):
        boards = src.boards.get(round_no, ())
        if not boards and round_no > src.event.rounds_played:
            continue
        notes.append(
            f"round {round_no} is in progress: its pairings are not in the report, which "
            f"holds rounds 1-{written.rounds_played} (TRF has no code for a game not yet "
            "played); export again once every result of the round is in"
            if written.rounds_played
            else f"round {round_no} is in progress: the report holds no round yet"
        )
    for round_no in range(1, written.rounds_played + 1):
        missing = [
            b.number
            for b in src.boards.get(round_no, ())
            if written.entry(b.white, round_no).opponent != b.black and not b.adjourned
        ]
        if missing:
            notes.append(
                f"round {round_no}: {count(len(missing), 'board')} without a result "
                f"({', '.join(map(str, missing))}) are not in the report (TRF has no code for "
                "a game not yet played)"
            )
    return notes


def standings(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.standings import standings_sheet

    table = standings_of(src, round_no)
    decided = [row.tpn for row in table.rows if row.by_playoff]
    article = src.playoff.regulation.places_article if src.playoff is not None else ""
    sheet = standings_sheet(src.event, table, decided=decided, decided_article=article)
    return with_prizes(src, sheet, table)


def with_prizes(src: Source, sheet: Sheet, table: Standings) -> Sheet:
    """The final standings followed by the prize list, when a prize fund is set."""
    final = table.after_round >= src.event.rounds > 0
    if src.prizes is None or not final:
        return sheet
    from arbiter_app.exports.prizes import category_fields, prize_blocks
    from arbiter_app.exports.sheet import Fields, Heading

    rows, prize_list, currency = src.prizes
    blocks = [Heading("Prizes"), *prize_blocks(src.event, rows, prize_list, currency)]
    fields = category_fields(prize_list, currency)
    if fields:
        blocks.insert(1, Fields(tuple(fields)))
    return replace(sheet, blocks=(*sheet.blocks, *blocks))


def crosstable(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.core.crosstable import round_robin_grid, swiss_crosstable
    from arbiter_app.exports.standings import round_robin_sheet, swiss_crosstable_sheet

    table = standings_of(src, round_no)
    if src.event.system.is_round_robin:
        # In pairing-number order, as the Crosstable panel shows it (the places stay).
        order = sorted(p.tpn for p in src.event.players)
        grid = round_robin_grid(src.event, table, order=order)
        return round_robin_sheet(src.event, grid, table)
    return swiss_crosstable_sheet(src.event, swiss_crosstable(src.event, table), table)


def wall_chart(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.wall_chart import wall_chart_sheet

    event = src.event
    # A board of the file whose players have no entry for its round is still being played.
    pending = frozenset(
        (r, tpn)
        for r, boards in src.boards.items()
        for b in boards
        if event.entry(b.white, r).kind is EntryKind.NOT_PAIRED
        for tpn in (b.white, b.black)
    )
    return wall_chart_sheet(event, pending)


def team_standings_of(src: Source, round_no: int | None = None) -> Any:
    """The team standings (US Chess 28N) made from the standings of FILE."""
    from arbiter_app.core.errors import RuleError
    from arbiter_app.core.team_scores import DEFAULT_BEST, team_standings

    try:
        return team_standings(standings_of(src, round_no), src.team_best or DEFAULT_BEST)
    except RuleError as exc:
        raise ArbiterError(f"{src.path}: {exc}") from None


def team_standings(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.team_standings import team_standings_sheet

    return team_standings_sheet(src.event, team_standings_of(src, round_no))


def _playoff(src: Source) -> Any:
    if src.playoff is None:
        raise ArbiterError(f"{src.path}: no play-off has been started in this event")
    return src.playoff


def playoff_schedule(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.playoff import schedule_sheet

    return schedule_sheet(src.event, _playoff(src))


def playoff_pairings(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.playoff import stage_pairings_sheet

    return stage_pairings_sheet(src.event, _playoff(src))


def armageddon(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.playoff import armageddon_cards_sheet

    return armageddon_cards_sheet(src.event, _playoff(src))


def playoff_scoresheets(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.scoresheet import scoresheets_sheet

    return scoresheets_sheet(src.event, _playoff(src))


def bracket(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.bracket import bracket_sheet

    return bracket_sheet(src.event, _playoff(src))


def prizes(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.prizes import prizes_sheet

    if src.prizes is None:
        raise NoPrizeFund(str(src.path))
    rows, prize_list, currency = src.prizes
    return prizes_sheet(
        src.event,
        src.playoff,
        rows,
        prize_list,
        currency=currency,
        note=src.event_state.prizes_note,
    )


def starting_rank(src: Source, round_no: int | None) -> Sheet:
    from arbiter_app.exports.starting_rank import starting_rank_sheet

    return starting_rank_sheet(src.event, src.categories)


SHEETS.update(
    {
        "starting-rank": starting_rank,
        "standings": standings,
        "crosstable": crosstable,
        "wall-chart": wall_chart,
        "team-standings": team_standings,
        "playoff-schedule": playoff_schedule,
        "playoff-pairings": playoff_pairings,
        "playoff-scoresheets": playoff_scoresheets,
        "armageddon": armageddon,
        "bracket": bracket,
        "prizes": prizes,
    }
)


def with_fide_mode(src: Source, sheet: Sheet) -> Sheet:
    """*sheet* with the permanent line of an event not in FIDE mode at the top of its
    header (FIDE C.02, the checklist's question 46); unchanged in FIDE mode."""
    indicator = src.fide_mode.indicator
    if not indicator:
        return sheet
    return replace(sheet, header=(("FIDE mode", indicator), *sheet.header))


def _marked(build: SheetBuilder) -> SheetBuilder:
    def marked(src: Source, round_no: int | None) -> Sheet:
        sheet = with_fide_mode(src, build(src, round_no))
        return replace(sheet, journal_head=src.journal_head)

    marked.__doc__ = build.__doc__
    return marked


# Every sheet, printed from the window or the command line, carries the FIDE mode line
# and the journal's head (issue 27: the head kept outside the file).
SHEETS.update({name: _marked(build) for name, build in SHEETS.items()})
