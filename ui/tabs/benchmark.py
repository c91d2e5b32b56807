"""Benchmark tab: run GenAIPABench (policies or regulations) or the stance suite on this machine, browse scored answers and
the report's charts.

``eval`` is built separately and may be missing from a build: it is imported inside functions only, and the tab
says so clearly when it is unavailable.
"""

from __future__ import annotations

import html
import inspect
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from assistant.config import EMBEDDED_MODEL

from ..context import AppContext
from ..widgets import Banner, ProgressStrip, columns, heading_label, muted_label, pane, size_columns, summary_label
from ..worker import Job
from .stance_pane import StanceOptions, StanceResults, fmt_rate, latest_result, stance_module

SUITES = {"genaipabench": "GenAIPABench: privacy policies", "regulations": "GenAIPABench: regulations (GDPR, CCPA)",
          "stance": "Stance: yes / no / not-stated verdicts"}
INTROS = {
    "genaipabench": "GenAIPABench (Hamid et al., PETS 2024): the paper's questions, asked about real policies; "
                    "every answer is stored and scored, so a cancelled run resumes where it stopped.",
    "stance": "Does the answer say the right thing? Each question of a truth set is asked of its policy and the assistant's "
              "verdict (Yes, No, Not stated, …) is scored against the label a person gave it from the policy's text.",
}
REGULATION_INITS = ("pd", "cn", "summary-pd", "summary-cn")
METRIC_COLS = ("relevance", "accuracy", "clarity", "completeness", "reference")
INIT_LABELS = {
    "cn": "Company name only (closed book)",
    "pd": "Policy document (normal mode)",
    "pd-seg": "Policy in the paper's segments",
    "summary-cn": "Summary from the company name",
    "summary-pd": "Summary of the policy",
}
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_ROLE = Qt.ItemDataRole.UserRole + 2


class EvalUnavailable(Exception):
    """The eval package (or the part the tab needs) is not in this build."""


def eval_api() -> dict[str, Any]:
    """The eval modules the tab uses; raises :class:`EvalUnavailable` with a readable reason."""
    try:
        from eval import genaipabench, judge, questions, results
    except ImportError as exc:
        raise EvalUnavailable(f"the benchmark package is not available in this build ({exc})") from exc
    except Exception as exc:  # noqa: BLE001 - a half-written eval must not break the app
        raise EvalUnavailable(f"the benchmark package failed to load ({type(exc).__name__}: {exc})") from exc
    for mod, names in ((genaipabench, ("replay", "ReplayConfig", "POLICIES", "INITS", "DEFAULT_INITS", "scored_rows", "genaipabench_root")),
                       (results, ("ResultsDB",)), (judge, ("load_judge",)), (questions, ("policy_bank", "regulation_bank", "variants"))):
        missing = [n for n in names if not hasattr(mod, n)]
        if missing:
            raise EvalUnavailable(f"the benchmark package is incomplete ({mod.__name__} lacks {', '.join(missing)})")
    api: dict[str, Any] = {"genaipabench": genaipabench, "judge": judge, "questions": questions, "results": results}
    try:
        from eval import regulations

        api["regulations"] = regulations
    except Exception:  # noqa: BLE001 - optional suite
        pass
    try:
        api["stance"] = stance_module()
    except Exception:  # noqa: BLE001 - optional suite
        pass
    return api


def build_report(run_id: str, out_dir: Path, db_path: Path | None = None) -> list[Path]:
    """report.md, answers.csv and the PNG charts of a stored run (``eval.report.build_report``)."""
    try:
        from eval.report import build_report as build
    except ImportError as exc:
        raise EvalUnavailable(f"charts are not available in this build ({exc})") from exc
    kwargs: dict[str, Any] = {}
    if db_path is not None and "db_path" in inspect.signature(build).parameters:
        kwargs["db_path"] = db_path
    return [Path(p) for p in build(run_id, out_dir, **kwargs)]


def _fmt(value: Any, digits: int = 2) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


class ScoreItem(QStandardItem):
    """A table cell that sorts by its numeric value (None last)."""

    def __init__(self, text: str, sort_value: Any = None):
        super().__init__(text)
        self.setEditable(False)
        self.setData(sort_value if sort_value is not None else text, SORT_ROLE)


class AnswerDialog(QDialog):
    """One scored answer: question, answer, citations, evidence, reference, automatic scores, the judge's reasons."""

    def __init__(self, row: dict[str, Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{row.get('policy')} · {row.get('question_id')} / {row.get('variant')} · {row.get('init')}")
        self.resize(820, 640)
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(answer_html(row))
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)

    def text(self) -> str:
        return self.browser.toPlainText()


def answer_html(row: dict[str, Any]) -> str:
    e = html.escape
    parts = [f"<h3>{e(row.get('question', ''))}</h3>",
             f"<p style='color:gray'>{e(str(row.get('policy')))} · initialization {e(str(row.get('init')))} · run {row.get('run_no')} · "
             f"{e(str(row.get('category')))} · variant {e(str(row.get('variant')))} · {e(str(row.get('status')))} / {e(str(row.get('mode')))} · "
             f"model {e(str(row.get('model')))}</p>",
             "<h4>Answer</h4>", f"<p>{e(row.get('text') or '(empty)')}</p>"]
    cites = row.get("citations") or []
    if cites:
        parts.append("<h4>Citations</h4><ul>")
        parts += [f"<li><b>{e(str(c.get('id')))}</b> {e(str(c.get('heading', '')))}: {e(str(c.get('text', ''))[:400])}</li>" for c in cites]
        parts.append("</ul>")
    evidence = row.get("evidence") or []
    if evidence:
        parts.append("<h4>Evidence given to the model</h4><ol>")
        parts += [f"<li><b>{e(str(ev.get('id')))}</b> {e(str(ev.get('heading', '')))} (score {_fmt(ev.get('score'), 3)}): "
                  f"{e(str(ev.get('text', ''))[:500])}</li>" for ev in evidence]
        parts.append("</ol>")
    ref = row.get("reference") or {}
    if ref:
        addressed = {True: "addressed by the document", False: "NOT addressed by the document", None: "unknown"}.get(row.get("addressed"), "unknown")
        parts.append(f"<h4>Expert reference ({e(addressed)})</h4><p>{e(str(ref.get('answer', '')))}</p>")
    free = row.get("free") or {}
    if free:
        cells = "".join(f"<td>{_fmt(free.get(m))}</td>" for m in METRIC_COLS)
        parts.append("<h4>Automatic scores (judge-free proxy)</h4><table border='1' cellpadding='4' cellspacing='0'><tr>"
                     + "".join(f"<th>{m}</th>" for m in METRIC_COLS) + "<th>M_all</th><th>band</th></tr>"
                     f"<tr>{cells}<td>{_fmt(free.get('m_all'))}</td><td>{e(str(free.get('band')))}</td></tr></table>"
                     f"<p>citation validity {_fmt(free.get('citation_validity'))} · similarity to the reference {_fmt(free.get('similarity'))} · "
                     f"coverage {_fmt(free.get('coverage'))} · stance {e(str(free.get('stance')))}</p>")
    judges = row.get("judges") or {}
    if judges:
        for name, j in judges.items():
            cells = "".join(f"<td>{_fmt(j.get(m))}</td>" for m in METRIC_COLS)
            reasons = j.get("reasons") or j.get("error") or "(no reasons given)"
            parts.append(f"<h4>Judge: {e(name)} ({e(str(j.get('status')))})</h4>"
                         "<table border='1' cellpadding='4' cellspacing='0'><tr>" + "".join(f"<th>{m}</th>" for m in METRIC_COLS)
                         + f"<th>M_all</th></tr><tr>{cells}<td>{_fmt(j.get('m_all'))}</td></tr></table>"
                         f"<p><b>Reasons:</b> {e(str(reasons))}</p>")
    else:
        parts.append("<h4>Judge</h4><p style='color:gray'>No LLM judge scored this answer (choose a judge model before starting).</p>")
    return "".join(parts)


class BenchmarkTab(QWidget):
    """Choose a suite and its options, run it with progress, ETA and Cancel, and inspect the results."""

    job_done = Signal(str)  # finished | errored | cancelled
    report_ready = Signal(list)  # chart paths

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.job: Job | None = None
        self.report_job: Job | None = None
        self.result: dict[str, Any] | None = None
        self.rows: list[dict[str, Any]] = []
        self.run_id: str = ""
        self.charts: list[Path] = []
        self.api: dict[str, Any] | None = None
        self.unavailable = ""
        self._db: Any = None
        self._db_home: Path | None = None
        self._dialogs: list[AnswerDialog] = []

        outer = QVBoxLayout(self)
        self.banner = Banner()
        outer.addWidget(self.banner)
        split = columns(outer)

        # setup ------------------------------------------------------------------------------------
        setup_scroll = QScrollArea()
        setup_scroll.setWidgetResizable(True)
        setup_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        setup_scroll.setMinimumWidth(340)
        setup = QWidget()
        setup_scroll.setWidget(setup)
        sl = QVBoxLayout(setup)
        sl.addWidget(heading_label("Run a benchmark", 1.2))
        self.intro = muted_label(INTROS["genaipabench"])
        sl.addWidget(self.intro)
        form = QFormLayout()
        self.suite = QComboBox()
        for key, label in SUITES.items():
            self.suite.addItem(label, key)
        self.suite.currentIndexChanged.connect(lambda _i: self._suite_changed())
        form.addRow("&Suite:", self.suite)
        sl.addLayout(form)
        # the GenAIPABench suites' options; the stance suite has its own (StanceOptions)
        self.genai_options = QWidget()
        gl = QVBoxLayout(self.genai_options)
        gl.setContentsMargins(0, 0, 0, 0)
        sl.addWidget(self.genai_options)
        self.stance_options = StanceOptions()
        self.stance_options.changed.connect(self._update_plan)
        self.stance_options.hide()
        sl.addWidget(self.stance_options)
        pol_box = QGroupBox("Documents")
        pl = QVBoxLayout(pol_box)
        self.policies = QListWidget()
        self.policies.setAccessibleName("Documents to ask about")
        self.policies.setMaximumHeight(140)
        self.policies.itemChanged.connect(lambda _i: self._update_plan())
        pl.addWidget(self.policies)
        gl.addWidget(pol_box)
        init_box = QGroupBox("Initializations")
        self.init_layout = QVBoxLayout(init_box)
        self.init_boxes: dict[str, QCheckBox] = {}
        gl.addWidget(init_box)
        form2 = QFormLayout()
        self.runs = QSpinBox()
        self.runs.setRange(1, 20)
        self.runs.setValue(1)
        self.runs.setToolTip("Each run shuffles the questions with its own seed (the paper uses several runs)")
        self.limit = QSpinBox()
        self.limit.setRange(0, 500)
        self.limit.setSpecialValueText("All")
        self.limit.setValue(4)
        self.limit.setToolTip("How many questions (spread over the categories); All = the whole bank")
        self.paraphrases = QCheckBox("Also ask the &paraphrases")
        self.paraphrases.setToolTip("Each question has three paraphrases: asking them too measures consistency")
        self.judge = QComboBox()
        self.judge.setAccessibleName("Judge model")
        self.runs.valueChanged.connect(lambda _v: self._update_plan())
        self.limit.valueChanged.connect(lambda _v: self._update_plan())
        self.judge.currentIndexChanged.connect(lambda _i: self._update_plan())
        self.paraphrases.toggled.connect(lambda _b: self._update_plan())
        form2.addRow("&Runs:", self.runs)
        form2.addRow("&Questions:", self.limit)
        form2.addRow("", self.paraphrases)
        form2.addRow("&Judge:", self.judge)
        gl.addLayout(form2)
        self.plan_label = muted_label("")
        sl.addWidget(self.plan_label)
        brow = QHBoxLayout()
        self.start_btn = QPushButton("&Start")
        self.start_btn.clicked.connect(lambda: self.start())
        self.cancel_btn = QPushButton("Cancel")
        self.cancel_btn.setEnabled(False)
        self.cancel_btn.clicked.connect(self.cancel)
        brow.addWidget(self.start_btn)
        brow.addWidget(self.cancel_btn)
        brow.addStretch(1)
        sl.addLayout(brow)
        self.progress = ProgressStrip(show_eta=True)
        self.progress.bar.setMinimumWidth(90)
        self.progress.cancel_requested.connect(self.cancel)
        sl.addWidget(self.progress)
        sl.addStretch(1)
        setup_scroll.setMinimumWidth(setup.minimumSizeHint().width() + setup_scroll.verticalScrollBar().sizeHint().width() + 4)
        split.addWidget(setup_scroll)

        # results ----------------------------------------------------------------------------------
        results_col = pane(split)
        self.genai_results = QWidget()
        rl = QVBoxLayout(self.genai_results)
        rl.setContentsMargins(0, 0, 0, 0)
        results_col.addWidget(self.genai_results, 1)
        self.stance_results = StanceResults()
        self.stance_results.export_requested.connect(lambda: self.export_stance_report())
        self.stance_results.hide()
        results_col.addWidget(self.stance_results, 1)
        rrow = QHBoxLayout()
        rrow.addWidget(heading_label("Results", 1.2))
        rrow.addStretch(1)
        self.run_combo = QComboBox()
        self.run_combo.setAccessibleName("Stored run")
        self.run_combo.setMinimumContentsLength(28)
        self.run_combo.activated.connect(lambda _i: self.show_run(self.run_combo.currentData()))
        self.export_btn = QPushButton("E&xport report…")
        self.export_btn.clicked.connect(lambda: self.export_report())
        rrow.addWidget(QLabel("Run:"))
        rrow.addWidget(self.run_combo)
        rrow.addWidget(self.export_btn)
        rl.addLayout(rrow)
        self.summary = summary_label("No results yet: choose the options on the left and press Start.")
        rl.addWidget(self.summary)
        self.result_tabs = QTabWidget()
        # answers table
        table_page = QWidget()
        tl = QVBoxLayout(table_page)
        tl.setContentsMargins(0, 4, 0, 0)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter answers (question, policy, category…)")
        self.filter.setClearButtonEnabled(True)
        tl.addWidget(self.filter)
        self.model = QStandardItemModel(0, 0, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setAccessibleName("Scored answers")
        self.table.setToolTip("Double-click (or Enter) to open an answer with its evidence and the judge's reasons")
        self.table.doubleClicked.connect(lambda idx: self.open_answer(idx.row()))
        self.table.activated.connect(lambda idx: self.open_answer(idx.row()))
        tl.addWidget(self.table, 1)
        self.result_tabs.addTab(table_page, "&Answers")
        # charts
        self.charts_scroll = QScrollArea()
        self.charts_scroll.setWidgetResizable(True)
        self.charts_page = QWidget()
        self.charts_layout = QVBoxLayout(self.charts_page)
        self.charts_note = muted_label("Charts appear here when a run has results.")
        self.charts_layout.addWidget(self.charts_note)
        self.charts_layout.addStretch(1)
        self.charts_scroll.setWidget(self.charts_page)
        self.result_tabs.addTab(self.charts_scroll, "C&harts")
        self.report_view = QTextBrowser()
        self.report_view.setOpenExternalLinks(False)
        self.report_view.setAccessibleName("Report")
        self.report_view.setPlaceholderText("The report (headline figures, breakdowns, the comparison with Bard and BingAI) appears here.")
        self.result_tabs.addTab(self.report_view, "&Report")
        self.result_tabs.currentChanged.connect(self._result_tab_shown)
        rl.addWidget(self.result_tabs, 1)
        size_columns(split, [1, 3], [360, 840])

        ctx.assistant_ready.connect(self.reload)
        ctx.model_status_changed.connect(lambda _s: self._update_inits_enabled())
        if ctx.ready:
            self.reload()
        else:
            self.banner.show_message("Starting…", "info")

    # availability & options -------------------------------------------------------------------------
    def reload(self) -> None:
        """(Re)discover eval and the benchmark data, fill the options and the stored runs."""
        self.api, self.unavailable = None, ""
        try:
            self.api = eval_api()
        except EvalUnavailable as exc:
            self.unavailable = str(exc)
        if self.api is not None:
            try:
                self.api["genaipabench"].genaipabench_root()
            except Exception as exc:  # noqa: BLE001 - InputError: the data is not on this machine
                self.unavailable = f"the GenAIPABench data is not on this machine ({exc})"
        if self.unavailable:
            self.banner.show_message(f"The benchmark cannot run here: {self.unavailable}", "warning")
        else:
            self.banner.hide()
        if "regulations" not in (self.api or {}) and self.suite.count() > 1:
            self.suite.removeItem(self.suite.findData("regulations"))
        self._fill_judges()
        self._suite_changed()
        self.refresh_runs()
        a = self.ctx.assistant
        latest = latest_result(Path(a.home) / "reports") if a is not None else None
        if latest is not None:
            self.stance_results.show_result(*latest)
        else:
            self.stance_results.clear()
        if not self.run_id and self.run_combo.count():
            self.show_run(self.run_combo.itemData(0), build_charts=False)  # the latest run, without drawing anything yet

    def _fill_judges(self) -> None:
        keep = self.judge.currentData()
        self.judge.clear()
        self.judge.addItem("No LLM judge (automatic metrics only)", "")
        self.judge.addItem("Embedded model (runs, but not a trustworthy judge)", EMBEDDED_MODEL)
        a = self.ctx.assistant
        custom = a.settings.judge_model_path if a is not None else ""
        if custom and custom != EMBEDDED_MODEL:
            self.judge.addItem(f"{Path(custom).name} (from Settings)", custom)
        idx = self.judge.findData(keep if keep is not None else (custom or ""))
        self.judge.setCurrentIndex(max(0, idx))

    def is_stance(self) -> bool:
        return bool(self.suite.currentData() == "stance")

    def suite_unavailable(self) -> str:
        """Why the chosen suite cannot run here ("" when it can)."""
        if self.is_stance():
            if self.api is None:
                return self.unavailable
            return "" if "stance" in self.api else "the stance suite is not in this build"
        return self.unavailable

    def _suite_changed(self) -> None:
        suite = self.suite.currentData()
        stance = suite == "stance"
        for w, on in ((self.genai_options, not stance), (self.genai_results, not stance), (self.stance_options, stance),
                      (self.stance_results, stance)):
            w.setVisible(on)
        self.intro.setText(INTROS["stance" if stance else "genaipabench"])
        reason = self.suite_unavailable()
        if reason:
            self.banner.show_message(f"The benchmark cannot run here: {reason}", "warning")
        elif self.banner.text().startswith("The benchmark cannot run here"):
            self.banner.hide()
        if stance:
            self._update_plan()
            return
        self.policies.blockSignals(True)
        self.policies.clear()
        g = (self.api or {}).get("genaipabench")
        if suite == "regulations":
            docs = [("gdpr", "GDPR"), ("ccpa", "CCPA")]
            inits = [(k, (g.INITS if g else {}).get(k, k)) for k in REGULATION_INITS]
            defaults = {"pd"}
        else:
            docs = [(p, p.capitalize()) for p in (g.POLICIES if g else ())]
            inits = list((g.INITS if g else {}).items())
            defaults = set(g.DEFAULT_INITS) if g else set()
        for i, (key, label) in enumerate(docs):
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if i == 0 else Qt.CheckState.Unchecked)
            self.policies.addItem(item)
        self.policies.blockSignals(False)
        for box in self.init_boxes.values():
            box.setParent(None)
            box.deleteLater()
        self.init_boxes = {}
        for key, desc in inits:
            box = QCheckBox(f"{INIT_LABELS.get(key, key)}  [{key}]")
            box.setToolTip(str(desc))
            box.setChecked(key in defaults)
            box.toggled.connect(lambda _b: self._update_plan())
            self.init_layout.addWidget(box)
            self.init_boxes[key] = box
        self._update_inits_enabled()
        self._update_plan()

    def _update_inits_enabled(self) -> None:
        needs_model = {"cn", "summary-cn"}
        no_model = self.ctx.model_status.get("mode") == "extractive"
        for key, box in self.init_boxes.items():
            if key in needs_model and no_model:
                box.setChecked(False)
                box.setEnabled(False)
                box.setToolTip("Needs a language model (closed book); see Settings")
            else:
                box.setEnabled(True)
                g = (self.api or {}).get("genaipabench")
                box.setToolTip(str(getattr(g, "INITS", {}).get(key, key)))
        self._update_plan()

    def options(self) -> dict[str, Any]:
        return {
            "suite": self.suite.currentData(),
            "policies": [self.policies.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.policies.count())
                         if self.policies.item(i).checkState() == Qt.CheckState.Checked],
            "inits": [k for k, b in self.init_boxes.items() if b.isChecked()],
            "runs": self.runs.value(),
            "limit": self.limit.value() or None,
            "paraphrases": self.paraphrases.isChecked(),
            "judge": self.judge.currentData() or "",
            "stance": self.stance_options.options(),
        }

    def set_options(self, *, suite: str | None = None, policies: list[str] | None = None, inits: list[str] | None = None,
                    runs: int | None = None, limit: int | None = None, paraphrases: bool | None = None, judge: str | None = None) -> None:
        """Set the form (used by tests and to repeat a stored run)."""
        if suite is not None:
            self.suite.setCurrentIndex(max(0, self.suite.findData(suite)))
        if policies is not None:
            for i in range(self.policies.count()):
                it = self.policies.item(i)
                it.setCheckState(Qt.CheckState.Checked if it.data(Qt.ItemDataRole.UserRole) in policies else Qt.CheckState.Unchecked)
        if inits is not None:
            for k, b in self.init_boxes.items():
                b.setChecked(k in inits)
        if runs is not None:
            self.runs.setValue(runs)
        if limit is not None:
            self.limit.setValue(limit)
        if paraphrases is not None:
            self.paraphrases.setChecked(paraphrases)
        if judge is not None:
            idx = self.judge.findData(judge)
            if idx < 0:
                self.judge.addItem(Path(judge).name, judge)
                idx = self.judge.count() - 1
            self.judge.setCurrentIndex(idx)
        self._update_plan()

    def planned(self) -> int:
        """How many answers the options ask for."""
        if self.api is None:
            return 0
        o = self.options()
        q = self.api["questions"]
        bank = q.regulation_bank() if o["suite"] == "regulations" else q.policy_bank()
        questions = list(bank.questions)
        if o["limit"]:
            questions = self.api["genaipabench"].spread(questions, o["limit"]) if hasattr(self.api["genaipabench"], "spread") \
                else questions[: o["limit"]]
        per_doc = sum(len(q.variants(x, o["paraphrases"])) for x in questions)
        return per_doc * len(o["policies"]) * len(o["inits"]) * o["runs"]

    def _update_plan(self) -> None:
        if self.is_stance():
            self._update_stance_plan()
            return
        n = 0
        try:
            n = self.planned()
        except Exception:  # noqa: BLE001 - a broken bank file: say nothing here, Start reports it
            n = 0
        o = self.options()
        judge = " and judged" if o["judge"] else ""
        self.plan_label.setText(f"{n} answers will be asked{judge}." if n else "Choose at least one document and one initialization.")
        self.start_btn.setEnabled(bool(n) and not self.unavailable and self.job is None and self.ctx.ready)

    def _update_stance_plan(self) -> None:
        note = ""
        try:
            n, policies = self.stance_options.planned()
        except Exception as exc:  # noqa: BLE001 - InputError (a missing or malformed truth file) or no eval.stance
            n, policies, note = 0, 0, str(exc)
        how = "with the model" if self.stance_options.options()["use_model"] else "verdicts only, without the model"
        self.plan_label.setText(f"{n} questions over {policies} policies will be asked ({how})." if n else
                                f"Choose a readable truth file{': ' + note if note else '.'}")
        self.start_btn.setEnabled(bool(n) and not self.suite_unavailable() and self.job is None and self.ctx.ready)

    # running ----------------------------------------------------------------------------------------
    def start(self) -> Job | None:
        if self.job is not None or not self.ctx.ready or self.api is None or self.suite_unavailable():
            if self.suite_unavailable():
                self.banner.show_message(f"The benchmark cannot run here: {self.suite_unavailable()}", "error")
            return None
        o = self.options()
        if o["suite"] == "stance":
            return self._start_stance(o["stance"])
        if not o["policies"] or not o["inits"]:
            self.banner.show_message("choose at least one document and one initialization", "error")
            return None
        a = self.ctx.assistant
        api = self.api
        report_root = Path(a.home) / "reports"  # type: ignore[union-attr]
        db_path = Path(a.home) / "eval.db"  # type: ignore[union-attr]

        def work(cancel: Any) -> Any:
            judge = api["judge"].load_judge(o["judge"], a) if o["judge"] else None
            if o["suite"] == "regulations":
                result = yield from api["regulations"].run(a, regulations=o["policies"], inits=o["inits"], paraphrases=o["paraphrases"],
                                                           limit=o["limit"], runs=o["runs"], judge=judge, cancel=cancel)
            else:
                g = api["genaipabench"]
                cfg = g.ReplayConfig(policies=o["policies"], runs=o["runs"], inits=o["inits"], paraphrases=o["paraphrases"], limit=o["limit"])
                result = yield from g.replay(a, cfg, judge, cancel)
            charts: list[Path] = []
            note = ""
            if not cancel.is_set():
                from assistant.models import Progress

                yield Progress("report", "drawing the report's charts")
                try:
                    charts = build_report(result["run_id"], report_root / result["run_id"], db_path)
                except EvalUnavailable as exc:
                    note = str(exc)
            return {"result": result, "charts": charts, "note": note}

        self.banner.hide()
        self.progress.start("Preparing the benchmark…")
        self.job = self.ctx.jobs.submit(work, "Benchmark", on_progress=self._progress, on_finished=self._finished,
                                        on_error=self._failed, on_cancelled=self._cancelled)
        self._running(True)
        return self.job

    def _start_stance(self, o: dict[str, Any]) -> Job | None:
        """Run ``eval.stance`` on the job queue; the report (report.md, rows.csv, result.json, confusion.png) goes to the data folder."""
        if not o["truth"] or not o["policy_dirs"]:
            self.banner.show_message("choose a truth file and at least one policy folder", "error")
            return None
        a = self.ctx.assistant
        stance = self.api["stance"]  # type: ignore[index]
        folder = Path(a.home) / "reports" / f"stance-{time.strftime('%Y%m%d-%H%M%S')}"  # type: ignore[union-attr]

        def work(cancel: Any) -> Any:
            result = yield from stance.run(a, o["truth"], o["policy_dirs"], limit=o["limit"], use_model=o["use_model"], cancel=cancel)
            written, note = False, ""
            if not cancel.is_set():
                from assistant.models import Progress

                yield Progress("report", "writing the stance report")
                try:
                    written = bool(stance.write_report(result, folder))
                except Exception as exc:  # noqa: BLE001 - the figures are shown even if the report cannot be written
                    note = f"the stance report could not be written to {folder}: {exc}"
            return {"result": result, "folder": folder if written else None, "note": note}

        self.banner.hide()
        self.progress.start("Preparing the stance benchmark…")
        self.job = self.ctx.jobs.submit(work, "Stance benchmark", on_progress=self._progress, on_finished=self._stance_finished,
                                        on_error=self._failed, on_cancelled=self._stance_cancelled)
        self._running(True)
        return self.job

    def _stance_finished(self, out: dict[str, Any]) -> None:
        result = out["result"]
        self.stance_results.show_result(result, out.get("folder"))
        if out.get("note"):
            self.banner.show_message(out["note"], "warning")
        self.ctx.status_message.emit(f"Stance benchmark finished: verdict accuracy {fmt_rate(result.get('verdict_accuracy'))} "
                                     f"over {result.get('n')} questions")
        self._end("finished")

    def _stance_cancelled(self, _message: str) -> None:
        self.banner.show_message("Stance benchmark cancelled; nothing was scored. The policies indexed so far are kept as "
                                 "stance-… bundles, so the next run starts faster.", "warning")
        self._end("cancelled")

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.progress.cancelling()
            self.cancel_btn.setEnabled(False)

    def _running(self, on: bool) -> None:
        self.cancel_btn.setEnabled(on)
        for w in (self.suite, self.policies, self.runs, self.limit, self.paraphrases, self.judge):
            w.setEnabled(not on)
        for b in self.init_boxes.values():
            b.setEnabled(not on)
        self.stance_options.set_running(on)
        if not on:
            self._update_inits_enabled()
        self._update_plan()

    def _progress(self, p: Any) -> None:
        self.progress.update_progress(getattr(p, "message", str(p)), getattr(p, "done", 0), getattr(p, "total", 0))

    def _end(self, state: str) -> None:
        self.job = None
        self.progress.finish()
        self.ctx.refresh_bundles()  # the suites ingest their documents as bundles (genaipabench-uber, …)
        self._running(False)
        self.job_done.emit(state)

    def _finished(self, out: dict[str, Any]) -> None:
        self.result = out["result"]
        run_id = self.result.get("run_id", "")
        self.refresh_runs(select=run_id)
        self.show_run(run_id, charts=out["charts"])
        if out.get("note"):
            self.banner.show_message(out["note"], "warning")
        self.ctx.status_message.emit(f"Benchmark finished: {self.result.get('n')} answers in run {run_id}")
        self._end("finished")

    def _failed(self, message: str) -> None:
        self.banner.show_message(message, "error")
        self.refresh_runs()
        self._end("errored")

    def _cancelled(self, message: str) -> None:
        self.banner.show_message("Benchmark cancelled. The answers stored so far are kept; start again with the same options to resume.",
                                 "warning")
        self.refresh_runs(select=self.run_combo.itemData(0) if self.run_combo.count() else None)
        if self.run_combo.count():
            self.show_run(self.run_combo.itemData(0), build_charts=False)
        self._end("cancelled")

    # stored runs ------------------------------------------------------------------------------------
    def db(self) -> Any:
        a = self.ctx.assistant
        if a is None or self.api is None:
            return None
        home = Path(a.home)
        if self._db is None or self._db_home != home:
            if self._db is not None:
                self._db.close()
            self._db = self.api["results"].ResultsDB.for_home(home)
            self._db_home = home
        return self._db

    def refresh_runs(self, select: str | None = None) -> None:
        db = self.db()
        self.run_combo.clear()
        if db is None:
            self.export_btn.setEnabled(False)
            return
        try:
            runs = [r for r in db.runs() if r.get("suite") in SUITES]
        except Exception as exc:  # noqa: BLE001 - an unreadable eval.db must not break the tab
            self.banner.show_message(f"cannot read the stored benchmark runs: {exc}", "error")
            runs = []
        for r in runs:
            s = r.get("settings") or {}
            label = (f"{r['updated'][:16].replace('T', ' ')} · {SUITES.get(r['suite'], r['suite']).split(': ')[-1]} · "
                     f"{', '.join(s.get('policies') or [])} · {r.get('answers', 0)} answers · {r.get('status')}")
            self.run_combo.addItem(label, r["id"])
        if select:
            self.run_combo.setCurrentIndex(max(0, self.run_combo.findData(select)))
        self.export_btn.setEnabled(self.run_combo.count() > 0)

    def show_run(self, run_id: str | None, charts: list[Path] | None = None, build_charts: bool = True) -> None:
        """Fill the table (and the charts) with a stored run."""
        db = self.db()
        if db is None or not run_id:
            return
        self.run_id = run_id
        g = self.api["genaipabench"]  # type: ignore[index]
        try:
            self.rows = g.scored_rows(db, run_id)
            run = db.run(run_id)
        except Exception as exc:  # noqa: BLE001
            self.banner.show_message(f"cannot read run {run_id}: {exc}", "error")
            return
        self._fill_table(self.rows)
        self._summary(run, self.rows)
        if charts is not None:
            self._show_charts(charts)
        else:
            folder = Path(self.ctx.assistant.home) / "reports" / run_id if self.ctx.assistant else None
            existing = sorted(folder.glob("*.png")) + sorted(folder.glob("report.md")) if folder is not None and folder.is_dir() else []
            if existing:
                self._show_charts(existing)
            else:
                self._show_charts([])
                if build_charts or self.result_tabs.currentIndex() > 0:
                    self.make_charts(run_id)

    def _fill_table(self, rows: list[dict[str, Any]]) -> None:
        judge_names = sorted({n for r in rows for n in (r.get("judges") or {})})
        headers = ["Policy", "Init", "Run", "Question", "Category", "Variant", "Question text", "Status",
                   "Proxy M_all", *[m.capitalize() for m in METRIC_COLS], "Band", "Judge M_all", "Seconds"]
        self.model.clear()
        self.model.setHorizontalHeaderLabels(headers)
        for i, r in enumerate(rows):
            free = r.get("free") or {}
            judge = next((r["judges"][n] for n in judge_names if n in (r.get("judges") or {})), None)
            secs = (r.get("timings") or {}).get("wall_s") or (r.get("timings") or {}).get("total_s")
            cells = [ScoreItem(str(r.get("policy"))), ScoreItem(str(r.get("init"))), ScoreItem(str(r.get("run_no")), r.get("run_no")),
                     ScoreItem(str(r.get("question_id"))), ScoreItem(str(r.get("category"))), ScoreItem(str(r.get("variant"))),
                     ScoreItem(str(r.get("question"))), ScoreItem(str(r.get("status"))),
                     ScoreItem(_fmt(free.get("m_all")), _num(free.get("m_all"))),
                     *[ScoreItem(_fmt(free.get(m)), _num(free.get(m))) for m in METRIC_COLS],
                     ScoreItem(str(free.get("band") or "—")),
                     ScoreItem(_fmt(judge.get("m_all")) if judge else "—", _num(judge.get("m_all")) if judge else -1e9),
                     ScoreItem(_fmt(secs, 1), _num(secs))]
            cells[0].setData(i, ROW_ROLE)
            cells[6].setToolTip(str(r.get("question")))
            self.model.appendRow(cells)
        hdr = self.table.horizontalHeader()
        hdr.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hdr.setSectionResizeMode(6, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(6, 260)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)

    def _summary(self, run: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        s = run.get("settings") or {}
        agg: dict[str, Any] = {}
        try:
            from eval import figures

            agg = figures.aggregate(rows)
        except Exception:  # noqa: BLE001 - summary numbers are optional
            agg = {}
        judge = agg.get("judge")
        parts = [f"<b>{html.escape(SUITES.get(run.get('suite', ''), str(run.get('suite'))))}</b> · run <code>{html.escape(run['id'])}</code> · "
                 f"{html.escape(str(run.get('status')))} · model {html.escape(str(run.get('model') or '—'))}",
                 f"{len(rows)} answers · documents {html.escape(', '.join(s.get('policies') or []))} · initializations "
                 f"{html.escape(', '.join(s.get('inits') or []))} · {s.get('runs', 1)} run(s)"
                 f"{' · with paraphrases' if s.get('paraphrases') else ''}"]
        if agg:
            parts.append(f"Proxy M_all {_fmt(agg.get('proxy_m_all'))} (median {_fmt(agg.get('proxy_m_all_median'))}, band "
                         f"{html.escape(str(agg.get('proxy_band')))}) · citation validity {_fmt(agg.get('citation_validity'))} · "
                         f"abstention accuracy {_fmt(agg.get('abstention_accuracy'))} · paraphrase consistency "
                         f"{_fmt(agg.get('paraphrase_consistency'))}"
                         + (f" · judge {html.escape(str(judge))}: M_all {_fmt(agg.get('judge_m_all'))}" if judge else ""))
        parts.append("<span style='color:gray'>Proxy scores are judge-free estimates; the charts set them beside the paper's "
                     "Bard and BingAI figures. Double-click an answer for its evidence and the judge's reasons.</span>")
        self.summary.setText("<br>".join(parts))

    def open_answer(self, proxy_row: int) -> AnswerDialog | None:
        src = self.proxy.mapToSource(self.proxy.index(proxy_row, 0))
        i = self.model.item(src.row(), 0).data(ROW_ROLE) if src.isValid() else None
        if i is None or not 0 <= int(i) < len(self.rows):
            return None
        dlg = AnswerDialog(self.rows[int(i)], self)
        self._dialogs = [d for d in self._dialogs if d.isVisible()] + [dlg]
        dlg.show()
        return dlg

    # charts & export ---------------------------------------------------------------------------------
    def make_charts(self, run_id: str, out_dir: Path | None = None, export: bool = False) -> Job | None:
        a = self.ctx.assistant
        if a is None or self.report_job is not None:
            return None
        target = out_dir or Path(a.home) / "reports" / run_id

        db_path = Path(a.home) / "eval.db"

        def work(_c: Any) -> list[Path]:
            return build_report(run_id, target, db_path)

        def done(paths: list[Path]) -> None:
            self.report_job = None
            if export:
                self.banner.show_message(f"Report saved to {target} ({len(paths)} files)", "info")
                self.ctx.status_message.emit(f"Report exported to {target}")
            if run_id == self.run_id and not export:
                self._show_charts(paths)
            self.report_ready.emit(paths)

        def failed(message: str) -> None:
            self.report_job = None
            self.charts_note.setText(f"No charts: {message}")
            if export:
                self.banner.show_message(f"cannot export the report: {message}", "error")
            self.report_ready.emit([])

        self.charts_note.setText("Drawing the charts…")
        self.report_job = self.ctx.jobs.submit(work, "Drawing the report", on_finished=done, on_error=failed,
                                               on_cancelled=lambda _m: failed("cancelled"))
        return self.report_job

    def _result_tab_shown(self, index: int) -> None:
        """Draw a stored run's charts the first time its Charts or Report tab is opened."""
        if index > 0 and self.run_id and not self.charts and self.report_job is None and self.job is None:
            self.make_charts(self.run_id)

    def _show_charts(self, paths: list[Path]) -> None:
        while self.charts_layout.count() > 2:
            item = self.charts_layout.takeAt(1)
            w = item.widget() if item is not None else None
            if w is not None:
                w.setParent(None)
        self.charts = [p for p in paths if str(p).lower().endswith(".png")]
        md = next((p for p in paths if p.name == "report.md"), None) or (paths[0].parent / "report.md" if paths else None)
        if md is not None and md.is_file():
            self.report_view.setSearchPaths([str(md.parent)])
            self.report_view.setMarkdown(md.read_text(encoding="utf-8"))
        else:
            self.report_view.clear()
        self.charts_note.setText("" if self.charts else "No charts drawn for this run yet (they are drawn when you open this tab).")
        for p in self.charts:
            title = heading_label(p.stem.replace("_", " ").replace("-", " ").capitalize(), 1.05)
            img = QLabel()
            pix = QPixmap(str(p))
            if not pix.isNull() and pix.width() > 1000:
                pix = pix.scaledToWidth(1000, Qt.TransformationMode.SmoothTransformation)
            img.setPixmap(pix)
            img.setToolTip(str(p))
            img.setAlignment(Qt.AlignmentFlag.AlignLeft)
            self.charts_layout.insertWidget(self.charts_layout.count() - 1, title)
            self.charts_layout.insertWidget(self.charts_layout.count() - 1, img)

    def export_report(self, folder: str | Path | None = None) -> Job | None:
        run_id = self.run_combo.currentData() or self.run_id
        if not run_id:
            return None
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(self, "Export the benchmark report to", str(Path.home()))
            if not chosen:
                return None
            folder = chosen
        return self.make_charts(run_id, Path(folder) / f"report-{run_id}", export=True)

    def export_stance_report(self, folder: str | Path | None = None) -> Job | None:
        """Write the shown stance run's report (report.md, rows.csv, result.json, confusion.png) to a chosen folder."""
        result = self.stance_results.result
        if result is None or self.report_job is not None or "stance" not in (self.api or {}):
            return None
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(self, "Export the stance report to", str(Path.home()))
            if not chosen:
                return None
            folder = chosen
        shown = self.stance_results.folder
        target = Path(folder) / (shown.name if shown is not None else f"stance-{time.strftime('%Y%m%d-%H%M%S')}")
        stance = self.api["stance"]  # type: ignore[index]

        def work(_c: Any) -> list[Path]:
            return [Path(p) for p in stance.write_report(result, target)]

        def done(paths: list[Path]) -> None:
            self.report_job = None
            self.banner.show_message(f"Report saved to {target} ({len(paths)} files)", "info")
            self.ctx.status_message.emit(f"Stance report exported to {target}")
            self.report_ready.emit(paths)

        def failed(message: str) -> None:
            self.report_job = None
            self.banner.show_message(f"cannot export the report: {message}", "error")
            self.report_ready.emit([])

        self.report_job = self.ctx.jobs.submit(work, "Writing the stance report", on_finished=done, on_error=failed,
                                               on_cancelled=lambda _m: failed("cancelled"))
        return self.report_job


def _num(value: Any) -> float:
    try:
        return float(value) if value is not None else -1e9
    except (TypeError, ValueError):
        return -1e9

