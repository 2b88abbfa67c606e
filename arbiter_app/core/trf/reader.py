"""Read TRF-16 and TRF-26 text into a :class:`TrfDocument`.

The reader collects every problem with its line and column and raises them
together as one :class:`~arbiter_app.core.errors.InputError`. What only looks
wrong goes to ``TrfDocument.warnings`` instead: a points column (81-84) or a
player count (062/072) that disagrees with the rest of the file. Those
columns are derived data, the round results decide the score, and files in
the field often carry scores of a point system they do not declare, so a
mismatch is reported but does not stop the reading; so is a points column that is not
a number at all.
"""

from __future__ import annotations

import re
from fractions import Fraction

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.limits import (
    FIELD_WORDS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    field_problem,
    too_many_players,
)
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Player,
    PointAdjustment,
    RoundEntry,
    VirtualPoints,
)
from arbiter_app.core.points import parse_points
from arbiter_app.core.presets import parse_tiebreak_list
from arbiter_app.core.trf import extension as ext
from arbiter_app.core.trf import national
from arbiter_app.core.trf import records as rec
from arbiter_app.core.trf.assemble import Assembly
from arbiter_app.core.trf.cells import TRF2006_TITLES, Cell, parse_cell
from arbiter_app.core.trf.dates import read_date
from arbiter_app.core.trf.document import TrfDocument
from arbiter_app.core.trf.scoring import CODES_162, DEFAULTS_299
from arbiter_app.core.trf.state import DEFAULT_POINTS, Row
from arbiter_app.core.words import count

_SINGLE = frozenset(
    {"012", "022", "032", "042", "052", "062", "072", "092", "102", "122", "132"}
    | {"142", "152", "162", "182", "192", "202", "212", "XXR", "XXC"}
)
_LONGEST_NUMBER = 12
"""Digits of the longest number a TRF field holds (a FIDE id: 11 columns)."""
_BYE_LETTERS = {"F": EntryKind.FULL_BYE, "H": EntryKind.HALF_BYE, "Z": EntryKind.ZERO_BYE}
_BYE_WORDS = {
    EntryKind.FULL_BYE: "full-point bye",
    EntryKind.HALF_BYE: "half-point bye",
    EntryKind.ZERO_BYE: "zero-point bye",
}
XXS_FIELDS = {
    "W": "win",
    "WW": "win",
    "BW": "win",
    "D": "draw",
    "WD": "draw",
    "BD": "draw",
    "WL": "loss",
    "BL": "loss",
    "L": "loss",
    "FW": "forfeit_win",
    "FL": "forfeit_loss",
    "PAB": "pairing_bye",
    "FPB": "full_bye",
    "HPB": "half_bye",
    "ZPB": "zero_bye",
}
"""JaVaFo's XXS keys and the :class:`~arbiter_app.core.points.PointSystem` field each sets."""


def parse_trf(text: str, source: str = "<trf>") -> TrfDocument:
    """Read a tournament report file (TRF-16 or TRF-26, told apart by the records present).

    Raises :class:`InputError` with every problem found, each with its line
    and column.
    """
    reader = _Reader(source)
    reader.newline = _newline(text)
    for number, line in enumerate(_lines(text), start=1):
        reader.line_no = number
        if len(line) > LONGEST_LINE:
            # Never read field by field: a line of megabytes made a problem for each of
            # its hundred thousand "rounds" (minutes and gigabytes; issue 27, point 7).
            reader.issue(
                number,
                LONGEST_LINE + 1,
                f"the line is {len(line):,} characters long; a TRF line holds at most "
                f"{LONGEST_LINE:,} (a player of {count(MAX_ROUNDS, 'round')} takes "
                f"{rec.PLAYER_WIDTH + rec.CELL_WIDTH * MAX_ROUNDS:,})",
            )
            continue
        reader.line(number, line)
    return reader.finish()


LONGEST_LINE = 4096
"""Characters of the longest line a TRF may hold: a player record of
:data:`~arbiter_app.core.limits.MAX_ROUNDS` rounds takes about 1,080, a header record
the width of a sheet's title line; a longer line is refused without being read."""


def _newline(text: str) -> str:
    """The line end the file uses: CR LF, a lone CR (TRF's own "CR"), or LF."""
    if "\r\n" in text:
        return "\r\n"
    return "\r" if "\r" in text else "\n"


def _lines(text: str) -> list[str]:
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class _Reader(Assembly):
    """The reader's first half: one method per record, filling the state."""

    past_limit = False
    """More player records than an event holds were met (reported once)."""

    def __init__(self, source: str) -> None:
        super().__init__(source)
        self.rounds_read: dict[str, RoundEntry] = {}
        """Every round cell read so far, by its ten columns (see :func:`parse_cell`)."""

    def number(self, text: str, line: int, col: int, what: str, *, blank: int = 0) -> int | None:
        s = text.strip()
        if not s:
            return blank
        if rec.is_number(s) and len(s) > _LONGEST_NUMBER:
            # No TRF field holds more digits (an id has 11); thousands of them would not
            # even convert.
            self.issue(line, col, f"{what}: a number of {len(s):,} digits is no TRF value")
            return None
        if rec.is_number(s):
            return int(s)
        shown = s if len(s) <= 40 else s[:37] + "..."
        self.issue(line, col, f"{what}: {shown!r} is not a whole number")
        return None

    def points(
        self, text: str, line: int, col: int, what: str, *, derived: bool = False
    ) -> Fraction | None:
        """A score like ``11.5``; a bad one is an error, or a warning in a *derived* column."""
        s = text.strip()
        if not s:
            return None
        try:
            if s.count(".") <= 1 and rec.is_number(s.lstrip("-").replace(".", "")):
                return parse_points(s)
        except ValueError:
            pass
        report = self.warn if derived else self.issue
        report(line, col, f"{what}: {s!r} is not a score like 11.5")
        return None

    # -- one line ------------------------------------------------------------
    def line(self, n: int, line: str) -> None:
        tag = line[:3]
        if line.startswith("###") or not line.strip():
            self.keep(line)
            return
        self.tags.add(tag)
        if tag in _SINGLE:
            if tag in self.seen:
                self.issue(n, 1, f"record {tag} appears again (first on line {self.seen[tag]})")
                return
            self.seen[tag] = n
        value = line[4:].rstrip()
        handler = getattr(self, f"_r{tag}", None)
        if tag == self.nrs_federation and tag != "ARB" and not tag.startswith("XX"):
            self._nrs(n, line)
        elif tag in ("012", "022", "032", "092", "102", "122"):
            self.info[tag] = value
            self.model(line, tag)
        elif handler is not None:
            handler(n, line, value)
        else:
            self.keep(line)

    def _r182(self, n: int, line: str, value: str) -> None:
        """TRF-26: the pairing controller (the program or person that made the pairings)."""
        self.info["182"] = value.strip()
        self.model(line, "182")

    def _r192(self, n: int, line: str, value: str) -> None:
        self.info["192"] = value.strip()
        self.model(line, "192")

    def _r202(self, n: int, line: str, value: str) -> None:
        self._tiebreaks(n, line, value, "202")

    def _r212(self, n: int, line: str, value: str) -> None:
        self._tiebreaks(n, line, value, "212")

    def _tiebreaks(self, n: int, line: str, value: str, tag: str) -> None:
        """Records 202/212: the tie-break list (212 adds ``PTS``, the points, in front)."""
        codes = [c for c in re.split(r"[,\s]+", value.strip()) if c and c.upper() != "PTS"]
        try:
            self.tiebreak_lists[tag] = parse_tiebreak_list(codes)
        except UnknownTieBreak as exc:
            self.keep(line)
            self.warn(n, 5, f"record {tag}: {exc}; the record is kept as written")
            return
        self.model(line, tag)

    def _r172(self, n: int, line: str, value: str) -> None:
        """TRF-26: the federation of the National Rating Support records that follow."""
        self.model(line, "172")
        self.nrs_federation = national.federation_code(line[4:7])
        if self.nrs_federation is None:
            self.warn(n, 5, f"record 172: {line[4:7]!r} is not a federation code")

    def _nrs(self, n: int, line: str) -> None:
        read = national.read_nrs(line)
        if read is None:
            self.keep(line)
            self.warn(n, 5, "a national rating record without a pairing number is kept as written")
            return
        tpn, rating, number = read
        self.nrs[tpn] = (rating, number, n)
        self.model(line, "NRS", tpn)

    def _r112(self, n: int, line: str, value: str) -> None:
        self.deputies.append(value)
        self.model(line, "112")

    def _r042(self, n: int, line: str, value: str) -> None:
        self._date(n, line, value, "042", "start")

    def _r052(self, n: int, line: str, value: str) -> None:
        self._date(n, line, value, "052", "end")

    def _date(self, n: int, line: str, value: str, tag: str, what: str) -> None:
        """Any form of a date the field writes; text that is no date is kept and warned about."""
        self.model(line, tag)
        text = value.strip()
        if not text:
            return
        day = read_date(text)
        if day is None:
            self.warn(
                n,
                5,
                f"record {tag} (date of {what}): {text!r} is not a date Arbiter understands; "
                "it is kept as written",
            )
        else:
            self.info[tag] = day

    def _r062(self, n: int, line: str, value: str) -> None:
        self.counts["062"] = (value.strip(), n)
        self.model(line, "062")

    def _r072(self, n: int, line: str, value: str) -> None:
        self.counts["072"] = (value.strip(), n)
        self.model(line, "072")

    def _r132(self, n: int, line: str, value: str) -> None:
        """Round dates, ``YY/MM/DD`` in columns 92-99, 102-109, …; other forms are warned about.

        The dates stay text as written (a round date never stops an import);
        one that is no date, or stands outside its columns, gets a warning
        naming its line and column.
        """
        self.model(line, "132")
        dates: list[str] = []
        start = rec.ROUND_DATES_START
        if line[3:start].strip():
            self.warn(n, 4, "record 132: round 1's date belongs in columns 92-99; kept as written")
        k = 0
        while start + 10 * k < len(line.rstrip()):
            at = start + 10 * k
            day = line[at : at + 8].strip()
            if line[at + 8 : at + 10].strip():
                self.warn(n, at + 9, f"record 132: round {k + 1}'s date runs past column {at + 8}")
            if day and read_date(day) is None:
                self.warn(
                    n,
                    at + 1,
                    f"record 132, round {k + 1}: {day!r} is not a date Arbiter understands; "
                    "it is kept as written",
                )
            dates.append(day)
            k += 1
        self.info["132"] = tuple(dates)

    def _r142(self, n: int, line: str, value: str) -> None:
        self.model(line, "142")
        self.planned = self.number(value, n, 5, "record 142 (number of rounds)") or 0

    def _rXXR(self, n: int, line: str, value: str) -> None:
        self.model(line, "XXR")
        self.planned = self.number(value, n, 5, "record XXR (number of rounds)") or 0

    def _r152(self, n: int, line: str, value: str) -> None:
        self.model(line, "152")
        letter = value.strip().upper()
        if letter in ("W", "B"):
            self.colour = Colour.WHITE if letter == "W" else Colour.BLACK
        else:
            self.issue(n, 5, f"record 152 (initial colour): {value.strip()!r} is not W or B")

    def _rXXC(self, n: int, line: str, value: str) -> None:
        self.model(line, "XXC")
        for word in value.split():
            if word.lower() in ("white1", "black1"):
                self.colour = Colour.WHITE if word.lower() == "white1" else Colour.BLACK
            else:
                self.xxc.append(word)

    def _rXXA(self, n: int, line: str, value: str) -> None:
        """JaVaFo's acceleration record: ``XXA NNNN pp.p pp.p …``, the player in columns 5-8,
        then his virtual points for round 1, 2, … in 4 columns each, 5 apart from column 10
        (blank: none). The line is kept as written (TRF-16 engines read it); the points are
        TRF-26 record 250's virtual points (FIDE C.04.5.1), which the pairing uses."""
        self.keep(line)
        tpn = self.number(line[4:8], n, 5, "record XXA (pairing number)")
        if not tpn:
            if tpn == 0:
                self.issue(n, 5, "record XXA has no pairing number (columns 5-8)")
            return
        points: list[Fraction] = []
        for at in range(9, len(line.rstrip()), 5):
            value_at = self.points(line[at : at + 4], n, at + 1, f"record XXA, player {tpn}")
            points.append(value_at or Fraction(0))
        if tpn in self.xxa:
            self.issue(n, 5, f"record XXA: player {tpn} has a second XXA record")
            return
        self.xxa[tpn] = points

    def _javafo_players(self, n: int, value: str, tag: str) -> list[int]:
        """The pairing numbers a JaVaFo record lists, separated by blanks (or commas)."""
        found = []
        for word in value.replace(",", " ").split():
            tpn = self.number(word, n, 5, f"record {tag} (pairing number)")
            if tpn:
                found.append(tpn)
        return found

    def _rXXP(self, n: int, line: str, value: str) -> None:
        """JaVaFo's (and bbpPairings') forbidden pairs: ``XXP 3 17 25``, players who must not
        meet each other in any round: TRF-26 record 260 over every round. Kept as written."""
        self.keep(line)
        tpns = self._javafo_players(n, value, "XXP")
        if len(tpns) < 2:
            self.issue(n, 5, "record XXP needs two players or more")
            return
        self.xxp.append((tpns, n))

    def _rXXZ(self, n: int, line: str, value: str) -> None:
        """JaVaFo's absent players: ``XXZ 4 9``, not to be paired in the round to pair: a
        zero-point bye requested for that round (TRF-26 record 240 Z). Kept as written."""
        self.keep(line)
        self.xxz.extend((tpn, n) for tpn in self._javafo_players(n, value, "XXZ"))

    def _rXXS(self, n: int, line: str, value: str) -> None:
        """JaVaFo's point system: ``XXS W=1.0 D=0.5 …`` (``WW``/``BW`` a win with White/Black,
        ``WD``/``BD`` and ``D`` draws, ``WL``/``BL`` losses, ``FW``/``FL`` forfeits, ``PAB``,
        ``FPB``, ``HPB``, ``ZPB`` byes). Read as Arbiter's point system; a system that scores
        a colour otherwise than the other has no place in it and is only kept as written."""
        self.keep(line)
        found: dict[str, Fraction] = {}
        for word in value.split():
            key, eq, raw = word.partition("=")
            field = XXS_FIELDS.get(key.upper())
            points = self.points(raw, n, 5, f"record XXS, {key}") if eq else None
            if field is None or points is None:
                self.warn(n, 5, f"record XXS: {word!r} is not a point value JaVaFo defines")
                continue
            if field in found and found[field] != points:
                self.warn(
                    n,
                    5,
                    "record XXS scores the colours apart, which Arbiter's point systems do not: "
                    "the record is kept but not applied",
                )
                return
            found[field] = points
        self.xxs = found
        self.note(n, 1, "JaVaFo's point system (record XXS) read as record 162/299's")

    def _r162(self, n: int, line: str, value: str) -> None:
        self.model(line, "162")
        for pos in range(5, len(line.rstrip()), 9):
            code = line[pos].upper()
            if code == " ":
                continue
            if code not in CODES_162:
                self.issue(
                    n, pos + 1, f"record 162: unknown result code {line[pos]!r} (W D L A P X)"
                )
                continue
            points = self.points(line[pos + 1 : pos + 5], n, pos + 2, f"record 162, {code}")
            if points is None:
                continue
            if code == "X":
                # The points a player record counts for a game whose result is not known
                # ("?"): the points column is checked with them; the event gives such a
                # game no points until its result is in (C.02, checklist question 167).
                self.x_points = points
                continue
            self.values_162[code] = points

    def _r001(self, n: int, line: str, value: str) -> None:
        text = line.ljust(rec.PLAYER_WIDTH)
        if text[rec.TPN.stop].isdecimal():
            number = text[rec.TPN.start :].split()[0]
            self.issue(
                n,
                5,
                f"the pairing number {number} runs past columns 5-8: a TRF starting rank "
                f"has four digits (at most {count(MAX_PLAYERS, 'player', thousands=True)})",
            )
            return
        if len(self.rows) >= MAX_PLAYERS:
            # The starting rank has four digits (columns 5-8): report once, read no further.
            if not self.past_limit:
                self.past_limit = True
                self.issue(n, 5, too_many_players(len(self.rows) + 1) or "")
            return
        tpn = self.number(text[rec.TPN], n, 5, "pairing number")
        self.model(line, "001", tpn)
        if not tpn:
            if tpn == 0:
                self.issue(n, 5, "the player record has no pairing number (columns 5-8)")
            return
        rating = self.number(text[rec.RATING], n, 49, f"player {tpn}'s rating")
        fide_id = text[rec.FIDE_ID].strip()
        if fide_id and not rec.is_number(fide_id):
            self.issue(n, 58, f"player {tpn}'s FIDE id {fide_id!r} is not a number")
        points = self.points(text[rec.POINTS], n, 81, f"player {tpn}'s points", derived=True)
        rank_text = text[rec.RANK]
        rank = self.number(rank_text, n, 86, f"player {tpn}'s rank") if rank_text.strip() else None
        name = text[rec.NAME].strip()
        title = text[rec.TITLE].strip()
        if title.lower() in TRF2006_TITLES and title != TRF2006_TITLES[title.lower()]:
            # FIDE's 2006 example writes g, m, f, wg, wm, wf; TRF-16/26 write GM, IM, ….
            self.note(
                n,
                rec.column(rec.TITLE.start),
                f"player {tpn}: TRF-2006's title code {title!r} read as "
                f"{TRF2006_TITLES[title.lower()]}",
            )
            title = TRF2006_TITLES[title.lower()]
        # The one check of a player's fields for every way in (core.limits).
        for field, where, value in (
            ("name", rec.NAME, name),
            ("title", rec.TITLE, text[rec.TITLE].strip()),
            ("federation", rec.FEDERATION, text[rec.FEDERATION].strip()),
            ("sex", rec.SEX, text[rec.SEX].strip()),
            ("birth", rec.BIRTH, text[rec.BIRTH].strip()),
        ):
            problem = field_problem(field, value)
            if problem is not None:
                self.issue(
                    n, rec.column(where.start), f"player {tpn}: {FIELD_WORDS[field]} {problem}"
                )
        player = Player(
            tpn=tpn,
            name=name,
            rating=rating or None,
            title=title,
            federation=text[rec.FEDERATION].strip(),
            fide_id=fide_id,
            sex=text[rec.SEX].strip(),
            birth=text[rec.BIRTH].strip(),
        )
        used = len(line.rstrip())
        rounds = 0 if used <= rec.PLAYER_WIDTH else -(-(used - rec.PLAYER_WIDTH) // rec.CELL_WIDTH)
        cells = []
        seen = self.rounds_read
        for r in range(1, rounds + 1):
            start = rec.cell_start(r)
            text = line[start : start + rec.CELL_WIDTH]
            known = seen.get(text)
            if known is not None:  # the same ten columns as a round read before
                cells.append(Cell(known, n, start + 3, start + 8, start + 10))
                continue
            cell = parse_cell(text, tpn, r, n, self.source, self.issues, seen)
            if cell.old_form and cell.entry is not None:
                # TRF-2006's bye: written back as read, in TRF-26 with TRF-26's code.
                self.note(
                    n,
                    cell.result_column,
                    f"player {tpn}, round {r}: TRF-2006's '0000 - {cell.old_form}' read as a "
                    f"{_BYE_WORDS[cell.entry.kind]} (TRF-26 code {rec.format_cell(cell.entry)[9]})",
                )
            cells.append(cell)
        self.rows.append(Row(n, player, cells, points, rank))

    def _r240(self, n: int, line: str, value: str) -> None:
        self.model(line, "240")
        letter = line[4:5].upper()
        kind = _BYE_LETTERS.get(letter)
        if kind is None:
            self.issue(n, 5, f"record 240: bye type {line[4:5]!r} is not F, H or Z")
        round_no = self.number(line[6:9], n, 7, "record 240 (round)")
        for at, tpn in self._numbers(line, 10, n, "record 240"):
            if kind is not None and round_no:
                self.byes.append((ByeRequest(tpn, round_no, kind), n, at))

    def _r260(self, n: int, line: str, value: str) -> None:
        item = self.model(line, "260")
        first = self.number(line[4:7], n, 5, "record 260 (first round)")
        last = self.number(line[8:11], n, 9, "record 260 (last round)")
        tpns = self._numbers(line, 12, n, "record 260")
        if len(tpns) < 2:
            self.issue(n, 13, "record 260 needs two players or more")
            return
        if first is not None and last is not None:
            self.forbidden.append((first, last or first, [t for _, t in tpns], n, item))

    def _r250(self, n: int, line: str, value: str) -> None:
        """TRF-26 record 250: virtual points for pairing (columns 10-13), rounds, players."""
        self.model(line, "250")
        points = self.points(line[9:13], n, 10, "record 250 (points)")
        first = self.number(line[14:17], n, 15, "record 250 (first round)")
        last = self.number(line[18:21], n, 19, "record 250 (last round)")
        low = self.number(line[22:26], n, 23, "record 250 (first player)")
        high = self.number(line[27:31], n, 28, "record 250 (last player)")
        if points is None:
            self.issue(n, 10, "record 250 has no points (columns 10-13)")
        if not first or not low:
            self.issue(n, 15, "record 250 needs its first round and first player")
        if points is None or not first or not low or last is None or high is None:
            return
        self.accelerations.append(VirtualPoints(points, first, last or first, low, high or low))

    def _r299(self, n: int, line: str, value: str) -> None:
        letter = line[4:5]
        points = self.points(line[13:17], n, 14, "record 299 (points)")
        round_no = self.number(line[19:22], n, 20, "record 299 (round)")
        tpns = self._numbers(line, 23, n, "record 299")
        if letter.strip() and not tpns and not round_no:
            if letter not in DEFAULTS_299:
                self.issue(
                    n, 5, f"record 299: {letter!r} is not a default Arbiter reads (+ - F H Z)"
                )
            elif points is not None:
                self.defaults_299[letter] = points
            self.tags.add(DEFAULT_POINTS)  # a TRF-26 use of record 299
            self.model(line, "299")
        elif letter.strip():
            self.keep(line)
            self.warn(n, 5, "record 299: an assignment for one round is kept but not applied")
        else:
            self.model(line, "299")
            if not tpns:
                self.issue(n, 24, "record 299: the penalty names no player (columns 24-27)")
            if points is None:
                self.issue(n, 14, "record 299: the penalty has no points (columns 14-17)")
                return
            for _, tpn in tpns:
                self.adjustments.append((PointAdjustment(tpn, points, round_no or None), n))

    def _numbers(self, line: str, start: int, n: int, what: str) -> list[tuple[int, int]]:
        """Pairing numbers in 4-column fields 5 apart from *start*: (1-based column, number)."""
        found = []
        for at in range(start, len(line.rstrip()), 5):
            value = self.number(line[at : at + 4], n, at + 1, f"{what} (pairing number)")
            if value:
                found.append((at + 1, value))
        return found

    def _rARB(self, n: int, line: str, value: str) -> None:
        words = value.split()
        keyword = words[0] if words else ""
        if keyword not in ext.KEYWORDS:
            self.keep(line)
            self.warn(n, 5, f"Arbiter record {keyword!r} is not known to this version; kept")
            return
        self.model(line, "ARB")
        try:
            self.arb.read(keyword, words[1:], value, n)
        except (ValueError, IndexError) as exc:
            self.issue(n, 5, f"Arbiter record {keyword}: {exc or 'values missing'}")
