"""The standings panel, and the explanation of a tie-break value."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, TieBreakSpec, Trace, register
from arbiter_app.ui.dialogs.explanation import ExplanationDialog
from arbiter_app.ui.document import EventDocument, GameResult
from arbiter_app.ui.panels.standings import StandingsPanel


@pytest.fixture
def opponents_sum() -> Iterator[str]:
    """A throwaway tie-break (sum of opponents' scores, last opponent cut) for the dialog."""
    name = "UITEST"

    def compute(
        ctx: TieBreakContext,
        spec: TieBreakSpec,
        players: Sequence[int],
        traces: Mapping[int, Trace] | None,
    ) -> dict[int, Fraction]:
        values = {}
        for tpn in players:
            trace = traces.get(tpn) if traces else None
            total = Fraction(0)
            entries = ctx.event.entries_of(tpn)
            for r, entry in enumerate(entries, start=1):
                assert entry.opponent is not None
                value = ctx.scores[entry.opponent]
                if r < len(entries):
                    total += value
                if trace is not None:
                    trace.add(value, round=r, opponent=entry.opponent)
                    if r == len(entries):
                        trace.mark_cut(r - 1, "last round")
            if trace is not None:
                trace.note("a test tie-break")
            values[tpn] = total
        return values

    register(name, article="test article 1", description="Opponents' points")(compute)
    yield name
    del REGISTRY[name]


def test_standings_rows_and_caption(qtbot: QtBot, document: EventDocument) -> None:
    panel = StandingsPanel(document)
    qtbot.addWidget(panel)
    assert panel.caption.text() == "After round 3 of 3"
    assert panel.model.data(panel.model.index(0, 2)) == "Cy"
    # A changed result reorders the standings at once.
    document.set_result(3, 3, 4, GameResult.BLACK_WINS)
    names = [panel.model.data(panel.model.index(r, 2)) for r in range(4)]
    assert names == ["Dov", "Ada", "Bea", "Cy"]


def test_a_value_is_explained_with_its_contributions(
    qtbot: QtBot, document: EventDocument, opponents_sum: str
) -> None:
    panel = StandingsPanel(document)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.explanation_shown) as shown:
        panel.show_explanation(opponents_sum, 1, (1, 2))
    dialog = shown.args[0]
    assert isinstance(dialog, ExplanationDialog)
    qtbot.addWidget(dialog)
    # Ada met Dov (1), Cy (2) and Bea (1½, cut): 3.
    assert dialog.heading.text() == "<b>UITEST = 3</b> for Ada"
    assert dialog.article.text() == "Opponents' points (test article 1)"
    table = dialog.table
    assert table.rowCount() == 3
    assert [table.item(r, 1).text() for r in range(3)] == ["4. Dov", "3. Cy", "2. Bea"]
    assert table.item(2, 3).text() == "cut: last round"
    assert table.item(2, 2).font().strikeOut()
    assert not table.item(0, 2).font().strikeOut()
    assert dialog.notes.text() == "a test tie-break"
    dialog.copy()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text().startswith("UITEST of player 1 = 3")


def test_an_unknown_code_is_a_plain_error(qtbot: QtBot, document: EventDocument) -> None:
    panel = StandingsPanel(document)
    qtbot.addWidget(panel)
    assert panel.show_explanation("NOPE", 1, (1,)) is None
    boxes = [w for w in panel.findChildren(QMessageBox) if w.isVisible()]
    assert boxes and "unknown tie-break 'NOPE'" in boxes[0].text()
    for box in boxes:
        box.close()
