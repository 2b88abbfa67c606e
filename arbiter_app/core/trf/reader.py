"""Read TRF-16 and TRF-26 text into a :class:`TrfDocument`.

The reader collects every problem with its line and column and raises them
together as one :class:`~arbiter_app.core.errors.InputError`. What only looks
wrong goes to ``TrfDocument.warnings`` instead: a points column (81-84) or a
player count (062/072) that disagrees with the rest of the file. Those
columns are derived data, the round results decide the score, and files in
the field often carry scores of a point system they do not declare, so a
mismatch is reported but does not stop the reading.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Player,
    PointAdjustment,
    RoundEntry,
    RuleSet,
    System,
)
from arbiter_app.core.points import PointSystem, format_points, parse_points
from arbiter_app.core.trf import extension as ext
from arbiter_app.core.trf import records as rec
from arbiter_app.core.trf.cells import Cell, check_pairings, parse_cell
from arbiter_app.core.trf.document import Anchor, KeptLine, TrfDocument, TrfVersion
from arbiter_app.core.trf.scoring import CODES_162, DEFAULTS_299, from_exact, from_records
from arbiter_app.core.trf.system import system_from_kept

TRF26_TAGS = frozenset(
    {"142", "152", "162", "172", "182", "192", "202", "212"}
    | {"222", "250", "300", "310", "320", "330", "352", "362"}
)
"""Records that exist in TRF-26 only. Records 240, 260 and 299 are TRF-26 records too, but
Arbiter writes them in TRF-16 files as well, so they do not decide the version."""

_SINGLE = frozenset(
    {"012", "022", "032", "042", "052", "062", "072", "092", "102", "122", "132"}
    | {"142", "152", "162", "XXR", "XXC"}
)
_BYE_LETTERS = {"F": EntryKind.FULL_BYE, "H": EntryKind.HALF_BYE, "Z": EntryKind.ZERO_BYE}


def parse_trf(text: str, source: str = "<trf>") -> TrfDocument:
    """Read a tournament report file (TRF-16 or TRF-26, told apart by the records present).

    Raises :class:`InputError` with every problem found, each with its line
    and column.
    """
    reader = _Reader(source)
    for number, line in enumerate(_lines(text), start=1):
        reader.line(number, line)
    return reader.finish()


def _lines(text: str) -> list[str]:
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


@dataclass
class _Item:
    """A line of the file in order: a model record (tag) or a kept line (text)."""

    text: str
    tag: str | None


@dataclass
class _Row:
    line: int
    player: Player
    cells: list[Cell]
    points: Fraction | None
    rank: int | None


@dataclass
class _Arb:
    """What Arbiter's own records said, resolved once the players are known."""

    system: System | None = None
    rule_set: RuleSet | None = None
    withdrawn: dict[int, tuple[int, int]] = field(default_factory=dict)
    disqualified: dict[int, int] = field(default_factory=dict)
    national: dict[int, tuple[int | None, str, int]] = field(default_factory=dict)
    entries: dict[tuple[int, int], tuple[EntryKind, int]] = field(default_factory=dict)
    ratings: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    points: PointSystem | None = None
    round_points: dict[int, tuple[PointSystem, int]] = field(default_factory=dict)
    reasons: dict[int, tuple[str, int]] = field(default_factory=dict)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.issues: list[Issue] = []
        self.warnings: list[Issue] = []
        self.items: list[_Item] = []
        self.seen: dict[str, int] = {}
        self.tags: set[str] = set()
        self.info: dict[str, object] = {}
        self.deputies: list[str] = []
        self.counts: dict[str, tuple[str, int]] = {}
        self.planned = 0
        self.colour: Colour | None = None
        self.xxc: list[str] = []
        self.values_162: dict[str, Fraction] = {}
        self.defaults_299: dict[str, Fraction] = {}
        self.rows: list[_Row] = []
        self.byes: list[tuple[ByeRequest, int, int]] = []
        self.forbidden: list[tuple[int, int, list[int], int, int]] = []
        self.adjustments: list[tuple[PointAdjustment, int]] = []
        self.arb = _Arb()

    # -- helpers -------------------------------------------------------------
    def issue(self, line: int, col: int, message: str) -> None:
        self.issues.append(Issue(self.source, line, col, message))

    def warn(self, line: int, col: int, message: str) -> None:
        self.warnings.append(Issue(self.source, line, col, message))

    def keep(self, text: str) -> None:
        self.items.append(_Item(text, None))

    def model(self, text: str, tag: str) -> _Item:
        item = _Item(text, tag)
        self.items.append(item)
        return item

    def number(self, text: str, line: int, col: int, what: str, *, blank: int = 0) -> int | None:
        s = text.strip()
        if not s:
            return blank
        if s.isdigit():
            return int(s)
        self.issue(line, col, f"{what}: {s!r} is not a whole number")
        return None

    def points(self, text: str, line: int, col: int, what: str) -> Fraction | None:
        s = text.strip()
        if not s:
            return None
        try:
            if s.count(".") <= 1 and s.lstrip("-").replace(".", "").isdigit():
                return parse_points(s)
        except ValueError:
            pass
        self.issue(line, col, f"{what}: {s!r} is not a score like 11.5")
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
        if tag in ("012", "022", "032", "092", "102", "122"):
            self.info[tag] = value
            self.model(line, tag)
        elif handler is not None:
            handler(n, line, value)
        else:
            self.keep(line)

    def _r112(self, n: int, line: str, value: str) -> None:
        self.deputies.append(value)
        self.model(line, "112")

    def _r042(self, n: int, line: str, value: str) -> None:
        self._date(n, line, value, "042", "start")

    def _r052(self, n: int, line: str, value: str) -> None:
        self._date(n, line, value, "052", "end")

    def _date(self, n: int, line: str, value: str, tag: str, what: str) -> None:
        self.model(line, tag)
        if not value.strip():
            return
        try:
            self.info[tag] = rec.parse_date(value)
        except ValueError as exc:
            self.issue(n, 5, f"record {tag} (date of {what}): {exc}")

    def _r062(self, n: int, line: str, value: str) -> None:
        self.counts["062"] = (value.strip(), n)
        self.model(line, "062")

    def _r072(self, n: int, line: str, value: str) -> None:
        self.counts["072"] = (value.strip(), n)
        self.model(line, "072")

    def _r132(self, n: int, line: str, value: str) -> None:
        self.model(line, "132")
        dates: list[str] = []
        start = rec.ROUND_DATES_START
        if line[3:start].strip():
            self.issue(n, 4, "record 132: round 1's date belongs in columns 92-99")
        k = 0
        while start + 10 * k < len(line.rstrip()):
            at = start + 10 * k
            day = line[at : at + 8].strip()
            if line[at + 8 : at + 10].strip():
                self.issue(n, at + 9, f"record 132: round {k + 1}'s date runs past column {at + 8}")
            if day:
                try:
                    rec.check_round_date(day)
                except ValueError as exc:
                    self.issue(n, at + 1, f"record 132, round {k + 1}: {exc}")
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
                if points != Fraction(1, 2):
                    self.warn(n, pos + 1, "record 162: X (unknown result) is not used by Arbiter")
                continue
            self.values_162[code] = points

    def _r001(self, n: int, line: str, value: str) -> None:
        self.model(line, "001")
        text = line.ljust(rec.PLAYER_WIDTH)
        tpn = self.number(text[rec.TPN], n, 5, "pairing number")
        if not tpn:
            if tpn == 0:
                self.issue(n, 5, "the player record has no pairing number (columns 5-8)")
            return
        rating = self.number(text[rec.RATING], n, 49, f"player {tpn}'s rating")
        fide_id = text[rec.FIDE_ID].strip()
        if fide_id and not fide_id.isdigit():
            self.issue(n, 58, f"player {tpn}'s FIDE id {fide_id!r} is not a number")
        points = self.points(text[rec.POINTS], n, 81, f"player {tpn}'s points")
        rank_text = text[rec.RANK]
        rank = self.number(rank_text, n, 86, f"player {tpn}'s rank") if rank_text.strip() else None
        player = Player(
            tpn=tpn,
            name=text[rec.NAME].strip(),
            rating=rating or None,
            title=text[rec.TITLE].strip(),
            federation=text[rec.FEDERATION].strip(),
            fide_id=fide_id,
            sex=text[rec.SEX].strip(),
            birth=text[rec.BIRTH].strip(),
        )
        used = len(line.rstrip())
        rounds = 0 if used <= rec.PLAYER_WIDTH else -(-(used - rec.PLAYER_WIDTH) // rec.CELL_WIDTH)
        cells = []
        for r in range(1, rounds + 1):
            start = rec.cell_start(r)
            cells.append(parse_cell(line[start : start + 10], tpn, r, n, self.source, self.issues))
        self.rows.append(_Row(n, player, cells, points, rank))

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
            self.forbidden.append((first, last or first, [t for _, t in tpns], n, id(item)))

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
            self._arb(keyword, words[1:], value, n)
        except (ValueError, IndexError) as exc:
            self.issue(n, 5, f"Arbiter record {keyword}: {exc or 'values missing'}")

    def _arb(self, keyword: str, args: list[str], value: str, n: int) -> None:
        arb = self.arb
        if keyword == ext.SYSTEM:
            arb.system = System(args[0])
        elif keyword == ext.RULESET:
            arb.rule_set = RuleSet(args[0])
        elif keyword == ext.WITHDRAWN:
            arb.withdrawn[int(args[0])] = (int(args[1]), n)
        elif keyword == ext.DISQUALIFIED:
            arb.disqualified[int(args[0])] = n
        elif keyword == ext.NATIONAL:
            rating = None if args[1] == "-" else int(args[1])
            rest = value.split(maxsplit=3)[3]
            arb.national[int(args[0])] = (rating, "" if rest == "-" else rest, n)
        elif keyword == ext.ENTRY:
            kind = EntryKind(args[2])
            if kind not in (EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN):
                raise ValueError(f"{args[2]!r} is neither not-paired nor withdrawn")
            arb.entries[(int(args[0]), int(args[1]))] = (kind, n)
        elif keyword == ext.ORATING:
            arb.ratings[(int(args[0]), int(args[1]))] = (int(args[2]), n)
        elif keyword == ext.POINTS:
            system = from_exact(value.split(maxsplit=2)[2])
            if args[0] == "*":
                arb.points = system
            else:
                arb.round_points[int(args[0])] = (system, n)
        else:
            arb.reasons[int(args[0])] = (value.split(maxsplit=2)[2], n)

    # -- the whole file ------------------------------------------------------
    def finish(self) -> TrfDocument:
        players, entries, cells = self._players()
        point_system = self.arb.points or from_records(self.values_162, self.defaults_299)
        event = Event(
            info=self._info(),
            system=self.arb.system or system_from_kept(self._kept_so_far(), System.SWISS),
            planned_rounds=self.planned,
            players=tuple(sorted(players.values(), key=lambda p: p.tpn)),
            entries=entries,
            point_system=point_system,
            round_point_systems=self._round_points(),
            rule_set=self.arb.rule_set,
            adjustments=self._adjustments(players),
            bye_requests=self._byes(players),
        )
        event = replace(event, forbidden_pairs=self._forbidden(players, event.rounds))
        check_pairings(entries, cells, self.source, self.issues)
        self._check_byes(entries, cells)
        if self.issues:
            raise InputError(self.issues)
        self._check_points(event)
        return TrfDocument(
            event=event,
            version=TrfVersion.TRF26 if self.tags & TRF26_TAGS else TrfVersion.TRF16,
            initial_colour=self.colour,
            xxc_options=tuple(self.xxc),
            ranks={r.player.tpn: r.rank for r in self.rows if r.rank is not None},
            kept=self._kept(),
            warnings=tuple(self.warnings),
        )

    def _info(self) -> EventInfo:
        def text(tag: str) -> str:
            value = self.info.get(tag, "")
            return value if isinstance(value, str) else ""

        def day(tag: str) -> date | None:
            value = self.info.get(tag)
            return value if isinstance(value, date) else None

        dates = self.info.get("132", ())
        return EventInfo(
            name=text("012"),
            city=text("022"),
            federation=text("032"),
            start_date=day("042"),
            end_date=day("052"),
            tournament_type=text("092"),
            chief_arbiter=text("102"),
            deputy_arbiters=tuple(self.deputies),
            time_control=text("122"),
            round_dates=tuple(str(d) for d in dates) if isinstance(dates, tuple) else (),
        )

    def _players(
        self,
    ) -> tuple[dict[int, Player], dict[int, tuple[RoundEntry, ...]], dict[int, list[Cell]]]:
        players: dict[int, Player] = {}
        lines: dict[int, int] = {}
        cells: dict[int, list[Cell]] = {}
        for row in self.rows:
            tpn = row.player.tpn
            if tpn in players:
                self.issue(row.line, 5, f"pairing number {tpn} is used again (line {lines[tpn]})")
                continue
            players[tpn] = row.player
            lines[tpn] = row.line
            cells[tpn] = row.cells
        arb = self.arb
        for tpn, (round_no, n) in arb.withdrawn.items():
            if self._known(tpn, players, n, "ARB WITHDRAWN"):
                players[tpn] = replace(players[tpn], withdrawn_from_round=round_no)
        for tpn, n in arb.disqualified.items():
            if self._known(tpn, players, n, "ARB DISQUALIFIED"):
                players[tpn] = replace(players[tpn], disqualified=True)
        for tpn, (rating, national_id, n) in arb.national.items():
            if self._known(tpn, players, n, "ARB NATIONAL"):
                players[tpn] = replace(
                    players[tpn], national_rating=rating, national_id=national_id
                )
        rounds = max([len(c) for c in cells.values()] + [r for _, r in arb.entries], default=0)
        entries: dict[int, tuple[RoundEntry, ...]] = {}
        for tpn, player in players.items():
            kinds: list[RoundEntry] = []
            for r in range(1, rounds + 1):
                cell = cells[tpn][r - 1] if r <= len(cells[tpn]) else None
                entry = cell.entry if cell is not None else None
                override = arb.entries.get((tpn, r))
                if override is not None and entry is not None:
                    self.issue(override[1], 5, f"ARB ENTRY: player {tpn}'s round {r} is not blank")
                if entry is None:
                    entry = RoundEntry(override[0] if override else rec.blank_kind(player, r))
                kinds.append(entry)
            entries[tpn] = tuple(kinds)
        for (tpn, r), (rating, n) in arb.ratings.items():
            if self._known(tpn, players, n, "ARB ORATING") and 1 <= r <= rounds:
                changed = list(entries[tpn])
                changed[r - 1] = replace(changed[r - 1], opponent_rating=rating)
                entries[tpn] = tuple(changed)
        for tpn, r in arb.entries:
            self._known(tpn, players, arb.entries[(tpn, r)][1], "ARB ENTRY")
        return players, entries, cells

    def _known(self, tpn: int, players: dict[int, Player], line: int, what: str) -> bool:
        if tpn in players:
            return True
        self.issue(line, 5, f"{what}: there is no player {tpn} in the file")
        return False

    def _round_points(self) -> tuple[PointSystem, ...]:
        found = self.arb.round_points
        for r, (_, n) in sorted(found.items()):
            if r < 1 or r > len(found):
                self.issue(n, 5, f"ARB POINTS: rounds must run 1-{len(found)} without gaps")
        return tuple(found[r][0] for r in sorted(found))

    def _adjustments(self, players: dict[int, Player]) -> tuple[PointAdjustment, ...]:
        out = []
        for adj, n in self.adjustments:
            self._known(adj.tpn, players, n, "record 299")
            out.append(adj)
        for index, (reason, n) in self.arb.reasons.items():
            if 1 <= index <= len(out):
                out[index - 1] = replace(out[index - 1], reason=reason)
            else:
                self.issue(n, 5, f"ARB REASON: there is no point adjustment number {index}")
        return tuple(out)

    def _byes(self, players: dict[int, Player]) -> tuple[ByeRequest, ...]:
        return tuple(
            bye
            for bye, n, col in self.byes
            if self._known_at(bye.tpn, players, n, col, "record 240")
        )

    def _known_at(self, tpn: int, players: dict[int, Player], n: int, col: int, what: str) -> bool:
        if tpn in players:
            return True
        self.issue(n, col, f"{what}: there is no player {tpn} in the file")
        return False

    def _forbidden(self, players: dict[int, Player], rounds: int) -> tuple[frozenset[int], ...]:
        """Prohibitions for the whole event; one for some rounds only stays a kept record."""
        pairs = []
        for first, last, tpns, n, item_id in self.forbidden:
            for tpn in tpns:
                self._known(tpn, players, n, "record 260")
            if first <= 1 and last >= rounds:
                pairs.append(frozenset(tpns))
            else:
                for item in self.items:
                    if id(item) == item_id:
                        item.tag = None
        return tuple(pairs)

    def _check_byes(
        self, entries: dict[int, tuple[RoundEntry, ...]], cells: dict[int, list[Cell]]
    ) -> None:
        """TRF-26: a pairing-allocated bye (U) is given at most once per round."""
        by_round: dict[int, list[int]] = defaultdict(list)
        for tpn, row in sorted(entries.items()):
            for r, entry in enumerate(row, start=1):
                if entry.kind is EntryKind.PAIRING_BYE:
                    by_round[r].append(tpn)
        for r, tpns in sorted(by_round.items()):
            if len(tpns) > 1:
                cell = cells[tpns[1]][r - 1]
                self.issue(
                    cell.line,
                    cell.result_column,
                    f"round {r}: more than one pairing-allocated bye (U) "
                    f"(players {', '.join(map(str, tpns))})",
                )

    def _check_points(self, event: Event) -> None:
        for row in self.rows:
            if row.points is None or row.player.tpn not in event.entries:
                continue
            score = event.score(row.player.tpn)
            if score != row.points:
                self.warn(
                    row.line,
                    81,
                    f"player {row.player.tpn}'s points column says "
                    f"{format_points(row.points, ascii_only=True)} but the results add up to "
                    f"{format_points(score, ascii_only=True)}",
                )
        for tag, actual, what in (
            ("062", len(event.players), "players"),
            ("072", sum(1 for p in event.players if p.rating), "rated players"),
        ):
            if tag in self.counts and self.counts[tag][0] != str(actual):
                value, n = self.counts[tag]
                self.warn(n, 5, f"record {tag} says {value!r} {what}, the file has {actual}")

    def _kept_so_far(self) -> list[KeptLine]:
        return [KeptLine(item.text) for item in self.items if item.tag is None]

    def _kept(self) -> tuple[KeptLine, ...]:
        """Kept lines, each anchored to the model record that follows it."""
        anchors: list[Anchor | None] = []
        counts: dict[str, int] = defaultdict(int)
        for item in self.items:
            if item.tag is None:
                anchors.append(None)
            else:
                anchors.append((item.tag, counts[item.tag]))
                counts[item.tag] += 1
        kept: list[KeptLine] = []
        following: Anchor | None = None
        for item, anchor in zip(reversed(self.items), reversed(anchors), strict=True):
            if anchor is not None:
                following = anchor
            else:
                kept.append(KeptLine(item.text, following))
        return tuple(reversed(kept))
