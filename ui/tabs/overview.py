"""Overview tab: the current bundle's report card (legal checklist, data practices, readability), computed in the
background with progress and Cancel, stored per version of the documents and exported to Markdown or HTML."""

from __future__ import annotations

import html
import re
from collections.abc import Generator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from .. import backend
from ..context import AppContext
from ..ops import OpRunner
from ..widgets import Banner, ProgressStrip, heading_label
from .bubble import cite_from_href, linkify


class OverviewTab(QWidget):
    """Shows the card of ``ctx.current_bundle``; the stored card opens at once, a new version is computed row by row."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.card: Any = None
        self.changes: Any = None
        self.lines: list[str] = []
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = heading_label("Report card")
        self.refresh_btn = QPushButton("&Recompute")
        self.refresh_btn.setToolTip("Read the bundle again even if this version's card is stored")
        self.refresh_btn.clicked.connect(lambda: self.load(refresh=True))
        self.export_btn = QPushButton("E&xport…")
        self.export_btn.setToolTip("Save the card as Markdown or as a standalone HTML page")
        self.export_btn.clicked.connect(self.export)
        top.addWidget(self.title, 1)
        top.addWidget(self.refresh_btn)
        top.addWidget(self.export_btn)
        lay.addLayout(top)
        self.banner = Banner()
        lay.addWidget(self.banner)
        self.progress = ProgressStrip()
        lay.addWidget(self.progress)
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._link)
        self.view.setAccessibleName("Report card")
        self.view.setPlaceholderText("The report card of the current bundle appears here.")
        lay.addWidget(self.view, 1)
        self.ops = OpRunner(ctx, display=self.progress, on_failed=self._failed, on_cancelled=self._cancelled, parent=self)
        self.ops.busy_changed.connect(self._update_buttons)
        ctx.current_bundle_changed.connect(lambda _name: self._bundle_changed())
        self._update_buttons(False)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.card is None or self.card.bundle != self.ctx.current_bundle:
            self.load()

    def _bundle_changed(self) -> None:
        self.card = None
        self.view.clear()
        if self.isVisible():
            self.load()

    def load(self, refresh: bool = False) -> None:
        """Open the stored card of the current bundle, or compute it (with progress and Cancel)."""
        a, name = self.ctx.assistant, self.ctx.current_bundle
        if a is None or not name or self.ops.busy:
            return
        self.banner.hide()
        self.lines = []
        self.title.setText(f"Report card: {name}")
        self.view.setHtml("<p>Reading the bundle…</p>")
        def job(cancel: Any) -> Generator[Any, None, tuple[Any, Any]]:
            card = yield from a.report(name, cancel, refresh=refresh)
            return card, a.report_changes(name)

        self.ops.run(f"Report card of {name}", job, self._show, on_progress=self._row_done)

    def _row_done(self, item: Any) -> None:
        message = getattr(item, "message", "")
        if getattr(item, "stage", "") == "report" and ":" in message and not message.startswith("checklist"):
            self.lines.append(message)
            self.view.setHtml("<p>Answering the checklist…</p><ul>" + "".join(f"<li>{html.escape(m)}</li>" for m in self.lines) + "</ul>")

    def _show(self, result: tuple[Any, Any]) -> None:
        self.card, self.changes = result
        a = self.ctx.assistant
        trust = a.trust() if a is not None else []
        page = self.card.to_html(trust, trust_links=True).replace("</body>", self.changes.to_html() + "</body>")
        # each [cite] opens its section in the Documents tab
        self.view.setHtml(re.sub(r"<cite>(\[[^\]<]+\])</cite>", lambda m: f"<cite>{linkify(m.group(1))}</cite>", page))
        self._update_buttons(False)

    def _link(self, url: QUrl) -> None:
        a, name = self.ctx.assistant, self.ctx.current_bundle
        if a is None or not name:
            return
        trust = backend.trust_target(url.toString())
        if trust is not None:
            self.ctx.open_trust_run.emit(*trust)
            return
        target = backend.cite_index(a, name).get(cite_from_href(url.toString()))
        if target is not None:
            self.ctx.open_citation.emit(target)

    def _failed(self, message: str) -> None:
        self.banner.show_message(f"The report card could not be computed: {message}", "error")
        self.view.clear()

    def _cancelled(self, _message: str) -> None:
        self.banner.show_message("Cancelled: nothing was stored; open the tab again or press Recompute to start over.", "info")

    def _update_buttons(self, busy: bool) -> None:
        self.refresh_btn.setEnabled(not busy and bool(self.ctx.current_bundle))
        self.export_btn.setEnabled(not busy and self.card is not None)

    def export(self, path: str | None = None) -> Path | None:
        """Save the card (Markdown, or HTML when the name ends in .html); ``path`` skips the dialog (tests)."""
        if self.card is None:
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export the report card", f"{self.card.bundle}-report.html",
                                                  "HTML page (*.html);;Markdown (*.md)")
            if not path:
                return None
        out = Path(path)
        trust = self.ctx.assistant.trust() if self.ctx.assistant is not None else []
        text = self.card.to_html(trust) if out.suffix.lower() in (".html", ".htm") else self.card.to_markdown(trust)
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.banner.show_message(f"cannot write {out}: {exc.strerror or exc}", "error")
            return None
        self.ctx.status_message.emit(f"Report card saved to {out}")
        return out
