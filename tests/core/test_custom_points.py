"""Q71 and Q80: a point system typed by the arbiter and the pairing-allocated bye's value.

FIDE C.07 article 5 scores 1/½/0 unless the regulations say otherwise; C.04.1
article 4 gives the pairing-allocated bye the points of a win unless they say
otherwise (the 2025 Dutch rules allow a draw or zero). The points pair the next
round (the Dutch engine pairs by score), score the standings, and go to TRF-26
record 162, which FIDE's reference reader (gacrux) reads back alike.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.model import Colour
from arbiter_app.core.pairing.dutch import initial_colour_from_round_one, pair_dutch
from arbiter_app.core.points import (
    GCT_RAPID,
    HALF,
    STANDARD,
    ZERO,
    PointSystem,
    custom_point_system,
    parse_point_system,
    point_system_refusal,
    with_pab_value,
)
from arbiter_app.core.trf.document import TrfVersion
from arbiter_app.core.trf.reader import parse_trf
from arbiter_app.core.trf.writer import write_trf

gacrux = pytest.importorskip("gacrux.trf2json")
from tests.core.trf.test_gacrux import _gacrux_points as gacrux_scores  # noqa: E402
from tests.support.trf_oracle import gacrux_pairs  # noqa: E402


def test_q71_typed_values_are_exact_and_named() -> None:
    three = parse_point_system("3,1,0")
    assert (three.win, three.draw, three.loss) == (3, 1, 0)
    assert three.pairing_bye_points == 3 and three.half_bye_points == 1
    assert three.name == "3/1/0"
    seven = parse_point_system("1,0.5,0,1,0.5,0.5,0")
    assert seven.pairing_bye == HALF and isinstance(seven.pairing_bye, Fraction)
    assert seven.name == "1/½/0, PAB ½"
    # Typed as FIDE's defaults, it is the standard system itself.
    assert parse_point_system("1,½,0,1,1,1/2,0") == STANDARD
    assert parse_point_system("2,1,0") == GCT_RAPID


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1,2,0", "a draw (2) cannot be worth more than a win (1) (FIDE C.07 article 5)"),
        ("1,0,0.5", "a loss (½) cannot be worth more than a draw (0) (FIDE C.07 article 5)"),
        ("1,0.5,-1", "a loss cannot be worth less than nothing (-1)"),
        ("1,0.5,0,1,-1,0.5,0", "a pairing-allocated bye cannot be worth less than nothing (-1)"),
        ("1,1,1", "a win and a loss worth the same points do not score an event"),
        ("1,0.5", "a point system is 3 values (win, draw, loss) or 7"),
        ("1,,0", "a value is missing between two commas"),
        ("1,x,0", "not a score"),
    ],
)
def test_q71_a_system_that_cannot_score_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_point_system(text)
    assert reason in str(caught.value)


def test_q71_the_refusal_reads_every_value() -> None:
    assert point_system_refusal(STANDARD) is None
    assert "forfeit loss" in (point_system_refusal(PointSystem(forfeit_loss=Fraction(-1))) or "")
    with pytest.raises(ValueError):
        custom_point_system([Fraction(1), HALF, ZERO, Fraction(1), HALF, HALF, Fraction(-1)])


def test_q80_the_pab_is_worth_a_win_a_draw_or_zero() -> None:
    assert with_pab_value(STANDARD, "win") == STANDARD
    assert with_pab_value(STANDARD, "draw").pairing_bye_points == HALF
    assert with_pab_value(STANDARD, "zero").pairing_bye_points == ZERO
    assert with_pab_value(GCT_RAPID, "draw").pairing_bye_points == 1
    assert with_pab_value(with_pab_value(STANDARD, "zero"), "win") == STANDARD
    with pytest.raises(ValueError, match="one of win, draw, zero"):
        with_pab_value(STANDARD, "half")


def _line(tpn: int, rating: int, points: str, games: str) -> str:
    return f"001 {tpn:4d}      Player {tpn:<26} {rating:4d}{'':28}{points:>4} {tpn:4d}{games}"


def _file(record_162: str, lines: list[str]) -> str:
    return "012 Points\nXXR 4\n" + record_162 + "\n".join(lines) + "\n"


def _own_pairs(text: str) -> list[tuple[int, int]]:
    """Arbiter's Dutch engine on the file's event, in gacrux's form (``(n, 0)``: the bye)."""
    event = parse_trf(text).event
    colour = initial_colour_from_round_one(event) or Colour.WHITE
    result = pair_dutch(event, event.rounds_played + 1, initial_colour=colour)
    pairs = list(result.boards)
    if result.pairing_bye is not None:
        pairs.append((result.pairing_bye, 0))
    return pairs


TWO_ROUNDS = [
    (1, 2400, (1, 0), "     4 w 1     2 b 0"),
    (2, 2300, (1, 1), "     5 w =     1 w 1"),
    (3, 2200, (0, 2), "     6 w =     5 b ="),
    (4, 2100, (1, 0), "     1 b 0     6 w 1"),
    (5, 2000, (0, 2), "     2 b =     3 w ="),
    (6, 1900, (0, 1), "     3 b =     4 b 0"),
]


def _scored(win: int, draw: Fraction) -> list[str]:
    return [
        _line(t, r, f"{float(wins * win + draws * draw):.1f}", games)
        for t, r, (wins, draws), games in TWO_ROUNDS
    ]


def test_q71_a_3_1_0_event_pairs_by_its_own_scores_as_gacrux_does() -> None:
    """After two rounds a win and a loss (3) is above two draws (2) under 3/1/0, level with
    them under 1/½/0: the score groups, and so the pairing, differ; both engines agree."""
    standard = _file("", _scored(1, HALF))
    three = _file("162  W 3.0    D 1.0    L 0.0    A 0.0\n", _scored(3, Fraction(1)))
    assert parse_trf(three).event.point_system == parse_point_system("3,1,0")
    assert _own_pairs(standard) == gacrux_pairs(standard)
    assert _own_pairs(three) == gacrux_pairs(three)
    assert _own_pairs(three) != _own_pairs(standard)


def test_q80_a_pab_worth_a_draw_pairs_by_its_scores_as_gacrux_does() -> None:
    """Player 4's round-1 bye is worth ½ under ``P 0.5``: he joins the draws' score group
    and player 1, alone on 1 point, floats down."""
    rounds = [
        (1, 2400, "     5 w 1"),
        (2, 2300, "     6 b ="),
        (3, 2200, "     7 w ="),
        (4, 2100, "  0000 - U"),
        (5, 2000, "     1 b 0"),
        (6, 1900, "     2 w ="),
        (7, 1800, "     3 b ="),
    ]
    points = {1: "1.0", 2: "0.5", 3: "0.5", 4: "1.0", 5: "0.0", 6: "0.5", 7: "0.5"}
    win = _file("", [_line(t, r, points[t], g) for t, r, g in rounds])
    points[4] = "0.5"
    draw = _file(
        "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5\n",
        [_line(t, r, points[t], g) for t, r, g in rounds],
    )
    event = parse_trf(draw).event
    assert event.point_system.pairing_bye_points == HALF
    assert event.scores()[4] == HALF
    assert _own_pairs(win) == gacrux_pairs(win)
    assert _own_pairs(draw) == gacrux_pairs(draw)
    assert _own_pairs(draw) != _own_pairs(win)


def test_q71_q80_record_162_is_written_and_read_back_by_gacrux_with_equal_scores() -> None:
    text = _file("", _scored(1, HALF))
    doc = parse_trf(text)
    system = with_pab_value(parse_point_system("3,1,0"), "draw")
    event = replace(doc.event, point_system=system)
    written = write_trf(replace(doc, event=event, version=TrfVersion.TRF26))
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0" in written.splitlines()
    again = parse_trf(written).event
    assert again.point_system == system  # Arbiter's own record keeps its name
    notes: list[str] = []
    report = write_trf(
        replace(doc, event=event, version=TrfVersion.TRF26), report=True, notes=notes
    )
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0" in report.splitlines()
    assert not any("point system" in note for note in notes), notes
    assert not [line for line in report.splitlines() if line.startswith("ARB")]
    reader = gacrux.trf2json()
    reader.parse_file(report, 0)
    assert reader.chessjson["status"]["code"] in (0, 467), reader.chessjson["status"]
    game = reader.get_tournament(1)["scoreSystem"]["game"]
    # gacrux names a value equal to another code's by that code ("P": "D").
    pab = game[game["P"]] if isinstance(game["P"], str) else game["P"]
    assert (game["W"], game["D"], game["L"], pab) == (3, 1, 0, 1)
    assert again.scores() == event.scores() == gacrux_scores(report, 2)
    assert again.scores()[2] == 4
