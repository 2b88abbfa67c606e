"""The players' page as HTML: phone first, one self-contained document per page.

Each page is made from the sheets' read models of one section: the round's boards
(:class:`~arbiter_app.exports.pairings.RoundSheet`), the list by name
(:func:`~arbiter_app.exports.by_name.by_name_rows`), and the standings, crosstable and
bracket sheets exactly as :mod:`arbiter_app.sheets.builders` makes them for paper, so
the phone shows what the wall shows. Nothing comes from elsewhere: the style and the
one script are inline (the venue may have no internet), and the script only filters
the list by name and reloads the page when the event changes; without it the search
box still works (the server filters) and the page refreshes itself every minute.

Every text from the event goes through :func:`arbiter_app.exports.html.esc`: a player
called ``<script>`` shows as those characters.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from arbiter_app.core.attendance import check_in_summary, may_check_in
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.words import count
from arbiter_app.exports.by_name import NameRow, by_name_rows
from arbiter_app.exports.html import block_html, esc
from arbiter_app.exports.pairings import BoardRow, ByeRow, RoundSheet, bye_words
from arbiter_app.exports.sheet import Align, Fields, Paragraph, Sheet, Table
from arbiter_app.sheets.source import Source
from arbiter_app.web.assets import SCRIPT, STYLE
from arbiter_app.web.snapshot import SectionPage, Snapshot


@dataclass(frozen=True, slots=True)
class PageKind:
    """One of the pages: its path, its name in the menu, its title."""

    path: str
    label: str
    title: str


PAIRINGS = PageKind("/", "Pairings", "Pairings")
BY_NAME = PageKind("/by-name", "By name", "Where do I play?")
STANDINGS = PageKind("/standings", "Standings", "Standings")
CROSSTABLE = PageKind("/crosstable", "Crosstable", "Crosstable")
BRACKET = PageKind("/bracket", "Play-off", "Play-off bracket")
ADDRESS = PageKind("/address", "QR code", "This page on your phone")

PAGES: tuple[PageKind, ...] = (PAIRINGS, BY_NAME, STANDINGS, CROSSTABLE, BRACKET, ADDRESS)
"""Every page the server answers with HTML, in the menu's order."""
MENU: tuple[PageKind, ...] = (PAIRINGS, BY_NAME, STANDINGS, CROSSTABLE, BRACKET)
"""The pages in the menu (the address and its QR code are linked from the foot)."""

FALLBACK_REFRESH_SECONDS = 60
"""Without the script, the page reloads itself this often."""


def plain(text: str) -> str:
    """*text* for searching: accents and case aside (the script does the same)."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip()


@dataclass(frozen=True, slots=True)
class Request:
    """What a page was asked for: its section and the search text of the list by name."""

    section: int | None = None
    query: str = ""


def render(kind: PageKind, snapshot: Snapshot, request: Request, url: str) -> str:
    """The complete HTML of page *kind* for the section asked for."""
    section = snapshot.section(request.section)
    src = section.source
    try:
        body = _BODIES[kind.path](section, request, url)
    except ArbiterError as exc:
        refusal = _unprefixed(str(exc), src.path)
        body = _empty(refusal[:1].upper() + refusal[1:] + ("" if refusal.endswith(".") else "."))
    several = len(snapshot.sections) > 1
    event = (section.event if several else src.event.name) or "Untitled event"
    title = f"{kind.title} — {src.event.name or event}"
    state = src.event_state.brief if src.event_state is not None else ""
    state = state[:1].upper() + state[1:]
    if several and section.name:
        state = f"{section.name}: {state}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="arbiter-version" content="{esc(snapshot.version)}">',
        f'<noscript><meta http-equiv="refresh" content="{FALLBACK_REFRESH_SECONDS}"></noscript>',
        f"<title>{esc(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head><body>",
        '<header class="top"><div class="wrap">',
        f"<h1>{esc(event)}</h1>",
        f'<p class="state">{esc(state)}</p>' if state else "",
        _section_menu(snapshot, section, kind) if several else "",
        _page_menu(kind, section.number if several else None, playoff=src.playoff is not None),
        "</div></header>",
        f"<main>{body}</main>",
        f'<footer>This page follows the event by itself · <a href="{ADDRESS.path}">'
        f"{esc(url)}</a> (its QR code)</footer>",
        f"<script>{SCRIPT}</script>",
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"


def _unprefixed(message: str, path: Path) -> str:
    """A refusal without the file's name in front (the players need not know where the
    arbiter keeps it)."""
    for prefix in (f"{path}: ", f"{path.name}: "):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def _link(path: str, section: int | None) -> str:
    return f"{path}?section={section}" if section is not None else path


def _page_menu(current: PageKind, section: int | None, *, playoff: bool) -> str:
    """The pages; the play-off's only once there is one (or while it is being looked at)."""
    links = []
    for kind in MENU:
        if kind is BRACKET and not playoff and current is not BRACKET:
            continue
        mark = ' aria-current="page"' if kind is current else ""
        links.append(f'<a href="{esc(_link(kind.path, section))}"{mark}>{esc(kind.label)}</a>')
    return f'<nav class="menu" aria-label="Pages">{"".join(links)}</nav>'


def _section_menu(snapshot: Snapshot, current: SectionPage, kind: PageKind) -> str:
    links = []
    for section in snapshot.sections:
        mark = ' aria-current="true"' if section.number == current.number else ""
        name = section.name or f"Section {section.number}"
        href = _link(kind.path, section.number)
        links.append(f'<a href="{esc(href)}"{mark}>{esc(name)}</a>')
    return f'<nav class="sections" aria-label="Sections">{"".join(links)}</nav>'


def _empty(text: str) -> str:
    return f'<p class="empty">{esc(text)}</p>'


def _round_sheet(section: SectionPage) -> RoundSheet:
    from arbiter_app.sheets.builders import round_sheet

    return round_sheet(section.source, None)


def _seat(colour: str, label: str, tpn: int, rating: int | None, points: str) -> str:
    rating_text = f" · {rating}" if rating else ""
    said = colour.title()
    return (
        f'<div class="seat"><span class="piece {colour}" role="img" aria-label="{said}" '
        f'title="{said}"></span>'
        f'<span class="nm">{esc(label)}</span>'
        f'<span class="meta">({tpn}){esc(rating_text)} · {esc(points)}</span></div>'
    )


def _board(row: BoardRow) -> str:
    result = row.result or "–"
    pending = "" if row.result else " none"
    return (
        f'<li class="board" id="board-{row.board}"><span class="bd"><small>Board</small>'
        f"{row.board}</span><div>"
        + _seat("white", row.white.label, row.white.tpn, row.white.rating, row.white.points_text)
        + _seat("black", row.black.label, row.black.tpn, row.black.rating, row.black.points_text)
        + f'</div><span class="res{pending}">{esc(result)}</span></li>'
    )


def _absence_words(src: Source, rs: RoundSheet, tpn: int, words: str) -> str:
    """A round without a game, said with why: absent, or not checked in for round 1."""
    if (tpn, rs.round) in src.absences:
        return f"absent: {words}"
    if rs.round == 1 and src.checked_in and tpn not in src.checked_in and words == "not paired":
        return "not checked in: not paired"
    return words


def _bye(src: Source, rs: RoundSheet, bye: ByeRow) -> str:
    words = _absence_words(src, rs, bye.seat.tpn, bye_words(bye.kind, us_chess=rs.us_chess))
    return f"<li>{esc(bye.seat.label)} ({bye.seat.tpn}) — {esc(words)}</li>"


def _check_in(section: SectionPage, request: Request, refusal: str) -> str:
    """Before round 1: who has checked in, searchable as the list by name is."""
    src = section.source
    players = sorted(
        (p for p in src.event.players if may_check_in(p) is None),
        key=lambda p: (plain(p.name), p.tpn),
    )
    wanted = plain(request.query)
    items = []
    for p in players:
        key = plain(f"{p.name} {p.tpn}")
        hidden = " hidden" if wanted and wanted not in key else ""
        here = "Checked in" if p.tpn in src.checked_in else "Not checked in yet"
        items.append(
            f'<li data-key="{esc(key)}"{hidden}><span class="nm">{esc(p.name)} ({p.tpn})</span>'
            f'<span class="where">{here}</span></li>'
        )
    summary = check_in_summary(src.event, src.checked_in)
    return "\n".join(
        [
            _empty(refusal[:1].upper() + refusal[1:] + ("" if refusal.endswith(".") else ".")),
            f"<h2>Check-in: {esc(summary)}</h2>",
            '<form class="find" method="get" action="/by-name" role="search">',
            '<input id="find" type="search" name="q" autocomplete="off" '
            'placeholder="Your name or number" aria-label="Find a player" '
            f'value="{esc(request.query)}">',
            "<button>Find</button></form>",
            f'<p class="note" id="shown" aria-live="polite">{esc(count(len(items), "player"))}</p>',
            f'<ul class="names" id="names">{"".join(items)}</ul>',
            '<p class="note">Round 1 pairs only the players checked in.</p>',
        ]
    )


def _round_heading(rs: RoundSheet) -> str:
    starts = f" · starts {rs.starts}" if rs.starts else ""
    return f"<h2>{esc(rs.said_of if rs.rounds else rs.said)}{esc(starts)}</h2>"


def _pairings(section: SectionPage, request: Request, url: str) -> str:
    src = section.source
    try:
        rs = _round_sheet(section)
    except ArbiterError as exc:
        if not src.checked_in or src.event.rounds_played:
            raise
        # Before round 1, during check-in: how many are in, and where to look for one's name.
        refusal = _unprefixed(str(exc), src.path)
        return "\n".join(
            [
                _empty(refusal[:1].upper() + refusal[1:] + ("" if refusal.endswith(".") else ".")),
                f"<h2>Check-in: {esc(check_in_summary(src.event, src.checked_in))}</h2>",
                '<p class="note">Round 1 pairs only the players checked in; <a href="'
                + esc(_link(BY_NAME.path, request.section))
                + '">find your name</a>.</p>',
            ]
        )
    parts = [_round_heading(rs)]
    if rs.boards:
        parts.append('<ol class="boards">' + "".join(_board(b) for b in rs.boards) + "</ol>")
    else:
        parts.append(_empty("No boards in this round."))
    if rs.byes:
        parts.append("<h2>Without a game</h2>")
        byes = "".join(_bye(section.source, rs, b) for b in rs.byes)
        parts.append(f'<ul class="byes">{byes}</ul>')
    parts.append(
        '<p class="note">(No) pairing number · rating · score before the round; '
        '<a href="' + esc(_link(BY_NAME.path, request.section)) + '">find your name</a></p>'
    )
    return "\n".join(parts)


def _name_row(row: NameRow, *, hidden: bool = False, absent: str = "") -> str:
    if row.colour:
        where = f"Board <b>{esc(row.board)}</b> · {esc(row.colour)}"
        versus = f"vs {esc(row.opponent)}"
    else:
        where = "No game"
        versus = esc(absent or row.opponent)
    key = plain(f"{row.name} {row.tpn}")
    return (
        f'<li data-key="{esc(key)}"{" hidden" if hidden else ""}><span class="nm">{esc(row.name)} ({row.tpn})</span>'
        f'<span class="where">{where}</span><span class="vs">{versus} · {esc(row.score)} '
        "before the round</span></li>"
    )


def _by_name(section: SectionPage, request: Request, url: str) -> str:
    src = section.source
    try:
        rs = _round_sheet(section)
    except ArbiterError as exc:
        if not src.checked_in or src.event.rounds_played:
            raise
        return _check_in(section, request, _unprefixed(str(exc), src.path))
    rows = by_name_rows(rs)
    wanted = plain(request.query)
    hits = [not wanted or wanted in plain(f"{r.name} {r.tpn}") for r in rows]
    told = f"{sum(hits)} of {len(rows)} shown" if wanted else count(len(rows), "player")
    hidden_section = (
        f'<input type="hidden" name="section" value="{section.number}">'
        if request.section is not None
        else ""
    )
    # Every row is sent; those the search leaves out are hidden. Without the script the
    # server does the search (the form's GET); with it, the rows follow each key typed.
    items = "".join(
        _name_row(
            r,
            hidden=not hit,
            absent="" if r.colour else _absence_words(src, rs, r.tpn, r.opponent),
        )
        for r, hit in zip(rows, hits, strict=True)
    )
    return "\n".join(
        [
            _round_heading(rs),
            '<form class="find" method="get" action="/by-name" role="search">',
            hidden_section,
            '<input id="find" type="search" name="q" autocomplete="off" '
            'placeholder="Your name or number" aria-label="Find a player" '
            f'value="{esc(request.query)}">',
            "<button>Find</button></form>",
            f'<p class="note" id="shown" aria-live="polite">{esc(told)}</p>',
            f'<ul class="names" id="names">{items}</ul>',
        ]
    )


def _sheet_page(sheet: Sheet) -> str:
    """A sheet's blocks for the screen: tables scroll sideways, the name column stays."""
    parts = [f"<h2>{esc(sheet.title)}</h2>"]
    if sheet.header:
        parts.append(
            "<details><summary>Rules and details</summary>"
            + block_html(Fields(sheet.header))
            + "</details>"
        )
    for block in sheet.blocks:
        if isinstance(block, Table):
            parts.append(f'<div class="scroll">{_table(block)}</div>')
        elif isinstance(block, Paragraph):
            parts.append(f'<p class="small">{esc(block.text)}</p>')
        else:
            parts.append(f'<div class="scroll">{block_html(block)}</div>')
    if sheet.footer and sheet.footer != sheet.title:
        parts.append(f'<p class="small">{esc(sheet.footer)}</p>')
    return "\n".join(parts)


NAME_COLUMNS = frozenset({"Name", "Player"})
_ALIGN = {Align.LEFT: "", Align.CENTER: "c", Align.RIGHT: "r"}


def _table(table: Table) -> str:
    """A sheet's table for a screen (the print renderer sets widths for paper)."""
    names = {i for i, c in enumerate(table.columns) if c.title in NAME_COLUMNS}

    def cell(tag: str, i: int, text: str, align: Align) -> str:
        classes = " ".join(c for c in ("nm" if i in names else "", _ALIGN[align]) if c)
        cls = f' class="{classes}"' if classes else ""
        return f"<{tag}{cls}>{esc(text)}</{tag}>"

    head = "".join(cell("th", i, c.title, c.align) for i, c in enumerate(table.columns))
    rows = []
    for index, row in enumerate(table.rows):
        cells = "".join(
            cell("td", i, v, c.align)
            for i, (c, v) in enumerate(zip(table.columns, row, strict=True))
        )
        cls = ' class="strong"' if index in table.strong_rows else ""
        rows.append(f"<tr{cls}>{cells}</tr>")
    return (
        f'<table class="grid"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def _standings(section: SectionPage, request: Request, url: str) -> str:
    from arbiter_app.sheets.builders import SHEETS

    return _sheet_page(SHEETS["standings"](section.source, None))


def _crosstable(section: SectionPage, request: Request, url: str) -> str:
    from arbiter_app.sheets.builders import SHEETS

    return _sheet_page(SHEETS["crosstable"](section.source, None))


def _bracket(section: SectionPage, request: Request, url: str) -> str:
    from arbiter_app.sheets.builders import SHEETS

    if section.source.playoff is None:
        return _empty("No play-off in this event (yet).")
    return _sheet_page(SHEETS["bracket"](section.source, None))


def _address(section: SectionPage, request: Request, url: str) -> str:
    from arbiter_app.web.qr import qr_svg

    return (
        '<div class="address"><h2>Open these pages on another phone</h2>'
        f"{qr_svg(url)}"
        f'<p class="url">{esc(url)}</p>'
        '<p class="note">Scan the code with the phone\'s camera, or type the address. '
        "The phone must be on the venue's network.</p></div>"
    )


_BODIES = {
    PAIRINGS.path: _pairings,
    BY_NAME.path: _by_name,
    STANDINGS.path: _standings,
    CROSSTABLE.path: _crosstable,
    BRACKET.path: _bracket,
    ADDRESS.path: _address,
}


def error_page(status: int, reason: str, text: str) -> str:
    """A short page for a refusal (404, 405, 503), with no script."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{status} {esc(reason)}</title></head><body>"
        f"<h1>{status} {esc(reason)}</h1><p>{esc(text)}</p>"
        '<p><a href="/">The pairings</a></p></body></html>\n'
    )
