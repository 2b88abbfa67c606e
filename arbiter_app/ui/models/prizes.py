"""The prize list: place, player, money, the prize won and tour points, with how each share was made."""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.points import format_points
from arbiter_app.core.prizes import format_money
from arbiter_app.ui.models.table import RowTableModel

HEADERS = ("Place", "No.", "Player", "Money", "Tour points", "How")
NUMERIC = (1, 3, 4)


class PrizesModel(RowTableModel):
    def set_prizes(
        self, rows: Sequence[PrizeRow], currency: str = "", *, named: bool = False
    ) -> None:
        """*named*: with category prizes a column says which prize each player won."""
        money = f"Money ({currency})" if currency else HEADERS[3]
        headers = (*HEADERS[:3], money, *(("Prize",) if named else ()), *HEADERS[4:])
        numeric = (1, 3, 5) if named else NUMERIC
        self.set_rows(
            headers,
            [
                (
                    r.place + (" *" if r.by_playoff else ""),
                    str(r.tpn),
                    r.name,
                    format_money(r.money),
                    *((r.prize,) if named else ()),
                    format_points(r.tour_points),
                    r.explanation,
                )
                for r in rows
            ],
            [r.tpn for r in rows],
            people=[((r.tpn, r.name),) for r in rows],
            numeric=numeric,
            tooltips={
                0: "* place decided by the play-off",
                len(headers) - 1: "How the share was made",
            },
        )
