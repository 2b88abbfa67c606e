"""Lines of FIDE's rating lists, laid out as FIDE ships them (for samples and benchmarks).

The column positions are those of FIDE's files (0-based start, width):
ID Number 0/15, Name 15/61, Fed 76/4, Sex 80/4, Tit 84/5, WTit 89/5,
OTit 94/15, FOA 109/4, then in the combined list SRtng 113/6, SGm 119/4,
SK 123/3, RRtng 126/6, RGm 132/4, Rk 136/3, BRtng 139/6, BGm 145/4, BK 149/3,
B-day 152/6, Flag 158; in a single list the month's rating 113/6, Gms 119/4,
K 123/3, B-day 126/6, Flag 132.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

COMBINED_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def single_header(month_code: str) -> str:
    """The header of a single list, its rating column titled with the month (``SEP26``)."""
    return (
        "ID Number      Name                                                         "
        f"Fed Sex Tit  WTit OTit           FOA {month_code} Gms K  B-day Flag"
    )


@dataclass(frozen=True)
class Row:
    fide_id: int
    name: str
    fed: str
    sex: str = "M"
    title: str = ""
    w_title: str = ""
    o_title: str = ""
    foa: str = ""
    standard: tuple[int, int, int] | None = None
    rapid: tuple[int, int, int] | None = None
    blitz: tuple[int, int, int] | None = None
    born: int | None = None
    flag: str = ""


def _rated(value: tuple[int, int, int] | None) -> str:
    if value is None:
        return f"{'':6}{'':4}{'':3}"
    rating, games, k = value
    return f"{rating:<6}{games:<4}{k:<3}"


def _person(r: Row) -> str:
    return (
        f"{r.fide_id:<15}{r.name:<61}{r.fed:<4}{r.sex:<4}{r.title:<5}{r.w_title:<5}"
        f"{r.o_title:<15}{r.foa:<4}"
    )


def combined_line(r: Row) -> str:
    born = "" if r.born is None else str(r.born)
    return f"{_person(r)}{_rated(r.standard)}{_rated(r.rapid)}{_rated(r.blitz)}{born:<6}{r.flag:<4}"


def single_line(r: Row, kind: str) -> str:
    born = "" if r.born is None else str(r.born)
    return f"{_person(r)}{_rated(getattr(r, kind))}{born:<6}{r.flag:<4}"


def _element(tag: str, value: object) -> str:
    text = "" if value is None else escape(str(value))
    return f"<{tag}>{text}</{tag}>"


def xml_player(r: Row, kind: str | None) -> str:
    """A ``<player>`` of a single list (*kind*) or, with None, of the combined list."""
    parts = [
        _element("fideid", r.fide_id),
        _element("name", r.name),
        _element("country", r.fed),
        _element("sex", r.sex),
        _element("title", r.title),
        _element("w_title", r.w_title),
        _element("o_title", r.o_title),
        _element("foa_title", r.foa),
    ]
    first = r.standard if kind is None else getattr(r, kind)
    rating, games, k = first if first is not None else (None, None, None)
    parts += [_element("rating", rating), _element("games", games), _element("k", k)]
    if kind is None:
        for name in ("rapid", "blitz"):
            value = getattr(r, name)
            rating, games, k = value if value is not None else (None, None, None)
            parts += [
                _element(f"{name}_rating", rating),
                _element(f"{name}_games", games),
                _element(f"{name}_k", k),
            ]
    parts += [_element("birthday", r.born), _element("flag", r.flag)]
    return "<player>" + "".join(parts) + "</player>"


def xml_list(rows: Sequence[Row], kind: str | None) -> str:
    players = "\n".join(xml_player(r, kind) for r in rows)
    return f'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n{players}\n</playerslist>\n'
