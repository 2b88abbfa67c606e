"""A player's fields: register a player, a late entry, or edit one already entered.

When the event's rating lists are at hand (:class:`~arbiter_app.session.rating_lookup.ListLookup`),
a lookup field at the top takes a FIDE ID or the start of a name and lists the
matches; choosing one fills name, title, federation, FIDE ID, sex, year of birth
and the rating of the event's rating type, and the dialog says which list the
rating came from (or that a standard rating stands in for a missing rapid or
blitz one). A rating changed afterwards is the arbiter's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.limits import MAX_RATING
from arbiter_app.core.model import Player, System
from arbiter_app.core.rating_source import describe, is_fallback
from arbiter_app.core.trf.cells import PLAYER_TITLES
from arbiter_app.core.words import count
from arbiter_app.session.member_lookup import MemberLookup, MemberMatch
from arbiter_app.session.rating_lookup import ListLookup, Match
from arbiter_app.ui.dialogs.late_entry import MissedRounds
from arbiter_app.ui.widgets.wrapped import WrappedLabel

TITLES = ("", *PLAYER_TITLES)
"""The choice of titles: none, or one of FIDE's that the report file's player record holds."""

MISSED_CHOICES = (
    ("not-paired", "Not paired: 0 points"),
    ("half-bye", "Half-point byes: ½ point each"),
    ("zero-bye", "Zero-point byes: 0 points"),
    ("full-bye", "Full-point byes: 1 point each (where the rules allow it)"),
)
"""What a late entrant gets for the rounds paired before they joined (the session's
``late_entry`` choices); the event's regulations say which applies."""

SEXES = (("", "—"), ("m", "Male"), ("w", "Female"))
"""The sex as the FIDE report file writes it (TRF: m / w)."""


@dataclass(frozen=True, slots=True)
class LateEntryTerms:
    """What registering now means: rounds already paired, and a registration deadline if any."""

    paired_rounds: int
    planned_rounds: int
    deadline_round: int | None = None
    """Registration closes at the end of this round (the online Swiss rules), None when no rule says so."""
    default_missed: str = "not-paired"
    """What the rule set gives a missed round unless the arbiter chooses otherwise
    (:func:`arbiter_app.core.attendance.late_entry_default`)."""
    system: System = System.SWISS
    """The event's system: *paired_rounds* and *planned_rounds* count its game columns (a
    double Swiss's round is two), the explanation its rounds."""

    def explanation(self) -> str:
        system = self.system
        paired, planned = (
            system.rounds_in(self.paired_rounds),
            system.rounds_in(self.planned_rounds),
        )
        missed = "Round 1 is" if paired == 1 else f"Rounds 1–{paired} are"
        each = "round" if system.games_per_round == 1 else "game"
        text = (
            f"{missed} paired already: this is a late entry. The player is paired from "
            f"round {paired + 1} of {planned} on and gets, for each {each} "
            "missed, what you choose under Missed rounds."
        )
        if self.deadline_round is not None:
            text += (
                f"\nThe regulations close registration at the end of round "
                f"{self.deadline_round} (online Swiss rules, Registration)."
            )
        return text


class PlayerDialog(QDialog):
    """The player's fields; with *player* it shows and edits them, with *late* it is a late entry."""

    def __init__(
        self,
        parent: QWidget | None = None,
        player: Player | None = None,
        late: LateEntryTerms | None = None,
        lookup: ListLookup | None = None,
        members: MemberLookup | None = None,
        holder: Callable[[str, str], str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.holder = holder
        """Who holds a FIDE or national ID already (:meth:`EventDocument.id_holder`)."""
        self.player = player
        self.late = late
        self.lookup = lookup
        self.members = members
        self.member_notices: tuple[str, ...] = ()
        """The US Chess rule 23C notices of the member chosen (a level-2 warning)."""
        self.listed: dict[str, object] = {}
        """The fields the chosen match filled in (empty until one is chosen)."""
        self._carried = ""
        """The name carried from Look up into Name (a name not on the list)."""
        self.submit: Callable[[], bool] | None = None
        """Runs on OK before the dialog closes: False (refused, the reason shown over the
        dialog) keeps it open with everything typed."""
        if player is not None:
            title = f"Edit player {player.tpn}"
        elif late is not None:
            title = "Late entry"
        else:
            title = "Add a player"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        # The late entry's explanation above the fields, not in a row of the form: a form
        # gives a wrapped line the height of the width it first had, and cut off its last
        # line once the lookup rows widened the dialog.
        outer = QVBoxLayout(self)
        form = self._form = QFormLayout()
        if late is not None:
            self.explanation = QLabel(late.explanation(), self)
            self.explanation.setWordWrap(True)
            self.explanation.setAccessibleName("What a late entry means")
            outer.addWidget(self.explanation)
        outer.addLayout(form)
        if lookup is not None and player is None:
            self._lookup_rows(form)
        if members is not None and player is None:
            self._member_rows(form)
        self.name = QLineEdit(self)
        self.name.setAccessibleName("Name")
        self.name.setPlaceholderText("Surname, First name")
        self.name.setMinimumWidth(260)
        form.addRow("&Name:", self.name)
        # A choice, not free text: the report file's title field holds FIDE's titles only.
        self.title = QComboBox(self)
        self.title.addItems(TITLES)
        self.title.setAccessibleName("Title")
        form.addRow("&Title:", self.title)
        self.rating = self._rating_box("Rating")
        form.addRow("&Rating:", self.rating)
        self.source = QLabel(self)
        self.source.setWordWrap(True)
        self.source.setAccessibleName("Where the rating came from")
        self.rating.valueChanged.connect(lambda _: self._show_source())
        form.addRow("", self.source)
        self.federation = QLineEdit(self)
        self.federation.setAccessibleName("Federation")
        self.federation.setMaxLength(3)
        self.federation.setPlaceholderText("e.g. NOR")
        form.addRow("&Federation:", self.federation)
        self.fide_id = QLineEdit(self)
        self.fide_id.setAccessibleName("FIDE ID")
        form.addRow("FIDE &ID:", self.fide_id)
        # A US Chess event (the one with the member look-up) names its national values.
        national = "US Chess" if self.members is not None else "National"
        self.national_rating = self._rating_box(f"{national} rating")
        form.addRow(f"{national} r&ating:", self.national_rating)
        self.national_id = QLineEdit(self)
        self.national_id.setAccessibleName(f"{national} ID")
        form.addRow(f"{national} I&D:", self.national_id)
        self.sex = QComboBox(self)
        self.sex.setAccessibleName("Sex")
        for code, label in SEXES:
            self.sex.addItem(label, code)
        form.addRow("&Sex:", self.sex)
        self.birth = QLineEdit(self)
        self.birth.setAccessibleName("Birth date")
        self.birth.setPlaceholderText("YYYY/MM/DD or year")
        form.addRow("&Born:", self.birth)
        self.club = QLineEdit(self)
        self.club.setAccessibleName("Club")
        form.addRow("&Club:", self.club)
        self.missed = QComboBox(self)
        self.missed.setAccessibleName("Missed rounds count as")
        for key, label in MISSED_CHOICES:
            self.missed.addItem(label, key)
        self.missed_each: MissedRounds | None = None
        if late is not None:
            self.missed.setCurrentIndex(max(self.missed.findData(late.default_missed), 0))
            form.addRow("&Missed rounds:", self.missed)
            keys = tuple(key for key, _ in MISSED_CHOICES)
            self.missed_each = MissedRounds(
                late.paired_rounds, keys, late.default_missed, self, late.system
            )
            for label, box in self.missed_each.rows():
                form.addRow(label, box)
            self.missed.currentIndexChanged.connect(
                lambda _i: (
                    self.missed_each.set_all(self.missed_rounds())
                    if self.missed_each is not None
                    else None
                )
            )
        else:
            self.missed.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        if player is not None:
            self._show(player)
        self._show_source()

    def _lookup_rows(self, form: QFormLayout) -> None:
        self.search = QLineEdit(self)
        self.search.setAccessibleName("Look up on the FIDE list")
        self.search.setPlaceholderText("FIDE ID or name (Surname, Name), then Enter")
        self.search.returnPressed.connect(self.look_up)
        self.search.textEdited.connect(self._typed)
        form.addRow("&Look up:", self.search)
        self.matches = QListWidget(self)
        self.matches.setAccessibleName("Players on the FIDE list")
        self.matches.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)
        self.matches.setMaximumHeight(self.fontMetrics().lineSpacing() * 7)
        self.matches.currentItemChanged.connect(lambda item, _: self.choose(item))
        form.addRow("", self.matches)
        self.found = WrappedLabel("", self)
        self.found.setAccessibleName("What the lookup found")
        form.addRow("", self.found)
        lists = []
        try:
            lists = assert_lookup(self.lookup).lists()
        except ArbiterError as exc:
            self.found.setText(str(exc))
        if not lists:
            self.found.setText(
                "No FIDE rating list is imported yet (Ratings ▸ Import FIDE rating list…)."
            )
            self.search.setEnabled(False)
        self._show_row(self.matches, False)

    def _typed(self, text: str) -> None:
        # A whole FIDE ID, or enough of a name, is looked up as it is typed.
        stripped = text.strip()
        if (stripped.isdecimal() and len(stripped) >= 5) or (
            not stripped.isdecimal() and len(stripped) >= 3
        ):
            self.look_up()

    def look_up(self) -> list[Match]:
        """Look up what the search field holds and list the matches (the first is chosen)."""
        text = self.search.text().strip()
        self.matches.clear()
        if not text:
            self._show_row(self.matches, False)
            return []
        try:
            found = assert_lookup(self.lookup).search(text)
        except ArbiterError as exc:
            self.found.setText(str(exc))
            return []
        for match in found:
            item = QListWidgetItem(match.label, self.matches)
            item.setData(Qt.ItemDataRole.UserRole, match.fields)
        self._show_row(self.matches, bool(found))
        if not found:
            self._forget_listed()
            self._carry(text)
            self.found.setText(
                f"Nobody on the imported lists matches {text!r}: "
                + (
                    "type the player's fields below."
                    if text.isdecimal()
                    else "the name is in Name."
                )
            )
        elif len(found) == 1:
            self.found.setText("One player found; their fields are filled in below.")
        else:
            self.found.setText(f"{count(len(found), 'player')} found: choose one.")

        if found:
            self.matches.setCurrentRow(0)
        return found

    def _forget_listed(self) -> None:
        """Empty the fields an earlier match filled in and the arbiter left as they were: a
        player who is not on the list must not register with someone else's rating or ID."""
        if not self.listed:
            return
        fields = self.listed
        self.listed = {}
        if self.name.text() == str(fields["name"]):
            self.name.clear()
        if self.title.currentText() == str(fields["title"]):
            self.title.setCurrentIndex(0)
        for box, key in ((self.federation, "federation"), (self.fide_id, "fide_id"),
                         (self.birth, "birth")):  # fmt: skip
            if box.text() == str(fields[key]):
                box.clear()
        if self.sex.currentData() == fields["sex"]:
            self.sex.setCurrentIndex(0)
        if self.rating.value() == (fields["rating"] or 0):
            self.rating.setValue(0)
        self._show_source()

    def _carry(self, text: str) -> None:
        """A name looked up and not found goes into Name (unless the arbiter typed one)."""
        if text.isdecimal():
            return
        if not self.name.text().strip() or self.name.text() == self._carried:
            self.name.setText(text)
            self._carried = text

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter in Look up or in its list takes the match and moves on to the fields; it
        never closes the dialog (OK is for the fields as they stand)."""
        keys = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if self.lookup is not None and self.player is None and event.key() in keys:
            focus = self.focusWidget()
            if focus is self.search:
                event.accept()
                self._after_look_up()
                return
            if focus is self.matches:
                event.accept()
                self.choose(self.matches.currentItem())
                self.name.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        super().keyPressEvent(event)

    def _after_look_up(self) -> None:
        if self.matches.count() > 1:
            self.matches.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        if self.matches.count() == 0 and self.search.text().strip():
            self._carry(self.search.text().strip())
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)

    def choose(self, item: QListWidgetItem | None) -> None:
        """Fill the fields from the chosen match."""
        if item is None:
            return
        fields = item.data(Qt.ItemDataRole.UserRole)
        self.listed = dict(fields)
        self.name.setText(str(fields["name"]))
        self._show_title(str(fields["title"]))
        self.federation.setText(str(fields["federation"]))
        self.fide_id.setText(str(fields["fide_id"]))
        index = self.sex.findData(fields["sex"])
        self.sex.setCurrentIndex(max(index, 0))
        self.birth.setText(str(fields["birth"]))
        rating = fields["rating"]
        self.rating.setValue(int(rating) if isinstance(rating, int) else 0)
        registered = self._registered("fide_id", fields["fide_id"])
        if registered:
            self.found.setText(registered.strip())
        self._show_source()

    # -- US Chess members (a US event: the imported member lists) ----------------------------
    def _member_rows(self, form: QFormLayout) -> None:
        self.member_search = QLineEdit(self)
        self.member_search.setAccessibleName("Look up a US Chess member")
        self.member_search.setPlaceholderText("US Chess ID or name (LAST, FIRST), then Enter")
        # Enter looks the member up and stays in the dialog (it is not the dialog's OK):
        # the filter takes the key before the dialog's default button can.
        self._member_keys = _LookUpOnEnter(self.look_up_member, self.member_search)
        self.member_search.installEventFilter(self._member_keys)
        form.addRow("&US Chess:", self.member_search)
        self.member_matches = QListWidget(self)
        self.member_matches.setAccessibleName("Members on the US Chess list")
        self.member_matches.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)
        self.member_matches.setMaximumHeight(self.fontMetrics().lineSpacing() * 7)
        self.member_matches.currentItemChanged.connect(lambda item, _: self.choose_member(item))
        form.addRow("", self.member_matches)
        self.member_found = QLabel(self)
        self.member_found.setWordWrap(True)
        self.member_found.setAccessibleName("What the US Chess look-up found")
        form.addRow("", self.member_found)
        self._show_row(self.member_matches, False)
        try:
            lists = assert_members(self.members).lists()
        except ArbiterError as exc:
            self.member_found.setText(str(exc))
            return
        if not lists:
            self.member_found.setText(
                "No US Chess member list is imported yet (Ratings ▸ Import US Chess member list…)."
            )
            self.member_search.setEnabled(False)

    def look_up_member(self) -> list[MemberMatch]:
        """Look the US Chess ID or name up and list the members (the first is chosen)."""
        text = self.member_search.text().strip()
        self.member_matches.clear()
        if not text:
            self._show_row(self.member_matches, False)
            return []
        try:
            found = assert_members(self.members).search(text)
        except ArbiterError as exc:
            self.member_found.setText(str(exc))
            return []
        for match in found:
            item = QListWidgetItem(match.label, self.member_matches)
            item.setData(Qt.ItemDataRole.UserRole, match)
        self._show_row(self.member_matches, bool(found))
        if not found:
            self.member_found.setText(f"Nobody on the US Chess member lists matches {text!r}.")
        else:
            self.member_matches.setCurrentRow(0)
        return found

    def choose_member(self, item: QListWidgetItem | None) -> None:
        """Fill name, US Chess ID and the rating of the event's system from the member
        chosen, and say when the membership has expired (US Chess rule 23C)."""
        if item is None:
            return
        match: MemberMatch = item.data(Qt.ItemDataRole.UserRole)
        fields = match.fields
        self.listed = dict(fields)
        self.name.setText(str(fields["name"]))
        self.national_id.setText(str(fields["national_id"]))
        self.federation.setText(str(fields["federation"]))
        rating = fields.get("rating")
        self.rating.setValue(int(rating) if isinstance(rating, int) else 0)
        self.national_rating.setValue(int(rating) if isinstance(rating, int) else 0)
        self.member_notices = match.notices
        if match.notices:
            said = "Notice: " + " ".join(f"{n}." for n in match.notices)
        else:
            said = f"Member found: {match.label}."
        self.member_found.setText(said + self._registered("national_id", fields["national_id"]))
        self._show_source()

    def _registered(self, key: str, value: object) -> str:
        """ " Already registered: player 5 (…)." when the event has a player with that ID (the
        session refuses a second registration; the dialog says so before OK)."""
        holder = self.holder(key, str(value)) if self.holder is not None else ""
        return f" Already registered: {holder}; a player is registered once." if holder else ""

    def rating_source(self) -> str | None:
        """The source of the rating shown: the list's while it is the list's rating, the
        player's own when editing and the rating is unchanged, else None (typed in)."""
        rating = self.rating.value() or None
        if self.listed and rating == self.listed.get("rating"):
            return str(self.listed["rating_source"])
        if self.player is not None and rating == self.player.rating:
            return self.player.rating_source
        return None

    def _show_source(self) -> None:
        source = self.rating_source()
        if source is None:
            text = "Rating typed in." if self.rating.value() else ""
        else:
            text = f"Rating from: {describe(source)}." if self.rating.value() or source else ""
            if is_fallback(source):
                text += (
                    " The event's rating type is missing on the list: the standard rating is used."
                )
        self.source.setText(text)
        self._show_row(self.source, bool(text))

    def _show_row(self, field: QWidget, visible: bool) -> None:
        """Show or hide *field*'s whole row: a hidden widget alone leaves its row's spacing,
        a gap in the form."""
        self._form.setRowVisible(field, visible)

    def _show_title(self, title: str) -> None:
        """Show *title*; one that is not FIDE's (from an older file) is kept as it is."""
        title = title.strip().upper()
        index = self.title.findText(title)
        if index < 0:
            self.title.addItem(title)
            index = self.title.count() - 1
        self.title.setCurrentIndex(index)

    def _rating_box(self, name: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setAccessibleName(name)
        box.setRange(0, MAX_RATING)  # the core's limit (core.limits), not a second one
        box.setSpecialValueText("unrated")
        return box

    def _show(self, player: Player) -> None:
        self.name.setText(player.name)
        self._show_title(player.title)
        self.rating.setValue(player.rating or 0)
        self.federation.setText(player.federation)
        self.fide_id.setText(player.fide_id)
        self.national_rating.setValue(player.national_rating or 0)
        self.national_id.setText(player.national_id)
        index = self.sex.findData(player.sex)
        if index < 0:  # a code the list does not know is kept as it is
            self.sex.addItem(player.sex, player.sex)
            index = self.sex.count() - 1
        self.sex.setCurrentIndex(index)
        self.birth.setText(player.birth)
        self.club.setText(player.club)

    def accept(self) -> None:
        if self.submit is not None and not self.submit():
            self.name.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        super().accept()

    def fields(self) -> dict[str, object]:
        """The typed fields, as the player commands take them (with the rating's source when
        it is a list's; a rating typed in is recorded as such by the session)."""
        fields: dict[str, object] = {
            "name": self.name.text().strip(),
            "title": self.title.currentText().strip().upper(),
            "rating": self.rating.value() or None,
            "federation": self.federation.text().strip().upper(),
            "fide_id": self.fide_id.text().strip(),
            "national_rating": self.national_rating.value() or None,
            "national_id": self.national_id.text().strip(),
            "sex": str(self.sex.currentData() or ""),
            "birth": self.birth.text().strip(),
            "club": self.club.text().strip(),
        }
        source = self.rating_source()
        if self.listed and source is not None:
            fields["rating_source"] = source
        return fields

    def changed_fields(self) -> dict[str, object]:
        """The fields that differ from the player's as shown (editing only)."""
        fields = self.fields()
        if self.player is None:
            return fields
        return {
            name: value
            for name, value in fields.items()
            if value != (getattr(self.player, name) or ("" if isinstance(value, str) else None))
        }

    def missed_rounds(self) -> str:
        """What the rounds missed by a late entry count as (``not-paired``, ``half-bye``, …)."""
        return str(self.missed.currentData())

    def missed_by_round(self) -> list[str]:
        """What each round missed counts as, round 1 first (empty unless a late entry)."""
        return [] if self.missed_each is None else self.missed_each.chosen()


class _LookUpOnEnter(QObject):
    """Return or Enter in a look-up field runs the look-up and goes no further."""

    def __init__(self, look_up: Callable[[], object], parent: QObject) -> None:
        super().__init__(parent)
        self._look_up = look_up

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._look_up()
            return True
        return super().eventFilter(watched, event)


def assert_members(members: MemberLookup | None) -> MemberLookup:
    assert members is not None  # the US Chess rows exist only with a member look-up
    return members


def assert_lookup(lookup: ListLookup | None) -> ListLookup:
    assert lookup is not None  # the lookup rows exist only with a lookup
    return lookup
