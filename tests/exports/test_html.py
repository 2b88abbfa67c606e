"""The HTML of a sheet: self-contained, escaped, and the bracket drawn as a tree."""

from __future__ import annotations

import re

from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.sheet import (
    Align,
    Bracket,
    BracketNode,
    Column,
    Fields,
    Paragraph,
    Sheet,
    Signatures,
    Table,
)

HOSTILE = '<script>alert("x")</script> & <img src=x onerror=alert(1)>'


def test_everything_is_escaped_and_nothing_is_fetched() -> None:
    sheet = Sheet(
        HOSTILE,
        (
            Paragraph(HOSTILE),
            Fields(((HOSTILE, HOSTILE),)),
            Table((Column(HOSTILE, Align.LEFT),), ((HOSTILE,),)),
            Signatures((HOSTILE,)),
        ),
        event=HOSTILE,
        subtitle=HOSTILE,
        header=((HOSTILE, HOSTILE),),
        footer=HOSTILE,
    )
    html = sheet_to_html(sheet)
    assert "<script" not in html and "<img" not in html
    assert html.count("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img") == 14
    # Self-contained: no external resource of any kind.
    assert not re.search(r"<[^>]*\b(src|href)\s*=", html)
    assert "@import" not in html and "url(" not in html


def test_bracket_boxes_span_the_rows_of_the_boxes_under_them() -> None:
    def leaf(n: str) -> BracketNode:
        return BracketNode(n)

    # Five players: one first-round game (D-E); A, B, C had byes.
    first = BracketNode("D – E", (leaf("D"), leaf("E")))
    semi1 = BracketNode("A – D", (BracketNode("A: bye", (leaf("A"),)), first))
    semi2 = BracketNode(
        "B – C", (BracketNode("B: bye", (leaf("B"),)), BracketNode("C: bye", (leaf("C"),)))
    )
    final = BracketNode("A – B", (semi1, semi2))
    winner = BracketNode("A", (final,), strong=True)
    assert winner.span == 5 and winner.depth == 5
    html = sheet_to_html(
        Sheet("B", (Bracket(("Players", "Round 1", "Round 2", "Final", "Winner"), (winner,)),))
    )
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body)
    assert len(rows) == 5
    spans = [re.findall(r'rowspan="(\d+)"[^>]*>([^<]*)<', r) for r in rows]
    assert spans[0] == [("1", "A"), ("1", "A: bye"), ("3", "A – D"), ("5", "A – B"), ("5", "A")]
    assert spans[1] == [("1", "D"), ("2", "D – E")]
    assert spans[2] == [("1", "E")]
    assert spans[3] == [("1", "B"), ("1", "B: bye"), ("2", "B – C")]
    assert spans[4] == [("1", "C"), ("1", "C: bye")]
    assert 'class="node strong"' in html


def test_right_to_left_names_are_closed_by_a_mark_in_running_text() -> None:
    from arbiter_app.exports.sheet import embed

    assert embed("محمد الأحمد") == "محمد الأحمد\u200e"
    assert embed("שרה כהן") == "שרה כהן\u200e"
    for name in ("Přemysl Ďuriš", "Иван Петров", "李明"):
        assert embed(name) == name


def test_characters_no_name_may_hold_print_as_replacement_marks() -> None:
    """A name from a file made before the check (core.limits) still never reaches the HTML raw:
    NUL would end the text early in some readers, U+202E turn the rest of the line around."""
    from arbiter_app.exports.sheet import embed

    name = "Ann\x00\u202eBerg\u2066"
    sheet = Sheet(
        "Standings",
        (Table((Column("Name", Align.LEFT),), ((name,),)), Paragraph(embed("محمد الأحمد"))),
    )
    html = sheet_to_html(sheet)
    for raw in ("\x00", "\u202e", "\u2066"):
        assert raw not in html
    assert "Ann\ufffd\ufffdBerg\ufffd" in html
    assert "محمد الأحمد\u200e" in html  # the sheets' own direction mark stays


def test_two_signature_lines_have_a_gap_between_them() -> None:
    """On a small result slip the two lines once ran into one: a spacer cell parts them."""
    import re

    from arbiter_app.exports.html import sheet_to_html
    from arbiter_app.exports.sheet import Sheet, Signatures

    html = sheet_to_html(Sheet(title="t", blocks=(Signatures(("White", "Black")),)))
    row = re.search(r'<table class="signatures".*?</table>', html, re.S)
    assert row is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(0), re.S)
    assert len(cells) == 3 and cells[1] == ""  # White, the gap, Black
