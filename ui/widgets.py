"""Reusable widgets: a flow layout, citation chips, a message banner and a progress strip with Cancel."""

from __future__ import annotations

import html
import time

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
    QWidgetItem,
)

from . import theme


class FlowLayout(QLayout):
    """Lays out children left to right, wrapping to new lines (for chips)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)

    def addWidget(self, w: QWidget) -> None:  # noqa: N802 - Qt API
        self.addChildWidget(w)
        self.addItem(QWidgetItem(w))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        return self._do_layout(QRect(0, 0, width, 0), test=True)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        super().setGeometry(rect)
        self._do_layout(rect, test=False)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m: QMargins = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _do_layout(self, rect: QRect, test: bool) -> int:
        m = self.contentsMargins()
        eff = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, line_h = eff.x(), eff.y(), 0
        for item in self._items:
            w = item.widget()
            if w is not None and w.isHidden():
                continue
            hint = item.sizeHint()
            next_x = x + hint.width() + self._spacing
            if next_x - self._spacing > eff.right() + 1 and line_h > 0:
                x = eff.x()
                y += line_h + self._spacing
                next_x = x + hint.width() + self._spacing
                line_h = 0
            if not test:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x = next_x
            line_h = max(line_h, hint.height())
        return y + line_h - rect.y() + m.bottom()

    def clear(self) -> None:
        while self._items:
            item = self._items.pop()
            w = item.widget()
            if w is not None:
                w.setParent(None)
                w.deleteLater()


class Chip(QPushButton):
    """A small rounded, focusable button: a citation (``kind='cite'``), a related section or a suggestion."""

    def __init__(self, text: str, kind: str = "cite", tooltip: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.kind = kind
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        if tooltip:
            self.setToolTip(tooltip)
        self.restyle()

    def restyle(self) -> None:
        c = theme.colors()
        if self.kind == "cite":
            bg, fg, border = c.chip_bg, c.chip_fg, c.chip_border
        elif self.kind == "related":
            bg, fg, border = c.related_bg, c.related_fg, c.silent_border
        else:  # suggestion
            bg, fg, border = c.bubble_bg, c.chip_fg, c.chip_border
        self.setStyleSheet(
            f"QPushButton {{ background: {bg}; color: {fg}; border: 1px solid {border}; border-radius: 11px;"
            f" padding: 3px 10px; }}"
            f"QPushButton:hover {{ border: 1px solid {fg}; }}"
            f"QPushButton:focus {{ border: 2px solid {fg}; }}"
        )


class Banner(QFrame):
    """An inline message bar (error, warning or info) with a close button; never modal."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("banner")
        self.level = "info"
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 6, 6)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.label.setOpenExternalLinks(False)
        self.close_btn = QToolButton()
        self.close_btn.setText("✕")
        self.close_btn.setToolTip("Dismiss")
        self.close_btn.setAutoRaise(True)
        self.close_btn.clicked.connect(self.dismiss)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.close_btn, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_message(self, text: str, level: str = "error") -> None:
        self.level = level
        c = theme.colors()
        bg, fg = {"error": (c.error_bg, c.error_fg), "warning": (c.silent_bg, c.chip_fg if c.dark else "#5c4200"),
                  "info": (c.info_bg, c.info_fg)}.get(level, (c.info_bg, c.info_fg))
        self.setStyleSheet(f"QFrame#banner {{ background: {bg}; border-radius: 6px; }} QFrame#banner QLabel {{ color: {fg}; }}")
        prefix = {"error": "Error: ", "warning": "", "info": ""}.get(level, "")
        self.label.setText(f"<b>{html.escape(prefix)}</b>{html.escape(text)}" if prefix else html.escape(text))
        self.label.setAccessibleName(f"{prefix}{text}")
        self.show()

    def text(self) -> str:
        return self.label.accessibleName()

    def dismiss(self) -> None:
        self.hide()
        self.closed.emit()


class ProgressStrip(QWidget):
    """A label with the current step, a progress bar with ETA, and a Cancel button (hidden when idle).

    It is a :class:`ui.ops.ProgressDisplay`: give it to an :class:`ui.ops.OpRunner` and the runner starts, updates,
    cancels and hides it for each op."""

    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None, show_eta: bool = False):
        super().__init__(parent)
        self.show_eta = show_eta
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setMinimumWidth(120)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.bar = QProgressBar()
        self.bar.setMinimumWidth(160)
        self.bar.setMaximumWidth(360)
        self.bar.setTextVisible(True)
        self.cancel_btn = QPushButton("Cancel")
        self.cancel_btn.setToolTip("Stop this job (Esc)")
        self.cancel_btn.clicked.connect(self.cancel_requested.emit)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.bar)
        lay.addWidget(self.cancel_btn)
        self._started = 0.0
        self.setVisible(False)

    def start(self, message: str) -> None:
        self._started = time.monotonic()
        self.label.setText(message)
        self.bar.setRange(0, 0)
        self.cancel_btn.setEnabled(True)
        self.setVisible(True)

    def update_progress(self, message: str, done: int = 0, total: int = 0) -> None:
        text = message
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))
            self.bar.setFormat(f"{done}/{total}")
            if self.show_eta and done > 0 and "ETA" not in message:
                elapsed = time.monotonic() - self._started
                remaining = elapsed / done * (total - done)
                text = f"{message} — about {format_duration(remaining)} left"
        else:
            self.bar.setRange(0, 0)
        self.label.setText(text)

    def finish(self) -> None:
        self.setVisible(False)

    def cancelling(self) -> None:
        self.cancel_btn.setEnabled(False)
        self.label.setText("Cancelling…")


def format_duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def columns(outer: QBoxLayout, stretch: int = 1) -> QSplitter:
    """A horizontal splitter (panes cannot be collapsed away) added to ``outer``; fill it with :func:`pane`."""
    split = QSplitter(Qt.Orientation.Horizontal)
    split.setChildrenCollapsible(False)
    outer.addWidget(split, stretch)
    return split


def pane(split: QSplitter) -> QVBoxLayout:
    """A new margin-less column at the right end of ``split``; returns its layout."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    split.addWidget(box)
    return layout


def size_columns(split: QSplitter, stretches: list[int], sizes: list[int]) -> None:
    """Initial widths and how extra width is shared between the columns."""
    for i, f in enumerate(stretches):
        split.setStretchFactor(i, f)
    split.setSizes(sizes)


def tab_page(tabs: QTabWidget, label: str) -> QVBoxLayout:
    """A new page at the end of ``tabs``: a margin-less column a little below the tab bar; returns its layout."""
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 4, 0, 0)
    tabs.addTab(page, label)
    return layout


def heading_label(text: str, scale: float = 1.25, bold: bool = True) -> QLabel:
    """A label whose font is the system font scaled (so it follows the user's font size)."""
    lbl = QLabel(text)
    f = lbl.font()
    f.setPointSizeF(f.pointSizeF() * scale)
    f.setBold(bold)
    lbl.setFont(f)
    return lbl


def summary_label(text: str = "") -> QLabel:
    """A wrapped, selectable rich-text label for a run's summary."""
    lbl = QLabel(text)
    lbl.setWordWrap(True)
    lbl.setTextFormat(Qt.TextFormat.RichText)
    lbl.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return lbl


def muted_label(text: str = "") -> QLabel:
    lbl = QLabel(text)
    lbl.setWordWrap(True)
    lbl.setStyleSheet(f"color: {theme.colors().muted};")
    return lbl
