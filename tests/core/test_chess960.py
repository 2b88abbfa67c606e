"""Chess960 starting positions: Scharnagl's numbering and the reproducible draw (FIDE Laws
of Chess, Guidelines II.1-II.2)."""

from __future__ import annotations

import pytest

from arbiter_app.core.chess960 import (
    POSITIONS,
    STANDARD_POSITION,
    StartingPosition,
    Variant,
    back_rank,
    checked_number,
    checked_variant,
    drawn_number,
    fen,
    physical_position,
    position_of_round,
    seeded_position,
)
from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import DrawMethod

KNIGHTS = ("NN...", "N.N..", "N..N.", "N...N", ".NN..", ".N.N.", ".N..N", "..NN.", "..N.N", "...NN")
"""The ten places of the two knights among the five squares left, in the numbering's order."""


def scharnagl(number: int) -> str:
    """The numbering rule written out independently: the light bishop's file from n mod 4
    (b, d, f, h), the dark bishop's from the quotient mod 4 (a, c, e, g), the queen among
    the six free squares, the knights among the five left by the table above, and R K R
    on the last three."""
    rank = [""] * 8
    n, light = divmod(number, 4)
    rank[2 * light + 1] = "B"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"
    n, queen = divmod(n, 6)
    free = [i for i in range(8) if not rank[i]]
    rank[free[queen]] = "Q"
    free = [i for i in range(8) if not rank[i]]
    for square, mark in zip(free, KNIGHTS[n], strict=True):
        if mark == "N":
            rank[square] = "N"
    for square, piece in zip([i for i in range(8) if not rank[i]], "RKR", strict=True):
        rank[square] = piece
    return "".join(rank)


def test_well_known_numbers() -> None:
    """The standard position is 518; the first and the last of the numbering's table."""
    assert back_rank(STANDARD_POSITION) == "RNBQKBNR"
    assert back_rank(0) == "BBQNNRKR"
    assert back_rank(1) == "BQNBNRKR"
    assert back_rank(959) == "RKRNNQBB"
    assert fen(518).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")


def test_every_number_follows_the_numbering_rule_and_guidelines_ii_2() -> None:
    """All 960 numbers give 960 different positions, each the numbering rule's, each with
    the king between the rooks and the bishops on opposite colours (II.2.1-II.2.2)."""
    seen = set()
    for number in range(POSITIONS):
        rank = back_rank(number)
        assert rank == scharnagl(number), number
        rooks = [i for i, p in enumerate(rank) if p == "R"]
        assert rooks[0] < rank.index("K") < rooks[1]
        bishops = [i for i, p in enumerate(rank) if p == "B"]
        assert bishops[0] % 2 != bishops[1] % 2
        seen.add(rank)
    assert len(seen) == POSITIONS


@pytest.mark.parametrize("wrong", [-1, 960, "518", 5.0, True, None])
def test_a_number_outside_the_numbering_is_refused(wrong: object) -> None:
    with pytest.raises(RuleError, match="from 0 to 959"):
        checked_number(wrong)


def test_the_draw_is_reproducible_from_its_seed_and_spread_over_all_positions() -> None:
    assert drawn_number(12345) == drawn_number(12345)
    drawn = {drawn_number(seed) for seed in range(4000)}
    assert all(0 <= n < POSITIONS for n in drawn)
    # 4,000 draws cover nearly all 960 numbers (expected about 940): uniform, not a few.
    assert len(drawn) > 900


def test_a_seeded_position_keeps_its_seed_and_reads_back() -> None:
    position = seeded_position(3, 987654321, witnesses=["J. Ortiz"])
    assert position.number == drawn_number(987654321)
    assert position.method is DrawMethod.SEEDED
    assert StartingPosition.from_json(position.to_json()) == position
    assert "seed 987654321" in position.how() and "J. Ortiz" in position.how()
    assert position.draw().outcome == (position.number,)


def test_a_physical_draw_is_the_number_typed() -> None:
    position = physical_position(None, 518)
    assert position.label() == "Chess960 position 518 (RNBQKBNR, the standard position)"
    assert position.scope() == "every round"
    with pytest.raises(RuleError):
        physical_position(1, 1000)


def test_a_round_plays_its_own_position_else_the_events() -> None:
    own = physical_position(2, 100)
    every = physical_position(None, 7)
    assert position_of_round({2: own}, 2) == own
    assert position_of_round({2: own}, 3) is None
    assert position_of_round({None: every}, 3) == every


def test_variants() -> None:
    assert checked_variant("chess960") is Variant.CHESS960
    with pytest.raises(RuleError, match="known: standard, chess960"):
        checked_variant("crazyhouse")


def test_the_reports_comment_lines() -> None:
    from arbiter_app.core.chess960 import trf_lines

    own = {1: physical_position(1, 518), 3: physical_position(3, 0)}
    assert trf_lines(own, 3) == [
        "### Chess960 round 1: position 518 (RNBQKBNR)",
        "### Chess960 round 2: not drawn",
        "### Chess960 round 3: position 0 (BBQNNRKR)",
    ]
    assert trf_lines({None: physical_position(None, 959)}, 5) == [
        "### Chess960 every round: position 959 (RKRNNQBB)"
    ]
