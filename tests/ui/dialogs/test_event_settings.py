"""The event settings dialog over a tournament file and over an untitled event."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.fide_mode import LEAVE_TOKEN
from arbiter_app.core.model import RuleSet, System
from arbiter_app.core.points import GCT_RAPID, STANDARD, THREE_ONE_ZERO
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    LeaveFideMode,
    RecordPairings,
    SetPairingNumbers,
)
from arbiter_app.session.setting_levels import ROUNDS_TOKEN
from arbiter_app.ui.dialogs.event_settings import CUSTOM, EventSettingsDialog, rule_set_note
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings


@pytest.fixture
def in_file(tmp_path: Path) -> Iterator[EventDocument]:
    """A new round robin of three rounds in a file, with four players."""
    session = Session.create(tmp_path / "e.arbiter", name="Club RR", system="round-robin", rounds=3)
    document = EventDocument(session)
    for name in ("Ada", "Bea", "Cy", "Dov"):
        document.run(AddPlayer.of({"name": name}))
    yield document
    document.close()


def open_dialog(qtbot: QtBot, document: EventDocument) -> EventSettingsDialog:
    dialog = EventSettingsDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def errors(widget: QWidget) -> list[QMessageBox]:
    return [b for b in widget.findChildren(QMessageBox) if b.isVisible()]


def test_the_dialog_shows_the_event_as_stored(qtbot: QtBot, in_file: EventDocument) -> None:
    in_file.run(EditSettings.of({"playoff": "gct-2023-classical", "rule_set": "uscf"}))
    dialog = open_dialog(qtbot, in_file)
    assert dialog.info["name"].text() == "Club RR"
    assert dialog.system.currentData() == "round-robin" and dialog.system.isEnabled()
    assert dialog.rounds.value() == 3
    assert dialog.rule_set.currentData() == "uscf"
    assert dialog.playoff.currentData() == "gct-2023-classical"
    assert dialog.points.currentText() == "Standard 1 / ½ / 0"
    assert not dialog.per_round.isChecked() and not dialog.round_points.isVisible()
    assert dialog.changed_settings() == {}


def test_ok_sends_only_what_changed_in_one_step(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    qtbot.keyClicks(dialog.info["federation"], "usa")
    qtbot.keyClicks(dialog.info["deputy_arbiters"], "Bo Deputy, Cy Second")
    dialog.rounds.setValue(6)
    dialog.bye_policy.setCurrentIndex(dialog.bye_policy.findData("uscf-28l"))
    dialog.points.setCurrentIndex(dialog.points.findText("GCT rapid 2 / 1 / 0"))
    qtbot.keyClicks(dialog.tiebreaks, "DE, WIN, SB")
    assert dialog.changed_settings() == {
        "info": {"federation": "USA", "deputy_arbiters": ["Bo Deputy", "Cy Second"]},
        "rounds": 6,
        "bye_policy": "uscf-28l",
        "point_system": dialog.points.currentData(),
        "tiebreaks": ["DE", "WIN", "SB"],
    }
    dialog.accept()
    assert not dialog.isVisible()
    event = in_file.tournament
    assert event.info.federation == "USA" and event.info.name == "Club RR"
    assert event.info.deputy_arbiters == ("Bo Deputy", "Cy Second")
    assert event.planned_rounds == 6
    assert event.point_system == GCT_RAPID
    assert in_file.standings_options.tiebreaks == ("DE", "WIN", "SB")
    assert in_file.event_settings()["bye_policy"] == "uscf-28l"
    in_file.undo()  # one step took it all
    assert in_file.tournament.planned_rounds == 3
    assert in_file.tournament.point_system == STANDARD
    assert in_file.event_settings()["bye_policy"] == "fide"


def test_the_dialog_offers_three_one_zero(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    dialog.points.setCurrentIndex(dialog.points.findText("3 / 1 / 0"))
    dialog.accept()
    assert in_file.tournament.point_system == THREE_ONE_ZERO
    assert open_dialog(qtbot, in_file).points.currentText() == "3 / 1 / 0"


def test_a_refused_setting_is_shown_and_nothing_changes(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    before = in_file.event_settings()
    label = in_file.undo_label()
    dialog = open_dialog(qtbot, in_file)
    qtbot.keyClicks(dialog.info["city"], "Tulsa")
    qtbot.keyClicks(dialog.info["start_date"], "1st of May")
    assert "not a date" in dialog.rule_note.text()
    dialog.accept()
    boxes = errors(dialog)
    assert boxes and "not a date (YYYY-MM-DD): '1st of May'" in boxes[0].text()
    boxes[0].close()
    assert dialog.isVisible()  # the arbiter corrects the date and tries again
    assert in_file.event_settings() == before
    assert in_file.undo_label() == label
    dialog.info["start_date"].setText("2026-05-01")
    dialog.accept()
    assert in_file.tournament.info.start_date == date(2026, 5, 1)
    assert in_file.tournament.info.city == "Tulsa"


def test_an_unknown_tie_break_is_refused(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    qtbot.keyClicks(dialog.tiebreaks, "BH, XYZ")
    dialog.accept()
    boxes = errors(dialog)
    assert boxes and "XYZ" in boxes[0].text()
    boxes[0].close()
    assert in_file.standings_options.tiebreaks == ()


def test_cancel_changes_nothing(qtbot: QtBot, in_file: EventDocument) -> None:
    before = in_file.event_settings()
    dialog = open_dialog(qtbot, in_file)
    qtbot.keyClicks(dialog.info["name"], " renamed")
    dialog.rounds.setValue(9)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert in_file.event_settings() == before


def test_a_preset_fills_in_what_it_announces(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    index = dialog.preset.findData("city-chess-ok")
    dialog.preset.setCurrentIndex(index)
    dialog.preset.activated.emit(index)
    assert dialog.tiebreaks.text() == "MM, SOLK, CUM, OPPC"
    assert dialog.rule_set.currentData() == "uscf"
    assert dialog.bye_policy.currentData() == "uscf-28l"
    assert dialog.playoff.currentData() == "city-chess-ok"
    dialog.accept()
    options = in_file.standings_options
    assert (options.preset, options.playoff_regulation, options.playoff_places) == (
        "city-chess-ok",
        "city-chess-ok",
        (1,),
    )
    # A list of one's own is no longer the preset's.
    dialog = open_dialog(qtbot, in_file)
    assert dialog.preset.currentData() == "city-chess-ok"
    qtbot.keyClicks(dialog.tiebreaks, ", KS")
    assert dialog.preset.currentData() is None
    dialog.accept()
    assert in_file.standings_options.preset == ""
    assert in_file.standings_options.tiebreaks[-1] == "KS"


def test_points_per_round(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    dialog.per_round.setChecked(True)
    assert dialog.round_points.isVisible() and not dialog.points.isEnabled()
    assert dialog.round_points.rowCount() == 3
    last = dialog._round_box(2)
    last.setCurrentIndex(last.findText("GCT rapid 2 / 1 / 0"))
    dialog.accept()
    assert in_file.tournament.round_point_systems == (STANDARD, STANDARD, GCT_RAPID)
    dialog = open_dialog(qtbot, in_file)
    assert dialog.per_round.isChecked()
    assert dialog._round_box(2).currentText() == "GCT rapid 2 / 1 / 0"


def test_the_system_is_fixed_once_a_round_is_paired(qtbot: QtBot, in_file: EventDocument) -> None:
    in_file.set_pairing_numbers("lot")  # a round robin's numbers are drawn first (C.05 7.2)
    in_file.pair_next_round()
    dialog = open_dialog(qtbot, in_file)
    assert not dialog.system.isEnabled()
    assert dialog.rounds.minimum() == 1
    with pytest.raises(ArbiterError, match="the system cannot change"):
        in_file.run(EditSettings.of({"system": "swiss"}))


def test_the_rule_set_note_follows_the_start_date() -> None:
    assert "FIDE 2024 text applies" in rule_set_note(None, "2025-11-02")
    assert "FIDE 2026 text applies" in rule_set_note(None, "2026-03-01")
    assert "newest FIDE text (2026" in rule_set_note(None, "")
    assert "falls under the FIDE 2026 text" in rule_set_note(RuleSet.FIDE_2024, "2026-06-01")
    assert "falls under the FIDE 2024 text" in rule_set_note(RuleSet.FIDE_2026, "2024-06-01")
    assert rule_set_note(RuleSet.FIDE_2024, "") == ""
    assert "unplayed games count ½" in rule_set_note(RuleSet.USCF, "2026-06-01")


def test_untitled_the_settings_apply_and_undo(qtbot: QtBot, document: EventDocument) -> None:
    before = document.tournament
    dialog = open_dialog(qtbot, document)
    assert not dialog.system.isEnabled()  # its rounds are played
    qtbot.keyClicks(dialog.info["city"], "Oslo")
    dialog.rule_set.setCurrentIndex(dialog.rule_set.findData("fide-2024"))
    dialog.playoff.setCurrentIndex(dialog.playoff.findData("gct-2023-classical"))
    dialog.accept()
    assert not dialog.isVisible()
    assert document.tournament.info.city == "Oslo"
    assert document.tournament.rule_set is RuleSet.FIDE_2024
    options = document.standings_options
    assert (options.playoff_regulation, options.playoff_places) == ("gct-2023-classical", (1,))
    assert document.playoff_state() is not None
    assert document.undo_label() == "edit settings"
    # Untitled as in a file: rounds are played, so a new rule set is asked about first.
    asked = document.warnings.asked  # type: ignore[attr-defined]
    assert [w.question[:19] for q in asked for w in q.warnings] == ["Change the rule set"]
    document.undo()
    assert document.tournament == before


def test_untitled_the_bye_policy_is_kept_and_bad_settings_are_refused(
    qtbot: QtBot, document: EventDocument
) -> None:
    """One path: an untitled event keeps every setting a file keeps (the memory copy of old
    refused the bye policy); refusals leave the event as it was."""
    dialog = open_dialog(qtbot, document)
    dialog.bye_policy.setCurrentIndex(dialog.bye_policy.findData("once-per-tournament"))
    dialog.accept()
    assert errors(dialog) == [] and not dialog.isVisible()
    assert document.event_settings()["bye_policy"] == "once-per-tournament"
    # Rounds are played in FIDE mode: a bye policy outside FIDE's rules left FIDE mode, for
    # good (FIDE C.02, question 43), so that change is never undone.
    assert document.fide_mode().left and not document.session.can_undo
    before = document.tournament
    with pytest.raises(ArbiterError, match="rounds"):
        document.run(EditSettings.of({"rounds": 2}))  # three are played
    with pytest.raises(ArbiterError, match="unknown preset 'fide-blitz'"):
        document.run(EditSettings.of({"preset": "fide-blitz"}))
    with pytest.raises(ArbiterError, match="no play-off regulation called 'gct-1999'"):
        document.run(EditSettings.of({"playoff": "gct-1999"}))
    assert document.tournament == before


def test_the_window_opens_it_from_the_edit_menu_and_the_toolbar(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    action = window.settings_action
    assert action.shortcut().toString() == "Ctrl+Alt+S"
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert action in edit.actions()
    assert action in window.toolbar.actions()
    action.trigger()
    dialogs = [d for d in window.findChildren(EventSettingsDialog) if d.isVisible()]
    assert len(dialogs) == 1
    dialogs[0].info["name"].setText("Renamed")
    dialogs[0].prizes_button.click()
    assert document.tournament.name == "Renamed"
    assert window.windowTitle().startswith("Renamed")


# -- FIDE checklist: round robins (group Q89-105) and the acceleration (group Q106-111) --------


def test_q89_105_round_robin_pickers_hide_the_buchholz_family(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    from arbiter_app.core.tiebreaks.round_robin import MANDATORY

    dialog = open_dialog(qtbot, in_file)
    offered = dialog.picker.codes()
    assert offered[: len(MANDATORY)] == list(MANDATORY)  # every mandatory one (Q101)
    assert not {"BH", "BH/C1", "FB", "AOB"} & set(offered)
    presets = [dialog.preset.itemData(i) for i in range(dialog.preset.count())]
    assert "fide-round-robin" in presets
    assert "fide-swiss" not in presets and "online-swiss" not in presets
    dialog.system.setCurrentIndex(dialog.system.findData("swiss"))
    assert "BH/C1" in dialog.picker.codes()
    presets = [dialog.preset.itemData(i) for i in range(dialog.preset.count())]
    assert "fide-swiss" in presets


def test_q89_105_picking_appends_to_the_list(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    actions = {a.data(): a for a in dialog.picker.menu().actions()}
    actions["DE"].trigger()
    actions["KS/L-1"].trigger()
    actions["DE"].trigger()  # already there: not twice
    assert dialog.tiebreaks.text() == "DE, KS/L-1"
    dialog.accept()
    assert in_file.event_settings()["tiebreaks"] == ["DE", "KS/L-1"]


def test_q89_105_a_typed_buchholz_is_refused_with_the_article(
    qtbot: QtBot, in_file: EventDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(
        "arbiter_app.ui.dialogs.event_settings.show_error",
        lambda parent, exc: shown.append(str(exc)),
    )
    dialog = open_dialog(qtbot, in_file)
    qtbot.keyClicks(dialog.tiebreaks, "BH/C1, SB")
    dialog.accept()
    assert dialog.isVisible()  # refused: the dialog stays open, nothing changed
    assert shown and "round robin" in shown[0] and "C.07" in shown[0]
    assert in_file.event_settings()["tiebreaks"] in (None, [])


def test_q89_105_double_round_robin_order_choice(qtbot: QtBot, in_file: EventDocument) -> None:
    dialog = open_dialog(qtbot, in_file)
    assert not dialog.swap_last_two.isVisible()  # a single round robin has no second cycle
    dialog.system.setCurrentIndex(dialog.system.findData("double-round-robin"))
    assert dialog.swap_last_two.isVisible() and dialog.swap_last_two.isEnabled()
    dialog.swap_last_two.setChecked(True)
    dialog.rounds.setValue(6)
    dialog.accept()
    assert in_file.event_settings()["swap_last_two"] is True


def test_q106_111_acceleration_for_a_swiss_fixed_after_round_one(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from arbiter_app.core.model import Colour

    document = EventDocument(
        Session.create(tmp_path / "s.arbiter", name="Open", system="swiss", rounds=5)
    )
    for n in range(1, 9):
        document.run(AddPlayer.of({"name": f"Player {n}", "rating": str(2400 - 10 * n)}))
    dialog = open_dialog(qtbot, document)
    assert dialog.acceleration.isEnabled()
    dialog.acceleration.setCurrentIndex(dialog.acceleration.findData("baku"))
    assert dialog.changed_settings() == {"acceleration": "baku"}
    dialog.accept()
    assert document.tournament.accelerations
    document.pair_next_round(Colour.WHITE)
    again = open_dialog(qtbot, document)
    assert again.acceleration.currentData() == "baku"
    assert not again.acceleration.isEnabled()
    assert "fixed" in again.acceleration.toolTip()
    document.close()


def test_a_double_swiss_shows_rounds_and_its_games_per_round(qtbot: QtBot, tmp_path: Path) -> None:
    """City Chess OK rules: a double Swiss round is two games; the dialog counts rounds."""
    document = EventDocument(
        Session.create(tmp_path / "b.arbiter", name="Blitz", system="double-swiss", rounds=14)
    )
    try:
        dialog = open_dialog(qtbot, document)
        assert dialog.rounds.value() == 7
        assert dialog.games.text().startswith("2 (each round is 2 games")
        assert dialog.round_points.rowCount() == 14
        assert dialog.round_points.verticalHeaderItem(13).text() == "Round 7, game 2"
        dialog.rounds.setValue(8)
        assert dialog.changed_settings() == {"rounds": 16}
        dialog.accept()
        assert document.tournament.planned_rounds == 16
        assert document.tournament.announced_rounds == 8
        # A Swiss chosen instead: one game a round, the same number of rounds.
        dialog = open_dialog(qtbot, document)
        dialog.system.setCurrentIndex(dialog.system.findData("swiss"))
        assert dialog.games.text() == "1"
        assert dialog.values()["rounds"] == 8
    finally:
        document.close()


def test_fide_s_double_swiss_is_a_system_of_its_own(qtbot: QtBot, tmp_path: Path) -> None:
    """FIDE C.04.5: the Double-Swiss is offered apart from the club's double Swiss, paired
    without acceleration."""
    document = EventDocument(
        Session.create(tmp_path / "d.arbiter", name="Open", system="double-swiss", rounds=10)
    )
    try:
        dialog = open_dialog(qtbot, document)
        labels = [dialog.system.itemText(i) for i in range(dialog.system.count())]
        assert "Double Swiss" in labels and "FIDE Double-Swiss" in labels
        assert dialog.acceleration.isEnabled()
        dialog.system.setCurrentIndex(dialog.system.findData("fide-double-swiss"))
        assert not dialog.acceleration.isEnabled()
        assert dialog.games.text().startswith("2 (each round is 2 games")
        assert dialog.changed_settings() == {"system": "fide-double-swiss"}
        dialog.accept()
        assert document.tournament.system is System.FIDE_DOUBLE_SWISS
    finally:
        document.close()


def test_round_dates_and_the_time_control_are_the_session_s(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    dialog = open_dialog(qtbot, in_file)
    qtbot.keyClicks(dialog.info["round_dates"], "2024-05-04, 2024-05-04, 2024-05-05")
    qtbot.keyClicks(dialog.info["time_control"], "40/90 SD/30 d5")
    dialog.accept()
    info = in_file.tournament.info
    assert info.round_dates == ("2024-05-04", "2024-05-04", "2024-05-05")
    assert info.time_control == "40/90 SD/30 d5"
    # A clock Arbiter cannot read is refused by the session; the dialog stays open.
    dialog = open_dialog(qtbot, in_file)
    dialog.info["time_control"].setText("ninety minutes")
    dialog.accept()
    assert dialog.isVisible()
    assert any("time control" in box.text().lower() for box in errors(dialog))
    assert in_file.tournament.info.time_control == "40/90 SD/30 d5"


def test_team_scores_and_the_us_chess_report_are_kept_from_the_dialog(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    """US Chess 28N's settings and the rating report's header (shown for a US Chess event),
    typed with the keyboard and saved in one step."""
    dialog = open_dialog(qtbot, in_file)
    assert dialog.team_best.value() == 4 and not dialog.teammates_apart.isChecked()
    assert not dialog.us_report_box.isVisible()  # a FIDE event: no US Chess report
    dialog._select(dialog.rule_set, RuleSet.USCF.value)
    assert dialog.us_report_box.isVisible()
    dialog.team_best.selectAll()
    qtbot.keyClicks(dialog.team_best, "3")
    qtbot.mouseClick(dialog.teammates_apart, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.report["affiliate"], "a6012345")
    qtbot.keyClicks(dialog.report["chief_td"], "12000099")
    qtbot.keyClicks(dialog.report["state"], "OK")
    changed = dialog.changed_settings()
    assert changed["team_best"] == 3 and changed["teammates_apart"] is True
    assert changed["uschess_report"] == {"affiliate": "a6012345", "chief_td": "12000099",
                                         "state": "OK"}  # fmt: skip
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    settings = in_file.session.settings
    assert (settings.team_best, settings.teammates_apart) == (3, True)
    assert settings.uschess_report == {"affiliate": "A6012345", "chief_td": "12000099",
                                       "state": "OK"}  # fmt: skip
    again = open_dialog(qtbot, in_file)
    assert again.report["affiliate"].text() == "A6012345" and again.team_best.value() == 3
    assert again.changed_settings() == {}


def test_a_wrong_td_id_is_refused_and_the_dialog_stays(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    dialog = open_dialog(qtbot, in_file)
    dialog._select(dialog.rule_set, RuleSet.USCF.value)
    qtbot.keyClicks(dialog.report["chief_td"], "1234")
    dialog.accept()
    shown = errors(dialog)
    assert shown and "eight digits" in shown[0].text()
    for box in shown:
        box.close()
    assert dialog.isVisible()
    assert in_file.session.settings.uschess_report == {}


def test_the_us_report_group_keeps_the_sections_grand_prix_points(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    """TSEXPORT.DBF's S_GR_PRIX and S_GP_PTS: the section's Grand Prix points, typed in the
    US Chess report group, kept in the event and shown again; beyond 999 refused."""
    dialog = open_dialog(qtbot, in_file)
    dialog._select(dialog.rule_set, RuleSet.USCF.value)
    qtbot.keyClicks(dialog.report["grand_prix_points"], "20")
    assert dialog.changed_settings()["uschess_report"] == {"grand_prix_points": "20"}
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert in_file.session.settings.uschess_report == {"grand_prix_points": "20"}
    again = open_dialog(qtbot, in_file)
    assert again.report["grand_prix_points"].text() == "20"
    assert again.report["grand_prix_points"].maxLength() == 3
    again.report["grand_prix_points"].setText("x5")
    again.accept()
    shown = errors(again)
    assert shown and "Grand Prix points are a whole number" in shown[0].text()
    for box in shown:
        box.close()
    assert in_file.session.settings.uschess_report == {"grand_prix_points": "20"}


def test_the_half_point_byes_box_sets_and_takes_off_the_limit(
    qtbot: QtBot, in_file: EventDocument
) -> None:
    """The half-point byes a player may take (FIDE C.02 question 176; US Chess 22C): "no
    limit" by default, a number typed, and back to "no limit" at the bottom of the box."""
    dialog = open_dialog(qtbot, in_file)
    box = dialog.half_point_byes
    assert box.text() == "no limit" and dialog.changed_settings() == {}
    box.selectAll()
    qtbot.keyClicks(box, "2")
    assert dialog.changed_settings() == {"half_point_bye_limit": 2}
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert in_file.session.settings.half_point_bye_limit == 2
    again = open_dialog(qtbot, in_file)
    assert again.half_point_byes.value() == 2 and again.changed_settings() == {}
    for _ in range(3):
        qtbot.keyClick(again.half_point_byes, Qt.Key.Key_Down)
    assert again.half_point_byes.text() == "no limit"
    assert again.changed_settings() == {"half_point_bye_limit": None}
    qtbot.keyClick(again, Qt.Key.Key_Return)
    assert in_file.session.settings.half_point_bye_limit is None


@pytest.fixture
def swiss_started(tmp_path: Path) -> Iterator[EventDocument]:
    """A five-round Swiss in FIDE mode, six players, round 1 paired."""
    session = Session.create(tmp_path / "s.arbiter", name="Open", system="swiss", rounds=5)
    document = EventDocument(session)
    for name, rating in (("Ada", 2200), ("Bea", 2100), ("Cy", 2000), ("Dov", 1900),
                         ("Eli", 1800), ("Fay", 1700)):  # fmt: skip
        document.run(AddPlayer.of({"name": name, "rating": rating}))
    document.run(SetPairingNumbers(by="rating"))
    document.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    yield document
    document.close()


def test_q57_75_85_fide_mode_fixes_the_rounds_and_points_once_round_1_is_paired(
    qtbot: QtBot, swiss_started: EventDocument
) -> None:
    document = swiss_started
    dialog = open_dialog(qtbot, document)
    # The rounds greyed; the points open (a system outside FIDE's rules is the way out of
    # FIDE mode, Q74); each with its reason, and the way to change them said above them.
    assert not dialog.rounds.isEnabled()
    assert "(FIDE C.04.1 article 1)" in dialog.rounds.toolTip()
    for widget in (dialog.points, dialog.custom_points, dialog.per_round):
        assert widget.isEnabled()
        assert "(FIDE C.04.1 article 3)" in widget.toolTip()
    assert dialog.fixed_note.isVisible()
    assert dialog.fixed_note.text() == (
        "The event is in FIDE mode and round 1 is paired: the number of rounds, the point "
        "system and the value of the pairing-allocated bye cannot change. To change them, "
        "leave FIDE mode first (Edit ▸ Leave FIDE mode…)."
    )
    # Points ▸ Custom…, the bye worth a draw: refused with the reason when OK is pressed.
    dialog.points.setCurrentIndex(dialog.points.findData(CUSTOM))
    dialog.custom_values[4].setValue(0.5)  # the pairing-allocated bye: a draw
    before = document.event_settings()
    dialog.accept()
    boxes = errors(dialog)
    assert boxes and boxes[0].text().startswith(
        "The event is in FIDE mode and round 1 is paired, so the value of the "
        "pairing-allocated bye cannot change: the bye scores what the rules of the tournament "
        "state (FIDE C.04.1 article 3). To change it, leave FIDE mode first"
    )
    boxes[0].close()
    assert dialog.isVisible() and document.event_settings() == before
    dialog.reject()
    # Out of FIDE mode, nothing is greyed: the change asks its own level-4 question.
    with document.confirming(LEAVE_TOKEN):
        document.run(LeaveFideMode())
    dialog = open_dialog(qtbot, document)
    assert dialog.rounds.isEnabled() and not dialog.rounds.toolTip()
    assert not dialog.fixed_note.isVisible()
    dialog.rounds.setValue(7)
    with document.confirming(ROUNDS_TOKEN):
        dialog.accept()
    assert document.tournament.planned_rounds == 7


def test_before_round_1_fide_mode_fixes_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    with Session.create(tmp_path / "n.arbiter", name="Open", system="swiss", rounds=5) as s:
        dialog = open_dialog(qtbot, EventDocument(s))
        assert dialog.rounds.isEnabled() and dialog.points.isEnabled()
        assert not dialog.fixed_note.isVisible()
        dialog.reject()


def test_a_double_swiss_late_in_the_event_shows_its_rounds_and_changes_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Three matches, two paired (four game columns): the Rounds box says 3 and OK with
    nothing touched changes nothing. The box's minimum was once counted with the Swiss's
    rounds before the system was read: it said 4, and OK asked to make the event 8 games."""
    from arbiter_app.core.model import Colour
    from arbiter_app.session.commands import EnterResult
    from arbiter_app.session.pairing import pair_next_round

    session = Session.create(
        tmp_path / "d.arbiter", name="Double", system="fide-double-swiss", rounds=6
    )
    for i in range(1, 7):
        session.run(AddPlayer(name=f"P{i}", rating=2300 - 10 * i))
    for match in (1, 2):
        pair_next_round(session, initial_colour=Colour.WHITE)
        if match == 1:
            for game in (1, 2):
                for board in (1, 2, 3):
                    session.run(EnterResult(round=game, board=board, result="1/2"))
    document = EventDocument(session)
    try:
        dialog = open_dialog(qtbot, document)
        assert document.paired_rounds() == 4
        assert (dialog.rounds.value(), dialog.rounds.minimum()) == (3, 2)
        assert dialog.changed_settings() == {}
        dialog.reject()
    finally:
        document.close()


def test_the_dialog_says_how_the_rounds_will_be_paired(qtbot: QtBot, tmp_path: Path) -> None:
    """The pairing rules follow from the system and the rule set: a US Chess TD sees rules
    27-29 before round 1, a FIDE arbiter the Dutch system, and each changes with the boxes."""
    document = EventDocument(
        Session.create(tmp_path / "s.arbiter", name="Thursday", system="swiss", rounds=4)
    )
    try:
        dialog = open_dialog(qtbot, document)
        assert dialog.pairing.text() == "The FIDE Dutch system (C.04.3)"
        dialog.rule_set.setCurrentIndex(dialog.rule_set.findData(RuleSet.USCF.value))
        assert dialog.pairing.text().startswith("The US Chess Swiss system (rules 27-29)")
        dialog.system.setCurrentIndex(dialog.system.findData("double-swiss"))
        assert dialog.pairing.text().endswith(
            "one round of the US Chess Swiss system (rules 27-29), chosen by the US Chess rule set"
        )
        dialog.system.setCurrentIndex(dialog.system.findData("round-robin"))
        assert dialog.pairing.text().startswith("Berger tables (FIDE C.05 Annex 1)")
        dialog.accept()
        # What the dialog said is what the event is paired by, once stored.
        dialog = open_dialog(qtbot, document)
        assert dialog.pairing.text().startswith("Berger tables")
    finally:
        document.close()


def test_a_us_chess_event_s_settings_fit_the_screen_with_their_buttons(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The US Chess report's group makes the dialog taller than a laptop's screen: the groups
    scroll, and OK and Cancel stay on the screen."""
    document = EventDocument(
        Session.create(tmp_path / "us.arbiter", name="Thursday", system="swiss", rounds=4)
    )
    try:
        document.run(EditSettings.of({"rule_set": "uscf"}))
        dialog = open_dialog(qtbot, document)
        qtbot.waitExposed(dialog)
        screen = dialog.screen().availableGeometry()
        assert dialog.frameGeometry().height() <= screen.height()
        ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        corner = ok.mapToGlobal(ok.rect().bottomRight())
        assert screen.contains(corner)
        # On a screen smaller than the groups (offscreen's 800 x 600, a laptop's 768) they
        # scroll; on a larger one all show at once.
        taller = dialog.body.sizeHint().height() > dialog.scroller.viewport().height()
        assert (dialog.scroller.verticalScrollBar().maximum() > 0) == taller
        dialog.reject()
    finally:
        document.close()
