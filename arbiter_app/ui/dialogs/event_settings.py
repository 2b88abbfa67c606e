"""Event settings: the header, the format, the rule set, byes, points, tie-breaks, play-off.

The dialog edits through the session's :class:`~arbiter_app.session.commands.EditSettings`
command (run by :meth:`EventDocument.run`), which checks every value; the dialog
only offers the choices the command knows. OK sends what was changed in one
step: if the session refuses any of it, the message is shown, nothing
changes and the dialog stays open. Cancel changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from fractions import Fraction
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.chess960 import Variant
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.fide_mode import FIXED_PAB, FIXED_POINTS, FIXED_ROUNDS
from arbiter_app.core.limits import MAX_ROUNDS
from arbiter_app.core.model import FIDE_2026_IN_FORCE, RuleSet, System, fide_rule_set_on
from arbiter_app.core.pairing.baku import BAKU
from arbiter_app.core.pairing.byes import MOST_HALF_POINT_BYES
from arbiter_app.core.pairing.swiss import pairing_method
from arbiter_app.core.playoff.presets import PRESETS as PLAYOFF_PRESETS
from arbiter_app.core.points import (
    GCT_RAPID,
    STANDARD,
    THREE_ONE_ZERO,
    PointSystem,
    system_name,
    typed_point_system,
)
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.team_scores import DEFAULT_BEST, MOST_BEST
from arbiter_app.core.words import count
from arbiter_app.session.codec import point_system_from_json, point_system_to_json
from arbiter_app.session.commands import EditSettings
from arbiter_app.session.event_commands import FIXED_AFTER_ROUND_ONE, PRESET_BYE_POLICIES
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.new_event import SYSTEM_LABELS
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.widgets.tiebreak_picker import TieBreakPicker, fill_presets

NO_LIMIT = -1
"""The half-point byes box's value for no limit (shown as "no limit")."""

RULE_SET_LABELS: dict[RuleSet | None, str] = {
    None: "FIDE, by the start date",
    RuleSet.FIDE_2024: "FIDE 2024 text (C.07, from 1 April 2024)",
    RuleSet.FIDE_2026: "FIDE 2026 text (C.07, from 1 March 2026)",
    RuleSet.USCF: "US Chess (rule 34E)",
    RuleSet.ONLINE_SWISS: "Online Swiss (opponents played only)",
}

BYE_POLICY_LABELS = {
    "fide": "FIDE: the pairing-allocated bye (C.04.1)",
    "uscf-28l": "US Chess 28L: lowest rated of the lowest score group",
    "once-per-tournament": "Online Swiss: one bye per player at most",
}
"""The session's bye policies (:data:`arbiter_app.session.codec.BYE_POLICIES`) in words."""

ACCELERATION_LABELS: dict[str | None, str] = {
    None: "None",
    BAKU: "Baku Acceleration (FIDE C.04.5.1)",
}
"""The session's acceleration methods in words."""

VARIANT_LABELS = {
    Variant.STANDARD: "Standard chess",
    Variant.CHESS960: "Chess960 (FIDE Laws of Chess, Guidelines II)",
}
"""The games the boards can play, in words."""

POINT_SYSTEMS = {
    "Standard 1 / ½ / 0": point_system_to_json(STANDARD),
    "GCT rapid 2 / 1 / 0": point_system_to_json(GCT_RAPID),
    "3 / 1 / 0": point_system_to_json(THREE_ONE_ZERO),
}

CUSTOM = "custom"
"""The point-system choice whose values are typed in the row of spin boxes (Q71, Q80)."""

CUSTOM_LABELS = ("Win", "Draw", "Loss", "Forfeit win", "PAB", "Half-point bye", "Zero-point bye")
"""The custom values, in the order of ``settings --points`` (core.points.CUSTOM_FIELDS)."""


def _values_of(system: PointSystem) -> tuple[Fraction, ...]:
    return (
        system.win,
        system.draw,
        system.loss,
        system.forfeit_win_points,
        system.pairing_bye_points,
        system.half_bye_points,
        system.zero_bye,
    )


TOOLTIP = Qt.ItemDataRole.ToolTipRole

INFO_FIELDS = (
    ("name", "Event &name:", ""),
    ("city", "&City:", ""),
    ("federation", "&Federation:", "three letters, e.g. USA"),
    ("start_date", "S&tart date:", "YYYY-MM-DD"),
    ("end_date", "&End date:", "YYYY-MM-DD"),
    ("tournament_type", "T&ype:", "e.g. individual round robin"),
    ("time_control", "T&ime control:", "e.g. 90+30, G/45 d5, 40/90 SD/30 or 90 min + 30 s"),
    ("round_dates", "R&ound dates:", "YYYY-MM-DD of each round, comma-separated"),
    ("chief_arbiter", "C&hief arbiter:", ""),
    ("deputy_arbiters", "&Deputy arbiters:", "comma-separated"),
)
"""The header fields the dialog edits (TRF records 012–122), in the session's names."""


def _as_list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _as_dict(value: object) -> dict[str, Any]:
    return dict(value) if isinstance(value, Mapping) else {}


def rule_set_note(chosen: RuleSet | None, start_text: str) -> str:
    """Which FIDE text applies, by the start date (TRF 042), for the rule set *chosen*.

    FIDE C.07 as amended applies to events starting on or after 1 March 2026, the
    2024 text before (:func:`~arbiter_app.core.model.fide_rule_set_on`).
    """
    start: date | None = None
    if start_text.strip():
        try:
            start = date.fromisoformat(start_text.strip())
        except ValueError:
            return f"The start date {start_text.strip()!r} is not a date (YYYY-MM-DD)."
    in_force = fide_rule_set_on(start)
    year = "2026" if in_force is RuleSet.FIDE_2026 else "2024"
    # ISO dates, as typed in the dialog (a month name would follow the system's locale).
    since = f"in force from {FIDE_2026_IN_FORCE.isoformat()}"
    if chosen is None:
        if start is None:
            return f"No start date: the newest FIDE text (2026, {since}) applies."
        return f"Starting on {start.isoformat()}: the FIDE {year} text applies (2026 text {since})."
    if chosen is RuleSet.USCF:
        return "US Chess: opponents' unplayed games count ½, one's own unplayed rounds count 0."
    if chosen is RuleSet.ONLINE_SWISS:
        return (
            "Online Swiss rules: only the players one played against count; an exempt round "
            "or a round out of the matchmaking adds nothing."
        )
    if start is not None and chosen is not in_force:
        return (
            f"Note: by its start date ({start.isoformat()}) the event falls under the FIDE "
            f"{year} text (2026 text {since})."
        )
    return f"The FIDE {year} text applies by the start date." if start else ""


REPORT_FIELDS = (
    ("affiliate", "Affiliate ID:", "A6012345", 8),
    ("chief_td", "Chief TD's ID:", "8 digits (empty: the one in Chief arbiter)", 8),
    ("assistant_td", "Assistant TD's ID:", "8 digits", 8),
    ("other_tds", "Other TDs' IDs:", "comma-separated", 0),
    ("state", "State:", "two letters, e.g. OK", 2),
    ("zip", "ZIP code:", "12345 or 12345-6789", 10),
    ("country", "Country:", "USA unless given", 21),
    ("send_crosstable", "Send crosstable:", "Y or N (N unless given)", 1),
    ("grand_prix_points", "Grand Prix points:", "this section's; empty or 0: none", 3),
)
"""The US Chess rating report's fields the event keeps (``uschess_report``), each with the
width ``THEXPORT.DBF`` gives it; the Grand Prix points are the section's (``TSEXPORT.DBF``)."""

RATING_TYPES = (
    ("By the time control", None),
    ("Standard", "standard"),
    ("Rapid", "rapid"),
    ("Blitz", "blitz"),
)
"""The event's rating type (FIDE Laws of Chess, Appendices A.1 and B.1 decide "by the time
control"; without one, standard)."""


class EventSettingsDialog(QDialog):
    """Edit the event's settings; OK runs one ``edit_settings`` with what changed."""

    prizes_requested = Signal()
    """The settings were saved and the arbiter asked to go on to the prize fund."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.current = document.event_settings()
        self.paired = document.paired_rounds()
        self.setWindowTitle("Event settings")
        self.setAccessibleName("Event settings")
        grid = QGridLayout()
        grid.addWidget(self._event_box(), 0, 0)
        grid.addWidget(self._rules_box(), 0, 1)
        grid.addWidget(self._ranking_box(), 1, 0, 1, 2)
        grid.addWidget(self._teams_box(), 2, 0)
        grid.addWidget(self._us_report_box(), 2, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        # The groups scroll under buttons that stay in view: a US Chess event's settings are
        # taller than a laptop's screen (1366 x 768), and OK must stay within reach.
        self.body = QWidget(self)
        self.body.setLayout(grid)
        self.scroller = QScrollArea(self)
        self.scroller.setWidget(self.body)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = self.outer = QVBoxLayout(self)
        layout.addWidget(self.scroller, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.prizes_button = QPushButton("OK, then the &prize fund…", self)
        self.prizes_button.setAccessibleName("Save and enter the prize fund")
        self.prizes_button.setToolTip("Save these settings and go to the Prizes panel")
        self.buttons.addButton(self.prizes_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.prizes_button.clicked.connect(self._accept_then_prizes)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._load()
        self._fix_what_fide_mode_fixes()
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 130)

    # -- construction --------------------------------------------------------------------
    def _event_box(self) -> QGroupBox:
        box = QGroupBox("Event", self)
        form = QFormLayout(box)
        self.info: dict[str, QLineEdit] = {}
        for key, label, hint in INFO_FIELDS:
            edit = QLineEdit(box)
            edit.setAccessibleName(label.replace("&", "").rstrip(":"))
            edit.setPlaceholderText(hint)
            form.addRow(label, edit)
            self.info[key] = edit
        self.info["federation"].setMaxLength(3)
        self.info["start_date"].textChanged.connect(self._update_rule_note)
        return box

    def _rules_box(self) -> QGroupBox:
        box = QGroupBox("Format and rules", self)
        form = QFormLayout(box)
        self.system = QComboBox(box)
        self.system.setAccessibleName("Tournament system")
        for system, label in SYSTEM_LABELS.items():
            self.system.addItem(label, system.value)
        if self.paired:
            self.system.setEnabled(False)
            self.system.setToolTip("Rounds are paired: the system cannot change any more")
        self.system.currentIndexChanged.connect(lambda _: self._system_changed())
        form.addRow("&System:", self.system)
        self.swap_last_two = QCheckBox(
            "E&xchange the last two rounds of the first cycle (C.05 Annex 1)", box
        )
        self.swap_last_two.setAccessibleName("Exchange the last two rounds of the first cycle")
        self.swap_last_two.setToolTip(
            "A double round robin may play the last two rounds of its first cycle in the other "
            "order, so that nobody has the same colour three times running across the cycles"
        )
        form.addRow("", self.swap_last_two)
        self.acceleration = QComboBox(box)
        self.acceleration.setAccessibleName("Acceleration")
        for value, label in ACCELERATION_LABELS.items():
            self.acceleration.addItem(label, value)
        form.addRow("Acce&leration:", self.acceleration)
        self.acceleration_note = QLabel(
            "The imported file gives its own virtual points (TRF record 250); they pair the "
            "event as it says.",
            box,
        )
        self.acceleration_note.setWordWrap(True)
        self.acceleration_note.setAccessibleName("Virtual points of the imported file")
        form.addRow("", self.acceleration_note)
        self.variant = QComboBox(box)
        self.variant.setAccessibleName("Variant")
        for variant in Variant:
            self.variant.addItem(VARIANT_LABELS[variant], variant.value)
        self.variant.setToolTip(
            "Chess960: every board of a round starts from the same position, drawn before the "
            "round (Round ▸ Draw Chess960 position…)"
        )
        form.addRow("&Variant:", self.variant)
        if self.paired:
            # What locks after round 1 is the session's answer (FIXED_AFTER_ROUND_ONE), with
            # its reason; the dialog only greys the boxes that show those settings.
            boxes = {
                "swap_last_two": self.swap_last_two,
                "acceleration": self.acceleration,
                "variant": self.variant,
            }
            for key, reason in FIXED_AFTER_ROUND_ONE.items():
                boxes[key].setEnabled(False)
                boxes[key].setToolTip(f"Round 1 is paired: {reason}")
        # What FIDE mode fixes once round 1 is paired (greyed, with the way to change it).
        self.fixed = self.document.fixed_in_fide_mode()
        self.fixed_note = QLabel(box)
        self.fixed_note.setWordWrap(True)
        self.fixed_note.setAccessibleName("Fixed in FIDE mode")
        self.fixed_note.setVisible(False)
        form.addRow("", self.fixed_note)
        self.rounds = QSpinBox(box)
        self.rounds.setAccessibleName("Rounds")
        self.rounds.setRange(1, MAX_ROUNDS)  # at least the rounds paired: set once loaded
        self.rounds.valueChanged.connect(self._rounds_changed)
        form.addRow("&Rounds:", self.rounds)
        # A double Swiss round is two games (City Chess OK rules): its own field, shown.
        self.games = QLabel(box)
        self.games.setAccessibleName("Games per round")
        form.addRow("Games per round:", self.games)
        # How the rounds will be paired follows from the system and the rule set (the core's
        # pairing_method): shown, so that nobody learns it from round 1's boards.
        self.pairing = QLabel(box)
        self.pairing.setWordWrap(True)
        self.pairing.setAccessibleName("How the rounds are paired")
        # Two lines are kept, as for the rule set's note: the form does not grow for a
        # wrapped label.
        self.pairing.setMinimumHeight(self.fontMetrics().lineSpacing() * 2 + 2)
        self.pairing.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.addRow("Pairing:", self.pairing)
        self.system.currentIndexChanged.connect(lambda _: self._rounds_changed())
        self.rule_set = QComboBox(box)
        self.rule_set.setAccessibleName("Rule set")
        for rule_set, label in RULE_SET_LABELS.items():
            self.rule_set.addItem(label, rule_set.value if rule_set else None)
        self.rule_set.currentIndexChanged.connect(lambda _: self._update_rule_note())
        self.rule_set.currentIndexChanged.connect(lambda _: self._update_pairing())
        self.system.currentIndexChanged.connect(lambda _: self._update_pairing())
        form.addRow("Rule se&t:", self.rule_set)
        self.rule_note = QLabel(box)
        self.rule_note.setWordWrap(True)
        self.rule_note.setAccessibleName("Which FIDE text applies")
        # Two lines are kept for the note: the form does not grow for a wrapped label.
        self.rule_note.setMinimumHeight(self.fontMetrics().lineSpacing() * 2 + 2)
        form.addRow("", self.rule_note)
        self.rating_type = QComboBox(box)
        self.rating_type.setAccessibleName("Rating type")
        self.rating_type.setToolTip(
            "Which FIDE rating the players are registered with from the rating list"
        )
        for label, value in RATING_TYPES:
            self.rating_type.addItem(label, value)
        form.addRow("R&atings:", self.rating_type)
        self.bye_policy = QComboBox(box)
        self.bye_policy.setAccessibleName("Bye policy")
        for policy, label in BYE_POLICY_LABELS.items():
            self.bye_policy.addItem(label, policy)
        form.addRow("&Byes:", self.bye_policy)
        self.half_point_byes = QSpinBox(box)
        self.half_point_byes.setAccessibleName("Half-point byes a player may take")
        # The lowest value stands for "no limit" (the regulations announce none).
        self.half_point_byes.setRange(NO_LIMIT, MOST_HALF_POINT_BYES)
        self.half_point_byes.setSpecialValueText("no limit")
        self.half_point_byes.setToolTip(
            "The half-point byes a player may take in the event, as the regulations announce "
            "(FIDE C.02 question 176; US Chess 22C): 0 allows none. Past it a requested bye "
            "asks first and an absence scores a zero-point bye."
        )
        form.addRow("&Half-point byes:", self.half_point_byes)
        self.points = self._points_box(box)
        self.points.addItem("Custom…", CUSTOM)
        self.points.setAccessibleName("Point system")
        self.points.currentIndexChanged.connect(self._points_changed)
        form.addRow("&Points:", self.points)
        self.custom_points = QWidget(box)
        self.custom_points.setAccessibleName("Custom point values")
        row = QHBoxLayout(self.custom_points)
        row.setContentsMargins(0, 0, 0, 0)
        self.custom_values: list[QDoubleSpinBox] = []
        self._loaded_custom: PointSystem | None = None
        for label, default in zip(CUSTOM_LABELS, _values_of(STANDARD), strict=True):
            column = QVBoxLayout()
            spin = QDoubleSpinBox(self.custom_points)
            # Tenths: what TRF-26 record 162 can write (FIDE C.07 article 5 values).
            spin.setDecimals(1)
            spin.setSingleStep(0.5)
            spin.setRange(0.0, 99.0)
            spin.setValue(float(default))
            spin.setAccessibleName(f"Points: {label}")
            text = QLabel(label, self.custom_points)
            text.setBuddy(spin)
            column.addWidget(text)
            column.addWidget(spin)
            row.addLayout(column)
            self.custom_values.append(spin)
        form.addRow("", self.custom_points)
        self.per_round = QCheckBox("Points differ by round", box)
        self.per_round.setAccessibleName("Points differ by round")
        self.per_round.toggled.connect(self._per_round_toggled)
        form.addRow("", self.per_round)
        self.round_points = QTableWidget(0, 1, box)
        self.round_points.setAccessibleName("Points per round")
        self.round_points.setHorizontalHeaderLabels(["Points"])
        self.round_points.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.round_points.setMinimumHeight(self.fontMetrics().height() * 8)
        form.addRow("", self.round_points)
        return box

    def _points_changed(self, _index: int = 0) -> None:
        self.custom_points.setVisible(self.points.currentData() == CUSTOM)
        self._fit()

    def _chosen_points(self) -> object:
        """The point system chosen: a named one's, or the custom values' (FIDE C.07
        article 5); the session refuses values that cannot score an event."""
        if self.points.currentData() != CUSTOM:
            return self.points.currentData()
        values = [Fraction(round(spin.value() * 10), 10) for spin in self.custom_values]
        system = typed_point_system(values)
        loaded = self._loaded_custom
        if loaded is not None and replace(loaded, name="") == replace(system, name=""):
            return point_system_to_json(loaded)  # unchanged: the stored name stays
        return point_system_to_json(replace(system, name=system_name(system)))

    def _points_box(self, parent: QWidget) -> QComboBox:
        box = QComboBox(parent)
        for label, value in POINT_SYSTEMS.items():
            box.addItem(label, value)
        return box

    def _ranking_box(self) -> QGroupBox:
        box = QGroupBox("Ranking, play-off and prizes", self)
        form = QFormLayout(box)
        self.preset = QComboBox(box)
        self.preset.setAccessibleName("Tie-break preset")
        fill_presets(self.preset, None, None)
        self.preset.activated.connect(self._preset_chosen)
        form.addRow("Pr&eset:", self.preset)
        self.tiebreaks = QLineEdit(box)
        self.tiebreaks.setAccessibleName("Tie-break list")
        self.tiebreaks.setPlaceholderText("e.g. BH/C1, BH, SB (none: ties are shared)")
        self.tiebreaks.textEdited.connect(self._codes_edited)
        self.picker = TieBreakPicker(self.tiebreaks, box)
        row = QHBoxLayout()
        row.addWidget(self.tiebreaks, 1)
        row.addWidget(self.picker)
        label = QLabel("T&ie-breaks:", box)
        label.setBuddy(self.tiebreaks)
        form.addRow(label, row)
        self.playoff = QComboBox(box)
        self.playoff.setAccessibleName("Play-off regulation")
        self.playoff.addItem("None", None)
        for regulation in PLAYOFF_PRESETS.values():
            self.playoff.addItem(f"{regulation.title} ({regulation.name})", regulation.name)
            self.playoff.setItemData(self.playoff.count() - 1, regulation.source, TOOLTIP)
        self.playoff.currentIndexChanged.connect(lambda _: self._update_playoff_note())
        form.addRow("Play-o&ff:", self.playoff)
        self.playoff_note = QLabel(box)
        self.playoff_note.setWordWrap(True)
        self.playoff_note.setAccessibleName("What the play-off regulation does")
        form.addRow("", self.playoff_note)
        prizes = QLabel("The prize fund is entered in the Prizes panel.", box)
        prizes.setWordWrap(True)
        form.addRow("Prizes:", prizes)
        return box

    def _teams_box(self) -> QGroupBox:
        box = QGroupBox("Team scores (US Chess 28N)", self)
        form = QFormLayout(box)
        self.team_best = QSpinBox(box)
        self.team_best.setAccessibleName("Team scores that count")
        self.team_best.setRange(1, MOST_BEST)
        self.team_best.setToolTip(
            "How many of each team's (or school's) best scores make its score; the team is "
            "the player's Club field"
        )
        form.addRow("Best scores that co&unt:", self.team_best)
        self.teammates_apart = QCheckBox("&Keep teammates from meeting", box)
        self.teammates_apart.setAccessibleName("Keep teammates from meeting")
        self.teammates_apart.setToolTip(
            "The pairing never puts two players of one team on a board (as prohibited pairs)"
        )
        form.addRow("", self.teammates_apart)
        return box

    def _us_report_box(self) -> QGroupBox:
        box = QGroupBox("US Chess report", self)
        box.setAccessibleName("US Chess report")
        form = QFormLayout(box)
        self.report: dict[str, QLineEdit] = {}
        for key, label, hint, width in REPORT_FIELDS:
            edit = QLineEdit(box)
            edit.setAccessibleName(label.replace("&", "").rstrip(":"))
            edit.setPlaceholderText(hint)
            if width:
                edit.setMaxLength(width)
            form.addRow(label, edit)
            self.report[key] = edit
        self.us_report_box = box
        self.rule_set.currentIndexChanged.connect(lambda _: self._show_us_report())
        return box

    def _show_us_report(self) -> None:
        """The report's group is for a US Chess event (the rule set of US Chess 34E)."""
        self.us_report_box.setVisible(self.rule_set.currentData() == RuleSet.USCF.value)
        self._fit()

    # -- the current settings into the fields -------------------------------------------------
    def _load(self) -> None:
        current = self.current
        info = _as_dict(current.get("info"))
        for key, edit in self.info.items():
            value = info.get(key)
            if key in ("deputy_arbiters", "round_dates"):
                edit.setText(", ".join(value or ()))
            else:
                edit.setText(str(value or ""))
        self._select(self.system, current.get("system"))
        self.swap_last_two.setChecked(bool(current.get("swap_last_two")))
        self._select(self.acceleration, current.get("acceleration"))
        self._select(self.variant, current.get("variant") or Variant.STANDARD.value)
        self._system_changed()
        system = self._system()
        games = max(int(str(current.get("rounds") or 1)), self.paired, 1)
        # Counted in the event's own rounds, its system known (a double Swiss's are matches).
        self.rounds.setMinimum(max(1, system.rounds_in(self.paired)))
        self.rounds.setValue(system.rounds_in(games))
        self._select(self.rule_set, current.get("rule_set"))
        self._select(self.bye_policy, current.get("bye_policy") or "fide")
        limit = current.get("half_point_bye_limit")
        self.half_point_byes.setValue(NO_LIMIT if limit is None else int(str(limit)))
        self._select(self.rating_type, current.get("rating_type"))
        self._select_main_points(current.get("point_system"))
        per_round = _as_list(current.get("round_point_systems"))
        self._rounds_changed()
        for row, value in enumerate(per_round[: self.round_points.rowCount()]):
            self._select_points(self._round_box(row), value)
        self.per_round.setChecked(bool(per_round))
        self._per_round_toggled(bool(per_round))
        if self.preset.findData(current.get("preset")) >= 0:
            self.preset.setCurrentIndex(self.preset.findData(current.get("preset")))
        self.tiebreaks.setText(", ".join(map(str, _as_list(current.get("tiebreaks")))))
        self._select(self.playoff, current.get("playoff"))
        self.team_best.setValue(int(str(current.get("team_best") or DEFAULT_BEST)))
        self.teammates_apart.setChecked(bool(current.get("teammates_apart")))
        report = _as_dict(current.get("uschess_report"))
        for key, edit in self.report.items():
            value = report.get(key)
            edit.setText(", ".join(value) if isinstance(value, list) else str(value or ""))
        self._update_rule_note()
        self._update_pairing()
        self._update_playoff_note()
        self._show_us_report()

    @staticmethod
    def _select(box: QComboBox, value: object) -> None:
        index = box.findData(value)
        if index < 0 and value is not None:
            # A value the dialog has no words for (a file from a newer version): kept as is.
            box.addItem(str(value), value)
            index = box.count() - 1
        box.setCurrentIndex(max(index, 0))

    def _select_main_points(self, value: object) -> None:
        """The event's point system: a named one, else "Custom…" with its values."""
        self._loaded_custom = None
        if value is None or value in POINT_SYSTEMS.values():
            self._select_points(self.points, value)
        else:
            try:
                system = point_system_from_json(value)
            except ValueError:
                system = STANDARD
            self._loaded_custom = system
            for spin, number in zip(self.custom_values, _values_of(system), strict=True):
                spin.setValue(float(number))
            self.points.setCurrentIndex(self.points.findData(CUSTOM))
        self._points_changed()

    @staticmethod
    def _select_points(box: QComboBox, value: object) -> None:
        if value is None:
            value = point_system_to_json(STANDARD)
        for index in range(box.count()):
            if box.itemData(index) == value:
                box.setCurrentIndex(index)
                return
        # An event's own scale (say 3/1/0 from an import) stays selectable.
        name = value.get("name") if isinstance(value, Mapping) else None
        box.addItem(f"Custom: {name or value}", value)
        box.setCurrentIndex(box.count() - 1)

    # -- reacting ------------------------------------------------------------------------------
    def _round_box(self, row: int) -> QComboBox:
        widget = self.round_points.cellWidget(row, 0)
        assert isinstance(widget, QComboBox)
        return widget

    def _system(self) -> System:
        return System(self.system.currentData() or self.current.get("system") or "swiss")

    def _rounds_changed(self, _rounds: int | None = None) -> None:
        """The rounds or the system changed: the games per round, and the points table
        (one row per game)."""
        system = self._system()
        per_round = system.games_per_round
        self.games.setText(
            f"{per_round} (each round is {count(per_round, 'game')}, colours reversed)"
            if per_round > 1
            else "1"
        )
        games = system.games_in(self.rounds.value())
        table = self.round_points
        old = table.rowCount()
        table.setRowCount(games)
        for row in range(old, games):
            box = self._points_box(table)
            box.setAccessibleName(f"Points in game {row + 1}")
            self._select_points(box, self._chosen_points())
            table.setCellWidget(row, 0, box)
        if per_round > 1:
            labels = [f"Round {g // per_round + 1}, game {g % per_round + 1}" for g in range(games)]
        else:
            labels = [f"Round {r}" for r in range(1, games + 1)]
        table.setVerticalHeaderLabels(labels)

    def _per_round_toggled(self, on: bool) -> None:
        self.round_points.setVisible(on)
        self.points.setEnabled(not on)
        self._fit()

    def _fix_what_fide_mode_fixes(self) -> None:
        """Say above the rounds and the points what FIDE mode fixes once round 1 is paired,
        and how to change it (the session's answer, :meth:`EventDocument.fixed_in_fide_mode`,
        which refuses the same changes with their reasons). The rounds are greyed: no change
        of them is allowed in FIDE mode. The points stay open: a point system outside FIDE's
        rules is the way out of FIDE mode (a level-4 question, the checklist's question 74),
        and any other change is refused with its reason when OK is pressed."""
        fixed = self.fixed
        if not fixed:
            return
        if FIXED_ROUNDS in fixed:
            self.rounds.setEnabled(False)
            self.rounds.setToolTip(fixed[FIXED_ROUNDS].sentence)
        points = " ".join(fixed[k].sentence for k in (FIXED_POINTS, FIXED_PAB) if k in fixed)
        for widget in (self.points, self.custom_points, self.per_round, self.round_points):
            widget.setToolTip(points)
        listed = [f.what for f in fixed.values()]
        what = ", ".join(listed[:-1]) + f" and {listed[-1]}" if len(listed) > 1 else listed[0]
        self.fixed_note.setText(
            f"The event is in FIDE mode and round 1 is paired: {what} cannot change. "
            "To change them, leave FIDE mode first (Edit ▸ Leave FIDE mode…)."
        )
        self.fixed_note.setToolTip(" ".join(f.sentence for f in fixed.values()))
        self.fixed_note.setVisible(True)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()

    def _fit(self) -> None:
        """Grow to show every group (the wrapped notes hide part of the height forms need),
        as far as the screen allows: beyond it the groups scroll and the buttons stay."""
        if not self.isVisible():
            return  # the hint is only right once the dialog is shown
        body = self.body.sizeHint()
        margins = self.outer.contentsMargins()
        frame = margins.top() + margins.bottom() + self.outer.spacing()
        want_height = body.height() + self.buttons.sizeHint().height() + frame + 2
        want_width = body.width() + self.scroller.verticalScrollBar().sizeHint().width() + 24
        screen = self.screen().availableGeometry() if self.screen() else None
        if screen is not None:
            decorations = self.frameGeometry().height() - self.geometry().height()
            want_height = min(want_height, screen.height() - max(decorations, 30))
            want_width = min(want_width, screen.width())
        self.resize(max(self.width(), want_width), max(self.height(), want_height))
        if screen is not None and self.frameGeometry().bottom() > screen.bottom():
            self.move(self.x(), max(screen.top(), screen.bottom() - self.frameGeometry().height()))

    def _system_changed(self) -> None:
        """Offer what the chosen system allows: no Buchholz for a round robin (C.07, 2026 text),
        the round order of a double round robin, the acceleration of a Swiss."""
        system = self.system.currentData()
        self.picker.set_system(system)
        self.tiebreaks.setPlaceholderText(f"{self.picker.hint} (none: ties are shared)")
        fill_presets(self.preset, system, None)
        double = system == System.DOUBLE_ROUND_ROBIN.value
        self.swap_last_two.setVisible(double)
        # The FIDE Double-Swiss (C.04.5) is paired here without acceleration.
        swiss = system in (System.SWISS.value, System.DOUBLE_SWISS.value)
        if not swiss:
            self.acceleration.setCurrentIndex(0)
        self.acceleration.setEnabled(swiss and not self.paired)
        imported = bool(self.document.tournament.accelerations) and not self.current.get(
            "acceleration"
        )
        self.acceleration_note.setVisible(imported)
        self._fit()

    def _preset_chosen(self, index: int) -> None:
        """A preset fills in what it announces; the arbiter may still change any of it."""
        name = self.preset.itemData(index)
        if name is None:
            self.tiebreaks.setFocus()
            return
        preset = PRESETS[name]
        self.tiebreaks.setText(", ".join(preset.tiebreaks))
        self._select(self.rule_set, preset.rule_set.value if preset.rule_set else None)
        self._select(self.bye_policy, PRESET_BYE_POLICIES.get(name, "fide"))
        self._select(self.playoff, preset.playoff)

    def _codes_edited(self, text: str) -> None:
        name = self.preset.currentData()
        if name is not None and self._codes() != list(PRESETS[name].tiebreaks):
            self.preset.setCurrentIndex(0)  # a list of one's own is no longer the preset

    def _update_rule_note(self) -> None:
        value = self.rule_set.currentData()
        chosen = RuleSet(value) if value else None
        note = rule_set_note(chosen, self.info["start_date"].text())
        self.rule_note.setText(note)
        self.rule_note.setVisible(bool(note))

    def _update_pairing(self) -> None:
        value = self.rule_set.currentData()
        self.pairing.setText(pairing_method(self._system(), RuleSet(value) if value else None))

    def _update_playoff_note(self) -> None:
        name = self.playoff.currentData()
        if name is None:
            self.playoff_note.setText("Ties stay shared or are broken by the tie-breaks.")
            return
        regulation = PLAYOFF_PRESETS[name]
        places = ", ".join(map(str, regulation.places))
        text = f"Place {places} decided by play-off ({regulation.source})."
        fixed = regulation.sharing.winner_fixed
        if fixed:
            text += (
                f" Prizes ({regulation.sharing.article}): {fixed:,} to the play-off winner,"
                " the rest of the tied places shared equally."
            )
        self.playoff_note.setText(text)

    # -- the result --------------------------------------------------------------------------
    def _codes(self) -> list[str]:
        return [c.strip() for c in self.tiebreaks.text().split(",") if c.strip()]

    def _info(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, edit in self.info.items():
            text = edit.text().strip()
            if key in ("deputy_arbiters", "round_dates"):
                out[key] = [n.strip() for n in text.split(",") if n.strip()]
            elif key in ("start_date", "end_date"):
                out[key] = text or None
            elif key == "federation":
                out[key] = text.upper()
            else:
                out[key] = text
        return out

    def values(self) -> dict[str, object]:
        """Every setting the dialog shows, as ``edit_settings`` takes it."""
        per_round = self.per_round.isChecked()
        return {
            "info": self._info(),
            "system": self.system.currentData(),
            "rounds": self._system().games_in(self.rounds.value()),
            "rule_set": self.rule_set.currentData(),
            "bye_policy": self.bye_policy.currentData(),
            "half_point_bye_limit": None
            if self.half_point_byes.value() == NO_LIMIT
            else self.half_point_byes.value(),
            "rating_type": self.rating_type.currentData(),
            "point_system": self._chosen_points(),
            "round_point_systems": [
                self._round_box(r).currentData() for r in range(self.round_points.rowCount())
            ]
            if per_round
            else [],
            "preset": self.preset.currentData(),
            "tiebreaks": self._codes(),
            "playoff": self.playoff.currentData(),
            "acceleration": self.acceleration.currentData(),
            "variant": self.variant.currentData(),
            "swap_last_two": self.swap_last_two.isChecked()
            and self.system.currentData() == System.DOUBLE_ROUND_ROBIN.value,
            "team_best": self.team_best.value(),
            "teammates_apart": self.teammates_apart.isChecked(),
            "uschess_report": self._report(),
        }

    def _report(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, edit in self.report.items():
            text = edit.text().strip()
            out[key] = (
                [t.strip() for t in text.split(",") if t.strip()] if key == "other_tds" else text
            )
        return out

    def changed_settings(self) -> dict[str, object]:
        """The settings whose value differs from the event's (the header: its changed fields)."""
        changed: dict[str, object] = {}
        current = self.current
        for key, value in self.values().items():
            before = current.get(key)
            if key == "info":
                old = _as_dict(before)
                old["deputy_arbiters"] = _as_list(old.get("deputy_arbiters"))
                old["round_dates"] = _as_list(old.get("round_dates"))
                # An empty field equals an absent one ("", None and [] alike).
                fields = {
                    k: v for k, v in _as_dict(value).items() if (v or None) != (old.get(k) or None)
                }
                if fields:
                    changed[key] = fields
            elif key in ("tiebreaks", "round_point_systems"):
                if _as_list(value) != _as_list(before):
                    changed[key] = value
            elif key == "bye_policy":
                if value != (before or "fide"):
                    changed[key] = value
            elif key == "variant":
                if value != (before or Variant.STANDARD.value):
                    changed[key] = value
            elif key in ("swap_last_two", "teammates_apart"):
                if bool(value) != bool(before):
                    changed[key] = value
            elif key == "team_best":
                if value != (before or DEFAULT_BEST):
                    changed[key] = value
            elif key == "uschess_report":
                old = _as_dict(before)
                fields = {
                    k: v for k, v in _as_dict(value).items() if (v or None) != (old.get(k) or None)
                }
                if fields:
                    changed[key] = fields
            elif value != before:
                changed[key] = value
        return changed

    def accept(self) -> None:
        """Apply the changes; if the session refuses, say why and stay open (nothing changed).

        Once play has started the session asks first (FIDE C.02 levels 3 and 4,
        through the document): a question cancelled keeps the dialog open too.
        """
        try:
            changed = self.changed_settings()
            changes = self.document.run(EditSettings.of(changed)) if changed else Changes()
        except ArbiterError as exc:
            show_error(self, exc)
            return
        if changes.cancelled:
            return
        super().accept()

    def _accept_then_prizes(self) -> None:
        self.accept()
        if self.result() == QDialog.DialogCode.Accepted:
            self.prizes_requested.emit()
