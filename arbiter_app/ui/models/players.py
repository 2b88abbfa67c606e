"""The players table: pairing number, title, name, rating, federation, FIDE ID, points."""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.core.points import format_points
from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.rows import PlayerRow

HEADERS = ("No.", "Title", "Name", "Rating", "Fed.", "FIDE ID", "Points", "Status")
NUMERIC = (0, 3, 6)
TOOLTIPS = {0: "Pairing number", 3: "FIDE rating", 6: "Points scored so far"}


class PlayersModel(RowTableModel):
    def set_players(self, players: Sequence[PlayerRow]) -> None:
        self.set_rows(
            HEADERS,
            [
                (
                    str(p.tpn),
                    p.title,
                    p.name,
                    str(p.rating) if p.rating else "unrated",
                    p.federation,
                    p.fide_id,
                    format_points(p.score),
                    p.status,
                )
                for p in players
            ],
            [p.tpn for p in players],
            numeric=NUMERIC,
            tooltips=TOOLTIPS,
        )
