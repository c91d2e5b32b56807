"""Ask tab: a chat about the current bundle with streamed answers, citation chips, history and export.

The answer bubble lives in :mod:`ui.tabs.bubble`, the conversations column in :mod:`ui.tabs.conversations`;
asking runs as a background op (:mod:`ui.ops`) whose one Cancel is the Stop button.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPlainTextEdit, QPushButton, QScrollArea, QVBoxLayout, QWidget

from .. import backend
from ..backend import CiteTarget
from ..context import AppContext
from ..ops import ButtonDisplay, OpRunner
from ..widgets import Banner, Chip, FlowLayout, columns, heading_label, muted_label, pane, size_columns
from ..worker import Job
from .bubble import MessageBubble, linkify, short_heading  # noqa: F401 - re-exported: ui.tabs.ask.MessageBubble, linkify
from .conversations import ConversationsPane


class QuestionEdit(QPlainTextEdit):
    """A few-line question box: Enter asks, Shift+Enter starts a new line."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setPlaceholderText("Ask about this bundle's policies… (Enter to ask, Shift+Enter for a new line)")
        self.setTabChangesFocus(True)
        self.setAccessibleName("Question")
        fm = self.fontMetrics()
        self.setFixedHeight(int(fm.lineSpacing() * 3.2 + 12))

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (e.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            self.submitted.emit()
            return
        super().keyPressEvent(e)


class AskTab(QWidget):
    """The chat: one conversation at a time, stored per bundle by the facade."""

    answered = Signal(object)  # the Answer, after it is shown
    job_done = Signal(str)  # finished | errored | cancelled

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.conversation_id: int | None = None
        self.bubbles: list[MessageBubble] = []
        self._wrappers: list[QWidget] = []
        self._pending: MessageBubble | None = None
        self._index: dict[str, CiteTarget] = {}
        self._index_bundle = ""

        outer = QHBoxLayout(self)
        split = columns(outer, 0)

        # conversations ------------------------------------------------------------------------
        self.sidebar = ConversationsPane(ctx)
        split.addWidget(self.sidebar)
        self.new_btn, self.conv_list = self.sidebar.new_btn, self.sidebar.conv_list
        self.copy_btn, self.export_btn = self.sidebar.copy_btn, self.sidebar.export_btn
        self.new_btn.clicked.connect(self.new_conversation)
        self.copy_btn.clicked.connect(self.copy_conversation)
        self.export_btn.clicked.connect(lambda: self.export_conversation())
        self.sidebar.chosen.connect(self._conv_chosen)

        # chat -----------------------------------------------------------------------------------
        ml = pane(split)
        self.title = heading_label("Ask", 1.3)
        ml.addWidget(self.title)
        self.mode_banner = Banner()
        ml.addWidget(self.mode_banner)
        self.banner = Banner()
        ml.addWidget(self.banner)
        self.sidebar.failed.connect(lambda m: self.banner.show_message(m, "error"))

        self.chat_scroll = QScrollArea()
        self.chat_scroll.setWidgetResizable(True)
        self.chat_scroll.setFrameShape(QFrame.Shape.StyledPanel)
        self.chat_scroll.setAccessibleName("Conversation")
        self.chat = QWidget()
        self.chat_layout = QVBoxLayout(self.chat)
        self.chat_layout.setContentsMargins(10, 10, 10, 10)
        self.chat_layout.setSpacing(10)
        self.empty = self._empty_state()
        self.chat_layout.addWidget(self.empty)
        self.chat_layout.addStretch(1)
        self.chat_scroll.setWidget(self.chat)
        self.chat_scroll.verticalScrollBar().rangeChanged.connect(self._maybe_scroll)
        ml.addWidget(self.chat_scroll, 1)

        irow = QHBoxLayout()
        self.input = QuestionEdit()
        self.input.submitted.connect(lambda: self.ask())
        self.ask_btn = QPushButton("&Ask")
        self.ask_btn.setDefault(True)
        self.ask_btn.clicked.connect(lambda: self.ask())
        self.stop_btn = QPushButton("&Stop")
        self.stop_btn.setToolTip("Stop the answer being written (Esc)")
        btncol = QVBoxLayout()
        btncol.addWidget(self.ask_btn)
        btncol.addWidget(self.stop_btn)
        irow.addWidget(self.input, 1)
        irow.addLayout(btncol)
        ml.addLayout(irow)
        size_columns(split, [1, 4], [230, 770])

        # the answer bubble shows the progress; the Stop button is the job's one Cancel
        self.ops = OpRunner(ctx, ButtonDisplay(self.stop_btn), on_failed=self._failed, on_cancelled=self._cancelled, parent=self)
        self.ops.busy_changed.connect(lambda _busy: self._update_state())
        self.ops.ended.connect(self._end)

        QShortcut(QKeySequence("Ctrl+L"), self).activated.connect(self.input.setFocus)
        for first, second in ((self.input, self.ask_btn), (self.ask_btn, self.stop_btn), (self.stop_btn, self.new_btn),
                              (self.new_btn, self.conv_list), (self.conv_list, self.copy_btn), (self.copy_btn, self.export_btn)):
            self.setTabOrder(first, second)

        ctx.current_bundle_changed.connect(self._bundle_changed)
        ctx.bundles_changed.connect(self._bundles_changed)
        ctx.assistant_ready.connect(lambda: self._bundle_changed(self.ctx.current_bundle))
        ctx.model_status_changed.connect(self._model_status)
        self._bundle_changed(ctx.current_bundle)

    @property
    def job(self) -> Job | None:
        """The answer being written, ``None`` when idle."""
        return self.ops.job

    # empty state ----------------------------------------------------------------------------------
    def _empty_state(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 20, 0, 0)
        self.empty_title = heading_label("Ask anything about this site's privacy policy", 1.2)
        self.empty_title.setWordWrap(True)
        lay.addWidget(self.empty_title)
        lay.addWidget(muted_label("Answers come only from the bundle's documents and cite the sections they rest on. "
                                  "Click a citation to read it in context. Try one of these:"))
        box = QWidget()
        self.suggestions = FlowLayout(box)
        for q in backend.starter_questions():
            chip = Chip(q, "suggestion", "Ask this question")
            chip.clicked.connect(lambda _=False, text=q: self.ask(text))
            self.suggestions.addWidget(chip)
        lay.addWidget(box)
        return w

    def suggestion_buttons(self) -> list[Chip]:
        items = (self.suggestions.itemAt(i) for i in range(self.suggestions.count()))
        return [w for w in (it.widget() if it is not None else None for it in items) if isinstance(w, Chip)]

    # bundles & conversations ----------------------------------------------------------------------
    def _bundles_changed(self) -> None:
        if self.ctx.current_bundle != self._index_bundle:
            self._bundle_changed(self.ctx.current_bundle)
        else:
            self._index = {}
            self._update_state()

    def _bundle_changed(self, name: str) -> None:
        if self.job is not None:
            return  # the running answer belongs to the bundle it was asked about; switch when it ends
        self._index = {}
        self._index_bundle = name
        company = self.ctx.company(name) if name else ""
        self.title.setText(f"Ask about {company}" if name else "Ask")
        self.empty_title.setText(f"Ask anything about {company}'s privacy policy" if name else
                                 "Load a bundle first (Bundles tab), then ask about it here")
        convs = self.sidebar.fill(self.conversation_id)
        if convs:
            self.load_conversation(convs[0].id)
        else:
            self.conversation_id = None
            self._clear_chat()
        self._update_state()

    def _conv_chosen(self, cid: int) -> None:
        if cid != self.conversation_id and self.job is None:
            self.load_conversation(cid)

    def new_conversation(self) -> None:
        if self.job is not None:
            return
        self.conversation_id = None
        self.sidebar.select(None)
        self._clear_chat()
        self._update_state()
        self.input.setFocus()

    def cite_index(self) -> dict[str, CiteTarget]:
        if not self._index and self.ctx.assistant is not None and self.ctx.current_bundle:
            try:
                self._index = backend.cite_index(self.ctx.assistant, self.ctx.current_bundle)
            except Exception:  # noqa: BLE001 - bundle removed meanwhile
                self._index = {}
        return self._index

    def load_conversation(self, cid: int | None) -> None:
        """Show a stored conversation (history survives restarts: it lives in the facade's SQLite store)."""
        a = self.ctx.assistant
        self._clear_chat()
        self.conversation_id = cid
        if a is None or cid is None:
            return
        bundle = self.ctx.current_bundle
        index = self.cite_index()
        asked = ""
        for m in a.messages(cid):
            if m.role == "user":
                asked = m.content
                self._add_bubble(MessageBubble("user", m.content))
            else:
                b = MessageBubble("assistant")
                cites, related = backend.message_targets(bundle, m, index)
                meta = m.meta or {}
                b.set_answer(m.content, meta.get("status", "answered"), meta.get("mode", ""), meta.get("model", ""), cites, related,
                             stance=meta.get("stance", "") or "")
                if asked and meta.get("status", "answered") == "answered":
                    b.set_trust(self.trust_text(question=asked))
                self._add_bubble(b)
        self.sidebar.fill(cid)  # listed and selected, also when it was stored by someone else (the CLI, a test)
        self._update_state()
        QTimer.singleShot(0, self._scroll_to_end)

    def trust_text(self, category: str | None = None, question: str | None = None) -> str:
        """The self-benchmark's figures for this kind of question, as the line under an answer."""
        a = self.ctx.assistant
        if a is None:
            return ""
        from assistant.categories import category_of, label

        key = category if category else category_of(question or "")
        every = a.trust()  # one read of the stored figures: whether any run exists, and this kind's
        return backend.trust_html([f for f in every if f.category == key], bool(every), label(key))

    def _clear_chat(self) -> None:
        for w in self._wrappers:
            w.setParent(None)
            w.deleteLater()
        self._wrappers = []
        self.bubbles = []
        self.empty.setVisible(True)

    def _add_bubble(self, b: MessageBubble) -> None:
        self.empty.setVisible(False)
        b.citation_clicked.connect(self.ctx.open_citation.emit)
        b.trust_clicked.connect(self.ctx.open_trust_run.emit)
        wrap = QWidget()
        wl = QHBoxLayout(wrap)
        wl.setContentsMargins(0, 0, 0, 0)
        if b.role == "user":
            wl.addSpacing(80)
            wl.addWidget(b, 1)
        else:
            wl.addWidget(b, 1)
            wl.addSpacing(40)
        self.chat_layout.insertWidget(self.chat_layout.count() - 1, wrap)
        self._wrappers.append(wrap)
        self.bubbles.append(b)

    # asking --------------------------------------------------------------------------------------
    def ask(self, question: str | None = None) -> Job | None:
        a = self.ctx.assistant
        question = (question if question is not None else self.input.toPlainText()).strip()
        if not question or self.job is not None:
            return None
        if a is None or not self.ctx.current_bundle:
            self.banner.show_message("load a bundle first (Bundles tab → Add documents or a ready-made bundle)", "error")
            return None
        self.banner.hide()
        bundle, cid = self.ctx.current_bundle, self.conversation_id
        self.input.clear()
        self._add_bubble(MessageBubble("user", question))
        pending = MessageBubble("assistant")
        pending.start_streaming()
        self._add_bubble(pending)
        self._pending = pending

        def work(cancel: Any) -> Any:
            conv = cid if cid is not None else a.new_conversation(bundle, question[:80]).id
            answer = yield from a.ask(bundle, question, cancel=cancel, conversation_id=conv)
            return conv, answer, bundle

        return self.ops.run("Answering", work, self._finished, on_progress=self._progress, on_partial=pending.append_partial)

    def stop(self) -> None:
        self.ops.cancel()

    def _progress(self, p: Any) -> None:
        if self._pending is not None and not self._pending.streamed:
            self._pending.start_streaming(getattr(p, "message", "Working…").capitalize() + "…")

    def _finished(self, result: Any) -> None:
        cid, answer, bundle = result
        first = self.conversation_id is None
        self.conversation_id = cid
        b = self._pending
        if b is not None:
            cites = [backend.citation_target(bundle, c) for c in answer.citations]
            related = [backend.citation_target(bundle, e) for e in answer.related]
            b.set_answer(answer.text, answer.status, answer.mode, answer.model, cites, related, answer.timings.get("total_s"),
                         stance=answer.stance)
            if answer.status == "answered":
                b.set_trust(self.trust_text(category=answer.category))
        if first:
            self.sidebar.fill(cid)
        self.answered.emit(answer)

    def _failed(self, message: str) -> None:
        if self._pending is not None:
            self._pending.set_failed(message)
        self.banner.show_message(message, "error")

    def _cancelled(self, message: str) -> None:
        if self._pending is not None:
            self._pending.set_failed(message, cancelled=True)

    def _end(self, state: str) -> None:
        self._pending = None
        self._update_state()
        self.job_done.emit(state)
        if self._index_bundle != self.ctx.current_bundle:
            self._bundle_changed(self.ctx.current_bundle)
        self.input.setFocus()

    def _update_state(self) -> None:
        ready = self.ctx.ready and bool(self.ctx.current_bundle)
        busy = self.job is not None
        self.ask_btn.setEnabled(ready and not busy)
        self.input.setEnabled(ready)
        self.sidebar.set_state(ready, busy, self.conversation_id is not None)
        for chip in self.suggestion_buttons():
            chip.setEnabled(ready and not busy)

    def _model_status(self, status: dict[str, Any]) -> None:
        if status.get("mode") == "generative":
            notice = status.get("notice") or ""
            if notice:
                self.mode_banner.show_message(notice, "warning")
            else:
                self.mode_banner.hide()
            return
        reason = status.get("error") or "no model configured"
        self.mode_banner.show_message(
            f"No language model is loaded ({reason}), so answers quote the policy word for word (extractive mode). "
            "To add a model, open Settings → Model file and choose a GGUF file, or pick the embedded model.", "warning")

    def _maybe_scroll(self, _min: int, _max: int) -> None:
        if self.job is not None:
            self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        bar = self.chat_scroll.verticalScrollBar()
        bar.setValue(bar.maximum())

    # copy / export --------------------------------------------------------------------------------
    def markdown(self) -> str:
        return self.sidebar.markdown(self.conversation_id)

    def copy_conversation(self) -> str:
        return self.sidebar.copy(self.conversation_id)

    def export_conversation(self, path: str | Path | None = None) -> Path | None:
        return self.sidebar.export(self.conversation_id, path)
