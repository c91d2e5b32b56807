"""Ask tab: a chat about the current bundle with streamed answers, citation chips, history and export."""

from __future__ import annotations

import html
import urllib.parse
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from assistant.compose import BADGES
from assistant.text import CITE

from .. import backend, theme
from ..backend import CiteTarget
from ..context import AppContext
from ..widgets import Banner, Chip, FlowLayout, columns, heading_label, muted_label, pane, size_columns
from ..worker import Job

#: What each verdict badge means, as its tooltip says.
VERDICT_TIPS = {
    "yes": "The policy says so; the quoted sentences are what the verdict rests on.",
    "no": "The policy says it does not (or that you cannot); the quoted sentences are what the verdict rests on.",
    "not_stated": "The bundle's documents do not address this question.",
    "not_applicable": "The question does not apply to this bundle's documents.",
    "unclear": "The policy has related text but does not say either way: read the quotes and decide.",
}
#: Stances that get no badge: a descriptive answer ("answered") or no verdict at all (closed-book answers).
NO_BADGE = ("", "answered")
EXTRACTIVE_NOTE = "Extractive mode: no language model, the answer quotes the policy"
COMPOSED_NOTE = "Composed from the policy's own sentences: the model's draft did not pass the check"


def linkify(escaped: str) -> str:
    """Turn ``[PP §4]`` markers of an HTML-escaped text into ``cite:`` links."""
    return CITE.sub(lambda m: f'<a href="cite:{urllib.parse.quote(m.group(1).strip())}">[{m.group(1)}]</a>', escaped)


def cite_from_href(href: str) -> str:
    return urllib.parse.unquote(href.removeprefix("cite:"))


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


class MessageBubble(QFrame):
    """One turn: the user's question, or the assistant's (streaming, then checked) answer."""

    citation_clicked = Signal(object)  # CiteTarget

    def __init__(self, role: str, text: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.role = role
        self.status = "answered"
        self.mode = ""
        self.stance = ""
        self.streamed = ""
        self.cites: list[CiteTarget] = []
        self.related: list[CiteTarget] = []
        self.setObjectName("bubble")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 10)
        lay.setSpacing(6)
        self.header = QLabel()
        f = self.header.font()
        f.setBold(True)
        self.header.setFont(f)
        self.badge = QLabel()  # the verdict: a coloured pill beside the header
        self.badge.setObjectName("verdictBadge")
        self.badge.hide()
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.setSpacing(8)
        head.addWidget(self.header)
        head.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignVCenter)
        head.addStretch(1)
        lay.addLayout(head)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
                                          | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.body.linkActivated.connect(self._link)
        lay.addWidget(self.body)
        self.sources_label = muted_label("")
        self.sources_label.hide()
        lay.addWidget(self.sources_label)
        self.chips_box = QWidget()
        self.chips = FlowLayout(self.chips_box)
        self.chips_box.hide()
        lay.addWidget(self.chips_box)
        self.footer = muted_label("")
        self.footer.hide()
        lay.addWidget(self.footer)
        if role == "user":
            self.header.setText("You")
            self.set_text(text)
        else:
            self.header.setText("Assistant")
            self.set_text(text)
        self.restyle()

    # content ----------------------------------------------------------------------------------
    def set_text(self, text: str, links: bool = False) -> None:
        escaped = html.escape(text).replace("\n", "<br>")
        self.body.setText(linkify(escaped) if links else escaped)
        self.body.setAccessibleName(text)

    def text(self) -> str:
        return self.body.accessibleName()

    def start_streaming(self, note: str = "Finding the relevant sections…") -> None:
        self.header.setText("Assistant")
        self.set_stance("")
        self.body.setText(f"<i>{html.escape(note)}</i>")
        self.body.setAccessibleName("")

    def append_partial(self, piece: str) -> None:
        self.streamed += piece
        self.body.setText(html.escape(self.streamed).replace("\n", "<br>") + " ▍")
        self.body.setAccessibleName(self.streamed)

    def set_answer(self, text: str, status: str, mode: str, model: str, cites: list[CiteTarget], related: list[CiteTarget],
                   seconds: float | None = None, stance: str = "") -> None:
        """Show a checked answer; ``stance`` is the assistant's verdict (``Answer.stance``), shown as a badge."""
        self.status, self.mode = status, mode
        self.cites, self.related = cites, related
        if not stance and status in ("silent", "not_applicable"):
            stance = "not_stated" if status == "silent" else "not_applicable"  # answers stored before verdicts existed
        self.set_stance(stance)
        if status != "answered":
            self.header.setText("The policy does not say")
        elif mode in ("extractive", "composed"):
            self.header.setText("Assistant — quoted from the policy")
        else:
            self.header.setText("Assistant")
        self.set_text(text, links=True)
        self._fill_chips()
        parts = []
        if status != "answered":
            parts.append("Not addressed in these documents" if status == "silent" else "Not applicable to this bundle")
        elif mode == "extractive":
            parts.append(EXTRACTIVE_NOTE)
        elif mode == "composed":
            parts.append(COMPOSED_NOTE)
        elif model:
            parts.append(f"Written by {model}; every citation was checked against the policy")
        if seconds:
            parts.append(f"{seconds:.1f} s")
        self.footer.setText(" · ".join(parts))
        self.footer.setVisible(bool(parts))
        self.restyle()

    def set_stance(self, stance: str) -> None:
        """Show (or hide) the verdict badge: "Yes", "No", "Not stated", "Not applicable", "Unclear — see the quotes"."""
        self.stance = stance
        label = BADGES.get(stance, "") if stance not in NO_BADGE else ""
        self.badge.setText(label)
        self.badge.setAccessibleName(f"Verdict: {label}" if label else "")
        self.badge.setToolTip(VERDICT_TIPS.get(stance, ""))
        self.badge.setVisible(bool(label))
        self._style_badge()

    def badge_text(self) -> str:
        """The verdict badge's text ("" when no badge is shown)."""
        return self.badge.text() if not self.badge.isHidden() else ""

    def _style_badge(self) -> None:
        bg, fg, border = theme.colors().verdict(self.stance)
        self.badge.setStyleSheet(f"QLabel#verdictBadge {{ background: {bg}; color: {fg}; border: 1px solid {border}; border-radius: 9px;"
                                 f" padding: 1px 9px; font-weight: bold; }}")

    def set_failed(self, message: str, cancelled: bool = False) -> None:
        self.status = "cancelled" if cancelled else "error"
        self.set_stance("")
        self.header.setText("Stopped" if cancelled else "Could not answer")
        shown = self.streamed.strip()
        if cancelled:
            text = (shown + "\n\n" if shown else "") + "(The answer was stopped before it was checked; it has no citations.)"
        else:
            text = message
        self.set_text(text)
        self.restyle()

    def _fill_chips(self) -> None:
        self.chips.clear()
        items = self.cites if self.status == "answered" else self.related
        kind = "cite" if self.status == "answered" else "related"
        for t in items:
            tip = f"{t.cite_id} — {t.heading}\n\n{t.text[:400]}{'…' if len(t.text) > 400 else ''}\n\nClick to open the document at this section."
            chip = Chip(f"{t.cite_id}  {short_heading(t.heading)}", kind, tip)
            chip.setAccessibleName(f"Open citation {t.cite_id}")
            chip.clicked.connect(lambda _=False, target=t: self.citation_clicked.emit(target))
            self.chips.addWidget(chip)
        self.chips_box.setVisible(bool(items))
        self.sources_label.setText("Sources:" if self.status == "answered" else "Related sections:")
        self.sources_label.setVisible(bool(items))

    def chip_buttons(self) -> list[Chip]:
        items = (self.chips.itemAt(i) for i in range(self.chips.count()))
        return [w for w in (it.widget() if it is not None else None for it in items) if isinstance(w, Chip)]

    def _link(self, href: str) -> None:
        cid = cite_from_href(href)
        for t in self.cites + self.related:
            if t.cite_id == cid:
                self.citation_clicked.emit(t)
                return

    def restyle(self) -> None:
        c = theme.colors()
        if self.role == "user":
            bg, border = c.user_bg, c.chip_border
        elif self.status in ("silent", "not_applicable"):
            bg, border = c.silent_bg, c.silent_border
        elif self.status == "error":
            bg, border = c.error_bg, c.error_fg
        else:
            bg, border = c.bubble_bg, c.bubble_border
        width = 2 if self.status in ("silent", "not_applicable", "error") else 1
        self.setStyleSheet(f"QFrame#bubble {{ background: {bg}; border: {width}px solid {border}; border-radius: 10px; }}")
        self._style_badge()
        for chip in self.chip_buttons():
            chip.restyle()


def short_heading(heading: str, limit: int = 48) -> str:
    last = heading.split(" › ")[-1] if heading else ""
    return last if len(last) <= limit else last[: limit - 1] + "…"


class AskTab(QWidget):
    """The chat: one conversation at a time, stored per bundle by the facade."""

    answered = Signal(object)  # the Answer, after it is shown
    job_done = Signal(str)  # finished | errored | cancelled

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.job: Job | None = None
        self.conversation_id: int | None = None
        self.bubbles: list[MessageBubble] = []
        self._wrappers: list[QWidget] = []
        self._pending: MessageBubble | None = None
        self._index: dict[str, CiteTarget] = {}
        self._index_bundle = ""

        outer = QHBoxLayout(self)
        split = columns(outer, 0)

        # conversations ------------------------------------------------------------------------
        sl = pane(split)
        sl.addWidget(heading_label("Conversations", 1.1))
        self.new_btn = QPushButton("&New conversation")
        self.new_btn.clicked.connect(self.new_conversation)
        sl.addWidget(self.new_btn)
        self.conv_list = QListWidget()
        self.conv_list.setAccessibleName("Conversations about this bundle")
        self.conv_list.itemActivated.connect(self._conv_activated)
        self.conv_list.itemClicked.connect(self._conv_activated)
        sl.addWidget(self.conv_list, 1)
        row = QHBoxLayout()
        self.copy_btn = QPushButton("&Copy")
        self.copy_btn.setToolTip("Copy this conversation as Markdown")
        self.export_btn = QPushButton("E&xport…")
        self.export_btn.setToolTip("Save this conversation as a Markdown file (Ctrl+E)")
        self.copy_btn.clicked.connect(self.copy_conversation)
        self.export_btn.clicked.connect(lambda: self.export_conversation())
        row.addWidget(self.copy_btn)
        row.addWidget(self.export_btn)
        sl.addLayout(row)

        # chat -----------------------------------------------------------------------------------
        ml = pane(split)
        self.title = heading_label("Ask", 1.3)
        ml.addWidget(self.title)
        self.mode_banner = Banner()
        ml.addWidget(self.mode_banner)
        self.banner = Banner()
        ml.addWidget(self.banner)

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
        self.stop_btn.setEnabled(False)
        self.stop_btn.clicked.connect(self.stop)
        btncol = QVBoxLayout()
        btncol.addWidget(self.ask_btn)
        btncol.addWidget(self.stop_btn)
        irow.addWidget(self.input, 1)
        irow.addLayout(btncol)
        ml.addLayout(irow)
        size_columns(split, [1, 4], [230, 770])

        QShortcut(QKeySequence("Ctrl+L"), self).activated.connect(self.input.setFocus)
        self.setTabOrder(self.input, self.ask_btn)
        self.setTabOrder(self.ask_btn, self.stop_btn)
        self.setTabOrder(self.stop_btn, self.new_btn)
        self.setTabOrder(self.new_btn, self.conv_list)
        self.setTabOrder(self.conv_list, self.copy_btn)
        self.setTabOrder(self.copy_btn, self.export_btn)

        ctx.current_bundle_changed.connect(self._bundle_changed)
        ctx.bundles_changed.connect(self._bundles_changed)
        ctx.assistant_ready.connect(lambda: self._bundle_changed(self.ctx.current_bundle))
        ctx.model_status_changed.connect(self._model_status)
        self._bundle_changed(ctx.current_bundle)

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
        self._fill_conversations()
        convs = self._conversations()
        if convs:
            self.load_conversation(convs[0].id)
        else:
            self.conversation_id = None
            self._clear_chat()
        self._update_state()

    def _conversations(self) -> list[Any]:
        a = self.ctx.assistant
        if a is None or not self.ctx.current_bundle:
            return []
        try:
            return list(a.conversations(self.ctx.current_bundle))
        except Exception:  # noqa: BLE001 - a removed bundle simply has no conversations
            return []

    def _fill_conversations(self) -> None:
        self.conv_list.blockSignals(True)
        self.conv_list.clear()
        for c in self._conversations():
            item = QListWidgetItem(f"{c.title}\n{c.created[:16].replace('T', ' ')}")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            item.setToolTip(c.title)
            self.conv_list.addItem(item)
            if c.id == self.conversation_id:
                self.conv_list.setCurrentItem(item)
        self.conv_list.blockSignals(False)

    def _conv_activated(self, item: QListWidgetItem) -> None:
        cid = item.data(Qt.ItemDataRole.UserRole)
        if cid is not None and cid != self.conversation_id and self.job is None:
            self.load_conversation(int(cid))

    def new_conversation(self) -> None:
        if self.job is not None:
            return
        self.conversation_id = None
        self.conv_list.clearSelection()
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
        for m in a.messages(cid):
            if m.role == "user":
                self._add_bubble(MessageBubble("user", m.content))
            else:
                b = MessageBubble("assistant")
                cites, related = backend.message_targets(bundle, m, index)
                meta = m.meta or {}
                b.set_answer(m.content, meta.get("status", "answered"), meta.get("mode", ""), meta.get("model", ""), cites, related,
                             stance=meta.get("stance", "") or "")
                self._add_bubble(b)
        for i in range(self.conv_list.count()):
            if self.conv_list.item(i).data(Qt.ItemDataRole.UserRole) == cid:
                self.conv_list.setCurrentRow(i)
        self._update_state()
        QTimer.singleShot(0, self._scroll_to_end)

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
        bundle = self.ctx.current_bundle
        self.input.clear()
        self._add_bubble(MessageBubble("user", question))
        pending = MessageBubble("assistant")
        pending.start_streaming()
        self._add_bubble(pending)
        self._pending = pending
        cid = self.conversation_id

        def work(cancel: Any) -> Any:
            conv = cid if cid is not None else a.new_conversation(bundle, question[:80]).id
            answer = yield from a.ask(bundle, question, cancel=cancel, conversation_id=conv)
            return conv, answer, bundle

        self.job = self.ctx.jobs.submit(
            work, "Answering", on_progress=self._progress, on_partial=pending.append_partial,
            on_finished=self._finished, on_error=self._failed, on_cancelled=self._cancelled,
        )
        self._update_state()
        return self.job

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.stop_btn.setEnabled(False)

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
        self._end("finished")
        if first:
            self._fill_conversations()
        self.answered.emit(answer)

    def _failed(self, message: str) -> None:
        if self._pending is not None:
            self._pending.set_failed(message)
        self.banner.show_message(message, "error")
        self._end("errored")

    def _cancelled(self, message: str) -> None:
        if self._pending is not None:
            self._pending.set_failed(message, cancelled=True)
        self._end("cancelled")

    def _end(self, state: str) -> None:
        self.job = None
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
        self.stop_btn.setEnabled(busy)
        self.input.setEnabled(ready)
        self.new_btn.setEnabled(ready and not busy)
        has_conv = self.conversation_id is not None
        self.copy_btn.setEnabled(has_conv)
        self.export_btn.setEnabled(has_conv)
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
        a = self.ctx.assistant
        if a is None or self.conversation_id is None:
            return ""
        company = self.ctx.company()
        text = a.export_markdown(self.conversation_id)
        return text.replace("# Conversation", f"# Conversation about {company}'s privacy policy", 1)

    def copy_conversation(self) -> str:
        text = self.markdown()
        if text:
            QGuiApplication.clipboard().setText(text)
            self.ctx.status_message.emit("Conversation copied as Markdown")
        return text

    def export_conversation(self, path: str | Path | None = None) -> Path | None:
        text = self.markdown()
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
            self.banner.show_message(f"cannot write {p}: {exc.strerror or exc}", "error")
            return None
        self.ctx.status_message.emit(f"Conversation exported to {p}")
        return p
