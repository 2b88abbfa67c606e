"""A sheet as one self-contained HTML file: inline style, no scripts, every text escaped.

The same HTML is the "HTML" export and the input of the PDF printer
(:mod:`arbiter_app.printing`, which lays it out with Qt's rich-text
engine), so it sticks to what both a browser and Qt's HTML subset understand:
tables with ``border``/``cellpadding`` attributes as well as CSS, ``thead``
for a header row that repeats on each page, and ``page-break-before``.

Every piece of text from the event (names, clubs, the event title) goes
through :func:`html.escape`; a player called ``<script>`` prints as those
characters.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence

from arbiter_app.core.limits import printable
from arbiter_app.exports.sheet import (
    Block,
    Box,
    Bracket,
    BracketNode,
    Column,
    Cutouts,
    Fields,
    Heading,
    PageBreak,
    Paragraph,
    Picture,
    Sheet,
    Signatures,
    Table,
)

FONT_FAMILIES = (
    "Noto Sans",
    "Noto Sans CJK SC",
    "Noto Sans Arabic",
    "DejaVu Sans",
    "Arial Unicode MS",
    "sans-serif",
)
"""Fonts tried in order; together they cover Latin, Cyrillic, Chinese and Arabic names."""

BASE_POINT_SIZE = 9.5
SMALL_POINT_SIZE = 8

_FONT_RULE = (
    f"body {{ font-family: {', '.join(repr(f) if ' ' in f else f for f in FONT_FAMILIES)}; }}"
)
_COLLAPSE_RULE = "table.grid, table.box { border-collapse: collapse; }"
_STYLE = f"""
body {{ font-size: {BASE_POINT_SIZE}pt; color: #000000; }}
h1 {{ font-size: 16pt; margin-top: 0; margin-bottom: 2pt; }}
h2 {{ font-size: 12.5pt; margin-top: 10pt; margin-bottom: 4pt; }}
h3 {{ font-size: 10.5pt; margin-top: 8pt; margin-bottom: 3pt; }}
p {{ margin-top: 2pt; margin-bottom: 4pt; }}
p.subtitle {{ font-size: 11pt; margin-top: 0; }}
p.small, table.small {{ font-size: {SMALL_POINT_SIZE}pt; }}
table.grid {{ border-color: #8a8a8a; border-style: solid; margin-bottom: 6pt; }}
table.grid th {{ background-color: #e4e4e4; font-weight: bold; }}
table.fields {{ margin-bottom: 6pt; }}
table.fields td.label {{ font-weight: bold; padding-right: 8pt; }}
table.box {{ border-color: #000000; border-style: solid; margin-top: 4pt; margin-bottom: 10pt; }}
table.signatures {{ margin-top: 12pt; }}
table.bracket td.node {{ border-color: #000000; background-color: #f6f6f6; }}
table.bracket td.strong {{ font-weight: bold; }}
table.signatures td {{ padding-right: 16pt; }}
td.cut {{ border-width: 1px; border-style: dashed; border-color: #555555; }}
tr.strong td {{ font-weight: bold; }}
p.footer {{ font-size: {SMALL_POINT_SIZE}pt; color: #444444; margin-top: 10pt; }}
""".strip()


def esc(text: object) -> str:
    """Escape *text* for HTML element content and attribute values.

    Characters no name may hold (core.limits: NUL and other controls, the right-to-left
    override and other format characters) can still come from a file made before the
    check or by another program: they print as U+FFFD, never raw, so a name cannot turn
    the rest of a line around or end the text early.
    """
    return html.escape(printable(str(text)), quote=True)


def sheet_to_html(sheet: Sheet, *, footer_in_body: bool = True, for_qt: bool = False) -> str:
    """The complete HTML document of *sheet*.

    *footer_in_body* prints the sheet's footer at the end of the text; the PDF
    printer turns it off because it prints the footer on every page instead.
    *for_qt* leaves out two rules Qt's rich-text engine pays dearly for on a
    long table (a font list resolved per cell, collapsed borders: together
    four times the time of a 1,000-row standings); the printer sets the
    fonts on the document instead.
    """
    parts = [html_head(sheet, for_qt=for_qt), title_html(sheet)]
    parts.extend(_block(b) for b in sheet.blocks)
    if footer_in_body and (sheet.footer or sheet.journal_head):
        head = f"Journal {sheet.journal_head}" if sheet.journal_head else ""
        text = " · ".join(t for t in (sheet.footer, head) if t)
        parts.append(f'<p class="footer">{esc(text)}</p>')
    parts.append(HTML_END)
    return "\n".join(parts)


HTML_END = "</body></html>\n"


def html_head(sheet: Sheet, *, for_qt: bool = False) -> str:
    """The document up to and including ``<body>``: title element and style sheet."""
    style = _STYLE if for_qt else f"{_FONT_RULE}\n{_STYLE}\n{_COLLAPSE_RULE}"
    return "\n".join(
        (
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{esc(_full_title(sheet))}</title>",
            f"<style>\n{style}\n</style>",
            "</head><body>",
        )
    )


def title_html(sheet: Sheet) -> str:
    """What heads the first page: the title, the event and subtitle, the header fields."""
    parts = [f"<h1>{esc(sheet.title)}</h1>"]
    if sheet.event:
        parts.append(f'<p class="subtitle">{esc(sheet.event)}</p>')
    if sheet.subtitle:
        parts.append(f'<p class="subtitle">{esc(sheet.subtitle)}</p>')
    if sheet.header:
        parts.append(_fields(Fields(sheet.header)))
    return "\n".join(parts)


def _full_title(sheet: Sheet) -> str:
    return f"{sheet.title} — {sheet.event}" if sheet.event else sheet.title


def _block(block: Block) -> str:
    if isinstance(block, Heading):
        level = min(max(block.level, 2), 3)
        return f"<h{level}>{esc(block.text)}</h{level}>"
    if isinstance(block, Paragraph):
        cls = ' class="small"' if block.small else ""
        return f"<p{cls}>{_lines(block.text)}</p>"
    if isinstance(block, Fields):
        return _fields(block)
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Signatures):
        return _signatures(block)
    if isinstance(block, Box):
        inner = "\n".join(_block(b) for b in block.blocks)
        return (
            '<table class="box" width="100%" border="2" cellspacing="0" cellpadding="8">'
            f"<tr><td>\n{inner}\n</td></tr></table>"
        )
    if isinstance(block, PageBreak):
        return '<div style="page-break-before: always"></div>'
    if isinstance(block, Bracket):
        return _bracket(block)
    if isinstance(block, Cutouts):
        return _cutouts(block)
    if isinstance(block, Picture):
        return _picture(block)
    raise TypeError(f"not a sheet block: {block!r}")


def block_html(block: Block) -> str:
    """One block of a sheet as HTML (the players' web page lays out sheets' blocks too)."""
    return _block(block)


PIXELS_PER_MM = 96 / 25.4
"""CSS pixels per millimetre: a CSS pixel is 1/96 inch, in a browser and in Qt's layout."""


def _picture(picture: Picture) -> str:
    data = base64.b64encode(picture.png).decode("ascii")
    side = round(picture.side_mm * PIXELS_PER_MM)
    image = (
        f'<p align="center"><img src="data:image/png;base64,{data}" width="{side}" '
        f'height="{side}" alt="{esc(picture.text)}"></p>'
    )
    if not picture.caption:
        return image
    # Styled in place: only the wall sheet has a caption, and the other sheets' style is
    # left as it was.
    caption = "font-size: 24pt; font-weight: bold; margin-top: 6pt; margin-bottom: 12pt"
    return (
        f'{image}\n<p class="caption" align="center" style="{caption}">{esc(picture.caption)}</p>'
    )


def _lines(text: str) -> str:
    """Escaped text with its line breaks, and runs of spaces kept (blanks to fill in)."""
    return "<br>".join(esc(line).replace("  ", "&nbsp; ") for line in text.split("\n"))


def _fields(fields: Fields) -> str:
    rows = "".join(
        f'<tr><td class="label">{esc(label)}&nbsp;&nbsp;&nbsp;</td><td>{_lines(value)}</td></tr>'
        for label, value in fields.items
    )
    return f'<table class="fields" cellspacing="0" cellpadding="1">{rows}</table>'


def _table(table: Table) -> str:
    return table_html(table)


def table_html(table: Table, rows: range | None = None, pixel_widths: Sequence[float] = ()) -> str:
    """*table* as HTML, its header row first: all its rows or those of *rows*.

    *pixel_widths* fixes each column's width in CSS pixels instead of the
    columns' shares of the line (the printer, laying out a long table a page
    at a time, keeps the widths the whole table needs on every page).
    """
    cls = "grid small" if table.small else "grid"
    if pixel_widths:
        widths = [f' width="{w:g}"' for w in pixel_widths]
    else:
        widths = [_width(c.width) for c in table.columns]
    head = "".join(
        f'<th align="{c.align.value}"{w}>{_heading(c)}</th>'
        for c, w in zip(table.columns, widths, strict=True)
    )
    chosen = range(len(table.rows)) if rows is None else rows
    body = "\n".join(_row(table, i, table.rows[i]) for i in chosen)
    return (
        f'<table class="{cls}" width="100%" border="1" cellspacing="0" cellpadding="3">'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>"
    )


def _row(table: Table, index: int, row: Iterable[str]) -> str:
    cells = "".join(
        f'<td align="{c.align.value}" valign="middle"{" nowrap" if c.nowrap else ""}>'
        f"{_unbroken(_lines(v)) if c.nowrap else _lines(v)}</td>"
        for c, v in zip(table.columns, row, strict=True)
    )
    cls = ' class="strong"' if index in table.strong_rows else ""
    return f"<tr{cls}>{cells}</tr>"


def _heading(column: Column) -> str:
    """A column's title; one kept on one line (a tie-break code such as ``BH/C1``) has no
    place to break, not even after its slash (a word joiner follows it)."""
    if not column.nowrap:
        return esc(column.title)
    return _unbroken(esc(column.title)).replace("/", "/\u2060")


def _unbroken(text: str) -> str:
    """*text* with no place to break a line: Qt's layout ignores ``nowrap`` in a cell of a
    set width, so spaces become no-break spaces and hyphens non-breaking hyphens."""
    return text.replace(" ", "\u00a0").replace("-", "\u2011")


def _width(width: int) -> str:
    return f' width="{width}%"' if width else ""


def _signatures(sig: Signatures) -> str:
    """Lines to sign on side by side, a gap between them so that two lines never run into
    one (on a small result slip the lines fill their cells)."""
    gap = 6
    labels = max(len(sig.labels), 1)
    share = (100 - gap * (labels - 1)) // labels
    line = "_" * (28 if labels < 2 else 22)
    spacer = f'<td width="{gap}%"></td>'
    cells = spacer.join(
        f'<td width="{share}%"><br>{line}<br>{esc(label)}</td>' for label in sig.labels
    )
    return f'<table class="signatures" width="100%" cellspacing="0"><tr>{cells}</tr></table>'


def _cutouts(cutouts: Cutouts) -> str:
    """The pieces in a grid of dashed cells: the lines to cut along."""
    across = max(cutouts.across, 1)
    share = 100 // across
    lines = []
    for start in range(0, len(cutouts.pieces), across):
        row = cutouts.pieces[start : start + across]
        cells = [
            f'<td class="cut" width="{share}%" valign="top">'
            + "\n".join(_block(b) for b in piece)
            + "</td>"
            for piece in row
        ]
        # The last line of an odd count keeps the others' widths.
        cells += [f'<td width="{share}%"></td>'] * (across - len(row))
        lines.append(f"<tr>{''.join(cells)}</tr>")
    body = "\n".join(lines)
    return (
        '<table class="cutouts" width="100%" border="0" cellspacing="0" cellpadding="9">'
        f"\n{body}\n</table>"
    )


def _bracket(bracket: Bracket) -> str:
    """The tree as a table: each box spans the rows of the first-round boxes under it."""
    width = len(bracket.columns)
    # starts[row] lists (column, node) of the boxes whose first row is *row*.
    starts: dict[int, list[tuple[int, BracketNode]]] = {}
    row = 0

    def place(node: BracketNode, column: int, first: int) -> None:
        starts.setdefault(first, []).append((column, node))
        offset = first
        for child in node.children:
            place(child, column - 1, offset)
            offset += child.span

    for root in bracket.roots:
        place(root, width - 1, row)
        row += root.span
    share = 100 // max(width, 1)
    head = "".join(f'<th width="{share}%">{esc(c)}</th>' for c in bracket.columns)
    lines = []
    for r in range(row):
        cells = sorted(starts.get(r, []), key=lambda cn: cn[0])
        tds = []
        for _column, node in cells:
            cls = "node strong" if node.strong else "node"
            tds.append(
                f'<td class="{cls}" rowspan="{node.span}" valign="middle">{_lines(node.text)}</td>'
            )
        # A leaf above the first column (a bye in a later round) leaves empty cells to its left.
        leaf_columns = [c for c, n in cells if not n.children and c > 0]
        pad = "".join("<td></td>" for _ in range(min(leaf_columns, default=0)))
        lines.append(f"<tr>{pad}{''.join(tds)}</tr>")
    body = "\n".join(lines)
    return (
        '<table class="grid bracket" width="100%" border="1" cellspacing="0" cellpadding="4">'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>"
    )
