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

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from arbiter_app.core.model import (
    NOT_PAIRED,
    Colour,
    EntryKind,
    Event,
    Player,
    RoundEntry,
    fide_rule_set_on,
)
from arbiter_app.core.points import STANDARD, PointSystem
from arbiter_app.core.trf import extension as ext
from arbiter_app.core.trf.cells import trf2006_forms
from arbiter_app.core.trf.document import Anchor, TrfDocument, TrfVersion, TrfWriteError
from arbiter_app.core.trf.header import (
    Records,
    national_ratings,
    one_line,
    tournament_section,
    trf26_section,
)
from arbiter_app.core.trf.national import federation_code, nrs_line
from arbiter_app.core.trf.records import (
    NAME_WIDTH,
    REQUESTABLE,
    UNKNOWN_RESULT,
    blank_kind,
    format_cell,
    format_tenths,
    last_paired_round,
)
from arbiter_app.core.trf.report import defined, left_out
from arbiter_app.core.trf.scoring import to_exact
from arbiter_app.core.trf.system import CODES_192, implied_system
from arbiter_app.core.words import count


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


def write_trf(doc: TrfDocument, *, report: bool = False, notes: list[str] | None = None) -> str:
    """The text of *doc*, one record a line, each line ending in the document's line end.

    Records the document read keep their order and, while Arbiter's text of
    them is unchanged, their exact form (see :class:`TrfDocument`); kept
    lines go back where they stood.

    With *report* the file is the FIDE rating report
    (:mod:`arbiter_app.core.trf.report`): no record of Arbiter's own, in TRF-26
    only the records the specification defines, and record 182; what that
    leaves out is added to *notes*, a sentence each.

    Raises :class:`TrfWriteError` listing everything the format cannot hold
    (a name longer than 33 columns, a score one decimal cannot show, …).
    """
    said = [] if notes is None else notes
    records = render_records(doc, report=report, notes=said)
    return _assemble(doc, records, report=report, notes=said)


def render_records(
    doc: TrfDocument, *, strict: bool = True, report: bool = False, notes: list[str] | None = None
) -> list[tuple[Anchor, str]]:
    """Arbiter's text of every model record of *doc*, in the writer's order, with its anchor.

    Raises :class:`TrfWriteError` for what the format cannot hold, unless not
    *strict* (the reader's use: it only compares the records with the file's).
    With *report*, Arbiter's own records are not written and *notes* says what
    they held.
    """
    out = Records()
    problems: list[str] = []
    event = doc.event
    v26 = doc.version is TrfVersion.TRF26
    had = frozenset(doc.order)
    kept_tags = {line.tag for line in doc.kept}

    tournament_section(event, had, out, problems)
    standard_points = STANDARD
    if v26:
        standard_points = trf26_section(doc, kept_tags, out)
    else:
        if doc.controller and ("182", 0) in had:  # TRF-16 has no 182: only the file's own
            out.emit("182", f"182 {doc.controller}")
        if ("192", 0) in had:
            out.emit("192", f"192 {CODES_192[event.system]}")

    played = event.rounds_played
    pending = _pending_cells(doc)
    # final_score's value for every player, summed once over all of them (event.scores).
    scores = event.scores()
    ranks = _ranks(event, doc, scores)
    unknown = _unknown_cells(doc)
    for player in sorted(event.players, key=lambda p: p.tpn):
        score = scores[player.tpn]
        cell = ""
        if player.tpn in pending:
            # The engines' convention: the points column counts the requested bye too
            # (gacrux requires it; bbpPairings reads either).
            request = pending[player.tpn]
            score += request.points(event.points_system_for(played + 1))
            cell = format_cell(request)
        not_known = unknown.get(player.tpn, {})
        # A game whose result is not known counts record 162's X, a draw's points.
        score += sum((event.points_system_for(r).draw for r in not_known), Fraction(0))
        line = _player_line(event, player, played, score, ranks[player.tpn], problems, not_known)
        out.emit("001", line + cell, player.tpn)
    federation, rated_nationally = national_ratings(doc)
    for player in rated_nationally:
        assert federation is not None  # national_ratings gives players only with one
        out.emit("NRS", nrs_line(federation, player), player.tpn)

    # JaVaFo's XXR: written if the file had it (or TRF-26's 142), else when it says more
    # than the rounds played.
    said = ("XXR", 0) in had or ("142", 0) in had
    if not v26 and event.planned_rounds and (not had or said or event.planned_rounds > played):
        # Rounds, as announced: a double Swiss round of two games counts once.
        out.emit("XXR", f"XXR {event.announced_rounds}")
    xxc = list(doc.xxc_options)
    if v26 and report and xxc and notes is not None:
        notes.append(
            f"JaVaFo's configuration XXC {' '.join(xxc)} has no TRF-26 record: left out of "
            "the report"
        )
    if not v26 and doc.initial_colour is not None:
        xxc.insert(0, "white1" if doc.initial_colour is Colour.WHITE else "black1")
    if xxc:
        out.emit("XXC", "XXC " + " ".join(xxc))

    in_cells = played + 1 if pending else None
    # A TRF-16 file keeps JaVaFo's own lists (XXZ, XXP) and does not say them twice.
    absent = set().union(*_javafo_lists(doc, "XXZ")) if not v26 else set()
    listed = set(_javafo_lists(doc, "XXP")) if not v26 else set()
    told = replace(
        event,
        bye_requests=tuple(
            b
            for b in event.bye_requests
            if not (b.round == played + 1 and b.kind is EntryKind.ZERO_BYE and b.tpn in absent)
        ),
        forbidden_pairs=tuple(g for g in event.forbidden_pairs if g not in listed),
    )
    for line in _bye_requests(told, problems, skip_round=in_cells):
        out.emit("240", line)
    javafo = any(line.tag == "XXA" for line in doc.kept)
    if v26 or not javafo:
        # A TRF-16 file that said its accelerations with JaVaFo's XXA keeps those lines
        # (the engines that read TRF-16 read XXA; two records would add the points twice).
        for line in _accelerations(event, problems):
            out.emit("250", line)
    for line in _forbidden_pairs(told, problems):
        out.emit("260", line)
    for line in _penalties(event, problems):
        out.emit("299", line)
    in_nrs = {p.tpn for p in rated_nationally}
    own = _extension(event, doc, standard_points, in_nrs, problems)
    if report:
        if notes is not None:
            lost = [line for line in own if not _implied(event, line)]
            notes.extend(left_out(lost, trf26=v26))
    else:
        for line in own:
            out.emit(ext.TAG, line)

    if problems and strict:
        raise TrfWriteError(problems)
    return out.records


def _javafo_lists(doc: TrfDocument, tag: str) -> list[frozenset[int]]:
    """The players each kept JaVaFo record *tag* (``XXZ``, ``XXP``) lists."""
    groups = []
    for line in doc.kept:
        if line.tag == tag:
            words = line.text[3:].replace(",", " ").split()
            groups.append(frozenset(int(w) for w in words if w.isascii() and w.isdecimal()))
    return groups


def _pending_cells(doc: TrfDocument) -> dict[int, RoundEntry]:
    """The bye requests of the round to pair, by player, when the file wrote them as cells.

    TRF-16 has no bye record: the FIDE pairing engines read the requests of
    the round to pair as ``0000 - H``/``F``/``Z`` cells after the last played
    round. A file that had them so gets them back so (other files get 240
    records, which TRF-16 readers skip).
    """
    if not doc.pending_cells:
        return {}
    event = doc.event
    round_no = event.rounds_played + 1
    return {b.tpn: RoundEntry(b.kind) for b in event.bye_requests if b.round == round_no}


TRANSLATED = frozenset({"XXA", "XXS", "XXP", "XXZ"})
"""JaVaFo's records the reader translates into TRF-26's (XXA into 250, XXS into 162 and 299,
XXP into 260, XXZ into 240): a TRF-16 file keeps them, a TRF-26 one says them its way."""


def _assemble(
    doc: TrfDocument,
    records: list[tuple[Anchor, str]],
    *,
    report: bool = False,
    notes: list[str] | None = None,
) -> str:
    """The lines in the file's order: its records where they stood, new ones after their
    usual predecessor, kept lines in front of the record they stood before.

    A TRF-26 report leaves out the kept lines that are no TRF-26 record (another
    program's extension, an Arbiter record of a later version), each named in *notes*.
    """
    order = doc.order or tuple(anchor for anchor, _ in records)
    v26 = doc.version is TrfVersion.TRF26
    position = {anchor: i for i, anchor in enumerate(order)}
    placed: list[tuple[tuple[int, int, int], str]] = []
    previous = -1
    for seq, (anchor, text) in enumerate(records):
        same = doc.verbatim.get(anchor)
        if same is not None and same[0] == text and not (v26 and trf2006_forms(same[1])):
            # The file's own form of an unchanged record; TRF-26 gets TRF-26's codes.
            text = same[1]
        if anchor in position:
            previous = position[anchor]
            placed.append(((previous, 1, seq), text))
        else:
            placed.append(((previous, 2, seq), text))
    end = len(order)
    federation = national_ratings(doc)[0] or federation_code(doc.event.info.federation)
    for seq, line in enumerate(doc.kept):
        if doc.version is TrfVersion.TRF26 and line.tag in TRANSLATED:
            continue  # JaVaFo's record, said by TRF-26's (250, 162/299, 260, 240)
        if report and doc.version is TrfVersion.TRF26 and not defined(line.text, federation):
            if notes is not None:
                notes.append(
                    f"the line {line.text.strip()[:40]!r} is no TRF-26 record: left out of "
                    "the report"
                )
            continue
        at = end if line.before is None else position.get(line.before, end)
        placed.append(((at, 0, seq), line.text))
    placed.sort(key=lambda item: item[0])
    for seq, comment in enumerate(doc.comments):
        # The event's own ### lines come last, in the order they happened.
        placed.append(((end + 1, 0, seq), comment))
    return "".join(text + doc.newline for _, text in placed)


def _ranks(event: Event, doc: TrfDocument, scores: dict[int, Fraction]) -> dict[int, int]:
    """The rank column: the document's ranks, else by score with ties sharing a rank."""
    ordered = sorted(scores.values(), reverse=True)
    first_at: dict[Fraction, int] = {}
    for place, score in enumerate(ordered, start=1):
        first_at.setdefault(score, place)
    return {tpn: doc.ranks.get(tpn, first_at[score]) for tpn, score in scores.items()}


def _unknown_cells(doc: TrfDocument) -> dict[int, dict[int, str]]:
    """The rounds of the games whose result is not known, by player then round: each
    player's ten columns with ``?`` (FIDE C.02, checklist questions 164 and 165)."""
    cells: dict[int, dict[int, str]] = {}
    for game in doc.unknown_results:
        for tpn, opponent, colour in (
            (game.white, game.black, Colour.WHITE),
            (game.black, game.white, Colour.BLACK),
        ):
            cells.setdefault(tpn, {})[game.round] = (
                f"  {opponent:>4} {colour.value} {UNKNOWN_RESULT}"
            )
    return cells


def _player_line(
    event: Event,
    player: Player,
    played: int,
    score: Fraction,
    rank: int,
    problems: list[str],
    unknown: Mapping[int, str] | None = None,
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
            problems.append(f"{who}: the {what} {shown} is longer than {count(width, 'column')}")

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
        f"{rating:>4} {player.federation:<3} {player.fide_id:>11} {player.birth:<10} "
        f"{points} {rank:>4}"
    )
    row = event.entries.get(player.tpn, ())[:played]
    # Rounds missing at the end of a row read as not paired (Event.entry).
    texts = [format_cell(e) for e in row] + [format_cell(NOT_PAIRED)] * (played - len(row))
    for round_no, text in (unknown or {}).items():
        texts.extend([format_cell(NOT_PAIRED)] * (round_no - len(texts)))
        texts[round_no - 1] = text
    return head + "".join(texts)


def _bye_requests(event: Event, problems: list[str], *, skip_round: int | None) -> list[str]:
    """One 240 record for each run of requests of the same kind and round, in order.

    The requests of *skip_round* are left out: they are cells of the player records.
    """
    letters = {EntryKind.FULL_BYE: "F", EntryKind.HALF_BYE: "H", EntryKind.ZERO_BYE: "Z"}
    runs: list[tuple[str, int, list[int]]] = []
    for req in sorted(event.bye_requests, key=lambda b: (b.round, b.kind.value, b.tpn)):
        if req.round == skip_round:
            continue
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


def _accelerations(event: Event, problems: list[str]) -> list[str]:
    """Record 250, individual form: no match points (columns 5-8 blank), then the points."""
    lines = []
    for acc in event.accelerations:
        points = format_tenths(acc.points, 4)
        if points is None:
            problems.append(f"virtual points of {acc.points} do not fit record 250 (one decimal)")
            continue
        lines.append(
            f"250 {'':>4} {points} {acc.first_round:03d} {acc.last_round:03d} "
            f"{acc.first_tpn:>4} {acc.last_tpn:>4}"
        )
    return lines


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
                f"player {adj.tpn}: the adjustment of {adj.points} does not fit "
                "record 299 (one decimal, at most 4 columns)"
            )
            continue
        round_no = 0 if adj.round is None else adj.round
        lines.append(f"299    {'':>4}  {points}  {round_no:03d} {adj.tpn:>4}")
    return lines


def _extension(
    event: Event,
    doc: TrfDocument,
    standard_points: PointSystem,
    in_nrs: set[int],
    problems: list[str],
) -> list[str]:
    lines = []
    had_192 = doc.version is TrfVersion.TRF26 or ("192", 0) in doc.order
    code_192 = CODES_192[event.system] if had_192 else ""
    if event.system is not implied_system(code_192, event.info.tournament_type, event.entries):
        lines.append(ext.line(ext.SYSTEM, event.system.value))
    if event.rule_set is not None:
        lines.append(ext.line(ext.RULESET, event.rule_set.value))
    if event.point_system != standard_points:
        lines.append(ext.line(ext.POINTS, "*", to_exact(event.point_system)))
    for round_no, system in enumerate(event.round_point_systems, start=1):
        lines.append(ext.line(ext.POINTS, round_no, to_exact(system)))
    players = sorted(event.players, key=lambda p: p.tpn)
    played = event.rounds_played
    # A round with a game whose result is not known is paired ("?" cells say so).
    in_cells = max((game.round for game in doc.unknown_results), default=0)
    if played > max(last_paired_round(event.entries), in_cells) and any(
        e.kind in REQUESTABLE for _, _, e in event.iter_games()
    ):
        lines.append(ext.line(ext.PLAYED, played))
    for player in players:
        lines.extend(_player_extension(event, player, played, player.tpn in in_nrs, problems))
    if players and played > max(_last_coded_round(event), in_cells):
        # Blank rounds at the end of every line vanish; one explicit entry keeps the round.
        first = players[0]
        entry = event.entry(first.tpn, played)
        if entry.kind is blank_kind(first, played):
            lines.append(ext.line(ext.ENTRY, first.tpn, played, entry.kind.value))
    for index, adj in enumerate(event.adjustments, start=1):
        if adj.reason:
            lines.append(ext.line(ext.REASON, index, one_line(adj.reason, "REASON", problems)))
    return lines


def _player_extension(
    event: Event, player: Player, played: int, in_nrs: bool, problems: list[str]
) -> list[str]:
    tpn = player.tpn
    lines = []
    if player.withdrawn_from_round is not None:
        lines.append(ext.line(ext.WITHDRAWN, tpn, player.withdrawn_from_round))
    if player.disqualified:
        lines.append(ext.line(ext.DISQUALIFIED, tpn))
    if not in_nrs and (player.national_rating is not None or player.national_id):
        rating = "-" if player.national_rating is None else player.national_rating
        national_id = one_line(player.national_id, "NATIONAL", problems) or "-"
        lines.append(ext.line(ext.NATIONAL, tpn, rating, national_id))
    for round_no in range(1, played + 1):
        entry = event.entry(tpn, round_no)
        if not _coded(entry) and entry.kind is not blank_kind(player, round_no):
            lines.append(ext.line(ext.ENTRY, tpn, round_no, entry.kind.value))
        if entry.opponent_rating is not None:
            lines.append(ext.line(ext.ORATING, tpn, round_no, entry.opponent_rating))
    return lines


def _implied(event: Event, line: str) -> bool:
    """Whether the Arbiter record *line* says nothing a reader of the report would miss:
    an ``ARB ORATING`` giving the opponent's rating as it stands (the report gives each
    player's rating), an ``ARB RULESET`` naming the FIDE text in force on the start date
    (FIDE C.07: the text applies from its date), an ``ARB ENTRY`` (a blank round reads
    as an absence either way)."""
    words = line.split()
    if len(words) >= 2 and words[1] == ext.ENTRY:
        return True
    if len(words) >= 3 and words[1] == ext.RULESET:
        return words[2] == fide_rule_set_on(event.info.start_date).value
    if len(words) != 5 or words[1] != ext.ORATING:
        return False
    opponent = event.entry(int(words[2]), int(words[3])).opponent
    players = event.player_map()
    return opponent in players and players[opponent].rating == int(words[4])


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
