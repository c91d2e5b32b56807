"""The read-only document text of the Documents tab: cited ranges highlighted, scrolled to, found."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from .. import theme
from ..backend import utf16_offset


class DocumentView(QPlainTextEdit):
    """Read-only document text; positions are the facade's character offsets (Python string indices)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setAccessibleName("Document text")
        self.text = ""
        self.document().setDocumentMargin(14)

    def load(self, text: str) -> None:
        self.text = text
        self.setPlainText(text)
        self.setExtraSelections([])

    def cursor_at(self, start: int, end: int) -> QTextCursor:
        c = QTextCursor(self.document())
        c.setPosition(utf16_offset(self.text, start))
        c.setPosition(utf16_offset(self.text, end), QTextCursor.MoveMode.KeepAnchor)
        return c

    def emphasize(self, start: int, end: int) -> None:
        """Bold a heading line (formatting of a read-only view, not the text)."""
        fmt = QTextCharFormat()
        fmt.setFontWeight(700)
        self.cursor_at(start, end).mergeCharFormat(fmt)

    def highlight(self, start: int, end: int, section: tuple[int, int] | None = None, strong: bool = True) -> None:
        """Highlight ``start:end`` (strongly for a citation, lightly for a section), and its ``section`` lightly."""
        c = theme.colors()
        selections = []
        if section is not None:
            sel = QTextEdit.ExtraSelection()
            sel.cursor = self.cursor_at(*section)
            sel.format.setBackground(QColor(c.section_tint))
            selections.append(sel)
        sel = QTextEdit.ExtraSelection()
        sel.cursor = self.cursor_at(start, end)
        sel.format.setBackground(QColor(c.highlight if strong else c.section_tint))
        if c.dark and strong:
            sel.format.setForeground(QColor("#ffffff"))
        sel.format.setProperty(QTextFormat.Property.FullWidthSelection, False)
        selections.append(sel)
        self.setExtraSelections(selections)

    def scroll_to(self, start: int) -> None:
        cursor = QTextCursor(self.document())
        cursor.setPosition(utf16_offset(self.text, start))
        self.setTextCursor(cursor)
        self.centerCursor()
        self.ensureCursorVisible()

    def highlighted_text(self) -> str:
        """The text of the strongest highlight (the cited range), with newlines restored."""
        sels = self.extraSelections()
        if not sels:
            return ""
        return sels[-1].cursor.selectedText().replace("\u2029", "\n")

    def cited_range_visible(self) -> bool:
        sels = self.extraSelections()
        if not sels:
            return False
        c = QTextCursor(sels[-1].cursor)
        c.setPosition(sels[-1].cursor.selectionStart())
        return self.viewport().rect().intersects(self.cursorRect(c))

    def find_wrapping(self, text: str, backward: bool = False) -> bool:
        """Select the next (or previous) occurrence of ``text``, wrapping around the document."""
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        found = self.find(text, flags)
        if not found:
            self.moveCursor(QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start)
            found = self.find(text, flags)
        return found
