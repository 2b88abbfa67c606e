"""Write a :class:`TrfDocument` as TRF-16 or TRF-26 text.

Records come in the usual order: the tournament section (012-132, and in
TRF-26 142, 152, 162 and the 299 default-points records), the player
records ``001`` by pairing number, then ``XXR``/``XXC`` (TRF-16), the bye
requests 240, the prohibited pairings 260, the penalties 299 and last
Arbiter's own records. Records 240, 260 and 299 are TRF-26 records; Arbiter
writes them in TRF-16 files too rather than lose them (a TRF-16 reader
skips records it does not know). Kept lines go back in front of the record
they stood before.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction

from arbiter_app.core.model import Colour, EntryKind, Event, Player, RoundEntry, System
from arbiter_app.core.points import STANDARD, PointSystem
from arbiter_app.core.trf import extension as ext
from arbiter_app.core.trf.document import Anchor, KeptLine, TrfDocument, TrfVersion, TrfWriteError
from arbiter_app.core.trf.records import (
    NAME_WIDTH,
    ROUND_DATES_START,
    blank_kind,
    final_score,
    format_cell,
    format_date,
    format_tenths,
)
from arbiter_app.core.trf.scoring import to_exact, to_records
from arbiter_app.core.trf.system import system_from_kept


def event_to_trf(
    event: Event,
    version: TrfVersion | str = TrfVersion.TRF26,
    *,
    initial_colour: Colour | None = None,
    ranks: Mapping[int, int] | None = None,
) -> str:
    """The TRF text of *event*.

    *ranks* fills the rank column (columns 86-89), for example from the
    standings with their tie-breaks; players it leaves out are ranked by
    score, ties sharing a rank (TRF-26: "ties allowed").
    """
    if isinstance(version, str):
        version = TrfVersion.parse(version)
    doc = TrfDocument(event, version, initial_colour=initial_colour, ranks=dict(ranks or {}))
    return write_trf(doc)


def write_trf(doc: TrfDocument) -> str:
    """The text of *doc*, one record a line, each line ending in a newline.

    Raises :class:`TrfWriteError` listing everything the format cannot hold
    (a name longer than 33 columns, a score one decimal cannot show, …).
    """
    out = _Output(doc.kept)
    problems: list[str] = []
    event = doc.event
    v26 = doc.version is TrfVersion.TRF26

    _tournament_section(event, out, problems)
    if v26:
        if event.planned_rounds:
            out.emit("142", f"142 {event.planned_rounds}")
        if doc.initial_colour is not None:
            out.emit("152", f"152 {doc.initial_colour.value.upper()}")
    standard_points = STANDARD
    if v26:
        records = to_records(event.point_system)
        if records is not None:
            line_162, lines_299, standard_points = records
            if line_162 is not None:
                out.emit("162", line_162)
            for line in lines_299:
                out.emit("299", line)

    played = event.rounds_played
    scores = {p.tpn: final_score(event, p.tpn, played) for p in event.players}
    ranks = _ranks(event, doc, scores)
    for player in sorted(event.players, key=lambda p: p.tpn):
        line = _player_line(event, player, played, scores[player.tpn], ranks[player.tpn], problems)
        out.emit("001", line)

    if not v26 and event.planned_rounds:
        out.emit("XXR", f"XXR {event.planned_rounds}")
    xxc = list(doc.xxc_options)
    if not v26 and doc.initial_colour is not None:
        xxc.insert(0, "white1" if doc.initial_colour is Colour.WHITE else "black1")
    if xxc:
        out.emit("XXC", "XXC " + " ".join(xxc))

    for line in _bye_requests(event, problems):
        out.emit("240", line)
    for line in _forbidden_pairs(event, problems):
        out.emit("260", line)
    for line in _penalties(event, problems):
        out.emit("299", line)
    for line in _extension(event, doc, standard_points, problems):
        out.emit(ext.TAG, line)

    if problems:
        raise TrfWriteError(problems)
    return out.text()


class _Output:
    """Collects lines and puts each kept line back in front of its record."""

    def __init__(self, kept: Iterable[KeptLine]) -> None:
        self._lines: list[str] = []
        self._counts: dict[str, int] = defaultdict(int)
        self._waiting: dict[Anchor | None, list[str]] = defaultdict(list)
        self._order: list[Anchor | None] = []
        for line in kept:
            if line.before not in self._waiting:
                self._order.append(line.before)
            self._waiting[line.before].append(line.text)

    def emit(self, tag: str, text: str) -> None:
        anchor = (tag, self._counts[tag])
        self._counts[tag] += 1
        self._lines.extend(self._waiting.pop(anchor, []))
        self._lines.append(text.rstrip())

    def text(self) -> str:
        for anchor in self._order:  # lines after the last record, or whose record is gone
            self._lines.extend(self._waiting.pop(anchor, []))
        return "".join(line + "\n" for line in self._lines)


def _tournament_section(event: Event, out: _Output, problems: list[str]) -> None:
    info = event.info
    for tag, value in (("012", info.name), ("022", info.city), ("032", info.federation)):
        if value:
            out.emit(tag, f"{tag} {_one_line(value, tag, problems)}")
    if info.start_date is not None:
        out.emit("042", f"042 {format_date(info.start_date)}")
    if info.end_date is not None:
        out.emit("052", f"052 {format_date(info.end_date)}")
    out.emit("062", f"062 {len(event.players)}")
    out.emit("072", f"072 {sum(1 for p in event.players if p.rating)}")
    if info.tournament_type:
        out.emit("092", f"092 {_one_line(info.tournament_type, '092', problems)}")
    if info.chief_arbiter:
        out.emit("102", f"102 {_one_line(info.chief_arbiter, '102', problems)}")
    for deputy in info.deputy_arbiters:
        out.emit("112", f"112 {_one_line(deputy, '112', problems)}")
    if info.time_control:
        out.emit("122", f"122 {_one_line(info.time_control, '122', problems)}")
    if info.round_dates:
        cells = []
        for round_no, day in enumerate(info.round_dates, start=1):
            if len(day) > 8:
                problems.append(f"round {round_no}'s date {day!r} is longer than YY/MM/DD")
            cells.append(day.rjust(8))
        out.emit("132", "132".ljust(ROUND_DATES_START) + "  ".join(cells))


def _one_line(value: str, tag: str, problems: list[str]) -> str:
    if "\n" in value or "\r" in value:
        problems.append(f"record {tag}: {value!r} runs over more than one line")
        return value.replace("\r", " ").replace("\n", " ")
    return value


def _ranks(event: Event, doc: TrfDocument, scores: dict[int, Fraction]) -> dict[int, int]:
    """The rank column: the document's ranks, else by score with ties sharing a rank."""
    ordered = sorted(scores.values(), reverse=True)
    first_at: dict[Fraction, int] = {}
    for place, score in enumerate(ordered, start=1):
        first_at.setdefault(score, place)
    return {tpn: doc.ranks.get(tpn, first_at[score]) for tpn, score in scores.items()}


def _player_line(
    event: Event, player: Player, played: int, score: Fraction, rank: int, problems: list[str]
) -> str:
    who = f"player {player.tpn}"
    fields = (
        (str(player.tpn), 4, "pairing number"),
        (player.sex, 1, "sex"),
        (player.title, 3, "title"),
        (player.name, NAME_WIDTH, "name"),
        ("" if not player.rating else str(player.rating), 4, "rating"),
        (player.federation, 3, "federation"),
        (player.fide_id, 11, "FIDE id"),
        (player.birth, 10, "birth date"),
        (str(rank), 4, "rank"),
    )
    for value, width, what in fields:
        if len(value) > width:
            # A long value is shown by its start: the message must stay a line, not a page.
            shown = (
                repr(value) if len(value) <= 40 else f"{value[:30]!r}… ({len(value):,} characters)"
            )
            problems.append(f"{who}: the {what} {shown} is longer than {width} columns")
        if "\n" in value or "\r" in value:
            problems.append(f"{who}: the {what} runs over more than one line")
    if player.rating is not None and player.rating < 0:
        problems.append(f"{who}: a rating cannot be negative ({player.rating})")
    points = format_tenths(score, 4)
    if points is None:
        problems.append(f"{who}: the score {score} does not fit the points column (11.5)")
        points = "?".rjust(4)
    rating = "" if not player.rating else str(player.rating)
    head = (
        f"001 {player.tpn:>4} {player.sex:1}{player.title:>3} {player.name:<{NAME_WIDTH}} "
        f"{rating:>4} {player.federation:<3} {player.fide_id:>11} {player.birth:>10} "
        f"{points} {rank:>4}"
    )
    cells = "".join(format_cell(event.entry(player.tpn, r)) for r in range(1, played + 1))
    return head + cells


def _bye_requests(event: Event, problems: list[str]) -> list[str]:
    """One 240 record for each run of requests of the same kind and round, in order."""
    letters = {EntryKind.FULL_BYE: "F", EntryKind.HALF_BYE: "H", EntryKind.ZERO_BYE: "Z"}
    runs: list[tuple[str, int, list[int]]] = []
    for req in event.bye_requests:
        letter = letters.get(req.kind)
        if letter is None:
            problems.append(
                f"player {req.tpn}: a bye request for round {req.round} must be a full-, "
                f"half- or zero-point bye, not {req.kind.value}"
            )
            continue
        if runs and runs[-1][0] == letter and runs[-1][1] == req.round:
            runs[-1][2].append(req.tpn)
        else:
            runs.append((letter, req.round, [req.tpn]))
    return [
        f"240 {letter} {round_no:03d} " + " ".join(f"{t:>4}" for t in tpns)
        for letter, round_no, tpns in runs
    ]


def _forbidden_pairs(event: Event, problems: list[str]) -> list[str]:
    last = max(event.rounds, 1)
    lines = []
    for group in event.forbidden_pairs:
        if len(group) < 2:
            problems.append(f"a prohibited pairing needs two players or more: {sorted(group)}")
            continue
        lines.append(f"260 001 {last:03d} " + " ".join(f"{t:>4}" for t in sorted(group)))
    return lines


def _penalties(event: Event, problems: list[str]) -> list[str]:
    lines = []
    for adj in event.adjustments:
        points = format_tenths(adj.points, 4)
        if points is None:
            problems.append(
                f"player {adj.tpn}: the adjustment of {adj.points} points does not fit "
                "record 299 (one decimal, at most 4 columns)"
            )
            continue
        round_no = 0 if adj.round is None else adj.round
        lines.append(f"299    {'':>4}  {points}  {round_no:03d} {adj.tpn:>4}")
    return lines


def _extension(
    event: Event, doc: TrfDocument, standard_points: PointSystem, problems: list[str]
) -> list[str]:
    lines = []
    if event.system is not system_from_kept(doc.kept, default=System.SWISS):
        lines.append(ext.line(ext.SYSTEM, event.system.value))
    if event.rule_set is not None:
        lines.append(ext.line(ext.RULESET, event.rule_set.value))
    if event.point_system != standard_points:
        lines.append(ext.line(ext.POINTS, "*", to_exact(event.point_system)))
    for round_no, system in enumerate(event.round_point_systems, start=1):
        lines.append(ext.line(ext.POINTS, round_no, to_exact(system)))
    players = sorted(event.players, key=lambda p: p.tpn)
    played = event.rounds_played
    for player in players:
        lines.extend(_player_extension(event, player, played, problems))
    if players and played > _last_coded_round(event):
        # Blank rounds at the end of every line vanish; one explicit entry keeps the round.
        first = players[0]
        entry = event.entry(first.tpn, played)
        if entry.kind is blank_kind(first, played):
            lines.append(ext.line(ext.ENTRY, first.tpn, played, entry.kind.value))
    for index, adj in enumerate(event.adjustments, start=1):
        if adj.reason:
            lines.append(ext.line(ext.REASON, index, _one_line(adj.reason, "REASON", problems)))
    return lines


def _player_extension(event: Event, player: Player, played: int, problems: list[str]) -> list[str]:
    tpn = player.tpn
    lines = []
    if player.withdrawn_from_round is not None:
        lines.append(ext.line(ext.WITHDRAWN, tpn, player.withdrawn_from_round))
    if player.disqualified:
        lines.append(ext.line(ext.DISQUALIFIED, tpn))
    if player.national_rating is not None or player.national_id:
        rating = "-" if player.national_rating is None else player.national_rating
        national_id = _one_line(player.national_id, "NATIONAL", problems) or "-"
        lines.append(ext.line(ext.NATIONAL, tpn, rating, national_id))
    for round_no in range(1, played + 1):
        entry = event.entry(tpn, round_no)
        if not _coded(entry) and entry.kind is not blank_kind(player, round_no):
            lines.append(ext.line(ext.ENTRY, tpn, round_no, entry.kind.value))
        if entry.opponent_rating is not None:
            lines.append(ext.line(ext.ORATING, tpn, round_no, entry.opponent_rating))
    return lines


def _last_coded_round(event: Event) -> int:
    """The last round some player record shows a code in (later blank rounds vanish)."""
    last = 0
    for row in event.entries.values():
        for round_no, entry in enumerate(row, start=1):
            if _coded(entry):
                last = max(last, round_no)
    return last


def _coded(entry: RoundEntry) -> bool:
    return entry.kind not in (EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN)
