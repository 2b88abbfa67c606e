"""The teams panel: team standings of an individual event (US Chess rule 28N).

Each team's (or school's) best scores count, as many as the event's settings say
(four unless changed); the panel shows the teams ranked, the tie-break sums, and
which players count. It is made from the standings every view shows
(:func:`~arbiter_app.ui.playoff_adapter.shown_standings`) by the core
(:func:`~arbiter_app.core.team_scores.team_standings`): the screen, the sheet
(``team-standings``) and the exports say the same.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableView, QVBoxLayout, QWidget

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.team_scores import DEFAULT_BEST, TeamStandings, team_standings
from arbiter_app.exports.team_standings import team_cells, team_header
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.playoff_adapter import shown_standings
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.table import size_columns

NO_TEAMS = (
    "No player has a team yet: give each player's team or school in the Club field (or a "
    "team or school column of a players' list) to rank the teams (US Chess rule 28N)."
)


def shown_team_standings(document: EventDocument) -> TeamStandings | None:
    """The team standings of the standings every view shows (None: none to show)."""
    table = shown_standings(document)
    if table.standings is None:
        return None
    best = document.session.settings.team_best or DEFAULT_BEST
    return team_standings(table.standings, best)


class TeamsPanel(QWidget):
    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.teams: TeamStandings | None = None
        self.caption = QLabel(self)
        self.caption.setAccessibleName("Team standings caption")
        self.caption.setWordWrap(True)
        self.model = RowTableModel(self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Team standings")
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.rule = QLabel(self)
        self.rule.setAccessibleName("How the team scores are made")
        self.rule.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.rule)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    def refresh(self) -> None:
        try:
            teams = shown_team_standings(self.document)
        except ArbiterError as exc:
            self.caption.setText(f"The team standings cannot be computed: {exc}")
            return
        self.teams = teams
        if teams is None:
            self.caption.setText("Team standings")
            self.model.set_rows((), (), ())
            self.rule.setText("")
            return
        header = team_header(teams)
        rows = [team_cells(teams, row) for row in teams.rows]
        self.model.set_rows(
            header,
            rows,
            list(range(1, len(rows) + 1)),
            numeric=[0, 2, *range(3, 3 + len(teams.codes))],
        )
        self.caption.setText(teams.title if rows else NO_TEAMS)
        self.rule.setText(teams.rule)
        size_columns(self.view, stretch=(len(header) - 2,))
