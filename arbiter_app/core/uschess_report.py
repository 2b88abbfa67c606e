"""The US Chess rating report: its "2C" layout, its round cells and the checks before it.

A US Chess-rated event is reported in three dBase III files uploaded
together (US Chess, "Rating report file format", draft 2C of 2006 with its
September 2025 correction; Official Rules of Chess, 7th edition, rule 5C for
the time controls):

- ``THEXPORT.DBF``: the tournament header, one record;
- ``TSEXPORT.DBF``: one record per section;
- ``TDEXPORT.DBF``: one record per player per section, with one ``D_RNDnn``
  cell per round (as many columns as the longest section has rounds; a
  shorter section's extra cells are ``U0``).

Every field is a left-justified, space-filled character field (the 2025
correction: section numbers, pairing numbers and ratings are no longer
right-justified numbers), except the four dates, which the format page
declares as dBase dates (``D``, eight characters ``YYYYMMDD``).

A round cell is the result letter, then the opponent's pairing number, then
the colour, without spaces: ``W12B`` (won against 12 with Black), ``L3W``,
``D7B``. A cell with no opponent carries the number 0 and no colour: ``X0``
forfeit win, ``F0`` forfeit loss, ``B0`` full-point bye (a pairing-allocated
bye included, rule 28L), ``H0`` half-point bye, ``U0`` not played (a
zero-point bye, absent, withdrawn, or a round the section does not have).

This module is the pure part: the layout as data, the report as values built
from the events of the sections, the cells, the time control as US Chess
spells it, and :func:`readiness`, which names every field that is missing or
invalid, player by player, before a file is written. Writing the files is
:mod:`arbiter_app.exports.uschess_dbf`'s.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from arbiter_app.core.errors import InputError, RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, RoundEntry, System
from arbiter_app.core.timecontrol import Bonus, BonusKind, TimeControl
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.core.words import count

FORMAT: Final = "2C"
PROGRAM: Final = "ARBITER"
"""What ``H_PROGRAM`` names (ten characters at most)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a file of the report: name, dBase type (``C`` or ``D``) and width."""

    name: str
    kind: str
    width: int


def _c(name: str, width: int) -> Field:
    return Field(name, "C", width)


def _d(name: str) -> Field:
    return Field(name, "D", 8)


HEADER_FIELDS: Final = (
    _c("H_FORMAT", 5),
    _c("H_PROGRAM", 10),
    _c("H_EVENT_ID", 12),
    _c("H_NAME", 35),
    _c("H_TOT_SECT", 2),
    _d("H_BEG_DATE"),
    _d("H_END_DATE"),
    _c("H_AFF_ID", 8),
    _c("H_CITY", 21),
    _c("H_STATE", 2),
    _c("H_ZIPCODE", 10),
    _c("H_COUNTRY", 21),
    _c("H_SENDCROS", 1),
    _c("H_CTD_ID", 8),
    _c("H_ATD_ID", 8),
    _c("H_OTHER_TD", 255),
)
"""``THEXPORT.DBF``, in the order of the format page."""

SECTION_FIELDS: Final = (
    _c("S_EVENT_ID", 12),
    _c("S_SEC_NUM", 2),
    _c("S_SEC_NAME", 30),
    _c("S_R_SYSTEM", 1),
    _c("S_TIMECTL", 40),
    _c("S_CTD_ID", 8),
    _c("S_ATD_ID", 8),
    _c("S_TRN_TYPE", 1),
    _c("S_TOT_RNDS", 2),
    _c("S_LST_PAIR", 4),
    _d("S_BEG_DATE"),
    _d("S_END_DATE"),
    _c("S_SCH_LVL", 1),
    _c("S_GR_PRIX", 1),
    _c("S_GP_PTS", 3),
    _c("S_FIDE", 1),
)
"""``TSEXPORT.DBF``, in the order of the format page."""

DETAIL_FIELDS: Final = (
    _c("D_EVENT_ID", 12),
    _c("D_SEC_NUM", 2),
    _c("D_PAIR_NUM", 4),
    _c("D_MEM_ID", 8),
    _c("D_NAME", 30),
    _c("D_STATE", 2),
    _c("D_RATING", 4),
)
"""``TDEXPORT.DBF`` before its round cells (:func:`detail_fields`)."""

REPORT_FILES: Final = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")
"""The report's three files, header first (the names US Chess's upload asks for)."""

CELL_WIDTH: Final = 7
MAX_ROUNDS: Final = 99
"""``S_TOT_RNDS`` has two characters."""


def detail_fields(rounds: int) -> tuple[Field, ...]:
    """``TDEXPORT.DBF``'s fields for a report whose longest section has *rounds* rounds."""
    return DETAIL_FIELDS + tuple(_c(f"D_RND{n:02d}", CELL_WIDTH) for n in range(1, rounds + 1))


# -- the round cells ------------------------------------------------------------------
UNPLAYED: Final = "U0"
_LETTER = {Outcome.WIN: "W", Outcome.LOSS: "L", Outcome.DRAW: "D"}
_COLOUR = {Colour.WHITE: "W", Colour.BLACK: "B"}
_NO_OPPONENT = {
    EntryKind.FORFEIT_WIN: "X0",
    EntryKind.FORFEIT_LOSS: "F0",
    EntryKind.PAIRING_BYE: "B0",
    EntryKind.FULL_BYE: "B0",
    EntryKind.HALF_BYE: "H0",
}


def round_cell(entry: RoundEntry) -> str:
    """The ``D_RNDnn`` cell of one round (module docstring): ``W12B``, ``H0``, ``U0`` …

    A game not rated (TRF ``W D L``) is reported as not played: US Chess must not rate it.
    A game whose colour is not known has no cell; :func:`readiness` names it.
    """
    if entry.kind is EntryKind.GAME:
        assert entry.outcome is not None and entry.opponent is not None
        if not entry.rated:
            return UNPLAYED
        colour = _COLOUR.get(entry.colour) if entry.colour is not None else None
        if colour is None:
            return ""
        return f"{_LETTER[entry.outcome]}{entry.opponent}{colour}"
    return _NO_OPPONENT.get(entry.kind, UNPLAYED)


_RECIPROCAL = {"W": "L", "L": "W", "D": "D"}
_CELL = re.compile(r"(?P<result>[WLD])(?P<opponent>[1-9]\d*)(?P<colour>[WB])")


def reciprocal(cell: str, number: int) -> str | None:
    """The cell the opponent of a played game must have (player *number* had *cell*);
    None for a cell without an opponent. ``reciprocal("W12B", 5) == "L5W"``."""
    found = _CELL.fullmatch(cell)
    if found is None:
        return None
    colour = "B" if found["colour"] == "W" else "W"
    return f"{_RECIPROCAL[found['result']]}{number}{colour}"


# -- time controls (rule 5C) ----------------------------------------------------------
def us_time_control(tc: TimeControl) -> str:
    """The time control as US Chess stores a rated section's: ``G/60;d5``, ``G/90;+30``,
    ``40/90,SD/30;d5``, and ``;d0`` when there is neither delay nor increment (rule 5B
    asks the delay or increment to be stated)."""
    parts: list[str] = []
    for index, period in enumerate(tc.periods):
        minutes = period.seconds // 60 if period.seconds % 60 == 0 else period.seconds / 60
        if period.moves is None:
            parts.append(f"{'G' if index == 0 else 'SD'}/{minutes:g}")
        else:
            parts.append(f"{period.moves}/{minutes:g}")
    bonus = _bonus(tc)
    if bonus is None or bonus.seconds == 0:
        tail = "d0"
    else:
        tail = ("+" if bonus.kind is BonusKind.INCREMENT else "d") + str(bonus.seconds)
    return ",".join(parts) + ";" + tail


def _bonus(tc: TimeControl) -> Bonus | None:
    return next((p.bonus for p in tc.periods if p.bonus is not None), None)


def total_minutes(tc: TimeControl) -> int:
    """Rule 5C's total playing time: the minutes of every control plus the delay or
    increment in seconds (``G/60 d5`` is 60 + 5 = 65)."""
    bonus = _bonus(tc)
    return sum(p.seconds for p in tc.periods) // 60 + (bonus.seconds if bonus else 0)


REGULAR, DUAL, QUICK, BLITZ = "R", "D", "Q", "B"
_SYSTEM_WORDS = {
    REGULAR: "regular",
    DUAL: "dual (regular and quick)",
    QUICK: "quick",
    BLITZ: "blitz",
}


def rating_system(tc: TimeControl) -> str | None:
    """``S_R_SYSTEM`` by rule 5C: ``R`` over 65 minutes, ``D`` (dual) from 30 to 65,
    ``Q`` more than 10 and less than 30, ``B`` (blitz) from 5 to 10; None when the time
    control is not ratable (under 5 minutes, or a primary time under 5 minutes for the
    three slower systems, under 3 for blitz)."""
    total = total_minutes(tc)
    primary = tc.periods[0].seconds / 60
    if total > 65 and primary >= 5:
        return REGULAR
    if 30 <= total <= 65 and primary >= 5:
        return DUAL
    if 10 < total < 30 and primary >= 5:
        return QUICK
    if 5 <= total <= 10 and primary >= 3:
        return BLITZ
    return None


def system_words(letter: str) -> str:
    return _SYSTEM_WORDS.get(letter, letter)


# -- names, IDs, states -----------------------------------------------------------------
STATES: Final = frozenset(
    [
        "AL",
        "AK",
        "AZ",
        "AR",
        "CA",
        "CO",
        "CT",
        "DE",
        "DC",
        "FL",
        "GA",
        "HI",
        "ID",
        "IL",
        "IN",
        "IA",
        "KS",
        "KY",
        "LA",
        "ME",
        "MD",
        "MA",
        "MI",
        "MN",
        "MS",
        "MO",
        "MT",
        "NE",
        "NV",
        "NH",
        "NJ",
        "NM",
        "NY",
        "NC",
        "ND",
        "OH",
        "OK",
        "OR",
        "PA",
        "RI",
        "SC",
        "SD",
        "TN",
        "TX",
        "UT",
        "VT",
        "VA",
        "WA",
        "WV",
        "WI",
        "WY",
        "PR",
        "VI",
        "GU",
        "AS",
        "MP",
        "AA",
        "AE",
        "AP",
    ]
)
"""The two-letter postal codes US Chess keeps a member's state in: the states, DC, the
territories and the military post offices."""

_MEMBER_ID = re.compile(r"\d{8}")
_AFFILIATE_ID = re.compile(r"A\d{7}")
_ZIP = re.compile(r"\d{5}(-\d{4})?")
NO_ID: Final = "00000000"
"""2C: "unavailable"; a report with it is not ratable."""


def is_member_id(text: str) -> bool:
    """A US Chess ID: eight digits, and not the "unavailable" 00000000."""
    return bool(_MEMBER_ID.fullmatch(text)) and text != NO_ID


def is_affiliate_id(text: str) -> bool:
    """An affiliate ID: ``A`` and seven digits (``A6012345``)."""
    return bool(_AFFILIATE_ID.fullmatch(text))


def ascii_spelling(text: str) -> str:
    """*text* with its accents dropped (``Núñez`` → ``Nunez``): the spelling the report
    can carry, offered when a name is not ASCII."""
    decomposed = unicodedata.normalize("NFKD", text)
    return (
        "".join(c for c in decomposed if not unicodedata.combining(c))
        .encode("ascii", "ignore")
        .decode()
    )


def _printable_ascii(text: str) -> bool:
    return all(32 <= ord(c) <= 126 for c in text)


# -- the report as values ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ReportHeader:
    """The tournament header (``THEXPORT.DBF``): what the event file does not hold comes
    from the arbiter (``--affiliate``, ``--chief-td`` … on the command line)."""

    name: str
    begin: date | None
    end: date | None
    affiliate_id: str
    city: str
    state: str
    zipcode: str
    chief_td: str
    assistant_td: str = ""
    other_tds: tuple[str, ...] = ()
    country: str = "USA"
    send_crosstable: str = "N"


@dataclass(frozen=True, slots=True)
class ReportPlayer:
    """One player of one section (a ``TDEXPORT.DBF`` record)."""

    number: int
    name: str
    member_id: str
    state: str
    rating: int | None
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReportSection:
    """One section (a ``TSEXPORT.DBF`` record) with its players."""

    number: int
    name: str
    time_control: str
    """As the event has it (``G/60 d5``); spelled US Chess's way when written."""
    round_robin: bool
    rounds: int
    rounds_played: int
    players: tuple[ReportPlayer, ...]
    scholastic: str = "N"
    pending: tuple[tuple[int, int], ...] = ()
    """Games paired and still without a result: (round, board)."""
    grand_prix_points: int = 0
    """The section's US Chess Grand Prix points (0: not a Grand Prix section)."""


@dataclass(frozen=True, slots=True)
class RatingReport:
    header: ReportHeader
    sections: tuple[ReportSection, ...]

    @property
    def columns(self) -> int:
        """The number of ``D_RNDnn`` columns: the rounds of the longest section."""
        return max((s.rounds for s in self.sections), default=0)


def section_of(
    number: int,
    name: str,
    event: Event,
    states: dict[str, str],
    pending: tuple[tuple[int, int], ...] = (),
    grand_prix: int = 0,
) -> ReportSection:
    """The report's section *number* made from its *event*; *states* maps a US Chess ID to
    the member's state (from the imported member list; a blank state is allowed, US Chess
    then keeps the member record's); *pending* names the games paired without a result
    (round, board), which the event's entries do not show; *grand_prix* the section's Grand
    Prix points (0: none)."""
    players = []
    for p in sorted(event.players, key=lambda p: p.tpn):
        cells = tuple(round_cell(event.entry(p.tpn, r)) for r in range(1, event.rounds + 1))
        member = p.national_id.strip()
        rating = p.national_rating if p.national_rating else p.rating
        players.append(
            ReportPlayer(p.tpn, p.name.strip(), member, states.get(member, ""), rating, cells)
        )
    return ReportSection(
        number,
        name,
        event.info.time_control,
        event.system in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN),
        event.rounds,
        event.rounds_played,
        tuple(players),
        pending=pending,
        grand_prix_points=grand_prix,
    )


# -- the readiness check ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Problem:
    """Something missing or invalid: where (the event, a section, a player), which field,
    what is wrong and how to mend it."""

    where: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


_ARTICLE = "US Chess rating report format 2C"


def readiness(report: RatingReport) -> list[Problem]:
    """Every field of the report that is missing or invalid, the event's first, then each
    section's, then player by player (the checks US Chess's upload makes, made before a
    file is written so that none is refused half-way)."""
    out = _header_problems(report.header)
    if not report.sections:
        out.append(Problem("the event", "sections", "the event has no section to report"))
    for section in report.sections:
        out += _section_problems(section)
    return out


def _text_problems(where: str, field: Field, value: str, what: str) -> list[Problem]:
    if not value:
        return [Problem(where, field.name, f"the {what} is missing")]
    out = []
    if not _printable_ascii(value):
        spelled = ascii_spelling(value)
        out.append(
            Problem(
                where,
                field.name,
                f"the {what} {value!r} is not plain ASCII, which the report's files cannot "
                f"carry; write it {spelled!r} ({_ARTICLE})",
            )
        )
    if len(value) > field.width:
        out.append(
            Problem(
                where,
                field.name,
                f"the {what} has {len(value)} characters; the report holds {field.width}: "
                "give a shorter one (nothing is cut without asking)",
            )
        )
    return out


def _field(fields: Sequence[Field], name: str) -> Field:
    return next(f for f in fields if f.name == name)


def _header_problems(h: ReportHeader) -> list[Problem]:
    where = "the event"
    out = _text_problems(where, _field(HEADER_FIELDS, "H_NAME"), h.name, "event's name")
    out += _text_problems(where, _field(HEADER_FIELDS, "H_CITY"), h.city, "city")
    if not is_affiliate_id(h.affiliate_id):
        said = f"{h.affiliate_id!r} is not one" if h.affiliate_id else "it is missing"
        out.append(
            Problem(
                where,
                "H_AFF_ID",
                f"the affiliate ID is an A and seven digits (A6012345); {said} (settings --affiliate, or Event settings, US Chess report)",
            )
        )
    if not is_member_id(h.chief_td):
        said = f"{h.chief_td!r} is not one" if h.chief_td else "it is missing"
        out.append(
            Problem(
                where,
                "H_CTD_ID",
                f"the chief TD's US Chess ID is eight digits; {said} (settings --chief-td, or Event settings, US Chess report)",
            )
        )
    for name, value in (("H_ATD_ID", h.assistant_td), *(("H_OTHER_TD", t) for t in h.other_tds)):
        if value and not is_member_id(value):
            out.append(Problem(where, name, f"{value!r} is not a US Chess ID (eight digits)"))
    if len(",".join(h.other_tds)) > _field(HEADER_FIELDS, "H_OTHER_TD").width:
        out.append(Problem(where, "H_OTHER_TD", "too many other TDs for 255 characters"))
    if h.state not in STATES:
        said = f"{h.state!r} is not one" if h.state else "it is missing"
        out.append(
            Problem(
                where,
                "H_STATE",
                f"the event's state is a two-letter code (OK); {said} (settings --state, or "
                "Event settings, US Chess report)",
            )
        )
    if not _ZIP.fullmatch(h.zipcode):
        said = f"{h.zipcode!r} is not one" if h.zipcode else "it is missing"
        out.append(
            Problem(
                where,
                "H_ZIPCODE",
                f"the ZIP code is 12345 or 12345-6789; {said} (settings --zip, or Event settings, US Chess report)",
            )
        )
    if h.begin is None:
        out.append(
            Problem(where, "H_BEG_DATE", "the event has no start date (settings --start-date)")
        )
    if h.end is None:
        out.append(Problem(where, "H_END_DATE", "the event has no end date (settings --end-date)"))
    elif h.begin is not None and h.end < h.begin:
        out.append(Problem(where, "H_END_DATE", "the event ends before it starts"))
    return out


def _section_problems(s: ReportSection) -> list[Problem]:
    where = f"section {s.number} ({s.name})"
    out = _text_problems(where, _field(SECTION_FIELDS, "S_SEC_NAME"), s.name, "section's name")
    out += _time_control_problems(where, s.time_control)
    if s.rounds > MAX_ROUNDS:
        out.append(Problem(where, "S_TOT_RNDS", f"{count(s.rounds, 'round')}; the report holds 99"))
    if s.rounds == 0 or s.rounds_played < s.rounds:
        out.append(
            Problem(
                where,
                "S_TOT_RNDS",
                f"{s.rounds_played} of its {count(s.rounds, 'round')} have results: a section "
                "is reported when it is over",
            )
        )
    for round_no, board in s.pending:
        out.append(
            Problem(
                where,
                f"D_RND{round_no:02d}",
                f"round {round_no}, board {board} has no result yet",
            )
        )
    if not s.players:
        out.append(Problem(where, "S_LST_PAIR", "the section has no player"))
    seen: dict[str, int] = {}
    numbers = {p.number: p for p in s.players}
    for p in s.players:
        out += _player_problems(where, s, p, numbers)
        if p.member_id and p.member_id in seen:
            out.append(
                Problem(
                    f"{where}, player {p.number} {p.name}",
                    "D_MEM_ID",
                    f"US Chess ID {p.member_id} is also player {seen[p.member_id]}'s",
                )
            )
        seen.setdefault(p.member_id, p.number)
    return out


def _time_control_problems(where: str, text: str) -> list[Problem]:
    if not text:
        return [
            Problem(
                where,
                "S_TIMECTL",
                "the section has no time control; US Chess rates by it (rule 5C, settings "
                "--time-control G/60 d5)",
            )
        ]
    try:
        tc = parse_time_control(text)
    except (InputError, ValueError):
        return [Problem(where, "S_TIMECTL", f"{text!r} is not a time control (G/60 d5)")]
    if tc.is_asymmetric:
        return [Problem(where, "S_TIMECTL", f"{text!r}: both players need the same clock")]
    if rating_system(tc) is None:
        return [
            Problem(
                where,
                "S_TIMECTL",
                f"{text!r} is not ratable: rule 5C needs at least 5 minutes in all (and a "
                "primary time of 5 minutes, 3 for blitz)",
            )
        ]
    if len(us_time_control(tc)) > _field(SECTION_FIELDS, "S_TIMECTL").width:
        return [Problem(where, "S_TIMECTL", f"{text!r} is longer than the report's 40 characters")]
    return []


def _player_problems(
    section: str, s: ReportSection, p: ReportPlayer, numbers: dict[int, ReportPlayer]
) -> list[Problem]:
    where = f"{section}, player {p.number} {p.name or '(no name)'}"
    out = _text_problems(where, _field(DETAIL_FIELDS, "D_NAME"), p.name, "name")
    if not is_member_id(p.member_id):
        said = f"{p.member_id!r} is not one" if p.member_id else "the player has none"
        out.append(
            Problem(
                where,
                "D_MEM_ID",
                f"a US Chess ID is eight digits; {said} (player edit --national-id, or "
                "player add --uschess-id from the member list)",
            )
        )
    if p.state and p.state not in STATES:
        out.append(Problem(where, "D_STATE", f"{p.state!r} is not a US state code"))
    if p.rating is not None and not 0 <= p.rating <= 9999:
        out.append(Problem(where, "D_RATING", f"{p.rating} does not fit in four digits"))
    for index, cell in enumerate(p.cells[: s.rounds_played], start=1):
        if not cell:
            out.append(
                Problem(
                    where,
                    f"D_RND{index:02d}",
                    f"round {index}: the colour of the game is not recorded; US Chess needs it",
                )
            )
            continue
        expected = reciprocal(cell, p.number)
        if expected is None:
            continue
        found = _CELL.fullmatch(cell)
        assert found is not None
        other = numbers.get(int(found["opponent"]))
        theirs = other.cells[index - 1] if other and index <= len(other.cells) else ""
        if theirs != expected:
            out.append(
                Problem(
                    where,
                    f"D_RND{index:02d}",
                    f"round {index}: {cell}, but player {found['opponent']} has "
                    f"{theirs or 'nothing'} (it should be {expected})",
                )
            )
    return out


def problems_text(problems: Iterable[Problem]) -> str:
    return "\n".join(str(p) for p in problems)


REPORT_SETTINGS: Final = (
    "affiliate",
    "chief_td",
    "assistant_td",
    "other_tds",
    "city",
    "state",
    "zip",
    "country",
    "send_crosstable",
    "grand_prix_points",
)
"""The fields of the report the event keeps (its ``uschess_report`` setting): what
``THEXPORT.DBF`` needs beyond the event's name, dates and city, and each section's Grand
Prix points (``TSEXPORT.DBF``'s ``S_GR_PRIX`` and ``S_GP_PTS``), kept per section."""

GRAND_PRIX_LIMIT = 999
"""The most Grand Prix points ``S_GP_PTS`` (three characters) can carry."""


def grand_prix_points(text: object) -> int:
    """A section's Grand Prix points as kept (a text of digits; empty: none): 0 when the
    section is not a Grand Prix section."""
    value = str(text or "").strip()
    return int(value) if value.isdecimal() else 0


def checked_report_settings(values: Mapping[str, object]) -> dict[str, str | list[str]]:
    """*values* as the event keeps them, or RuleError naming the first one the report would
    refuse (format 2C). An empty text is kept: the readiness check names what is missing."""
    unknown = sorted(set(values) - set(REPORT_SETTINGS))
    if unknown:
        raise RuleError(
            f"unknown field {', '.join(unknown)} of the US Chess report "
            f"(known: {', '.join(REPORT_SETTINGS)})"
        )
    out: dict[str, str | list[str]] = {}
    for key, value in values.items():
        if key == "other_tds":
            if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                raise RuleError("the other TDs are a list of US Chess IDs")
            ids = [v.strip() for v in value if v.strip()]
            for v in ids:
                if not is_member_id(v):
                    raise RuleError(f"{v!r} is not a US Chess ID (eight digits, {_ARTICLE})")
            out[key] = ids
            continue
        if not isinstance(value, str):
            raise RuleError(f"the report's {key.replace('_', ' ')} is a text, not {value!r}")
        text = value.strip()
        if key in ("affiliate", "state", "send_crosstable"):
            text = text.upper()
        if text:
            _check_report_field(key, text)
        out[key] = text
    return out


def _check_report_field(key: str, text: str) -> None:
    if key == "affiliate" and not is_affiliate_id(text):
        raise RuleError(f"the affiliate ID is an A and seven digits (A6012345), not {text!r}")
    if key in ("chief_td", "assistant_td") and not is_member_id(text):
        who = "chief TD" if key == "chief_td" else "assistant TD"
        raise RuleError(f"the {who}'s US Chess ID is eight digits, not {text!r} ({_ARTICLE})")
    if key == "state" and text not in STATES:
        raise RuleError(f"the event's state is a two-letter postal code (OK), not {text!r}")
    if key == "zip" and not _ZIP.fullmatch(text):
        raise RuleError(f"the ZIP code is 12345 or 12345-6789, not {text!r}")
    if key == "send_crosstable" and text not in ("Y", "N"):
        raise RuleError(f"send the crosstable is Y or N, not {text!r}")
    if key == "grand_prix_points" and not (
        text.isascii() and text.isdecimal() and int(text) <= GRAND_PRIX_LIMIT
    ):
        raise RuleError(
            f"a section's Grand Prix points are a whole number from 0 to {GRAND_PRIX_LIMIT}"
            f" (0: not a Grand Prix section), not {text!r}"
        )
    if not _printable_ascii(text):
        raise RuleError(
            f"the report's {key.replace('_', ' ')} {text!r} is not plain ASCII, which the "
            f"report's files cannot carry ({_ARTICLE})"
        )
