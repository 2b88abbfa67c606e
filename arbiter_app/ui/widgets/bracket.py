"""The play-off bracket: stages left to right, boxes of players, lines to the next stage.

Every colour comes from the widget's palette (base, text, mid, highlight), so
the drawing follows light and dark themes and high-contrast settings.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from arbiter_app.ui.playoff_view import BracketBox, BracketStage

PADDING = 8
"""Space inside a box around its text, in pixels at 96 dpi (scaled with the font)."""


class BracketView(QWidget):
    """Draws the stages of a play-off; the drawing grows with its font (high-DPI safe)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stages: tuple[BracketStage, ...] = ()
        self.setAccessibleName("Play-off bracket")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAutoFillBackground(True)

    def set_stages(self, stages: tuple[BracketStage, ...]) -> None:
        self._stages = stages
        self.setAccessibleDescription(self.describe())
        self.updateGeometry()
        self.update()

    @property
    def stages(self) -> tuple[BracketStage, ...]:
        return self._stages

    def describe(self) -> str:
        """The bracket in words, for screen readers and the tooltip."""
        parts = []
        for stage in self._stages:
            boxes = "; ".join(
                f"{box.title}: "
                + ", ".join(
                    f"{e.name} {e.detail}".strip() + (" (goes on)" if e.advances else "")
                    for e in box.entries
                )
                for box in stage.boxes
            )
            parts.append(f"{stage.title}: {boxes}")
        return ". ".join(parts) if parts else "No play-off stages yet"

    # -- geometry ----------------------------------------------------------------------
    def _metrics(self) -> tuple[QFontMetrics, QFontMetrics, int]:
        fm = QFontMetrics(self.font())
        bold = QFont(self.font())
        bold.setBold(True)
        pad = max(PADDING, fm.height() // 2)
        return fm, QFontMetrics(bold), pad

    def _box_size(self, box: BracketBox) -> QSize:
        fm, bfm, pad = self._metrics()
        name_w = max((fm.horizontalAdvance(e.name) for e in box.entries), default=0)
        detail_w = max((fm.horizontalAdvance(e.detail) for e in box.entries), default=0)
        width = max(bfm.horizontalAdvance(box.title), name_w + detail_w + 3 * pad) + 2 * pad
        title_h = bfm.height() + pad // 2 if box.title else 0
        height = pad + title_h + len(box.entries) * (fm.height() + pad // 2) + pad // 2
        return QSize(width, height)

    def _layout(self) -> list[tuple[BracketStage, list[QRectF], QRectF]]:
        """Each stage's box rectangles, and the rectangle of the stage's title."""
        _, bfm, pad = self._metrics()
        gap_x = 4 * pad
        gap_y = 2 * pad
        x = float(pad)
        columns: list[tuple[BracketStage, list[QRectF], QRectF]] = []
        tallest = 0.0
        sizes = [[self._box_size(b) for b in s.boxes] for s in self._stages]
        for stage_sizes in sizes:
            tallest = max(tallest, sum(s.height() for s in stage_sizes) + gap_y * len(stage_sizes))
        for stage, stage_sizes in zip(self._stages, sizes, strict=True):
            width = max([bfm.horizontalAdvance(stage.title), *(s.width() for s in stage_sizes)])
            title = QRectF(x, pad, width, bfm.height())
            # Centre the column's boxes vertically against the tallest column, so the
            # lines to the next stage run towards the middle as in a printed bracket.
            used = sum(s.height() for s in stage_sizes) + gap_y * (len(stage_sizes) - 1)
            y = title.bottom() + pad + (tallest - used) / 2
            rects = []
            for size in stage_sizes:
                rects.append(QRectF(x, y, width, size.height()))
                y += size.height() + gap_y
            columns.append((stage, rects, title))
            x += width + gap_x
        return columns

    def sizeHint(self) -> QSize:
        columns = self._layout()
        if not columns:
            fm = QFontMetrics(self.font())
            return QSize(fm.horizontalAdvance(self.describe()) + 20, fm.height() * 3)
        _, _, pad = self._metrics()
        right = max(r.right() for _, rects, title in columns for r in [*rects, title])
        bottom = max(r.bottom() for _, rects, title in columns for r in [*rects, title])
        return QSize(int(right) + pad, int(bottom) + pad)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    # -- painting ----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        fm, bfm, pad = self._metrics()
        bold = QFont(self.font())
        bold.setBold(True)
        columns = self._layout()
        if not columns:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.describe())
            return
        # The connecting lines use the text colour, softened, so they stay visible on
        # light and dark bases alike (Mid is too faint on a white base).
        line_colour = palette.color(QPalette.ColorRole.Text)
        line_colour.setAlphaF(0.55)
        line_pen = QPen(line_colour, max(1.5, fm.height() / 10))
        # Lines first, so that boxes are drawn over their ends.
        for (_, rects, _), (_, next_rects, _) in itertools.pairwise(columns):
            painter.setPen(line_pen)
            for rect in rects:
                target = min(next_rects, key=lambda r: abs(r.center().y() - rect.center().y()))
                mid_x = (rect.right() + target.left()) / 2
                start = QPointF(rect.right(), rect.center().y())
                end = QPointF(target.left(), target.center().y())
                painter.drawLine(start, QPointF(mid_x, start.y()))
                painter.drawLine(QPointF(mid_x, start.y()), QPointF(mid_x, end.y()))
                painter.drawLine(QPointF(mid_x, end.y()), end)
        for stage, rects, title in columns:
            painter.setFont(bold)
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.drawText(title, Qt.AlignmentFlag.AlignLeft, stage.title)
            for box, rect in zip(stage.boxes, rects, strict=True):
                self._paint_box(painter, box, rect, pad, fm, bfm, bold)
        painter.end()

    def _paint_box(
        self,
        painter: QPainter,
        box: BracketBox,
        rect: QRectF,
        pad: int,
        fm: QFontMetrics,
        bfm: QFontMetrics,
        bold: QFont,
    ) -> None:
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.brush(QPalette.ColorRole.AlternateBase))
        painter.drawRoundedRect(rect, pad / 2, pad / 2)
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        y = rect.top() + pad
        if box.title:
            painter.drawText(
                QRectF(rect.left() + pad, y, rect.width() - 2 * pad, bfm.height()),
                Qt.AlignmentFlag.AlignLeft,
                box.title,
            )
            y += bfm.height() + pad / 2
        painter.setFont(self.font())
        for entry in box.entries:
            line = QRectF(rect.left() + pad / 2, y, rect.width() - pad, fm.height() + pad / 2)
            if entry.advances:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(palette.brush(QPalette.ColorRole.Highlight))
                painter.drawRoundedRect(line, pad / 3, pad / 3)
                painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
            else:
                painter.setPen(palette.color(QPalette.ColorRole.Text))
            inner = line.adjusted(pad / 2, pad / 4, -pad / 2, 0)
            painter.drawText(inner, Qt.AlignmentFlag.AlignLeft, entry.name)
            painter.drawText(inner, Qt.AlignmentFlag.AlignRight, entry.detail)
            y += fm.height() + pad / 2
