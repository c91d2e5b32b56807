"""The conversations column of the Ask tab: the stored conversations of the current bundle, New, Copy and Export."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from ..context import AppContext
from ..widgets import heading_label


class ConversationsPane(QWidget):
    """Lists a bundle's conversations (history lives in the facade's SQLite store) and exports one as Markdown."""

    chosen = Signal(int)  # a conversation id the user picked
    failed = Signal(str)  # one-line message (export could not write)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(heading_label("Conversations", 1.1))
        self.new_btn = QPushButton("&New conversation")
        lay.addWidget(self.new_btn)
        self.conv_list = QListWidget()
        self.conv_list.setAccessibleName("Conversations about this bundle")
        self.conv_list.itemActivated.connect(self._activated)
        self.conv_list.itemClicked.connect(self._activated)
        lay.addWidget(self.conv_list, 1)
        row = QHBoxLayout()
        self.copy_btn = QPushButton("&Copy")
        self.copy_btn.setToolTip("Copy this conversation as Markdown")
        self.export_btn = QPushButton("E&xport…")
        self.export_btn.setToolTip("Save this conversation as a Markdown file (Ctrl+E)")
        row.addWidget(self.copy_btn)
        row.addWidget(self.export_btn)
        lay.addLayout(row)

    def conversations(self) -> list[Any]:
        """The current bundle's conversations, newest first."""
        a = self.ctx.assistant
        if a is None or not self.ctx.current_bundle:
            return []
        try:
            return list(a.conversations(self.ctx.current_bundle))
        except Exception:  # noqa: BLE001 - a removed bundle simply has no conversations
            return []

    def fill(self, current: int | None) -> list[Any]:
        """List the conversations, ``current`` selected; returns them."""
        convs = self.conversations()
        self.conv_list.blockSignals(True)
        self.conv_list.clear()
        for c in convs:
            item = QListWidgetItem(f"{c.title}\n{c.created[:16].replace('T', ' ')}")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            item.setToolTip(c.title)
            self.conv_list.addItem(item)
            if c.id == current:
                self.conv_list.setCurrentItem(item)
        self.conv_list.blockSignals(False)
        return convs

    def select(self, cid: int | None) -> None:
        if cid is None:
            self.conv_list.clearSelection()
            return
        for i in range(self.conv_list.count()):
            if self.conv_list.item(i).data(Qt.ItemDataRole.UserRole) == cid:
                self.conv_list.setCurrentRow(i)

    def set_state(self, ready: bool, busy: bool, has_conversation: bool) -> None:
        self.new_btn.setEnabled(ready and not busy)
        self.copy_btn.setEnabled(has_conversation)
        self.export_btn.setEnabled(has_conversation)

    def _activated(self, item: QListWidgetItem) -> None:
        cid = item.data(Qt.ItemDataRole.UserRole)
        if cid is not None:
            self.chosen.emit(int(cid))

    # copy / export ------------------------------------------------------------------------------
    def markdown(self, cid: int | None) -> str:
        a = self.ctx.assistant
        if a is None or cid is None:
            return ""
        text = a.export_markdown(cid)
        return text.replace("# Conversation", f"# Conversation about {self.ctx.company()}'s privacy policy", 1)

    def copy(self, cid: int | None) -> str:
        text = self.markdown(cid)
        if text:
            QGuiApplication.clipboard().setText(text)
            self.ctx.status_message.emit("Conversation copied as Markdown")
        return text

    def export(self, cid: int | None, path: str | Path | None = None) -> Path | None:
        """Write the conversation as Markdown to ``path`` (asked for when ``None``)."""
        text = self.markdown(cid)
        if not text:
            return None
        if path is None:
            suggested = str(Path.home() / f"{self.ctx.current_bundle or 'conversation'}-conversation.md")
            chosen, _ = QFileDialog.getSaveFileName(self, "Export conversation", suggested, "Markdown (*.md);;All files (*)")
            if not chosen:
                return None
            path = chosen
        p = Path(path)
        try:
            p.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.failed.emit(f"cannot write {p}: {exc.strerror or exc}")
            return None
        self.ctx.status_message.emit(f"Conversation exported to {p}")
        return p
