"""The FIDE rating lists in the window: import one, see what is imported, check the players.

Importing reads a list as FIDE ships it (a zip, or its TXT or XML file); when
neither the file nor its name says the list's month, the arbiter gives it
(the month field starts at the current month, when lists are downloaded).
The check lists the players whose rating differs from the list valid at the
event's start, as ``arbiter-app ratings check`` does.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.rating_source import (
    Difference,
    RatingList,
    default_sequence,
    default_words,
    describe,
    sequence_words,
)
from arbiter_app.core.ratinglist import RatingType, month_from_code
from arbiter_app.session.rating_lookup import CheckReport


class ImportListDialog(QDialog):
    """The month and the kind of a list whose file does not say them; for a US Chess
    member list (*us_chess*) only its month (US Chess publishes one list a month)."""

    def __init__(
        self, file_name: str, parent: QWidget | None = None, *, us_chess: bool = False
    ) -> None:
        super().__init__(parent)
        title = "Import a US Chess member list" if us_chess else "Import a FIDE rating list"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        form = QFormLayout(self)
        publishes = (
            "US Chess publishes its member list for tournament directors each month."
            if us_chess
            else "FIDE publishes a list on the first day of each month; it is valid from then on."
        )
        note = QLabel(f"{file_name}: which month's list is it? {publishes}", self)
        note.setWordWrap(True)
        form.addRow(note)
        self.month = QDateEdit(self)
        self.month.setAccessibleName("The list's month")
        self.month.setDisplayFormat("MMMM yyyy")
        named = month_from_code(file_name)
        today = QDate.currentDate()
        self.month.setDate(
            QDate(named.year, named.month, 1) if named else QDate(today.year(), today.month(), 1)
        )
        form.addRow("&Month:", self.month)
        self.kind = QComboBox(self)
        self.kind.setAccessibleName("Which list")
        self.kind.addItem("As its name says (or the combined list)", None)
        for kind in RatingType:
            self.kind.addItem(f"The {kind.value} list", kind.value)
        if not us_chess:
            form.addRow("&List:", self.kind)
        else:
            self.kind.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def chosen_month(self) -> date:
        chosen = self.month.date()
        return date(chosen.year(), chosen.month(), 1)

    def chosen_kind(self) -> RatingType | None:
        value = self.kind.currentData()
        return RatingType(value) if value else None


def lists_text(lists: list[RatingList]) -> str:
    if not lists:
        return "No FIDE rating list is imported yet."
    return "\n".join(f"{x.title}: {x.size}, from {x.file}" for x in lists)


class RatingCheckDialog(QDialog):
    """The players whose rating differs from the lists valid at the event's start; the
    arbiter ticks those whose list rating to apply (all ticked at first) and presses
    **Apply chosen ratings**, which emits :attr:`apply_chosen` with their differences."""

    HEADERS = ("No", "Name", "FIDE ID", "In the event", "On the list", "From")
    apply_chosen = Signal(list)

    def __init__(
        self, report: CheckReport, parent: QWidget | None = None, from_round: int | None = None
    ) -> None:
        super().__init__(parent)
        self.report = report
        self.setWindowTitle("Ratings against the FIDE list")
        self.setAccessibleName("Ratings against the FIDE list")
        layout = QVBoxLayout(self)
        heading = QLabel(report.heading(), self)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        warnings = " ".join(w for w in (report.stale(), report.outdated()) if w)
        self.stale = QLabel(warnings, self)
        self.stale.setWordWrap(True)
        self.stale.setAccessibleName("Missing list")
        self.stale.setVisible(bool(warnings))
        layout.addWidget(self.stale)
        self.table = QTableWidget(len(report.differences), len(self.HEADERS), self)
        self.table.setAccessibleName("Players whose rating differs")
        self.table.setHorizontalHeaderLabels(list(self.HEADERS))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, d in enumerate(report.differences):
            listed = "not on the list" if d.on_list is None else str(d.on_list.rating or "unrated")
            where = "" if d.on_list is None else describe(d.on_list.source)
            cells = (str(d.tpn), d.name, d.fide_id, str(d.in_event or "unrated"), listed, where)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 0 and d.on_list is not None:
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Checked)
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.table.setVisible(bool(report.differences))
        layout.addWidget(self.table)
        summary = QLabel(report.summary(), self)
        summary.setWordWrap(True)
        summary.setAccessibleName("Summary")
        layout.addWidget(summary)
        self.summary = summary
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.apply_button = buttons.addButton(
            "&Apply chosen ratings", QDialogButtonBox.ButtonRole.ApplyRole
        )
        when = (
            ""
            if from_round is None
            else f" They count from round {from_round}, the next one paired."
        )
        self.apply_button.setToolTip(
            "Give the ticked players the list's rating, as one action (Undo takes it back)." + when
        )
        self.apply_button.setEnabled(any(d.on_list is not None for d in report.differences))
        self.apply_button.clicked.connect(lambda _=False: self.apply_chosen.emit(self.chosen()))
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 110)

    def chosen(self) -> list[Difference]:
        """The differences whose row is ticked."""
        out: list[Difference] = []
        for row, d in enumerate(self.report.differences):
            item = self.table.item(row, 0)
            if (
                d.on_list is not None
                and item is not None
                and item.checkState() == Qt.CheckState.Checked
            ):
                out.append(d)
        return out


class RatingListsDialog(QDialog):
    """The event's sequence of rating lists (FIDE C.02 checklist, rating lists): the lists
    ticked give the ratings, the first that rates a player first; **Move up** and **Move
    down** reorder them, **Default** goes back to the default of the event's rating type.

    *sequence* is the event's sequence now; *available* every list that could join it
    (FIDE's three and the custom lists imported); *wanted* the event's rating type, whose
    default sequence the **Default** button names. :meth:`chosen` is the sequence to set
    (None: the default)."""

    def __init__(
        self,
        sequence: tuple[str, ...],
        available: list[str],
        wanted: RatingType,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sequence of rating lists")
        self.setAccessibleName("Sequence of rating lists")
        self.default = False
        layout = QVBoxLayout(self)
        note = QLabel(
            "A player's rating comes from the first ticked list that rates them, from the top.",
            self,
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        self.lists = QListWidget(self)
        self.lists.setAccessibleName("Rating lists")
        for entry in [*sequence, *(e for e in available if e not in sequence)]:
            item = QListWidgetItem(sequence_words([entry]), self.lists)
            item.setData(Qt.ItemDataRole.UserRole, entry)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if entry in sequence else Qt.CheckState.Unchecked
            )
        self.lists.setCurrentRow(0)
        # The buttons that reorder the list stand beside it; OK and Cancel below, apart.
        beside = QVBoxLayout()
        self.up = QPushButton("Move &up", self)
        self.down = QPushButton("Move do&wn", self)
        self.reset = QPushButton("&Default", self)
        self.reset.setToolTip(
            f"Back to {default_words(wanted)}: {sequence_words(default_sequence(wanted))}"
        )
        for button in (self.up, self.down):
            button.setAutoDefault(False)
            beside.addWidget(button)
        beside.addStretch(1)
        self.reset.setAutoDefault(False)
        beside.addWidget(self.reset)
        row = QHBoxLayout()
        row.addWidget(self.lists, 1)
        row.addLayout(beside)
        layout.addLayout(row)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.up.clicked.connect(lambda _=False: self.move_current(-1))
        self.down.clicked.connect(lambda _=False: self.move_current(1))
        self.reset.clicked.connect(lambda _=False: self._default())
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def move_current(self, step: int) -> None:
        """Move the current list *step* places (−1 up, 1 down)."""
        row = self.lists.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.lists.count():
            return
        item = self.lists.takeItem(row)
        self.lists.insertItem(target, item)
        self.lists.setCurrentRow(target)

    def _default(self) -> None:
        self.default = True
        self.accept()

    def chosen(self) -> list[str] | None:
        """The ticked lists in order (None: back to the default)."""
        if self.default:
            return None
        out: list[str] = []
        for row in range(self.lists.count()):
            item = self.lists.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out
