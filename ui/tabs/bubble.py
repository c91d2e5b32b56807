"""One turn of the Ask tab's chat: the user's question or the assistant's answer, streamed then checked, with its
verdict badge, citation chips and related sections."""

from __future__ import annotations

import html
import urllib.parse

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from assistant.compose import BADGES
from assistant.text import CITE

from .. import theme
from ..backend import CiteTarget, trust_target
from ..widgets import Chip, FlowLayout, muted_label

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


class MessageBubble(QFrame):
    """One turn: the user's question, or the assistant's (streaming, then checked) answer."""

    citation_clicked = Signal(object)  # CiteTarget
    trust_clicked = Signal(str, str)  # suite, run of the benchmark figure shown under the answer

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
        self.trust = muted_label("")  # the self-benchmark's figures for this kind of question, linked to their run
        self.trust.setTextFormat(Qt.TextFormat.RichText)
        self.trust.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.trust.linkActivated.connect(self._trust_link)
        self.trust.hide()
        lay.addWidget(self.trust)
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

    def set_trust(self, rich_text: str) -> None:
        """Show how far answers of this kind can be trusted (one line of rich text; "" hides it)."""
        self.trust.setText(rich_text)
        self.trust.setVisible(bool(rich_text))

    def _trust_link(self, href: str) -> None:
        target = trust_target(href)
        if target is not None:
            self.trust_clicked.emit(*target)

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
