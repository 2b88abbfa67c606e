"""Every table model passes Qt's model checks and shows its rows as given."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt

from arbiter_app.core.model import Event
from arbiter_app.ui.document import EventDocument, StandingsOptions
from arbiter_app.ui.models.crosstable import CrosstableModel
from arbiter_app.ui.models.pairings import PairingsModel
from arbiter_app.ui.models.players import PlayersModel
from arbiter_app.ui.models.standings import StandingsModel
from arbiter_app.ui.models.table import KEY_ROLE, RowTableModel, SortProxy, sort_value
from arbiter_app.ui.rows import crosstable, pairing_rows, player_rows, standings_table


def test_players_model(check_model: Callable[[Any], None], rr_event: Event) -> None:
    model = PlayersModel()
    model.set_players(player_rows(rr_event))
    check_model(model)
    assert model.rowCount() == 4
    assert model.data(model.index(0, 2)) == "Ada"
    assert model.data(model.index(0, 6)) == "1½"
    assert model.data(model.index(3, 0), KEY_ROLE) == 4
    assert model.headerData(6, Qt.Orientation.Horizontal) == "Points"
    right = model.data(model.index(0, 3), Qt.ItemDataRole.TextAlignmentRole)
    assert right & Qt.AlignmentFlag.AlignRight


def test_pairings_model(check_model: Callable[[Any], None], document: EventDocument) -> None:
    model = PairingsModel()
    model.set_pairings(pairing_rows(document.tournament, 1, document.boards(1)))
    check_model(model)
    assert [model.data(model.index(0, c)) for c in range(4)] == ["1", "1. Ada", "1-0", "4. Dov"]
    assert model.pairing(1).white == 2


def test_crosstable_model_shades_the_diagonal(
    check_model: Callable[[Any], None], rr_event: Event
) -> None:
    model = CrosstableModel()
    model.set_table(crosstable(rr_event))
    check_model(model)
    assert model.data(model.index(0, 3), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(0, 4), Qt.ItemDataRole.BackgroundRole) is None


def test_standings_model(check_model: Callable[[Any], None], rr_event: Event) -> None:
    model = StandingsModel()
    model.set_standings(standings_table(rr_event, StandingsOptions(("SB",))))
    check_model(model)
    assert model.data(model.index(0, 2)) == "Cy"
    assert model.tiebreak_code(4) is None
    assert model.tiebreak_code(5) == "SB"
    assert model.headerData(5, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole).startswith(
        "SB: Sonneborn-Berger"
    )


def test_rows_must_match_the_headers() -> None:
    model = RowTableModel()
    with pytest.raises(ValueError, match="one cell per header"):
        model.set_rows(("a", "b"), [("1",)], [1])
    with pytest.raises(ValueError, match="one key per row"):
        model.set_rows(("a",), [("1",)], [])


def test_an_empty_model_is_valid(check_model: Callable[[Any], None]) -> None:
    model = RowTableModel()
    check_model(model)
    assert model.rowCount() == 0
    assert model.data(QModelIndex()) is None


def test_numbers_sort_as_numbers() -> None:
    texts = ["10", "9", "3½", "4", "½", "Ada", "unrated"]
    assert sorted(texts, key=sort_value) == ["½", "3½", "4", "9", "10", "Ada", "unrated"]


def test_sort_proxy_orders_ratings_numerically(rr_event: Event) -> None:
    model = PlayersModel()
    model.set_players(player_rows(rr_event))
    proxy = SortProxy()
    proxy.setSourceModel(model)
    proxy.sort(6, Qt.SortOrder.DescendingOrder)
    assert proxy.data(proxy.index(0, 2)) == "Cy"
    assert proxy.data(proxy.index(3, 2)) == "Dov"


def test_new_rows_of_the_same_shape_keep_the_view_in_place(
    check_model: Callable[[Any], None], rr_event: Event
) -> None:
    """A result typed replaces the cells without a reset: views keep scroll and selection,
    and only the rows that differ are announced (one of four here)."""
    model = PlayersModel()
    check_model(model)
    model.set_players(player_rows(rr_event))
    resets: list[bool] = []
    changed: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda a, b: changed.append((a.row(), b.row())))
    rows = list(player_rows(rr_event))
    from dataclasses import replace as _replace
    from fractions import Fraction as _Fraction

    rows[0] = _replace(rows[0], score=_Fraction(3))
    model.set_players(rows)
    assert resets == []
    assert changed == [(0, 0)]
    assert model.data(model.index(0, 6)) == "3"
    model.set_players(rows)  # the same rows again: nothing to announce
    assert changed == [(0, 0)]
    model.set_players(rows[:3])  # a row fewer: a reset
    assert resets == [True]


def test_sort_proxy_reads_new_keys_after_each_change(rr_event: Event) -> None:
    model = PlayersModel()
    model.set_players(player_rows(rr_event))
    proxy = SortProxy()
    proxy.setSourceModel(model)
    proxy.sort(6, Qt.SortOrder.DescendingOrder)
    assert proxy.data(proxy.index(0, 2)) == "Cy"
    from dataclasses import replace as _replace
    from fractions import Fraction as _Fraction

    rows = [
        _replace(r, score=_Fraction(9)) if r.name == "Dov" else r for r in player_rows(rr_event)
    ]
    model.set_players(rows)
    assert proxy.data(proxy.index(0, 2)) == "Dov"
    assert proxy.data(proxy.index(0, 6)) == "9"


def test_prizes_model(check_model: Callable[[Any], None]) -> None:
    from decimal import Decimal
    from fractions import Fraction

    from arbiter_app.core.playoff.results import PrizeRow
    from arbiter_app.ui.models.prizes import PrizesModel

    rows = [
        PrizeRow(7, "Moreau, Claire", "1", True, Decimal("77666.67"), Fraction(13), "winner"),
        PrizeRow(1, "Okafor, Daniel", "2-3", False, Decimal("67666.67"), Fraction(13), "shared"),
    ]
    model = PrizesModel()
    check_model(model)
    model.set_prizes(rows)
    assert model.cell(0, 0) == "1 *"
    assert model.cell(1, 3) == "67666.67"
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Money"
    model.set_prizes(rows, "EUR")  # other headers: a reset, checked by the tester
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Money (EUR)"
    model.set_prizes([])
    assert model.rowCount() == 0


def test_sort_proxy_passes_the_model_checks_through_changes(
    check_model: Callable[[Any], None], rr_event: Event
) -> None:
    """The proxy over a model that changes in place (a result) and by reset (a new player)."""
    from dataclasses import replace as _replace
    from fractions import Fraction as _Fraction

    model = PlayersModel()
    proxy = SortProxy()
    proxy.setSourceModel(model)
    check_model(proxy)
    model.set_players(player_rows(rr_event))
    proxy.sort(6, Qt.SortOrder.DescendingOrder)
    rows = list(player_rows(rr_event))
    model.set_players([_replace(r, score=_Fraction(5)) if r.tpn == 4 else r for r in rows])
    assert proxy.data(proxy.index(0, 2)) == "Dov"
    model.set_players(rows[:2])
    assert proxy.rowCount() == 2
