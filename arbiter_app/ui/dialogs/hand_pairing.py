"""Pair a whole round by hand: White and Black of every board, and the pairing-allocated bye.

For a round the rules leave without a pairing (FIDE C.04.3 article 1.9.3: the chief
arbiter decides; US Chess 27A1, 28L-28M: the TD does), or any round the arbiter pairs
otherwise (FIDE C.02, manual pairings). The boards start as the players in order of
score, each against the next, for the arbiter to change; under them the dialog says who
is placed twice or has no board yet. The rules are the session's: OK hands the round to
it (``set_pairing``, as ``arbiter-app pairing set`` does), which checks it against the
pairing rules and asks about what it breaks, each with its article, before anything is
stored; a refusal is shown over the dialog, which stays open with the boards as entered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.points import format_points
from arbiter_app.core.words import noun_for, sentence
from arbiter_app.session.hand_pairing import ToPair

Apply = Callable[[list[tuple[int, int]], int | None], bool]
"""(boards as (White, Black), the player with the bye or None) -> whether it was stored."""


class HandPairingDialog(QDialog):
    """Every board of round *round_no* among the players of *field* (highest score first);
    *apply* stores the round and says whether it did."""

    def __init__(
        self,
        round_no: int,
        field: Sequence[ToPair],
        apply: Apply,
        bye_word: str = "pairing-allocated bye",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.round_no, self.field, self._apply = round_no, tuple(field), apply
        title = f"Pair round {round_no} by hand"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        layout = QVBoxLayout(self)
        intro = QLabel(
            f"Choose White and Black on each board of round {round_no}. OK checks the round "
            "against the pairing rules and names what it breaks, with its article, before "
            "anything is stored (FIDE C.02, manual pairings). Players who withdrew or asked "
            "for a bye are not listed: they get what the pairing engine gives them.",
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        grid_holder = QWidget(self)
        grid = QGridLayout(grid_holder)
        grid.addWidget(QLabel("<b>Board</b>", grid_holder), 0, 0)
        grid.addWidget(QLabel("<b>White</b>", grid_holder), 0, 1)
        grid.addWidget(QLabel("<b>Black</b>", grid_holder), 0, 2)
        self.players = QStandardItemModel(self)
        self.row_of: dict[int, int] = {}
        for row, player in enumerate(self.field):
            item = QStandardItem(f"{player.tpn}. {player.name} ({format_points(player.points)})")
            item.setData(player.tpn, Qt.ItemDataRole.UserRole)
            self.players.appendRow(item)
            self.row_of[player.tpn] = row
        self.boards: list[tuple[QComboBox, QComboBox]] = []
        order = [p.tpn for p in self.field]
        for number in range(1, len(order) // 2 + 1):
            white = self._chooser(f"Board {number}, White", order[2 * number - 2], grid_holder)
            black = self._chooser(f"Board {number}, Black", order[2 * number - 1], grid_holder)
            grid.addWidget(QLabel(str(number), grid_holder), number, 0)
            grid.addWidget(white, number, 1)
            grid.addWidget(black, number, 2)
            self.boards.append((white, black))
        self.bye: QComboBox | None = None
        if len(order) % 2:
            row, label = len(self.boards) + 1, bye_word[:1].upper() + bye_word[1:]
            self.bye = self._chooser(label, order[-1], grid_holder)
            grid.addWidget(QLabel(label, grid_holder), row, 0)
            grid.addWidget(self.bye, row, 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(grid_holder)
        scroll.setMinimumHeight(min(grid_holder.sizeHint().height() + 2 * scroll.frameWidth(), 420))
        # As wide as the boards (both boxes whole, room for the scroll bar of a long list):
        # the list scrolls down only.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(
            grid_holder.sizeHint().width()
            + scroll.verticalScrollBar().sizeHint().width()
            + 2 * scroll.frameWidth()
        )
        layout.addWidget(scroll)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName("What the boards still need")
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(f"Pair round {round_no}")
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        # At least the width of the boards (an explicit minimum overrides the layout's).
        self.setMinimumWidth(
            max(self.fontMetrics().horizontalAdvance("x") * 80, layout.minimumSize().width())
        )
        self._sync()

    def _chooser(self, name: str, tpn: int, parent: QWidget) -> QComboBox:
        box = QComboBox(parent)
        box.setAccessibleName(name)
        # Every box shows the one list of players: a large field is built once, not once a
        # box (a thousand players would otherwise take seconds to open).
        box.setModel(self.players)
        # Sized by a name's usual length, not by measuring every entry of every box.
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(28)
        box.setCurrentIndex(self.row_of[tpn])
        box.currentIndexChanged.connect(lambda _: self._sync())
        return box

    def choice(self) -> tuple[list[tuple[int, int]], int | None]:
        """The boards as chosen, (White, Black) by pairing number, and the bye's player."""
        boards = [(int(w.currentData()), int(b.currentData())) for w, b in self.boards]
        return boards, None if self.bye is None else int(self.bye.currentData())

    def _sync(self) -> None:
        """Say who is on both sides of a board, placed twice or without a board (the
        session refuses or asks about each, with every other rule, on OK)."""
        boards, bye = self.choice()
        same = [n for n, (w, b) in enumerate(boards, start=1) if w == b]
        placed = Counter(t for pair in boards for t in pair)
        if bye is not None:
            placed[bye] += 1
        twice = sorted(t for t, times in placed.items() if times > 1)
        missing = [p.tpn for p in self.field if p.tpn not in placed]
        said = []
        if same:
            said.append(f"{_numbers('board', same)}: one player on both sides")
        if twice:
            said.append(f"placed twice: {_numbers('player', twice)}")
        if missing:
            said.append(f"without a board: {_numbers('player', missing)}")
        self.status.setText(sentence("; ".join(said)))

    def _ok(self) -> None:
        boards, bye = self.choice()
        if self._apply(boards, bye):
            self.accept()


def _numbers(word: str, numbers: Sequence[int]) -> str:
    """``player 4``, ``players 2, 3``."""
    return f"{noun_for(len(numbers), word)} {', '.join(map(str, numbers))}"
