"""FIDE's monthly rating lists as FIDE ships them: the fixed-column TXT and the XML files.

FIDE publishes, on the first day of every month, the standard, rapid and
blitz lists (``standard_rating_list_xml.zip`` … one XML file each, or
``standard_rating_list.zip`` … one TXT file each) and a combined list of
every player with the three ratings (``players_list.zip`` holding
``players_list_foa.txt``, ``players_list_xml.zip`` holding
``players_list_xml_foa.xml``). This module reads their text; where the
files are (a zip, a folder) is the store's business.

**TXT lists** have fixed columns. The header line names them, and the columns
are read at the header's positions (so a list whose columns moved by a
character is still read right). The combined list's header::

    ID Number      Name           …  Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag

and a single list's, whose rating column is titled with the list's month::

    ID Number      Name           …  Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag

**XML lists** hold one ``<player>`` element per player with the children
``fideid``, ``name``, ``country``, ``sex``, ``title``, ``w_title``,
``o_title``, ``foa_title``, ``rating``, ``games``, ``k``, ``birthday``,
``flag``; the combined list adds ``rapid_rating``, ``rapid_games``,
``rapid_k``, ``blitz_rating``, ``blitz_games``, ``blitz_k`` (and its
``rating`` is the standard one).

The *flag* is FIDE's: ``i`` inactive, ``w`` woman, ``wi`` both. Rows that
cannot be read are left out and reported (an :class:`~arbiter_app.core.errors.Issue`
each, with the line), so one damaged line does not cost the arbiter the
other 1.3 million.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import IO, Final, NamedTuple

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.timecontrol import ASSUMED_MOVES, TimeControl, side_seconds


class RatingType(enum.Enum):
    """The three FIDE ratings (FIDE Laws of Chess, Appendices A and B; the rating lists)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


RAPID_LIMIT_SECONDS: Final = 60 * 60
BLITZ_LIMIT_SECONDS: Final = 10 * 60


def rating_type_for(tc: TimeControl) -> RatingType:
    """The rating a game with *tc* counts for, FIDE Laws of Chess Appendices A.1 and B.1.

    Each player's time plus 60 times the increment: 10 minutes or less is
    blitz (B.1), more than 10 but less than 60 minutes is rapid (A.1), 60
    minutes or more is standard. With different clocks (Armageddon) the
    longer one decides.
    """
    seconds = max(side_seconds(tc.periods, ASSUMED_MOVES), _black_seconds(tc))
    if seconds <= BLITZ_LIMIT_SECONDS:
        return RatingType.BLITZ
    if seconds < RAPID_LIMIT_SECONDS:
        return RatingType.RAPID
    return RatingType.STANDARD


def _black_seconds(tc: TimeControl) -> int:
    return 0 if tc.black_periods is None else side_seconds(tc.black_periods, ASSUMED_MOVES)


ALL_TYPES: Final = frozenset(RatingType)


class ListedPlayer(NamedTuple):
    """One player of a FIDE list; a rating type the list does not give is None.

    A tuple (not a dataclass) because a list has 1.3 million of them and they
    go straight into the store's rows.
    """

    fide_id: int
    name: str
    federation: str
    sex: str
    """``M`` or ``F`` as FIDE writes it."""
    title: str
    women_title: str
    other_titles: str
    """Arbiter, trainer and organiser titles, comma-separated (``IA,FT``)."""
    foa: str
    """FIDE Online Arena title (``AGM``, ``AIM`` …)."""
    standard: int | None
    standard_games: int | None
    standard_k: int | None
    rapid: int | None
    rapid_games: int | None
    rapid_k: int | None
    blitz: int | None
    blitz_games: int | None
    blitz_k: int | None
    birth_year: int | None
    flag: str

    def rating(self, kind: RatingType) -> int | None:
        if kind is RatingType.STANDARD:
            return self.standard
        if kind is RatingType.RAPID:
            return self.rapid
        return self.blitz

    @property
    def inactive(self) -> bool:
        return "i" in self.flag

    @property
    def sex_code(self) -> str:
        """The sex as the FIDE report file writes it (TRF record 001: ``m`` or ``w``)."""
        return {"M": "m", "F": "w"}.get(self.sex.upper(), "")


# -- the list's month -------------------------------------------------------------------
MONTHS: Final = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_IN_NAME = re.compile(r"(?<![a-z])(" + "|".join(MONTHS) + r")(\d{2})(?!\d)", re.IGNORECASE)
_MONTH_TEXT = re.compile(r"(\d{4})-(\d{2})")


def month_from_code(text: str) -> date | None:
    """``SEP26`` (a single TXT list's rating column, an archive's file name) → 2026-09-01."""
    found = _MONTH_IN_NAME.search(text)
    if found is None:
        return None
    year = int(found.group(2))
    # FIDE's lists began in 1971: a two-digit year from 70 on is of the last century.
    return date(
        1900 + year if year >= 70 else 2000 + year, MONTHS.index(found.group(1).lower()) + 1, 1
    )


def parse_month(text: str) -> date:
    """``2026-09`` (or ``SEP26``) → the first day of that month; InputError otherwise."""
    found = _MONTH_TEXT.fullmatch(text.strip())
    if found is not None and 1 <= int(found.group(2)) <= 12:
        return date(int(found.group(1)), int(found.group(2)), 1)
    coded = month_from_code(text.strip()) if len(text.strip()) == 5 else None
    if coded is None:
        raise InputError(
            [Issue("month", 0, 0, f"a list's month is written 2026-09 (or SEP26), not {text!r}")]
        )
    return coded


def month_text(month: date) -> str:
    """2026-09-01 → ``2026-09``."""
    return f"{month.year:04d}-{month.month:02d}"


def month_words(month: date) -> str:
    """2026-09-01 → ``September 2026``."""
    return month.strftime("%B %Y")


# -- names --------------------------------------------------------------------------------
_NOT_KEY = re.compile(r"[^0-9a-z,]+")


def name_key(name: str) -> str:
    """*name* for searching: accents dropped, case folded, punctuation but the comma a space.

    ``"Núñez, José-María"`` → ``"nunez, jose maria"``: FIDE writes ``Surname, Name``,
    so the key starts with the surname.
    """
    if name.isascii():
        folded = name.lower()
    else:
        decomposed = unicodedata.normalize("NFKD", name)
        folded = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(_NOT_KEY.sub(" ", folded).replace(",", ", ").split()).replace(" ,", ",")


# -- reading ------------------------------------------------------------------------------
@dataclass
class ListFile:
    """A list being read: what it covers, its month when the file says, and the rows.

    *problems* fills while :attr:`players` is iterated (rows left out, with their line).
    """

    covers: frozenset[RatingType]
    month: date | None
    players: Iterator[ListedPlayer]
    problems: list[Issue] = field(default_factory=list)

    def close(self) -> None:
        """Stop reading (before the file under it is closed)."""
        close = getattr(self.players, "close", None)
        if close is not None:
            close()


_TXT_COMBINED = {
    "SRtng": ("standard", 0),
    "SGm": ("standard", 1),
    "SK": ("standard", 2),
    "RRtng": ("rapid", 0),
    "RGm": ("rapid", 1),
    "Rk": ("rapid", 2),
    "BRtng": ("blitz", 0),
    "BGm": ("blitz", 1),
    "BK": ("blitz", 2),
}
_TXT_SINGLE = {"Gms": 1, "K": 2}
_TXT_FIELDS = {
    "ID Number": "fide_id",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "women_title",
    "OTit": "other_titles",
    "FOA": "foa",
    "B-day": "birth_year",
    "Flag": "flag",
}
_HEADER_TOKEN = re.compile(r"ID Number|\S+")
MAX_PROBLEMS_KEPT: Final = 20
"""Problems listed one by one; beyond these only their number is kept."""


def _columns(header: str) -> dict[str, tuple[int, int | None]]:
    """Each header title and its slice: from its first character to the next title's."""
    tokens = [(m.group(), m.start()) for m in _HEADER_TOKEN.finditer(header)]
    spans: dict[str, tuple[int, int | None]] = {}
    for i, (title, start) in enumerate(tokens):
        end = tokens[i + 1][1] if i + 1 < len(tokens) else None
        spans[title] = (start, end)
    return spans


def read_txt(lines: Iterable[str], source: str, rating_type: RatingType | None = None) -> ListFile:
    """A TXT list from its *lines* (header first); InputError when it is not a FIDE list.

    A single list (``SEP26 Gms K``) covers *rating_type*, which the file's name
    tells (the caller passes it); a combined list covers all three.
    """
    it = iter(lines)
    header = next((line.rstrip("\r\n") for line in it if line.strip()), "")
    spans = _columns(header)
    missing = [t for t in ("ID Number", "Name", "Fed", "B-day") if t not in spans]
    if missing:
        raise InputError(
            [
                Issue(
                    source,
                    1,
                    0,
                    "not a FIDE rating list: the first line should be its header "
                    "(ID Number, Name, Fed, Sex, Tit, …, B-day, Flag), "
                    f"but it has no {', '.join(missing)}",
                )
            ]
        )
    # Where each of the 19 values of a ListedPlayer is read: a slice, or nothing.
    slices: dict[str, tuple[int, int | None]] = {
        name: spans[title] for title, name in _TXT_FIELDS.items() if title in spans
    }
    month: date | None = None
    if "SRtng" in spans:
        covers = ALL_TYPES
        for title, (kind, part) in _TXT_COMBINED.items():
            if title in spans:
                slices[_rated_field(kind, part)] = spans[title]
    else:
        coded = [t for t in spans if re.fullmatch(r"[A-Za-z]{3}\d{2}", t) and month_from_code(t)]
        if not coded:
            raise InputError(
                [Issue(source, 1, 0, "not a FIDE rating list: the header names no rating column")]
            )
        month = month_from_code(coded[0])
        if rating_type is None:
            raise InputError(
                [
                    Issue(
                        source,
                        1,
                        0,
                        "a list of one rating: say whether it is the standard, rapid or "
                        "blitz list (its file name does not)",
                    )
                ]
            )
        covers = frozenset({rating_type})
        kind = rating_type.value
        slices[_rated_field(kind, 0)] = spans[coded[0]]
        for title, part in _TXT_SINGLE.items():
            if title in spans:
                slices[_rated_field(kind, part)] = spans[title]
    listed = ListFile(covers, month, iter(()))
    listed.players = _txt_rows(it, slices, source, listed.problems)
    return listed


def _rated_field(kind: str, part: int) -> str:
    return kind + ("", "_games", "_k")[part]


_ORDER = ListedPlayer._fields
_INT_FIELDS = frozenset(
    name for name in _ORDER if name.startswith(("standard", "rapid", "blitz", "birth"))
)
_GAMES = frozenset(name for name in _ORDER if name.endswith("_games"))
"""A number of games may be 0; a rating, K or year of 0 means there is none."""


def _txt_rows(
    lines: Iterator[str],
    slices: dict[str, tuple[int, int | None]],
    source: str,
    problems: list[Issue],
) -> Iterator[ListedPlayer]:
    # One slice per field of a ListedPlayer (an empty one for a column the list lacks), and
    # plain loops: this runs 1.3 million times.
    cuts = [slice(*slices[name]) if name in slices else slice(0, 0) for name in _ORDER]
    zero_is_none = [i for i, name in enumerate(_ORDER) if name in _INT_FIELDS - _GAMES]
    games = [i for i, name in enumerate(_ORDER) if name in _GAMES]
    for number, line in enumerate(lines, start=2):
        cells: list[object] = [line[cut].strip() for cut in cuts]
        if not cells[0] and not line.strip():
            continue
        try:
            cells[0] = _whole(cells[0])  # type: ignore[arg-type]
            for i in zero_is_none:
                text = cells[i]
                cells[i] = (_whole(text) or None) if text else None  # type: ignore[arg-type]
            for i in games:
                text = cells[i]
                cells[i] = _whole(text) if text else None  # type: ignore[arg-type]
        except ValueError as exc:
            _problem(problems, source, number, f"left out: {exc}")
            continue
        yield ListedPlayer(*cells)  # type: ignore[arg-type]


MOST_DIGITS: Final = 12
"""Digits of a number in a rating list: a FIDE ID has at most ten, a rating four."""


def _whole(text: str) -> int:
    """*text* as a whole number of at most :data:`MOST_DIGITS` digits, else ValueError
    (a number of 25 or 5,000 digits does not fit the database, or Python's int(); issue 27)."""
    if len(text) > MOST_DIGITS or not (text.isascii() and text.isdecimal()):
        shown = text if len(text) <= MOST_DIGITS else f"{text[:MOST_DIGITS]}…"
        raise ValueError(f"{shown!r} is not a whole number of at most {MOST_DIGITS} digits")
    return int(text)


def _problem(problems: list[Issue], source: str, line: int, message: str) -> None:
    if len(problems) < MAX_PROBLEMS_KEPT:
        problems.append(Issue(source, line, 0, message))
    elif len(problems) == MAX_PROBLEMS_KEPT:
        problems.append(Issue(source, 0, 0, "more rows were left out; only the first are listed"))


_XML_RATED = {
    "rapid_rating": "rapid",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
}
_XML_FIELDS = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "women_title",
    "o_title": "other_titles",
    "foa_title": "foa",
    "birthday": "birth_year",
    "flag": "flag",
}


def read_xml(stream: IO[bytes], source: str, rating_type: RatingType | None = None) -> ListFile:
    """An XML list read from *stream* as it arrives: memory stays bounded.

    *rating_type* is the list's type when it is a single list (its file name
    says); ``rating`` is then that type's rating. A list whose players have
    ``rapid_rating`` or ``blitz_rating`` is the combined list, and its
    ``rating`` is the standard one. What a list covers is known once its
    first player is read: :attr:`ListFile.covers` is set then.
    """
    listed = ListFile(frozenset({rating_type}) if rating_type else frozenset(), None, iter(()))
    listed.players = _xml_rows(stream, source, rating_type, listed)
    return listed


def _xml_rows(
    stream: IO[bytes], source: str, rating_type: RatingType | None, listed: ListFile
) -> Iterator[ListedPlayer]:
    # lxml's iterparse hands over only the <player> elements (the standard library's reads
    # a 1.3-million-player list about half as fast); entities are not expanded.
    from lxml import etree

    plan: dict[str, tuple[int, int]] | None = None
    template: list[object] = []
    count = 0
    players = etree.iterparse(
        stream, events=("end",), tag="player", resolve_entities=False, no_network=True
    )
    try:
        for _, element in players:
            count += 1
            if plan is None:
                first = {child.tag: child.text for child in element}
                plan = _xml_plan(_xml_mapping(first, source, rating_type, listed))
                template = [None if name in _INT_FIELDS else "" for name in _ORDER]
            cells = template.copy()
            try:
                for child in element:
                    where = plan.get(child.tag)
                    if where is None:
                        continue
                    text = (child.text or "").strip()
                    index, kind = where
                    if kind == _TEXT:
                        cells[index] = text
                    elif text:
                        number = _whole(text)
                        cells[index] = number if number or kind == _COUNT else None
                if not isinstance(cells[0], int):
                    raise ValueError("no FIDE ID")
            except ValueError as exc:
                _problem(listed.problems, source, element.sourceline or 0, f"left out: {exc}")
            else:
                yield ListedPlayer(*cells)  # type: ignore[arg-type]
            # Drop what is read: the tree of 1.3 million players is never built.
            element.clear(keep_tail=True)
            while element.getprevious() is not None:
                del element.getparent()[0]
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        raise InputError(
            [Issue(source, line, column, f"not a readable XML list ({exc.msg})")]
        ) from None
    if plan is None:
        raise InputError([Issue(source, 0, 0, "not a FIDE rating list: it has no <player>")])


_TEXT, _NUMBER, _COUNT = 0, 1, 2
"""How an element's text is read: as text, a number whose 0 means none, a count."""


def _xml_plan(mapping: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Each element's position among a ListedPlayer's fields and how it is read."""
    plan: dict[str, tuple[int, int]] = {}
    for tag, name in mapping.items():
        kind = _COUNT if name in _GAMES else _NUMBER if name in _INT_FIELDS else _TEXT
        plan[tag] = (_ORDER.index(name), _NUMBER if name == "fide_id" else kind)
    return plan


def _xml_mapping(
    first: dict[str, str], source: str, rating_type: RatingType | None, listed: ListFile
) -> dict[str, str]:
    """Which element fills which field, decided on the first player."""
    if "fideid" not in first:
        raise InputError(
            [Issue(source, 0, 0, "not a FIDE rating list: its <player> has no <fideid>")]
        )
    mapping = dict(_XML_FIELDS)
    if first.keys() & _XML_RATED.keys():
        listed.covers = ALL_TYPES
        mapping.update(_XML_RATED)
        primary = RatingType.STANDARD
    elif rating_type is None:
        raise InputError(
            [
                Issue(
                    source,
                    0,
                    0,
                    "a list of one rating: say whether it is the standard, rapid or blitz "
                    "list (its file name does not)",
                )
            ]
        )
    else:
        primary = rating_type
    mapping.update(
        {
            "rating": primary.value,
            "games": _rated_field(primary.value, 1),
            "k": _rated_field(primary.value, 2),
        }
    )
    return mapping
