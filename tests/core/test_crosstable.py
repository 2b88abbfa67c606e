"""Crosstable read models: Swiss wall chart cells and the round-robin grid."""

from dataclasses import replace

from arbiter_app.core.crosstable import round_robin_grid, swiss_crosstable
from arbiter_app.core.model import RuleSet, System
from arbiter_app.core.points import GCT_RAPID
from arbiter_app.core.standings import compute_standings
from tests.core.tiebreaks.test_uscf import EVENT
from tests.support.compact import event_from_text


def texts(row) -> list[str]:
    return [c.text for c in row.cells]


def test_swiss_cells_by_pairing_number() -> None:
    ct = swiss_crosstable(EVENT)
    assert ct.rounds == 5 and [r.tpn for r in ct.rows] == [1, 2, 3, 4, 5, 6]
    assert texts(ct.rows[0]) == ["2w1", "3b1", "4b0", "WD", "WD"]
    # A US Chess event (its rule set) calls the odd player's point a bye (22B, 28L).
    assert texts(ct.rows[4]) == ["6w½", "2b0", "3w0", "bye", "4w0"]
    fide = swiss_crosstable(replace(EVENT, rule_set=RuleSet.FIDE_2024))
    assert texts(fide.rows[4])[3] == "PAB"
    assert texts(ct.rows[5])[-1] == "HPB"
    assert ct.rows[2].points == 3.5


def test_swiss_forfeits_and_other_byes() -> None:
    ev = event_from_text("1: +F2 +FPB ZPB --\n2: -F1 -F \n3: +W4 =BYE\n4: -B3 +W3")
    ct = swiss_crosstable(ev)
    assert texts(ct.rows[0]) == ["2+", "FPB", "ZPB", "--"]
    assert texts(ct.rows[1])[:2] == ["1-", "-"]  # forfeit loss without a known opponent


def test_swiss_in_standings_order_numbered_by_rank() -> None:
    st = compute_standings(EVENT, ["MM"])
    ct = swiss_crosstable(EVENT, st, numbering="rank")
    assert [r.tpn for r in ct.rows] == [4, 3, 2, 1, 5, 6]
    # player 4 is number 1; his round-1 opponent (tpn 3) is number 2
    assert ct.rows[0].number == 1 and texts(ct.rows[0])[0] == "2b0"
    assert ct.rows[0].place == "1"


def test_swiss_crosstable_after_a_round() -> None:
    st = compute_standings(EVENT, [], after_round=2)
    ct = swiss_crosstable(EVENT, st)
    assert ct.rounds == 2 and all(len(r.cells) == 2 for r in ct.rows)


def test_points_follow_the_round_point_system() -> None:
    ev = replace(event_from_text("1: +W2 =B2\n2: -B1 =W1"), round_point_systems=(GCT_RAPID,))
    ct = swiss_crosstable(ev)
    assert texts(ct.rows[0]) == ["2w2", "2b½"]


def test_round_robin_grid_single() -> None:
    ev = event_from_text(
        """
        1: -W4 =W2 -B3
        2: +W3 =B1 +F4
        3: -B2 +F4 +W1
        4: +B1 -F3 -F2
        """,
        system=System.ROUND_ROBIN,
    )
    grid = round_robin_grid(ev)
    assert grid.order == (1, 2, 3, 4) and grid.cycles == 1
    assert grid.rows[0].cells == (None, ("½",), ("0",), ("0",))
    assert grid.rows[3].cells == (("1",), ("-",), ("-",), None)
    assert grid.rows[1].cells[3] == ("+",)


def test_double_round_robin_has_two_results_per_cell() -> None:
    ev = event_from_text(
        """
        1: +W2 =B3 =B2 -W3
        2: -B1 +W3 =W1
        3: -B2 =W1 +B1
        """,
        system=System.DOUBLE_ROUND_ROBIN,
    )
    grid = round_robin_grid(ev)
    assert grid.cycles == 2
    assert grid.rows[0].cells == (None, ("1", "½"), ("½", "0"))
    # 2 and 3 have met once so far: the second result is still empty
    assert grid.rows[1].cells[2] == ("1", "")


def test_round_robin_grid_in_standings_order() -> None:
    ev = event_from_text("1: -W2 -B3\n2: +B1 =W3\n3: =B2 +W1", system=System.ROUND_ROBIN)
    st = compute_standings(ev, [])
    grid = round_robin_grid(ev, st)
    assert grid.order == (2, 3, 1)
    assert grid.rows[0].place == "1-2" and grid.rows[0].cells == (None, ("½",), ("1",))
