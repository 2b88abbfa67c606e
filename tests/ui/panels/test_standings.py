"""The standings panel: choosing the tie-breaks, and the explanation of a value."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import RuleSet
from arbiter_app.core.result import GameResult
from arbiter_app.ui.dialogs.explanation import ExplanationDialog
from arbiter_app.ui.document import EventDocument, StandingsOptions
from arbiter_app.ui.panels.standings import StandingsPanel, options_for_preset
from tests.ui.panels.test_pairings import assert_in_line_with_the_search


def make_panel(qtbot: QtBot, document: EventDocument) -> StandingsPanel:
    panel = StandingsPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def names(panel: StandingsPanel) -> list[str]:
    return [panel.model.cell(r, 2) for r in range(panel.model.rowCount())]


def test_standings_follow_the_results(qtbot: QtBot, document: EventDocument) -> None:
    panel = make_panel(qtbot, document)
    assert panel.caption.text().startswith(
        "Final standings · rule set: FIDE 2026 text (C.07, from 1 March 2026)"
    )
    assert names(panel)[0] == "Cy"
    document.set_result(3, 2, GameResult.BLACK_WINS)
    assert names(panel) == ["Dov", "Ada", "Bea", "Cy"]


def test_typing_a_tie_break_list_ranks_by_it(qtbot: QtBot, document: EventDocument) -> None:
    panel = make_panel(qtbot, document)
    panel.codes.setFocus()
    panel.codes.clear()
    qtbot.keyClicks(panel.codes, "SB, WIN")
    qtbot.keyClick(panel.codes, Qt.Key.Key_Return)
    assert document.standings_options.tiebreaks == ("SB", "WIN")
    assert panel.model.headers[5:] == ("SB", "WIN")
    assert names(panel) == ["Cy", "Bea", "Ada", "Dov"]
    # The change is one undoable step.
    document.undo()
    assert panel.model.headers[5:] == ()


def test_a_bad_code_is_refused_plainly(qtbot: QtBot, document: EventDocument) -> None:
    panel = make_panel(qtbot, document)
    panel.codes.setText("SB, NOPE")
    panel.codes.returnPressed.emit()
    assert document.standings_options.tiebreaks == ()
    boxes = [w for w in panel.findChildren(QMessageBox) if w.isVisible()]
    assert boxes and "Unknown tie-break 'NOPE'" in boxes[0].text()
    boxes[0].close()


def test_choosing_a_preset(qtbot: QtBot, document: EventDocument) -> None:
    panel = make_panel(qtbot, document)
    index = panel.preset.findData("city-chess-ok")
    panel.preset.activated.emit(index)
    options = document.standings_options
    assert options == options_for_preset("city-chess-ok")
    assert options.rule_set is RuleSet.USCF and options.playoff_places == (1,)
    assert panel.codes.text() == "MM, SOLK, CUM, OPPC"
    assert panel.preset.currentIndex() == index


def test_clicking_a_value_explains_it(qtbot: QtBot, document: EventDocument) -> None:
    document.set_standings_options(StandingsOptions(("SB",)))
    panel = make_panel(qtbot, document)
    row = names(panel).index("Ada")
    index = panel.model.index(row, 5)
    assert panel.model.data(index) == "2"
    with qtbot.waitSignal(panel.explanation_shown) as shown:
        panel.view.clicked.emit(index)
    dialog = shown.args[0]
    assert isinstance(dialog, ExplanationDialog)
    qtbot.addWidget(dialog)
    assert dialog.heading.text() == "<b>SB = 2</b> for Ada"
    assert dialog.article.text().startswith("Sonneborn-Berger")
    # Ada beat Dov (1 point), drew with Cy (2 points), lost to Bea.
    table = dialog.table
    rows = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
    assert rows == [["1", "4. Dov", "1"], ["2", "3. Cy", "1"], ["3", "2. Bea", "0"]]
    dialog.copy()
    assert QGuiApplication.clipboard().text().startswith("SB of player 1 = 2")


def test_clicking_a_name_explains_nothing(qtbot: QtBot, document: EventDocument) -> None:
    document.set_standings_options(StandingsOptions(("SB",)))
    panel = make_panel(qtbot, document)
    shown: list[object] = []
    panel.explanation_shown.connect(shown.append)
    panel.view.clicked.emit(panel.model.index(0, 2))
    assert shown == []


def test_a_cut_contribution_is_struck_through(qtbot: QtBot, document: EventDocument) -> None:
    document.set_standings_options(StandingsOptions(("SB/C1",)))
    panel = make_panel(qtbot, document)
    dialog = panel.show_explanation("SB/C1", 1)
    assert dialog is not None
    qtbot.addWidget(dialog)
    cut = [r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 2).font().strikeOut()]
    assert len(cut) == 1
    assert "cut" in dialog.table.item(cut[0], 3).text()


def test_a_typed_list_keeps_the_play_off_announced(qtbot: QtBot, document: EventDocument) -> None:
    """Typing tie-breaks changes the list only: the play-off places and regulation stay."""
    document.set_standings_options(
        StandingsOptions(
            ("KS",),
            "",
            RuleSet.FIDE_2024,
            playoff_places=(1,),
            playoff_regulation="gct-2023-classical",
        )
    )
    panel = make_panel(qtbot, document)
    panel.codes.setFocus()
    panel.codes.clear()
    qtbot.keyClicks(panel.codes, "SB, WIN")
    qtbot.keyClick(panel.codes, Qt.Key.Key_Return)
    options = document.standings_options
    assert options.tiebreaks == ("SB", "WIN")
    assert options.preset == ""
    assert options.rule_set is RuleSet.FIDE_2024
    assert options.playoff_places == (1,)
    assert options.playoff_regulation == "gct-2023-classical"


def test_q89_105_the_round_robin_panel_offers_no_buchholz(
    qtbot: QtBot, document: EventDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The demo is a round robin: its pickers hide BH, FB and AOB and a typed BH is refused."""
    from arbiter_app.core.tiebreaks.round_robin import MANDATORY

    panel = make_panel(qtbot, document)
    assert panel.picker.codes()[: len(MANDATORY)] == list(MANDATORY)
    assert not {"BH", "BH/C1", "FB", "AOB"} & set(panel.picker.codes())
    presets = [panel.preset.itemData(i) for i in range(panel.preset.count())]
    assert "fide-round-robin" in presets and "fide-swiss" not in presets
    assert "DE, WIN, SB, KS" in panel.codes.placeholderText()
    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.panels.standings.show_error", lambda parent, exc: shown.append(str(exc))
    )
    panel.codes.setFocus()
    panel.codes.clear()
    qtbot.keyClicks(panel.codes, "BH, SB")
    qtbot.keyClick(panel.codes, Qt.Key.Key_Return)
    assert shown and "round robin" in shown[0]
    assert "BH" not in document.standings_options.tiebreaks
    panel.picker.add("KS/L-1")
    assert panel.codes.text().endswith("KS/L-1")


def test_a_big_event_just_opened_is_ranked_beside_the_window(
    qtbot: QtBot, document: EventDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standings of an event just opened with many players are computed in a worker
    thread: the panel says what it waits for, then shows them; a result typed afterwards
    refreshes them at once, in the window's thread."""
    import threading

    import arbiter_app.ui.panels.standings as standings_module
    import arbiter_app.ui.rows as rows_module
    from arbiter_app.ui.document import untitled_session
    from tests.ui.conftest import round_robin_event

    panel = make_panel(qtbot, document)
    monkeypatch.setattr(standings_module, "BACKGROUND_PLAYERS", 4)
    computed_in: list[str] = []
    real = rows_module._standings_table

    def spy(*args: object) -> object:
        computed_in.append(threading.current_thread().name)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rows_module, "_standings_table", spy)
    document.replace_session(untitled_session(round_robin_event(), "again.trf"))
    assert panel.caption.text() == "Computing the standings of 4 players…"
    assert panel.model.rowCount() == 0
    # Meanwhile the list the event announces is shown, not the previous event's.
    assert panel.codes.text() == ", ".join(document.standings_options.tiebreaks)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 4, timeout=10_000)
    assert computed_in == ["arbiter-view"]
    assert panel.caption.text().startswith("Final standings")
    document.set_result(3, 2, GameResult.BLACK_WINS)
    assert names(panel) == ["Dov", "Ada", "Bea", "Cy"]
    assert computed_in[1:] == ["MainThread"]


def test_the_caption_starts_where_the_search_field_s_text_starts(
    qtbot: QtBot, document: EventDocument
) -> None:
    panel = make_panel(qtbot, document)
    panel.show()
    qtbot.waitExposed(panel)
    assert_in_line_with_the_search(panel, panel.caption, panel.search)
