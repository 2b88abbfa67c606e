"""The teams panel: team standings of an individual event (US Chess 28N)."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Event
from arbiter_app.session.commands import EditPlayer, EditSettings
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.teams import NO_TEAMS, TeamsPanel
from tests.ui.conftest import document_of


def make_panel(qtbot: QtBot, document: EventDocument) -> TeamsPanel:
    panel = TeamsPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def cells(panel: TeamsPanel) -> list[list[str]]:
    model = panel.model
    return [[model.cell(r, c) for c in range(model.columnCount())] for r in range(model.rowCount())]


def test_teams_follow_the_clubs_and_the_setting(qtbot: QtBot, rr_event: Event) -> None:
    """Cy (2) and Dov (1) play for Lincoln, Ada (1½) and Bea (1½) for Adams: with two
    scores counting the teams share first place; with one, Lincoln leads (the panel
    follows the setting as soon as it changes)."""
    event = replace(
        rr_event,
        players=tuple(
            replace(p, club={1: "Adams", 2: "Adams", 3: "Lincoln", 4: "Lincoln"}[p.tpn])
            for p in rr_event.players
        ),
    )
    document = document_of(event)
    try:
        panel = make_panel(qtbot, document)
        assert panel.caption.text() == "Final team standings"
        rows = cells(panel)
        # No tie-break announced: equal teams share the place.
        assert rows == [
            ["1-2", "Adams", "3", "Ada 1½, Bea 1½", ""],
            ["1-2", "Lincoln", "3", "Cy 2, Dov 1", ""],
        ]
        assert "each team's best 4 scores count" in panel.rule.text()
        document.run(EditSettings(team_best=1))
        rows = cells(panel)
        assert [(r[0], r[1], r[2]) for r in rows] == [("1", "Lincoln", "2"), ("2", "Adams", "1½")]
        assert rows[0][-2] == "Cy 2" and rows[0][-1] == "Dov 1"
        assert "best score counts" in panel.rule.text()
    finally:
        document.close()


def test_without_teams_the_panel_says_how_to_give_them(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = make_panel(qtbot, document)
    assert panel.caption.text() == NO_TEAMS
    assert panel.model.rowCount() == 0
    document.run(EditPlayer(tpn=1, club="Adams"))
    panel.refresh()
    assert cells(panel)[0][1] == "Adams"
