"""Build the event from what the reader gathered, and check it as a whole.

Some checks need the whole file: an opponent may be named before his own
record, Arbiter's records may come before the players they name, and a
prohibited pairing covers "all rounds" only once the number of rounds is
known. This is where the two sides of every game are compared
(:func:`~arbiter_app.core.trf.cells.check_pairings`), where blank rounds
become "not paired" or "withdrawn", and where kept lines get their places.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
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
    VirtualPoints,
)
from arbiter_app.core.points import GCT_RAPID, STANDARD, PointSystem, format_points
from arbiter_app.core.trf import records as rec
from arbiter_app.core.trf.cells import Cell, check_pairings
from arbiter_app.core.trf.document import (
    Anchor,
    Deferred,
    KeptLine,
    TrfDocument,
    TrfVersion,
    UnknownResult,
)
from arbiter_app.core.trf.double_swiss_origin import (
    SystemReading,
    read_double_swiss,
    written_by_arbiter,
)
from arbiter_app.core.trf.records import format_cell
from arbiter_app.core.trf.scoring import default_name, from_records
from arbiter_app.core.trf.state import DEFAULT_POINTS, Item, ReadState
from arbiter_app.core.trf.system import detect_system, implied_system, system_from_092
from arbiter_app.core.trf.writer import render_records
from arbiter_app.core.words import count

TRF26_TAGS = frozenset(
    {"142", "152", "162", "172", "182", "192", "202", "212"}
    | {"222", "250", "300", "310", "320", "330", "352", "362", DEFAULT_POINTS}
)
"""Records that exist in TRF-26 only. Records 240, 260 and 299 are TRF-26 records too, but
Arbiter writes them in TRF-16 files as well, so they do not decide the version, except a
299 that sets the default points of a kind of round (``299-default``), which only TRF-26 has."""


def _where(issue: Issue) -> tuple[int, int]:
    return issue.line, issue.column


class Assembly(ReadState):
    """The reader's second half: from gathered records to a :class:`TrfDocument`."""

    def finish(self) -> TrfDocument:
        players, entries, cells = self._players()
        # A game whose result is not known is paired: its round is played, not requests.
        unknown = self._unknown_results(players, cells)
        entries = _without_rounds(entries, players, unknown)
        in_play = max([self.arb.played, *(game.round for game in unknown)])
        entries, pending = pending_requests(entries, self.arb.entries, in_play)
        point_system = (
            self.arb.points
            or self._xxs_points()
            or from_records(self.values_162, self.defaults_299)
        )
        info = self._info()
        system = self.arb.system or implied_system(self._text("192"), info.tournament_type, entries)
        event = Event(
            info=info,
            system=system,
            # 142 / XXR count rounds; a double Swiss round is two games (two columns).
            planned_rounds=system.games_in(self.planned),
            players=tuple(sorted(players.values(), key=lambda p: p.tpn)),
            entries=entries,
            point_system=point_system,
            round_point_systems=self._round_points(),
            rule_set=self.arb.rule_set,
            adjustments=self._adjustments(players),
            bye_requests=tuple(
                sorted(self._byes(players) + pending, key=lambda b: (b.round, b.tpn))
            ),
            accelerations=(*self.accelerations, *self._xxa_accelerations(players)),
        )
        event = replace(event, forbidden_pairs=self._forbidden(players, event.rounds))
        event = self._javafo_lists(event, players)
        self._defaults(event)
        check_pairings(entries, cells, self.source, self.issues)
        self._check_byes(entries, cells)
        if self.issues:
            raise InputError(sorted(self.issues, key=_where))
        reading = self._double_swiss(event)
        if reading is not None and reading.system is not event.system:
            event = replace(event, system=reading.system)
            # The file's code named the other system: an export writes the event's own.
            self.corrected.add(self.seen["192"])
        self._check_points(event, pending, unknown)
        lists = self.tiebreak_lists
        doc = TrfDocument(
            event=event,
            version=TrfVersion.TRF26 if self.tags & TRF26_TAGS else TrfVersion.TRF16,
            initial_colour=self.colour,
            xxc_options=tuple(self.xxc),
            ranks={r.player.tpn: r.rank for r in self.rows if r.rank is not None},
            tiebreaks=lists.get("202") or lists.get("212", ()),
            kept=self._kept(),
            order=tuple(anchor for anchor, item in self._anchored() if anchor is not None),
            newline=self.newline,
            pending_cells=bool(pending),
            warnings=tuple(sorted(self.warnings, key=_where)),
            notes=tuple(sorted(self.notes, key=_where)),
            controller=self._text("182"),
            unknown_results=unknown,
            system_reading=reading,
        )
        return replace(doc, verbatim=Deferred(lambda: self._verbatim(doc)))

    def _double_swiss(self, event: Event) -> SystemReading | None:
        """Which double Swiss a record 192 of ``FIDE_DOUBLESWISS`` stands for in this file
        (:mod:`arbiter_app.core.trf.double_swiss_origin`); Arbiter's ``ARB SYSTEM`` record,
        when the file has one, says it already."""
        if self.arb.system is not None:
            return None
        return read_double_swiss(
            self._text("192"),
            event,
            by_arbiter=written_by_arbiter(self._text("182"), "ARB" in self.tags),
            stated_points={r.player.tpn: r.points for r in self.rows if r.points is not None},
            initial_colour=self.colour,
        )

    def _xxs_points(self) -> PointSystem | None:
        """JaVaFo's XXS over what records 162/299 say (XXS is the TRF-16 engines' own)."""
        if not self.xxs:
            return None
        base = from_records(self.values_162, self.defaults_299)
        system = replace(base, **self.xxs)  # type: ignore[arg-type]
        named = replace(system, name=default_name(system.win, system.draw, system.loss))
        for known in (STANDARD, GCT_RAPID):
            if known == replace(named, name=known.name):
                return known
        return named

    def _xxa_accelerations(self, players: Mapping[int, Player]) -> list[VirtualPoints]:
        """JaVaFo's XXA records as TRF-26 record 250's virtual points: one run of rounds with
        the same points a record, players with the same runs and consecutive numbers merged."""
        runs: dict[tuple[Fraction, int, int], list[int]] = defaultdict(list)
        for tpn, points in sorted(self.xxa.items()):
            if tpn not in players:
                self.issue(0, 0, f"record XXA: there is no player {tpn} in the file")
                continue
            round_no = 1
            while round_no <= len(points):
                value = points[round_no - 1]
                last = round_no
                while last < len(points) and points[last] == value:
                    last += 1
                if value:
                    runs[(value, round_no, last)].append(tpn)
                round_no = last + 1
        out: list[VirtualPoints] = []
        for (value, first, last), tpns in sorted(runs.items(), key=lambda x: (x[0][1], x[1])):
            ranges: list[list[int]] = []
            for tpn in tpns:
                if ranges and tpn == ranges[-1][1] + 1:
                    ranges[-1][1] = tpn
                else:
                    ranges.append([tpn, tpn])
            out += [VirtualPoints(value, first, last, low, high) for low, high in ranges]
        if out:
            self.note(
                0,
                0,
                f"JaVaFo's acceleration records XXA ({count(len(self.xxa), 'player')}) read "
                f"as TRF-26 record 250's virtual points ({count(len(out), 'record')}), which "
                "the pairing adds (FIDE C.04.5.1)",
            )
        return out

    def _javafo_lists(self, event: Event, players: dict[int, Player]) -> Event:
        """JaVaFo's XXP (forbidden pairs, every round) as record 260's, and XXZ (absent from
        the round to pair) as record 240's zero-point byes of that round, each noted."""
        pairs = list(event.forbidden_pairs)
        for tpns, n in self.xxp:
            if all(self.known(t, players, n, "record XXP") for t in tpns):
                group = frozenset(tpns)
                if group not in pairs:
                    pairs.append(group)
        if self.xxp:
            self.note(
                self.xxp[0][1],
                1,
                f"JaVaFo's forbidden pairs XXP ({count(len(self.xxp), 'record')}) read as "
                "TRF-26 record 260 over every round",
            )
        next_round = event.rounds_played + 1
        requested = {(b.tpn, b.round) for b in event.bye_requests}
        absent = [
            ByeRequest(tpn, next_round, EntryKind.ZERO_BYE)
            for tpn, n in self.xxz
            if self.known(tpn, players, n, "record XXZ") and (tpn, next_round) not in requested
        ]
        if self.xxz:
            self.note(
                self.xxz[0][1],
                1,
                f"JaVaFo's absent players XXZ ({', '.join(str(t) for t, _ in self.xxz)}) read "
                f"as zero-point byes of round {next_round}, the round to pair (TRF-26 record 240)",
            )
        byes = tuple(sorted((*event.bye_requests, *absent), key=lambda b: (b.round, b.tpn)))
        return replace(event, forbidden_pairs=tuple(pairs), bye_requests=byes)

    def _defaults(self, event: Event) -> None:
        """A note for each record TRF-26 has and the file lacks, saying what was taken instead:
        the number of rounds (142), the point system (162), the system (192), the
        tie-breaks (202)."""
        tags = self.tags
        if not tags & {"142", "XXR"}:
            self.note(
                0,
                0,
                "no record 142 (number of rounds): the event has the "
                f"{count(event.system.rounds_in(event.rounds), 'round')} the file holds",
            )
        if not tags & {"162", DEFAULT_POINTS} and not self.xxs and self.arb.points is None:
            self.note(
                0,
                0,
                "no record 162 (scoring point system): TRF-26's defaults, win 1, draw 1/2, "
                "loss 0, absence 0, a pairing-allocated bye as a win",
            )
        if "192" not in tags and self.arb.system is None:
            text = event.info.tournament_type
            if system_from_092(text) is not None:
                how = f"read from record 092 ({text!r})"
            elif detect_system(event.entries) is not None:
                how = "read from the games (who met whom)"
            else:
                how = "taken as a Swiss paired by FIDE's Dutch system (C.04.3)"
            self.note(
                0,
                0,
                f"no record 192 (type of tournament): {event.system.value}, {how}",
            )
        if not tags & {"202", "212"}:
            self.note(
                0,
                0,
                "no record 202 (tie-breaks): the event has no tie-break list; players level on "
                "points share their place until one is set",
            )

    def _text(self, tag: str) -> str:
        value = self.info.get(tag, "")
        return value if isinstance(value, str) else ""

    def _anchored(self) -> list[tuple[Anchor | None, Item]]:
        """Every line with the anchor of its model record (None for a kept line)."""
        counts: dict[str, int] = defaultdict(int)
        out: list[tuple[Anchor | None, Item]] = []
        for item in self.items:
            if item.tag is None:
                out.append((None, item))
            elif item.key is not None:
                out.append(((item.tag, item.key), item))
            else:
                out.append(((item.tag, counts[item.tag]), item))
                counts[item.tag] += 1
        return out

    def _verbatim(self, doc: TrfDocument) -> dict[Anchor, tuple[str, str]]:
        """The records the file wrote otherwise than Arbiter would, with both texts.

        A record whose derived data the reader found wrong (a points column
        or a player count that disagrees with the results) is left out: the
        writer writes it anew.
        """
        ours = dict(render_records(doc, strict=False))
        found: dict[Anchor, tuple[str, str]] = {}
        # A game whose result is not known is written "?" on both records, whatever code the
        # file had (a code TRF-26 does not define is not written back).
        anew = {("001", tpn) for game in doc.unknown_results for tpn in (game.white, game.black)}
        if doc.unknown_results:
            anew.add(("162", 0))  # with its X (TRF-26: the points of a result not known)
        for anchor, item in self._anchored():
            if anchor is None or anchor not in ours or item.number in self.corrected:
                continue
            if anchor in anew:
                continue
            if ours[anchor] != item.text:
                found[anchor] = (ours[anchor], item.text)
        return found

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
            if self.known(tpn, players, n, "ARB WITHDRAWN"):
                players[tpn] = replace(players[tpn], withdrawn_from_round=round_no)
        for tpn, n in arb.disqualified.items():
            if self.known(tpn, players, n, "ARB DISQUALIFIED"):
                players[tpn] = replace(players[tpn], disqualified=True)
        national = {**self.nrs, **arb.national}  # Arbiter's own record, if any, says it exactly
        for tpn, (rating, national_id, n) in national.items():
            if self.known(tpn, players, n, "national rating record"):
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
            if self.known(tpn, players, n, "ARB ORATING") and 1 <= r <= rounds:
                changed = list(entries[tpn])
                changed[r - 1] = replace(changed[r - 1], opponent_rating=rating)
                entries[tpn] = tuple(changed)
        for tpn, r in arb.entries:
            self.known(tpn, players, arb.entries[(tpn, r)][1], "ARB ENTRY")
        return players, entries, cells

    def _round_points(self) -> tuple[PointSystem, ...]:
        found = self.arb.round_points
        for r, (_, n) in sorted(found.items()):
            if r < 1 or r > len(found):
                self.issue(n, 5, f"ARB POINTS: rounds must run 1-{len(found)} without gaps")
        return tuple(found[r][0] for r in sorted(found))

    def _adjustments(self, players: dict[int, Player]) -> tuple[PointAdjustment, ...]:
        out = []
        for adj, n in self.adjustments:
            self.known(adj.tpn, players, n, "record 299")
            out.append(adj)
        for index, (reason, n) in self.arb.reasons.items():
            if 1 <= index <= len(out):
                out[index - 1] = replace(out[index - 1], reason=reason)
            else:
                self.issue(n, 5, f"ARB REASON: there is no point adjustment number {index}")
        return tuple(out)

    def _byes(self, players: dict[int, Player]) -> tuple[ByeRequest, ...]:
        """TRF-26 bye section: one bye per player and round (two would contradict each other).

        A file keeps no order among requests; the event lists them by round, then player.
        """
        out = []
        first: dict[tuple[int, int], int] = {}
        for bye, n, col in self.byes:
            if not self.known(bye.tpn, players, n, "record 240", col):
                continue
            key = (bye.tpn, bye.round)
            if key in first:
                self.issue(
                    n,
                    col,
                    f"record 240: player {bye.tpn} already has a bye for round {bye.round} "
                    f"(line {first[key]})",
                )
                continue
            first[key] = n
            out.append(bye)
        return tuple(out)

    def _forbidden(self, players: dict[int, Player], rounds: int) -> tuple[frozenset[int], ...]:
        """Prohibitions for the whole event; one for some rounds only stays a kept record."""
        pairs = []
        for first, last, tpns, n, item in self.forbidden:
            for tpn in tpns:
                self.known(tpn, players, n, "record 260")
            if first <= 1 and last >= rounds:
                pairs.append(frozenset(tpns))
            else:
                item.tag = None  # kept verbatim after all
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

    def _check_points(
        self,
        event: Event,
        pending: tuple[ByeRequest, ...],
        unknown: tuple[UnknownResult, ...] = (),
    ) -> None:
        """The points column against the results; a pending request's points may be in it,
        and so may record 162's ``X`` for each game whose result is not known.

        The pairing engines' files count a requested bye of the round to pair
        in the points column (gacrux requires it, bbpPairings reads either).
        TRF-26 record 162 gives a result not known (``X``) a draw's points unless it
        says otherwise; a file may count them or not.
        """
        played = event.rounds_played
        ahead = {
            b.tpn: RoundEntry(b.kind).points(event.points_system_for(b.round))
            for b in pending
            if b.round == played + 1
        }
        x_points: dict[int, Fraction] = {}
        for game in unknown:
            worth = self.x_points
            if worth is None:
                worth = event.points_system_for(game.round).draw
            for tpn in (game.white, game.black):
                x_points[tpn] = x_points.get(tpn, Fraction(0)) + worth
        scores = event.scores()  # every round up to *played* and every adjustment
        for row in self.rows:
            if row.points is None or row.player.tpn not in event.entries:
                continue
            score = scores[row.player.tpn]
            extra = ahead.get(row.player.tpn, 0)
            told = x_points.get(row.player.tpn, 0)
            if row.points in (score, score + extra, score + told, score + extra + told):
                continue
            if score != row.points:
                self.corrected.add(row.line)
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
            if tag in self.counts and self.counts[tag][0].split(" ")[0] != str(actual):
                value, n = self.counts[tag]
                self.corrected.add(n)
                self.warn(n, 5, f"record {tag} says {value!r} {what}, the file has {actual}")

    def _unknown_results(
        self, players: Mapping[int, Player], cells: Mapping[int, list[Cell]]
    ) -> tuple[UnknownResult, ...]:
        """The games paired whose result is not known (``?``, or a code TRF-26 does not
        define: FIDE C.02, checklist questions 164-166), each once, White first.

        The two records must name each other in the round, with colours not the same; when
        one of them writes a result and the other does not, the game is not known either
        (the two sides disagree, and the file cannot say which is right).
        """
        found: list[UnknownResult] = []
        for tpn, row in cells.items():
            for round_no, cell in enumerate(row, start=1):
                if not cell.unknown:
                    continue
                if cell.unknown != rec.UNKNOWN_RESULT:
                    self.warn(
                        cell.line,
                        cell.result_column,
                        f"player {tpn}, round {round_no}: the result code {cell.unknown!r} "
                        f"against player {cell.opponent} is not a TRF-26 code; read as a "
                        "result not known, the game paired without a result (FIDE C.02, "
                        "checklist question 166)",
                    )
                game = self._unknown_game(tpn, round_no, cell, players, cells)
                if game is not None:
                    found.append(game)
        return tuple(sorted(found, key=lambda g: (g.round, min(g.white, g.black))))

    def _unknown_game(
        self,
        tpn: int,
        round_no: int,
        cell: Cell,
        players: Mapping[int, Player],
        cells: Mapping[int, list[Cell]],
    ) -> UnknownResult | None:
        opp = cell.opponent
        where = f"round {round_no}: player {tpn}"
        if opp not in players:
            self.issue(
                cell.line, cell.opponent_column, f"{where}'s opponent {opp} is not in the file"
            )
            return None
        if opp == tpn:
            self.issue(cell.line, cell.opponent_column, f"{where} is paired with themself")
            return None
        other_row = cells[opp]
        other = other_row[round_no - 1] if round_no <= len(other_row) else None
        if other is not None and other.bad:
            return None  # reported where it stands
        named = None
        if other is not None:
            entry = other.entry
            named = other.opponent if other.unknown else (entry.opponent if entry else None)
        if named != tpn:
            said = f"line {other.line}" if other is not None else "its record"
            self.issue(
                cell.line,
                cell.opponent_column,
                f"{where} meets player {opp} (result code {cell.unknown!r}), but player "
                f"{opp}'s record ({said}) does not name player {tpn} in that round",
            )
            return None
        assert other is not None
        if other.unknown and tpn > opp:
            return None  # each game once, from the lower pairing number
        entry = other.entry
        other_colour = other.colour if other.unknown else (entry.colour if entry else None)
        other_code = other.unknown or (format_cell(entry)[9] if entry else " ")
        if cell.colour is not None and cell.colour is other_colour:
            self.issue(
                cell.line,
                cell.colour_column,
                f"{where} and player {opp} both have {cell.colour.name.lower()} "
                f"(the other record is on line {other.line})",
            )
            return None
        colour = cell.colour or (other_colour.opposite if other_colour is not None else None)
        if colour is Colour.BLACK or (colour is None and opp < tpn):
            return UnknownResult(round_no, opp, tpn, (other_code, cell.unknown), other.line)
        return UnknownResult(round_no, tpn, opp, (cell.unknown, other_code), cell.line)

    def _kept(self) -> tuple[KeptLine, ...]:
        """Kept lines, each anchored to the model record that follows it."""
        kept: list[KeptLine] = []
        following: Anchor | None = None
        for anchor, item in reversed(self._anchored()):
            if anchor is not None:
                following = anchor
            else:
                kept.append(KeptLine(item.text, following))
        return tuple(reversed(kept))


def _without_rounds(
    entries: dict[int, tuple[RoundEntry, ...]],
    players: Mapping[int, Player],
    unknown: tuple[UnknownResult, ...],
) -> dict[int, tuple[RoundEntry, ...]]:
    """*entries* with both players' round of each game not known read as a blank round (the
    game is paired, its result not in yet: the event holds nothing for it)."""
    if not unknown:
        return entries
    changed = dict(entries)
    for game in unknown:
        for tpn in (game.white, game.black):
            row = list(changed[tpn])
            row[game.round - 1] = RoundEntry(rec.blank_kind(players[tpn], game.round))
            changed[tpn] = tuple(row)
    return changed


def pending_requests(
    entries: dict[int, tuple[RoundEntry, ...]],
    overrides: Mapping[tuple[int, int], object],
    played: int = 0,
) -> tuple[dict[int, tuple[RoundEntry, ...]], tuple[ByeRequest, ...]]:
    """Requested byes of rounds still to be paired, taken out of the rounds played.

    The FIDE pairing engines (JaVaFo, bbpPairings) read a file whose last
    rounds after the last one with a game, a forfeit or a pairing-allocated
    bye hold only ``0000 - H``, ``0000 - F`` or ``0000 - Z`` cells (and blank
    ones) as the requests for the round to pair. Those rounds are not played:
    they become bye requests (TRF-26 record 240's meaning) and leave the
    players' rounds, so standings stop at the last round with a game and
    pairing the next round honours the requests. A round Arbiter's own
    ``ARB ENTRY`` record speaks of, or one up to Arbiter's ``ARB PLAYED``, is a
    round as written, not a request.
    """
    columns = max((len(row) for row in entries.values()), default=0)
    last = max(played, rec.last_paired_round(entries))
    if last >= columns or any(r > last for _, r in overrides):
        return entries, ()
    requests: list[ByeRequest] = []
    for tpn, row in sorted(entries.items()):
        for r, e in enumerate(row[last:], start=last + 1):
            if e.kind in rec.REQUESTABLE:
                requests.append(ByeRequest(tpn, r, e.kind))
            elif e.kind not in (EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN):
                return entries, ()  # a blank cell reads as one of these two
    if not requests:
        return entries, ()
    trimmed = {tpn: row[:last] for tpn, row in entries.items()}
    return trimmed, tuple(requests)
