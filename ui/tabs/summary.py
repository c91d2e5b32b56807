"""The summary pane of the Bundles tab: the Summarize button and a bundle's cited summary, each citation a link."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from .. import backend
from ..context import AppContext
from .bubble import linkify


class SummaryPane(QWidget):
    """Shows a :class:`~assistant.models.Summary`; the Bundles tab runs the summarize op and calls :meth:`show_summary`."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.summary: Any = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.summarize_btn = QPushButton("&Summarize this bundle")
        self.summarize_btn.setToolTip("A short cited summary: data collected, use, sharing, retention, rights…")
        row.addWidget(self.summarize_btn)
        row.addStretch(1)
        lay.addLayout(row)
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._link)
        self.view.setAccessibleName("Summary")
        self.view.setPlaceholderText("The summary appears here.")
        lay.addWidget(self.view, 1)

    def show_summary(self, summary: Any) -> None:
        self.summary = summary
        self.view.setHtml(summary_html(summary))

    def clear(self) -> None:
        self.summary = None
        self.view.clear()

    def keep_only(self, bundle: str) -> None:
        """Forget a summary of another bundle (the details now show ``bundle``)."""
        if self.summary is not None and getattr(self.summary, "bundle", None) != bundle:
            self.clear()

    def _link(self, url: QUrl) -> None:
        cid = url.toString().removeprefix("cite:")
        if self.summary is None:
            return
        for c in self.summary.citations:
            if c.cite_id == cid:
                self.ctx.open_citation.emit(backend.citation_target(self.summary.bundle, c))
                return


def summary_html(summary: Any) -> str:
    """A summary with each ``[cite]`` as a link."""
    lines = []
    for line in summary.text.splitlines():
        body = linkify(html.escape(line.removeprefix("- ")))
        if ":" in body:
            topic, rest = body.split(":", 1)
            body = f"<b>{topic}</b>:{rest}"
        lines.append(f"<li>{body}</li>")
    mode = "quoted from the policy (no language model)" if summary.mode == "extractive" else f"written by {html.escape(summary.model)}"
    return f"<ul>{''.join(lines)}</ul><p style='color:gray'>Summary {mode}. Click a citation to read the section.</p>"
