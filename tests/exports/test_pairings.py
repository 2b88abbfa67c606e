"""The pairings read model and the pairing list / result slip sheets."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from arbiter_app.core.model import EntryKind
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.pairings import (
    pairings_sheet,
    result_slips_sheet,
    round_from_event,
    round_from_pairing,
)
from arbiter_app.exports.sheet import Box, PageBreak
from tests.exports.samples import sample_event


def test_round_one_boards_colours_and_results() -> None:
    rs = round_from_event(sample_event(), 1)
    got = [(b.board, b.white.tpn, b.black.tpn, b.result) for b in rs.boards]
    # All scores are 0 before round 1: board order by the better pairing number.
    assert got == [(1, 1, 4, "1-0"), (2, 3, 2, "½-½")]
    assert [(b.seat.tpn, b.kind, b.points) for b in rs.byes] == [
        (5, EntryKind.PAIRING_BYE, Fraction(1)),
        (6, EntryKind.NOT_PAIRED, Fraction(0)),
    ]


def test_board_order_follows_scores_before_the_round() -> None:
    """C.04.2: the pair with the highest score plays on board 1."""
    rs = round_from_event(sample_event(), 3)
    # Before round 3: 1 has 1½, 4 has 1, 3 has 1, 2 has 1, 6 has 0.
    got = [(b.white.tpn, b.black.tpn, b.result, b.white.score, b.black.score) for b in rs.boards]
    assert got == [
        (1, 3, "1-0", Fraction(3, 2), Fraction(3, 2)),
        (4, 2, "1-0", Fraction(1), Fraction(1)),
    ]


def test_forfeits_are_shown_from_whites_side() -> None:
    from tests.support.compact import event_from_text

    ev = event_from_text("1: +F2\n2: -F1\n3: -F4\n4: -F3")
    # Forfeits without colours: the lower pairing number sits on the left.
    rs = round_from_event(ev, 1)
    assert [(b.white.tpn, b.black.tpn, b.result) for b in rs.boards] == [
        (1, 2, "+/-"),
        (3, 4, "-/-"),
    ]


def test_unknown_round_is_refused() -> None:
    with pytest.raises(ValueError, match="round 7 has not been paired"):
        round_from_event(sample_event(), 7)


@dataclass
class _B:
    number: int
    white: int
    black: int


@dataclass
class _Bye:
    tpn: int
    kind: EntryKind


def test_a_pairing_without_results_prints_empty_results() -> None:
    rs = round_from_pairing(
        sample_event(), 4, [_B(1, 4, 1), _B(2, 3, 5)], [_Bye(6, EntryKind.PAIRING_BYE)]
    )
    sheet = pairings_sheet(rs)
    rows = sheet.tables()[0].rows
    assert rows[0][:3] == ("1", "4", "محمد الأحمد")
    assert rows[0][5] == "–"
    assert rows[0][4] == "2" and rows[0][6] == "2½"
    assert sheet.tables()[1].rows == (
        ("6", "Zoë O'Brien-Łukasiewicz", "1", "pairing-allocated bye", ""),
    )


def test_slips_four_to_a_page_with_signature_lines() -> None:
    from tests.support.compact import event_from_text

    text = "\n".join(f"{i}: +W{i + 1}" if i % 2 else f"{i}: -B{i - 1}" for i in range(1, 21))
    rs = round_from_event(event_from_text(text), 1)
    sheet = result_slips_sheet(rs)
    boxes = [b for b in sheet.blocks if isinstance(b, Box)]
    breaks = [b for b in sheet.blocks if isinstance(b, PageBreak)]
    assert len(boxes) == 10 and len(breaks) == 2
    html = sheet_to_html(sheet)
    assert html.count("Round 1 · Board ") == 10
    assert html.count("Arbiter</td>") == 10


def test_pairing_sheet_escapes_names() -> None:
    html = sheet_to_html(pairings_sheet(round_from_event(sample_event(), 2)))
    assert "<b>click</b>" not in html
    assert "&lt;b&gt;click&lt;/b&gt;" in html


def test_q106_111_the_pairing_sheet_shows_virtual_points() -> None:
    """An accelerated round prints each score with the virtual points it was paired with."""
    from dataclasses import replace

    from arbiter_app.core.model import VirtualPoints

    event = sample_event()
    accelerated = replace(
        event,
        accelerations=(
            VirtualPoints(Fraction(1), 1, 1, 1, 3),
            VirtualPoints(Fraction(1, 2), 2, 3, 1, 3),
        ),
    )
    rs = round_from_event(accelerated, 3)
    seats = {s.tpn: s for b in rs.boards for s in (b.white, b.black)}
    assert seats[1].points_text == "1½ (+½)" and seats[4].points_text == "1"
    html = sheet_to_html(pairings_sheet(rs))
    assert "1½ (+½)" in html
    assert "virtual points of the Baku Acceleration (FIDE C.04.5.1)" in html
    plain = sheet_to_html(pairings_sheet(round_from_event(event, 3)))
    assert "(+" not in plain and "Baku" not in plain


@pytest.mark.parametrize(("per_page", "pages"), [(6, 4), (8, 3)])
def test_small_slips_two_across_with_lines_to_cut_along(per_page: int, pages: int) -> None:
    from arbiter_app.exports.sheet import Cutouts
    from tests.support.compact import event_from_text

    text = "\n".join(f"{i}: +W{i + 1}" if i % 2 else f"{i}: -B{i - 1}" for i in range(1, 41))
    rs = round_from_event(event_from_text(text), 1)
    sheet = result_slips_sheet(rs, per_page=per_page)
    grids = [b for b in sheet.blocks if isinstance(b, Cutouts)]
    breaks = [b for b in sheet.blocks if isinstance(b, PageBreak)]
    assert len(grids) == pages and len(breaks) == pages - 1
    assert [len(g.pieces) for g in grids][:-1] == [per_page] * (pages - 1)
    assert sum(len(g.pieces) for g in grids) == 20
    html = sheet_to_html(sheet)
    assert html.count("Round 1 · Board ") == 20
    # Every slip sits in a dashed cell: the lines the arbiter cuts along.
    assert html.count('<td class="cut"') == 20
    assert "border-style: dashed" in html


def test_slips_come_four_six_or_eight_to_a_page() -> None:
    rs = round_from_event(sample_event(), 1)
    with pytest.raises(ValueError, match="choose 4, 6 or 8"):
        result_slips_sheet(rs, per_page=5)


def test_the_round_s_start_is_on_its_sheets_when_the_schedule_has_it() -> None:
    from dataclasses import replace

    from arbiter_app.exports.by_name import pairings_by_name_sheet

    event = sample_event()
    scheduled = replace(
        event, info=replace(event.info, round_dates=("2024-05-03", "2024-05-04 10:00"))
    )
    rs = round_from_event(scheduled, 2)
    for sheet in (pairings_sheet(rs), result_slips_sheet(rs), pairings_by_name_sheet(rs)):
        assert dict(sheet.header)["Round starts"] == "2024-05-04 10:00"
        assert "2024-05-04 10:00" in sheet_to_html(sheet)
    # Round 3 has no date in the schedule: nothing is printed for it.
    assert "Round starts" not in dict(pairings_sheet(round_from_event(scheduled, 3)).header)
